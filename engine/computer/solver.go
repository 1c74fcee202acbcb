package computer

import (
	"github.com/pinochle-discord/pinochle/engine"
)

// solver searches the rest of a deal exactly: alpha-beta over the legal cards, with a
// transposition table of positions at the start of a trick. Of cards that would play
// alike it searches one (distinct). Nodes counts the positions visited, the search's unit
// of work.
//
// A solver is set to one sampled deal at a time (reset), and then searches the position
// after each candidate card of the seat to play; the table serves all of them.
type solver struct {
	s     *scoring
	team  int
	table map[solverKey]solverEntry
	nodes int
	// first[s][c] is the bit of solverKey.played for the first copy of card c in seat s's
	// hand in the deal of reset; stack holds the position at each depth of the search.
	first [engine.MaxPlayers][engine.NumKinds]uint8
	stack []deal
}

// solverKey identifies a position at the start of a trick, before the end of the hand,
// among those that follow the deal of reset: the cards of that deal played since (one bit
// each: a seat plays its copies of a card from the last down, so the bits say how many are
// left), the leader, and what each team (under the per-player save rule, each seat) has
// taken.
type solverKey struct {
	played   [2]uint64
	points   [2]int16
	counters [2]int16
	tricks   [2]int8
	leader   int8
	// took are the seats that took a counter and seatPoints each seat's trick points,
	// under the per-player save rule; zero otherwise.
	took       uint8
	seatPoints [engine.MaxPlayers]int16
}

type solverEntry struct {
	value int
	kind  int8 // 0 exact, 1 lower bound, 2 upper bound
}

func newSolver(s *scoring, team int) *solver {
	return &solver{s: s, team: team, table: make(map[solverKey]solverEntry, 256)}
}

// reset sets the solver to a new deal, the position before the candidates are played, and
// forgets the positions of the last one.
func (sv *solver) reset(d *deal) {
	clear(sv.table)
	bit := 0
	for s := range d.t.players {
		for c := range engine.NumKinds {
			sv.first[s][c] = uint8(bit)
			bit += int(d.hands[s][c])
		}
	}
	if need := d.cardsLeft() + 1; len(sv.stack) < need {
		sv.stack = make([]deal, need)
	}
}

// solveAfter returns the value to the solver's team of the deal of reset, d, once card c
// is played, with both teams playing perfectly from then on.
func (sv *solver) solveAfter(d *deal, c engine.Card) int {
	next := &sv.stack[0]
	*next = *d
	var played [2]uint64
	sv.play(next, &played, c)
	return sv.solve(0, played, -1<<30, 1<<30)
}

// play plays card c in position d, adding it to the cards played.
func (sv *solver) play(d *deal, played *[2]uint64, c engine.Card) {
	bit := int(sv.first[d.seat][c]) + int(d.hands[d.seat][c]) - 1
	played[bit/64] |= 1 << (bit % 64)
	d.play(c)
}

// solve returns the value to the solver's team of the position at depth in the stack,
// played perfectly by both teams, within the window (alpha, beta).
func (sv *solver) solve(depth int, played [2]uint64, alpha, beta int) int {
	sv.nodes++
	d := &sv.stack[depth]
	if d.over() {
		return sv.s.value(d, sv.team)
	}
	var key solverKey
	if d.n == 0 {
		key = sv.key(d, played)
		if e, ok := sv.table[key]; ok {
			switch {
			case e.kind == 0:
				return e.value
			case e.kind == 1 && e.value >= beta:
				return e.value
			case e.kind == 2 && e.value <= alpha:
				return e.value
			}
		}
	}
	a0, b0 := alpha, beta
	maxNode := d.t.teamOf(d.seat) == sv.team
	best := 0
	first := true
	next := &sv.stack[depth+1]
	for moves := d.distinct(d.legal()); moves != 0; moves &= moves - 1 {
		*next = *d
		p := played
		sv.play(next, &p, lowestCard(moves))
		v := sv.solve(depth+1, p, alpha, beta)
		if first || (maxNode && v > best) || (!maxNode && v < best) {
			best, first = v, false
		}
		if maxNode {
			alpha = max(alpha, best)
		} else {
			beta = min(beta, best)
		}
		if alpha >= beta {
			break
		}
	}
	if d.n == 0 {
		kind := int8(0)
		switch {
		case best <= a0:
			kind = 2
		case best >= b0:
			kind = 1
		}
		sv.table[key] = solverEntry{value: best, kind: kind}
	}
	return best
}

// key returns the key of position d, at the start of a trick, with the cards played.
func (sv *solver) key(d *deal, played [2]uint64) solverKey {
	k := solverKey{played: played, leader: int8(d.leader),
		points:   [2]int16{int16(d.points[0]), int16(d.points[1])},
		counters: [2]int16{int16(d.counters[0]), int16(d.counters[1])},
		tricks:   [2]int8{int8(d.tricks[0]), int8(d.tricks[1])}}
	if d.t.r.Save == engine.SavePerPlayer {
		k.took, k.seatPoints = d.tookCounter, d.seatPoints
	}
	return k
}

// distinct returns the cards of legal, the seat to play's, less those that play exactly
// as a lower one: two cards of a suit worth the same trick points, with no card of a rank
// between theirs, or of either rank, anywhere but in the seat's hand (in the other hands
// or the trick). Whichever of them is played, every trick goes the same way.
func (d *deal) distinct(legal engine.CardSet) engine.CardSet {
	t := d.t
	var elsewhere engine.CardSet
	for o := range t.players {
		if o != d.seat {
			elsewhere |= d.held[o]
		}
	}
	for _, c := range d.trick[:d.n] {
		elsewhere = elsewhere.Add(c)
	}
	out := legal
	for s := engine.Spades; s < engine.NoSuit; s++ {
		mine := legal & suitCards(s)
		if mine&(mine-1) == 0 {
			continue // fewer than two
		}
		low := lowestCard(mine)
		for mine &= mine - 1; mine != 0; mine &= mine - 1 {
			c := lowestCard(mine)
			span := engine.CardSet(1)<<(c+1) - engine.CardSet(1)<<low
			if t.points[c] == t.points[low] && elsewhere&span == 0 {
				out &^= 1 << c
			}
			low = c
		}
	}
	return out
}
