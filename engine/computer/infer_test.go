package computer

import (
	"math/rand/v2"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
)

// TestAuctionInferencePrefersConsistentDeals checks that samples kept in proportion to the
// auction's likelihood deal a seat that bid high more of what the bidding model values
// (its limit: meld, trump, aces) than a seat that passed at the opening price, where
// samples drawn evenly deal them alike.
func TestAuctionInferencePrefersConsistentDeals(t *testing.T) {
	r := newRules(t, "racehorse", nil)
	deck := fullDeck(&r)
	var cards []engine.Card
	for c := engine.Card(0); c < engine.NumKinds; c++ {
		for range deck[c] {
			cards = append(cards, c)
		}
	}
	rand.New(rand.NewPCG(35, 1)).Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	var own engine.Hand
	for _, c := range cards[:12] {
		own[c]++
	}
	bid := func(seat, price int) auctionDecision {
		return auctionDecision{seat: int8(seat), bid: true, price: int16(price)}
	}
	pass := func(seat, price int) auctionDecision {
		return auctionDecision{seat: int8(seat), price: int16(price)}
	}
	tests := []struct {
		name         string
		high, passed int // the seats compared: the one that bid high, the one that passed
		decisions    []auctionDecision
	}{
		{"opponent bids 350, partner passes", 1, 2, []auctionDecision{pass(2, 250), bid(1, 300), bid(1, 350)}},
		{"partner bids 350, opponent passes", 2, 1, []auctionDecision{pass(1, 250), bid(2, 300), bid(2, 350)}},
		{"opponents compete, one gives up", 3, 1, []auctionDecision{bid(1, 250), bid(3, 260), bid(1, 270), bid(3, 280), pass(1, 290), bid(3, 320)}},
	}
	const samples = 200
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k := &knowledge{rules: &r, seat: 0, slots: 4, own: own, pool: deck}
			sub(&k.pool, &own)
			for s := 1; s < 4; s++ {
				k.need[s] = 12
			}
			k.setHolders()
			ev := &auctionEvidence{model: &racehorseAuction, meld: &r.Meld, tries: 8, seats: 0b1110}
			ev.n = copy(ev.decisions[:], tt.decisions)
			// gap returns the mean of the high bidder's limit less the passer's.
			gap := func(inferred bool) float64 {
				k.auction = nil
				if inferred {
					k.auction = ev
				}
				rng := rand.New(rand.NewPCG(7, 7))
				sum := 0.0
				for range samples {
					hands := k.sampleInferred(rng)
					sum += racehorseAuction.limit(&hands[tt.high], &r.Meld) - racehorseAuction.limit(&hands[tt.passed], &r.Meld)
				}
				return sum / samples
			}
			if !raceEnabled {
				k.auction = ev
				rng := rand.New(rand.NewPCG(7, 8))
				if a := testing.AllocsPerRun(20, func() { k.sampleInferred(rng) }); a != 0 {
					t.Errorf("an inferred sample allocates %.0f times, want none", a)
				}
			}
			even, inferred := gap(false), gap(true)
			t.Logf("limit gap: %.1f even, %.1f inferred", even, inferred)
			if even < -15 || even > 15 {
				t.Errorf("even samples: the bidder's limit exceeds the passer's by %.1f, want about 0", even)
			}
			if inferred < even+40 {
				t.Errorf("inferred samples: the bidder's limit exceeds the passer's by %.1f, even samples by %.1f: want 40 more", inferred, even)
			}
		})
	}
}

// TestInferAuctionReadsTheView checks, at the first card of racehorse hands, which seats
// the auction is weighed for: every other seat for the bidding side, whose passes the
// seat saw; only the other defender for a defender; and that the decisions weighed are
// the auction's bids and passes of those seats not taken over a partner's bid.
func TestInferAuctionReadsTheView(t *testing.T) {
	checked, weighed := 0, 0
	decisionPoints(t, "racehorse", map[string]string{"hands": "1"}, 5, func(g *engine.Game, seat int) {
		if g.Phase() != engine.PhasePlay || checked == 4 {
			return
		}
		checked = 4 // every seat of the first trick's first card
		for s := range 4 {
			v := g.View(s)
			r := v.Rules()
			k := know(&v)
			k.inferAuction(&v, 4)
			want := uint8(0b1111 &^ (1 << s))
			if b := v.Bidder(); !sameTeam(r, b, s) {
				want &^= 1<<b | 1<<r.Partner(b)
			}
			if k.auction == nil {
				continue // no decision of the weighed seats counts
			}
			weighed++
			if k.auction.seats != want {
				t.Errorf("seat %d: weighs seats %04b, want %04b", s, k.auction.seats, want)
			}
			for _, d := range k.auction.decisions[:k.auction.n] {
				if want&(1<<d.seat) == 0 {
					t.Errorf("seat %d: weighs a decision of seat %d", s, d.seat)
				}
				if d.price < int16(r.MinBid) {
					t.Errorf("seat %d: a decision at %d, under the minimum bid", s, d.price)
				}
			}
			// The sampled hands turned back to the auction's are whole hands.
			hands := k.sampleInferred(rand.New(rand.NewPCG(1, 1)))
			for m := k.auction.seats; m != 0; m &= m - 1 {
				o := 0
				for o = 0; m&(1<<o) == 0; o++ {
				}
				h := hands[o]
				for c := range h {
					h[c] += k.auction.add[o][c]
					h[c] -= min(h[c], k.auction.sub[o][c])
				}
				if h.Len() != r.HandSize() {
					t.Errorf("seat %d: seat %d's hand at the auction has %d cards, want %d", s, o, h.Len(), r.HandSize())
				}
			}
		}
	})
	if checked == 0 || weighed == 0 {
		t.Fatalf("no hand reached trick play with an auction to weigh (%d checked)", checked)
	}
}

// TestInferAuctionOnlyWhereFitted checks that the auction is weighed only in presets bid
// as racehorse is, to which the model was fitted: in classic, none of the seats is.
func TestInferAuctionOnlyWhereFitted(t *testing.T) {
	checked := false
	decisionPoints(t, "classic", map[string]string{"hands": "1"}, 5, func(g *engine.Game, seat int) {
		if g.Phase() != engine.PhasePlay || checked {
			return
		}
		checked = true
		for s := range 4 {
			v := g.View(s)
			k := know(&v)
			k.inferAuction(&v, 4)
			if k.auction != nil {
				t.Errorf("classic, seat %d: weighs %d decisions of the auction, want none", s, k.auction.n)
			}
		}
	})
	if !checked {
		t.Fatal("no hand reached trick play")
	}
}
