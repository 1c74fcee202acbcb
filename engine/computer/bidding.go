package computer

import (
	"fmt"
	"math/rand/v2"

	"github.com/pinochle-discord/pinochle/engine"
)

// Bids a partner can read (Budget.Readable).
//
// The Expert values its hand once for the whole auction: the sampled deals it plays out are
// drawn from a seed made of its hand and the deal's public facts (auctionRand), so the
// value, the trump and the hint it gives are the same at every turn of the auction, and a
// turn is no new chance for a lucky draw to push the bid up. The value is the highest bid
// the samples support from the lowest bid up (worth), and the Expert bids up to it, held
// back by what its bid would tell a partner:
//
//   - An opening bid (its team has not bid of its own choice) shows meld or strength: the
//     Expert opens only with at least openMeld in the trump it would name, or with a fair
//     share of the tricks in its own hand (sure tricks: aces, trump length).
//   - A raise of its partner (a teammate holds the bid of its own choice) shows help. With
//     Budget.RaiseOnHelp (the expert) help is at least helpMeld of meld or sure tricks, and
//     the Expert raises, as often as the auction comes back to it, up to what its hand is
//     worth at PartnerConfidence. Without it (the normal level) help is meld the partner
//     did not count on: it raises only with at least helpMeld, only once in the auction,
//     and no higher than the partner's bid plus what its meld adds to the meld a partner
//     is expected to bring (averageMeld).
//   - With Budget.BoundRaises a raise of its partner goes no higher than the raiser's own
//     meld and every trick point make (raiseBound): a contract a raise wins is never out
//     of reach.
//   - With Budget.SpareTrick, six-handed, a bid that would need more than every trick
//     point but one trick's share in more than Budget.Hopeless of the samples is out of
//     reach, as one that every trick would not make.
//
// A bid over an opponent needs only the value.

// bidPlan is what the Expert makes of its hand at a turn of the auction.
type bidPlan struct {
	// trump is the suit it would name, NoSuit when it may name none.
	trump engine.Suit
	// worth is the highest bid the samples support in trump at the chance it asks for;
	// top the highest it bids now: worth, held back by what its bid must show.
	worth, top int
	// meld is its own meld in trump; made the share of samples that make the next bid, of
	// samples.
	meld    int
	made    float64
	samples int
	// held, when top is below worth, says in words what holds the bid back; short, when
	// the next bid is above worth, why the samples do not support it.
	held, short string
	// model, when the bid model valued the hand (Budget.Model), is what it says of the
	// next bid; made is then its chance.
	model BidOdds
}

// planBid values the view's seat's hand in the auction and applies the bidding
// conventions.
func (e *Expert) planBid(v *engine.View) bidPlan {
	r := v.Rules()
	h := v.Hand()
	choices := uint8(0xF)
	if r.TrumpNeedsMarriage {
		choices = marriageSuits(&h)
	}
	if choices == 0 {
		return bidPlan{trump: engine.NoSuit}
	}
	next := v.MinNextBid()
	outs := e.outlooks(v, choices, next, auctionRand(v))
	if len(outs) == 0 {
		return bidPlan{trump: engine.NoSuit}
	}
	partner, raised := partnerBids(v)
	need := e.budget.Confidence
	if partner > 0 {
		need = e.budget.PartnerConfidence
	}
	// The suit worth the most; among equals, the one with the higher expected score at
	// that bid, so that the choice depends on the hand and not on the turn.
	reach := bidReach(&e.budget, r)
	hopeless := hopelessBound(&e.budget, r)
	best, bestWorth := 0, -1
	for i := range outs {
		w := outs[i].worth(r, need, e.budget.Risk, hopeless, reach)
		if w > bestWorth || (w == bestWorth && outs[i].value(max(w, r.MinBid)) > outs[best].value(max(bestWorth, r.MinBid))) {
			best, bestWorth = i, w
		}
	}
	var odds BidOdds
	if m, ok := modelOf(r); ok && e.budget.Model && partner == 0 {
		best = bestOutlook(outs)
		f := bidFeatures(v, &outs[best])
		bestWorth, odds = m.worth(r, &f, &outs[best], hopeless, reach, next)
	}
	o := &outs[best]
	p := bidPlan{trump: o.trump, worth: bestWorth, top: bestWorth, made: o.made(next), samples: len(o.totals),
		meld: engine.CountMeld(&h, o.trump, &r.Meld).Total}
	if odds.Bid > 0 {
		p.model, p.made = odds, odds.Made
	}
	switch {
	case odds.Bid > 0 && odds.Declare < odds.Defend:
		p.short = fmt.Sprintf("and declaring it your side expects %s where defending it expects %s", signed(odds.Declare), signed(odds.Defend))
	case odds.Bid > 0:
		p.short = fmt.Sprintf("but in %.0f%% of the sampled deals your side's meld falls so short that it would need more than %d of the %d trick points", 100*o.hopeless(next, reach), reach, r.TrickTotal())
	case p.made < need && partner > 0:
		p.short = fmt.Sprintf("not often enough to take the bid from your partner (%.0f%% or more)", 100*need)
	case p.made < need:
		p.short = "not often enough to bid it"
	case o.hopeless(next, r.TrickTotal()) > hopeless:
		p.short = fmt.Sprintf("but in %.0f%% of them your side's meld falls so short that even every trick would not make it", 100*o.hopeless(next, r.TrickTotal()))
	case o.hopeless(next, reach) > hopeless:
		p.short = fmt.Sprintf("but in %.0f%% of them your side's meld falls so short that it would need more than %d of the %d trick points", 100*o.hopeless(next, reach), reach, r.TrickTotal())
	default:
		p.short = "but what it loses when it fails outweighs what it gains"
	}
	switch {
	case p.top == 0:
	case partner > 0 && e.budget.RaiseOnHelp:
		if help := helpMeld(r); p.meld < help && !strongHand(r, &h, o.trump) {
			p.top, p.held = 0, fmt.Sprintf("your partner holds the bid, and a raise would promise your partner help: you have %d meld, a raise shows at least %d or sure tricks", p.meld, help)
		}
	case partner > 0:
		help := helpMeld(r)
		switch {
		case raised:
			p.top, p.held = 0, "you have already raised your partner once, and a second raise would tell your partner nothing new"
		case p.meld < help:
			p.top, p.held = 0, fmt.Sprintf("your partner holds the bid, and a raise would promise your partner meld: you have %d, a raise shows at least %d", p.meld, help)
		default:
			if ceiling := partner + p.meld - int(averageMeld(r)); ceiling < p.top {
				p.top = legalFloor(r, ceiling)
				p.held = fmt.Sprintf("your %d meld carries your partner's %d no further than %d", p.meld, partner, p.top)
			}
		}
	case !teamHasBid(v) && !showsHand(r, &h, o.trump, p.meld):
		p.top, p.held = 0, fmt.Sprintf("an opening bid tells your partner you hold meld or sure tricks, and you have %d meld and few sure tricks", p.meld)
	}
	if partner > 0 && p.top > 0 && e.budget.BoundRaises {
		if bound := raiseBound(r, p.meld); bound < p.top {
			p.top = bound
			p.held = fmt.Sprintf("a raise of your partner must stay within reach of your own meld: your %d and all %d trick points make %d", p.meld, r.TrickTotal(), bound)
		}
	}
	return p
}

// raiseBound returns the highest bid to which a seat with meld in the trump it would name
// may raise its partner (Budget.BoundRaises; 0 below the lowest bid): that meld (none below
// the team minimum) and every trick point of the hand. It rests on nothing but the
// raiser's own cards. If the raise wins the auction, the raiser names a suit in which it
// holds that meld (raiseTrump), receives its partner's cards and passes back the lowest
// outside its meld, and whatever its partner melds the team's meld is at least its own:
// the contract is never out of reach once meld is shown, so the side never has to throw it
// in for that. What the partner's bids showed is left out on purpose: the partner passes
// its best cards (trump, aces, meld) to the bidder and the trump may not be the partner's,
// so no convention promises meld of the partner's that survives to be shown.
func raiseBound(r *engine.Rules, meld int) int {
	if meld < r.TeamMeldMin {
		meld = 0
	}
	return legalFloor(r, meld+r.TrickTotal())
}

// wonByRaise reports whether the view's seat won the auction by bidding over its own
// partner: its winning bid was made while a teammate held the bid of its own choice.
func wonByRaise(v *engine.View) bool {
	r := v.Rules()
	high := engine.Bid{Seat: -1}
	for _, b := range v.Auction() {
		if b.Pass() {
			continue
		}
		if b.Seat == v.Seat() && b.Amount == v.High() {
			return !b.Forced && high.Seat >= 0 && high.Seat != b.Seat && !high.Forced && sameTeam(r, high.Seat, b.Seat)
		}
		high = b
	}
	return false
}

// raiseTrump returns the suits of choices in which hand h's meld keeps a contract won by a
// raise of the partner in reach (raiseBound at least the bid), or choices when none does.
func raiseTrump(r *engine.Rules, h *engine.Hand, choices uint8, bid int) uint8 {
	var in uint8
	for t := engine.Spades; t < engine.NoSuit; t++ {
		if choices&(1<<t) != 0 && raiseBound(r, engine.CountMeld(h, t, &r.Meld).Total) >= bid {
			in |= 1 << t
		}
	}
	if in == 0 {
		return choices
	}
	return in
}

// readableBid is the Expert's bid under Budget.Readable.
func (e *Expert) readableBid(v *engine.View) (engine.Action, string) {
	pass := engine.Action{Seat: v.Seat(), Kind: engine.ActPass}
	next := v.MinNextBid()
	bid := engine.Action{Seat: v.Seat(), Kind: engine.ActBid, Bid: next}
	if v.MustBid() {
		return bid, fmt.Sprintf("Bid %d: the rules make you bid.", next)
	}
	p := e.planBid(v)
	if p.trump == engine.NoSuit {
		return pass, "Pass: you hold no marriage, so you could not name trump."
	}
	chance := fmt.Sprintf("with %s as trump your side makes %d in %.0f%% of %d sampled deals", p.trump.Name(), next, 100*p.made, p.samples)
	if p.model.Bid > 0 {
		chance = fmt.Sprintf("with %s as trump your side makes %d in %.0f%% of hands like this", p.trump.Name(), next, 100*p.made)
	}
	switch {
	case next <= p.top:
		return bid, fmt.Sprintf("Bid %d: %s; your hand is worth about %d.", next, chance, p.top)
	case next <= p.worth && p.held != "":
		return pass, fmt.Sprintf("Pass: %s, but %s.", chance, p.held)
	}
	return pass, fmt.Sprintf("Pass: %s, %s.", chance, p.short)
}

// Budget.Hopeless of the levels that bid readably. The normal level makes no bid that is
// out of reach after meld in more than one sampled deal of ten. The expert allows one in
// five: on 100 racehorse deals against expert-v1 (seed 101), a tenth gave -18.8 a hand
// (-49.4 to +11.9), a fifth +6.5 (-24.8 to +37.9), and no bound +0.3 (-36.7 to +37.4),
// throwing in 1.2%, 2.1% and 6.2% of its contracts.
const (
	normalHopeless = 0.10
	expertHopeless = 0.20
)

// hopelessBound returns the share of samples in which a bid of budget b may be out of
// reach once meld is shown (Budget.Hopeless): the bound keeps down the contracts a bidder
// could only throw in, so it holds where the rules let a bidder throw in, and where they
// do not (classic, or any preset with the option throwin=never, three-handed's lone
// bidder included) the hand is played and its samples' scores say what such a contract
// costs. There the bound cost the expert 19.8 a hand (+2.9 to +36.6) against itself
// without it, over 300 classic deals (seed 101): it passed hands it would make.
func hopelessBound(b *Budget, r *engine.Rules) float64 {
	if r.ThrowIn == engine.ThrowInNever {
		return 1
	}
	return b.Hopeless
}

// worth returns the highest bid, from the rules' lowest bid up, that the team makes in at
// least need of the samples while costing on average less than risk times the bid and
// being out of reach after meld, with reach trick points, in no more than hopeless of
// them; 0 when even the lowest bid is not. It depends on the samples alone, not on the
// auction.
func (o *outlook) worth(r *engine.Rules, need, risk, hopeless float64, reach int) int {
	top := 0
	for b := r.MinBid; b <= r.MaxBid; b += max(r.BidStep, 1) {
		if o.made(b) < need || o.value(b) <= -risk*float64(b) || o.hopeless(b, reach) > hopeless {
			break
		}
		top = b
	}
	return legalFloor(r, top)
}

// bidReach returns the trick points a bid of budget b may count on in rules r: every one
// of the hand, or six-handed under Budget.SpareTrick all but one trick's share.
func bidReach(b *Budget, r *engine.Rules) int {
	if b.SpareTrick && r.Players == 6 {
		return spareReach(r)
	}
	return r.TrickTotal()
}

// spareReach returns the trick points a contract may count on under Budget.SpareTrick:
// every one of the hand but one trick's share (25 - 3 = 22 six-handed; 250 - 20 = 230 in
// a four-handed preset counted in tens, where the rule does not apply).
func spareReach(r *engine.Rules) int {
	total := r.TrickTotal()
	share := total / r.HandSize()
	if s := r.Scale(); share > s {
		share -= share % s
	}
	return total - share
}

// legalFloor returns the highest bid the rules allow that is not above b (0 below the
// lowest bid).
func legalFloor(r *engine.Rules, b int) int {
	if b < r.MinBid {
		return 0
	}
	if step := max(r.BidStep, 1); b%step != 0 {
		b -= b % step
	}
	if r.StepAbove > 0 && b >= r.StepFrom && b%r.StepAbove != 0 {
		b -= b % r.StepAbove
	}
	return b
}

// partnerBids returns the bid a teammate of the view's seat holds of its own choice (0
// when none does), and whether the seat has already bid over a teammate's bid in this
// auction.
func partnerBids(v *engine.View) (partner int, raised bool) {
	r := v.Rules()
	me := v.Seat()
	high := engine.Bid{Seat: -1}
	for _, b := range v.Auction() {
		if b.Pass() {
			continue
		}
		if b.Seat == me && high.Seat >= 0 && high.Seat != me && !high.Forced && sameTeam(r, high.Seat, me) {
			raised = true
		}
		high = b
	}
	if high.Seat >= 0 && high.Seat != me && !high.Forced && sameTeam(r, high.Seat, me) {
		partner = high.Amount
	}
	return partner, raised
}

// teamHasBid reports whether a seat of the view's seat's team has bid of its own choice
// in this auction.
func teamHasBid(v *engine.View) bool {
	r := v.Rules()
	for _, b := range v.Auction() {
		if !b.Pass() && !b.Forced && sameTeam(r, b.Seat, v.Seat()) {
			return true
		}
	}
	return false
}

// helpMeld is the least meld with which the Expert raises its partner: a royal marriage
// and another marriage (60 in tens, 6 in ones), and no less than the team minimum.
func helpMeld(r *engine.Rules) int {
	return max(r.Meld.Royal[1]+r.Meld.Marriage[1], r.TeamMeldMin)
}

// openMeld is the least meld that shows meld in an opening bid: a royal marriage or a
// pinochle (40 in tens, 4 in ones), and half the team minimum.
func openMeld(r *engine.Rules) int {
	return max(min(r.Meld.Royal[1], r.Meld.Pinochle[1]), r.TeamMeldMin/2)
}

// showsHand reports whether hand h may open the bidding with trump t: it holds openMeld,
// or sure tricks (strongHand).
func showsHand(r *engine.Rules, h *engine.Hand, t engine.Suit, meld int) bool {
	return meld >= openMeld(r) || strongHand(r, h, t)
}

// strongHand reports whether hand h takes a fair share of the hand's tricks by its own
// cards with trump t (trickShare).
func strongHand(r *engine.Rules, h *engine.Hand, t engine.Suit) bool {
	return trickShare(r, h, t) >= float64(r.HandSize())/float64(r.Players)
}

// auctionRand returns the random source of the auction's sampled deals for the view's
// seat, seeded by its hand, its seat, the dealer and the hand's number: every turn of the
// auction, every player of the same budget and every hint draws the same deals for it.
func auctionRand(v *engine.View) *rand.Rand {
	h := v.Hand()
	z := uint64(v.Seat()) | uint64(v.Dealer())<<8 | uint64(v.HandNo())<<16
	for c := range h {
		z = splitMix(z ^ uint64(h[c])<<(c%8*8))
	}
	return rand.New(rand.NewPCG(z, z^0x5851F42D4C957F2D))
}

// splitMix is the SplitMix64 finalizer of z+γ: a well-mixed function of z.
func splitMix(z uint64) uint64 {
	z += 0x9E3779B97F4A7C15
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}
