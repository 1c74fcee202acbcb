package computer

import (
	"math/rand/v2"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
)

// quickPlays plays a seeded one-hand game of preset in which every card is the quick
// policy's with every hand seen (quickChoice) and every other decision the Baseline's, and
// calls visit before each card play.
func quickPlays(t *testing.T, preset string, seed uint64, visit func(g *engine.Game, seat int)) {
	t.Helper()
	base := newBaseline(seed)
	r := newRules(t, preset, map[string]string{"hands": "1"})
	playGameWith(t, r, seed, 10000, func(g *engine.Game, seat int) engine.Action {
		if g.Phase() != engine.PhasePlay {
			return base.Choose(g.View(seat))
		}
		visit(g, seat)
		return engine.Action{Seat: seat, Kind: engine.ActPlayCard, Card: quickChoice(g, seat)}
	})
}

// quickChoice returns the card the quick policy plays for seat in g, every hand seen.
func quickChoice(g *engine.Game, seat int) engine.Card {
	v := g.View(seat)
	hands := handsNow(g)
	d := newDeal(&v)
	d.setHands(&hands)
	return d.quick()
}

// TestInferPlayFavoursTheDeal checks inference from the play on hands played by the quick
// policy itself: the real deal explains every play (likelihood 1), the expert's plain
// samples do not on average, and samples weighed by the play (sampleInferred with
// inferPlay) hold more of the other seats' real cards than plain ones.
func TestInferPlayFavoursTheDeal(t *testing.T) {
	for _, preset := range []string{"racehorse", "six-handed", "three-handed"} {
		rng := rand.New(rand.NewPCG(3, 4))
		positions := 0
		var plainL, plainShared, weighedShared float64
		samples := 0
		for seed := uint64(1); seed <= 6; seed++ {
			quickPlays(t, preset, seed, func(g *engine.Game, seat int) {
				v := g.View(seat)
				r := g.Rules()
				if len(v.Plays()) < 2*r.Players || v.Legal().Len() < 2 {
					return
				}
				truth := handsNow(g)
				k := know(&v)
				k.inferPlay(&v, 8, 0.4)
				if k.play == nil {
					t.Fatalf("%s: no inference from %d cards played", preset, len(v.Plays()))
				}
				if k.play.seats&(1<<seat) != 0 {
					t.Fatalf("%s: seat %d weighs its own plays", preset, seat)
				}
				if l := k.play.likelihood(&truth); l != 1 {
					t.Fatalf("%s: the deal as it is has likelihood %v, want 1", preset, l)
				}
				shared := func(hands *[engine.MaxPlayers]engine.Hand) float64 {
					n := 0
					for s := range r.Players {
						if s != seat {
							for c := range hands[s] {
								n += int(min(hands[s][c], truth[s][c]))
							}
						}
					}
					return float64(n)
				}
				for range 40 {
					plain := k.sample(rng)
					plainL += k.play.likelihood(&plain)
					plainShared += shared(&plain)
					weighed := k.sampleInferred(rng)
					weighedShared += shared(&weighed)
					samples++
				}
				positions++
			})
		}
		if positions < 20 {
			t.Fatalf("%s: only %d positions", preset, positions)
		}
		n := float64(samples)
		if plainL/n > 0.5 {
			t.Errorf("%s: plain samples explain the play with likelihood %.2f on average", preset, plainL/n)
		}
		if weighedShared <= plainShared*1.02 {
			t.Errorf("%s: weighed samples share %.2f cards with the deal, plain ones %.2f", preset, weighedShared/n, plainShared/n)
		}
		t.Logf("%s: %d positions; plain samples' likelihood %.3f; cards shared with the deal: weighed %.2f, plain %.2f",
			preset, positions, plainL/n, weighedShared/n, plainShared/n)
	}
}

// TestInferPlayWhere checks where inference from the play applies: in trick play once a
// card is played, not two-handed or double-deck, and never to the seat's own plays.
func TestInferPlayWhere(t *testing.T) {
	for _, preset := range engine.PresetNames() {
		checked := 0
		decisionPoints(t, preset, nil, 2, func(g *engine.Game, seat int) {
			v := g.View(seat)
			k := know(&v)
			k.inferPlay(&v, 4, 0.4)
			want := preset != "two-handed" && preset != "double-deck" && v.Phase() == engine.PhasePlay && len(v.Plays()) > 0
			if got := k.play != nil; got != want {
				t.Fatalf("%s, %s, %d cards played: inference %v, want %v", preset, v.Phase(), len(v.Plays()), got, want)
			}
			if k.play != nil && k.play.seats&(1<<seat) != 0 {
				t.Fatalf("%s: seat %d weighs its own plays", preset, seat)
			}
			k = know(&v)
			if k.inferPlay(&v, 1, 0.4); k.play != nil {
				t.Fatalf("%s: inference with one draw a sample", preset)
			}
			checked++
		})
		if checked == 0 {
			t.Fatalf("%s: no decision checked", preset)
		}
	}
}

// BenchmarkQuickPolicyAgreement measures how often the expert, with a quarter of its
// samples, plays the card the quick policy would play with every hand seen, at each choice
// of two cards or more over twelve seeded hands of each preset, and reports it as
// "agree-%": what inference from the play (Budget.InferPlay) takes for the policy's hit
// rate. It measures play, not speed: run it with -benchtime 1x.
func BenchmarkQuickPolicyAgreement(b *testing.B) {
	for _, preset := range []string{"racehorse", "six-handed", "double-deck"} {
		b.Run(preset, func(b *testing.B) {
			agree, choices := 0, 0
			for b.Loop() {
				agree, choices = 0, 0
				budget := expertBudget
				budget.PlaySamples, budget.AuctionSamples, budget.ExactSamples = 150, 200, 60
				r := newRules(b, preset, map[string]string{"hands": "1"})
				for seed := uint64(1); seed <= 12; seed++ {
					e := newExpert(budget, seed)
					playGameWith(b, r, seed, 10000, func(g *engine.Game, seat int) engine.Action {
						v := g.View(seat)
						a := e.Choose(v)
						if g.Phase() == engine.PhasePlay && v.Legal().Len() > 1 {
							choices++
							if quickChoice(g, seat) == a.Card {
								agree++
							}
						}
						return a
					})
				}
			}
			b.ReportMetric(100*float64(agree)/float64(choices), "agree-%")
		})
	}
}
