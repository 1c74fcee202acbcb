package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/league/club"
	"github.com/pinochle-discord/pinochle/league/event"
)

// parseDay reads a day as stored (event.Date.String).
func parseDay(s string) (event.Date, error) {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return event.Date{}, fmt.Errorf("day %q: %w", s, err)
	}
	return event.DateOf(t, time.UTC), nil
}

const dailyDealColumns = `guild_id, day, seed, preset, options, seat, par, contract`

// scanDailyDeal reads a deal's row (dailyDealColumns).
func scanDailyDeal(row interface{ Scan(...any) error }) (club.DailyDeal, error) {
	var d club.DailyDeal
	var day, opts string
	var seed int64
	var par sql.NullInt64
	if err := row.Scan(&d.GuildID, &day, &seed, &d.Preset, &opts, &d.Seat, &par, &d.Contract); err != nil {
		return club.DailyDeal{}, err
	}
	var err error
	if d.Day, err = parseDay(day); err != nil {
		return club.DailyDeal{}, err
	}
	if d.Options, err = decodeOptions(opts); err != nil {
		return club.DailyDeal{}, err
	}
	d.Seed, d.Par, d.HasPar = uint64(seed), int(par.Int64), par.Valid
	return d, nil
}

// EnsureDailyDeal records a guild's deal of a day unless it has one, and returns the one it
// has: the first play of a day fixes its rules, and everyone after plays those.
func (s *DB) EnsureDailyDeal(ctx context.Context, d club.DailyDeal) (club.DailyDeal, error) {
	return s.ensureDailyDeal(ctx, nil, d)
}

func (s *DB) ensureDailyDeal(ctx context.Context, fc *fence, d club.DailyDeal) (club.DailyDeal, error) {
	r, err := engine.NewRules(d.Preset, d.Options)
	switch {
	case d.GuildID == "":
		return club.DailyDeal{}, fmt.Errorf("daily deal: %w: no guild", ErrInvalid)
	case err != nil:
		return club.DailyDeal{}, fmt.Errorf("daily deal: %w: %w", ErrInvalid, err)
	case d.Seat < 0 || d.Seat >= r.Players:
		return club.DailyDeal{}, fmt.Errorf("daily deal: %w: seat %d of %d", ErrInvalid, d.Seat, r.Players)
	}
	opts, err := encodeOptions(d.Options)
	if err != nil {
		return club.DailyDeal{}, fmt.Errorf("daily deal: %w", err)
	}
	var out club.DailyDeal
	err = s.write(ctx, fc, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, s.d.rebind(`INSERT INTO daily_deals (guild_id, day, seed, preset, options, seat)
			VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`), d.GuildID, d.Day.String(), int64(d.Seed), d.Preset, opts,
			d.Seat); err != nil {
			return classify(err)
		}
		var err error
		out, err = scanDailyDeal(tx.QueryRowContext(ctx, s.d.rebind(`SELECT `+dailyDealColumns+` FROM daily_deals
			WHERE guild_id = ? AND day = ?`), d.GuildID, d.Day.String()))
		return err
	})
	if err != nil {
		return club.DailyDeal{}, fmt.Errorf("daily deal of guild %s on %s: %w", d.GuildID, d.Day, err)
	}
	return out, nil
}

// SetDailyPar records a day's par and the contract its hand was played in.
func (s *DB) SetDailyPar(ctx context.Context, guildID string, day event.Date, par int, contract string) error {
	return s.setDailyPar(ctx, nil, guildID, day, par, contract)
}

func (s *DB) setDailyPar(ctx context.Context, fc *fence, guildID string, day event.Date, par int, contract string) error {
	err := s.write(ctx, fc, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.d.rebind(`UPDATE daily_deals SET par = ?, contract = ? WHERE guild_id = ? AND day = ?`),
			par, contract, guildID, day.String())
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return errors.Join(err, fmt.Errorf("%w: no deal", ErrNotFound))
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("par of guild %s on %s: %w", guildID, day, err)
	}
	return nil
}

// StartDaily records that a player started the day's deal in game p.Game, once a day
// (ErrConflict); the day's deal must be recorded (ErrNotFound).
func (s *DB) StartDaily(ctx context.Context, p club.DailyPlay) error {
	return s.startDaily(ctx, nil, p)
}

func (s *DB) startDaily(ctx context.Context, fc *fence, p club.DailyPlay) error {
	if p.UserID == "" || p.Game <= 0 {
		return fmt.Errorf("start daily: %w: a play needs a player and a game", ErrInvalid)
	}
	err := s.write(ctx, fc, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.d.rebind(`INSERT INTO daily_plays (guild_id, day, user_id, name, game_id, status,
			started_at) VALUES (?, ?, ?, ?, ?, ?, ?)`), p.GuildID, p.Day.String(), p.UserID, p.Name, p.Game,
			string(club.PlayPlaying), ms(p.StartedAt))
		return classify(err)
	})
	if err != nil {
		return fmt.Errorf("start daily of %s on %s: %w", p.UserID, p.Day, err)
	}
	return nil
}

// FinishDaily records a player's score on the day's deal; a play done already keeps its
// score (ErrConflict).
func (s *DB) FinishDaily(ctx context.Context, guildID string, day event.Date, userID string, score int, contract string, at time.Time) error {
	return s.finishDaily(ctx, nil, guildID, day, userID, score, contract, at)
}

func (s *DB) finishDaily(ctx context.Context, fc *fence, guildID string, day event.Date, userID string, score int, contract string, at time.Time) error {
	err := s.write(ctx, fc, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.d.rebind(`UPDATE daily_plays SET status = ?, score = ?, contract = ?, finished_at = ?
			WHERE guild_id = ? AND day = ? AND user_id = ? AND status = ?`), string(club.PlayDone), score, contract, ms(at),
			guildID, day.String(), userID, string(club.PlayPlaying))
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return errors.Join(err, fmt.Errorf("%w: no play under way", ErrConflict))
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("finish daily of %s on %s: %w", userID, day, err)
	}
	return nil
}

// DailyDeal returns a guild's deal of a day, or ErrNotFound.
func (s *DB) DailyDeal(ctx context.Context, guildID string, day event.Date) (club.DailyDeal, error) {
	d, err := scanDailyDeal(s.r.QueryRowContext(ctx, s.d.rebind(`SELECT `+dailyDealColumns+` FROM daily_deals
		WHERE guild_id = ? AND day = ?`), guildID, day.String()))
	if errors.Is(err, sql.ErrNoRows) {
		return club.DailyDeal{}, fmt.Errorf("daily deal of guild %s on %s: %w", guildID, day, ErrNotFound)
	}
	if err != nil {
		return club.DailyDeal{}, fmt.Errorf("daily deal of guild %s on %s: %w", guildID, day, err)
	}
	return d, nil
}

// DailyDeals returns a guild's deals from one day to another, both included, in order.
func (s *DB) DailyDeals(ctx context.Context, guildID string, from, to event.Date) ([]club.DailyDeal, error) {
	rows, err := s.r.QueryContext(ctx, s.d.rebind(`SELECT `+dailyDealColumns+` FROM daily_deals
		WHERE guild_id = ? AND day >= ? AND day <= ? ORDER BY day`), guildID, from.String(), to.String())
	if err != nil {
		return nil, fmt.Errorf("daily deals of guild %s: %w", guildID, err)
	}
	var out []club.DailyDeal
	for rows.Next() {
		d, err := scanDailyDeal(rows)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("daily deals of guild %s: %w", guildID, err)
		}
		out = append(out, d)
	}
	if err := closeRows(rows); err != nil {
		return nil, fmt.Errorf("daily deals of guild %s: %w", guildID, err)
	}
	return out, nil
}

const dailyPlayColumns = `guild_id, day, user_id, name, game_id, status, score, contract, started_at, finished_at`

// scanDailyPlay reads a play's row (dailyPlayColumns).
func scanDailyPlay(row interface{ Scan(...any) error }) (club.DailyPlay, error) {
	var p club.DailyPlay
	var day, status string
	var started int64
	var finished sql.NullInt64
	if err := row.Scan(&p.GuildID, &day, &p.UserID, &p.Name, &p.Game, &status, &p.Score, &p.Contract, &started, &finished); err != nil {
		return club.DailyPlay{}, err
	}
	var err error
	if p.Day, err = parseDay(day); err != nil {
		return club.DailyPlay{}, err
	}
	p.Status, p.StartedAt, p.FinishedAt = club.PlayStatus(status), fromMS(started), fromNullMS(finished)
	return p, nil
}

// DailyPlay returns a player's play of a day's deal, or ErrNotFound.
func (s *DB) DailyPlay(ctx context.Context, guildID string, day event.Date, userID string) (club.DailyPlay, error) {
	p, err := scanDailyPlay(s.r.QueryRowContext(ctx, s.d.rebind(`SELECT `+dailyPlayColumns+` FROM daily_plays
		WHERE guild_id = ? AND day = ? AND user_id = ?`), guildID, day.String(), userID))
	if errors.Is(err, sql.ErrNoRows) {
		return club.DailyPlay{}, fmt.Errorf("daily play of %s on %s: %w", userID, day, ErrNotFound)
	}
	if err != nil {
		return club.DailyPlay{}, fmt.Errorf("daily play of %s on %s: %w", userID, day, err)
	}
	return p, nil
}

// DailyPlays returns the plays of a guild's deals from one day to another, both included,
// by day then start.
func (s *DB) DailyPlays(ctx context.Context, guildID string, from, to event.Date) ([]club.DailyPlay, error) {
	out, err := s.dailyPlays(ctx, `SELECT `+dailyPlayColumns+` FROM daily_plays WHERE guild_id = ? AND day >= ? AND day <= ?
		ORDER BY day, started_at, user_id`, guildID, from.String(), to.String())
	if err != nil {
		return nil, fmt.Errorf("daily plays of guild %s: %w", guildID, err)
	}
	return out, nil
}

// OpenDailyPlays returns every play under way, in every guild.
func (s *DB) OpenDailyPlays(ctx context.Context) ([]club.DailyPlay, error) {
	out, err := s.dailyPlays(ctx, `SELECT `+dailyPlayColumns+` FROM daily_plays WHERE status = 'playing'
		ORDER BY guild_id, day, user_id`)
	if err != nil {
		return nil, fmt.Errorf("daily plays under way: %w", err)
	}
	return out, nil
}

// dailyPlays reads the plays a query selects.
func (s *DB) dailyPlays(ctx context.Context, q string, args ...any) ([]club.DailyPlay, error) {
	rows, err := s.r.QueryContext(ctx, s.d.rebind(q), args...)
	if err != nil {
		return nil, err
	}
	var out []club.DailyPlay
	for rows.Next() {
		p, err := scanDailyPlay(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, p)
	}
	return out, closeRows(rows)
}

// DailyDays returns the days from since on which a player finished the guild's deal, in
// order.
func (s *DB) DailyDays(ctx context.Context, guildID, userID string, since event.Date) ([]event.Date, error) {
	rows, err := s.r.QueryContext(ctx, s.d.rebind(`SELECT day FROM daily_plays WHERE guild_id = ? AND user_id = ? AND day >= ?
		AND status = 'done' ORDER BY day`), guildID, userID, since.String())
	if err != nil {
		return nil, fmt.Errorf("daily days of %s: %w", userID, err)
	}
	var out []event.Date
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			rows.Close()
			return nil, fmt.Errorf("daily days of %s: %w", userID, err)
		}
		d, err := parseDay(s)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("daily days of %s: %w", userID, err)
		}
		out = append(out, d)
	}
	if err := closeRows(rows); err != nil {
		return nil, fmt.Errorf("daily days of %s: %w", userID, err)
	}
	return out, nil
}
