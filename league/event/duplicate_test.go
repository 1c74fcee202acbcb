package event

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestMatchpointsOf(t *testing.T) {
	cases := []struct {
		points, want []int
	}{
		{[]int{250, 230, 250, -200}, []int{5, 2, 5, 0}},
		{[]int{100, 100}, []int{1, 1}},
		{[]int{90, 100}, []int{0, 2}},
		{[]int{7}, []int{0}},
		{nil, []int{}},
	}
	for _, c := range cases {
		equal(t, fmt.Sprint(c.points), MatchpointsOf(c.points), c.want)
	}
}

func TestDuplicateFourTables(t *testing.T) {
	// Eight partnerships at four tables, two deals. The round is paired as a round
	// robin's first (T1-T8, T2-T7, T3-T6, T4-T5), and on deal j at table t (from 0) side
	// i holds hand (i + j + t) mod 2: hand 0 is North-South (seats 0 and 2), hand 1
	// East-West. So on deal 1, side 0 sits North-South at tables 1 and 3 and East-West at
	// tables 2 and 4, and deal 2 turns every table round:
	//
	//	         deal 1          deal 2
	//	table    NS    EW        NS    EW
	//	1        T1    T8        T8    T1
	//	2        T7    T2        T2    T7
	//	3        T3    T6        T6    T3
	//	4        T5    T4        T4    T5
	tr := &Tournament{
		Event:    Event{Format: Duplicate, Entry: Partnerships, Seats: 4, Rounds: 1, Deals: 2, Seed: 99},
		Entrants: teams(8, 2),
	}
	r := pairNext(t, tr)
	equal(t, "tables", sides(r), []string{"T1-T8", "T2-T7", "T3-T6", "T4-T5"})
	wantSeats := [][2][]string{
		{{"T1a", "T8a", "T1b", "T8b"}, {"T8a", "T1a", "T8b", "T1b"}},
		{{"T7a", "T2a", "T7b", "T2b"}, {"T2a", "T7a", "T2b", "T7b"}},
		{{"T3a", "T6a", "T3b", "T6b"}, {"T6a", "T3a", "T6b", "T3b"}},
		{{"T5a", "T4a", "T5b", "T4b"}, {"T4a", "T5a", "T4b", "T5b"}},
	}
	for ti, tb := range r.Tables {
		if tb.Seats != nil || len(tb.Deals) != 2 {
			t.Fatalf("table %d: seats %q and %d deals, want none and 2", tb.Number, tb.Seats, len(tb.Deals))
		}
		for j, d := range tb.Deals {
			equal(t, fmt.Sprintf("table %d, deal %d", ti+1, j+1), d.Seats, wantSeats[ti][j])
			if want := DealSeed(99, 1, j+1); d.Seed != want {
				t.Errorf("table %d, deal %d: seed %d, want %d, the same at every table", ti+1, j+1, d.Seed, want)
			}
			equal(t, fmt.Sprintf("table %d, deal %d directions", ti+1, j+1), d.Direction, []int{(j + ti) % 2, (j + ti + 1) % 2})
		}
	}
	if DealSeed(99, 1, 1) == DealSeed(99, 1, 2) || DealSeed(99, 1, 1) == DealSeed(99, 2, 1) || DealSeed(99, 1, 1) == DealSeed(98, 1, 1) {
		t.Error("DealSeed repeats a seed for another deal, round or event")
	}

	// The deals' scores, each table's side 0 first:
	//
	//	deal 1: T1 250 T8 100 | T2 120 T7 230 | T3 250 T6 90 | T4 150 T5 -200
	//	deal 2: T1 80 T8 300  | T2 300 T7 80  | T3 60 T6 320 | T4 280 T5 100
	//
	// Each hand is scored against the three other results on it, 2 for each beaten and
	// 1 for each tied (a top of 6):
	//
	//	deal 1 NS: T1 250: 5, T7 230: 2, T3 250: 5, T5 -200: 0
	//	deal 1 EW: T8 100: 2, T2 120: 4, T6 90: 0, T4 150: 6
	//	deal 2 NS: T8 300: 3, T2 300: 3, T6 320: 6, T4 280: 0
	//	deal 2 EW: T1 80: 3, T7 80: 3, T3 60: 0, T5 100: 6
	//
	// Totals out of 12: T1 8, T2 7, T4 6, T5 6, T6 6, T3 5, T7 5, T8 5.
	points := [][][]int{
		{{250, 100}, {120, 230}, {250, 90}, {150, -200}},
		{{80, 300}, {300, 80}, {60, 320}, {280, 100}},
	}
	for j, deal := range points {
		for ti, p := range deal {
			d := DealResult{Round: 1, Table: ti + 1, Deal: j + 1, Points: p}
			if err := tr.CheckDealResult(d); err != nil {
				t.Fatal(err)
			}
			tr.DealResults = append(tr.DealResults, d)
		}
	}
	mp, err := tr.Matchpoints()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range mp {
		got = append(got, fmt.Sprintf("%d %s %d/%d %.2f%% over %d", m.Rank, m.Entrant, m.Matchpoints, m.Top, m.Percent, m.Deals))
	}
	equal(t, "matchpoints", got, []string{
		"1 T1 8/12 66.67% over 2",
		"2 T2 7/12 58.33% over 2",
		"3 T4 6/12 50.00% over 2",
		"3 T5 6/12 50.00% over 2",
		"3 T6 6/12 50.00% over 2",
		"6 T3 5/12 41.67% over 2",
		"6 T7 5/12 41.67% over 2",
		"6 T8 5/12 41.67% over 2",
	})
	if err := tr.CheckDealResult(DealResult{Round: 1, Table: 1, Deal: 1, Points: []int{1, 1}}); err == nil {
		t.Error("a second result for a deal was accepted")
	}
	for _, bad := range []DealResult{
		{Round: 1, Table: 5, Deal: 1, Points: []int{1, 1}},
		{Round: 1, Table: 1, Deal: 3, Points: []int{1, 1}},
		{Round: 1, Table: 1, Deal: 0, Points: []int{1, 1}},
		{Round: 2, Table: 1, Deal: 1, Points: []int{1, 1}},
	} {
		tr.DealResults = nil
		if err := tr.CheckDealResult(bad); !errors.Is(err, ErrHistory) {
			t.Errorf("%+v: %v, want ErrHistory", bad, err)
		}
	}
	tr.DealResults = []DealResult{{Round: 1, Table: 1, Deal: 1, Points: []int{1, 2, 3}}}
	if err := tr.CheckDealResult(DealResult{Round: 1, Table: 2, Deal: 1, Points: []int{1}}); !errors.Is(err, ErrHistory) {
		t.Errorf("points for three sides stored: %v, want ErrHistory", err)
	}
}

func TestDuplicatePartlyReported(t *testing.T) {
	// Until a second table reports a deal, nothing on it can be compared: it scores for
	// nobody. Then each hand has two results, a top of 2.
	tr := &Tournament{
		Event:    Event{Format: Duplicate, Entry: Partnerships, Seats: 4, Rounds: 1, Deals: 2},
		Entrants: teams(8, 2),
	}
	pairNext(t, tr)
	tr.DealResults = []DealResult{{Round: 1, Table: 1, Deal: 1, Points: []int{250, 100}}}
	mp, err := tr.Matchpoints()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range mp {
		if m.Rank != 1 || m.Top != 0 || m.Deals != 0 {
			t.Errorf("%+v, want rank 1 shared and nothing scored", m)
		}
	}
	tr.DealResults = append(tr.DealResults, DealResult{Round: 1, Table: 2, Deal: 1, Points: []int{120, 230}})
	mp, _ = tr.Matchpoints()
	var got []string
	for _, m := range mp {
		got = append(got, fmt.Sprintf("%d %s %d/%d", m.Rank, m.Entrant, m.Matchpoints, m.Top))
	}
	// NS: T1 250 beats T7 230. EW: T2 120 beats T8 100.
	equal(t, "matchpoints", got, []string{
		"1 T1 2/2", "1 T2 2/2", "3 T7 0/2", "3 T8 0/2",
		"5 T3 0/0", "5 T4 0/0", "5 T5 0/0", "5 T6 0/0",
	})
}

func TestDuplicateThreeHanded(t *testing.T) {
	// Six players at two three-handed tables, three deals: the hands turn one seat from
	// deal to deal and from table to table, so every player holds every seat's cards
	// once, and on every deal each seat's cards are held at both tables by different
	// players.
	tr := &Tournament{
		Event:    Event{Format: Duplicate, Entry: Individuals, Seats: 3, Rounds: 1, Deals: 3},
		Entrants: numbered(6),
	}
	r := pairNext(t, tr)
	equal(t, "tables", sides(r), []string{"P1-P2-P3", "P4-P5-P6"})
	want := [][][]string{
		{{"P1", "P2", "P3"}, {"P3", "P1", "P2"}, {"P2", "P3", "P1"}},
		{{"P6", "P4", "P5"}, {"P5", "P6", "P4"}, {"P4", "P5", "P6"}},
	}
	for ti, tb := range r.Tables {
		for j, d := range tb.Deals {
			equal(t, fmt.Sprintf("table %d, deal %d", ti+1, j+1), d.Seats, want[ti][j])
		}
	}
	// Scores: every deal, the player at seat s scores 10*s + table: on each hand the
	// second table's result beats the first's.
	for ti, tb := range r.Tables {
		for j, d := range tb.Deals {
			p := make([]int, 3)
			for si := range p {
				p[si] = 10*d.Direction[si] + ti
			}
			tr.DealResults = append(tr.DealResults, DealResult{Round: 1, Table: ti + 1, Deal: j + 1, Points: p})
		}
	}
	mp, err := tr.Matchpoints()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range mp {
		wantMP := 0
		if m.Entrant >= "P4" {
			wantMP = 6
		}
		if m.Matchpoints != wantMP || m.Top != 6 || m.Deals != 3 {
			t.Errorf("%+v, want %d of 6 over 3 deals", m, wantMP)
		}
	}
}

func TestDuplicateHistoryChecks(t *testing.T) {
	// A stored duplicate round whose deals are not the event's is refused.
	cases := []struct {
		name  string
		spoil func(tb *Table)
		want  string
	}{
		{"another seed", func(tb *Table) { tb.Deals[1].Seed++ }, "deal 2: seed"},
		{"a hand held twice", func(tb *Table) { tb.Deals[0].Direction = []int{0, 0} }, "do not give each side one hand"},
		{"seats for other hands", func(tb *Table) { d := tb.Deals[0].Direction; tb.Deals[0].Direction = []int{d[1], d[0]} }, "deal 1: seats"},
		{"a deal missing", func(tb *Table) { tb.Deals = tb.Deals[:1] }, "1 deals, and the event plays 2"},
		{"one seating for all", func(tb *Table) { tb.Seats = tb.Deals[0].Seats }, "one seating for every deal"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := &Tournament{Event: Event{Format: Duplicate, Entry: Individuals, Seats: 2, Rounds: 2, Deals: 2}, Entrants: numbered(4)}
			r := pairNext(t, tr)
			r.Tables = append([]Table(nil), r.Tables...)
			tb := &r.Tables[1]
			tb.Deals = append([]Deal(nil), tb.Deals...)
			c.spoil(tb)
			tr.Rounds[0] = r
			if _, err := tr.Matchpoints(); !errors.Is(err, ErrHistory) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want ErrHistory saying %q", err, c.want)
			}
		})
	}
}
