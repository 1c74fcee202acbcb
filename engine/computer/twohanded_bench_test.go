package computer

import (
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
)

// BenchmarkTwoHandedDecision times the expert's and the normal level's two-handed card
// play, as BenchmarkExpertDecision does for the other presets: while the stock lasts
// (from the fourth trick on, where the expert plays each card out on sampled deals) and
// at the first card after the stock (where the expert searches the last twelve tricks
// exactly).
func BenchmarkTwoHandedDecision(b *testing.B) {
	stock := func(g *engine.Game, seat int) bool {
		v := g.View(-1)
		return g.Phase() == engine.PhasePlay && g.StockSize() > 0 && len(v.Tricks()) >= 3 && g.LegalCards(seat).Len() >= 2
	}
	playOff := func(g *engine.Game, seat int) bool {
		h0, h1 := g.Hand(0), g.Hand(1)
		return g.Phase() == engine.PhasePlay && g.StockSize() == 0 && h0.Len()+h1.Len() == 24
	}
	for _, lvl := range []struct {
		name   string
		budget Budget
	}{{"Expert", expertBudget}, {"Normal", normalBudget}} {
		for _, c := range []struct {
			name  string
			match func(*engine.Game, int) bool
		}{{"Stock", stock}, {"PlayOff", playOff}} {
			b.Run(lvl.name+"/"+c.name, func(b *testing.B) {
				e := newExpert(lvl.budget, 1)
				benchDecision(b, e, e, positionsOf(b, "two-handed", nil, c.match))
			})
		}
	}
}
