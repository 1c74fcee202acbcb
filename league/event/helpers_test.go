package event

import (
	"fmt"
	"slices"
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

// equal fails the test unless got equals want, naming what.
func equal[T comparable](t *testing.T, what string, got, want []T) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("%s:\n got %v\nwant %v", what, got, want)
	}
}
