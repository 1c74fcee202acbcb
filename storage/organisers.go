package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/pinochle-discord/pinochle/league"
)

// SetOrganiserRole names the guild's organiser role, or none.
func (s *DB) SetOrganiserRole(ctx context.Context, guildID, roleID, by string, at time.Time) (bool, error) {
	return s.setOrganiserRole(ctx, nil, guildID, roleID, by, at)
}

func (s *DB) setOrganiserRole(ctx context.Context, fc *fence, guildID, roleID, by string, at time.Time) (bool, error) {
	if guildID == "" || by == "" {
		return false, fmt.Errorf("organiser role: %w: a guild and who names it", ErrInvalid)
	}
	var changed bool
	err := s.write(ctx, fc, func(tx *sql.Tx) error {
		var was string
		err := tx.QueryRowContext(ctx, s.d.rebind(`SELECT role_id FROM guild_organisers WHERE guild_id = ?`), guildID).Scan(&was)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if was == roleID {
			return nil
		}
		changed = true
		q, args := `DELETE FROM guild_organisers WHERE guild_id = ?`, []any{guildID}
		if roleID != "" {
			q = `INSERT INTO guild_organisers (guild_id, role_id, by_id, at) VALUES (?, ?, ?, ?)
				ON CONFLICT (guild_id) DO UPDATE SET role_id = excluded.role_id, by_id = excluded.by_id, at = excluded.at`
			args = append(args, roleID, by, ms(at))
		}
		if _, err := tx.ExecContext(ctx, s.d.rebind(q), args...); err != nil {
			return classify(err)
		}
		_, err = tx.ExecContext(ctx, s.d.rebind(`INSERT INTO admin_log (guild_id, user_id, action, detail, at) VALUES (?, ?, ?, ?, ?)`),
			guildID, by, string(league.CorrectOrganisers), roleID, ms(at))
		return classify(err)
	})
	if err != nil {
		return false, fmt.Errorf("organiser role of guild %s: %w", guildID, err)
	}
	return changed, nil
}

// OrganiserRole returns the guild's organiser role, "" when it names none.
func (s *DB) OrganiserRole(ctx context.Context, guildID string) (string, error) {
	var role string
	err := s.read(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, s.d.rebind(`SELECT role_id FROM guild_organisers WHERE guild_id = ?`), guildID).Scan(&role)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		return err
	})
	if err != nil {
		return "", fmt.Errorf("organiser role of guild %s: %w", guildID, err)
	}
	return role, nil
}
