package computer

import (
	"math"
	"math/rand/v2"

	"github.com/pinochle-discord/pinochle/engine"
)

// Reading the auction: a seat that bid has, more often than not, a hand worth its bid, and
// one that passed a hand worth less. An Expert whose budget asks for it (Budget.ReadPartner)
// deals the unseen cards of its auction decisions, before any card has changed hands, so
// that each teammate's hand agrees with how it bid: each sampled deal is kept with the
// chance that the teammates' hands would have bid as they did. It reads its teammates
// only: a first version that read every seat (and drew up to 32 deals a sample, keeping
// the likeliest, without the scale below) bid less against the opponents and lost
// (racehorse, 200 duplicate deals against the same expert not reading: -16.4 a hand,
// -32.6 to -0.2), likely because its bids weigh what its own contract is worth, not what
// passing leaves the opponents.
//
// The chance of each bid comes from a model of how computer players bid, written as a
// logistic curve in the Baseline's estimate of the hand (bestTrump, any suit it may name;
// the seats it will pass to count as receiving): a seat facing the lowest next bid next
// bids it with chance 1/(1+exp(-(estimate-next-Center)/Width)). The curve depends on who
// holds the bid when the seat acts (nobody, its teammate, an opponent). It was fitted by
// maximum likelihood (a grid of centres and widths) to the free bids and passes of 300
// hands of each preset (deal seeds 1 to 300) in which four experts bid (200 samples a bid,
// the fitted Confidence, PartnerConfidence and Risk), with each hand's estimate recorded.

// bidCurve is the logistic model of one bidding situation; Width 0 means the situation
// says nothing of the hand (every seat bid in it in the games fitted).
type bidCurve struct {
	Center, Width float64
}

// bidSituation is who holds the bid when a seat acts in the auction.
type bidSituation int

const (
	bidOpen     bidSituation = iota // nobody holds a bid made freely
	bidTeammate                     // a teammate holds it
	bidOpponent                     // an opponent holds it
)

// bidCurves are the fitted curves of each preset, by situation, in the preset's points.
var bidCurves = map[string][3]bidCurve{
	"racehorse":   {{6, 13}, {36, 13}, {-34, 40}},
	"classic":     {{0, 0}, {34, 20}, {-46, 30}},
	"partnership": {{14, 8}, {42, 16}, {-46, 40}},
	"double-deck": {{4, 4}, {4, 4}, {-2, 4}},
	"six-handed":  {{1, 1}, {5, 1}, {1, 1}},
}

// bidEvidence is one free action of another seat in the auction: it bid, or passed,
// facing next as the lowest bid.
type bidEvidence struct {
	seat  int
	next  int
	bid   bool
	curve bidCurve
}

// readBids records in k what the view's auction shows of the other seats' hands (of its
// teammates' only, when teammates is set), when the view's rules are those of a preset with
// fitted curves and no card has changed hands; it reports whether there is anything to
// read.
func (k *knowledge) readBids(v *engine.View, teammates bool) bool {
	r := v.Rules()
	curves, ok := bidCurves[r.Preset]
	if !ok || (v.Phase() != engine.PhaseBidding && v.Phase() != engine.PhaseTrump) {
		return false
	}
	k.evidence = k.evidence[:0]
	high, holder := 0, -1 // holder: the seat holding a free bid, -1 for none
	for _, e := range v.Auction() {
		if e.Seat != k.seat && !e.Forced && (!teammates || r.TeamOf(e.Seat) == r.TeamOf(k.seat)) {
			sit := bidOpen
			if holder >= 0 {
				sit = bidOpponent
				if r.TeamOf(holder) == r.TeamOf(e.Seat) {
					sit = bidTeammate
				}
			}
			if c := curves[sit]; c.Width > 0 {
				k.evidence = append(k.evidence, bidEvidence{seat: e.Seat, next: minNextBid(r, high), bid: !e.Pass(), curve: c})
			}
		}
		if !e.Pass() {
			high, holder = e.Amount, e.Seat
			if e.Forced {
				holder = -1
			}
		}
	}
	return len(k.evidence) > 0
}

// minNextBid returns the lowest bid over high (0: no bid yet) under r, as the engine
// works it out.
func minNextBid(r *engine.Rules, high int) int {
	if high == 0 {
		return r.MinBid
	}
	amount := high + r.MinRaise
	if rem := amount % r.BidStep; rem != 0 {
		amount += r.BidStep - rem
	}
	for amount%r.BidStep != 0 || (r.StepFrom != 0 && amount >= r.StepFrom && amount%r.StepAbove != 0) {
		amount++
	}
	return amount
}

// bidLikelihood returns the chance, under the fitted curves, that hands would have bid as
// the evidence says.
func (k *knowledge) bidLikelihood(hands *[engine.MaxPlayers]engine.Hand) float64 {
	r := k.rules
	receives := r.PassStyle != engine.PassNone
	var est [engine.MaxPlayers]float64
	var done uint8
	p := 1.0
	for _, e := range k.evidence {
		if done&(1<<e.seat) == 0 {
			h := &hands[e.seat]
			choices := uint8(0xF)
			if r.TrumpNeedsMarriage {
				choices = marriageSuits(h)
			}
			est[e.seat] = -1e9 // a hand that cannot name trump bids nothing
			if choices != 0 {
				_, est[e.seat] = bestTrump(r, h, choices, receives)
			}
			done |= 1 << e.seat
		}
		z := (est[e.seat] - float64(e.next) - e.curve.Center) / e.curve.Width
		q := 1 / (1 + math.Exp(-max(min(z, 40), -40)))
		if !e.bid {
			q = 1 - q
		}
		p *= q
	}
	return p
}

// The deals drawn for one sample read against the auction: a first draw of pilotDeals
// deals finds the likeliest hands (the scale), and each sample then keeps a deal with its
// likelihood over that scale, drawing at most maxBidTries deals and keeping the likeliest
// of them when none is kept, so that a sample costs at most maxBidTries deals however
// unlikely the auction makes them.
const (
	pilotDeals  = 16
	maxBidTries = 8
)

// draw deals the unseen cards as sample does, and, when k holds evidence from the
// auction, keeps each deal with its likelihood.
func (k *knowledge) draw(rng *rand.Rand) [engine.MaxPlayers]engine.Hand {
	if len(k.evidence) == 0 {
		return k.sample(rng)
	}
	if k.scale == 0 {
		for range pilotDeals {
			hands := k.sample(rng)
			k.scale = max(k.scale, k.bidLikelihood(&hands))
		}
		if k.scale == 0 {
			k.evidence = nil // no deal agrees with the auction: read it no further
			return k.sample(rng)
		}
	}
	var best [engine.MaxPlayers]engine.Hand
	bestP := -1.0
	for range maxBidTries {
		hands := k.sample(rng)
		p := k.bidLikelihood(&hands)
		if rng.Float64()*k.scale < p {
			return hands
		}
		if p > bestP {
			best, bestP = hands, p
		}
	}
	return best
}
