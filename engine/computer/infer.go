package computer

import (
	"math"
	"math/bits"
	"math/rand/v2"

	"github.com/pinochle-discord/pinochle/engine"
)

// Inference from the auction (Budget.Infer): a sampled deal of card play is kept in
// proportion to how likely the other seats' bids and passes were, had they held the hands
// the sample gives them, under a bidding model cheap enough to evaluate on every sample.

// auctionModel is a cheap model of a seat's bidding: a seat's limit, the highest bid it
// will make, is linear in what its hand holds in the suit that gives the highest limit
// (its meld there, its length, its aces and tens of it, and its aces of the other suits),
// and the chance that it bids at a price is the logistic of scale times its limit less the
// price.
type auctionModel struct {
	base, meld, trumps, honours, aces float64
	scale                             float64 // per point
}

// racehorseAuction is auctionModel fitted by maximum likelihood (logistic regression) to
// the 843 auction decisions of the 100 racehorse deals between experts kept in
// internal/fitbidmodel/testdata (every decision but those taken while the seat's partner
// held the bid, which the expert's conventions govern): 306 in log-likelihood against
// 478 for a constant. A hand with 50 meld, six trumps, an ace and a ten of them and one
// other ace has a limit of 356.
var racehorseAuction = auctionModel{base: 83.8, meld: 1.247, trumps: 21.64, honours: 22.19, aces: 35.61, scale: 0.03925}

// limit returns the highest bid the model expects a seat holding h to make.
func (m *auctionModel) limit(h *engine.Hand, t *engine.MeldTable) float64 {
	var aces, honours, length [engine.NumSuits]int
	for c := engine.Card(0); c < engine.NumKinds; c++ {
		n := int(h[c])
		s := c.Suit()
		length[s] += n
		switch c.Rank() {
		case engine.Ace:
			aces[s] += n
			honours[s] += n
		case engine.Ten:
			honours[s] += n
		}
	}
	allAces := aces[0] + aces[1] + aces[2] + aces[3]
	best := math.Inf(-1)
	for s := engine.Spades; s < engine.NoSuit; s++ {
		meld := engine.CountMeld(h, s, t).Total
		v := m.base + m.meld*float64(meld) + m.trumps*float64(length[s]) +
			m.honours*float64(honours[s]) + m.aces*float64(allAces-aces[s])
		best = max(best, v)
	}
	return best
}

// maxDecisions bounds the auction decisions weighed; an auction longer than this (rare)
// is weighed on its first maxDecisions.
const maxDecisions = 48

// auctionDecision is one bid or pass of a seat, taken with the price it bid or declined.
type auctionDecision struct {
	seat  int8
	bid   bool
	price int16
}

// auctionEvidence is what the auction says of the seats whose hands at the auction a
// sample gives: their decisions, and how to turn a sampled hand back into the hand the
// seat bid on (its cards played since, and those it passed to the view's seat, put back;
// those the view's seat passed to it taken out).
type auctionEvidence struct {
	model     *auctionModel
	meld      *engine.MeldTable
	tries     int
	seats     uint8 // the seats weighed
	decisions [maxDecisions]auctionDecision
	n         int
	add, sub  [engine.MaxPlayers]engine.Hand
}

// inferAuction sets k to keep its samples in proportion to the auction's likelihood
// (sampleInferred), drawing up to tries deals for each: in trick play, in the passes
// between the bidder and its partner (Budget.InferPass), or during the auction on what it
// has said so far (Budget.InferBids). It applies to the
// presets bid as racehorse is, to which the model was fitted: four-handed, single deck,
// bids in tens from 250 (racehorse, partnership; not classic, whose dealer opens at 150
// and where inference measured -2.9 a hand, -6.7 to +0.9, over 1,000 deals). Where the bidder and
// its partner passed cards the view's seat did not see, their hands at the auction are
// unknown and only the others are weighed.
func (k *knowledge) inferAuction(v *engine.View, tries int) {
	r := k.rules
	if tries < 2 || r.Players != 4 || r.DoubleDeck || r.Solo || r.Stock || r.BidStep != 10 || r.MinBid != 250 ||
		(v.Phase() != engine.PhasePlay && v.Phase() != engine.PhaseBidding && v.Phase() != engine.PhasePass && v.Phase() != engine.PhasePassBack) {
		return
	}
	me := v.Seat()
	ev := &auctionEvidence{model: &racehorseAuction, meld: &r.Meld, tries: tries}
	for s := range r.Players {
		if s != me {
			ev.seats |= 1 << s
		}
	}
	if b := v.Bidder(); r.PassStyle != engine.PassNone && b >= 0 && !sameTeam(r, b, me) {
		ev.seats &^= 1<<b | 1<<r.Partner(b)
	}
	if ev.seats == 0 {
		return
	}
	ev.add = played(v)
	for _, p := range v.Passes() {
		for _, c := range p.Cards {
			if p.From == me {
				ev.sub[p.To][c]++
			} else if p.To == me {
				ev.add[p.From][c]++
			}
		}
	}
	high, holder := 0, -1
	for _, b := range v.Auction() {
		price := b.Amount
		if b.Pass() {
			price = r.MinBid
			if high > 0 {
				price = high + r.MinRaise
			}
		}
		counts := !b.Forced && ev.seats&(1<<b.Seat) != 0 && (holder < 0 || !sameTeam(r, holder, b.Seat))
		if counts && ev.n < maxDecisions {
			ev.decisions[ev.n] = auctionDecision{seat: int8(b.Seat), bid: !b.Pass(), price: int16(price)}
			ev.n++
		}
		if !b.Pass() {
			high, holder = b.Amount, b.Seat
		}
	}
	if ev.n > 0 {
		k.auction = ev
	}
}

// likelihood returns how likely the auction's decisions were, the seats holding hands.
func (ev *auctionEvidence) likelihood(hands *[engine.MaxPlayers]engine.Hand) float64 {
	var limits [engine.MaxPlayers]float64
	for m := ev.seats; m != 0; m &= m - 1 {
		s := bits.TrailingZeros8(m)
		h := hands[s]
		for c := range h {
			h[c] += ev.add[s][c]
			h[c] -= min(h[c], ev.sub[s][c])
		}
		limits[s] = ev.model.limit(&h, ev.meld)
	}
	l := 1.0
	for _, d := range ev.decisions[:ev.n] {
		z := ev.model.scale * (limits[d.seat] - float64(d.price))
		if !d.bid {
			z = -z
		}
		l /= 1 + math.Exp(-z)
	}
	return l
}

// sampleInferred is sample, kept in proportion to the auction's likelihood where
// inferAuction set k to: each deal drawn is kept with the chance the auction had under it;
// when none of k's tries is kept, the likeliest drawn is. Where inferPlay set k to weigh
// the play as well, it is sampleWeighed.
func (k *knowledge) sampleInferred(rng *rand.Rand) [engine.MaxPlayers]engine.Hand {
	if k.meld != nil {
		var best [engine.MaxPlayers]engine.Hand
		bestOff := -1
		for range maxMeldTries {
			hands := k.sample(rng)
			ok, off := k.meld.fits(&hands)
			if ok {
				return hands
			}
			if bestOff < 0 || off < bestOff {
				best, bestOff = hands, off
			}
		}
		return best
	}
	if k.play != nil {
		return k.sampleWeighed(rng)
	}
	ev := k.auction
	if ev == nil {
		return k.sample(rng)
	}
	var best [engine.MaxPlayers]engine.Hand
	bestL := -1.0
	for range ev.tries {
		hands := k.sample(rng)
		l := ev.likelihood(&hands)
		if rng.Float64() < l {
			return hands
		}
		if l > bestL {
			best, bestL = hands, l
		}
	}
	return best
}
