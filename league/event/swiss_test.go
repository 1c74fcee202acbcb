package event

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestSwissEightOverThree(t *testing.T) {
	// Eight players, P1 the top seed, three rounds, worked by hand.
	tr := &Tournament{Event: Event{Format: Swiss, Entry: Individuals, Seats: 2, Rounds: 3}, Entrants: numbered(8)}

	// Round 1: one score group of eight, its top half against its bottom half. Nobody
	// has sat on side 0, so the better seed takes it.
	r := pairNext(t, tr)
	equal(t, "round 1", sides(r), []string{"P1-P5", "P2-P6", "P3-P7", "P4-P8"})
	beat(t, tr, "P1", "P5", 300, 250)
	beat(t, tr, "P6", "P2", 310, 290)
	beat(t, tr, "P3", "P7", 280, 280) // a draw
	beat(t, tr, "P4", "P8", 320, 200)

	// Scores: P1, P4, P6 1; P3, P7 ½; P2, P5, P8 0. Ranked: P1 P4 P6 | P3 P7 | P2 P5 P8.
	// P1 meets P4, half its group below it; P6 is left over and floats to P3, the top of
	// the next group; P7, left alone there (it has met P3), floats to P2; P5-P8. Sides:
	// P1 and P4 have both sat on side 0 once, so the better seed P1 takes it; P6 and P7
	// never have, and P3 and P2 have; P5 and P8 never have, and P5 is the better seed.
	r = pairNext(t, tr)
	equal(t, "round 2", sides(r), []string{"P1-P4", "P6-P3", "P7-P2", "P5-P8"})
	beat(t, tr, "P1", "P4", 350, 300)
	beat(t, tr, "P3", "P6", 300, 250)
	beat(t, tr, "P2", "P7", 260, 240)
	beat(t, tr, "P5", "P8", 200, 200) // a draw

	// Scores: P1 2; P3 1½; P2, P4, P6 1; P5, P7, P8 ½. Ranked: P1 | P3 | P2 P4 P6 |
	// P5 P7 P8. P1 floats to P3 (they have not met); P2 meets P4, half its group below
	// it; P6, left over, floats to P5; P7-P8. Sides: P3 has sat on side 0 once, P1
	// twice; P2 and P4 once each (P2 the better); P6 and P5 once each (P6 ranks higher);
	// P8 never, P7 once.
	r = pairNext(t, tr)
	equal(t, "round 3", sides(r), []string{"P3-P1", "P2-P4", "P6-P5", "P8-P7"})
	beat(t, tr, "P1", "P3", 330, 290)
	beat(t, tr, "P4", "P2", 300, 280)
	beat(t, tr, "P6", "P5", 270, 260)
	beat(t, tr, "P7", "P8", 250, 230)

	if _, err := tr.Pair(); !errors.Is(err, ErrOver) {
		t.Errorf("a fourth round: %v, want ErrOver", err)
	}

	// Final scores and Buchholz (the opponents' final scores added up):
	//
	//	P1 3    P5 ½ + P4 2 + P3 1½  = 4
	//	P4 2    P8 ½ + P1 3 + P2 1   = 4½
	//	P6 2    P2 1 + P3 1½ + P5 ½  = 3
	//	P3 1½   P7 1½ + P6 2 + P1 3  = 6½
	//	P7 1½   P3 1½ + P2 1 + P8 ½  = 3
	//	P2 1    P6 2 + P7 1½ + P4 2  = 5½
	//	P5 ½    P1 3 + P8 ½ + P6 2   = 5½
	//	P8 ½    P4 2 + P5 ½ + P7 1½  = 4
	//
	// Buchholz separates every tie on the score.
	st, err := tr.Standings()
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		rank          int
		id            string
		w, d, l       int
		score, buch   float64
		pFor, against int
	}
	want := []row{
		{1, "P1", 3, 0, 0, 3, 4, 980, 840},
		{2, "P4", 2, 0, 1, 2, 4.5, 920, 830},
		{3, "P6", 2, 0, 1, 2, 3, 830, 850},
		{4, "P3", 1, 1, 1, 1.5, 6.5, 870, 860},
		{5, "P7", 1, 1, 1, 1.5, 3, 770, 770},
		{6, "P2", 1, 0, 2, 1, 5.5, 830, 850},
		{7, "P5", 0, 1, 2, 0.5, 5.5, 710, 770},
		{8, "P8", 0, 1, 2, 0.5, 4, 630, 770},
	}
	for i, w := range want {
		s := st[i]
		got := row{s.Rank, s.Entrant, s.Wins, s.Draws, s.Losses, s.Score, s.Buchholz, s.PointsFor, s.PointsAgainst}
		if got != w || s.Played != 3 || s.HeadToHead != 0 {
			t.Errorf("standing %d: %+v (played %d, head-to-head %g), want %+v", i+1, got, s.Played, s.HeadToHead, w)
		}
	}
}

// history returns rounds of two-player tables given as "A-B" strings, sides in that order.
func history(rounds ...[]string) []Round {
	var out []Round
	for i, tables := range rounds {
		r := Round{Number: i + 1}
		for k, tb := range tables {
			var a, b string
			fmt.Sscanf(tb, "%2s-%2s", &a, &b)
			r.Tables = append(r.Tables, Table{Number: k + 1, Sides: [][]string{{a}, {b}}, Seats: []string{a, b}})
		}
		out = append(out, r)
	}
	return out
}

// sideZeroWins returns results in which side 0 of every table of rounds wins 1 to 0.
func sideZeroWins(rounds []Round) []Result {
	var out []Result
	for _, r := range rounds {
		for _, tb := range r.Tables {
			out = append(out, won(r.Number, tb.Number, 0, 1, 0))
		}
	}
	return out
}

func TestSwissAvoidsRematches(t *testing.T) {
	ev := Event{Format: Swiss, Entry: Individuals, Seats: 2, Rounds: 5}
	cases := []struct {
		name    string
		players int
		history []Round
		results []Result // nil: side 0 wins every table
		want    []string
		byes    []string
	}{{
		// Round 1 to side 0; round 2 all drawn: P1 to P4 1½, P5 to P8 ½. In each group
		// the top half would meet the bottom half straight (P1-P3, P5-P7), but those
		// met in round 2, so the bottom half turns: P1-P4, P2-P3; P5-P8, P6-P7. Nobody
		// floats. Sides: P4 has sat on side 0 once and P1 twice; P3 once, P2 twice; P8
		// and P7 never.
		name:    "a transposition within a score group",
		players: 8,
		history: history([]string{"P1-P5", "P2-P6", "P3-P7", "P4-P8"}, []string{"P1-P3", "P2-P4", "P5-P7", "P6-P8"}),
		results: []Result{
			won(1, 1, 0, 1, 0), won(1, 2, 0, 1, 0), won(1, 3, 0, 1, 0), won(1, 4, 0, 1, 0),
			won(2, 1, -1, 1, 1), won(2, 2, -1, 1, 1), won(2, 3, -1, 1, 1), won(2, 4, -1, 1, 1),
		},
		want: []string{"P4-P1", "P3-P2", "P8-P5", "P7-P6"},
	}, {
		// Round 1 to side 0; round 2 all drawn: P1 P2 P3 1½, P4 P5 P6 ½. P1 would meet P2
		// (half its group of three below it), but they met: P1 meets P3, and P2, left
		// over, floats to P4, the top of the group below; P5-P6.
		name:    "a float",
		players: 6,
		history: history([]string{"P1-P4", "P2-P5", "P3-P6"}, []string{"P1-P2", "P3-P5", "P4-P6"}),
		results: []Result{
			won(1, 1, 0, 1, 0), won(1, 2, 0, 1, 0), won(1, 3, 0, 1, 0),
			won(2, 1, -1, 1, 1), won(2, 2, -1, 1, 1), won(2, 3, -1, 1, 1),
		},
		want: []string{"P1-P3", "P2-P4", "P5-P6"},
	}, {
		// P1, P2 and P3 each met P4, P5 and P6 and won: the pairs that have not met are
		// within {P1,P2,P3} and within {P4,P5,P6}, two groups of three, so one rematch
		// cannot be avoided, and only one is made. P1-P2 (half its group below it);
		// P3 has met everyone left and meets P4, the best-ranked of them; P5-P6.
		name:    "an unavoidable rematch, only one",
		players: 6,
		history: history([]string{"P1-P4", "P2-P5", "P3-P6"}, []string{"P1-P5", "P2-P6", "P3-P4"}, []string{"P1-P6", "P2-P4", "P3-P5"}),
		want:    []string{"P1-P2", "P4-P3", "P5-P6"},
	}, {
		// Five players, P3 sat out round 1, and side 0 won: P1 P2 P3 1, P4 P5 0. P5 is the
		// lowest-ranked without a bye: it sits out. P1 meets P2 (half its group of three
		// below it), and P3 floats to P4.
		name:    "a bye to the lowest",
		players: 5,
		history: []Round{{Number: 1, Tables: history([]string{"P1-P4", "P2-P5"})[0].Tables, Byes: []string{"P3"}}},
		want:    []string{"P1-P2", "P3-P4"},
		byes:    []string{"P5"},
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := &Tournament{Event: ev, Entrants: numbered(c.players), Rounds: c.history, Results: c.results}
			if tr.Results == nil {
				tr.Results = sideZeroWins(c.history)
			}
			r, err := tr.Pair()
			if err != nil {
				t.Fatal(err)
			}
			equal(t, "tables", sides(r), c.want)
			equal(t, "byes", r.Byes, c.byes)
		})
	}
}

func TestSwissWaitsForResults(t *testing.T) {
	tr := &Tournament{Event: Event{Format: Swiss, Entry: Individuals, Seats: 2, Rounds: 3}, Entrants: numbered(4)}
	pairNext(t, tr)
	beat(t, tr, "P1", "P3", 10, 0)
	if _, err := tr.Pair(); !errors.Is(err, ErrRoundOpen) || !strings.Contains(err.Error(), "round 1, table 2 has no result") {
		t.Fatalf("Pair with a table unfinished: %v, want ErrRoundOpen naming round 1, table 2", err)
	}
	// A void table is settled: it counts for nobody, and its players have met.
	tr.Results = append(tr.Results, Result{Round: 1, Table: 2, Void: true})
	r := pairNext(t, tr)
	// P1 1; P2, P3, P4 0. P1 floats to P2, the best-ranked below it; P3-P4. P2 and P4,
	// who met at the void table, do not meet again.
	equal(t, "round 2", sides(r), []string{"P1-P2", "P3-P4"})
	st, err := tr.Standings()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range st {
		if (s.Entrant == "P2" || s.Entrant == "P4") && s.Played != 0 {
			t.Errorf("%s played %d at a void table, want 0", s.Entrant, s.Played)
		}
	}
}
