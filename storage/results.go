package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
)

const (
	sqlUpsertHand = `INSERT INTO hands (game_id, hand, dealer, bidder, bid, trump, outcome, moon, made, wins_game, at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (game_id, hand) DO UPDATE SET dealer = excluded.dealer, bidder = excluded.bidder,
			bid = excluded.bid, trump = excluded.trump, outcome = excluded.outcome, moon = excluded.moon,
			made = excluded.made, wins_game = excluded.wins_game, at = MIN(hands.at, excluded.at)`
	sqlUpsertHandSeat = `INSERT INTO hand_seats (game_id, hand, seat, meld, points, saved) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (game_id, hand, seat) DO UPDATE SET meld = excluded.meld, points = excluded.points,
			saved = excluded.saved`
	sqlUpsertHandTeam = `INSERT INTO hand_teams (game_id, hand, team, meld, tricks, saved, delta, score)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (game_id, hand, team) DO UPDATE SET meld = excluded.meld, tricks = excluded.tricks,
			saved = excluded.saved, delta = excluded.delta, score = excluded.score`

	sqlHands = `SELECT hand, dealer, bidder, bid, trump, outcome, moon, made, wins_game
		FROM hands WHERE game_id = ? ORDER BY hand`
	sqlHandSeats = `SELECT hand, seat, meld, points, saved FROM hand_seats WHERE game_id = ? ORDER BY hand, seat`
	sqlHandTeams = `SELECT hand, team, meld, tricks, saved, delta, score FROM hand_teams
		WHERE game_id = ? ORDER BY hand, team`

	sqlInsertResult = `INSERT INTO game_results (game_id, score0, score1, winner, counted, season_id, finished_at,
		forfeit) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
	sqlResult = `SELECT score0, score1, winner, counted, season_id, finished_at, forfeit FROM game_results
		WHERE game_id = ?`
	sqlUpsertRatingPoint = `INSERT INTO rating_history
		(guild_id, season_id, user_id, game_id, at, mu, sigma, rating) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (guild_id, season_id, user_id, game_id) DO UPDATE SET at = excluded.at, mu = excluded.mu,
			sigma = excluded.sigma, rating = excluded.rating`
	sqlRatingHistory = `SELECT game_id, at, mu, sigma FROM rating_history
		WHERE guild_id = ? AND season_id = ? AND user_id = ? ORDER BY at, game_id`
	sqlFinishGame = `UPDATE games SET status = 'finished', ended_at = ?1, last_activity = MAX(last_activity, ?1)
		WHERE id = ?2`
)

// checkHand checks a hand result against the number of seats of its game.
func checkHand(res *engine.HandResult, players int) error {
	switch {
	case res.Hand < 1:
		return fmt.Errorf("%w: hand number %d", ErrInvalid, res.Hand)
	case res.Bidder < 0 || res.Bidder >= players, res.Dealer < 0 || res.Dealer >= players:
		return fmt.Errorf("%w: hand %d: bidder %d or dealer %d is not a seat", ErrInvalid, res.Hand, res.Bidder, res.Dealer)
	}
	return nil
}

// recordHand writes (or rewrites) one hand of a game.
func (s *DB) recordHand(ctx context.Context, tx *sql.Tx, gameID int64, players int, res *engine.HandResult, at time.Time) error {
	if err := checkHand(res, players); err != nil {
		return err
	}
	if _, err := in(ctx, tx, s.wr.upsertHand).ExecContext(ctx, gameID, res.Hand, res.Dealer, res.Bidder, res.Bid,
		int(res.Trump), res.Outcome.String(), res.Moon, res.Made, res.WinsGame, ms(at)); err != nil {
		return fmt.Errorf("hand %d: %w", res.Hand, classify(err))
	}
	st := in(ctx, tx, s.wr.upsertHandSeat)
	for seat := range players {
		if _, err := st.ExecContext(ctx, gameID, res.Hand, seat, res.SeatMeld[seat], res.SeatPoints[seat],
			res.SeatSaved[seat]); err != nil {
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
// hands of a replayed game again. FinishGame records every hand from the log in any case.
func (s *DB) RecordHand(ctx context.Context, gameID int64, res engine.HandResult, at time.Time) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		g, err := getGame(ctx, tx, s.wrd, gameID)
		if err != nil {
			return err
		}
		if g.Status != StatusPlaying {
			return fmt.Errorf("%w: the game is %s", ErrNotPlaying, g.Status)
		}
		return s.recordHand(ctx, tx, gameID, len(g.Seats), &res, at)
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
	var out []engine.HandResult
	index := make(map[int]int)
	rows, err := in(ctx, tx, s.rd.hands).QueryContext(ctx, gameID)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var h engine.HandResult
		var trump int
		var outcome string
		if err := rows.Scan(&h.Hand, &h.Dealer, &h.Bidder, &h.Bid, &trump, &outcome, &h.Moon, &h.Made, &h.WinsGame); err != nil {
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
	rows, err = in(ctx, tx, s.rd.handSeats).QueryContext(ctx, gameID)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var hand, seat, meld, points int
		var saved bool
		if err := rows.Scan(&hand, &seat, &meld, &points, &saved); err != nil {
			rows.Close()
			return nil, err
		}
		if i, ok := index[hand]; ok && seat >= 0 && seat < engine.MaxPlayers {
			out[i].SeatMeld[seat], out[i].SeatPoints[seat], out[i].SeatSaved[seat] = meld, points, saved
		}
	}
	if err := closeRows(rows); err != nil {
		return nil, err
	}
	rows, err = in(ctx, tx, s.rd.handTeams).QueryContext(ctx, gameID)
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

// FinishGame ends a game that its log shows is over. In one transaction it replays the log
// (the truth), records every hand and the final result, marks the game finished at at, and
// when the game counts updates the records and ratings of its players overall and for the
// season whose [start, end) holds at.
//
// A game counts when every seat is a human, or when the guild's settings count games with
// computer players and at least one human played. A seat that is away (Seat.Away) is still
// its human's. Computer seats are never rated nor ranked: in the rating of their team they
// stand as a new player (NewRating) every game.
func (s *DB) FinishGame(ctx context.Context, gameID int64, at time.Time) (Finish, error) {
	fin, err := s.finish(ctx, gameID, -1, at)
	if err != nil {
		return Finish{}, fmt.Errorf("finish game %d: %w", gameID, err)
	}
	return fin, nil
}

// ForfeitGame ends a game being played with losingTeam (0 or 1) forfeiting it: the other
// team wins. In one transaction it replays the log, records the hands the log finished and
// the result at the scores the log reached, marks the game finished (and forfeited) at at,
// and counts it for records, ratings and seasons under FinishGame's rules; the hands and
// meld of an unfinished hand count for nothing. A game whose log already ends it is
// finished by FinishGame (ErrConflict).
func (s *DB) ForfeitGame(ctx context.Context, gameID int64, losingTeam int, at time.Time) (Finish, error) {
	if losingTeam != 0 && losingTeam != 1 {
		return Finish{}, fmt.Errorf("forfeit game %d: %w: team %d", gameID, ErrInvalid, losingTeam)
	}
	fin, err := s.finish(ctx, gameID, losingTeam, at)
	if err != nil {
		return Finish{}, fmt.Errorf("forfeit game %d: %w", gameID, err)
	}
	return fin, nil
}

// finish ends a game being played: over by its log when forfeit is -1, or forfeited by team
// forfeit. It is FinishGame and ForfeitGame.
func (s *DB) finish(ctx context.Context, gameID int64, forfeit int, at time.Time) (Finish, error) {
	var fin Finish
	err := s.write(ctx, func(tx *sql.Tx) error {
		g, err := getGame(ctx, tx, s.wrd, gameID)
		if err != nil {
			return err
		}
		if g.Status != StatusPlaying {
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
		winner := eg.Winner()
		switch {
		case forfeit < 0 && !eg.Over():
			return fmt.Errorf("%w: its log does not end the game", ErrNotPlaying)
		case forfeit >= 0 && eg.Over():
			return fmt.Errorf("%w: its log ends the game: finish it instead", ErrConflict)
		case forfeit >= 0:
			winner = 1 - forfeit
		}
		results := eg.Results()
		for i := range results {
			if err := s.recordHand(ctx, tx, gameID, len(g.Seats), &results[i], at); err != nil {
				return err
			}
		}
		set, err := settings(ctx, tx, s.wrd, g.GuildID)
		if err != nil {
			return err
		}
		rules := eg.Rules()
		fin.Result = GameResult{GameID: gameID, Scores: eg.Scores(), Winner: winner, FinishedAt: fromMS(ms(at)),
			Forfeited: forfeit >= 0}
		humans, computers := 0, 0
		for i, seat := range g.Seats {
			t := rules.TeamOf(i)
			fin.Result.Teams[t] = append(fin.Result.Teams[t], i)
			switch {
			case seat.IsHuman():
				humans++
			case seat.IsComputer():
				computers++
			}
		}
		fin.Result.Counted = humans == len(g.Seats) || (set.ComputerGamesCount && humans > 0 && humans+computers == len(g.Seats))
		if fin.Result.Counted {
			season, err := seasonAt(ctx, tx, s.wrd, g.GuildID, at)
			switch {
			case err == nil:
				fin.Result.SeasonID = season.ID
			case !errors.Is(err, ErrNotFound):
				return err
			}
		}
		if _, err := in(ctx, tx, s.wr.insertResult).ExecContext(ctx, gameID, fin.Result.Scores[0], fin.Result.Scores[1],
			fin.Result.Winner, fin.Result.Counted, sql.NullInt64{Int64: fin.Result.SeasonID, Valid: fin.Result.SeasonID != 0},
			ms(at), fin.Result.Forfeited); err != nil {
			return classify(err)
		}
		if _, err := in(ctx, tx, s.wr.finishGame).ExecContext(ctx, ms(at), gameID); err != nil {
			return err
		}
		if !fin.Result.Counted {
			return nil
		}
		stats := seatStats(rules, len(g.Seats), results, fin.Result.Scores)
		scopes := []int64{Overall}
		if fin.Result.SeasonID != 0 {
			scopes = append(scopes, fin.Result.SeasonID)
		}
		for _, season := range scopes {
			changes, err := s.updateRecords(ctx, tx, &g, rules, season, fin.Result.Winner, stats, at)
			if err != nil {
				return err
			}
			if season == Overall {
				fin.Changes = changes
			}
		}
		return nil
	})
	if err != nil {
		return Finish{}, err
	}
	return fin, nil
}

// seatStat is what one game adds to a seat's record.
type seatStat struct {
	hands, bid, made, set int
	meldTotal, meldHigh   int
	pointsFor, against    int
}

// seatStats adds up each seat's hands, bids and meld, and its team's and the opponents'
// final scores. Meld and scores are brought to the tens scale.
func seatStats(rules *engine.Rules, players int, results []engine.HandResult, scores [2]int) []seatStat {
	factor := 10 / rules.Scale()
	out := make([]seatStat, players)
	for seat := range out {
		t := rules.TeamOf(seat)
		out[seat].pointsFor, out[seat].against = scores[t]*factor, scores[1-t]*factor
	}
	for _, h := range results {
		for seat := range players {
			st := &out[seat]
			st.hands++
			m := h.SeatMeld[seat] * factor
			st.meldTotal += m
			st.meldHigh = max(st.meldHigh, m)
		}
		b := &out[h.Bidder]
		b.bid++
		if h.Made {
			b.made++
		} else {
			b.set++
		}
	}
	return out
}

// updateRecords rates a finished game in one scope (Overall or a season) and adds it to its
// human players' records. It returns their rating changes in seat order.
func (s *DB) updateRecords(ctx context.Context, tx *sql.Tx, g *Game, rules *engine.Rules, season int64, winner int,
	stats []seatStat, at time.Time) ([]RatingChange, error) {
	teams := make([][]Rating, 2)
	slot := make([][2]int, len(g.Seats)) // seat -> team, index in team
	get := in(ctx, tx, s.wrd.rating)
	for i, seat := range g.Seats {
		t := rules.TeamOf(i)
		r := NewRating()
		if seat.IsHuman() {
			err := get.QueryRowContext(ctx, g.GuildID, season, seat.UserID).Scan(&r.Mu, &r.Sigma)
			if err != nil && !errors.Is(err, sql.ErrNoRows) {
				return nil, err
			}
		}
		slot[i] = [2]int{t, len(teams[t])}
		teams[t] = append(teams[t], r)
	}
	ranks := []int{0, 0}
	switch winner {
	case 0:
		ranks[1] = 1
	case 1:
		ranks[0] = 1
	}
	after := rate(teams, ranks)
	var changes []RatingChange
	up := in(ctx, tx, s.wr.upsertRecord)
	for i, seat := range g.Seats {
		if !seat.IsHuman() {
			continue
		}
		t, k := slot[i][0], slot[i][1]
		before, now := teams[t][k], after[t][k]
		win, loss, draw := 0, 0, 0
		switch winner {
		case t:
			win = 1
		case -1:
			draw = 1
		default:
			loss = 1
		}
		st := stats[i]
		if _, err := up.ExecContext(ctx, g.GuildID, season, seat.UserID, seat.Name, win, loss, draw,
			st.hands, st.bid, st.made, st.set, st.meldTotal, st.meldHigh, st.pointsFor, st.against,
			now.Mu, now.Sigma, now.Display(), ms(at)); err != nil {
			return nil, classify(err)
		}
		if _, err := in(ctx, tx, s.wr.upsertRatingPoint).ExecContext(ctx, g.GuildID, season, seat.UserID, g.ID, ms(at), now.Mu, now.Sigma, now.Display()); err != nil {
			return nil, classify(err)
		}
		changes = append(changes, RatingChange{UserID: seat.UserID, Before: before, After: now})
	}
	return changes, nil
}

// RatingHistory returns a player's rating after each of their counted games in a season
// (Overall for all time), oldest first.
func (s *DB) RatingHistory(ctx context.Context, guildID string, season int64, userID string) ([]RatingPoint, error) {
	var out []RatingPoint
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := in(ctx, tx, s.rd.ratingHistory).QueryContext(ctx, guildID, season, userID)
		if err != nil {
			return err
		}
		for rows.Next() {
			var p RatingPoint
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
func (s *DB) GameResult(ctx context.Context, gameID int64) (GameResult, error) {
	var res GameResult
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
		for i := range g.Seats {
			t := rules.TeamOf(i)
			res.Teams[t] = append(res.Teams[t], i)
		}
		return nil
	})
	if err != nil {
		return GameResult{}, fmt.Errorf("result of game %d: %w", gameID, err)
	}
	return res, nil
}
