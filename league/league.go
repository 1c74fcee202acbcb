// Package league decides what a finished game means for a server's league: its result
// (including a forfeit), whether it counts, what it adds to each player's record, how it
// moves their ratings, and how players rank. It is pure: it reads a game and the ratings it
// is given, and returns what to record. Storage records it; the bot narrates it.
package league

import (
	"errors"
	"fmt"

	"github.com/pinochle-discord/pinochle/engine"
)

// Overall is the scope of a player's all-time record; a season's scope is its ID (from 1).
const Overall int64 = 0

// NoForfeit, as Input.Forfeit, ends a game that its log shows is over.
const NoForfeit = -1

// Errors Decide returns.
var (
	// ErrNotOver: the game is to be finished by its log, which does not end it.
	ErrNotOver = errors.New("league: the game's log does not end it")
	// ErrAlreadyOver: a forfeit of a game whose log already ends it.
	ErrAlreadyOver = errors.New("league: the game's log already ends it")
)

// Seat is who played a seat: a human (UserID set) or a computer player.
type Seat struct {
	UserID   string
	Name     string
	Computer bool
	// Left is set when the human left the game while it was played, a computer player
	// finishing it in their place: the game counts for them as for the others, and adds one
	// to their games left.
	Left bool
}

// Human reports whether a person played the seat (also while a computer player stood in
// for them).
func (s Seat) Human() bool { return s.UserID != "" }

// Input is what Decide needs to know of a game that ends.
type Input struct {
	// Game is the game, replayed from its log.
	Game *engine.Game
	// Seats are its seats, in order.
	Seats []Seat
	// Forfeit is the team (0 or 1) that forfeits the game, or NoForfeit; in a game where
	// every player scores alone (engine.Rules.Solo), the seat.
	Forfeit int
	// CountComputerGames reports the guild's choice to count games with computer players.
	CountComputerGames bool
	// Unrated marks a game that counts for nothing whoever played it: an event's organiser
	// chose so, or it is a player's daily deal against computer players.
	Unrated bool
	// Season is the guild's season open when the game ends, or 0 for none.
	Season int64
	// Ratings are the players' ratings before the game, by scope (Overall, and the season)
	// and user ID. A player missing from a scope is new to it.
	Ratings map[int64]map[string]Rating
}

// Result is a game's final result.
type Result struct {
	Scores [2]int
	// Winner is the winning team, or -1 for a draw; in a solo game (engine.Rules.Solo),
	// where every player scores alone, the winning seat.
	Winner int
	// Teams are the seats of each team (none in a solo game).
	Teams [2][]int
	// SeatScores are the players' final scores in a solo game (nil otherwise), and Places
	// every seat's place in any game: 1 for the winners, equal scores sharing a place.
	SeatScores []int
	Places     []int
	// Counted reports whether the game counts for records and ratings.
	Counted bool
	// Season is the season it counts for, or 0.
	Season    int64
	Forfeited bool
}

// RecordChange is what one game adds to a human player's record in one scope, and the
// player's rating after it.
type RecordChange struct {
	Scope                    int64
	UserID, Name             string
	Wins, Losses, Draws      int
	Hands, HandsBid          int
	BidsMade, BidsSet        int
	MeldTotal, MeldHigh      int // in tens (ones-scale presets are multiplied by 10)
	PointsFor, PointsAgainst int // final scores of the player's team and its opponents, in tens
	// ThrownIn counts the hands the player, as bidder, threw in (not those the rules threw
	// in for them), and Left is 1 when the player left the game before its end.
	ThrownIn, Left int
	Rating         Rating
	RatingBefore   Rating
}

// RatingChange is a player's rating before and after a game.
type RatingChange struct {
	UserID string
	Before Rating
	After  Rating
}

// Outcome is what a game's end records: its hands, its result, and, when it counts, the
// changes to its human players' records in every scope.
type Outcome struct {
	Hands   []engine.HandResult
	Result  Result
	Records []RecordChange
	// Changes are the overall rating changes of the human players, in seat order; empty
	// when the game does not count.
	Changes []RatingChange
}

// Decider decides the outcome of a game that ends. Finish and Forfeit make one.
type Decider func(Input) (Outcome, error)

// Finish decides a game that its log shows is over.
func Finish(in Input) (Outcome, error) {
	in.Forfeit = NoForfeit
	return Decide(in)
}

// Forfeit returns the Decider of a game that team forfeits: the other team wins.
func Forfeit(team int) Decider {
	return func(in Input) (Outcome, error) {
		in.Forfeit = team
		return Decide(in)
	}
}

// Decide decides a game's outcome.
//
// A game ends by its log, or by a team's forfeit, which the other team wins at the scores
// the log reached (the hands the log finished count; an unfinished hand counts for
// nothing). It counts when every seat is a human, or when the guild counts games with
// computer players and at least one human played; it counts for the season open at its end,
// if any, as well as overall. Computer seats are never rated: in their team's rating they
// stand as a new player every game.
func Decide(in Input) (Outcome, error) {
	g := in.Game
	if g == nil {
		return Outcome{}, errors.New("league: no game")
	}
	rules := g.Rules()
	if len(in.Seats) != rules.Players {
		return Outcome{}, fmt.Errorf("league: %d seats for a game of %d", len(in.Seats), rules.Players)
	}
	if rules.Solo {
		return decideSolo(in)
	}
	winner := g.Winner()
	switch {
	case in.Forfeit != NoForfeit && in.Forfeit != 0 && in.Forfeit != 1:
		return Outcome{}, fmt.Errorf("league: team %d cannot forfeit", in.Forfeit)
	case in.Forfeit == NoForfeit && !g.Over():
		return Outcome{}, ErrNotOver
	case in.Forfeit != NoForfeit && g.Over():
		return Outcome{}, ErrAlreadyOver
	case in.Forfeit != NoForfeit:
		winner = 1 - in.Forfeit
	}
	out := Outcome{Hands: g.Results()}
	res := &out.Result
	res.Scores, res.Winner, res.Forfeited = g.Scores(), winner, in.Forfeit != NoForfeit
	for i := range in.Seats {
		t := rules.TeamOf(i)
		res.Teams[t] = append(res.Teams[t], i)
		place := 1
		if winner >= 0 && t != winner {
			place = 2
		}
		res.Places = append(res.Places, place)
	}
	if res.Counted = counts(in); !res.Counted {
		return out, nil
	}
	res.Season = in.Season
	out.Records, out.Changes = tally(rules, in.Seats, out.Hands, res, in.Ratings)
	return out, nil
}

// tally works out what a counted game adds to its human players' records in every scope it
// counts for (overall, and its season if any), rated from ratings (by scope and user ID; a
// player missing is new), and their overall rating changes in seat order. Decide tallies a
// game as it ends, Recount every counted game again.
func tally(rules *engine.Rules, seats []Seat, hands []engine.HandResult, res *Result, ratings map[int64]map[string]Rating) ([]RecordChange, []RatingChange) {
	if rules.Solo {
		return tallySolo(rules, seats, hands, res, ratings)
	}
	var records []RecordChange
	var changes []RatingChange
	winner := res.Winner
	stats := handStats(rules, len(seats), hands)
	factor := 10 / rules.Scale()
	for seat := range stats {
		t := rules.TeamOf(seat)
		stats[seat].pointsFor, stats[seat].against = res.Scores[t]*factor, res.Scores[1-t]*factor
	}
	for _, scope := range scopesOf(res.Season) {
		rated := rateScope(rules, seats, ratings[scope], winner)
		for i, s := range seats {
			if !s.Human() {
				continue
			}
			result := lost
			switch winner {
			case rules.TeamOf(i):
				result = won
			case -1:
				result = drew
			}
			records = append(records, recordChange(scope, s, stats[i], rated[i], result))
			if scope == Overall {
				changes = append(changes, rated[i])
			}
		}
	}
	return records, changes
}

// counts reports whether a game counts for records and ratings: it is not unrated, and every
// seat is a human, or the guild counts games with computer players and at least one human
// played.
func counts(in Input) bool {
	if in.Unrated {
		return false
	}
	humans, computers := 0, 0
	for _, s := range in.Seats {
		switch {
		case s.Human():
			humans++
		case s.Computer:
			computers++
		}
	}
	return humans == len(in.Seats) || (in.CountComputerGames && humans > 0 && humans+computers == len(in.Seats))
}

// scopesOf returns the scopes a counted game goes to: overall, and its season if any.
func scopesOf(season int64) []int64 {
	if season != 0 {
		return []int64{Overall, season}
	}
	return []int64{Overall}
}

// The results a game gives a player.
const (
	won = iota
	drew
	lost
)

// recordChange is what a game adds to a human's record in one scope.
func recordChange(scope int64, s Seat, st seatStat, rating RatingChange, result int) RecordChange {
	rc := RecordChange{
		Scope: scope, UserID: s.UserID, Name: s.Name,
		Hands: st.hands, HandsBid: st.bid, BidsMade: st.made, BidsSet: st.set,
		MeldTotal: st.meldTotal, MeldHigh: st.meldHigh, PointsFor: st.pointsFor, PointsAgainst: st.against,
		ThrownIn: st.thrownIn, RatingBefore: rating.Before, Rating: rating.After,
	}
	if s.Left {
		rc.Left = 1
	}
	switch result {
	case won:
		rc.Wins = 1
	case drew:
		rc.Draws = 1
	default:
		rc.Losses = 1
	}
	return rc
}

// seatStat is what one game adds to a seat's record.
type seatStat struct {
	hands, bid, made, set int
	thrownIn              int
	meldTotal, meldHigh   int
	pointsFor, against    int
}

// handStats adds up each seat's hands, bids and meld over a game's hands, meld brought to
// the tens scale; the caller fills in the final scores.
func handStats(rules *engine.Rules, players int, results []engine.HandResult) []seatStat {
	factor := 10 / rules.Scale()
	out := make([]seatStat, players)
	for _, h := range results {
		for seat := range players {
			st := &out[seat]
			st.hands++
			m := h.SeatMeld[seat] * factor
			st.meldTotal += m
			st.meldHigh = max(st.meldHigh, m)
		}
		if h.Bidder < 0 {
			continue // two-handed: no auction, no bid to count
		}
		b := &out[h.Bidder]
		b.bid++
		if h.Outcome == engine.OutcomeThrownIn && !h.Forced {
			b.thrownIn++
		}
		if h.Made {
			b.made++
		} else {
			b.set++
		}
	}
	return out
}

// rateScope rates a game in one scope and returns every seat's rating before and after it
// (computer seats as new players, whose change nobody keeps).
func rateScope(rules *engine.Rules, seats []Seat, ratings map[string]Rating, winner int) []RatingChange {
	teams := make([][]Rating, 2)
	slot := make([][2]int, len(seats)) // seat -> team, index in team
	for i, s := range seats {
		t := rules.TeamOf(i)
		r := NewRating()
		if s.Human() {
			if have, ok := ratings[s.UserID]; ok {
				r = have
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
	after := Rate(teams, ranks)
	out := make([]RatingChange, len(seats))
	for i, s := range seats {
		t, k := slot[i][0], slot[i][1]
		out[i] = RatingChange{UserID: s.UserID, Before: teams[t][k], After: after[t][k]}
	}
	return out
}

// Standing is what ranks a player in a leaderboard.
type Standing struct {
	UserID string
	Rating Rating
	Games  int
}

// Less reports whether a ranks above b: by displayed rating, then by games played, then by
// user ID, so that every player has one place. Storage lists leaderboards in this order.
func Less(a, b Standing) bool {
	if da, db := a.Rating.Display(), b.Rating.Display(); da != db {
		return da > db
	}
	if a.Games != b.Games {
		return a.Games > b.Games
	}
	return a.UserID < b.UserID
}

// decideSolo decides a game in which every player scores alone (three-handed): places go by
// final score (a forfeiting seat last), the winner is the one first place (none when two
// share it), and the ratings treat the game as a free-for-all, each player its own team.
func decideSolo(in Input) (Outcome, error) {
	g := in.Game
	rules := g.Rules()
	n := rules.Players
	switch {
	case in.Forfeit != NoForfeit && (in.Forfeit < 0 || in.Forfeit >= n):
		return Outcome{}, fmt.Errorf("league: seat %d cannot forfeit", in.Forfeit)
	case in.Forfeit == NoForfeit && !g.Over():
		return Outcome{}, ErrNotOver
	case in.Forfeit != NoForfeit && g.Over():
		return Outcome{}, ErrAlreadyOver
	}
	out := Outcome{Hands: g.Results()}
	res := &out.Result
	sc := g.SeatScores()
	res.SeatScores = append([]int(nil), sc[:n]...)
	res.Places = soloPlaces(res.SeatScores, in.Forfeit)
	res.Winner, res.Forfeited = -1, in.Forfeit != NoForfeit
	if g.Over() && in.Forfeit == NoForfeit {
		res.Winner = g.Winner()
	} else {
		for s, p := range res.Places {
			if p == 1 && res.Winner < 0 {
				res.Winner = s
			} else if p == 1 {
				res.Winner = -1 // a shared first place: no one wins a forfeited game alone
				break
			}
		}
	}
	res.Places = winnerFirst(res.Places, res.Winner)
	if res.Counted = counts(in); !res.Counted {
		return out, nil
	}
	res.Season = in.Season
	out.Records, out.Changes = tally(rules, in.Seats, out.Hands, res, in.Ratings)
	return out, nil
}

// tallySolo is tally for a game in which every player scores alone: each player is a team
// of one, ranked by place.
func tallySolo(rules *engine.Rules, seats []Seat, hands []engine.HandResult, res *Result, ratings map[int64]map[string]Rating) ([]RecordChange, []RatingChange) {
	var records []RecordChange
	var changes []RatingChange
	n := len(seats)
	stats := soloStats(rules, hands, res.SeatScores)
	for _, scope := range scopesOf(res.Season) {
		teams := make([][]Rating, n)
		ranks := make([]int, n)
		for i, s := range seats {
			r := NewRating()
			if have, ok := ratings[scope][s.UserID]; ok && s.Human() {
				r = have
			}
			teams[i], ranks[i] = []Rating{r}, res.Places[i]
		}
		after := Rate(teams, ranks)
		for i, s := range seats {
			if !s.Human() {
				continue
			}
			change := RatingChange{UserID: s.UserID, Before: teams[i][0], After: after[i][0]}
			result := lost
			switch {
			case res.Winner == i:
				result = won
			case res.Winner < 0 && res.Places[i] == 1:
				result = drew
			}
			records = append(records, recordChange(scope, s, stats[i], change, result))
			if scope == Overall {
				changes = append(changes, change)
			}
		}
	}
	return records, changes
}

// Places returns each seat's place at the end of a game in which every player scores
// alone (three-handed): by final score, highest first, equal scores sharing a place, a
// forfeiting seat (or NoForfeit) last whatever its score; and winner (or -1 for none)
// first alone, since the engine's winner (the bidder counts first) may hold less than
// another, the others keeping their order behind it.
func Places(scores []int, winner, forfeit int) []int {
	return winnerFirst(soloPlaces(scores, forfeit), winner)
}

// winnerFirst moves winner (or -1: none) to first place alone in places, the others
// keeping their order behind it, and returns places.
func winnerFirst(places []int, winner int) []int {
	if winner < 0 {
		return places
	}
	for s := range places {
		if s != winner && places[s] <= places[winner] {
			places[s]++
		}
	}
	places[winner] = 1
	return places
}

// soloPlaces returns each seat's place by score, highest first, equal scores sharing a
// place; a forfeiting seat (or NoForfeit) comes last whatever its score.
func soloPlaces(scores []int, forfeit int) []int {
	places := make([]int, len(scores))
	for s := range scores {
		places[s] = 1
		for o := range scores {
			switch {
			case o == s:
			case s == forfeit:
				places[s]++
			case o == forfeit:
			case scores[o] > scores[s]:
				places[s]++
			}
		}
	}
	return places
}

// soloStats adds up each seat's hands, bids and meld in a solo game, and its final score
// against the best of the others'. Meld and scores are brought to the tens scale.
func soloStats(rules *engine.Rules, results []engine.HandResult, scores []int) []seatStat {
	factor := 10 / rules.Scale()
	out := handStats(rules, len(scores), results)
	for s := range out {
		best, seen := 0, false
		for o, sc := range scores {
			if o != s && (!seen || sc > best) {
				best, seen = sc, true
			}
		}
		out[s].pointsFor, out[s].against = scores[s]*factor, best*factor
	}
	return out
}
