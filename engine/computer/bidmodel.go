package computer

import (
	"fmt"
	"math"

	"github.com/pinochle-discord/pinochle/engine"
)

// The bid model (issue 35): the Expert's play-outs of a hand in the auction are played with
// every card seen and by a quick policy, not as experts play; the model says what hands
// like it took in real hands between experts. (In the racehorse records the declarers'
// play-outs came close to what they took on average, but one hand's total strays from
// the model's mean by about 98 points: the spread in bidmodel_gen.go.) It is a linear
// model per preset, fitted by internal/fitbidmodel to the hands internal/selfplay recorded
// (bidmodel_gen.go), of:
//
//   - the declaring side's total (its meld and trick points, meld alone when it threw the
//     hand in), with the spread of its residuals: the chance of making bid b is that of a
//     normal variable with that mean and spread reaching b;
//   - the opponents' change of score when the seat's side declares;
//   - the seat's side's score difference when the opponents declare (defending).
//
// Its inputs are BidFeatures, what the seat knows at its turn of the auction.

// BidFeatures is what a seat knows at a turn of the auction, for the trump it would name:
// the suit its play-outs value most.
type BidFeatures struct {
	Trump engine.Suit
	// PlayMean is the mean of the play-outs' totals in that trump (the side's meld and
	// trick points in each sampled deal, passes included).
	PlayMean float64
	// Meld is the seat's own meld in the trump, Trumps how many trumps it holds,
	// TrumpHonours its aces and tens of trump, Aces its aces of the other suits.
	Meld, Trumps, TrumpHonours, Aces int
	// Order is the seat's place in the auction: 0 bids first.
	Order int
	// Partner is the highest bid a teammate made of its own choice, Opponent an
	// opponent's (0 when none); Passes counts the passes so far.
	Partner, Opponent, Passes int
}

// numBidFeatures is the length of BidFeatures.vector.
const numBidFeatures = 10

// vector returns f as the model's inputs, the first a constant.
func (f *BidFeatures) vector() [numBidFeatures]float64 {
	partner := 0.0
	if f.Partner > 0 {
		partner = 1
	}
	return [numBidFeatures]float64{1, f.PlayMean, float64(f.Meld), float64(f.Trumps), float64(f.TrumpHonours),
		float64(f.Aces), partner, float64(f.Partner), float64(f.Opponent), float64(f.Order)}
}

// Vector returns f as the bid model's inputs, the first a constant 1: what
// internal/fitbidmodel regresses on.
func (f *BidFeatures) Vector() []float64 {
	v := f.vector()
	return v[:]
}

// bidFeatures returns the features of the view's seat at its turn of the auction, for
// the outlook o of the trump it would name.
func bidFeatures(v *engine.View, o *outlook) BidFeatures {
	r := v.Rules()
	h := v.Hand()
	f := BidFeatures{Trump: o.trump, Meld: engine.CountMeld(&h, o.trump, &r.Meld).Total, Trumps: h.SuitCount(o.trump),
		TrumpHonours: int(h[engine.NewCard(engine.Ace, o.trump)]) + int(h[engine.NewCard(engine.Ten, o.trump)])}
	sum := 0
	for _, t := range o.totals {
		sum += t
	}
	f.PlayMean = float64(sum) / float64(max(len(o.totals), 1))
	for s := engine.Spades; s < engine.NoSuit; s++ {
		if s != o.trump {
			f.Aces += int(h[engine.NewCard(engine.Ace, s)])
		}
	}
	f.Order = (v.Seat() - v.Dealer() - 1 + 2*r.Players) % r.Players
	for _, b := range v.Auction() {
		switch {
		case b.Pass():
			f.Passes++
		case b.Forced || b.Seat == v.Seat():
		case sameTeam(r, b.Seat, v.Seat()):
			f.Partner = max(f.Partner, b.Amount)
		default:
			f.Opponent = max(f.Opponent, b.Amount)
		}
	}
	return f
}

// bestOutlook returns the index of the outlook of outs with the highest mean total.
func bestOutlook(outs []outlook) int {
	best, bestSum := 0, math.MinInt
	for i := range outs {
		sum := 0
		for _, t := range outs[i].totals {
			sum += t
		}
		if sum > bestSum {
			best, bestSum = i, sum
		}
	}
	return best
}

// AuctionFeatures returns what the view's seat knows at its turn of the auction
// (BidFeatures), from the play-outs its bidding draws (Budget.Readable: the same deals at
// every turn), and false when the seat is not in the auction or could name no trump.
func (e *Expert) AuctionFeatures(v engine.View) (BidFeatures, bool) {
	r := v.Rules()
	if v.Phase() != engine.PhaseBidding || v.Seat() < 0 || r.Solo || r.Stock {
		return BidFeatures{}, false
	}
	h := v.Hand()
	choices := uint8(0xF)
	if r.TrumpNeedsMarriage {
		choices = marriageSuits(&h)
	}
	outs := e.outlooks(&v, choices, v.MinNextBid(), auctionRand(&v))
	if len(outs) == 0 {
		return BidFeatures{}, false
	}
	return bidFeatures(&v, &outs[bestOutlook(outs)]), true
}

// bidModel is the fitted model of one preset (bidmodel_gen.go).
type bidModel struct {
	// total and sigma give the declaring side's total: a normal variable of mean
	// total·x and spread sigma.
	total [numBidFeatures]float64
	sigma float64
	// opp is the opponents' mean change of score when the seat's side declares, and
	// defend the side's mean score difference when the opponents do.
	opp, defend [numBidFeatures]float64
}

// dot returns w·x.
func dot(w, x *[numBidFeatures]float64) float64 {
	s := 0.0
	for i := range w {
		s += w[i] * x[i]
	}
	return s
}

// BidOdds is what the bid model says of declaring a bid with a hand: the chance the side
// makes it in hands like this one, and the score difference it expects declaring it and
// defending instead.
type BidOdds struct {
	Bid int
	// Made is the chance of making the bid, Total the side's mean total (meld and
	// tricks) in hands like this.
	Made, Total float64
	// Declare is the side's expected score difference declaring Bid; Defend when the
	// opponents declare.
	Declare, Defend float64
}

// odds returns what model m says of declaring bid with features f.
func (m *bidModel) odds(f *BidFeatures, bid int) BidOdds {
	x := f.vector()
	mu := dot(&m.total, &x)
	sigma := max(m.sigma, 1)
	z := (float64(bid) - mu) / sigma
	below := normalCDF(z)
	// E[T; T ≥ bid] of a normal T: µ(1−Φ(z)) + σφ(z).
	gain := mu*(1-below) + sigma*math.Exp(-z*z/2)/math.Sqrt(2*math.Pi)
	return BidOdds{Bid: bid, Made: 1 - below, Total: mu,
		Declare: gain - float64(bid)*below - dot(&m.opp, &x), Defend: dot(&m.defend, &x)}
}

// normalCDF is the standard normal distribution function.
func normalCDF(z float64) float64 { return 0.5 * math.Erfc(-z/math.Sqrt2) }

// modelOf returns the bid model of the rules' preset, and false when none was fitted.
func modelOf(r *engine.Rules) (*bidModel, bool) {
	m, ok := bidModels[r.Preset]
	return &m, ok
}

// ExplainBid returns what the bid model says of the view's seat declaring each bid it
// may make next, from the lowest up to the highest the model gives a fair chance (at
// least one hand in ten), in the trump the seat's play-outs value most: the numbers
// behind a hint such as "you make 350 in 62% of hands like this". It returns nothing
// when the seat is not in the auction or its preset has no model.
func (e *Expert) ExplainBid(v engine.View) (BidFeatures, []BidOdds) {
	m, ok := modelOf(v.Rules())
	if !ok {
		return BidFeatures{}, nil
	}
	f, ok := e.AuctionFeatures(v)
	if !ok {
		return BidFeatures{}, nil
	}
	var out []BidOdds
	for _, b := range v.AppendNextBids(nil, 400) {
		o := m.odds(&f, b)
		if o.Made < 0.1 && len(out) > 0 {
			break
		}
		out = append(out, o)
	}
	return f, out
}

// worth returns the highest bid, from the rules' lowest bid up, whose expected score
// declaring is at least that of defending, with features f, and that the outlook o of
// its trump puts out of reach after meld in no more than hopeless of the samples (with
// reach trick points); 0 when even the lowest bid is not. It returns too what the model
// says of bid next.
func (m *bidModel) worth(r *engine.Rules, f *BidFeatures, o *outlook, hopeless float64, reach, next int) (int, BidOdds) {
	top := 0
	for b := r.MinBid; b <= r.MaxBid; b += max(r.BidStep, 1) {
		if od := m.odds(f, b); od.Declare < od.Defend || o.hopeless(b, reach) > hopeless {
			break
		}
		top = b
	}
	return legalFloor(r, top), m.odds(f, next)
}

// signed writes a score difference rounded, with its sign: "+45", "-20".
func signed(x float64) string { return fmt.Sprintf("%+.0f", x) }
