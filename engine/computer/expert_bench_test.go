package computer

import (
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
)

// viewAt plays a racehorse game with Baselines until match says stop, and returns the
// view of the seat to act there.
func viewAt(b *testing.B, preset string, match func(g *engine.Game) bool) engine.View {
	b.Helper()
	r := newRules(b, preset, nil)
	for seed := uint64(1); seed < 200; seed++ {
		g, err := engine.NewGame(r, seed)
		if err != nil {
			b.Fatal(err)
		}
		p := NewBaseline(seed)
		for !g.Over() && g.HandNumber() == 1 {
			seat := waitingSeat(g)
			if match(g) {
				return g.View(seat)
			}
			if err := g.Apply(p.Choose(g.View(seat))); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.Fatal("no such position")
	return engine.View{}
}

// benchDecision measures one decision at the view and reports the search's work per
// second (positions and playout cards: "playouts" of single cards).
func benchDecision(b *testing.B, budget Budget, v engine.View) {
	e := NewExpert(budget, 1)
	b.ReportAllocs()
	for b.Loop() {
		e.Choose(v)
	}
	b.ReportMetric(float64(e.Nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func phaseIs(p engine.Phase) func(*engine.Game) bool {
	return func(g *engine.Game) bool { return g.Phase() == p }
}

// trickNo matches the play phase at the second card of trick n (1-based), for a seat
// with a choice to make.
func trickNo(n int) func(*engine.Game) bool {
	return func(g *engine.Game) bool {
		v := g.View(-1)
		return g.Phase() == engine.PhasePlay && len(v.Tricks) == n-1 && len(v.Trick) == 1 && g.LegalCards(g.Turn()).Len() >= 2
	}
}

// BenchmarkExpertDecision measures the expert's decisions per phase in racehorse; the
// DoubleDeck and SixHanded cases its first card in the largest hands.
func BenchmarkExpertDecision(b *testing.B) {
	for _, lvl := range []struct {
		name   string
		budget Budget
	}{{"Expert", expertBudget}, {"Normal", normalBudget}} {
		b.Run(lvl.name+"/Bid", func(b *testing.B) { benchDecision(b, lvl.budget, viewAt(b, "racehorse", phaseIs(engine.PhaseBidding))) })
		b.Run(lvl.name+"/Trump", func(b *testing.B) { benchDecision(b, lvl.budget, viewAt(b, "racehorse", phaseIs(engine.PhaseTrump))) })
		b.Run(lvl.name+"/Pass", func(b *testing.B) { benchDecision(b, lvl.budget, viewAt(b, "racehorse", phaseIs(engine.PhasePass))) })
		b.Run(lvl.name+"/Decide", func(b *testing.B) { benchDecision(b, lvl.budget, viewAt(b, "racehorse", phaseIs(engine.PhaseDecide))) })
		b.Run(lvl.name+"/PlayFirstTrick", func(b *testing.B) { benchDecision(b, lvl.budget, viewAt(b, "racehorse", trickNo(1))) })
		b.Run(lvl.name+"/PlayMidHand", func(b *testing.B) { benchDecision(b, lvl.budget, viewAt(b, "racehorse", trickNo(7))) })
		b.Run(lvl.name+"/PlayExact", func(b *testing.B) { benchDecision(b, lvl.budget, viewAt(b, "racehorse", trickNo(9))) })
		b.Run(lvl.name+"/DoubleDeckFirstTrick", func(b *testing.B) { benchDecision(b, lvl.budget, viewAt(b, "double-deck", trickNo(1))) })
		b.Run(lvl.name+"/DoubleDeckExact", func(b *testing.B) { benchDecision(b, lvl.budget, viewAt(b, "double-deck", trickNo(18))) })
		b.Run(lvl.name+"/SixHandedExact", func(b *testing.B) { benchDecision(b, lvl.budget, viewAt(b, "six-handed", trickNo(6))) })
	}
}

// BenchmarkISMCTSDecision measures the information-set MCTS card play at the expert's
// budget, at the points of the hand where BenchmarkExpertDecision measures the expert's.
func BenchmarkISMCTSDecision(b *testing.B) {
	for _, at := range []struct {
		name   string
		preset string
		trick  int
	}{{"PlayFirstTrick", "racehorse", 1}, {"PlayMidHand", "racehorse", 7}, {"PlayExact", "racehorse", 9}, {"DoubleDeckFirstTrick", "double-deck", 1}} {
		b.Run(at.name, func(b *testing.B) {
			v := viewAt(b, at.preset, trickNo(at.trick))
			p := NewISMCTS(expertBudget, 1)
			b.ReportAllocs()
			for b.Loop() {
				p.Choose(v)
			}
			b.ReportMetric(float64(p.Nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
