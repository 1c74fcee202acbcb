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
// after each candidate card of the seat to play; the table serves all of them. An Expert
// keeps one solver for all its card plays (Expert.exactSolver), its table and stack
// allocated once, and sets its scoring and team at each.
type solver struct {
	s     *scoring
	team  int
	table solverTable
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

// solverTable is the solver's transposition table: open addressing with linear probing
// over a power-of-two array of slots, each stamped with the generation (the reset) that
// wrote it, so that a new deal forgets the last one's positions without clearing the
// array. It doubles when half full. It is a cache: a position it does not hold is
// searched again, so its size changes the search's work, never its value. A new table is
// used once forget has started its first generation.
type solverTable struct {
	slots []solverSlot
	gen   uint32 // the current generation; a slot of another one is empty
	used  int    // slots of the current generation
}

type solverSlot struct {
	key   solverKey
	value int32
	kind  int8 // 0 exact, 1 lower bound, 2 upper bound
	gen   uint32
}

// solverTableSize is the table's first size in slots: enough for most deals of the
// expert's exact search, whose largest have a few thousand positions at a trick's start.
const solverTableSize = 1 << 12

// forget starts a new generation: every slot is empty again.
func (t *solverTable) forget() {
	t.gen++
	t.used = 0
	if t.gen == 0 { // wrapped: stamps of the old generation 1 would read as current
		clear(t.slots)
		t.gen = 1
	}
}

// hash mixes the key's fields into an index.
func (k *solverKey) hash() uint64 {
	h := k.played[0]*0x9e3779b97f4a7c15 ^ k.played[1]*0xc2b2ae3d27d4eb4f
	h ^= (uint64(uint16(k.points[0])) | uint64(uint16(k.points[1]))<<16 |
		uint64(uint16(k.counters[0]))<<32 | uint64(uint16(k.counters[1]))<<48) * 0x165667b19e3779f9
	h ^= (uint64(uint8(k.tricks[0])) | uint64(uint8(k.tricks[1]))<<8 | uint64(uint8(k.leader))<<16 |
		uint64(k.took)<<24 | uint64(uint16(k.seatPoints[0]))<<32) * 0xd6e8feb86659fd93
	for _, p := range k.seatPoints[1:] {
		h = (h ^ uint64(uint16(p))) * 0x9e3779b97f4a7c15
	}
	return h ^ h>>29
}

// lookup returns the slot holding key, or nil.
func (t *solverTable) lookup(key *solverKey) *solverSlot {
	if len(t.slots) == 0 {
		return nil
	}
	mask := uint64(len(t.slots) - 1)
	for i := key.hash() & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.gen != t.gen {
			return nil
		}
		if s.key == *key {
			return s
		}
	}
}

// store records the value and kind of the position key.
func (t *solverTable) store(key *solverKey, value int, kind int8) {
	if 2*(t.used+1) > len(t.slots) {
		t.grow()
	}
	mask := uint64(len(t.slots) - 1)
	for i := key.hash() & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.gen != t.gen {
			*s = solverSlot{key: *key, value: int32(value), kind: kind, gen: t.gen}
			t.used++
			return
		}
		if s.key == *key {
			s.value, s.kind = int32(value), kind
			return
		}
	}
}

// grow doubles the table, keeping the current generation's positions.
func (t *solverTable) grow() {
	old := t.slots
	t.slots = make([]solverSlot, max(2*len(old), solverTableSize))
	mask := uint64(len(t.slots) - 1)
	for j := range old {
		o := &old[j]
		if o.gen != t.gen {
			continue
		}
		i := o.key.hash() & mask
		for t.slots[i].gen == t.gen {
			i = (i + 1) & mask
		}
		t.slots[i] = *o
	}
}

func newSolver(s *scoring, team int) *solver {
	sv := &solver{s: s, team: team}
	sv.table.forget()
	return sv
}

// reset sets the solver to a new deal, the position before the candidates are played, and
// forgets the positions of the last one.
func (sv *solver) reset(d *deal) {
	sv.table.forget()
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
		if e := sv.table.lookup(&key); e != nil {
			switch v := int(e.value); {
			case e.kind == 0:
				return v
			case e.kind == 1 && v >= beta:
				return v
			case e.kind == 2 && v <= alpha:
				return v
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
		sv.table.store(&key, best, kind)
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
