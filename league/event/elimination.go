package event

import (
	"fmt"
	"slices"
)

// A Bracket is the state of a single-elimination event.
type Bracket struct {
	// Size is the number of places in the first round: the entrants' number rounded up
	// to a power of two.
	Size int
	// Seeds are the entrants' IDs by seed: Seeds[0] is seed 1.
	Seeds []string
	// Rounds are every round's matches, the first round first, each in bracket order:
	// match k's winner meets match k+1's (k even) in the next round.
	Rounds [][]Match
	// Champion is the final's winner, or "" until it is played.
	Champion string
	// Places are every entrant's place, best first, then by seed.
	Places []Placing
}

// A Match is one place of a bracket's round: two entrants, or an entrant and a bye.
type Match struct {
	// Table is the match's table in its round (once Pair has paired the round, or would
	// pair it next), or 0 for a bye and while the match's entrants are not all known.
	Table int
	// Entrants are the two entrants, the better seed first: "" for a bye or an entrant
	// not known yet.
	Entrants [2]string
	// Seeds are their seeds, 0 where Entrants is "".
	Seeds [2]int
	// Winner is the entrant who goes through: at a bye at once, at a table with its
	// result; "" until then.
	Winner string
}

// A Placing is an entrant's final place in a bracket: 1 for the champion, 2 for the
// runner-up, and for those who lose earlier one more than the number of entrants who go
// further (3 for both semi-final losers, 5 for the quarter-final losers, ...).
type Placing struct {
	Entrant string
	// Place is 0 while the entrant is still in.
	Place int
	// Out is the round the entrant lost, 0 while it is still in and for the champion.
	Out int
}

// bracketOrder returns the seeds of a bracket of size places (a power of two) in bracket
// order: each round's pairs of places add up to one more than its number of places.
func bracketOrder(size int) []int {
	order := []int{1}
	for len(order) < size {
		next := make([]int, 0, 2*len(order))
		for _, s := range order {
			next = append(next, s, 2*len(order)+1-s)
		}
		order = next
	}
	return order
}

// Bracket returns the bracket of an Elimination event: its matches so far, who has gone
// through and everyone's place. Pair describes how the bracket is seeded.
func (t *Tournament) Bracket() (*Bracket, error) {
	s, err := t.load()
	if err != nil {
		return nil, err
	}
	if s.ev.Format != Elimination {
		return nil, fmt.Errorf("%w: a %s event has no bracket", ErrFormat, s.ev.Format)
	}
	return s.bracket()
}

// Places of a bracket's slot that hold no entrant.
const (
	bye     = -1
	unknown = -2
)

// bracket works out the bracket from the seeds, the rounds and the results, checking that
// the stored rounds are the bracket's.
func (s *state) bracket() (*Bracket, error) {
	n := len(s.ents)
	rounds := s.ev.RoundsFor(n)
	b := &Bracket{Size: 1 << rounds}
	for _, en := range s.ents {
		b.Seeds = append(b.Seeds, en.ID)
	}
	slots := make([]int, b.Size)
	for k, seed := range bracketOrder(b.Size) {
		slots[k] = seed - 1
		if seed > n {
			slots[k] = bye
		}
	}
	out := make([]int, n) // the round each entrant lost, or 0
	for r := 1; r <= rounds; r++ {
		known := !slices.Contains(slots, unknown)
		var stored *Round
		if r <= len(s.rounds) {
			stored = &s.rounds[r-1]
			if !known {
				return nil, fmt.Errorf("%w: round %d is paired before round %d has finished", ErrHistory, r, r-1)
			}
		}
		next := make([]int, len(slots)/2)
		var matches []Match
		var byes []string
		table := 0
		for k := range next {
			x, y := slots[2*k], slots[2*k+1]
			if x >= 0 && y >= 0 && y < x {
				x, y = y, x // the better seed first
			}
			m := Match{}
			for j, v := range []int{x, y} {
				if v >= 0 {
					m.Entrants[j], m.Seeds[j] = s.ents[v].ID, v+1
				}
			}
			switch {
			case x == unknown || y == unknown:
				next[k] = unknown
			case y == bye:
				next[k], m.Winner = x, s.ents[x].ID
				byes = append(byes, m.Winner)
			case x == bye:
				next[k], m.Winner = y, s.ents[y].ID
				byes = append(byes, m.Winner)
			default:
				table++
				m.Table = table
				next[k] = unknown
				if stored == nil {
					break
				}
				if table > len(stored.Tables) || !sameEntrants(stored.Tables[table-1].Sides, m.Entrants) {
					return nil, fmt.Errorf("%w: round %d, table %d is not the bracket's %s v %s", ErrHistory, r, table, m.Entrants[0], m.Entrants[1])
				}
				res, ok := s.results[key{r, table}]
				if !ok {
					break
				}
				for si, sr := range res.Sides {
					if sr.Outcome == Win {
						m.Winner = stored.Tables[table-1].Sides[si][0]
					}
				}
				w := s.index[m.Winner]
				next[k] = w
				if w == x {
					out[y] = r
				} else {
					out[x] = r
				}
			}
			matches = append(matches, m)
		}
		if !known {
			for k := range matches {
				matches[k].Table = 0
			}
		}
		if stored != nil && (len(stored.Tables) != table || !slices.Equal(sortedCopy(stored.Byes), sortedCopy(byes))) {
			return nil, fmt.Errorf("%w: round %d is not the bracket's: %d tables and byes %q, where the bracket has %d and %q",
				ErrHistory, r, len(stored.Tables), stored.Byes, table, byes)
		}
		b.Rounds = append(b.Rounds, matches)
		slots = next
	}
	if slots[0] >= 0 {
		b.Champion = s.ents[slots[0]].ID
	}
	for i, en := range s.ents {
		p := Placing{Entrant: en.ID, Out: out[i]}
		switch {
		case en.ID == b.Champion:
			p.Place = 1
		case out[i] > 0:
			p.Place = b.Size>>out[i] + 1
		}
		b.Places = append(b.Places, p)
	}
	slices.SortStableFunc(b.Places, func(x, y Placing) int {
		px, py := x.Place, y.Place
		if px == 0 {
			px = 1 // still in: level with the champion's place until the bracket is done
		}
		if py == 0 {
			py = 1
		}
		return px - py
	})
	return b, nil
}

// sameEntrants reports whether a table's two sides hold the two entrants of a match.
func sameEntrants(sides [][]string, e [2]string) bool {
	return len(sides) == 2 && len(sides[0]) == 1 && len(sides[1]) == 1 &&
		(sides[0][0] == e[0] && sides[1][0] == e[1] || sides[0][0] == e[1] && sides[1][0] == e[0])
}

// sortedCopy returns a sorted copy of ids.
func sortedCopy(ids []string) []string {
	out := slices.Clone(ids)
	slices.Sort(out)
	return out
}

// pairElimination pairs round number of the bracket.
func (s *state) pairElimination(number int) (Round, error) {
	b, err := s.bracket()
	if err != nil {
		return Round{}, err
	}
	if number > len(b.Rounds) {
		return Round{}, fmt.Errorf("%w: the bracket has %d rounds", ErrOver, len(b.Rounds))
	}
	p := pairing{rank: identity(len(s.ents))}
	for _, m := range b.Rounds[number-1] {
		switch {
		case m.Table > 0:
			p.tables = append(p.tables, [][]int{{s.index[m.Entrants[0]]}, {s.index[m.Entrants[1]]}})
		case m.Winner != "":
			p.byes = append(p.byes, s.index[m.Winner])
		default:
			return Round{}, fmt.Errorf("%w: round %d has tables without a winner", ErrRoundOpen, number-1)
		}
	}
	return s.build(number, p, true), nil
}
