package league

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
)

// Played is a finished game that counts, as storage keeps it: what Recount needs to tally
// it again without replaying it.
type Played struct {
	GameID int64
	// At is when it finished.
	At time.Time
	// Rules are its rules, Seats who played it, Hands its hands as recorded.
	Rules *engine.Rules
	Seats []Seat
	Hands []engine.HandResult
	// Result is its recorded result: Winner (a team, or in a solo game the one seat in
	// first place, -1 when shared), Scores or SeatScores and Places, and SeasonID, the
	// season it counts for (0 for none).
	Result GameResult
}

// HistoryPoint is a player's rating after one counted game, in one scope.
type HistoryPoint struct {
	Scope  int64
	UserID string
	GameID int64
	At     time.Time
	Rating Rating
}

// Tallied is a player's record in one scope (Record.SeasonID), and when its last game
// finished.
type Tallied struct {
	Record Record
	At     time.Time
}

// Recounted is what Recount works out: every player's record in every scope, by scope then
// user ID, and their rating after each of their games, in the order the games finished.
type Recounted struct {
	Records []Tallied
	History []HistoryPoint
}

// Recount works out a server's records and ratings again from its counted games, given in
// the order they finished: what they would be had these games alone been played. It is how
// a result taken back (a void) leaves the board, every later rating moving as if the game
// had never been. A game it cannot tally (its seats do not fit its rules) is an error.
//
// Tallying the games a server recorded, in order, gives the records the store kept as each
// ended (Decide's), to the last bit.
func Recount(games []Played) (Recounted, error) {
	type key struct {
		scope int64
		user  string
	}
	records := map[key]*Tallied{}
	ratings := map[int64]map[string]Rating{}
	var out Recounted
	for _, g := range games {
		if g.Rules == nil || len(g.Seats) != g.Rules.Players {
			return Recounted{}, fmt.Errorf("league: recount: game %d has %d seats for its rules", g.GameID, len(g.Seats))
		}
		if g.Rules.Solo && len(g.Result.Places) != len(g.Seats) {
			return Recounted{}, fmt.Errorf("league: recount: game %d has no place for every seat", g.GameID)
		}
		res := Result{Scores: g.Result.Scores, Winner: g.Result.Winner, SeatScores: g.Result.SeatScores,
			Places: g.Result.Places, Counted: true, Season: g.Result.SeasonID}
		recs, _ := tally(g.Rules, g.Seats, g.Hands, &res, ratings)
		for _, c := range recs {
			if ratings[c.Scope] == nil {
				ratings[c.Scope] = map[string]Rating{}
			}
			ratings[c.Scope][c.UserID] = c.Rating
			k := key{c.Scope, c.UserID}
			t := records[k]
			if t == nil {
				t = &Tallied{Record: Record{UserID: c.UserID, SeasonID: c.Scope}}
				records[k] = t
			}
			add(&t.Record, c)
			t.At = g.At
			out.History = append(out.History, HistoryPoint{Scope: c.Scope, UserID: c.UserID, GameID: g.GameID, At: g.At, Rating: c.Rating})
		}
	}
	for _, t := range records {
		out.Records = append(out.Records, *t)
	}
	slices.SortFunc(out.Records, func(a, b Tallied) int {
		if a.Record.SeasonID != b.Record.SeasonID {
			return cmpInt64(a.Record.SeasonID, b.Record.SeasonID)
		}
		return strings.Compare(a.Record.UserID, b.Record.UserID)
	})
	return out, nil
}

// add adds one game's change to a record, as the store adds it when the game ends.
func add(r *Record, c RecordChange) {
	r.Name = c.Name
	r.Games++
	r.Wins += c.Wins
	r.Losses += c.Losses
	r.Draws += c.Draws
	r.Hands += c.Hands
	r.HandsBid += c.HandsBid
	r.BidsMade += c.BidsMade
	r.BidsSet += c.BidsSet
	r.MeldTotal += c.MeldTotal
	r.HighMeld = max(r.HighMeld, c.MeldHigh)
	r.PointsFor += c.PointsFor
	r.PointsAgainst += c.PointsAgainst
	r.ThrownIn += c.ThrownIn
	r.Left += c.Left
	r.Rating = c.Rating
}

func cmpInt64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
