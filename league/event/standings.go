package event

import (
	"cmp"
	"fmt"
	"slices"
)

// Tiebreak is a way of separating entrants with equal scores.
type Tiebreak uint8

const (
	// Buchholz: the sum of the final scores of the entrant's opponents, once for every
	// table it met them at (a bye adds nothing); the harder the field it met, the higher.
	Buchholz Tiebreak = iota + 1
	// HeadToHead: the score the entrant made against the other entrants it is tied with,
	// at the tables where it met them: 1 for each of them it finished ahead of, ½ for each
	// it finished level with (two losers of a three-handed table finish level).
	HeadToHead
	// PointDifference: the points the entrant scored less the points scored against it
	// (at a three-handed table, the best of the other players' scores).
	PointDifference
)

// String returns the tiebreak's name, as a standings table heads it.
func (tb Tiebreak) String() string {
	switch tb {
	case Buchholz:
		return "Buchholz"
	case HeadToHead:
		return "head-to-head"
	case PointDifference:
		return "point difference"
	}
	return fmt.Sprintf("Tiebreak(%d)", uint8(tb))
}

// Tiebreaks returns the tiebreaks Standings applies after the score, in order: Buchholz,
// head-to-head and point difference in Swiss; head-to-head and point difference in a
// round robin; none in Elimination, which ranks by the bracket, or Duplicate, which ranks
// by matchpoints.
func (e Event) Tiebreaks() []Tiebreak {
	switch e.Format {
	case Swiss:
		return []Tiebreak{Buchholz, HeadToHead, PointDifference}
	case RoundRobin:
		return []Tiebreak{HeadToHead, PointDifference}
	}
	return nil
}

// A Standing is an entrant's record in an event and its place.
type Standing struct {
	Entrant string
	// Rank is the entrant's place, from 1; entrants level on the score and every
	// tiebreak share it, and the next place is skipped (1, 2, 2, 4).
	Rank int
	// Played counts the tables with a result the entrant sat at, and its byes. Wins
	// counts its byes too, which score as wins without points.
	Played, Wins, Draws, Losses, Byes int
	// Score is 1 for each win, ½ for each draw.
	Score float64
	// Buchholz is the sum of the entrant's opponents' scores (see Buchholz); it breaks
	// ties in Swiss only.
	Buchholz float64
	// HeadToHead is the score against the entrants level with it on the score (and in
	// Swiss on Buchholz), and 0 when none is.
	HeadToHead float64
	// PointsFor and PointsAgainst are the points the entrant's sides scored and the points
	// scored against them (at a three-handed table, the best of the others').
	PointsFor, PointsAgainst int
}

// PointDifference returns PointsFor - PointsAgainst.
func (st Standing) PointDifference() int { return st.PointsFor - st.PointsAgainst }

// record is an entrant's record, scores in half points.
type record struct {
	played, wins, draws, losses, byes int
	score2, buchholz2, h2h2           int
	pointsFor, pointsAgainst          int
	opponents                         []int
}

// records returns every entrant's record from the results so far: void tables, and tables
// without a result, count for nobody.
func (s *state) records() []record {
	recs := make([]record, len(s.ents))
	for _, r := range s.rounds {
		if s.ev.Format != Duplicate {
			for _, id := range r.Byes {
				rec := &recs[s.index[id]]
				rec.played++
				rec.wins++
				rec.byes++
				rec.score2 += 2
			}
		}
		for _, tb := range r.Tables {
			res, ok := s.results[key{r.Number, tb.Number}]
			if !ok || res.Void {
				continue
			}
			for si, side := range tb.Sides {
				against, first := 0, true
				for sj, other := range res.Sides {
					if sj != si && (first || other.Points > against) {
						against, first = other.Points, false
					}
				}
				for _, id := range side {
					rec := &recs[s.index[id]]
					rec.played++
					switch res.Sides[si].Outcome {
					case Win:
						rec.wins++
						rec.score2 += 2
					case Draw:
						rec.draws++
						rec.score2++
					default:
						rec.losses++
					}
					rec.pointsFor += res.Sides[si].Points
					rec.pointsAgainst += against
					for sj, other := range tb.Sides {
						if sj != si {
							for _, o := range other {
								rec.opponents = append(rec.opponents, s.index[o])
							}
						}
					}
				}
			}
		}
	}
	for i := range recs {
		for _, o := range recs[i].opponents {
			recs[i].buchholz2 += recs[o].score2
		}
	}
	return recs
}

// Standings returns every entrant's record and rank, the first first.
//
// Entrants rank by score, then by the event's Tiebreaks in order. Head-to-head is counted
// among the entrants level on everything before it, once: it may separate some of them,
// and point difference those it leaves level. Entrants level on everything share a rank
// and are listed in seed order. In Elimination an entrant's rank is its place in the
// bracket (see Placing), those still in sharing first place. Duplicate events rank by
// Matchpoints.
func (t *Tournament) Standings() ([]Standing, error) {
	s, err := t.load()
	if err != nil {
		return nil, err
	}
	recs := s.records()
	order := identity(len(s.ents)) // seed order
	switch s.ev.Format {
	case Duplicate:
		return nil, fmt.Errorf("%w: a duplicate event ranks by matchpoints", ErrFormat)
	case Elimination:
		b, err := s.bracket()
		if err != nil {
			return nil, err
		}
		place := make([]int, len(s.ents))
		for _, p := range b.Places {
			place[s.index[p.Entrant]] = max(p.Place, 1)
		}
		slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(place[a], place[b]) })
		out := s.standings(order, recs, func(a, b int) bool { return false })
		for k, i := range order {
			out[k].Rank = place[i]
		}
		return out, nil
	}
	swiss := s.ev.Format == Swiss
	before := func(a, b int) int { // the keys before head-to-head
		c := cmp.Compare(recs[b].score2, recs[a].score2)
		if swiss {
			c = cmp.Or(c, cmp.Compare(recs[b].buchholz2, recs[a].buchholz2))
		}
		return c
	}
	slices.SortStableFunc(order, before)
	for lo := 0; lo < len(order); {
		hi := lo + 1
		for hi < len(order) && before(order[lo], order[hi]) == 0 {
			hi++
		}
		if hi-lo > 1 {
			s.headToHead(order[lo:hi], recs)
		}
		lo = hi
	}
	last := func(a, b int) int {
		return cmp.Or(before(a, b),
			cmp.Compare(recs[b].h2h2, recs[a].h2h2),
			cmp.Compare(recs[b].pointsFor-recs[b].pointsAgainst, recs[a].pointsFor-recs[a].pointsAgainst))
	}
	slices.SortStableFunc(order, last)
	return s.standings(order, recs, func(a, b int) bool { return last(a, b) == 0 }), nil
}

// headToHead counts the head-to-head scores of a group of entrants level so far.
func (s *state) headToHead(group []int, recs []record) {
	in := make(map[int]bool, len(group))
	for _, i := range group {
		in[i] = true
	}
	for _, r := range s.rounds {
		for _, tb := range r.Tables {
			res, ok := s.results[key{r.Number, tb.Number}]
			if !ok || res.Void {
				continue
			}
			for si, side := range tb.Sides {
				for sj := si + 1; sj < len(tb.Sides); sj++ {
					for _, a := range side {
						for _, b := range tb.Sides[sj] {
							ia, ib := s.index[a], s.index[b]
							if !in[ia] || !in[ib] {
								continue
							}
							// Outcomes run Win, Draw, Loss: the lower finished ahead.
							switch oa, ob := res.Sides[si].Outcome, res.Sides[sj].Outcome; {
							case oa < ob:
								recs[ia].h2h2 += 2
							case oa > ob:
								recs[ib].h2h2 += 2
							default:
								recs[ia].h2h2++
								recs[ib].h2h2++
							}
						}
					}
				}
			}
		}
	}
}

// standings returns the records in order, ranked: an entrant level with the one before
// it shares its rank.
func (s *state) standings(order []int, recs []record, level func(a, b int) bool) []Standing {
	out := make([]Standing, len(order))
	for k, i := range order {
		r := recs[i]
		out[k] = Standing{
			Entrant: s.ents[i].ID, Rank: k + 1,
			Played: r.played, Wins: r.wins, Draws: r.draws, Losses: r.losses, Byes: r.byes,
			Score: float64(r.score2) / 2, Buchholz: float64(r.buchholz2) / 2, HeadToHead: float64(r.h2h2) / 2,
			PointsFor: r.pointsFor, PointsAgainst: r.pointsAgainst,
		}
		if k > 0 && level(order[k-1], i) {
			out[k].Rank = out[k-1].Rank
		}
	}
	return out
}
