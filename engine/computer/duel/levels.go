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
//   - "expert-v2" is the expert as it bid before its bids were valued by a model fitted to
//     real outcomes (issue 35): the budget it had then, every field written out. Its
//     play is pinned by TestExpertV2Frozen, a digest of a seeded hand.
//   - "expert-model" is today's expert bidding by the bid model fitted to real outcomes
//     (computer.Budget.Model), to measure it against expert-v2 before a table plays it.
//   - "expert-infer" is today's expert with its samples of card play kept in proportion
//     to how likely the auction was under them (computer.Budget.Infer, four draws a
//     sample), to measure inference from the auction against expert-v2.
//   - "normal-v1" is the normal level as it bid before its raises were bounded (BoundRaises)
//     and, six-handed, before it spared a trick (SpareTrick).
//   - "ismcts" is the expert with information-set MCTS card play (computer.ISMCTS).
//   - "seer-auction", "seer-play" and "seer" are today's expert shown every seat's cards
//     (computer.NewSeer) in its auction decisions (bids, trump, passes, play or throw in),
//     in card play, or in both: they cheat, and measure what inferring the hidden cards
//     could gain at most. "seer-partner-auction" sees its partner's hand alone, in the
//     auction: what its partner's bids could at most tell.
var duelOnly = map[string]func(seed uint64) computer.Player{
	"expert-v1": func(seed uint64) computer.Player { return computer.NewExpert(expertV1Budget, seed) },
	"expert-v2": func(seed uint64) computer.Player { return computer.NewExpert(expertV2Budget, seed) },
	"expert-model": func(seed uint64) computer.Player {
		b := computer.ExpertBudget()
		b.Model = true
		return computer.NewExpert(b, seed)
	},
	"expert-infer": func(seed uint64) computer.Player {
		b := computer.ExpertBudget()
		b.Infer = 4
		return computer.NewExpert(b, seed)
	},
	"normal-v1": func(seed uint64) computer.Player { return computer.NewExpert(normalV1Budget, seed) },
	"ismcts":    func(seed uint64) computer.Player { return computer.NewISMCTS(computer.ExpertBudget(), seed) },
	"seer-auction": func(seed uint64) computer.Player {
		return computer.NewSeer(computer.ExpertBudget(), seed, computer.SeeAuction)
	},
	"seer-play": func(seed uint64) computer.Player {
		return computer.NewSeer(computer.ExpertBudget(), seed, computer.SeePlay)
	},
	"seer-partner-auction": func(seed uint64) computer.Player {
		return computer.NewSeer(computer.ExpertBudget(), seed, computer.SeeAuction|computer.SeePartners)
	},
	"seer": func(seed uint64) computer.Player {
		return computer.NewSeer(computer.ExpertBudget(), seed, computer.SeeAuction|computer.SeePlay)
	},
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
