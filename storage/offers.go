package storage

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/pinochle-discord/pinochle/table"
)

// RecordOffer records a finished game's Play again offer posted, or needing none.
func (s *DB) RecordOffer(ctx context.Context, gameID int64, messageID string, at time.Time) error {
	return s.recordOffer(ctx, nil, gameID, messageID, at)
}

func (s *DB) recordOffer(ctx context.Context, fc *fence, gameID int64, messageID string, at time.Time) error {
	err := s.write(ctx, fc, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.d.rebind(`INSERT INTO play_again_offers (game_id, message_id, at) VALUES (?, ?, ?)
			ON CONFLICT (game_id) DO UPDATE SET message_id = excluded.message_id, at = excluded.at`), gameID, messageID, ms(at))
		return classify(err)
	})
	if err != nil {
		return fmt.Errorf("record the Play again offer of game %d: %w", gameID, err)
	}
	return nil
}

// sqlUnoffered lists the games finished from a time on that have no Play again offer.
const sqlUnoffered = `SELECT g.id FROM games g
	WHERE g.status = 'finished' AND g.ended_at >= ?
	AND NOT EXISTS (SELECT 1 FROM play_again_offers o WHERE o.game_id = g.id)
	AND NOT EXISTS (SELECT 1 FROM next_games n WHERE n.game_id = g.id)
	AND NOT EXISTS (SELECT 1 FROM event_tables e WHERE e.game_id = g.id)
	AND NOT EXISTS (SELECT 1 FROM game_results r WHERE r.game_id = g.id AND r.forfeit)
	ORDER BY g.ended_at, g.id`

// UnofferedGames returns the games finished from since on without a Play again offer.
func (s *DB) UnofferedGames(ctx context.Context, since time.Time) ([]table.Game, error) {
	var out []table.Game
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, s.d.rebind(sqlUnoffered), ms(since))
		if err != nil {
			return err
		}
		out, err = s.gamesOf(ctx, tx, rows)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("games without a Play again offer: %w", err)
	}
	return out, nil
}
