package computer

import (
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
)

// TestDecisionAllocationsDoNotGrowWithSamples checks that the expert's search allocates
// nothing per sample: in every kind of decision of racehorse and double-deck (bid, trump,
// passes, the choice to play, and card play in the first trick, in mid-hand and in the
// exact search; its samples of card play weighed by the play so far, as the expert's
// are), a decision with four times the samples allocates about as much as one
// with the budget's: the line saying why may take an allocation more or less with its
// numbers, and the exact search's table may grow once or twice with the positions it
// meets.
func TestDecisionAllocationsDoNotGrowWithSamples(t *testing.T) {
	if testing.Short() {
		t.Skip("plays the decisions of a whole hand")
	}
	if raceEnabled {
		t.Skip("the race detector makes formatting allocate at random")
	}
	small := smallBudget
	small.PlaySamples, small.AuctionSamples, small.PassSamples = 4, 4, 4
	small.InferPlay, small.PlayMiss = expertBudget.InferPlay, expertBudget.PlayMiss
	large := small
	large.PlaySamples, large.AuctionSamples, large.PassSamples = 16, 16, 16
	for _, preset := range []string{"racehorse", "double-deck"} {
		opts := map[string]string{"hands": "2", "throwin": "any"}
		seen := map[string]bool{}
		for seed := uint64(1); seed < 4; seed++ {
			decisionPoints(t, preset, opts, seed, func(g *engine.Game, seat int) {
				kind := decisionKind(g, seat, small.ExactCards)
				if kind == "" || seen[kind] {
					return
				}
				seen[kind] = true
				v := g.View(seat)
				allocs := func(b Budget) float64 {
					e := newExpert(b, 7)
					e.Choose(v)
					return testing.AllocsPerRun(3, func() { e.Choose(v) })
				}
				slack := 2.0
				if kind == "play: lead, exact" || kind == "play: follow, exact" {
					slack = 4
				}
				if a, b := allocs(small), allocs(large); b > a+slack {
					t.Errorf("%s, %s: %.0f allocations with %d samples, %.0f with %d",
						preset, kind, a, small.PlaySamples, b, large.PlaySamples)
				}
			})
		}
		if len(seen) < 9 {
			t.Errorf("%s: only %d kinds of decision checked: %v", preset, len(seen), seen)
		}
	}
}
