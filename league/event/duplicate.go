package event

import (
	"cmp"
	"fmt"
	"slices"
)

// MatchpointsOf scores results on the same cards against each other, as duplicate bridge
// scores pairs: each result earns 2 matchpoints for every other result it beats and 1 for
// every other it ties, so that on a deal played n times the top is 2(n-1) and the matchpoints
// of all results add up to n(n-1). points are the results (points scored, more is better).
func MatchpointsOf(points []int) []int {
	out := make([]int, len(points))
	for i, p := range points {
		for j, q := range points {
			switch {
			case i == j:
			case p > q:
				out[i] += 2
			case p == q:
				out[i]++
			}
		}
	}
	return out
}

// A MatchpointStanding is an entrant's matchpoints in a duplicate event, and its place.
type MatchpointStanding struct {
	Entrant string
	// Rank is the entrant's place, from 1, shared by entrants with equal Percent and
	// Matchpoints (1, 2, 2, 4).
	Rank int
	// Deals counts the deals the entrant has a scored result on: results that others on
	// the same cards can be compared with.
	Deals int
	// Matchpoints are the entrant's matchpoints over those deals (see MatchpointsOf), and
	// Top the most it could have had.
	Matchpoints, Top int
	// Percent is 100 Matchpoints / Top, or 0 before a scored deal.
	Percent float64
}

// Matchpoints returns the matchpoints of a Duplicate event's entrants, the first first.
//
// On every deal of a round, the results of the sides that held the same hand (the same
// Direction) are compared with each other by MatchpointsOf, and each side's matchpoints
// and top go to each of its entrants (with new partners, to each player). A result with
// nothing to compare against (a deal only one table has reported) scores nothing yet and
// is not counted. Entrants rank by Percent, then by Matchpoints; those without a scored
// deal come last.
func (t *Tournament) Matchpoints() ([]MatchpointStanding, error) {
	s, err := t.load()
	if err != nil {
		return nil, err
	}
	if s.ev.Format != Duplicate {
		return nil, fmt.Errorf("%w: a %s event does not score matchpoints", ErrFormat, s.ev.Format)
	}
	type holding struct {
		entrants []string
		points   int
	}
	type hand struct{ round, deal, direction int }
	hands := make(map[hand][]holding)
	for _, d := range t.DealResults {
		tb := s.tables[key{d.Round, d.Table}]
		for si, side := range tb.Sides {
			h := hand{d.Round, d.Deal, tb.Deals[d.Deal-1].Direction[si]}
			hands[h] = append(hands[h], holding{side, d.Points[si]})
		}
	}
	out := make([]MatchpointStanding, len(s.ents))
	for i, en := range s.ents {
		out[i].Entrant = en.ID
	}
	for _, hs := range hands {
		if len(hs) < 2 {
			continue
		}
		points := make([]int, len(hs))
		for k, h := range hs {
			points[k] = h.points
		}
		for k, mp := range MatchpointsOf(points) {
			for _, id := range hs[k].entrants {
				st := &out[s.index[id]]
				st.Deals++
				st.Matchpoints += mp
				st.Top += 2 * (len(hs) - 1)
			}
		}
	}
	for i := range out {
		if out[i].Top > 0 {
			out[i].Percent = 100 * float64(out[i].Matchpoints) / float64(out[i].Top)
		}
	}
	// Compare percentages exactly, as fractions, and keep seed order among equals.
	order := func(a, b MatchpointStanding) int {
		return cmp.Or(
			cmp.Compare(boolInt(b.Top > 0), boolInt(a.Top > 0)),
			cmp.Compare(b.Matchpoints*a.Top, a.Matchpoints*b.Top),
			cmp.Compare(b.Matchpoints, a.Matchpoints))
	}
	slices.SortStableFunc(out, order)
	for k := range out {
		out[k].Rank = k + 1
		if k > 0 && order(out[k-1], out[k]) == 0 {
			out[k].Rank = out[k-1].Rank
		}
	}
	return out, nil
}

// boolInt returns 1 for true, 0 for false.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
