package event

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// detail returns standings as "rank entrant score h2h pd" lines.
func detail(t *testing.T, tr *Tournament) []string {
	t.Helper()
	st, err := tr.Standings()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, s := range st {
		out = append(out, fmt.Sprintf("%d %s %g h2h %g pd %d", s.Rank, s.Entrant, s.Score, s.HeadToHead, s.PointDifference()))
	}
	return out
}

func TestHeadToHeadBeforePointDifference(t *testing.T) {
	// A round robin of four: A and B finish on 2, and A beat B, so A ranks first although
	// B's point difference is better (+300 to +160). C: 840 for, 800 against; D: 450
	// for, 950 against.
	//
	//	round 1: A 300 D 100, B 300 C 290
	//	round 2: B 400 D 100, C 300 A 250
	//	round 3: A 260 B 250, C 250 D 250
	tr := &Tournament{Event: Event{Format: RoundRobin, Entry: Individuals, Seats: 2}, Entrants: players("A", "B", "C", "D")}
	pairNext(t, tr)
	beat(t, tr, "A", "D", 300, 100)
	beat(t, tr, "B", "C", 300, 290)
	pairNext(t, tr)
	beat(t, tr, "B", "D", 400, 100)
	beat(t, tr, "C", "A", 300, 250)
	pairNext(t, tr)
	beat(t, tr, "A", "B", 260, 250)
	beat(t, tr, "C", "D", 250, 250)
	equal(t, "standings", detail(t, tr), []string{
		"1 A 2 h2h 1 pd 160",
		"2 B 2 h2h 0 pd 300",
		"3 C 1.5 h2h 0 pd 40",
		"4 D 0.5 h2h 0 pd -500",
	})
	equal(t, "tiebreaks", tr.Event.Tiebreaks(), []Tiebreak{HeadToHead, PointDifference})
}

func TestSharedRanks(t *testing.T) {
	// Three players, one sitting out each round: A, B and C each beat one and lose to one,
	// and each has a bye, so all score 2 and head-to-head leaves them level at 1. Point
	// difference: A -150 + 50 = -100, B +100 - 50 = +50, C -100 + 150 = +50. B and C
	// share first place, listed in seed order; A is third.
	tr := &Tournament{Event: Event{Format: RoundRobin, Entry: Individuals, Seats: 2}, Entrants: players("A", "B", "C")}
	pairNext(t, tr)
	beat(t, tr, "B", "C", 300, 200)
	pairNext(t, tr)
	beat(t, tr, "C", "A", 350, 200)
	pairNext(t, tr)
	beat(t, tr, "A", "B", 300, 250)
	equal(t, "standings", detail(t, tr), []string{
		"1 B 2 h2h 1 pd 50",
		"1 C 2 h2h 1 pd 50",
		"3 A 2 h2h 1 pd -100",
	})
	st, _ := tr.Standings()
	for _, s := range st {
		if s.Played != 3 || s.Wins != 2 || s.Byes != 1 || s.Losses != 1 {
			t.Errorf("%s: played %d, won %d, byes %d, lost %d; want 3 (a bye and two games), 2, 1, 1",
				s.Entrant, s.Played, s.Wins, s.Byes, s.Losses)
		}
	}
}

func TestThreeHandedStandings(t *testing.T) {
	// One three-handed table: A wins with 500; C (450) and B (300) lose. Points against
	// are the best of the others': A 450, B 500, C 500. The losers are level on score,
	// and finished level with each other (both lost), so point difference puts C ahead.
	tr := &Tournament{Event: Event{Format: RoundRobin, Entry: Individuals, Seats: 3}, Entrants: players("A", "B", "C")}
	r := pairNext(t, tr)
	equal(t, "round 1", sides(r), []string{"A-B-C"})
	tr.Results = []Result{{Round: 1, Table: 1, Sides: []SideResult{{Win, 500}, {Loss, 300}, {Loss, 450}}}}
	equal(t, "standings", detail(t, tr), []string{
		"1 A 1 h2h 0 pd 50",
		"2 C 0 h2h 0.5 pd -50",
		"3 B 0 h2h 0.5 pd -200",
	})
	// A and C share first place: a draw for both; B loses to both.
	tr.Results = []Result{{Round: 1, Table: 1, Sides: []SideResult{{Draw, 500}, {Loss, 300}, {Draw, 500}}}}
	equal(t, "standings", detail(t, tr), []string{
		"1 A 0.5 h2h 0.5 pd 0",
		"1 C 0.5 h2h 0.5 pd 0",
		"3 B 0 h2h 0 pd -200",
	})
	// Outcomes that do not add up.
	for _, bad := range [][]Outcome{{Win, Win, Loss}, {Loss, Loss, Loss}, {Win, Draw, Loss}, {Draw, Loss, Loss}, {Win, Loss}, {Win, Loss, 0}} {
		res := Result{Round: 1, Table: 1}
		for _, o := range bad {
			res.Sides = append(res.Sides, SideResult{Outcome: o})
		}
		tr.Results = nil
		if err := tr.CheckResult(res); !errors.Is(err, ErrHistory) {
			t.Errorf("outcomes %v: %v, want ErrHistory", bad, err)
		}
		tr.Results = []Result{res}
		if _, err := tr.Standings(); !errors.Is(err, ErrHistory) {
			t.Errorf("standings with outcomes %v: %v, want ErrHistory", bad, err)
		}
	}
}

func TestNewPartnersStandings(t *testing.T) {
	// Four players, new partners, one table a round: each player's record is its side's.
	// Round 1's partnerships are the circle's pairs of places (0,3) and (1,2): P1+P4
	// against P2+P3.
	tr := &Tournament{Event: Event{Format: RoundRobin, Entry: NewPartners, Seats: 4}, Entrants: numbered(4)}
	r := pairNext(t, tr)
	equal(t, "round 1", sides(r), []string{"P1+P4-P2+P3"})
	equal(t, "seats", r.Tables[0].Seats, []string{"P1", "P2", "P4", "P3"})
	tr.Results = []Result{won(1, 1, 1, 200, 250)}
	equal(t, "standings", detail(t, tr), []string{
		"1 P2 1 h2h 0 pd 50",
		"1 P3 1 h2h 0 pd 50",
		"3 P1 0 h2h 0 pd -50",
		"3 P4 0 h2h 0 pd -50",
	})
}

func TestHistoryChecks(t *testing.T) {
	// Stored rounds and results that do not fit the event are refused, never used.
	base := func() *Tournament {
		tr := &Tournament{Event: Event{Format: Swiss, Entry: Individuals, Seats: 2, Rounds: 2}, Entrants: numbered(4)}
		pairNext(t, tr)
		return tr
	}
	cases := []struct {
		name  string
		spoil func(tr *Tournament)
		want  string
	}{
		{"a round misnumbered", func(tr *Tournament) { tr.Rounds[0].Number = 2 }, "numbered 2"},
		{"a table misnumbered", func(tr *Tournament) { tr.Rounds[0].Tables[1].Number = 5 }, "table 2 is numbered 5"},
		{"a stranger", func(tr *Tournament) { tr.Rounds[0].Tables[0].Sides[0] = []string{"X"} }, `"X" has not entered`},
		{"someone twice", func(tr *Tournament) { tr.Rounds[0].Byes = []string{"P1"} }, `"P1" is seated twice`},
		{"three sides", func(tr *Tournament) { tr.Rounds[0].Tables[0].Sides = append(tr.Rounds[0].Tables[0].Sides, nil) }, "3 sides, not 2"},
		{"seats that do not seat the sides", func(tr *Tournament) { tr.Rounds[0].Tables[0].Seats = []string{"P5", "P1"} }, "do not seat its sides"},
		{"too many rounds", func(tr *Tournament) { tr.Rounds = append(tr.Rounds, tr.Rounds[0], tr.Rounds[0]) }, "3 rounds paired"},
		{"a result for no table", func(tr *Tournament) { tr.Results = []Result{won(1, 3, 0, 1, 0)} }, "round 1 has no table 3"},
		{"a result for no round", func(tr *Tournament) { tr.Results = []Result{won(2, 1, 0, 1, 0)} }, "round 2 has no table 1"},
		{"two results for a table", func(tr *Tournament) { tr.Results = []Result{won(1, 1, 0, 1, 0), won(1, 1, 1, 0, 1)} }, "two results"},
		{"a void with sides", func(tr *Tournament) { tr.Results = []Result{{Round: 1, Table: 1, Void: true, Sides: []SideResult{{}}}} }, "no side results"},
		{"a deal result outside duplicate", func(tr *Tournament) {
			tr.DealResults = []DealResult{{Round: 1, Table: 1, Deal: 1, Points: []int{1, 2}}}
		}, "only a duplicate table"},
		{"entrants that cannot play", func(tr *Tournament) { tr.Entrants = numbered(1) }, "needs at least 2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := base()
			c.spoil(tr)
			_, errPair := tr.Pair()
			_, errStand := tr.Standings()
			for _, err := range []error{errPair, errStand} {
				if err == nil || !strings.Contains(err.Error(), c.want) {
					t.Errorf("got %v, want an error saying %q", err, c.want)
				}
			}
		})
	}
}

func TestFormatsApart(t *testing.T) {
	swiss := &Tournament{Event: Event{Format: Swiss, Entry: Individuals, Seats: 2, Rounds: 2}, Entrants: numbered(4)}
	if _, err := swiss.Bracket(); !errors.Is(err, ErrFormat) {
		t.Errorf("a Swiss bracket: %v, want ErrFormat", err)
	}
	if _, err := swiss.Matchpoints(); !errors.Is(err, ErrFormat) {
		t.Errorf("Swiss matchpoints: %v, want ErrFormat", err)
	}
	if _, err := swiss.Schedule(); !errors.Is(err, ErrFormat) {
		t.Errorf("a Swiss schedule: %v, want ErrFormat", err)
	}
	dup := &Tournament{Event: Event{Format: Duplicate, Entry: Individuals, Seats: 2, Rounds: 1, Deals: 2}, Entrants: numbered(4)}
	if _, err := dup.Standings(); !errors.Is(err, ErrFormat) {
		t.Errorf("duplicate standings: %v, want ErrFormat", err)
	}
	pairNext(t, dup)
	if err := dup.CheckResult(won(1, 1, 0, 1, 0)); !errors.Is(err, ErrHistory) {
		t.Errorf("a table result in duplicate: %v, want ErrHistory", err)
	}
}
