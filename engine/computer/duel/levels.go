package duel

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pinochle-discord/pinochle/engine/computer"
)

// The levels the duel makes besides computer.Levels: players kept only to measure the
// levels a table offers against, which no table may seat.
//
//   - "expert-v1" is the expert with the budget it had when its search was made about three
//     times faster (issue 15), every field written out so that it stays as it was when the
//     expert's budget is raised or its bidding model refitted.
//   - "expert-v2" is the expert as it was before issue 35 (a model fitted to real
//     outcomes, inference, passes tilted toward the cards the bidder and its partner
//     hold): the budget it had then, every field written out. Its play is pinned by
//     TestExpertV2Frozen, a digest of a seeded hand.
//   - The experiments of issue 35 are expert-v2 changed in one way, to measure that change
//     alone against expert-v2 (with --bidding-only where it changes only the bids):
//     "expert-model" bids by the bid model fitted to real outcomes (computer.Budget.Model);
//     "expert-infer" keeps its samples of card play in proportion to how likely the
//     auction was under them (computer.Budget.Infer, four draws a sample);
//     "expert-infer-bids" values its bids so (computer.Budget.InferBids), and
//     "expert-pass-infer" its passes between bidder and partner
//     (computer.Budget.InferPass); "expert-infer-play" weighs its samples of card play by
//     how the others played so far (computer.Budget.InferPlay).
//   - "normal-model" is the normal level bidding by the bid model (computer.Budget.Model),
//     to measure it against the normal level.
//   - "normal-v1" is the normal level as it bid before its raises were bounded (BoundRaises)
//     and, six-handed, before it spared a trick (SpareTrick).
//   - "ismcts" is the expert with information-set MCTS card play (computer.ISMCTS).
//   - The seers are expert-v2 shown cards it cannot see (computer.NewSeer): they
//     cheat, and measure what inferring the hidden cards could gain at most. "seer-auction"
//     sees every hand in its auction decisions (bids, trump, play or throw in) and its
//     passes, "seer-pass" in its passes alone, "seer-play" in card play, "seer" in all of
//     them; "seer-partner-auction" sees its partner's hand alone, in the auction and the
//     passes; "seer-partner-meld" its partner's best meld alone (to within ten points), in
//     its bids and its choice of trump: what a bid that showed meld exactly would tell.
//     Three-handed seers see the pile as well (the widow, the bury); "seer-pass" is the
//     bury there.
var duelOnly = map[string]func(seed uint64) computer.Player{
	"expert-v1":            func(seed uint64) computer.Player { return computer.NewExpert(expertV1Budget, seed) },
	"expert-v2":            func(seed uint64) computer.Player { return computer.NewExpert(expertV2Budget, seed) },
	"expert-model":         budgetLevel(expertV2Budget, func(b *computer.Budget) { b.Model = true }),
	"expert-infer":         budgetLevel(expertV2Budget, func(b *computer.Budget) { b.Infer = 4 }),
	"expert-infer-bids":    budgetLevel(expertV2Budget, func(b *computer.Budget) { b.InferBids = 4 }),
	"expert-pass-infer":    budgetLevel(expertV2Budget, func(b *computer.Budget) { b.InferPass = 4 }),
	"expert-infer-play":    budgetLevel(expertV2Budget, func(b *computer.Budget) { b.InferPlay, b.PlayMiss = 4, 0.4 }),
	"normal-model":         budgetLevel(computer.NormalBudget(), func(b *computer.Budget) { b.Model = true }),
	"normal-v1":            func(seed uint64) computer.Player { return computer.NewExpert(normalV1Budget, seed) },
	"ismcts":               func(seed uint64) computer.Player { return computer.NewISMCTS(computer.ExpertBudget(), seed) },
	"seer-auction":         seerLevel(computer.SeeAuction | computer.SeePass),
	"seer-pass":            seerLevel(computer.SeePass),
	"seer-play":            seerLevel(computer.SeePlay),
	"seer-partner-auction": seerLevel(computer.SeeAuction | computer.SeePass | computer.SeePartners),
	"seer-partner-meld":    seerLevel(computer.SeeAuction | computer.SeePartners | computer.SeePartnersMeld),
	"seer":                 seerLevel(computer.SeeAuction | computer.SeePass | computer.SeePlay),
}

// budgetLevel is a level that plays as base changed by change.
func budgetLevel(base computer.Budget, change func(*computer.Budget)) func(seed uint64) computer.Player {
	change(&base)
	return func(seed uint64) computer.Player { return computer.NewExpert(base, seed) }
}

// seerLevel is expert-v2 made a seer of sight (computer.NewSeer).
func seerLevel(sight computer.Sight) func(seed uint64) computer.Player {
	return func(seed uint64) computer.Player { return computer.NewSeer(expertV2Budget, seed, sight) }
}

var (
	expertV1Budget = computer.Budget{PlaySamples: 200, AuctionSamples: 300, PassSamples: 60, ExactCards: 16,
		Confidence: 0.50, PartnerConfidence: 0.80, Risk: 0.25}
	expertV2Budget = computer.Budget{PlaySamples: 600, AuctionSamples: 900, PassSamples: 180, ExactCards: 20, ExactSamples: 160,
		Confidence: 0.50, PartnerConfidence: 0.80, Risk: 0.50, Readable: true, Hopeless: 0.20,
		RaiseOnHelp: true, BoundRaises: true,
		Tilt: computer.Tilt{BidderTrump: 3.5, PartnerTrump: 0.2, BidderAces: 2, PartnerAces: 0.5}}
	normalV1Budget = computer.Budget{PlaySamples: 6, AuctionSamples: 64, ExactCards: 4,
		Confidence: 0.50, PartnerConfidence: 0.80, Risk: 0.25, Readable: true, Hopeless: 0.10}
)

// Levels returns the levels a duel may set against each other: computer.Levels, weakest
// first, then the duel's own, by name.
func Levels() []string {
	own := make([]string, 0, len(duelOnly))
	for l := range duelOnly {
		own = append(own, l)
	}
	slices.Sort(own)
	return append(computer.Levels(), own...)
}

// NewPlayer returns a player of one of Levels, drawing from seed.
func NewPlayer(level string, seed uint64) (computer.Player, error) {
	if mk, ok := duelOnly[level]; ok {
		return mk(seed), nil
	}
	p, err := computer.New(level, seed)
	if err != nil {
		return nil, fmt.Errorf("duel: unknown level %q: choose one of %s", level, strings.Join(Levels(), ", "))
	}
	return p, nil
}
