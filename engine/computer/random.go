package computer

import (
	"math/bits"
	"math/rand/v2"

	"github.com/pinochle-discord/pinochle/engine"
)

// Random takes a uniformly random legal action in every phase. In the auction it chooses
// uniformly among passing (when allowed) and the next five legal bids, since the set of
// legal bids is otherwise too large to draw from usefully.
type Random struct {
	src  rand.PCG
	bids [8]int
	// cards is where passes take their cards from: each pass takes the next few and the
	// player never writes them again, so the caller may keep them (see pass).
	cards []engine.Card
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

// Choose returns a uniformly random legal action for the view's seat. Each case returns
// its action whole: building one field by field costs more than choosing it.
func (r *Random) Choose(v engine.View) engine.Action {
	seat := v.Seat()
	switch v.Phase() {
	case engine.PhasePlay:
		legal := uint32(v.Legal())
		return engine.Action{Seat: seat, Kind: engine.ActPlayCard, Card: engine.Card(nth(legal, r.intn(bits.OnesCount32(legal))))}
	case engine.PhaseBidding:
		bids := v.AppendNextBids(r.bids[:0], 5)
		n := len(bids)
		if !v.MustBid() {
			n++
		}
		if i := r.intn(n); i < len(bids) {
			return engine.Action{Seat: seat, Kind: engine.ActBid, Bid: bids[i]}
		}
		return engine.Action{Seat: seat, Kind: engine.ActPass}
	case engine.PhaseTrump:
		choices := uint32(v.TrumpChoices())
		return engine.Action{Seat: seat, Kind: engine.ActTrump, Suit: engine.Suit(nth(choices, r.intn(bits.OnesCount32(choices))))}
	case engine.PhasePass, engine.PhasePassBack:
		return engine.Action{Seat: seat, Kind: engine.ActPassCards, Cards: r.pass(&v)}
	case engine.PhaseDecide:
		choices := v.DecideChoices()
		return engine.Action{Seat: seat, Kind: choices[r.intn(len(choices))]}
	case engine.PhaseMeld:
		choices := v.MeldChoices()
		if i := r.intn(len(choices) + 1); i < len(choices) {
			return engine.Action{Seat: seat, Kind: engine.ActMeld, Cards: choices[i].Cards()}
		}
		return engine.Action{Seat: seat, Kind: engine.ActDraw}
	}
	return engine.Action{Seat: seat}
}

// nth returns the position of the k-th set bit of set (0 for the lowest).
func nth(set uint32, k int) int {
	for ; k > 0; k-- {
		set &= set - 1
	}
	return bits.TrailingZeros32(set)
}

// passChunk is how many cards the player sets aside at a time for its passes.
const passChunk = 64

// pass draws the cards to pass: first the required number from the preferred cards, then
// the rest from what is left, each uniformly. The slice is the caller's to keep: it is
// cut from r.cards, capped at its length, and r.cards moves past it, so the player never
// writes it again (a new chunk is made when the old one is used up).
func (r *Random) pass(v *engine.View) []engine.Card {
	rule := v.PassRule()
	if cap(r.cards)-len(r.cards) < rule.Count {
		r.cards = make([]engine.Card, 0, max(passChunk, rule.Count))
	}
	n := len(r.cards)
	out := r.cards[n : n : n+rule.Count]
	hand := v.Hand()
	pref := rule.Prefer
	out = r.draw(&pref, &hand, rule.Need, out)
	out = r.draw(&hand, &hand, rule.Count-len(out), out)
	r.cards = r.cards[:n+len(out)]
	return out
}

// draw appends n cards drawn uniformly from pool, removing each from pool and hand. The
// k-th copy of the pool's cards, in the order of their kinds, is the card drawn by k: it
// is found by walking the pool's kinds, with no list of its cards built.
func (r *Random) draw(pool, hand *engine.Hand, n int, out []engine.Card) []engine.Card {
	if n <= 0 {
		return out
	}
	size := pool.Len()
	for range n {
		k := r.intn(size)
		set := uint32(pool.Set())
		c := engine.Card(bits.TrailingZeros32(set))
		for k >= int(pool[c]) {
			k -= int(pool[c])
			set &= set - 1
			c = engine.Card(bits.TrailingZeros32(set))
		}
		pool[c]--
		if pool != hand {
			hand[c]--
		}
		size--
		out = append(out, c)
	}
	return out
}
