package league

import (
	"errors"
	"slices"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
)

// played returns a game of preset played by random players to its end, or to max actions
// when max > 0.
func played(t *testing.T, preset string, opts map[string]string, seed uint64, max int) *engine.Game {
	t.Helper()
	rules, err := engine.NewRules(preset, opts)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.NewGame(rules, seed)
	if err != nil {
		t.Fatal(err)
	}
	p, err := computer.New("random", seed)
	if err != nil {
		t.Fatal(err)
	}
	for !g.Over() && (max <= 0 || g.LogLen() < max) {
		seat := g.Turn()
		if seat < 0 {
			for s := range rules.Players {
				if g.Waiting(s) {
					seat = s
					break
				}
			}
		}
		if err := g.Apply(p.Choose(g.View(seat))); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

var (
	ana = Seat{UserID: "ana", Name: "Ana"}
	ben = Seat{UserID: "ben", Name: "Ben"}
	cy  = Seat{UserID: "cy", Name: "Cy"}
	dee = Seat{UserID: "dee", Name: "Dee"}
	cpu = Seat{Name: "Bot", Computer: true}
)

func TestDecide(t *testing.T) {
	over := played(t, "racehorse", map[string]string{"hands": "1"}, 3, 0)
	midway := played(t, "racehorse", map[string]string{"hands": "2"}, 3, 30)
	humans := []Seat{ana, ben, cy, dee}
	cases := []struct {
		name      string
		in        Input
		err       error
		counted   bool
		winner    int
		records   int
		changes   int
		forfeited bool
		season    int64
	}{
		{name: "humans, no season", in: Input{Game: over, Seats: humans, Forfeit: NoForfeit},
			counted: true, winner: over.Winner(), records: 4, changes: 4},
		{name: "humans, in a season", in: Input{Game: over, Seats: humans, Forfeit: NoForfeit, Season: 7},
			counted: true, winner: over.Winner(), records: 8, changes: 4, season: 7},
		{name: "computers, the guild does not count them", in: Input{Game: over, Seats: []Seat{ana, cpu, cy, cpu}, Forfeit: NoForfeit},
			winner: over.Winner()},
		{name: "computers, the guild counts them", in: Input{Game: over, Seats: []Seat{ana, cpu, cy, cpu}, Forfeit: NoForfeit, CountComputerGames: true},
			counted: true, winner: over.Winner(), records: 2, changes: 2},
		{name: "only computers never count", in: Input{Game: over, Seats: []Seat{cpu, cpu, cpu, cpu}, Forfeit: NoForfeit, CountComputerGames: true},
			winner: over.Winner()},
		{name: "an open seat never counts", in: Input{Game: over, Seats: []Seat{ana, {}, cy, dee}, Forfeit: NoForfeit, CountComputerGames: true},
			winner: over.Winner()},
		{name: "humans, unrated by their event", in: Input{Game: over, Seats: humans, Forfeit: NoForfeit, Season: 7, Unrated: true},
			winner: over.Winner()},
		{name: "a daily deal against computers, unrated", in: Input{Game: over, Seats: []Seat{ana, cpu, cpu, cpu}, Forfeit: NoForfeit, CountComputerGames: true, Unrated: true},
			winner: over.Winner()},
		{name: "forfeit by team 0", in: Input{Game: midway, Seats: humans, Forfeit: 0},
			counted: true, winner: 1, records: 4, changes: 4, forfeited: true},
		{name: "forfeit by team 1", in: Input{Game: midway, Seats: humans, Forfeit: 1},
			counted: true, winner: 0, records: 4, changes: 4, forfeited: true},
		{name: "finish before the end", in: Input{Game: midway, Seats: humans, Forfeit: NoForfeit}, err: ErrNotOver},
		{name: "forfeit after the end", in: Input{Game: over, Seats: humans, Forfeit: 1}, err: ErrAlreadyOver},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, err := Decide(tc.in)
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("err %v, want %v", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			r := out.Result
			if r.Counted != tc.counted || r.Winner != tc.winner || r.Forfeited != tc.forfeited || r.Season != tc.season ||
				len(out.Records) != tc.records || len(out.Changes) != tc.changes {
				t.Errorf("result %+v with %d records and %d changes; want counted %v, winner %d, forfeited %v, season %d, %d records, %d changes",
					r, len(out.Records), len(out.Changes), tc.counted, tc.winner, tc.forfeited, tc.season, tc.records, tc.changes)
			}
			if r.Scores != tc.in.Game.Scores() || len(out.Hands) != len(tc.in.Game.Results()) {
				t.Errorf("scores %v and %d hands, want the game's %v and %d", r.Scores, len(out.Hands), tc.in.Game.Scores(), len(tc.in.Game.Results()))
			}
			for _, rc := range out.Records {
				if rc.Wins+rc.Losses+rc.Draws != 1 || rc.Hands != len(out.Hands) {
					t.Errorf("%s: %d/%d/%d over %d hands", rc.UserID, rc.Wins, rc.Losses, rc.Draws, rc.Hands)
				}
				team := -1
				for i, s := range tc.in.Seats {
					if s.UserID == rc.UserID {
						team = tc.in.Game.Rules().TeamOf(i)
					}
				}
				won := team == r.Winner
				if won != (rc.Wins == 1) || won != (rc.Rating.Mu > rc.RatingBefore.Mu) {
					t.Errorf("%s (team %d, winner %d): wins %d, mu %.3f -> %.3f", rc.UserID, team, r.Winner, rc.Wins, rc.RatingBefore.Mu, rc.Rating.Mu)
				}
			}
		})
	}
}

// TestDecideUsesGivenRatings: a player's rating before the game is the one given for the
// scope, and a player missing from it starts new.
func TestDecideUsesGivenRatings(t *testing.T) {
	g := played(t, "racehorse", map[string]string{"hands": "1"}, 5, 0)
	strong := Rating{Mu: 40, Sigma: 2}
	out, err := Decide(Input{Game: g, Seats: []Seat{ana, ben, cy, dee}, Forfeit: NoForfeit, Season: 2,
		Ratings: map[int64]map[string]Rating{Overall: {"ana": strong}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, rc := range out.Records {
		want := NewRating()
		if rc.UserID == "ana" && rc.Scope == Overall {
			want = strong
		}
		if rc.RatingBefore != want {
			t.Errorf("%s in scope %d: before %+v, want %+v", rc.UserID, rc.Scope, rc.RatingBefore, want)
		}
	}
}

func TestLess(t *testing.T) {
	a := Standing{UserID: "a", Rating: Rating{Mu: 30, Sigma: 5}, Games: 3}
	cases := []struct {
		x, y Standing
		want bool
	}{
		{a, Standing{UserID: "b", Rating: Rating{Mu: 29, Sigma: 5}, Games: 9}, true},
		{a, Standing{UserID: "b", Rating: Rating{Mu: 30, Sigma: 5}, Games: 2}, true},
		{a, Standing{UserID: "b", Rating: Rating{Mu: 30, Sigma: 5}, Games: 3}, true},
		{Standing{UserID: "b", Rating: Rating{Mu: 30, Sigma: 5}, Games: 3}, a, false},
		{a, a, false},
	}
	for _, tc := range cases {
		if got := Less(tc.x, tc.y); got != tc.want {
			t.Errorf("Less(%+v, %+v) = %v", tc.x, tc.y, got)
		}
	}
}

// TestDecideTwoHanded decides a two-handed game: each player is a team of one, rated one
// against the other, and with no auction no bid counts in their records.
func TestDecideTwoHanded(t *testing.T) {
	g := played(t, "two-handed", map[string]string{"hands": "2", "target": "0"}, 5, 0)
	out, err := Finish(Input{Game: g, Seats: []Seat{ana, ben}})
	if err != nil {
		t.Fatal(err)
	}
	if !out.Result.Counted || len(out.Records) != 2 || len(out.Changes) != 2 {
		t.Fatalf("result %+v, %d records, %d changes", out.Result, len(out.Records), len(out.Changes))
	}
	winner := out.Result.Winner
	for i, rc := range out.Records {
		if rc.Hands != 2 || rc.HandsBid != 0 || rc.BidsMade != 0 || rc.BidsSet != 0 {
			t.Errorf("%s: hands %d, bid %d, made %d, set %d", rc.UserID, rc.Hands, rc.HandsBid, rc.BidsMade, rc.BidsSet)
		}
		won := winner == i
		if won != (rc.Wins == 1) || (winner >= 0 && !won) != (rc.Losses == 1) {
			t.Errorf("%s: wins %d, losses %d, winner %d", rc.UserID, rc.Wins, rc.Losses, winner)
		}
		if rc.PointsFor != g.Scores()[i] || rc.PointsAgainst != g.Scores()[1-i] {
			t.Errorf("%s: points %d against %d, scores %v", rc.UserID, rc.PointsFor, rc.PointsAgainst, g.Scores())
		}
		moved := rc.Rating.Mu > rc.RatingBefore.Mu
		if winner >= 0 && moved != won {
			t.Errorf("%s: rating %v → %v though it %s", rc.UserID, rc.RatingBefore, rc.Rating, map[bool]string{true: "won", false: "lost"}[won])
		}
	}
}

// TestDecideThreeHanded decides three-handed games: three individuals, places by score
// (the engine's winner first), a free-for-all rating that moves the winner up and the last
// down, and records with each player's own score against the best of the others'.
func TestDecideThreeHanded(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		g := played(t, "three-handed", map[string]string{"hands": "3", "target": "0"}, seed, 0)
		out, err := Finish(Input{Game: g, Seats: []Seat{ana, ben, cy}})
		if err != nil {
			t.Fatal(err)
		}
		r := out.Result
		sc := g.SeatScores()
		if len(r.SeatScores) != 3 || r.SeatScores[0] != sc[0] || r.Scores != [2]int{} || len(r.Teams[0])+len(r.Teams[1]) != 0 {
			t.Fatalf("seed %d: result %+v, seat scores %v", seed, r, sc)
		}
		if r.Winner != g.Winner() || (r.Winner >= 0 && r.Places[r.Winner] != 1) {
			t.Fatalf("seed %d: winner %d (engine %d), places %v", seed, r.Winner, g.Winner(), r.Places)
		}
		for i, rc := range out.Records {
			if rc.PointsFor != sc[i] || rc.Hands != 3 || (rc.Wins == 1) != (r.Winner == i) {
				t.Errorf("seed %d: %s %+v", seed, rc.UserID, rc)
			}
			if r.Places[i] == 1 && r.Winner == i && rc.Rating.Mu <= rc.RatingBefore.Mu {
				t.Errorf("seed %d: the winner's rating fell: %v → %v", seed, rc.RatingBefore, rc.Rating)
			}
			if r.Places[i] == 3 && rc.Rating.Mu >= rc.RatingBefore.Mu {
				t.Errorf("seed %d: the last's rating rose: %v → %v", seed, rc.RatingBefore, rc.Rating)
			}
		}
		if len(out.Records) != 3 || len(out.Changes) != 3 {
			t.Fatalf("seed %d: %d records, %d changes", seed, len(out.Records), len(out.Changes))
		}
	}
	// A forfeit: the seat that leaves comes last whatever its score, and a game its log
	// ends cannot be forfeited.
	g := played(t, "three-handed", map[string]string{"hands": "3", "target": "0"}, 2, 12)
	out, err := Forfeit(0)(Input{Game: g, Seats: []Seat{ana, ben, cy}})
	if err != nil || out.Result.Places[0] != 3 || !out.Result.Forfeited || out.Records[0].Losses != 1 {
		t.Fatalf("forfeit by seat 0: %+v, %v", out.Result, err)
	}
	if _, err := Forfeit(3)(Input{Game: g, Seats: []Seat{ana, ben, cy}}); err == nil {
		t.Error("seat 3 of 3 forfeited")
	}
}

func TestSoloPlaces(t *testing.T) {
	for _, tc := range []struct {
		scores  []int
		forfeit int
		want    []int
	}{
		{[]int{100, 300, 200}, NoForfeit, []int{3, 1, 2}},
		{[]int{300, 300, 200}, NoForfeit, []int{1, 1, 3}},
		{[]int{900, 300, 200}, 0, []int{3, 1, 2}},
		{[]int{-50, 0, -50}, NoForfeit, []int{2, 1, 2}},
	} {
		if got := soloPlaces(tc.scores, tc.forfeit); !slices.Equal(got, tc.want) {
			t.Errorf("soloPlaces(%v, %d) = %v, want %v", tc.scores, tc.forfeit, got, tc.want)
		}
	}
}

// TestPlacesWinnerFirst checks the places of a three-handed game's end: by score, ties
// sharing, and the winner (who counts first as the bidder) first.
func TestPlacesWinnerFirst(t *testing.T) {
	for _, tc := range []struct {
		scores []int
		winner int
		want   []int
	}{
		{[]int{1500, 900, 1200}, 0, []int{1, 3, 2}},
		{[]int{1000, 1000, 400}, -1, []int{1, 1, 3}},
		{[]int{1510, 1560, 300}, 0, []int{1, 2, 3}},  // the bidder counts first
		{[]int{1510, 1560, 1560}, 0, []int{1, 2, 2}}, // and the others keep their tie behind
		{[]int{200, 100, 100}, 0, []int{1, 2, 2}},
	} {
		if got := Places(tc.scores, tc.winner, NoForfeit); !slices.Equal(got, tc.want) {
			t.Errorf("Places(%v, %d, NoForfeit) = %v, want %v", tc.scores, tc.winner, got, tc.want)
		}
	}
}
