// Package computer holds the engine's computer players: a random player that takes
// uniformly random legal actions, and a baseline player that plays sensibly.
//
// A player chooses from what its seat may know, by type: it is handed the seat's
// engine.View (its own hand, the public table and the public history of the hand, its own
// passes), never the game itself.
package computer

import (
	"math/bits"
	"math/rand/v2"

	"github.com/pinochle-discord/pinochle/engine"
)

// Player chooses an action for a seat that is expected to act.
type Player interface {
	// Choose returns a legal action for the view's seat; v is Game.View of that seat.
	Choose(v engine.View) engine.Action
}

// Random takes a uniformly random legal action in every phase. In the auction it chooses
// uniformly among passing (when allowed) and the next five legal bids, since the set of
// legal bids is otherwise too large to draw from usefully.
type Random struct {
	src  rand.PCG
	bids [8]int
}

// newRandom returns a random player drawing from the given seed.
func newRandom(seed uint64) *Random {
	r := &Random{}
	r.src.Seed(seed, seed^0x5DEECE66D)
	return r
}

// intn returns a number in [0, n), by the high half of a 128-bit product rather than a
// division (Lemire): the bias, at most n/2⁶⁴, is far below anything a game can show.
func (r *Random) intn(n int) int {
	hi, _ := bits.Mul64(r.src.Uint64(), uint64(n))
	return int(hi)
}

// Choose returns a uniformly random legal action for the view's seat.
func (r *Random) Choose(v engine.View) engine.Action {
	a := engine.Action{Seat: v.Seat()}
	switch v.Phase() {
	case engine.PhaseBidding:
		bids := v.AppendNextBids(r.bids[:0], 5)
		n := len(bids)
		if !v.MustBid() {
			n++
		}
		if i := r.intn(n); i < len(bids) {
			a.Kind, a.Bid = engine.ActBid, bids[i]
		} else {
			a.Kind = engine.ActPass
		}
	case engine.PhaseTrump:
		choices := uint32(v.TrumpChoices())
		a.Kind, a.Suit = engine.ActTrump, engine.Suit(nth(choices, r.intn(bits.OnesCount32(choices))))
	case engine.PhasePass, engine.PhasePassBack:
		a.Kind, a.Cards = engine.ActPassCards, r.pass(&v)
	case engine.PhaseDecide:
		choices := v.DecideChoices()
		a.Kind = choices[r.intn(len(choices))]
	case engine.PhasePlay:
		legal := uint32(v.Legal())
		a.Kind, a.Card = engine.ActPlayCard, engine.Card(nth(legal, r.intn(bits.OnesCount32(legal))))
	}
	return a
}

// nth returns the position of the k-th set bit of set (0 for the lowest).
func nth(set uint32, k int) int {
	for ; k > 0; k-- {
		set &= set - 1
	}
	return bits.TrailingZeros32(set)
}

// pass draws the cards to pass: first the required number from the preferred cards, then
// the rest from what is left, each uniformly.
func (r *Random) pass(v *engine.View) []engine.Card {
	rule := v.PassRule()
	hand := v.Hand()
	out := make([]engine.Card, 0, rule.Count)
	pref := rule.Prefer
	out = r.draw(&pref, &hand, rule.Need, out)
	return r.draw(&hand, &hand, rule.Count-len(out), out)
}

// draw appends n cards drawn uniformly from pool, removing each from pool and hand.
func (r *Random) draw(pool, hand *engine.Hand, n int, out []engine.Card) []engine.Card {
	left := pool.Len()
	for range n {
		k := r.intn(left)
		left--
		for c := engine.Card(0); c < engine.NumKinds; c++ {
			if k < pool.Count(c) {
				pool[c]--
				if pool != hand {
					hand[c]--
				}
				out = append(out, c)
				break
			}
			k -= pool.Count(c)
		}
	}
	return out
}
