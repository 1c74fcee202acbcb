package event

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// players returns entrants alone named by names, rated from the first down, so that their
// seed order is theirs.
func players(names ...string) []Entrant {
	out := make([]Entrant, len(names))
	for i, n := range names {
		out[i] = Entrant{ID: n, Rating: float64(1000 - i)}
	}
	return out
}

// numbered returns n entrants alone, P1 to Pn, in seed order.
func numbered(n int) []Entrant {
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("P%d", i+1)
	}
	return players(names...)
}

// teams returns n partnerships of size players, T1 to Tn in seed order, whose players are
// T1a, T1b, ...
func teams(n, size int) []Entrant {
	out := make([]Entrant, n)
	for i := range out {
		id := fmt.Sprintf("T%d", i+1)
		out[i] = Entrant{ID: id, Rating: float64(1000 - i)}
		for k := range size {
			out[i].Players = append(out[i].Players, id+string(rune('a'+k)))
		}
	}
	return out
}

// sides returns a round's tables as "A-B" strings, sides joined by "-" and a side's
// entrants by "+", table 1 first.
func sides(r Round) []string {
	var out []string
	for _, tb := range r.Tables {
		var ss []string
		for _, side := range tb.Sides {
			ss = append(ss, strings.Join(side, "+"))
		}
		out = append(out, strings.Join(ss, "-"))
	}
	return out
}

// won returns a two-sided result in which side winner (0 or 1, or -1 for a draw) wins,
// the sides scoring points.
func won(round, table, winner int, points ...int) Result {
	r := Result{Round: round, Table: table}
	for si, p := range points {
		o := Loss
		switch {
		case winner < 0:
			o = Draw
		case si == winner:
			o = Win
		}
		r.Sides = append(r.Sides, SideResult{Outcome: o, Points: p})
	}
	return r
}

// beat records that entrant a beat entrant b in the last round of t, a scoring pa and b
// scoring pb (a draw when they are equal), wherever they sit.
func beat(t *testing.T, tr *Tournament, a, b string, pa, pb int) {
	t.Helper()
	r := tr.Rounds[len(tr.Rounds)-1]
	for _, tb := range r.Tables {
		switch {
		case tb.Sides[0][0] == a && tb.Sides[1][0] == b:
			tr.Results = append(tr.Results, won(r.Number, tb.Number, outcomeSide(pa, pb, 0), pa, pb))
			return
		case tb.Sides[0][0] == b && tb.Sides[1][0] == a:
			tr.Results = append(tr.Results, won(r.Number, tb.Number, outcomeSide(pa, pb, 1), pb, pa))
			return
		}
	}
	t.Fatalf("round %d has no table %s v %s: %q", r.Number, a, b, sides(r))
}

// outcomeSide returns the winning side of a table where side aSide scored pa and the other
// pb, or -1 for a draw.
func outcomeSide(pa, pb, aSide int) int {
	switch {
	case pa > pb:
		return aSide
	case pa < pb:
		return 1 - aSide
	}
	return -1
}

// pairNext pairs tr's next round, checks it and appends it.
func pairNext(t *testing.T, tr *Tournament) Round {
	t.Helper()
	r, err := tr.Pair()
	if err != nil {
		t.Fatalf("round %d: %v", len(tr.Rounds)+1, err)
	}
	tr.Rounds = append(tr.Rounds, r)
	return r
}

// standingsOf returns tr's standings as "rank entrant score" lines.
func standingsOf(t *testing.T, tr *Tournament) []string {
	t.Helper()
	st, err := tr.Standings()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, s := range st {
		out = append(out, fmt.Sprintf("%d %s %g", s.Rank, s.Entrant, s.Score))
	}
	return out
}

// equal fails the test unless got equals want, naming what.
func equal[T comparable](t *testing.T, what string, got, want []T) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("%s:\n got %v\nwant %v", what, got, want)
	}
}
