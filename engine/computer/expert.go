package computer

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sort"

	"github.com/pinochle-discord/pinochle/engine"
)

// Budget is how much an Expert searches, counted in work, never in time, so that its
// decisions are the same on any machine and a game replays exactly.
type Budget struct {
	// PlaySamples is the number of deals of the unseen cards sampled for a card play, and
	// AuctionSamples for a bid, the trump and the decision to play or throw in.
	PlaySamples    int
	AuctionSamples int
	// PassSamples is the number of sampled deals each candidate pass is played out in
	// (0: pass as the Baseline does).
	PassSamples int
	// ExactCards: with this many cards or fewer left in all hands, each sample is searched
	// exactly (alpha-beta); before that, each candidate card is played out by a quick
	// policy. Counted in cards, not tricks, so that six hands search as deep as four.
	ExactCards int
	// ExactSamples, when positive, is the number of deals sampled for a card play once
	// the exact search has started (ExactCards), in place of PlaySamples: an exact search
	// of a sample costs many quick playouts, and a deeper one more.
	ExactSamples int
	// Confidence is the chance of making its bid the Expert asks for before it bids, and
	// PartnerConfidence before it raises a bid its partner holds.
	Confidence        float64
	PartnerConfidence float64
	// Risk bounds what a bid may cost on average: the Expert bids b only when its side's
	// expected score difference bidding it is above -Risk×b.
	Risk float64
	// Readable makes the Expert play so that a partner can read it. It bids readably
	// (bidding.go): it values its hand once for the whole auction, from samples drawn from
	// its hand alone; an opening bid shows meld or sure tricks; a raise of its partner
	// shows help (RaiseOnHelp says which). And
	// it gives up no high card for nothing: of the cards its samples cannot tell apart (within
	// a tenth of the smallest counter a deal), it plays the one that costs least to give up.
	// Without it the Expert plays as expert-v1 does, drawing new samples at every turn of
	// the auction.
	Readable bool
	// Hopeless, with Readable, bounds the share of samples in which a bid is out of
	// reach once meld is shown (meld and every trick point short of it): a contract the
	// bidder could only throw in. Where the rules allow no throw-in it does not apply
	// (hopelessBound).
	Hopeless float64
	// RaiseOnHelp, with Readable, lets a raise of the partner show help of either kind,
	// meld or sure tricks, and go as high and as often as the hand is worth at
	// PartnerConfidence; without it a raise shows meld, at most once, no further than
	// that meld carries the partner's bid (bidding.go). The expert raises on help: with
	// the meld rule it scored -4.9 a hand against expert-v1 over 500 racehorse deals
	// (-17.7 to +8.0), +2.1 (-10.4 to +14.6) with this one, and -3.2 with this one held
	// to a single raise.
	RaiseOnHelp bool
	// BoundRaises, with Readable, holds a raise of the partner to what the raiser's own
	// meld in the trump it would name and every trick point make (raiseBound), and has a
	// seat that won the auction by such a raise name a suit that keeps it in reach: a
	// contract a raise wins is never one the side must throw in as out of reach. It
	// rarely binds the normal level (against normal-v1 over 1,000 deals: -0.15 a hand,
	// -0.46 to +0.15, in partnership; no hand changed in racehorse), but it stops the
	// expert's raises on sure tricks with little meld: against the expert without it,
	// -4.0 a hand (-7.5 to -0.5) over 1,000 partnership deals, -0.6 (-1.8 to +0.7) over
	// 300 racehorse deals.
	BoundRaises bool
	// SpareTrick, with Readable, six-handed, counts a bid as out of reach in a sample
	// (Hopeless) when the team's meld leaves it needing more than every trick point but
	// one trick's share (spareReach: 22 of 25), a contract that needs nearly every trick.
	// Four-handed it is not applied: in partnership it cost the normal level 9.1 a hand
	// (1.2 to 17.0) against normal-v1 over 1,000 deals, ceding the auction.
	SpareTrick bool
	// Model, with Readable, values a bid by the bid model fitted to real hands between
	// experts (bidmodel.go) where its preset has one: the Expert bids up to the highest
	// bid whose expected score declaring is at least what the model expects its side to
	// score defending, in the trump its play-outs value most. A raise of its partner and
	// the bidding conventions stay as they are. No level bids by it yet: the expert with it
	// (the duel level expert-model) measured within a few points of expert-v2, the expert
	// without it, over 500 deals of racehorse (-1.2 a hand, -12.9 to +10.4), classic (-1.1,
	// -16.2 to +14.0) and partnership (-3.8, -15.9 to +8.2).
	Model bool
	// Tilt, when its BidderTrump is positive, tilts the samples of card play, where the
	// bidder's partner passed to it, toward the trump and aces the bidder and its partner
	// are likely to hold (knowledge.tiltPassed).
	Tilt Tilt
	// Infer, when 2 or more, makes the samples of card play agree with the auction: of up
	// to Infer deals drawn for each sample, each is kept with the chance that the other
	// seats bid and passed as they did had they held its hands, under a cheap bidding
	// model (auctionModel, fitted to racehorse auctions between experts); when none is
	// kept, the likeliest is. Racehorse and partnership only (inferAuction).
	Infer int
	// InferBids, when 2 or more, does in the auction what Infer does in card play: the
	// deals a bid is valued on are kept in proportion to how likely the bids and passes
	// so far were under them, up to InferBids draws a sample. A raise of its partner
	// stays bounded by the raiser's own meld (BoundRaises).
	InferBids int
	// TiltPasses tilts the samples of a pass between the bidder and its partner
	// (knowledge.tiltPassing, passTilt): the partner deals the bidder the trump and aces a
	// bidder holds, the bidder deals the partner, who has just passed its best, few.
	TiltPasses bool
	// InferPass, when 2 or more, does in the passes between the bidder and its partner
	// what Infer does in card play.
	InferPass int
	// InferPlay, when 2 or more, weighs the samples of card play by the hand's trick play
	// so far (knowledge.inferPlay): of InferPlay deals drawn for each sample, one is kept
	// in proportion to how likely the others' plays were had they held its hands, each
	// card the quick policy would have played there counting 1 and each other card
	// PlayMiss. Single-deck presets without a stock (knowledge.inferPlay).
	InferPlay int
	PlayMiss  float64
}

// The budgets of the levels "expert" and "normal". The normal level's bidding model
// (Confidence, PartnerConfidence, Risk) is fitted to simulated games against the Baseline
// (confidence.go, written by internal/fitbid). The expert puts more at risk than that fit
// (expertRisk): against a bidder as good as itself, a contract it lets go is one the
// opponents play. Both bid readably (Readable): the normal level values
// a hand on 64 sampled deals, where it drew 24 at every turn, since a value that stands for
// the whole auction is worth a few more play-outs and bidding is a small part of its time.
// The expert searches the last 20 cards exactly (five tricks of four hands) on 160
// samples, where it searched the last 16 on 600: paired over 600 racehorse deals (seed
// 101), 20 cards on 200 samples gained 2.9 a hand (1.0 to 4.9) on 16 on 600, and 160
// samples gave the same as 200 (+0.1, -0.1 to +0.2) with a p99 a fifth lower; 20 cards on
// 600 samples cost up to three times the decision-time target.
var (
	expertBudget = Budget{PlaySamples: 600, AuctionSamples: 900, PassSamples: 180, ExactCards: 20, ExactSamples: 160,
		Confidence: expertConfidence, PartnerConfidence: bidPartnerConfidence, Risk: expertRisk, Readable: true, Hopeless: expertHopeless,
		RaiseOnHelp: true, BoundRaises: true, Tilt: expertTilt, TiltPasses: true,
		InferPlay: 4, PlayMiss: expertPlayMiss}
	normalBudget = Budget{PlaySamples: 6, AuctionSamples: 64, ExactCards: 4,
		Confidence: bidConfidence, PartnerConfidence: bidPartnerConfidence, Risk: bidRisk, Readable: true, Hopeless: normalHopeless,
		BoundRaises: true, SpareTrick: true}
)

// The expert's bidding model: it bids what its side makes in at least half of its sampled
// deals, while the bid costs on average less than half of it (the fit against the
// Baseline: 50%, a quarter). Its value stands for the whole auction (Readable), so that
// no turn is a new chance for a lucky draw, and a bolder chance then overbids: on 500
// duplicate racehorse deals against expert-v1 (seed 1), 45% gave -9.8 a hand (-23.4 to
// +3.7), 50% -4.9 (-17.7 to +8.0), 55% -12.8 (-25.4 to -0.1), and 50% with a quarter
// at risk -9.1 (-20.4 to +2.2). With 50% and raises on help (RaiseOnHelp), over 2,000
// racehorse deals: +4.1 (-2.6 to +10.8).
const (
	expertConfidence = 0.50
	expertRisk       = 0.50
)

// expertTilt is how the expert deals the bidder and its partner trump and aces in its
// samples of card play (Tilt), fitted so that the samples' counts match the real deals' in
// trick play between experts. Paired over 2,000 racehorse deals (seed 404) against the
// expert dealing evenly, it gained 4.2 a hand (+1.3 to +7.2); tilting trump alone (3 and
// 0.2) gained nothing measurable (-0.1 and +1.8 over 1,000 deals each of seeds 101 and 202,
// intervals about ±4).
var expertTilt = Tilt{BidderTrump: 3.5, PartnerTrump: 0.2, BidderAces: 2, PartnerAces: 0.5}

// expertPlayMiss is how much less likely the expert holds a sample of card play for each
// card another seat played that the quick policy would not have played in its place
// (Budget.InferPlay). With four draws a sample it gained 3.4 a hand (+0.8 to +6.1) over
// 2,000 racehorse deals against expert-v2 (the duel level expert-infer-play), where seeing
// every hand in card play gains 4.9; six-handed it gained nothing measurable (+0.1, -0.2 to
// +0.4, over 2,000 deals; 0.0 at 0.5 and -0.3 at 0.3 with eight draws, over 500). The quick
// policy plays as the expert does at 60% of its choices of two cards or more in racehorse
// and six-handed (BenchmarkQuickPolicyAgreement).
const expertPlayMiss = 0.4

// passTilt is how the expert deals the bidder and its partner trump and aces in its
// samples of a pass between them (TiltPasses), where passCount cards are passed each way:
// the bidder, before its partner's cards, long in the trump it named; the partner, once it
// has passed, short of trump and aces, the shorter the more it passed. Fitted so that the
// samples' counts match hands between experts (TestTiltPassingFitsPasses: racehorse passes
// three cards, partnership and classic four).
func passTilt(passCount int) Tilt {
	if passCount <= 3 {
		return Tilt{BidderTrump: 2.5, PartnerTrump: 0.35, BidderAces: 1.3, PartnerAces: 0.5}
	}
	return Tilt{BidderTrump: 2.5, PartnerTrump: 0.2, BidderAces: 1.3, PartnerAces: 0.15}
}

// The bid model (bidmodel.go, Budget.Model): experts' hands recorded by internal/selfplay
// (about forty minutes on two cores; resumable), then fitted by internal/fitbidmodel.
//go:generate go run ./internal/selfplay -variant racehorse -deals 1000 -seed 35 -workers 2 -out internal/fitbidmodel/records/racehorse.txt
//go:generate go run ./internal/selfplay -variant classic -deals 600 -seed 35 -workers 2 -out internal/fitbidmodel/records/classic.txt
//go:generate go run ./internal/selfplay -variant partnership -deals 600 -seed 35 -workers 2 -out internal/fitbidmodel/records/partnership.txt
//go:generate go run ./internal/fitbidmodel -records internal/fitbidmodel/records -seed 35 -out bidmodel_gen.go

//go:generate go run ./internal/fitbid -deals 300 -confidence 0.50 -partner 0.70,0.80,0.90 -risk 0.25,0.50,1.00 -ref 0.50/0.80/0.50 -out confidence.go

// ExpertBudget returns the budget of the level "expert", and NormalBudget that of "normal".
func ExpertBudget() Budget { return expertBudget }

// NormalBudget returns the budget of the level "normal".
func NormalBudget() Budget { return normalBudget }

// NewExpert returns an Expert that searches with budget b, drawing from seed: a level's
// player with another budget, such as one kept to measure the levels against.
func NewExpert(b Budget, seed uint64) *Expert { return newExpert(b, seed) }

// Budget returns what the Expert searches with.
func (e *Expert) Budget() Budget { return e.budget }

// Expert plays by sampling: it deals the cards it cannot see at random, consistently with
// everything its seat knows (its own cards and passes, the meld shown, every card played,
// and what the play rules reveal: a seat that did not follow suit is void in it, one that
// did not trump holds none, one that played under the winner when it had to win could not
// beat it; in three-handed, the widow before it is shown and the bury a defender has not
// seen are dealt too), and searches each deal with every card known (perfect-information
// Monte Carlo). Card play plays each candidate out in every sample, exactly by alpha-beta near
// the end of the hand and by a quick policy before; bids, trump and the choice to play or
// throw in play out the whole hand in each sample, passes included; a pass weighs the
// Baseline's choice against combinations of the best cards to give, on the same samples.
//
// An Expert is deterministic: the same seed and the same view give the same action. It
// is not safe for concurrent use.
type Expert struct {
	budget Budget
	rng    *rand.Rand
	base   *Baseline
	// Nodes counts the search's work: positions visited by the exact search and cards
	// played in quick playouts (those of the playout only, from where it starts). Playouts
	// counts the samples searched: a quick playout of a sample, or one exact search of it,
	// for one candidate action.
	Nodes    int
	Playouts int
	// solver is the exact search of card play, kept from one decision to the next so that
	// its table grows once to the size the deals need rather than at every decision.
	solver *solver
	// done, while ChooseContext runs, is the context's Done channel: the search loops
	// look at it between samples and stop early once it is closed.
	done <-chan struct{}
	// sight, truth and seen make a seer (NewSeer): in the decisions sight names, every
	// sample is truth, the hands it was last shown (See).
	sight Sight
	truth [engine.MaxPlayers]engine.Hand
	seen  bool
}

// newExpert returns an expert player with the given budget, drawing from seed.
func newExpert(b Budget, seed uint64) *Expert {
	return &Expert{budget: b, rng: rand.New(rand.NewPCG(seed, seed^0xD1B54A32D192ED03)), base: newBaseline(seed)}
}

// Choose returns the expert's action for the view's seat.
func (e *Expert) Choose(v engine.View) engine.Action {
	a, _ := e.Hint(v)
	return a
}

// ChooseContext is Choose, stopped part way when ctx is done: the search looks at ctx
// between sampled deals, and when ctx is done by the time the search ends it returns ctx's
// cause and no action. Otherwise it returns what Choose would: the expert's budget is
// samples, never time, so a choice never depends on the machine's speed.
func (e *Expert) ChooseContext(ctx context.Context, v engine.View) (engine.Action, error) {
	a, _, err := e.HintContext(ctx, v)
	return a, err
}

// HintContext is Hint, stopped part way when ctx is done, as ChooseContext is.
func (e *Expert) HintContext(ctx context.Context, v engine.View) (engine.Action, string, error) {
	e.done = ctx.Done()
	defer func() { e.done = nil }()
	a, why := e.Hint(v)
	if e.stopped() {
		return engine.Action{}, "", fmt.Errorf("expert search for seat %d: %w", v.Seat(), context.Cause(ctx))
	}
	return a, why, nil
}

// stopped reports whether the context of ChooseContext is done.
func (e *Expert) stopped() bool {
	if e.done == nil {
		return false
	}
	select {
	case <-e.done:
		return true
	default:
		return false
	}
}

// Hint returns the expert's action for the view's seat and one line saying why.
func (e *Expert) Hint(v engine.View) (engine.Action, string) {
	a, why := e.decide(&v)
	if v.Check(a) != nil {
		a = fallback(&v)
		why = "The only sensible choice here."
	}
	return a, why
}

func (e *Expert) decide(v *engine.View) (engine.Action, string) {
	if v.Rules().Stock {
		return e.twoHanded(v)
	}
	if v.Rules().Solo {
		return e.threeHanded(v)
	}
	switch v.Phase() {
	case engine.PhaseBidding:
		return e.bid(v)
	case engine.PhaseTrump:
		return e.trump(v)
	case engine.PhaseDecide:
		return e.decideHand(v)
	case engine.PhasePlay:
		return e.play(v)
	}
	return e.pass(v)
}

// ----- card play -----

// cardStat is what the samples say of one candidate card.
type cardStat struct {
	card  engine.Card
	total int
	wins  int // samples in which the seat's team took the trick in progress
}

func (e *Expert) play(v *engine.View) (engine.Action, string) {
	act := engine.Action{Seat: v.Seat(), Kind: engine.ActPlayCard}
	legal := v.Legal()
	if legal.Len() == 1 {
		act.Card = onlyCard(legal)
		return act, fmt.Sprintf("Play %s: it is your only legal card.", act.Card.Symbol())
	}
	k := e.know(v, SeePlay)
	k.tiltPassed(v, e.budget.Tilt)
	k.inferAuction(v, e.budget.Infer)
	k.inferPlay(v, e.budget.InferPlay, e.budget.PlayMiss)
	sc := scoringOf(v)
	buried := sc.buried
	team := seatSide(v, v.Seat())
	var stats []cardStat
	for c := engine.Card(0); c < engine.NumKinds; c++ {
		if legal.Has(c) {
			stats = append(stats, cardStat{card: c})
		}
	}
	// Every sample deals each seat the cards the view says it holds, so whether the search
	// is exact is the same for all of them.
	exactCards := e.budget.ExactCards
	if v.Rules().Solo {
		exactCards = soloExactCards(e.budget)
	}
	left := cardsHeld(v)
	exact := left <= exactCards
	samples := e.budget.PlaySamples
	var sv *solver // the exact search, when exact
	if exact {
		if e.budget.ExactSamples > 0 {
			samples = e.budget.ExactSamples
		}
		sv = e.exactSolver(&sc, team)
	}
	start := newDeal(v)
	for range samples {
		if e.stopped() {
			break
		}
		hands := k.sampleInferred(e.rng)
		sc.buried = pileBury(v, &hands, buried)
		base := start
		base.setHands(&hands)
		if exact {
			sv.reset(&base)
		}
		for i := range stats {
			c := stats[i].card
			e.Playouts++
			won := team
			if exact {
				stats[i].total += sv.solveAfter(&base, c)
				won = wonTrick(&base, c, team)
			} else {
				// Finish the trick with the quick policy to see who takes it, then play on.
				d := base
				d.play(c)
				for d.n != 0 {
					d.play(d.quick())
				}
				won = trickTaker(&base, &d, team)
				stats[i].total += d.rollout(&sc, team)
				e.Nodes += left
			}
			if won == team {
				stats[i].wins++
			}
		}
	}
	if sv != nil {
		e.Nodes += sv.nodes
		sv.s = nil // the scoring is this decision's
	}
	top := 0
	for i := range stats {
		if stats[i].total > stats[top].total {
			top = i
		}
	}
	best := top
	if e.budget.Readable {
		best = cheapestOfBest(v, stats, top, samples)
	}
	act.Card = stats[best].card
	return act, playReason(stats, best, top, samples, trickTakers(v))
}

// exactSolver returns the Expert's exact search set to scoring s and team, its count of
// nodes at 0.
func (e *Expert) exactSolver(s *scoring, team int) *solver {
	if e.solver == nil {
		e.solver = newSolver(s, team)
	} else {
		e.solver.s, e.solver.team, e.solver.nodes = s, team, 0
	}
	return e.solver
}

// cheapestOfBest returns, of the cards whose total falls short of the best's (stats[top]) by
// less than a tenth of the smallest counter a sample (a point in presets counted in tens),
// the one the Baseline gives up least readily (discardCost): a counter or an ace is not
// played where a low card does as well. A wider margin costs strength: allowing a whole
// counter a sample, the expert lost 19.1 a hand to expert-v1 over 400 racehorse deals
// (-35.6 to -2.6), against 9.4 (-24.2 to +5.4) with this one.
func cheapestOfBest(v *engine.View, stats []cardStat, top, samples int) int {
	r := v.Rules()
	least := 0
	for _, p := range r.RankValue {
		if p > 0 && (least == 0 || p < least) {
			least = p
		}
	}
	margin := max(least*samples/10, 1)
	h := v.Hand()
	best, bestCost := top, discardCost(r, &h, stats[top].card, v.Trump())
	for i := range stats {
		if stats[i].total <= stats[top].total-margin {
			continue
		}
		if c := discardCost(r, &h, stats[i].card, v.Trump()); c < bestCost {
			best, bestCost = i, c
		}
	}
	return best
}

// trickTakers names the view's seat's side in a hint, with its verb: "your side takes", or
// in three-handed "you take" for the bidder alone and "you or the other defender take" for
// a defender.
func trickTakers(v *engine.View) string {
	switch {
	case !v.Rules().Solo:
		return "your side takes"
	case v.Seat() == v.Bidder():
		return "you take"
	}
	return "you or the other defender take"
}

// wonTrick returns the team that takes the trick in progress when card c is played and
// the others follow the quick policy.
func wonTrick(base *deal, c engine.Card, team int) int {
	d := *base
	d.play(c)
	for d.n != 0 {
		d.play(d.quick())
	}
	return trickTaker(base, &d, team)
}

// trickTaker returns the team that took the trick in progress in before, now complete in
// after (team when none did).
func trickTaker(before, after *deal, team int) int {
	for t := range 2 {
		if after.tricks[t] > before.tricks[t] {
			return t
		}
	}
	return team
}

// playReason says why the chosen card (stats[best]) is best, in a line; stats[top] is the
// card of the highest total; takers names the seat's side as the subject of "take".
func playReason(stats []cardStat, best, top, samples int, takers string) string {
	s := stats[best]
	line := fmt.Sprintf("Play %s: %s this trick in %d%% of %d sampled deals", s.card.Symbol(), takers, 100*s.wins/max(samples, 1), samples)
	if best != top {
		other := stats[top].card.Symbol()
		if gain := float64(stats[top].total-s.total) / float64(max(samples, 1)); gain >= 0.5 {
			return line + fmt.Sprintf("; %s would gain only about %s a hand, not worth giving it up.", other, points(gain))
		}
		return line + fmt.Sprintf("; %s would do no better, so keep it.", other)
	}
	second := -1
	for i := range stats {
		if i != best && (second < 0 || stats[i].total > stats[second].total) {
			second = i
		}
	}
	if second < 0 {
		return line + "."
	}
	gain := float64(s.total-stats[second].total) / float64(max(samples, 1))
	if gain < 0.5 {
		return line + fmt.Sprintf(", and %s would do as well.", stats[second].card.Symbol())
	}
	return line + fmt.Sprintf(", about %s a hand better than %s.", points(gain), stats[second].card.Symbol())
}

// points writes x points, rounded: "1 point", "12 points".
func points(x float64) string {
	if n := fmt.Sprintf("%.0f", x); n != "1" {
		return n + " points"
	}
	return "1 point"
}

// scoringOf returns the scoring of the view's hand once meld is shown.
func scoringOf(v *engine.View) scoring {
	if v.Rules().Solo {
		var melds [engine.MaxPlayers]int
		for s := range v.Players() {
			m, _ := v.ShownMeld(s)
			melds[s] = m.Total
		}
		_, buried := v.Buried()
		return soloScoring(v.Rules(), &melds, v.Bidder(), v.High(), buried)
	}
	sc := scoring{r: v.Rules(), bidder: v.Rules().TeamOf(v.Bidder()), bid: v.High(), moon: v.Moon(), meld: [2]int{v.TeamMeld(0), v.TeamMeld(1)}}
	for s := range v.Players() {
		m, _ := v.ShownMeld(s)
		sc.seatMeld[s] = m.Total
	}
	return sc
}

// ----- the auction -----

// outlook is what the samples say of the hand if the seat's team names trump t.
type outlook struct {
	trump engine.Suit
	// totals are, per sample, the team's meld plus trick points when it keeps them, sorted;
	// melds the team's meld as it counts after the passes, sorted; opp the opponents' mean
	// score.
	totals []int
	melds  []int
	opp    float64
}

// hopeless returns the share of samples in which bid is out of reach once meld is shown:
// the team's meld with reach trick points (every one of the hand, or fewer: see
// Budget.SpareTrick) falls short of it.
func (o *outlook) hopeless(bid, reach int) float64 {
	return float64(sort.SearchInts(o.melds, bid-reach)) / float64(len(o.melds))
}

// made returns the share of samples in which the team reaches bid.
func (o *outlook) made(bid int) float64 {
	i := sort.SearchInts(o.totals, bid)
	return float64(len(o.totals)-i) / float64(len(o.totals))
}

// value returns the expected score difference for the team bidding bid.
func (o *outlook) value(bid int) float64 {
	sum := 0.0
	for _, t := range o.totals {
		if t >= bid {
			sum += float64(t)
		} else {
			sum -= float64(bid)
		}
	}
	return sum/float64(len(o.totals)) - o.opp
}

// outlooks plays out the hand in each sample with the view's seat as the bidder, once for
// each suit it could name, passes included.
func (e *Expert) outlooks(v *engine.View, choices uint8, bid int, rng *rand.Rand) []outlook {
	r := v.Rules()
	k := e.know(v, SeeAuction)
	if v.Phase() == engine.PhaseBidding {
		k.inferAuction(v, e.budget.InferBids)
	}
	n := e.budget.AuctionSamples
	var out []outlook
	for t := engine.Spades; t < engine.NoSuit; t++ {
		if choices&(1<<t) != 0 {
			out = append(out, outlook{trump: t, totals: make([]int, 0, n), melds: make([]int, 0, n)})
		}
	}
	if len(out) == 0 {
		return nil
	}
	me := v.Seat()
	team := r.TeamOf(me)
	tables := make([]*cardTable, len(out))
	for i := range out {
		tables[i] = newCardTable(r, out[i].trump)
	}
	for range n {
		if e.stopped() {
			break
		}
		hands := k.sampleInferred(rng)
		for i := range out {
			h := hands
			if v.Phase() == engine.PhaseBidding || v.Phase() == engine.PhaseTrump {
				simulatePasses(v, tables[i], &h)
			}
			sc := meldScoring(r, &h, out[i].trump, team, bid)
			d := startDeal(tables[i], me, &h)
			for !d.over() {
				d.play(d.quick())
			}
			e.Nodes += r.DeckSize()
			e.Playouts++
			total := sc.counted(&d, team)
			if r.MadeNeedsCounters20 && d.counters[team] < 20 {
				total = -1 // short of the counters a contract needs: no bid is made
			}
			opp := sc.counted(&d, 1-team)
			out[i].totals = append(out[i].totals, total)
			out[i].melds = append(out[i].melds, sc.meld[team])
			out[i].opp += float64(opp) / float64(n)
		}
	}
	for i := range out {
		sort.Ints(out[i].totals)
		sort.Ints(out[i].melds)
	}
	return out
}

// simulatePasses exchanges cards in a sampled deal as the bidding team would after the
// view's seat named trump, the trump of card table t: the partner's best cards to the
// bidder and the bidder's least useful back (six-handed, each player of the team to a
// teammate).
func simulatePasses(v *engine.View, t *cardTable, h *[engine.MaxPlayers]engine.Hand) {
	r := v.Rules()
	me := v.Seat()
	n := r.PassCount
	trump, ps := t.trump, &t.pass
	// Room for the cards each seat passes, so that passing allocates nothing.
	var room [engine.MaxPlayers][8]engine.Card
	switch r.PassStyle {
	case engine.PassPartnerThenBack:
		partner := r.Partner(me)
		for _, c := range passToBidder(r, ps, &h[partner], trump, n, room[0][:0]) {
			h[me][c]++
		}
		for _, c := range passBack(r, ps, &h[me], trump, n, r.PassBackFree, room[1][:0]) {
			h[partner][c]++
		}
	case engine.PassSixHanded:
		var gives [engine.MaxPlayers][]engine.Card
		var to [engine.MaxPlayers]int
		for s := range r.Players {
			if r.TeamOf(s) != r.TeamOf(me) {
				continue
			}
			to[s] = r.PassTarget(engine.PhasePass, v.HandNo(), me, s)
			if to[s] == me {
				gives[s] = passToBidder(r, ps, &h[s], trump, n, room[s][:0])
			} else {
				gives[s] = passBack(r, ps, &h[s], trump, n, true, room[s][:0])
			}
		}
		for s := range r.Players {
			for _, c := range gives[s] {
				h[to[s]][c]++
			}
		}
	}
}

// passBack takes from hand n cards to give away, appended to out: the lowest outside its
// meld (any cards, when free), as the Baseline passes back; ps are the pass scores of r and
// trump.
func passBack(r *engine.Rules, ps *passScores, hand *engine.Hand, trump engine.Suit, n int, free bool, out []engine.Card) []engine.Card {
	m := engine.CountMeld(hand, trump, &r.Meld)
	used := m.Used()
	var pool engine.Hand
	for c := range hand {
		pool[c] = hand[c] - min(hand[c], used[c])
	}
	given := len(out)
	out = lowest(ps, hand, &pool, n, out)
	return lowest(ps, hand, hand, n-(len(out)-given), out)
}

func (e *Expert) bid(v *engine.View) (engine.Action, string) {
	if e.budget.Readable {
		return e.readableBid(v)
	}
	r := v.Rules()
	pass := engine.Action{Seat: v.Seat(), Kind: engine.ActPass}
	next := v.MinNextBid()
	if v.MustBid() {
		pass = engine.Action{Seat: v.Seat(), Kind: engine.ActBid, Bid: next}
	}
	h := v.Hand()
	choices := uint8(0xF)
	if r.TrumpNeedsMarriage {
		choices = marriageSuits(&h)
	}
	if choices == 0 {
		return pass, "Pass: you hold no marriage, so you could not name trump."
	}
	outs := e.outlooks(v, choices, next, e.rng)
	best := 0
	for i := range outs {
		if outs[i].value(next) > outs[best].value(next) {
			best = i
		}
	}
	o := &outs[best]
	need := e.budget.Confidence
	if hb := highBidder(seatView{v}, v.Seat()); hb >= 0 && hb != v.Seat() && sameTeam(r, hb, v.Seat()) {
		// The bid is the team's already: raise it only when that is all but sure.
		need = e.budget.PartnerConfidence
	}
	top := o.limit(v, need, e.budget.Risk)
	if top == 0 {
		return pass, fmt.Sprintf("Pass: with %s trump you would reach %d in only %.0f%% of %d sampled deals.",
			o.trump.Name(), next, 100*o.made(next), len(o.totals))
	}
	return engine.Action{Seat: v.Seat(), Kind: engine.ActBid, Bid: next},
		fmt.Sprintf("Bid %d: with %s trump your side reaches it in %.0f%% of %d sampled deals; your hand is worth about %d.",
			next, o.trump.Name(), 100*o.made(next), len(o.totals), top)
}

// limit returns the highest legal bid the team makes with at least the given chance
// without losing more than risk times the bid on average, or 0 when even the next bid is
// too high.
func (o *outlook) limit(v *engine.View, need, risk float64) int {
	top := 0
	for _, b := range v.AppendNextBids(nil, 400) {
		if o.made(b) >= need && o.value(b) > -risk*float64(b) {
			top = b
		} else {
			break
		}
	}
	return top
}

// SuggestBid returns how high the view's seat should bid with its hand, in the trump that
// serves it best (0 when it should pass), and that trump: the same play-outs as the
// expert's bidding, for a seat in the auction.
func (e *Expert) SuggestBid(v engine.View) (int, engine.Suit) {
	if v.Rules().Stock {
		return 0, engine.NoSuit // two-handed has no auction
	}
	if v.Rules().Solo {
		// Three-handed: the bid the expert's play-outs support; the trump is the one its
		// own cards favour (the widow, unseen, decides the trump it will name).
		if v.Phase() != engine.PhaseBidding || v.Seat() < 0 {
			return 0, engine.NoSuit
		}
		o := e.soloAuction(&v, e.budget.AuctionSamples)
		h := v.Hand()
		t, _ := soloEstimate(v.Rules(), &h)
		return e.soloWorth(&v, &o), t
	}
	if e.budget.Readable {
		if v.Phase() != engine.PhaseBidding || v.Seat() < 0 {
			return 0, engine.NoSuit
		}
		p := e.planBid(&v)
		return p.top, p.trump
	}
	h := v.Hand()
	choices := uint8(0xF)
	if v.Rules().TrumpNeedsMarriage {
		choices = marriageSuits(&h)
	}
	if choices == 0 || v.Phase() != engine.PhaseBidding || v.Seat() < 0 {
		return 0, engine.NoSuit
	}
	next := v.MinNextBid()
	outs := e.outlooks(&v, choices, next, e.rng)
	best := 0
	for i := range outs {
		if outs[i].value(next) > outs[best].value(next) {
			best = i
		}
	}
	return outs[best].limit(&v, e.budget.Confidence, e.budget.Risk), outs[best].trump
}

func (e *Expert) trump(v *engine.View) (engine.Action, string) {
	rng := e.rng
	if e.budget.Readable {
		rng = auctionRand(v) // the deals the auction valued the hand on
	}
	choices := v.TrumpChoices()
	if e.budget.BoundRaises && wonByRaise(v) {
		h := v.Hand()
		choices = raiseTrump(v.Rules(), &h, choices, v.High())
	}
	outs := e.outlooks(v, choices, v.High(), rng)
	best := 0
	for i := range outs {
		if outs[i].value(v.High()) > outs[best].value(v.High()) {
			best = i
		}
	}
	o := &outs[best]
	act := engine.Action{Seat: v.Seat(), Kind: engine.ActTrump, Suit: o.trump}
	if !e.budget.Readable {
		return act, fmt.Sprintf("Name %s: your side makes %d in %.0f%% of %d sampled deals.", o.trump.Name(), v.High(), 100*o.made(v.High()), len(o.totals))
	}
	// Say what the next best suit would do, and the meld of each: a player who sees meld
	// in a suit not named wants to know why.
	r, h := v.Rules(), v.Hand()
	why := fmt.Sprintf("Name %s (your meld %d): your side makes %d in %.0f%% of %d sampled deals", o.trump.Name(),
		engine.CountMeld(&h, o.trump, &r.Meld).Total, v.High(), 100*o.made(v.High()), len(o.totals))
	second := -1
	for i := range outs {
		if i != best && (second < 0 || outs[i].value(v.High()) > outs[second].value(v.High())) {
			second = i
		}
	}
	if second >= 0 {
		n := &outs[second]
		why += fmt.Sprintf(", with %s (your meld %d) in %.0f%%", n.trump.Name(), engine.CountMeld(&h, n.trump, &r.Meld).Total, 100*n.made(v.High()))
		if n.made(v.High()) >= o.made(v.High()) {
			why += fmt.Sprintf(", but %s scores about %s a hand more", o.trump.Name(), points(o.value(v.High())-n.value(v.High())))
		}
	}
	if choices != v.TrumpChoices() {
		why += fmt.Sprintf("; you won the bid by raising your partner, so you name a suit in which your own meld and every trick point reach %d", v.High())
	}
	return act, why + "."
}

// decideHand chooses to play, throw in or shoot the moon, from play-outs of the hand in
// sampled deals.
func (e *Expert) decideHand(v *engine.View) (engine.Action, string) {
	r := v.Rules()
	act := engine.Action{Seat: v.Seat(), Kind: engine.ActPlayHand}
	canThrow, canMoon := false, false
	for _, k := range v.DecideChoices() {
		canThrow = canThrow || k == engine.ActThrowIn
		canMoon = canMoon || k == engine.ActShootMoon
	}
	k := e.know(v, SeeAuction)
	sc := scoringOf(v)
	team := r.TeamOf(v.Seat())
	n := e.budget.AuctionSamples
	made, sweep, playValue := 0, 0, 0
	start := newDeal(v)
	for range n {
		if e.stopped() {
			break
		}
		hands := k.sample(e.rng)
		d := start
		d.setHands(&hands)
		for !d.over() {
			d.play(d.quick())
		}
		e.Nodes += r.DeckSize()
		e.Playouts++
		playValue += sc.value(&d, team)
		if sc.counted(&d, team) >= v.High() {
			made++
		}
		if d.tricks[1-team] == 0 {
			sweep++
		}
	}
	if canMoon && sweep == n {
		act.Kind = engine.ActShootMoon
		return act, fmt.Sprintf("Shoot the moon: your side takes every trick in all %d sampled deals.", n)
	}
	if canThrow {
		d := v.ThrowInDelta()
		throwValue := d[team] - d[1-team]
		if float64(playValue)/float64(n) < float64(throwValue) {
			act.Kind = engine.ActThrowIn
			return act, fmt.Sprintf("Throw in: you make %d in only %d%% of %d sampled deals, and playing on costs more than conceding.", v.High(), 100*made/n, n)
		}
	}
	return act, fmt.Sprintf("Play the hand: your side makes %d in %d%% of %d sampled deals.", v.High(), 100*made/n, n)
}

// symbolList writes cards with their suit symbols.
func symbolList(cards []engine.Card) string {
	out := ""
	for i, c := range cards {
		if i > 0 {
			out += " "
		}
		out += c.Symbol()
	}
	return out
}

// cardsHeld returns the number of cards in all hands of the view's table.
func cardsHeld(v *engine.View) int {
	n := 0
	for s := range v.Players() {
		n += v.HandSize(s)
	}
	return n
}
