package event

import (
	"errors"
	"fmt"
	"slices"
	"testing"
)

// meetings counts, over rounds, how often each two entrants sat on different sides of a
// table (opposed) and on the same side (partnered), keyed "A B" with A < B.
func meetings(rounds []Round) (opposed, partnered map[string]int) {
	opposed, partnered = map[string]int{}, map[string]int{}
	pair := func(a, b string) string {
		if b < a {
			a, b = b, a
		}
		return a + " " + b
	}
	for _, r := range rounds {
		for _, tb := range r.Tables {
			for si, side := range tb.Sides {
				for sj := si; sj < len(tb.Sides); sj++ {
					for ka, a := range side {
						for kb, b := range tb.Sides[sj] {
							switch {
							case si != sj:
								opposed[pair(a, b)]++
							case kb > ka:
								partnered[pair(a, b)]++
							}
						}
					}
				}
			}
		}
	}
	return opposed, partnered
}

// everyPair calls f with every two of ids.
func everyPair(ids []string, f func(key string)) {
	sorted := slices.Sorted(slices.Values(ids))
	for i, a := range sorted {
		for _, b := range sorted[i+1:] {
			f(a + " " + b)
		}
	}
}

// idsOf returns the entrants' IDs.
func idsOf(ents []Entrant) []string {
	var out []string
	for _, en := range ents {
		out = append(out, en.ID)
	}
	return out
}

func TestRoundRobinSixTeams(t *testing.T) {
	// Six partnerships, T1 the top seed. The circle method over places 0 to 5 (T1 to T6):
	// in round r place 5 meets place r, and places r+i and r-i (modulo 5) meet. Side 0
	// (seats 0 and 2, first to deal) goes to whoever has sat there less, then to the
	// better seed:
	//
	//	round 1: (0,5) (1,4) (2,3)  all level: T1-T6, T2-T5, T3-T4
	//	round 2: (1,5) (2,0) (3,4)  T6 has not sat on side 0, T2 has: T6-T2; T1 and T3
	//	                            once each: T1-T3; T4-T5
	//	round 3: (2,5) (3,1) (4,0)  T3-T6; T2-T4; T5 never, T1 twice: T5-T1
	//	round 4: (3,5) (4,2) (0,1)  T4-T6; T5 once, T3 twice: T5-T3; T1-T2
	//	round 5: (4,5) (0,3) (1,2)  T6 once, T5 twice: T6-T5; T4 twice, T1 three
	//	                            times: T4-T1; T2-T3
	//
	// Tables are numbered from the best seed at them.
	want := [][]string{
		{"T1-T6", "T2-T5", "T3-T4"},
		{"T1-T3", "T6-T2", "T4-T5"},
		{"T5-T1", "T2-T4", "T3-T6"},
		{"T1-T2", "T5-T3", "T4-T6"},
		{"T4-T1", "T2-T3", "T6-T5"},
	}
	tr := &Tournament{Event: Event{Format: RoundRobin, Entry: Partnerships, Seats: 4}, Entrants: teams(6, 2)}
	rounds, err := tr.Schedule()
	if err != nil {
		t.Fatal(err)
	}
	if len(rounds) != len(want) {
		t.Fatalf("%d rounds, want %d", len(rounds), len(want))
	}
	for i, r := range rounds {
		equal(t, fmt.Sprintf("round %d", i+1), sides(r), want[i])
		if len(r.Byes) != 0 {
			t.Errorf("round %d: byes %q in an even field", i+1, r.Byes)
		}
	}
	// A partnership sits in its team's seats, in its order: T4 on side 0 of round 5's
	// first table at seats 0 and 2, T1 at 1 and 3.
	equal(t, "round 5, table 1 seats", rounds[4].Tables[0].Seats, []string{"T4a", "T1a", "T4b", "T1b"})
	opposed, _ := meetings(rounds)
	everyPair(idsOf(tr.Entrants), func(k string) {
		if opposed[k] != 1 {
			t.Errorf("%s met %d times, want once", k, opposed[k])
		}
	})

	// Pair gives the same rounds one at a time, without results.
	for i := range want {
		tr.Rounds = rounds[:i]
		r, err := tr.Pair()
		if err != nil {
			t.Fatal(err)
		}
		equal(t, fmt.Sprintf("Pair for round %d", i+1), sides(r), want[i])
	}
	tr.Rounds = rounds
	if _, err := tr.Pair(); !errors.Is(err, ErrOver) {
		t.Errorf("Pair after the last round: %v, want ErrOver", err)
	}
}

func TestRoundRobinOddField(t *testing.T) {
	// Five players: place 5 is empty, and whoever meets it sits out, round r's being
	// place r-1: P1, P2, ..., P5 in turn.
	tr := &Tournament{Event: Event{Format: RoundRobin, Entry: Individuals, Seats: 2}, Entrants: numbered(5)}
	rounds, err := tr.Schedule()
	if err != nil {
		t.Fatal(err)
	}
	//
	//	round 1: (0,5) (1,4) (2,3)  P1 out; P2-P5, P3-P4
	//	round 2: (1,5) (2,0) (3,4)  P2 out; P1 has not sat on side 0: P1-P3; P4-P5
	//	round 3: (2,5) (3,1) (4,0)  P3 out; P2 and P4 once: P2-P4; P5 never: P5-P1
	//	round 4: (3,5) (4,2) (0,1)  P4 out; P3 and P5 once: P3-P5; P1 once, P2
	//	                            twice: P1-P2
	//	round 5: (4,5) (0,3) (1,2)  P5 out; P4 once, P1 twice: P4-P1; P2-P3
	want := [][]string{
		{"P2-P5", "P3-P4"},
		{"P1-P3", "P4-P5"},
		{"P5-P1", "P2-P4"},
		{"P1-P2", "P3-P5"},
		{"P4-P1", "P2-P3"},
	}
	for i, r := range rounds {
		equal(t, fmt.Sprintf("round %d", i+1), sides(r), want[i])
		equal(t, fmt.Sprintf("round %d byes", i+1), r.Byes, []string{fmt.Sprintf("P%d", i+1)})
	}
	opposed, _ := meetings(rounds)
	everyPair(idsOf(tr.Entrants), func(k string) {
		if opposed[k] != 1 {
			t.Errorf("%s met %d times, want once", k, opposed[k])
		}
	})
}

func TestRoundRobinThreeHanded(t *testing.T) {
	// Nine players at three-handed tables: 4 rounds, and the search finds a schedule in
	// which every two players meet exactly once (a Kirkman triple system).
	tr := &Tournament{Event: Event{Format: RoundRobin, Entry: Individuals, Seats: 3, Seed: 1}, Entrants: numbered(9)}
	rounds, err := tr.Schedule()
	if err != nil {
		t.Fatal(err)
	}
	if len(rounds) != 4 {
		t.Fatalf("%d rounds, want 4", len(rounds))
	}
	opposed, _ := meetings(rounds)
	everyPair(idsOf(tr.Entrants), func(k string) {
		if opposed[k] != 1 {
			t.Errorf("%s met %d times, want once", k, opposed[k])
		}
	})
	// Seats turn: nobody sits at seat 0 (and deals first) in more than two rounds.
	first := map[string]int{}
	for _, r := range rounds {
		for _, tb := range r.Tables {
			first[tb.Seats[0]]++
		}
	}
	for id, n := range first {
		if n > 2 {
			t.Errorf("%s sat at seat 0 in %d of 4 rounds", id, n)
		}
	}

	// Eleven players: 5 rounds of 3 tables, two sitting out each round, the fewest byes
	// first: ten players sit out once, and one never.
	tr = &Tournament{Event: Event{Format: RoundRobin, Entry: Individuals, Seats: 3}, Entrants: numbered(11)}
	if rounds, err = tr.Schedule(); err != nil {
		t.Fatal(err)
	}
	byes := map[string]int{}
	for _, r := range rounds {
		if len(r.Byes) != 2 || len(r.Tables) != 3 {
			t.Errorf("round %d: %d tables and byes %q, want 3 tables and 2 byes", r.Number, len(r.Tables), r.Byes)
		}
		for _, id := range r.Byes {
			byes[id]++
		}
	}
	if len(rounds) != 5 || len(byes) != 10 {
		t.Errorf("%d rounds and %d players sat out, want 5 and 10: %v", len(rounds), len(byes), byes)
	}
	for id, n := range byes {
		if n != 1 {
			t.Errorf("%s sat out %d times", id, n)
		}
	}
	opposed, _ = meetings(rounds)
	for k, n := range opposed {
		if n > 2 {
			t.Errorf("%s met %d times", k, n)
		}
	}
}

func TestRoundRobinNewPartners(t *testing.T) {
	// Eight players at four-handed tables with new partners: the circle method makes the
	// partnerships, so in 7 rounds everyone partners everyone exactly once. Opponents
	// cannot be as even: over the circle's partnerships, every choice of tables (3^7 of
	// them, counted by a throwaway program) has two players meet as opponents 4
	// times; the search reaches that.
	tr := &Tournament{Event: Event{Format: RoundRobin, Entry: NewPartners, Seats: 4}, Entrants: numbered(8)}
	rounds, err := tr.Schedule()
	if err != nil {
		t.Fatal(err)
	}
	if len(rounds) != 7 {
		t.Fatalf("%d rounds, want 7", len(rounds))
	}
	opposed, partnered := meetings(rounds)
	everyPair(idsOf(tr.Entrants), func(k string) {
		if partnered[k] != 1 {
			t.Errorf("%s partnered %d times, want once", k, partnered[k])
		}
		if opposed[k] > 4 {
			t.Errorf("%s met as opponents %d times", k, opposed[k])
		}
	})
	// Round 1's partnerships are the circle's pairs of places: (0,7) (1,6) (2,5) (3,4).
	got := map[string]bool{}
	for _, tb := range rounds[0].Tables {
		for _, side := range tb.Sides {
			got[side[0]+"+"+side[1]] = true
		}
	}
	for _, p := range []string{"P1+P8", "P2+P7", "P3+P6", "P4+P5"} {
		if !got[p] {
			t.Errorf("round 1 has no partnership %s: %v", p, sides(rounds[0]))
		}
	}
	// Seats: a side's two players sit opposite each other (seats 0 and 2, or 1 and 3).
	for _, tb := range rounds[0].Tables {
		equal(t, "seats", tb.Seats, []string{tb.Sides[0][0], tb.Sides[1][0], tb.Sides[0][1], tb.Sides[1][1]})
	}
}
