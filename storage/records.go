package storage

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/pinochle-discord/pinochle/league"
)

const recordColumns = `user_id, name, season_id, games, wins, losses, draws, hands, hands_bid, bids_made, bids_set,
	meld_total, meld_high, points_for, points_against, thrown_in, games_left, mu, sigma`

// notExcluded keeps the members an admin took off the board (board_exclusions) out of a
// query of player_records.
const notExcluded = `NOT EXISTS (SELECT 1 FROM board_exclusions e
		WHERE e.guild_id = player_records.guild_id AND e.user_id = player_records.user_id)`

const (
	// sqlUpsertRecord adds one game to a player's record and sets the new rating.
	sqlUpsertRecord = `INSERT INTO player_records (guild_id, season_id, user_id, name, games, wins, losses, draws,
			hands, hands_bid, bids_made, bids_set, meld_total, meld_high, points_for, points_against,
			thrown_in, games_left, mu, sigma, rating, updated_at)
		VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (guild_id, season_id, user_id) DO UPDATE SET
			name = excluded.name, games = player_records.games + 1, wins = player_records.wins + excluded.wins,
			losses = player_records.losses + excluded.losses, draws = player_records.draws + excluded.draws,
			hands = player_records.hands + excluded.hands, hands_bid = player_records.hands_bid + excluded.hands_bid,
			bids_made = player_records.bids_made + excluded.bids_made, bids_set = player_records.bids_set + excluded.bids_set,
			meld_total = player_records.meld_total + excluded.meld_total, meld_high = MAX(player_records.meld_high, excluded.meld_high),
			points_for = player_records.points_for + excluded.points_for, points_against = player_records.points_against + excluded.points_against,
			thrown_in = player_records.thrown_in + excluded.thrown_in, games_left = player_records.games_left + excluded.games_left,
			mu = excluded.mu, sigma = excluded.sigma, rating = excluded.rating, updated_at = excluded.updated_at`
	sqlRating = `SELECT mu, sigma FROM player_records WHERE guild_id = ? AND season_id = ? AND user_id = ?`

	// Players are ranked by displayed rating, then by games played, then by ID, so that
	// every player has one place.
	sqlLeaderboard = `SELECT ` + recordColumns + ` FROM player_records
		WHERE guild_id = ? AND season_id = ? AND ` + notExcluded + `
		ORDER BY rating DESC, games DESC, user_id LIMIT ? OFFSET ?`
	sqlRankOf = `SELECT COUNT(*) + 1 FROM player_records
		WHERE guild_id = ?1 AND season_id = ?2 AND ` + notExcluded + `
			AND (rating > ?3 OR (rating = ?3 AND (games > ?4 OR (games = ?4 AND user_id < ?5))))`
	sqlPlayerRecords = `SELECT ` + recordColumns + `, rating FROM player_records
		WHERE guild_id = ? AND user_id = ? ORDER BY season_id`
)

// scanRecord reads a row of recordColumns, with extra destinations after them.
func scanRecord(row interface{ Scan(...any) error }, extra ...any) (league.Record, error) {
	var r league.Record
	dest := []any{&r.UserID, &r.Name, &r.SeasonID, &r.Games, &r.Wins, &r.Losses, &r.Draws, &r.Hands, &r.HandsBid,
		&r.BidsMade, &r.BidsSet, &r.MeldTotal, &r.HighMeld, &r.PointsFor, &r.PointsAgainst, &r.ThrownIn, &r.Left,
		&r.Rating.Mu, &r.Rating.Sigma}
	err := row.Scan(append(dest, extra...)...)
	return r, err
}

// maxPage is the most records one leaderboard call returns.
const maxPage = 1000

// Leaderboard returns a guild's ranked players for a season, or overall when season is
// Overall: best displayed rating first (Rating.Display), ties broken by more games played,
// then by user ID. It skips offset players and returns at most limit (1 to 1000), each with
// its Rank. Computer players are never ranked.
func (s *DB) Leaderboard(ctx context.Context, guildID string, season int64, limit, offset int) ([]league.Record, error) {
	out, err := s.leaderboard(ctx, guildID, season, limit, offset)
	if err != nil {
		return nil, fmt.Errorf("leaderboard of guild %s: %w", guildID, err)
	}
	return out, nil
}

func (s *DB) leaderboard(ctx context.Context, guildID string, season int64, limit, offset int) ([]league.Record, error) {
	if limit < 1 || limit > maxPage || offset < 0 {
		return nil, fmt.Errorf("%w: limit %d (1 to %d), offset %d", ErrInvalid, limit, maxPage, offset)
	}
	rows, err := s.rd.board.QueryContext(ctx, guildID, season, limit, offset)
	if err != nil {
		return nil, err
	}
	out := make([]league.Record, 0, limit)
	for rows.Next() {
		r, err := scanRecord(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		r.Rank = offset + len(out) + 1
		out = append(out, r)
	}
	return out, closeRows(rows)
}

// PlayerStats returns a player's overall record in a guild, with its rank, and a record per
// season played, oldest season first. A player with no counted game has none (ErrNotFound).
func (s *DB) PlayerStats(ctx context.Context, guildID, userID string) (league.PlayerStats, error) {
	var ps league.PlayerStats
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := in(ctx, tx, s.rd.playerRecords).QueryContext(ctx, guildID, userID)
		if err != nil {
			return err
		}
		var recs []league.Record
		var ratings []float64
		for rows.Next() {
			var rating float64
			r, err := scanRecord(rows, &rating)
			if err != nil {
				rows.Close()
				return err
			}
			recs, ratings = append(recs, r), append(ratings, rating)
		}
		if err := closeRows(rows); err != nil {
			return err
		}
		if len(recs) == 0 || recs[0].SeasonID != league.Overall {
			return ErrNotFound
		}
		rank := in(ctx, tx, s.rd.rankOf)
		for i := range recs {
			r := &recs[i]
			if err := rank.QueryRowContext(ctx, guildID, r.SeasonID, ratings[i], r.Games, r.UserID).Scan(&r.Rank); err != nil {
				return err
			}
			if r.SeasonID == league.Overall {
				ps.Overall = *r
				continue
			}
			season, err := seasonByID(ctx, tx, s.rd, r.SeasonID)
			if err != nil {
				return err
			}
			ps.Seasons = append(ps.Seasons, league.SeasonRecord{Season: season, Record: *r})
		}
		sortSeasonRecords(ps.Seasons)
		return nil
	})
	if err != nil {
		return league.PlayerStats{}, fmt.Errorf("stats of user %s in guild %s: %w", userID, guildID, err)
	}
	return ps, nil
}
