package storage

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
	"github.com/pinochle-discord/pinochle/engine/computer/computertest"
	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/table"
)

// scripted is a random player whose auction is fixed: seat bidder bids the minimum, every
// other seat passes (when it may), so that the bidder of each hand is known beforehand.
type scripted struct {
	bidder int
	r      computer.Player
}

func (p scripted) Choose(v engine.View) engine.Action {
	if v.Phase() != engine.PhaseBidding {
		return p.r.Choose(v)
	}
	if v.Seat() == p.bidder || v.MustBid() {
		return engine.Action{Seat: v.Seat(), Kind: engine.ActBid, Bid: v.MinNextBid()}
	}
	return engine.Action{Seat: v.Seat(), Kind: engine.ActPass}
}

// oneHand is racehorse over one hand.
var oneHand = map[string]string{"hands": "1"}

// scriptedGame searches seeds for a one-hand racehorse game in which seat 0 wins the auction
// and team winner wins the game, and returns it.
func scriptedGame(tb testing.TB, winner int) *engine.Game {
	tb.Helper()
	rules := mustRules(tb, "racehorse", oneHand)
	for seed := uint64(1); seed < 1000; seed++ {
		g, err := engine.NewGame(rules, seed)
		if err != nil {
			tb.Fatal(err)
		}
		p := scripted{bidder: 0, r: computertest.New(tb, "random", seed)}
		for !g.Over() {
			if err := g.Apply(nextAction(g, p)); err != nil {
				tb.Fatal(err)
			}
		}
		if g.Winner() == winner && g.Results()[0].Bidder == 0 {
			return g
		}
	}
	tb.Fatalf("no seed below 1000 gives a scripted game won by team %d", winner)
	return nil
}

// playFinished records eg's game with the given seats in guild and finishes it at at.
func playFinished(tb testing.TB, s *DB, guild string, eg *engine.Game, seats []table.Seat, at time.Time) league.Recorded {
	tb.Helper()
	g := newGame(eg.Rules().Preset, eg.Rules().Options, eg.Seed(), seats)
	g.GuildID = guild
	g = startGame(tb, s, g)
	saveLog(tb, s, g.ID, eg, at.Add(-time.Hour))
	fin, err := s.EndGame(context.Background(), g.ID, at, league.Finish)
	if err != nil {
		tb.Fatal(err)
	}
	return fin
}

var (
	ana = table.Seat{UserID: "ana", Name: "Ana"}
	ben = table.Seat{UserID: "ben", Name: "Ben"}
	cy  = table.Seat{UserID: "cy", Name: "Cy"}
	dee = table.Seat{UserID: "dee", Name: "Dee"}
)

// TestLeaderboardSeededHistory plays three one-hand games between Ana, Ben, Cy and Dee. In
// each, seat 0 wins the auction; teams are seats 0+2 against 1+3.
//
//	G1 (before the season): Ana (bids) + Ben beat Cy + Dee
//	G2 (in the season):     Dee (bids) + Ben lose to Ana + Cy
//	G3 (in the season):     Ana (bids) + Ben beat Cy + Dee
//
// By hand, overall: Ana 3-0, Ben 2-1, Cy 1-2, Dee 0-3; Ana bid 2 hands, Dee 1, Ben and Cy
// none; everyone played 3 hands. In the season: Ana 2-0, Ben 1-1, Cy 1-1, Dee 0-2; Ana and
// Dee bid one hand each; everyone played 2 hands.
//
// Ratings (rate's formulas worked outside the code, from G1's hand-worked 26.96429 ±
// 8.17796 of TestRateNewPlayers): overall, Ana 30.34640 ± 7.88643, Ben 26.49924, Cy
// 23.50076, Dee 19.65360, all ± 7.88643, so the order is Ana, Ben, Cy, Dee. In the season
// (ratings start anew), Ana 28.88788, Cy 25.04071, Ben 24.95929, Dee 21.11212, all ±
// 8.02649: Cy ranks above Ben, though both are 1-1, because Cy's win came in G2 against
// new players (a full surprise's gain) while Ben's came in G3 beside Ana, whom the season
// already rated above everyone (an expected win, a smaller gain).
func TestLeaderboardSeededHistory(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testLeaderboardSeededHistory)
}

func testLeaderboardSeededHistory(t *testing.T, db backend) {
	s := db.open(t)
	ctx := context.Background()
	win0, win1 := scriptedGame(t, 0), scriptedGame(t, 1)
	type game struct {
		eg    *engine.Game
		seats []table.Seat
	}
	g1 := game{win0, []table.Seat{ana, cy, ben, dee}}
	g2 := game{win1, []table.Seat{dee, ana, ben, cy}}
	g3 := game{win0, []table.Seat{ana, cy, ben, dee}}

	fin1 := playFinished(t, s, "g1", g1.eg, g1.seats, t0.Add(1*time.Hour))
	season, err := s.StartSeason(ctx, "g1", "Spring", "league-chan", t0.Add(2*time.Hour), time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	fin2 := playFinished(t, s, "g1", g2.eg, g2.seats, t0.Add(3*time.Hour))
	fin3 := playFinished(t, s, "g1", g3.eg, g3.seats, t0.Add(4*time.Hour))
	// Games that do not count here: one with a computer player, one in another guild.
	bot := []table.Seat{ana, {Computer: table.LevelEasy, Name: "Bot"}, ben, dee}
	if fin := playFinished(t, s, "g1", win1, bot, t0.Add(5*time.Hour)); fin.Result.Counted || fin.Changes != nil {
		t.Errorf("a game with a computer player counted: %+v", fin)
	}
	playFinished(t, s, "g2", win1, []table.Seat{ana, ben, cy, dee}, t0.Add(5*time.Hour))

	if fin1.Result.SeasonID != 0 || fin2.Result.SeasonID != season.ID || fin3.Result.SeasonID != season.ID {
		t.Errorf("seasons of the games: %d, %d, %d; want 0, %d, %d", fin1.Result.SeasonID, fin2.Result.SeasonID,
			fin3.Result.SeasonID, season.ID, season.ID)
	}
	// G1: four new players; winners (seats 0 and 2) 26.96429 ± 8.17796, losers 23.03571.
	if len(fin1.Changes) != 4 {
		t.Fatalf("G1 changes: %+v", fin1.Changes)
	}
	for i, c := range fin1.Changes {
		mu := 23.03571
		if i%2 == 0 {
			mu = 26.96429
		}
		if c.UserID != g1.seats[i].UserID || c.Before != league.NewRating() || !near(c.After.Mu, mu, 1e-5) ||
			!near(c.After.Sigma, 8.17796, 1e-5) {
			t.Errorf("G1 change %d: %+v, want %s from new to (%.5f, 8.17796)", i, c, g1.seats[i].UserID, mu)
		}
	}

	// What the engine dealt: bids made or set, meld, scores (tens already: racehorse).
	type sums struct{ made, set, meld, high, pf, pa int }
	add := func(m map[string]*sums, gm game) {
		res := gm.eg.Results()[0]
		sc := gm.eg.Scores()
		for i, seat := range gm.seats {
			x := m[seat.UserID]
			if x == nil {
				x = &sums{}
				m[seat.UserID] = x
			}
			x.meld += res.SeatMeld[i]
			x.high = max(x.high, res.SeatMeld[i])
			x.pf += sc[i%2]
			x.pa += sc[1-i%2]
			if i == 0 && res.Made {
				x.made++
			} else if i == 0 {
				x.set++
			}
		}
	}
	overall, inSeason := map[string]*sums{}, map[string]*sums{}
	for _, gm := range []game{g1, g2, g3} {
		add(overall, gm)
	}
	for _, gm := range []game{g2, g3} {
		add(inSeason, gm)
	}

	type row struct {
		user                string
		games, wins, losses int
		hands, bid          int
		mu, sigma           float64
	}
	check := func(name string, got []league.Record, want []row, sm map[string]*sums, seasonID int64, offset int) {
		t.Helper()
		if len(got) != len(want) {
			t.Fatalf("%s: %d records, want %d: %+v", name, len(got), len(want), got)
		}
		for i, w := range want {
			r := got[i]
			x := sm[w.user]
			if r.UserID != w.user || r.Rank != offset+i+1 || r.SeasonID != seasonID || r.Games != w.games ||
				r.Wins != w.wins || r.Losses != w.losses || r.Draws != 0 || r.Hands != w.hands || r.HandsBid != w.bid {
				t.Errorf("%s #%d: got %s rank %d season %d %d games %d-%d-%d, %d hands, %d bid; want %+v",
					name, i+1, r.UserID, r.Rank, r.SeasonID, r.Games, r.Wins, r.Losses, r.Draws, r.Hands, r.HandsBid, w)
			}
			if r.BidsMade != x.made || r.BidsSet != x.set || r.BidsMade+r.BidsSet != w.bid || r.MeldTotal != x.meld ||
				r.HighMeld != x.high || r.PointsFor != x.pf || r.PointsAgainst != x.pa {
				t.Errorf("%s %s: bids %d made %d set, meld %d high %d, points %d for %d against; want %+v",
					name, r.UserID, r.BidsMade, r.BidsSet, r.MeldTotal, r.HighMeld, r.PointsFor, r.PointsAgainst, *x)
			}
			if !near(r.Rating.Mu, w.mu, 1e-5) || !near(r.Rating.Sigma, w.sigma, 1e-5) {
				t.Errorf("%s %s: rating (%.5f, %.5f), want (%.5f, %.5f)", name, r.UserID, r.Rating.Mu, r.Rating.Sigma, w.mu, w.sigma)
			}
		}
	}
	const so, ss = 7.88643, 8.02649
	wantOverall := []row{
		{"ana", 3, 3, 0, 3, 2, 30.34640, so},
		{"ben", 3, 2, 1, 3, 0, 26.49924, so},
		{"cy", 3, 1, 2, 3, 0, 23.50076, so},
		{"dee", 3, 0, 3, 3, 1, 19.65360, so},
	}
	wantSeason := []row{
		{"ana", 2, 2, 0, 2, 1, 28.88788, ss},
		{"cy", 2, 1, 1, 2, 0, 25.04071, ss},
		{"ben", 2, 1, 1, 2, 0, 24.95929, ss},
		{"dee", 2, 0, 2, 2, 1, 21.11212, ss},
	}
	board, err := s.Leaderboard(ctx, "g1", league.Overall, 10, 0)
	if err != nil {
		t.Fatal(err)
	}
	check("overall", board, wantOverall, overall, league.Overall, 0)
	page, err := s.Leaderboard(ctx, "g1", league.Overall, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	check("overall page 2", page, wantOverall[1:3], overall, league.Overall, 1)
	standings, err := s.Standings(ctx, "g1", season.ID, 10, 0)
	if err != nil {
		t.Fatal(err)
	}
	check("season", standings, wantSeason, inSeason, season.ID, 0)
	if byBoard, err := s.Leaderboard(ctx, "g1", season.ID, 10, 0); err != nil || !reflect.DeepEqual(byBoard, standings) {
		t.Errorf("leaderboard of the season differs from its standings: %v", err)
	}
	if _, err := s.Standings(ctx, "g2", season.ID, 10, 0); !errors.Is(err, ErrNotFound) {
		t.Errorf("standings of another guild's season: %v, want ErrNotFound", err)
	}
	if _, err := s.Leaderboard(ctx, "g1", league.Overall, 0, 0); !errors.Is(err, ErrInvalid) {
		t.Errorf("limit 0: %v, want ErrInvalid", err)
	}
	// The other guild keeps its own records: its one game only.
	other, err := s.Leaderboard(ctx, "g2", league.Overall, 10, 0)
	if err != nil || len(other) != 4 || other[0].Games != 1 {
		t.Errorf("guild g2: %+v, %v", other, err)
	}

	ps, err := s.PlayerStats(ctx, "g1", "ben")
	if err != nil {
		t.Fatal(err)
	}
	if ps.Overall.Rank != 2 || ps.Overall.Wins != 2 || len(ps.Seasons) != 1 || ps.Seasons[0].Season != season ||
		ps.Seasons[0].Record.Rank != 3 || ps.Seasons[0].Record.Wins != 1 {
		t.Errorf("Ben's stats: %+v", ps)
	}
	if _, err := s.PlayerStats(ctx, "g1", "nobody"); !errors.Is(err, ErrNotFound) {
		t.Errorf("stats of a player without games: %v, want ErrNotFound", err)
	}
}

// TestLeaderboardOrderIsTheLeagues checks that the leaderboard lists players in the league's
// order (league.Less), ties included.
func TestLeaderboardOrderIsTheLeagues(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testLeaderboardOrderIsTheLeagues)
}

func testLeaderboardOrderIsTheLeagues(t *testing.T, db backend) {
	s := db.open(t)
	ctx := context.Background()
	rules := mustRules(t, "racehorse", map[string]string{"hands": "1"})
	players := []table.Seat{ana, ben, cy, dee, {UserID: "eve", Name: "Eve"}, {UserID: "fay", Name: "Fay"}}
	for i := range 8 {
		seats := []table.Seat{players[i%6], players[(i+1)%6], players[(i+2)%6], players[(i+3)%6]}
		playFinished(t, s, "g1", playOut(t, rules, uint64(40+i), 0), seats, t0.Add(time.Duration(i)*time.Hour))
	}
	board, err := s.Leaderboard(ctx, "g1", league.Overall, 100, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(board) != 6 {
		t.Fatalf("%d players on the board", len(board))
	}
	for i := 1; i < len(board); i++ {
		a := league.Standing{UserID: board[i-1].UserID, Rating: board[i-1].Rating, Games: board[i-1].Games}
		b := league.Standing{UserID: board[i].UserID, Rating: board[i].Rating, Games: board[i].Games}
		if !league.Less(a, b) {
			t.Errorf("%s is listed above %s against the league's order", a.UserID, b.UserID)
		}
	}
}
