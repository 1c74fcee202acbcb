package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/table"
)

// SocialWriter is the writes of the loop around games: playing again, the members who ask
// to be called to a table, and the admins' corrections of the board. It is part of Writer,
// so that a lease fences them as it fences a game's.
type SocialWriter interface {
	// AskPlayAgain records that a player of a finished game asked for the next one, and
	// reports whether they had not asked already.
	AskPlayAgain(ctx context.Context, gameID int64, userID string, at time.Time) (bool, error)
	// ClaimNextGame claims the opening of a finished game's next game: ErrConflict when it
	// is open already, or another claim younger than stale is under way (an older one was
	// left by a process that stopped, and is taken over).
	ClaimNextGame(ctx context.Context, gameID int64, at time.Time, stale time.Duration) error
	// SetNextGame records the next game a claim opened; ReleaseNextGame gives a claim up
	// that opened none.
	SetNextGame(ctx context.Context, gameID, nextID int64) error
	ReleaseNextGame(ctx context.Context, gameID int64) error
	// RecordOffer records that a finished game's Play again offer is posted (messageID),
	// or needs none (""), so that UnofferedGames no longer lists it.
	RecordOffer(ctx context.Context, gameID int64, messageID string, at time.Time) error

	// SetCalls records whether a member asks to be called (mentioned) when a table of the
	// guild looks for players, and reports whether that changed anything.
	SetCalls(ctx context.Context, guildID, userID string, on bool, at time.Time) (bool, error)
	// CallPlayers picks at most limit of the guild's members who asked to be called, not
	// in skip and not called within gap before at, those called longest ago first, and
	// records that they are called at at. Two calls at once never pick the same member.
	CallPlayers(ctx context.Context, guildID string, skip []string, limit int, at time.Time, gap time.Duration) ([]string, error)
	// CallMember records that one member is called at at, and reports whether they may be:
	// false when they were called within gap before at; ErrNotFound when they never asked
	// to be called.
	CallMember(ctx context.Context, guildID, userID string, at time.Time, gap time.Duration) (bool, error)

	// SetExcluded keeps a member off the guild's leaderboards and standings (excluded) or
	// puts them back, and reports whether that changed anything. Their record is kept.
	SetExcluded(ctx context.Context, guildID, userID, by string, excluded bool, at time.Time) (bool, error)
	// SetBoardHidden hides the guild's leaderboard or shows it, and reports whether that
	// changed anything.
	SetBoardHidden(ctx context.Context, guildID, by string, hidden bool, at time.Time) (bool, error)
	// VoidGame takes a finished game's result back: it no longer counts, and every record
	// and rating of its guild is worked out again without it (league.Recount). ErrNotFound
	// when the guild has no such game, ErrNotPlaying when it has not finished, ErrConflict
	// when it is void already.
	VoidGame(ctx context.Context, guildID string, gameID int64, by string, at time.Time) error
	// RenameSeason renames one of the guild's seasons (ErrConflict: the name is taken).
	RenameSeason(ctx context.Context, guildID string, seasonID int64, name string) error
	// ResetSeason starts the standings of the guild's season running at at again, from at:
	// the games it counted so far count overall only. ErrNotFound when none runs.
	ResetSeason(ctx context.Context, guildID string, at time.Time) (league.Season, error)
	// LogAdmin adds a line to the guild's admin log.
	LogAdmin(ctx context.Context, e league.LogEntry) error
}

// SocialReader is the reads of the loop around games.
type SocialReader interface {
	// PlayAgain returns who of a finished game's players asked for the next one, in the
	// order they asked, and the next game (0 while none is open).
	PlayAgain(ctx context.Context, gameID int64) (ready []string, next int64, err error)
	// UnofferedGames returns the games finished from since on whose Play again offer is
	// not recorded (RecordOffer), oldest first: not a league event's, not ended by a
	// forfeit, not played again already.
	UnofferedGames(ctx context.Context, since time.Time) ([]table.Game, error)
	// Calls reports whether a member asked to be called to the guild's tables.
	Calls(ctx context.Context, guildID, userID string) (bool, error)
	// Excluded lists the members kept off the guild's leaderboard.
	Excluded(ctx context.Context, guildID string) ([]string, error)
	// BoardHidden reports whether the guild's leaderboard is hidden.
	BoardHidden(ctx context.Context, guildID string) (bool, error)
	// Voided reports whether a game's result was taken back.
	Voided(ctx context.Context, gameID int64) (bool, error)
	// AdminLog returns the guild's admin log, the newest first, at most limit lines.
	AdminLog(ctx context.Context, guildID string, limit int) ([]league.LogEntry, error)
	// Outings returns a member's finished games in a guild, oldest first, voided games
	// left out.
	Outings(ctx context.Context, guildID, userID string) ([]league.Outing, error)
	// GuildActivity returns when each of the guild's games finished from since on, and
	// how many of them each member played (voided games left out).
	GuildActivity(ctx context.Context, guildID string, since time.Time) ([]time.Time, []league.Activity, error)
}

// AskPlayAgain records that a player asked for a finished game's next game.
func (s *DB) AskPlayAgain(ctx context.Context, gameID int64, userID string, at time.Time) (bool, error) {
	return s.askPlayAgain(ctx, nil, gameID, userID, at)
}

func (s *DB) askPlayAgain(ctx context.Context, fc *fence, gameID int64, userID string, at time.Time) (bool, error) {
	var added bool
	err := s.write(ctx, fc, func(tx *sql.Tx) error {
		g, err := getGame(ctx, tx, s.wrd, gameID)
		if err != nil {
			return err
		}
		if g.Status != table.StatusFinished {
			return fmt.Errorf("%w: the game is %s", ErrNotPlaying, g.Status)
		}
		if g.SeatOf(userID) < 0 {
			return fmt.Errorf("%w: %s did not play game %d", ErrInvalid, userID, gameID)
		}
		res, err := tx.ExecContext(ctx, s.d.rebind(`INSERT INTO play_again (game_id, user_id, at) VALUES (?, ?, ?)
			ON CONFLICT DO NOTHING`), gameID, userID, ms(at))
		if err != nil {
			return classify(err)
		}
		n, err := res.RowsAffected()
		added = n == 1
		return err
	})
	if err != nil {
		return false, fmt.Errorf("play again after game %d: %w", gameID, err)
	}
	return added, nil
}

// PlayAgain returns who asked for a game's next game, and the next game.
func (s *DB) PlayAgain(ctx context.Context, gameID int64) ([]string, int64, error) {
	var ready []string
	var next int64
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, s.d.rebind(`SELECT user_id FROM play_again WHERE game_id = ? ORDER BY at, user_id`), gameID)
		if err != nil {
			return err
		}
		if ready, err = column[string](rows); err != nil {
			return err
		}
		err = tx.QueryRowContext(ctx, s.d.rebind(`SELECT next_game_id FROM next_games WHERE game_id = ?`), gameID).Scan(&next)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		return err
	})
	if err != nil {
		return nil, 0, fmt.Errorf("play again after game %d: %w", gameID, err)
	}
	return ready, next, nil
}

// ClaimNextGame claims the opening of a game's next game.
func (s *DB) ClaimNextGame(ctx context.Context, gameID int64, at time.Time, stale time.Duration) error {
	return s.claimNextGame(ctx, nil, gameID, at, stale)
}

func (s *DB) claimNextGame(ctx context.Context, fc *fence, gameID int64, at time.Time, stale time.Duration) error {
	err := s.write(ctx, fc, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, s.d.rebind(`DELETE FROM next_games WHERE game_id = ? AND next_game_id = 0 AND at < ?`),
			gameID, ms(at.Add(-stale))); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, s.d.rebind(`INSERT INTO next_games (game_id, next_game_id, at) VALUES (?, 0, ?)
			ON CONFLICT DO NOTHING`), gameID, ms(at))
		if err != nil {
			return classify(err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return fmt.Errorf("%w: the next game is open or being opened", ErrConflict)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("claim the game after game %d: %w", gameID, err)
	}
	return nil
}

// SetNextGame records the next game a claim opened.
func (s *DB) SetNextGame(ctx context.Context, gameID, nextID int64) error {
	return s.setNextGame(ctx, nil, gameID, nextID)
}

func (s *DB) setNextGame(ctx context.Context, fc *fence, gameID, nextID int64) error {
	err := s.write(ctx, fc, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.d.rebind(`UPDATE next_games SET next_game_id = ? WHERE game_id = ? AND next_game_id = 0`), nextID, gameID)
		if err != nil {
			return classify(err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return fmt.Errorf("%w: no claim to open it", ErrConflict)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("the game after game %d: %w", gameID, err)
	}
	return nil
}

// ReleaseNextGame gives up a claim that opened no game.
func (s *DB) ReleaseNextGame(ctx context.Context, gameID int64) error {
	return s.releaseNextGame(ctx, nil, gameID)
}

func (s *DB) releaseNextGame(ctx context.Context, fc *fence, gameID int64) error {
	err := s.write(ctx, fc, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.d.rebind(`DELETE FROM next_games WHERE game_id = ? AND next_game_id = 0`), gameID)
		return err
	})
	if err != nil {
		return fmt.Errorf("release the game after game %d: %w", gameID, err)
	}
	return nil
}

// SetCalls records whether a member asks to be called to the guild's tables.
func (s *DB) SetCalls(ctx context.Context, guildID, userID string, on bool, at time.Time) (bool, error) {
	return s.setCalls(ctx, nil, guildID, userID, on, at)
}

func (s *DB) setCalls(ctx context.Context, fc *fence, guildID, userID string, on bool, at time.Time) (bool, error) {
	var changed bool
	err := s.write(ctx, fc, func(tx *sql.Tx) error {
		q := `DELETE FROM player_calls WHERE guild_id = ? AND user_id = ?`
		args := []any{guildID, userID}
		if on {
			q = `INSERT INTO player_calls (guild_id, user_id, since) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`
			args = append(args, ms(at))
		}
		res, err := tx.ExecContext(ctx, s.d.rebind(q), args...)
		if err != nil {
			return classify(err)
		}
		n, err := res.RowsAffected()
		changed = n == 1
		return err
	})
	if err != nil {
		return false, fmt.Errorf("calls of %s in guild %s: %w", userID, guildID, err)
	}
	return changed, nil
}

// Calls reports whether a member asked to be called.
func (s *DB) Calls(ctx context.Context, guildID, userID string) (bool, error) {
	var n int
	err := s.read(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, s.d.rebind(`SELECT COUNT(*) FROM player_calls WHERE guild_id = ? AND user_id = ?`),
			guildID, userID).Scan(&n)
	})
	if err != nil {
		return false, fmt.Errorf("calls of %s in guild %s: %w", userID, guildID, err)
	}
	return n > 0, nil
}

// CallPlayers picks members to call to a table, and records that they were.
func (s *DB) CallPlayers(ctx context.Context, guildID string, skip []string, limit int, at time.Time, gap time.Duration) ([]string, error) {
	return s.callPlayers(ctx, nil, guildID, skip, limit, at, gap)
}

func (s *DB) callPlayers(ctx context.Context, fc *fence, guildID string, skip []string, limit int, at time.Time, gap time.Duration) ([]string, error) {
	var out []string
	if limit <= 0 {
		return nil, nil
	}
	skipped := map[string]bool{}
	for _, u := range skip {
		skipped[u] = true
	}
	cutoff := ms(at.Add(-gap))
	err := s.write(ctx, fc, func(tx *sql.Tx) error {
		out = nil
		rows, err := tx.QueryContext(ctx, s.d.rebind(`SELECT user_id FROM player_calls
			WHERE guild_id = ? AND last_called <= ? ORDER BY last_called, since, user_id`), guildID, cutoff)
		if err != nil {
			return err
		}
		var candidates []string
		for rows.Next() {
			var u string
			if err := rows.Scan(&u); err != nil {
				rows.Close()
				return err
			}
			if !skipped[u] {
				candidates = append(candidates, u)
			}
		}
		if err := closeRows(rows); err != nil {
			return err
		}
		mark := s.d.rebind(`UPDATE player_calls SET last_called = ? WHERE guild_id = ? AND user_id = ? AND last_called <= ?`)
		for _, u := range candidates {
			if len(out) == limit {
				break
			}
			res, err := tx.ExecContext(ctx, mark, ms(at), guildID, u, cutoff)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil {
				return err
			} else if n == 1 {
				out = append(out, u)
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("call players in guild %s: %w", guildID, err)
	}
	return out, nil
}

// CallMember records that one member is called, if they asked to be and may be now.
func (s *DB) CallMember(ctx context.Context, guildID, userID string, at time.Time, gap time.Duration) (bool, error) {
	return s.callMember(ctx, nil, guildID, userID, at, gap)
}

func (s *DB) callMember(ctx context.Context, fc *fence, guildID, userID string, at time.Time, gap time.Duration) (bool, error) {
	var called bool
	err := s.write(ctx, fc, func(tx *sql.Tx) error {
		var last int64
		err := tx.QueryRowContext(ctx, s.d.rebind(`SELECT last_called FROM player_calls WHERE guild_id = ? AND user_id = ?`),
			guildID, userID).Scan(&last)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil || last > ms(at.Add(-gap)) {
			return err
		}
		_, err = tx.ExecContext(ctx, s.d.rebind(`UPDATE player_calls SET last_called = ? WHERE guild_id = ? AND user_id = ?`),
			ms(at), guildID, userID)
		called = err == nil
		return err
	})
	if err != nil {
		return false, fmt.Errorf("call %s in guild %s: %w", userID, guildID, err)
	}
	return called, nil
}

// SetExcluded keeps a member off the guild's leaderboard, or puts them back.
func (s *DB) SetExcluded(ctx context.Context, guildID, userID, by string, excluded bool, at time.Time) (bool, error) {
	return s.setExcluded(ctx, nil, guildID, userID, by, excluded, at)
}

func (s *DB) setExcluded(ctx context.Context, fc *fence, guildID, userID, by string, excluded bool, at time.Time) (bool, error) {
	q := `DELETE FROM board_exclusions WHERE guild_id = ? AND user_id = ?`
	args := []any{guildID, userID}
	if excluded {
		q = `INSERT INTO board_exclusions (guild_id, user_id, by_id, at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`
		args = append(args, by, ms(at))
	}
	changed, err := s.change(ctx, fc, q, args...)
	if err != nil {
		return false, fmt.Errorf("exclude %s from the board of guild %s: %w", userID, guildID, err)
	}
	return changed, nil
}

// SetBoardHidden hides the guild's leaderboard, or shows it.
func (s *DB) SetBoardHidden(ctx context.Context, guildID, by string, hidden bool, at time.Time) (bool, error) {
	return s.setBoardHidden(ctx, nil, guildID, by, hidden, at)
}

func (s *DB) setBoardHidden(ctx context.Context, fc *fence, guildID, by string, hidden bool, at time.Time) (bool, error) {
	q := `DELETE FROM board_hidden WHERE guild_id = ?`
	args := []any{guildID}
	if hidden {
		q = `INSERT INTO board_hidden (guild_id, by_id, at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`
		args = append(args, by, ms(at))
	}
	changed, err := s.change(ctx, fc, q, args...)
	if err != nil {
		return false, fmt.Errorf("hide the board of guild %s: %w", guildID, err)
	}
	return changed, nil
}

// change runs one statement in a write and reports whether it changed a row.
func (s *DB) change(ctx context.Context, fc *fence, q string, args ...any) (bool, error) {
	var changed bool
	err := s.write(ctx, fc, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.d.rebind(q), args...)
		if err != nil {
			return classify(err)
		}
		n, err := res.RowsAffected()
		changed = n > 0
		return err
	})
	return changed, err
}

// Excluded lists the members kept off the guild's leaderboard.
func (s *DB) Excluded(ctx context.Context, guildID string) ([]string, error) {
	var out []string
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, s.d.rebind(`SELECT user_id FROM board_exclusions WHERE guild_id = ? ORDER BY at, user_id`), guildID)
		if err != nil {
			return err
		}
		out, err = column[string](rows)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("excluded from the board of guild %s: %w", guildID, err)
	}
	return out, nil
}

// BoardHidden reports whether the guild's leaderboard is hidden.
func (s *DB) BoardHidden(ctx context.Context, guildID string) (bool, error) {
	n, err := s.count(ctx, `SELECT COUNT(*) FROM board_hidden WHERE guild_id = ?`, guildID)
	if err != nil {
		return false, fmt.Errorf("board of guild %s: %w", guildID, err)
	}
	return n > 0, nil
}

// Voided reports whether a game's result was taken back.
func (s *DB) Voided(ctx context.Context, gameID int64) (bool, error) {
	n, err := s.count(ctx, `SELECT COUNT(*) FROM voided_games WHERE game_id = ?`, gameID)
	if err != nil {
		return false, fmt.Errorf("game %d voided: %w", gameID, err)
	}
	return n > 0, nil
}

// count runs a query of one number in a read.
func (s *DB) count(ctx context.Context, q string, args ...any) (int, error) {
	var n int
	err := s.read(ctx, func(tx *sql.Tx) error { return tx.QueryRowContext(ctx, s.d.rebind(q), args...).Scan(&n) })
	return n, err
}

// VoidGame takes a finished game's result back and recounts its guild's board.
func (s *DB) VoidGame(ctx context.Context, guildID string, gameID int64, by string, at time.Time) error {
	return s.voidGame(ctx, nil, guildID, gameID, by, at)
}

func (s *DB) voidGame(ctx context.Context, fc *fence, guildID string, gameID int64, by string, at time.Time) error {
	err := s.write(ctx, fc, func(tx *sql.Tx) error {
		g, err := getGame(ctx, tx, s.wrd, gameID)
		if err != nil {
			return err
		}
		if g.GuildID != guildID {
			return fmt.Errorf("%w: the game is another server's", ErrNotFound)
		}
		if g.Status != table.StatusFinished {
			return fmt.Errorf("%w: the game is %s", ErrNotPlaying, g.Status)
		}
		res, err := tx.ExecContext(ctx, s.d.rebind(`INSERT INTO voided_games (game_id, guild_id, by_id, at) VALUES (?, ?, ?, ?)
			ON CONFLICT DO NOTHING`), gameID, guildID, by, ms(at))
		if err != nil {
			return classify(err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return fmt.Errorf("%w: the game is void already", ErrConflict)
		}
		return s.recount(ctx, tx, guildID)
	})
	if err != nil {
		return fmt.Errorf("void game %d: %w", gameID, err)
	}
	return nil
}

// recount works out every record and rating of a guild again from its counted games that
// are not void (league.Recount), in tx, in place of those it keeps.
func (s *DB) recount(ctx context.Context, tx *sql.Tx, guildID string) error {
	rows, err := tx.QueryContext(ctx, s.d.rebind(`SELECT r.game_id, r.finished_at, r.score0, r.score1, r.winner, r.season_id
		FROM game_results r JOIN games g ON g.id = r.game_id
		WHERE g.guild_id = ? AND r.counted AND NOT EXISTS (SELECT 1 FROM voided_games v WHERE v.game_id = r.game_id)
		ORDER BY r.finished_at, r.game_id`), guildID)
	if err != nil {
		return fmt.Errorf("recount: %w", err)
	}
	var games []league.Played
	for rows.Next() {
		var p league.Played
		var at int64
		var season sql.NullInt64
		if err := rows.Scan(&p.GameID, &at, &p.Result.Scores[0], &p.Result.Scores[1], &p.Result.Winner, &season); err != nil {
			rows.Close()
			return fmt.Errorf("recount: %w", err)
		}
		p.At, p.Result.SeasonID, p.Result.GameID = fromMS(at), season.Int64, p.GameID
		games = append(games, p)
	}
	if err := closeRows(rows); err != nil {
		return fmt.Errorf("recount: %w", err)
	}
	for i := range games {
		p := &games[i]
		g, err := getGame(ctx, tx, s.wrd, p.GameID)
		if err != nil {
			return fmt.Errorf("recount: %w", err)
		}
		rules, err := g.Rules()
		if err != nil {
			return fmt.Errorf("recount: %w", err)
		}
		p.Rules = &rules
		for _, seat := range g.Seats {
			p.Seats = append(p.Seats, league.Seat{UserID: seat.UserID, Name: seat.Name, Computer: seat.IsComputer(), Left: seat.HasLeft()})
		}
		if p.Hands, err = handsIn(ctx, tx, s.wrd, p.GameID); err != nil {
			return fmt.Errorf("recount: game %d: %w", p.GameID, err)
		}
		if rules.Solo {
			if err := readSeatResults(ctx, in(ctx, tx, s.wrd.seatResults), p.GameID, &p.Result); err != nil {
				return fmt.Errorf("recount: game %d: %w", p.GameID, err)
			}
		}
	}
	out, err := league.Recount(games)
	if err != nil {
		return err
	}
	for _, q := range []string{`DELETE FROM player_records WHERE guild_id = ?`, `DELETE FROM rating_history WHERE guild_id = ?`} {
		if _, err := tx.ExecContext(ctx, s.d.rebind(q), guildID); err != nil {
			return fmt.Errorf("recount: %w", err)
		}
	}
	insert := s.d.rebind(`INSERT INTO player_records (guild_id, season_id, user_id, name, games, wins, losses, draws,
		hands, hands_bid, bids_made, bids_set, meld_total, meld_high, points_for, points_against, thrown_in, games_left,
		mu, sigma, rating, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
	for _, t := range out.Records {
		r := t.Record
		if _, err := tx.ExecContext(ctx, insert, guildID, r.SeasonID, r.UserID, r.Name, r.Games, r.Wins, r.Losses, r.Draws,
			r.Hands, r.HandsBid, r.BidsMade, r.BidsSet, r.MeldTotal, r.HighMeld, r.PointsFor, r.PointsAgainst, r.ThrownIn, r.Left,
			r.Rating.Mu, r.Rating.Sigma, r.Rating.Display(), ms(t.At)); err != nil {
			return fmt.Errorf("recount: %w", classify(err))
		}
	}
	point := in(ctx, tx, s.wr.upsertRatingPoint)
	for _, p := range out.History {
		if _, err := point.ExecContext(ctx, guildID, p.Scope, p.UserID, p.GameID, ms(p.At), p.Rating.Mu, p.Rating.Sigma,
			p.Rating.Display()); err != nil {
			return fmt.Errorf("recount: %w", classify(err))
		}
	}
	return nil
}

// RenameSeason renames one of the guild's seasons.
func (s *DB) RenameSeason(ctx context.Context, guildID string, seasonID int64, name string) error {
	return s.renameSeason(ctx, nil, guildID, seasonID, name)
}

func (s *DB) renameSeason(ctx context.Context, fc *fence, guildID string, seasonID int64, name string) error {
	name = strings.TrimSpace(name)
	err := s.write(ctx, fc, func(tx *sql.Tx) error {
		if name == "" {
			return fmt.Errorf("%w: an empty name", ErrInvalid)
		}
		var n int
		if err := tx.QueryRowContext(ctx, s.d.rebind(`SELECT COUNT(*) FROM seasons WHERE guild_id = ? AND LOWER(name) = LOWER(?) AND id <> ?`),
			guildID, name, seasonID).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return fmt.Errorf("%w: the name %q is taken", ErrConflict, name)
		}
		res, err := tx.ExecContext(ctx, s.d.rebind(`UPDATE seasons SET name = ? WHERE id = ? AND guild_id = ?`), name, seasonID, guildID)
		if err != nil {
			return classify(err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return ErrNotFound
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("rename season %d: %w", seasonID, err)
	}
	return nil
}

// ResetSeason starts the standings of the running season again.
func (s *DB) ResetSeason(ctx context.Context, guildID string, at time.Time) (league.Season, error) {
	return s.resetSeason(ctx, nil, guildID, at)
}

func (s *DB) resetSeason(ctx context.Context, fc *fence, guildID string, at time.Time) (league.Season, error) {
	var se league.Season
	err := s.write(ctx, fc, func(tx *sql.Tx) error {
		var err error
		if se, err = seasonAt(ctx, tx, s.wrd, guildID, at); err != nil {
			return err
		}
		for _, q := range []string{
			`UPDATE game_results SET season_id = NULL WHERE season_id = ?`,
			`DELETE FROM player_records WHERE season_id = ?`,
			`DELETE FROM rating_history WHERE season_id = ?`,
		} {
			if _, err := tx.ExecContext(ctx, s.d.rebind(q), se.ID); err != nil {
				return err
			}
		}
		start := fromMS(ms(at))
		if _, err := tx.ExecContext(ctx, s.d.rebind(`UPDATE seasons SET start_at = ? WHERE id = ?`), ms(start), se.ID); err != nil {
			return classify(err)
		}
		se.Start = start
		return nil
	})
	if err != nil {
		return league.Season{}, fmt.Errorf("reset the season of guild %s: %w", guildID, err)
	}
	return se, nil
}

// LogAdmin adds a line to the guild's admin log.
func (s *DB) LogAdmin(ctx context.Context, e league.LogEntry) error { return s.logAdmin(ctx, nil, e) }

func (s *DB) logAdmin(ctx context.Context, fc *fence, e league.LogEntry) error {
	err := s.write(ctx, fc, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.d.rebind(`INSERT INTO admin_log (guild_id, user_id, action, detail, at) VALUES (?, ?, ?, ?, ?)`),
			e.GuildID, e.UserID, string(e.Action), e.Detail, ms(e.At))
		return classify(err)
	})
	if err != nil {
		return fmt.Errorf("admin log of guild %s: %w", e.GuildID, err)
	}
	return nil
}

// maxLog is the most lines of an admin log one call returns.
const maxLog = 200

// AdminLog returns the guild's admin log, the newest first.
func (s *DB) AdminLog(ctx context.Context, guildID string, limit int) ([]league.LogEntry, error) {
	if limit < 1 || limit > maxLog {
		return nil, fmt.Errorf("admin log of guild %s: %w: limit %d (1 to %d)", guildID, ErrInvalid, limit, maxLog)
	}
	var out []league.LogEntry
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, s.d.rebind(`SELECT user_id, action, detail, at FROM admin_log WHERE guild_id = ?
			ORDER BY at DESC, id DESC LIMIT ?`), guildID, limit)
		if err != nil {
			return err
		}
		for rows.Next() {
			e := league.LogEntry{GuildID: guildID}
			var at int64
			if err := rows.Scan(&e.UserID, &e.Action, &e.Detail, &at); err != nil {
				rows.Close()
				return err
			}
			e.At = fromMS(at)
			out = append(out, e)
		}
		return closeRows(rows)
	})
	if err != nil {
		return nil, fmt.Errorf("admin log of guild %s: %w", guildID, err)
	}
	return out, nil
}

// Outings returns a member's finished games in a guild, oldest first.
func (s *DB) Outings(ctx context.Context, guildID, userID string) ([]league.Outing, error) {
	var out []league.Outing
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, s.d.rebind(`SELECT g.id, r.finished_at, g.preset, g.options, s.seat, s.left_at, r.winner,
				r.counted, sr.place, (SELECT COUNT(*) FROM game_seat_results x WHERE x.game_id = g.id AND x.place = 1)
			FROM game_seats s JOIN games g ON g.id = s.game_id JOIN game_results r ON r.game_id = g.id
			LEFT JOIN game_seat_results sr ON sr.game_id = g.id AND sr.seat = s.seat
			WHERE g.guild_id = ? AND s.user_id = ? AND NOT EXISTS (SELECT 1 FROM voided_games v WHERE v.game_id = g.id)
			ORDER BY r.finished_at, g.id`), guildID, userID)
		if err != nil {
			return err
		}
		rules := map[string]*engine.Rules{}
		for rows.Next() {
			var o league.Outing
			var at int64
			var opts string
			var seat, winner, firsts int
			var left, place sql.NullInt64
			if err := rows.Scan(&o.GameID, &at, &o.Preset, &opts, &seat, &left, &winner, &o.Counted, &place, &firsts); err != nil {
				rows.Close()
				return err
			}
			o.At, o.Left = fromMS(at), left.Valid
			switch {
			case place.Valid && place.Int64 == 1 && firsts == 1:
				o.Verdict = league.Won
			case place.Valid && place.Int64 == 1:
				o.Verdict = league.Drew
			case place.Valid:
				o.Verdict = league.Lost
			default:
				key := o.Preset + "\x00" + opts
				r, ok := rules[key]
				if !ok {
					options, err := decodeOptions(opts)
					if err == nil {
						var rr engine.Rules
						rr, err = engine.NewRules(o.Preset, options)
						r = &rr
					}
					if err != nil {
						rows.Close()
						return fmt.Errorf("game %d: %w", o.GameID, err)
					}
					rules[key] = r
				}
				switch winner {
				case -1:
					o.Verdict = league.Drew
				case r.TeamOf(seat):
					o.Verdict = league.Won
				default:
					o.Verdict = league.Lost
				}
			}
			out = append(out, o)
		}
		return closeRows(rows)
	})
	if err != nil {
		return nil, fmt.Errorf("games of %s in guild %s: %w", userID, guildID, err)
	}
	return out, nil
}

// GuildActivity returns when the guild's games finished from since on, and how many each
// member played.
func (s *DB) GuildActivity(ctx context.Context, guildID string, since time.Time) ([]time.Time, []league.Activity, error) {
	var times []time.Time
	var players []league.Activity
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, s.d.rebind(`SELECT r.finished_at FROM game_results r JOIN games g ON g.id = r.game_id
			WHERE g.guild_id = ? AND r.finished_at >= ? AND NOT EXISTS (SELECT 1 FROM voided_games v WHERE v.game_id = g.id)
			ORDER BY r.finished_at`), guildID, ms(since))
		if err != nil {
			return err
		}
		stamps, err := column[int64](rows)
		if err != nil {
			return err
		}
		for _, at := range stamps {
			times = append(times, fromMS(at))
		}
		rows, err = tx.QueryContext(ctx, s.d.rebind(`SELECT s.user_id, MAX(s.name), COUNT(*)
			FROM game_seats s JOIN games g ON g.id = s.game_id JOIN game_results r ON r.game_id = g.id
			WHERE g.guild_id = ? AND r.finished_at >= ? AND s.user_id <> ''
				AND NOT EXISTS (SELECT 1 FROM voided_games v WHERE v.game_id = g.id)
			GROUP BY s.user_id ORDER BY s.user_id`), guildID, ms(since))
		if err != nil {
			return err
		}
		for rows.Next() {
			var a league.Activity
			if err := rows.Scan(&a.UserID, &a.Name, &a.Games); err != nil {
				rows.Close()
				return err
			}
			players = append(players, a)
		}
		return closeRows(rows)
	})
	if err != nil {
		return nil, nil, fmt.Errorf("activity of guild %s: %w", guildID, err)
	}
	return times, players, nil
}
