package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/pinochle-discord/pinochle/league"
)

const seasonColumns = `id, guild_id, name, start_at, end_at, channel_id`

const (
	sqlSeasonAt = `SELECT ` + seasonColumns + ` FROM seasons
		WHERE guild_id = ?1 AND start_at <= ?2 AND (end_at IS NULL OR end_at > ?2)
		ORDER BY start_at DESC LIMIT 1`
	sqlSeasonByID = `SELECT ` + seasonColumns + ` FROM seasons WHERE id = ?`
	sqlSeasons    = `SELECT ` + seasonColumns + ` FROM seasons WHERE guild_id = ? ORDER BY start_at`

	// sqlOverlapping finds a season of the guild that meets [?2, ?3), ?3 NULL for no end.
	sqlOverlapping = `SELECT name FROM seasons
		WHERE guild_id = ?1 AND (end_at IS NULL OR end_at > ?2) AND (CAST(?3 AS BIGINT) IS NULL OR start_at < ?3)
		LIMIT 1`
	sqlLastCounted = `SELECT MAX(r.finished_at) FROM game_results r JOIN games g ON g.id = r.game_id
		WHERE g.guild_id = ? AND r.counted`
	sqlLastInSeason = `SELECT MAX(finished_at) FROM game_results WHERE season_id = ?`
	sqlInsertSeason = `INSERT INTO seasons (guild_id, name, start_at, end_at, channel_id) VALUES (?, ?, ?, ?, ?) RETURNING id`
	sqlEndSeason    = `UPDATE seasons SET end_at = ? WHERE id = ?`
)

func scanSeason(row interface{ Scan(...any) error }) (league.Season, error) {
	var se league.Season
	var start int64
	var end sql.NullInt64
	if err := row.Scan(&se.ID, &se.GuildID, &se.Name, &start, &end, &se.ChannelID); err != nil {
		return league.Season{}, err
	}
	se.Start, se.End = fromMS(start), fromNullMS(end)
	return se, nil
}

// seasonAt returns the guild's season containing t, or ErrNotFound.
func seasonAt(ctx context.Context, tx *sql.Tx, rd *reads, guildID string, t time.Time) (league.Season, error) {
	se, err := scanSeason(in(ctx, tx, rd.seasonAt).QueryRowContext(ctx, guildID, ms(t)))
	if errors.Is(err, sql.ErrNoRows) {
		return league.Season{}, ErrNotFound
	}
	return se, err
}

// seasonByID returns a season, or ErrNotFound.
func seasonByID(ctx context.Context, tx *sql.Tx, rd *reads, id int64) (league.Season, error) {
	se, err := scanSeason(in(ctx, tx, rd.seasonByID).QueryRowContext(ctx, id))
	if errors.Is(err, sql.ErrNoRows) {
		return league.Season{}, ErrNotFound
	}
	return se, err
}

func sortSeasonRecords(rs []league.SeasonRecord) {
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].Season.Start.Before(rs[j].Season.Start) })
}

// StartSeason opens a league season in a guild, from start until end (exclusive; a zero end
// leaves it open until EndSeason). channelID is the channel it was started in, where the bot
// posts its final standings (it may be empty). Seasons of a guild do not overlap (ErrConflict), and a
// season cannot start at or before the finish of a game already counted in the guild: that
// game was counted without it (ErrConflict).
func (s *DB) StartSeason(ctx context.Context, guildID, name, channelID string, start, end time.Time) (league.Season, error) {
	return s.startSeason(ctx, nil, guildID, name, channelID, start, end)
}

// startSeason is StartSeason, fenced by fc unless it is nil.
func (s *DB) startSeason(ctx context.Context, fc *fence, guildID, name, channelID string, start, end time.Time) (league.Season, error) {
	name = strings.TrimSpace(name)
	se := league.Season{GuildID: guildID, Name: name, Start: fromMS(ms(start)), ChannelID: channelID}
	if !end.IsZero() {
		se.End = fromMS(ms(end))
	}
	switch {
	case guildID == "" || name == "":
		return league.Season{}, fmt.Errorf("start season: %w: a season needs a guild and a name", ErrInvalid)
	case start.IsZero():
		return league.Season{}, fmt.Errorf("start season %q: %w: no start", name, ErrInvalid)
	case !se.End.IsZero() && !se.End.After(se.Start):
		return league.Season{}, fmt.Errorf("start season %q: %w: it ends before it starts", name, ErrInvalid)
	}
	err := s.write(ctx, fc, func(tx *sql.Tx) error {
		var other string
		err := in(ctx, tx, s.wr.overlapping).QueryRowContext(ctx, guildID, ms(se.Start), nullMS(se.End)).Scan(&other)
		if err == nil {
			return fmt.Errorf("%w: it overlaps season %q", ErrConflict, other)
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		var last sql.NullInt64
		if err := in(ctx, tx, s.wr.lastCounted).QueryRowContext(ctx, guildID).Scan(&last); err != nil {
			return err
		}
		if last.Valid && last.Int64 >= ms(se.Start) {
			return fmt.Errorf("%w: a game that finished at %s is already counted without it; start it later",
				ErrConflict, fromMS(last.Int64).Format(time.RFC3339))
		}
		err = in(ctx, tx, s.wr.insertSeason).QueryRowContext(ctx, guildID, name, ms(se.Start), nullMS(se.End),
			channelID).Scan(&se.ID)
		return classify(err)
	})
	if err != nil {
		return league.Season{}, fmt.Errorf("start season %q in guild %s: %w", name, guildID, err)
	}
	return se, nil
}

// EndSeason ends, at at, the guild's season that contains at (ErrNotFound when none). It
// cannot leave out a game already counted for the season (ErrConflict).
func (s *DB) EndSeason(ctx context.Context, guildID string, at time.Time) (league.Season, error) {
	return s.endSeason(ctx, nil, guildID, at)
}

// endSeason is EndSeason, fenced by fc unless it is nil.
func (s *DB) endSeason(ctx context.Context, fc *fence, guildID string, at time.Time) (league.Season, error) {
	var se league.Season
	err := s.write(ctx, fc, func(tx *sql.Tx) error {
		var err error
		if se, err = seasonAt(ctx, tx, s.wrd, guildID, at); err != nil {
			return err
		}
		end := fromMS(ms(at))
		if !end.After(se.Start) {
			return fmt.Errorf("%w: season %q would end when it starts", ErrInvalid, se.Name)
		}
		var last sql.NullInt64
		if err := in(ctx, tx, s.wr.lastInSeason).QueryRowContext(ctx, se.ID).Scan(&last); err != nil {
			return err
		}
		if last.Valid && last.Int64 >= ms(end) {
			return fmt.Errorf("%w: season %q counts a game that finished at %s", ErrConflict, se.Name,
				fromMS(last.Int64).Format(time.RFC3339))
		}
		if _, err := in(ctx, tx, s.wr.endSeason).ExecContext(ctx, ms(end), se.ID); err != nil {
			return classify(err)
		}
		se.End = end
		return nil
	})
	if err != nil {
		return league.Season{}, fmt.Errorf("end season in guild %s: %w", guildID, err)
	}
	return se, nil
}

// CurrentSeason returns the guild's season whose [start, end) contains at, or ErrNotFound.
func (s *DB) CurrentSeason(ctx context.Context, guildID string, at time.Time) (league.Season, error) {
	var se league.Season
	err := s.read(ctx, func(tx *sql.Tx) error {
		var err error
		se, err = seasonAt(ctx, tx, s.rd, guildID, at)
		return err
	})
	if err != nil {
		return league.Season{}, fmt.Errorf("season of guild %s at %s: %w", guildID, at.Format(time.RFC3339), err)
	}
	return se, nil
}

// Seasons lists a guild's seasons, oldest first.
func (s *DB) Seasons(ctx context.Context, guildID string) ([]league.Season, error) {
	rows, err := s.rd.seasons.QueryContext(ctx, guildID)
	if err != nil {
		return nil, fmt.Errorf("seasons of guild %s: %w", guildID, err)
	}
	var out []league.Season
	for rows.Next() {
		se, err := scanSeason(rows)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("seasons of guild %s: %w", guildID, err)
		}
		out = append(out, se)
	}
	if err := closeRows(rows); err != nil {
		return nil, fmt.Errorf("seasons of guild %s: %w", guildID, err)
	}
	return out, nil
}

// Standings returns the ranked players of one season of a guild, as Leaderboard does. The
// season must be the guild's (ErrNotFound).
func (s *DB) Standings(ctx context.Context, guildID string, seasonID int64, limit, offset int) ([]league.Record, error) {
	err := s.read(ctx, func(tx *sql.Tx) error {
		se, err := seasonByID(ctx, tx, s.rd, seasonID)
		if err == nil && se.GuildID != guildID {
			err = ErrNotFound
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("standings of season %d in guild %s: %w", seasonID, guildID, err)
	}
	out, err := s.leaderboard(ctx, guildID, seasonID, limit, offset)
	if err != nil {
		return nil, fmt.Errorf("standings of season %d in guild %s: %w", seasonID, guildID, err)
	}
	return out, nil
}
