package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/table"
)

const (
	sqlUpsertHand = `INSERT INTO hands (game_id, hand, dealer, bidder, bid, trump, outcome, moon, made, wins_game, at, forced)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (game_id, hand) DO UPDATE SET dealer = excluded.dealer, bidder = excluded.bidder,
			bid = excluded.bid, trump = excluded.trump, outcome = excluded.outcome, moon = excluded.moon,
			made = excluded.made, wins_game = excluded.wins_game, at = MIN(hands.at, excluded.at),
			forced = excluded.forced`
	sqlUpsertHandSeat = `INSERT INTO hand_seats (game_id, hand, seat, meld, points, saved, delta, score)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (game_id, hand, seat) DO UPDATE SET meld = excluded.meld, points = excluded.points,
			saved = excluded.saved, delta = excluded.delta, score = excluded.score`
	sqlUpsertHandTeam = `INSERT INTO hand_teams (game_id, hand, team, meld, tricks, saved, delta, score)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (game_id, hand, team) DO UPDATE SET meld = excluded.meld, tricks = excluded.tricks,
			saved = excluded.saved, delta = excluded.delta, score = excluded.score`

	sqlHands = `SELECT hand, dealer, bidder, bid, trump, outcome, moon, made, wins_game, forced
		FROM hands WHERE game_id = ? ORDER BY hand`
	sqlHandSeats = `SELECT hand, seat, meld, points, saved, delta, score FROM hand_seats WHERE game_id = ?
		ORDER BY hand, seat`
	sqlHandTeams = `SELECT hand, team, meld, tricks, saved, delta, score FROM hand_teams
		WHERE game_id = ? ORDER BY hand, team`

	sqlInsertResult = `INSERT INTO game_results (game_id, score0, score1, winner, counted, season_id, finished_at,
		forfeit) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
	sqlResult = `SELECT score0, score1, winner, counted, season_id, finished_at, forfeit FROM game_results
		WHERE game_id = ?`
	sqlInsertSeatResult  = `INSERT INTO game_seat_results (game_id, seat, score, place) VALUES (?, ?, ?, ?)`
	sqlSeatResults       = `SELECT seat, score, place FROM game_seat_results WHERE game_id = ? ORDER BY seat`
	sqlUpsertRatingPoint = `INSERT INTO rating_history
		(guild_id, season_id, user_id, game_id, at, mu, sigma, rating) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (guild_id, season_id, user_id, game_id) DO UPDATE SET at = excluded.at, mu = excluded.mu,
			sigma = excluded.sigma, rating = excluded.rating`
	sqlRatingHistory = `SELECT game_id, at, mu, sigma FROM rating_history
		WHERE guild_id = ? AND season_id = ? AND user_id = ? ORDER BY at, game_id`
	sqlFinishGame = `UPDATE games SET status = 'finished', ended_at = ?1, last_activity = MAX(last_activity, ?1)
		WHERE id = ?2`
)

// checkHand checks a hand result against its game's rules: its seats, and a bidder unless
// the rules hold no auction (two-handed, whose bidder is -1).
func checkHand(res *engine.HandResult, rules *engine.Rules) error {
	players := rules.Players
	noAuction := rules.Stock && res.Bidder == -1
	switch {
	case res.Hand < 1:
		return fmt.Errorf("%w: hand number %d", ErrInvalid, res.Hand)
	case (res.Bidder < 0 && !noAuction) || res.Bidder >= players, res.Dealer < 0 || res.Dealer >= players:
		return fmt.Errorf("%w: hand %d: bidder %d or dealer %d is not a seat", ErrInvalid, res.Hand, res.Bidder, res.Dealer)
	}
	return nil
}

// writeHand writes (or rewrites) one hand of a game.
func (s *DB) writeHand(ctx context.Context, tx *sql.Tx, g *table.Game, res *engine.HandResult, at time.Time) error {
	rules, err := g.Rules()
	if err != nil {
		return err
	}
	if err := checkHand(res, &rules); err != nil {
		return err
	}
	gameID, players := g.ID, rules.Players
	if _, err := in(ctx, tx, s.wr.upsertHand).ExecContext(ctx, gameID, res.Hand, res.Dealer, res.Bidder, res.Bid,
		int(res.Trump), res.Outcome.String(), res.Moon, res.Made, res.WinsGame, ms(at), res.Forced); err != nil {
		return fmt.Errorf("hand %d: %w", res.Hand, classify(err))
	}
	st := in(ctx, tx, s.wr.upsertHandSeat)
	for seat := range players {
		if _, err := st.ExecContext(ctx, gameID, res.Hand, seat, res.SeatMeld[seat], res.SeatPoints[seat],
			res.SeatSaved[seat], res.SeatDelta[seat], res.SeatScores[seat]); err != nil {
			return fmt.Errorf("hand %d seat %d: %w", res.Hand, seat, classify(err))
		}
	}
	st = in(ctx, tx, s.wr.upsertHandTeam)
	for t := range 2 {
		if _, err := st.ExecContext(ctx, gameID, res.Hand, t, res.Meld[t], res.Tricks[t], res.Saved[t],
			res.Delta[t], res.Scores[t]); err != nil {
			return fmt.Errorf("hand %d team %d: %w", res.Hand, t, classify(err))
		}
	}
	return nil
}

// RecordHand records a finished hand of a game being played. Recording a hand number again
// replaces its figures and keeps the earlier time, so a bot that restarts may record the
// hands of a replayed game again. EndGame records every hand from the log in any case.
func (s *DB) RecordHand(ctx context.Context, gameID int64, res engine.HandResult, at time.Time) error {
	return s.recordHand(ctx, nil, gameID, res, at)
}

// recordHand is RecordHand, fenced by fc unless it is nil.
func (s *DB) recordHand(ctx context.Context, fc *fence, gameID int64, res engine.HandResult, at time.Time) error {
	err := s.write(ctx, fc, func(tx *sql.Tx) error {
		g, err := getGame(ctx, tx, s.wrd, gameID)
		if err != nil {
			return err
		}
		if g.Status != table.StatusPlaying {
			return fmt.Errorf("%w: the game is %s", ErrNotPlaying, g.Status)
		}
		return s.writeHand(ctx, tx, &g, &res, at)
	})
	if err != nil {
		return fmt.Errorf("record hand %d of game %d: %w", res.Hand, gameID, err)
	}
	return nil
}

// Hands returns the recorded hands of a game, in order.
func (s *DB) Hands(ctx context.Context, gameID int64) ([]engine.HandResult, error) {
	var out []engine.HandResult
	err := s.read(ctx, func(tx *sql.Tx) error {
		if _, err := getGame(ctx, tx, s.rd, gameID); err != nil {
			return err
		}
		var err error
		out, err = s.hands(ctx, tx, gameID)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("hands of game %d: %w", gameID, err)
	}
	return out, nil
}

func (s *DB) hands(ctx context.Context, tx *sql.Tx, gameID int64) ([]engine.HandResult, error) {
	return handsIn(ctx, tx, s.rd, gameID)
}

// handsIn reads a game's hands with rd's statements bound to tx: the reading pool's, or the
// writer's inside a write.
func handsIn(ctx context.Context, tx *sql.Tx, rd *reads, gameID int64) ([]engine.HandResult, error) {
	var out []engine.HandResult
	index := make(map[int]int)
	rows, err := in(ctx, tx, rd.hands).QueryContext(ctx, gameID)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var h engine.HandResult
		var trump int
		var outcome string
		if err := rows.Scan(&h.Hand, &h.Dealer, &h.Bidder, &h.Bid, &trump, &outcome, &h.Moon, &h.Made, &h.WinsGame, &h.Forced); err != nil {
			rows.Close()
			return nil, err
		}
		h.Trump = engine.Suit(trump)
		if err := h.Outcome.UnmarshalText([]byte(outcome)); err != nil {
			rows.Close()
			return nil, fmt.Errorf("hand %d: %w", h.Hand, err)
		}
		index[h.Hand] = len(out)
		out = append(out, h)
	}
	if err := closeRows(rows); err != nil {
		return nil, err
	}
	rows, err = in(ctx, tx, rd.handSeats).QueryContext(ctx, gameID)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var hand, seat, meld, points, delta, score int
		var saved bool
		if err := rows.Scan(&hand, &seat, &meld, &points, &saved, &delta, &score); err != nil {
			rows.Close()
			return nil, err
		}
		if i, ok := index[hand]; ok && seat >= 0 && seat < engine.MaxPlayers {
			h := &out[i]
			h.SeatMeld[seat], h.SeatPoints[seat], h.SeatSaved[seat] = meld, points, saved
			h.SeatDelta[seat], h.SeatScores[seat] = delta, score
		}
	}
	if err := closeRows(rows); err != nil {
		return nil, err
	}
	rows, err = in(ctx, tx, rd.handTeams).QueryContext(ctx, gameID)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var hand, team int
		var meld, tricks, delta, score int
		var saved bool
		if err := rows.Scan(&hand, &team, &meld, &tricks, &saved, &delta, &score); err != nil {
			rows.Close()
			return nil, err
		}
		if i, ok := index[hand]; ok && team >= 0 && team < 2 {
			h := &out[i]
			h.Meld[team], h.Tricks[team], h.Saved[team], h.Delta[team], h.Scores[team] = meld, tricks, saved, delta, score
		}
	}
	return out, closeRows(rows)
}

// EndGame ends a game being played, in one transaction. It reads what the league needs to
// decide the game's outcome (the game replayed from its log, its seats, the guild's choice to
// count games with computer players, the season open at at, the players' ratings overall
// and in that season), calls decide with it, and records what decide returns: every hand,
// the result, each human's record and rating in every scope it names, their rating history;
// and it marks the game finished at at. The store decides nothing itself.
func (s *DB) EndGame(ctx context.Context, gameID int64, at time.Time, decide league.Decider) (league.Recorded, error) {
	return s.endGame(ctx, nil, gameID, at, decide)
}

// endGame is EndGame, fenced by fc unless it is nil.
func (s *DB) endGame(ctx context.Context, fc *fence, gameID int64, at time.Time, decide league.Decider) (league.Recorded, error) {
	var fin league.Recorded
	err := s.write(ctx, fc, func(tx *sql.Tx) error {
		g, err := getGame(ctx, tx, s.wrd, gameID)
		if err != nil {
			return err
		}
		if g.Status != table.StatusPlaying {
			return fmt.Errorf("%w: the game is %s", ErrNotPlaying, g.Status)
		}
		recs, err := loadActions(ctx, tx, s.wrd, gameID)
		if err != nil {
			return err
		}
		eg, err := g.Replay(Actions(recs))
		if err != nil {
			return err
		}
		set, err := settings(ctx, tx, s.wrd, g.GuildID)
		if err != nil {
			return err
		}
		input := league.Input{Game: eg, CountComputerGames: set.ComputerGamesCount, Forfeit: league.NoForfeit,
			Unrated: g.Settings.Unrated, Ratings: map[int64]map[string]league.Rating{}}
		for _, seat := range g.Seats {
			input.Seats = append(input.Seats, league.Seat{UserID: seat.UserID, Name: seat.Name, Computer: seat.IsComputer(), Left: seat.HasLeft()})
		}
		switch season, err := seasonAt(ctx, tx, s.wrd, g.GuildID, at); {
		case err == nil:
			input.Season = season.ID
		case !errors.Is(err, ErrNotFound):
			return err
		}
		for _, scope := range []int64{league.Overall, input.Season} {
			if scope != league.Overall && scope == 0 {
				continue
			}
			input.Ratings[scope] = map[string]league.Rating{}
			get := in(ctx, tx, s.wrd.rating)
			for _, seat := range g.Seats {
				if !seat.IsHuman() {
					continue
				}
				var r league.Rating
				switch err := get.QueryRowContext(ctx, g.GuildID, scope, seat.UserID).Scan(&r.Mu, &r.Sigma); {
				case err == nil:
					input.Ratings[scope][seat.UserID] = r
				case !errors.Is(err, sql.ErrNoRows):
					return err
				}
			}
		}
		out, err := decide(input)
		switch {
		case errors.Is(err, league.ErrNotOver):
			return fmt.Errorf("%w: %w", ErrNotPlaying, err)
		case errors.Is(err, league.ErrAlreadyOver):
			return fmt.Errorf("%w: %w", ErrConflict, err)
		case err != nil:
			return fmt.Errorf("%w: %w", ErrInvalid, err)
		}
		for i := range out.Hands {
			if err := s.writeHand(ctx, tx, &g, &out.Hands[i], at); err != nil {
				return err
			}
		}
		r := out.Result
		fin.Result = league.GameResult{GameID: gameID, Teams: r.Teams, Scores: r.Scores, Winner: r.Winner, Counted: r.Counted,
			SeasonID: r.Season, FinishedAt: fromMS(ms(at)), Forfeited: r.Forfeited}
		fin.Changes = out.Changes
		teamWinner := r.Winner
		if r.SeatScores != nil {
			// A solo game: no team won; its seats' results say who did.
			teamWinner = -1
			fin.Result.SeatScores, fin.Result.Places = r.SeatScores, r.Places
		}
		if _, err := in(ctx, tx, s.wr.insertResult).ExecContext(ctx, gameID, r.Scores[0], r.Scores[1], teamWinner, r.Counted,
			sql.NullInt64{Int64: r.Season, Valid: r.Season != 0}, ms(at), r.Forfeited); err != nil {
			return classify(err)
		}
		for seat, score := range r.SeatScores {
			if _, err := in(ctx, tx, s.wr.insertSeatResult).ExecContext(ctx, gameID, seat, score, r.Places[seat]); err != nil {
				return classify(err)
			}
		}
		if _, err := in(ctx, tx, s.wr.finishGame).ExecContext(ctx, ms(at), gameID); err != nil {
			return err
		}
		up, point := in(ctx, tx, s.wr.upsertRecord), in(ctx, tx, s.wr.upsertRatingPoint)
		for _, rc := range out.Records {
			if _, err := up.ExecContext(ctx, g.GuildID, rc.Scope, rc.UserID, rc.Name, rc.Wins, rc.Losses, rc.Draws,
				rc.Hands, rc.HandsBid, rc.BidsMade, rc.BidsSet, rc.MeldTotal, rc.MeldHigh, rc.PointsFor, rc.PointsAgainst,
				rc.ThrownIn, rc.Left, rc.Rating.Mu, rc.Rating.Sigma, rc.Rating.Display(), ms(at)); err != nil {
				return classify(err)
			}
			if _, err := point.ExecContext(ctx, g.GuildID, rc.Scope, rc.UserID, g.ID, ms(at), rc.Rating.Mu, rc.Rating.Sigma,
				rc.Rating.Display()); err != nil {
				return classify(err)
			}
		}
		return nil
	})
	if err != nil {
		return league.Recorded{}, fmt.Errorf("end game %d: %w", gameID, err)
	}
	return fin, nil
}

// RatingHistory returns a player's rating after each of their counted games in a season
// (Overall for all time), oldest first.
func (s *DB) RatingHistory(ctx context.Context, guildID string, season int64, userID string) ([]league.RatingPoint, error) {
	var out []league.RatingPoint
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := in(ctx, tx, s.rd.ratingHistory).QueryContext(ctx, guildID, season, userID)
		if err != nil {
			return err
		}
		for rows.Next() {
			var p league.RatingPoint
			var at int64
			if err := rows.Scan(&p.GameID, &at, &p.Rating.Mu, &p.Rating.Sigma); err != nil {
				rows.Close()
				return err
			}
			p.At = fromMS(at)
			out = append(out, p)
		}
		return closeRows(rows)
	})
	if err != nil {
		return nil, fmt.Errorf("rating history of %s in guild %s: %w", userID, guildID, err)
	}
	return out, nil
}

// GameResult returns the result of a finished game.
func (s *DB) GameResult(ctx context.Context, gameID int64) (league.GameResult, error) {
	var res league.GameResult
	err := s.read(ctx, func(tx *sql.Tx) error {
		g, err := getGame(ctx, tx, s.rd, gameID)
		if err != nil {
			return err
		}
		var season sql.NullInt64
		var finished int64
		err = in(ctx, tx, s.rd.result).QueryRowContext(ctx, gameID).Scan(&res.Scores[0], &res.Scores[1],
			&res.Winner, &res.Counted, &season, &finished, &res.Forfeited)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		res.GameID, res.SeasonID, res.FinishedAt = gameID, season.Int64, fromMS(finished)
		rules, err := g.Rules()
		if err != nil {
			return err
		}
		if rules.Solo {
			return readSeatResults(ctx, in(ctx, tx, s.rd.seatResults), gameID, &res)
		}
		for i := range g.Seats {
			t := rules.TeamOf(i)
			res.Teams[t] = append(res.Teams[t], i)
		}
		return nil
	})
	if err != nil {
		return league.GameResult{}, fmt.Errorf("result of game %d: %w", gameID, err)
	}
	return res, nil
}

// readSeatResults reads a solo game's seats' scores and places into res, and its winner:
// the one seat in first place, or -1 when places are shared.
func readSeatResults(ctx context.Context, st *sql.Stmt, gameID int64, res *league.GameResult) error {
	rows, err := st.QueryContext(ctx, gameID)
	if err != nil {
		return err
	}
	res.Winner = -1
	firsts := 0
	for rows.Next() {
		var seat, score, place int
		if err := rows.Scan(&seat, &score, &place); err != nil {
			rows.Close()
			return err
		}
		if seat != len(res.SeatScores) {
			rows.Close()
			return fmt.Errorf("seat %d's result out of order", seat)
		}
		res.SeatScores = append(res.SeatScores, score)
		res.Places = append(res.Places, place)
		if place == 1 {
			res.Winner = seat
			firsts++
		}
	}
	if firsts != 1 {
		res.Winner = -1
	}
	return closeRows(rows)
}
