package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/table"
)

const (
	sqlSettings = `SELECT default_preset, default_options, turn_timeout_ms, timeout_policy, computer_games_count,
		table_defaults FROM guild_settings WHERE guild_id = ?`
	sqlChannels       = `SELECT channel_id FROM guild_channels WHERE guild_id = ? ORDER BY channel_id`
	sqlUpsertSettings = `INSERT INTO guild_settings (guild_id, default_preset, default_options, turn_timeout_ms,
			timeout_policy, computer_games_count, table_defaults, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (guild_id) DO UPDATE SET default_preset = excluded.default_preset,
			default_options = excluded.default_options, turn_timeout_ms = excluded.turn_timeout_ms,
			timeout_policy = excluded.timeout_policy, computer_games_count = excluded.computer_games_count,
			table_defaults = excluded.table_defaults, updated_at = excluded.updated_at`
	sqlDeleteChannels = `DELETE FROM guild_channels WHERE guild_id = ?`
	sqlInsertChannel  = `INSERT INTO guild_channels (guild_id, channel_id) VALUES (?, ?) ON CONFLICT DO NOTHING`
)

// settings reads a guild's settings, or the defaults.
func settings(ctx context.Context, tx *sql.Tx, rd *reads, guildID string) (table.GuildSettings, error) {
	var st table.GuildSettings
	var opts, policy, tableDefaults string
	var timeout int64
	err := in(ctx, tx, rd.settings).QueryRowContext(ctx, guildID).Scan(&st.DefaultPreset, &opts, &timeout,
		&policy, &st.ComputerGamesCount, &tableDefaults)
	if errors.Is(err, sql.ErrNoRows) {
		return table.DefaultGuildSettings(), nil
	}
	if err != nil {
		return table.GuildSettings{}, err
	}
	if st.DefaultOptions, err = decodeOptions(opts); err != nil {
		return table.GuildSettings{}, err
	}
	if st.TableDefaults, st.HintsChosen, err = decodeTableSettings(tableDefaults, timeout, policy); err != nil {
		return table.GuildSettings{}, err
	}
	rows, err := in(ctx, tx, rd.channels).QueryContext(ctx, guildID)
	if err != nil {
		return table.GuildSettings{}, err
	}
	if st.Channels, err = column[string](rows); err != nil {
		return table.GuildSettings{}, err
	}
	return st, nil
}

// Settings returns a guild's settings, or DefaultSettings when it has none. Channels are
// sorted.
func (s *DB) Settings(ctx context.Context, guildID string) (table.GuildSettings, error) {
	var st table.GuildSettings
	err := s.read(ctx, func(tx *sql.Tx) error {
		var err error
		st, err = settings(ctx, tx, s.rd, guildID)
		return err
	})
	if err != nil {
		return table.GuildSettings{}, fmt.Errorf("settings of guild %s: %w", guildID, err)
	}
	return st, nil
}

// UpdateSettings replaces a guild's settings. The default preset and options must make
// valid rules. The table defaults must be valid once normalized (an empty level, ping mode
// or timeout policy is taken as the default), their timer 0 (none) or from table.MinTurnTimer
// to table.MaxTurnTimer, kept to the millisecond. Until HintsChosen, the defaults' Hints is
// not stored and reads back as on.
func (s *DB) UpdateSettings(ctx context.Context, guildID string, st table.GuildSettings, at time.Time) error {
	return s.updateSettings(ctx, nil, guildID, st, at)
}

// updateSettings is UpdateSettings, fenced by fc unless it is nil.
func (s *DB) updateSettings(ctx context.Context, fc *fence, guildID string, st table.GuildSettings, at time.Time) error {
	if guildID == "" {
		return fmt.Errorf("update settings: %w: no guild", ErrInvalid)
	}
	if _, err := engine.NewRules(st.DefaultPreset, st.DefaultOptions); err != nil {
		return fmt.Errorf("update settings of guild %s: %w: %w", guildID, ErrInvalid, err)
	}
	st.TableDefaults.Normalize()
	if err := st.TableDefaults.Check(); err != nil {
		return fmt.Errorf("update settings of guild %s: %w: %w", guildID, ErrInvalid, err)
	}
	if d := st.TableDefaults.Timer; d != 0 && (d < table.MinTurnTimer || d > table.MaxTurnTimer) {
		return fmt.Errorf("update settings of guild %s: %w: turn timer %v is not 0 nor from %v to %v",
			guildID, ErrInvalid, d, table.MinTurnTimer, table.MaxTurnTimer)
	}
	channels := append([]string(nil), st.Channels...)
	sort.Strings(channels)
	for _, c := range channels {
		if c == "" {
			return fmt.Errorf("update settings of guild %s: %w: empty channel ID", guildID, ErrInvalid)
		}
	}
	opts, err := encodeOptions(st.DefaultOptions)
	if err != nil {
		return fmt.Errorf("update settings of guild %s: %w", guildID, err)
	}
	tableDefaults, err := encodeTableSettings(st.TableDefaults, st.HintsChosen)
	if err != nil {
		return fmt.Errorf("update settings of guild %s: %w", guildID, err)
	}
	err = s.write(ctx, fc, func(tx *sql.Tx) error {
		if _, err := in(ctx, tx, s.wr.upsertSettings).ExecContext(ctx, guildID, st.DefaultPreset, opts,
			st.TableDefaults.Timer.Milliseconds(), string(st.TableDefaults.Timeout), st.ComputerGamesCount, tableDefaults, ms(at)); err != nil {
			return classify(err)
		}
		if _, err := in(ctx, tx, s.wr.deleteChannels).ExecContext(ctx, guildID); err != nil {
			return err
		}
		ins := in(ctx, tx, s.wr.insertChannel)
		for _, c := range channels {
			if _, err := ins.ExecContext(ctx, guildID, c); err != nil {
				return classify(err)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("update settings of guild %s: %w", guildID, err)
	}
	return nil
}

const (
	sqlNotify       = `SELECT notify_dm FROM player_prefs WHERE user_id = ?`
	sqlUpsertNotify = `INSERT INTO player_prefs (user_id, notify_dm, updated_at) VALUES (?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET notify_dm = excluded.notify_dm, updated_at = excluded.updated_at`
)

// SetNotify records whether a player wants a direct message when it is their turn, in every
// guild.
func (s *DB) SetNotify(ctx context.Context, userID string, dm bool, at time.Time) error {
	return s.setNotify(ctx, nil, userID, dm, at)
}

// setNotify is SetNotify, fenced by fc unless it is nil.
func (s *DB) setNotify(ctx context.Context, fc *fence, userID string, dm bool, at time.Time) error {
	if userID == "" {
		return fmt.Errorf("set notify: %w: no user", ErrInvalid)
	}
	if err := s.write(ctx, fc, func(tx *sql.Tx) error {
		_, err := in(ctx, tx, s.wr.upsertNotify).ExecContext(ctx, userID, dm, ms(at))
		return classify(err)
	}); err != nil {
		return fmt.Errorf("set notify of user %s: %w", userID, err)
	}
	return nil
}

// Notify reports whether a player wants a direct message when it is their turn; false when
// they never said.
func (s *DB) Notify(ctx context.Context, userID string) (bool, error) {
	var dm bool
	err := s.rd.notify.QueryRowContext(ctx, userID).Scan(&dm)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("notify of user %s: %w", userID, err)
	}
	return dm, nil
}

const (
	sqlCardsPreference = `SELECT cards FROM player_prefs WHERE user_id = ?`
	// A player who never chose turn DMs has none (notify_dm false) once they choose a look.
	sqlUpsertCardsPreference = `INSERT INTO player_prefs (user_id, notify_dm, cards, updated_at) VALUES (?, FALSE, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET cards = excluded.cards, updated_at = excluded.updated_at`
)

// SetCardsPreference records a player's own card look, in every guild; the zero
// preference removes it, so that each table's look shows again.
func (s *DB) SetCardsPreference(ctx context.Context, userID string, p table.CardsPreference, at time.Time) error {
	return s.setCardsPreference(ctx, nil, userID, p, at)
}

// setCardsPreference is SetCardsPreference, fenced by fc unless it is nil.
func (s *DB) setCardsPreference(ctx context.Context, fc *fence, userID string, p table.CardsPreference, at time.Time) error {
	if userID == "" {
		return fmt.Errorf("set cards preference: %w: no user", ErrInvalid)
	}
	if err := p.Check(); err != nil {
		return fmt.Errorf("set cards preference of user %s: %w: %w", userID, ErrInvalid, err)
	}
	var cards sql.NullString
	if p.Own {
		cards = sql.NullString{String: p.Cards.String(), Valid: true}
	}
	if err := s.write(ctx, fc, func(tx *sql.Tx) error {
		_, err := in(ctx, tx, s.wr.upsertCardsPreference).ExecContext(ctx, userID, cards, ms(at))
		return classify(err)
	}); err != nil {
		return fmt.Errorf("set cards preference of user %s: %w", userID, err)
	}
	return nil
}

// CardsPreference returns a player's own card look; the zero preference when they never
// chose one or went back to each table's.
func (s *DB) CardsPreference(ctx context.Context, userID string) (table.CardsPreference, error) {
	var cards sql.NullString
	err := s.rd.cardsPreference.QueryRowContext(ctx, userID).Scan(&cards)
	if errors.Is(err, sql.ErrNoRows) || err == nil && !cards.Valid {
		return table.CardsPreference{}, nil
	}
	if err != nil {
		return table.CardsPreference{}, fmt.Errorf("cards preference of user %s: %w", userID, err)
	}
	p, err := table.ParseCardsPreference(cards.String)
	if err != nil || !p.Own {
		return table.CardsPreference{}, fmt.Errorf("cards preference of user %s: stored %q: %w", userID, cards.String, ErrInvalid)
	}
	return p, nil
}
