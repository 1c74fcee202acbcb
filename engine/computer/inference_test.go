package computer

import (
	"math/rand/v2"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
)

// TestMinNextBidMatchesEngine checks the lowest next bid that reading the auction works
// out against the engine's, at every bid of games of every preset.
func TestMinNextBidMatchesEngine(t *testing.T) {
	for _, preset := range engine.PresetNames() {
		bids := 0
		for seed := uint64(1); seed <= 3; seed++ {
			decisionPoints(t, preset, map[string]string{"hands": "3"}, seed, func(g *engine.Game, seat int) {
				if g.Phase() != engine.PhaseBidding {
					return
				}
				bids++
				v := g.View(seat)
				if got, want := minNextBid(v.Rules(), v.High()), v.MinNextBid(); got != want {
					t.Fatalf("%s: over %d, minNextBid says %d, the engine %d", preset, v.High(), got, want)
				}
			})
		}
		if bids == 0 {
			t.Fatalf("%s: no bid", preset)
		}
	}
}

// TestReadBidsLeansOnTeammates checks that reading a teammate's bids moves the sampled
// deals the right way: at the bids of racehorse games where a teammate bid of its own will,
// the teammate's hand is worth more in deals drawn against the auction than in deals drawn
// without it, and where the teammate passed without bidding, less.
func TestReadBidsLeansOnTeammates(t *testing.T) {
	r := newRules(t, "racehorse", nil)
	type sum struct{ read, plain float64 }
	var bid, passed sum
	nBid, nPassed := 0, 0
	worth := func(h *engine.Hand) float64 {
		_, est := bestTrump(&r, h, 0xF, true)
		return est
	}
	for seed := uint64(1); seed <= 40; seed++ {
		decisionPoints(t, "racehorse", map[string]string{"hands": "1"}, seed, func(g *engine.Game, seat int) {
			if g.Phase() != engine.PhaseBidding {
				return
			}
			v := g.View(seat)
			mate := (seat + r.Players/2) % r.Players
			didBid, didPass := false, false
			for _, e := range v.Auction() {
				if e.Seat == mate && !e.Forced {
					didBid = didBid || !e.Pass()
					didPass = didPass || e.Pass()
				}
			}
			if !didBid && !didPass {
				return
			}
			k := know(&v)
			if !k.readBids(&v, true) {
				t.Fatalf("seed %d: nothing read from an auction in which the teammate acted", seed)
			}
			for _, e := range k.evidence {
				if e.seat != mate {
					t.Fatalf("seed %d: evidence of seat %d read, not only the teammate's", seed, e.seat)
				}
			}
			plain := know(&v)
			rng1, rng2 := rand.New(rand.NewPCG(seed, 1)), rand.New(rand.NewPCG(seed, 2))
			s := &passed
			if didBid {
				s = &bid
				nBid++
			} else {
				nPassed++
			}
			for range 50 {
				h1, h2 := k.draw(rng1), plain.draw(rng2)
				s.read += worth(&h1[mate]) / 50
				s.plain += worth(&h2[mate]) / 50
			}
		})
	}
	if nBid < 5 || nPassed < 5 {
		t.Fatalf("too few positions: %d with a teammate's bid, %d with its pass", nBid, nPassed)
	}
	if bid.read <= bid.plain {
		t.Errorf("a teammate who bid: worth %.0f a position read against the auction, %.0f without", bid.read/float64(nBid), bid.plain/float64(nBid))
	}
	if passed.read >= passed.plain {
		t.Errorf("a teammate who passed: worth %.0f a position read against the auction, %.0f without", passed.read/float64(nPassed), passed.plain/float64(nPassed))
	}
	t.Logf("a teammate who bid: %.0f read, %.0f not; who passed: %.0f read, %.0f not",
		bid.read/float64(nBid), bid.plain/float64(nBid), passed.read/float64(nPassed), passed.plain/float64(nPassed))
}
