package computer

import (
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
)

// BenchmarkThreeHandedDecision times the expert's and the normal level's three-handed
// decisions, as BenchmarkExpertDecision does for the other presets: a bid (the hand valued
// on sampled widows and hands), naming trump and burying with the widow in hand, the choice
// to play or throw in, and card play early in the hand (quick playouts) and in its last 12
// cards (the expert's exact search, soloExactCards).
func BenchmarkThreeHandedDecision(b *testing.B) {
	exact := soloExactCards(expertBudget)
	cases := []struct {
		name  string
		match func(*engine.Game, int) bool
	}{
		{"Bid", phaseIs(engine.PhaseBidding)},
		{"Trump", phaseIs(engine.PhaseTrump)},
		{"Bury", phaseIs(engine.PhasePass)},
		{"Decide", phaseIs(engine.PhaseDecide)},
		{"PlayEarly", playAt(func(tricks, _ int) bool { return tricks <= 1 })},
		{"PlayLate", playAt(func(_, left int) bool { return left <= exact })},
	}
	for _, lvl := range searchLevels {
		for _, c := range cases {
			b.Run(lvl.name+"/"+c.name, func(b *testing.B) {
				e := newExpert(lvl.budget, 1)
				benchDecision(b, e, e, positionsOf(b, "three-handed", nil, c.match))
			})
		}
	}
}
