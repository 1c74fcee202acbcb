// Package computer holds the engine's computer players: a random player that takes
// uniformly random legal actions, and a baseline player that plays sensibly.
//
// A player chooses from what its seat may know: its own hand and the public table. It
// reads the game only through accessors that reveal nothing else (Hand of its own seat,
// meld once shown, the auction, the trick) and never changes the game.
package computer

import (
	"math/bits"
	"math/rand/v2"

	"github.com/pinochle-discord/pinochle/engine"
)

// Player chooses an action for a seat that is expected to act (g.Waiting(seat)).
type Player interface {
	// Choose returns a legal action for seat.
	Choose(g *engine.Game, seat int) engine.Action
}

// Random takes a uniformly random legal action in every phase. In the auction it chooses
// uniformly among passing (when allowed) and the next five legal bids, since the set of
// legal bids is otherwise too large to draw from usefully.
type Random struct {
	src  rand.PCG
	bids [8]int
}

// NewRandom returns a random player drawing from the given seed.
func NewRandom(seed uint64) *Random {
	r := &Random{}
	r.src.Seed(seed, seed^0x5DEECE66D)
	return r
}

func (r *Random) intn(n int) int { return int(r.src.Uint64() % uint64(n)) }

// Choose returns a uniformly random legal action for seat.
func (r *Random) Choose(g *engine.Game, seat int) engine.Action {
	a := engine.Action{Seat: seat}
	switch g.Phase() {
	case engine.PhaseBidding:
		bids := g.AppendNextBids(r.bids[:0], 5)
		n := len(bids)
		if !g.MustBid() {
			n++
		}
		if i := r.intn(n); i < len(bids) {
			a.Kind, a.Bid = engine.ActBid, bids[i]
		} else {
			a.Kind = engine.ActPass
		}
	case engine.PhaseTrump:
		var suits [engine.NumSuits]engine.Suit
		n := 0
		for s := engine.Spades; s < engine.NoSuit; s++ {
			if g.TrumpChoices()&(1<<s) != 0 {
				suits[n] = s
				n++
			}
		}
		a.Kind, a.Suit = engine.ActTrump, suits[r.intn(n)]
	case engine.PhasePass, engine.PhasePassBack:
		a.Kind, a.Cards = engine.ActPassCards, r.pass(g, seat)
	case engine.PhaseDecide:
		ch := g.DecideChoices()
		a.Kind = ch[r.intn(len(ch))]
	case engine.PhasePlay:
		legal := uint32(g.LegalCards(seat))
		for k := r.intn(bits.OnesCount32(legal)); k > 0; k-- {
			legal &= legal - 1
		}
		a.Kind, a.Card = engine.ActPlayCard, engine.Card(bits.TrailingZeros32(legal))
	}
	return a
}

// pass draws the cards to pass: first the required number from the preferred cards, then
// the rest from what is left, each uniformly.
func (r *Random) pass(g *engine.Game, seat int) []engine.Card {
	rule := g.PassRuleFor(seat)
	hand := g.Hand(seat)
	out := make([]engine.Card, 0, rule.Count)
	pref := rule.Prefer
	out = r.draw(&pref, &hand, rule.Need, out)
	return r.draw(&hand, &hand, rule.Count-len(out), out)
}

// draw appends n cards drawn uniformly from pool, removing each from pool and hand.
func (r *Random) draw(pool, hand *engine.Hand, n int, out []engine.Card) []engine.Card {
	for range n {
		k := r.intn(pool.Len())
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
