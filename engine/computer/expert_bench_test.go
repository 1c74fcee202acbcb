package computer

import (
	"slices"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
)

// benchPositions is the number of positions each decision benchmark cycles through; run
// with -benchtime set to a multiple of it (e.g. -benchtime 50x) to time each once.
const benchPositions = 50

// positionsOf plays seeded one-hand games of preset with Baselines and returns the views
// of the first benchPositions decisions that match, at most one from each game, so that
// they come from as many deals.
func positionsOf(b *testing.B, preset string, opts map[string]string, match func(g *engine.Game, seat int) bool) []engine.View {
	b.Helper()
	o := map[string]string{"hands": "1"}
	for k, v := range opts {
		o[k] = v
	}
	r := newRules(b, preset, o)
	var out []engine.View
	for seed := uint64(1); seed < 20000 && len(out) < benchPositions; seed++ {
		g, err := engine.NewGame(r, seed)
		if err != nil {
			b.Fatal(err)
		}
		p := newBaseline(seed)
		for !g.Over() {
			seat := waitingSeat(g)
			if match(g, seat) {
				out = append(out, g.View(seat))
				break
			}
			if err := g.Apply(p.Choose(g.View(seat))); err != nil {
				b.Fatal(err)
			}
		}
	}
	if len(out) < benchPositions {
		b.Fatalf("%s: only %d positions found", preset, len(out))
	}
	return out
}

// benchDecision times the decisions of a player of the given budget at the positions, in
// turn, and reports the median and 99th percentile of a decision's time ("p50-ms",
// "p99-ms") and the search's work per second: samples searched ("playouts/s", a quick
// playout or an exact search of one sample for one candidate) and nodes ("nodes/s", the
// cards played in quick playouts, each once, from where the playout starts to the end of
// the hand, and the positions the exact search visits).
func benchDecision(b *testing.B, p Player, e *Expert, views []engine.View) {
	times := make([]time.Duration, 0, len(views))
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		start := time.Now()
		p.Choose(views[i%len(views)])
		times = append(times, time.Since(start))
		i++
	}
	slices.Sort(times)
	pct := func(p float64) float64 {
		k := min(len(times)-1, int(p*float64(len(times))))
		return float64(times[k]) / float64(time.Millisecond)
	}
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
	b.ReportMetric(float64(e.Playouts)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(float64(e.Nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func phaseIs(p engine.Phase) func(*engine.Game, int) bool {
	return func(g *engine.Game, _ int) bool { return g.Phase() == p }
}

// playAt matches a card play with a choice to make for which when says yes, given the
// tricks completed and the cards left in all hands.
func playAt(when func(tricks, cardsLeft int) bool) func(*engine.Game, int) bool {
	return func(g *engine.Game, seat int) bool {
		if g.Phase() != engine.PhasePlay || g.LegalCards(seat).Len() < 2 {
			return false
		}
		v := g.View(-1)
		left := 0
		for s := range v.Players() {
			left += v.HandSize(s)
		}
		return when(len(v.Tricks()), left)
	}
}

// searchLevels are the levels the decision benchmarks time, by name and budget:
// ExpertInfer is the expert with inference from the auction (Budget.Infer, the duel's
// expert-infer).
var searchLevels = []struct {
	name   string
	budget Budget
}{{"Expert", expertBudget}, {"Normal", normalBudget}, {"ExpertInfer", inferBudget()}}

// inferBudget returns the expert's budget with four draws a sample of card play kept by
// the auction's likelihood.
func inferBudget() Budget {
	b := expertBudget
	b.Infer = 4
	return b
}

// BenchmarkExpertDecision times the expert's and the normal level's decisions in each
// phase of racehorse, and the bid and card play of double-deck and six-handed, each over
// benchPositions positions from as many seeded deals: card play in the first trick, in
// mid-hand (quick playouts) and in the last 16 cards (the expert's exact search).
func BenchmarkExpertDecision(b *testing.B) {
	exact := expertBudget.ExactCards
	cases := []struct {
		name   string
		preset string
		opts   map[string]string
		match  func(*engine.Game, int) bool
	}{
		{"Bid", "racehorse", nil, phaseIs(engine.PhaseBidding)},
		{"Trump", "racehorse", nil, phaseIs(engine.PhaseTrump)},
		{"Pass", "racehorse", nil, phaseIs(engine.PhasePass)},
		{"PassBack", "racehorse", nil, phaseIs(engine.PhasePassBack)},
		// The bidder decides only when it may throw in (hopeless hands) or shoot the moon.
		{"Decide", "racehorse", map[string]string{"throwin": "any"}, phaseIs(engine.PhaseDecide)},
		{"PlayFirstTrick", "racehorse", nil, playAt(func(tricks, _ int) bool { return tricks == 0 })},
		{"PlayMidHand", "racehorse", nil, playAt(func(tricks, left int) bool { return tricks >= 4 && left > exact })},
		{"PlayExact", "racehorse", nil, playAt(func(_, left int) bool { return left <= exact })},
		{"DoubleDeck/Bid", "double-deck", nil, phaseIs(engine.PhaseBidding)},
		{"DoubleDeck/Play", "double-deck", nil, playAt(func(tricks, _ int) bool { return tricks%4 == 1 })},
		{"SixHanded/Bid", "six-handed", nil, phaseIs(engine.PhaseBidding)},
		{"SixHanded/Play", "six-handed", nil, playAt(func(tricks, _ int) bool { return tricks%3 == 1 })},
	}
	for _, lvl := range searchLevels {
		for _, c := range cases {
			b.Run(lvl.name+"/"+c.name, func(b *testing.B) {
				e := newExpert(lvl.budget, 1)
				benchDecision(b, e, e, positionsOf(b, c.preset, c.opts, c.match))
			})
		}
	}
}

// BenchmarkISMCTSDecision times the information-set MCTS card play at the expert's budget,
// at the positions where BenchmarkExpertDecision times the expert's.
func BenchmarkISMCTSDecision(b *testing.B) {
	exact := expertBudget.ExactCards
	for _, c := range []struct {
		name   string
		preset string
		match  func(*engine.Game, int) bool
	}{
		{"PlayFirstTrick", "racehorse", playAt(func(tricks, _ int) bool { return tricks == 0 })},
		{"PlayMidHand", "racehorse", playAt(func(tricks, left int) bool { return tricks >= 4 && left > exact })},
		{"PlayExact", "racehorse", playAt(func(_, left int) bool { return left <= exact })},
		{"DoubleDeck/Play", "double-deck", playAt(func(tricks, _ int) bool { return tricks%4 == 1 })},
	} {
		b.Run(c.name, func(b *testing.B) {
			p := newISMCTS(expertBudget, 1)
			benchDecision(b, p, p.Expert, positionsOf(b, c.preset, nil, c.match))
		})
	}
}
