package event

import (
	"cmp"
	"fmt"
	"slices"
)

// Pair returns the event's next round: round len(t.Rounds)+1, its tables seated and, in a
// Duplicate event, its deals. The caller stores it in t.Rounds before it pairs another.
//
// RoundRobin and Duplicate pair from the entrants alone, so that a whole schedule can be
// paired ahead (see Schedule); Swiss and Elimination need a result (or, in Swiss, a void)
// at every table of the rounds before, and return an error wrapping ErrRoundOpen until
// then.
//
// # Round robin
//
// At tables of two entrants the circle method gives the schedule: entrants take places 0
// to m-1 in seed order (m is the number of entrants, plus an empty place when it is odd,
// whose opponent sits out); in round r (from 0) place m-1 meets place r, and places r+i and
// r-i meet for i from 1 to m/2-1, counted modulo m-1. Everyone meets everyone once in m-1
// rounds.
//
// Four-handed with new partners, the circle method over the players gives the
// partnerships, so that everyone partners everyone once in a cycle; when their number is
// odd, the partnership whose players have sat out least (then the lowest seeds) sits out,
// and the others are drawn into tables as below.
//
// At other tables (three-handed, and six-handed with new partners) no simple schedule
// exists for every number of players, so each round is searched for: the entrants with the
// fewest byes so far (the lowest seeds first) sit out until the rest fill whole tables, and
// the rest are seated to keep meetings even, by a search that swaps players between places
// while that lowers the cost of the round: a pair who partnered before costs most, then a
// pair who met before (in three-handed any meeting), each repeat costing as many times as
// they met. The search is deterministic and bounded by a count of swaps tried, not by
// time, and starts again from orders drawn by the event's Seed; it finds the best round it
// can, which may not be the best there is, so an even schedule is a goal, not a promise.
//
// # Swiss
//
// Entrants rank by score (a win, and a bye, 1; a draw ½), then in seed order. At tables of
// two entrants: when their number is odd, the lowest-ranked among those with the fewest
// byes sits out, unless the rest of the field could then not avoid a rematch that another
// choice avoids. Then the highest-ranked unpaired entrant meets the first of these who
// lets the rest of the field pair with as few rematches as can be had: the entrant half
// its score group below it (the group's top half meets its bottom half: 1 v 5, 2 v 6, 3 v
// 7, 4 v 8), the others below that in its group, those above that in its group from the
// nearest up, and then the groups below from the top; an entrant of its own group who also
// lets the group make as many pairs within itself comes before all others. So nobody meets
// anyone twice while a pairing of the whole round avoids it, a score group pairs within
// itself as far as it can (a transposition, 1 v 6 and 2 v 5, rather than a float), and an
// entrant left over floats down to the next group. Whether the rest can still pair so is
// decided exactly (by maximum matchings), so the search never needs to undo a pair: it is
// backtracking that knows, before each step, which steps lead to a whole round.
//
// At tables of more than two entrants (three-handed; new partners), the lowest-ranked
// with the fewest byes sit out until the rest fill whole tables, and tables are searched
// for as in a round robin, with two more costs below repeats: a table's spread of scores,
// and with new partners the difference between its sides' scores. No rematch while one can
// be avoided is then the search's goal, not a promise.
//
// # Single elimination
//
// The bracket holds the entrants' number rounded up to a power of two, P. Seeds take the
// places of the standard bracket (for 16: 1 v 16, 8 v 9, 4 v 13, 5 v 12, 2 v 15, 7 v 10, 3
// v 14, 6 v 11), and the places of seeds above the number of entrants are byes, which go
// to the top seeds. A table's winner meets the winner of the neighbouring table. Tables
// are numbered in bracket order.
//
// # Duplicate
//
// Rounds are paired as in a round robin, so that opponents change. Every table of round r
// plays deals numbered 1 to Event.Deals, with seeds DealSeed(Event.Seed, r, deal). On deal
// j (from 0) at table t (from 0), side i holds hand (i + j + t) modulo the sides at a table:
// from one table to the next the hands turn by one (in partnerships, the side that sits
// North-South at one table sits East-West at the next), and over the deals each side holds
// each hand in turn.
//
// # Sides and seats
//
// At every table the entrant who has sat on side 0 least takes it, then side 1 likewise,
// ties going to the better-ranked; with new partners, the partnership whose players have
// sat on side 0 least. A side's entrants sit best-ranked first, and a partnership's players
// in its order.
func (t *Tournament) Pair() (Round, error) {
	s, err := t.load()
	if err != nil {
		return Round{}, err
	}
	return s.pair()
}

// Schedule returns every round of a RoundRobin or Duplicate event not paired yet, as Pair
// would return them one after another.
func (t *Tournament) Schedule() ([]Round, error) {
	s, err := t.load()
	if err != nil {
		return nil, err
	}
	if s.ev.Format != RoundRobin && s.ev.Format != Duplicate {
		return nil, fmt.Errorf("%w: %s pairs a round from the results of the round before", ErrFormat, s.ev.Format)
	}
	var out []Round
	for len(s.rounds) < s.ev.RoundsFor(len(s.ents)) {
		r, err := s.pair()
		if err != nil {
			return nil, err
		}
		rounds := append(slices.Clip(s.rounds), r)
		if err := s.addRound(&rounds[len(rounds)-1], r.Number); err != nil {
			return nil, fmt.Errorf("event: a scheduled round does not fit: %w", err)
		}
		s.rounds = rounds
		out = append(out, r)
	}
	return out, nil
}

// pair pairs the round after s.rounds.
func (s *state) pair() (Round, error) {
	number := len(s.rounds) + 1
	if s.ev.Format == Elimination {
		return s.pairElimination(number)
	}
	if total := s.ev.RoundsFor(len(s.ents)); number > total {
		return Round{}, fmt.Errorf("%w: the event plays %d rounds", ErrOver, total)
	}
	var p pairing
	switch s.ev.Format {
	case Swiss:
		if err := s.finished(); err != nil {
			return Round{}, err
		}
		p = s.pairSwiss(number)
	default:
		p = s.pairCycle(number)
	}
	r := s.build(number, p, false)
	if s.ev.Format == Duplicate {
		s.deal(&r)
	}
	return r, nil
}

// finished returns an error wrapping ErrRoundOpen unless every table of every round has a
// result or is void.
func (s *state) finished() error {
	for _, r := range s.rounds {
		for _, tb := range r.Tables {
			if _, ok := s.results[key{r.Number, tb.Number}]; !ok {
				return fmt.Errorf("%w: round %d, table %d has no result", ErrRoundOpen, r.Number, tb.Number)
			}
		}
	}
	return nil
}

// A pairing is a round before it is seated: tables of sides of entrant indices, the byes,
// and each entrant's rank (its place in the order that breaks ties, best first).
type pairing struct {
	tables [][][]int
	byes   []int
	rank   []int
}

// rankOf returns the rank array of an order of entrants.
func rankOf(order []int, n int) []int {
	rank := make([]int, n)
	for i := range rank {
		rank[i] = n // not ranked: after everyone
	}
	for p, i := range order {
		rank[i] = p
	}
	return rank
}

// build seats a pairing as round number: sides ordered as Pair says, tables numbered from
// the best-ranked down unless keepOrder.
func (s *state) build(number int, p pairing, keepOrder bool) Round {
	best := func(side []int) int {
		b := len(s.ents)
		for _, i := range side {
			b = min(b, p.rank[i])
		}
		return b
	}
	tables := make([][][]int, len(p.tables))
	for ti, tb := range p.tables {
		left := slices.Clone(tb)
		var sides [][]int
		for si := range tb {
			load := func(side []int) int {
				n := 0
				for _, i := range side {
					n += s.onSide[i][si]
				}
				return n
			}
			k := 0
			for j := range left {
				if c := cmp.Or(cmp.Compare(load(left[j]), load(left[k])), cmp.Compare(best(left[j]), best(left[k]))); c < 0 {
					k = j
				}
			}
			side := slices.Clone(left[k])
			slices.SortFunc(side, func(a, b int) int { return cmp.Compare(p.rank[a], p.rank[b]) })
			sides = append(sides, side)
			left = slices.Delete(left, k, k+1)
		}
		tables[ti] = sides
	}
	if !keepOrder {
		slices.SortStableFunc(tables, func(a, b [][]int) int {
			ba, bb := len(s.ents), len(s.ents)
			for _, side := range a {
				ba = min(ba, best(side))
			}
			for _, side := range b {
				bb = min(bb, best(side))
			}
			return cmp.Compare(ba, bb)
		})
	}
	r := Round{Number: number}
	for ti, sides := range tables {
		tb := Table{Number: ti + 1, Seats: s.seats(sides, identity(len(sides)))}
		for _, side := range sides {
			var ids []string
			for _, i := range side {
				ids = append(ids, s.ents[i].ID)
			}
			tb.Sides = append(tb.Sides, ids)
		}
		r.Tables = append(r.Tables, tb)
	}
	byes := slices.Clone(p.byes)
	slices.SortFunc(byes, func(a, b int) int { return cmp.Compare(p.rank[a], p.rank[b]) })
	for _, i := range byes {
		r.Byes = append(r.Byes, s.ents[i].ID)
	}
	return r
}

// deal gives every table of a duplicate round its deals, turning the hands from deal to
// deal and from table to table.
func (s *state) deal(r *Round) {
	sides := s.ev.sides()
	for ti := range r.Tables {
		tb := &r.Tables[ti]
		idx := make([][]int, len(tb.Sides))
		for si, side := range tb.Sides {
			for _, id := range side {
				idx[si] = append(idx[si], s.index[id])
			}
		}
		for j := range s.ev.Deals {
			dir := make([]int, sides)
			for si := range dir {
				dir[si] = (si + j + ti) % sides
			}
			tb.Deals = append(tb.Deals, Deal{
				Seed:      DealSeed(s.ev.Seed, r.Number, j+1),
				Seats:     s.seats(idx, dir),
				Direction: dir,
			})
		}
		tb.Seats = nil
	}
}

// circle returns the pairs of places of round number (from 1) of the circle method over m
// places (m even): place m-1 meets place r, and places r+i and r-i meet, modulo m-1.
func circle(m, number int) [][2]int {
	r := (number - 1) % (m - 1)
	pairs := [][2]int{{r, m - 1}}
	for i := 1; i < m/2; i++ {
		pairs = append(pairs, [2]int{(r + i) % (m - 1), (r - i + m - 1) % (m - 1)})
	}
	return pairs
}

// pairCycle pairs round number of a round robin (or of a duplicate event, which pairs as
// one).
func (s *state) pairCycle(number int) pairing {
	n := len(s.ents)
	order := identity(n) // seed order
	p := pairing{rank: rankOf(order, n)}
	switch {
	case s.ev.twoEntrantTables():
		for _, pr := range circle(n+n%2, number) {
			a, b := pr[0], pr[1]
			switch {
			case a == n:
				p.byes = append(p.byes, b)
			case b == n:
				p.byes = append(p.byes, a)
			default:
				p.tables = append(p.tables, [][]int{{a}, {b}})
			}
		}
	case s.ev.Entry == NewPartners && s.ev.Seats == 4:
		var blocks [][]int
		for _, pr := range circle(n+n%2, number) {
			a, b := pr[0], pr[1]
			switch {
			case a == n:
				p.byes = append(p.byes, b)
			case b == n:
				p.byes = append(p.byes, a)
			default:
				blocks = append(blocks, []int{a, b})
			}
		}
		if len(blocks)%2 == 1 {
			out := 0
			for k, bl := range blocks {
				c := cmp.Or(cmp.Compare(s.byes[bl[0]]+s.byes[bl[1]], s.byes[blocks[out][0]]+s.byes[blocks[out][1]]),
					cmp.Compare(max(blocks[out][0], blocks[out][1]), max(bl[0], bl[1])))
				if c < 0 {
					out = k
				}
			}
			p.byes = append(p.byes, blocks[out]...)
			blocks = slices.Delete(blocks, out, out+1)
		}
		p.tables = s.group(groupJob{blocks: blocks, round: number})
	default:
		seated, byes := s.sitOut(order)
		p.byes = byes
		p.tables = s.group(groupJob{blocks: singles(seated), round: number})
	}
	return p
}

// sitOut chooses who sits out a round at tables of more than two entrants: as many as
// leave whole tables, those with the fewest byes, the last in order first. It returns the
// others, in order, and them.
func (s *state) sitOut(order []int) (seated, byes []int) {
	out := len(order) % s.ev.perTable()
	cands := slices.Clone(order)
	slices.Reverse(cands)
	slices.SortStableFunc(cands, func(a, b int) int { return cmp.Compare(s.byes[a], s.byes[b]) })
	sitting := make(map[int]bool, out)
	for _, i := range cands[:out] {
		sitting[i] = true
		byes = append(byes, i)
	}
	for _, i := range order {
		if !sitting[i] {
			seated = append(seated, i)
		}
	}
	return seated, byes
}

// singles returns each entrant as a block of its own.
func singles(order []int) [][]int {
	out := make([][]int, len(order))
	for k, i := range order {
		out[k] = []int{i}
	}
	return out
}
