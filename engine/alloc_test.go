package engine_test

import (
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
)

// passAllocs is what a pass decision may allocate: the action's Cards, a slice the caller
// keeps (the table stores the action, a recording holds it), so the player cannot lend it
// a buffer it will write again. The random player cuts each pass from a chunk of cards it
// never rewrites, and allocates a new chunk now and then. Every other decision allocates
// nothing.
const passAllocs = 1

// TestDecisionsDoNotAllocate guards the cost of a decision through the view, as every
// computer player makes it: Game.View for the seat to act, then the random player's
// Choose. It counts allocations rather than time, so a slow or busy machine cannot fool
// it, and it visits every phase of every preset (with options that open the bidder's
// decision), failing when one is never reached.
func TestDecisionsDoNotAllocate(t *testing.T) {
	presets := []struct {
		name    string
		options map[string]string
	}{
		{"racehorse", map[string]string{"throwin": "any"}},
		{"classic", map[string]string{"throwin": "any"}},
		{"partnership", map[string]string{"moon": "on"}},
		{"double-deck", nil},
		{"six-handed", map[string]string{"throwin": "any"}},
	}
	for _, p := range presets {
		t.Run(p.name, func(t *testing.T) {
			r, err := engine.NewRules(p.name, p.options)
			if err != nil {
				t.Fatal(err)
			}
			player, err := computer.New("random", 1)
			if err != nil {
				t.Fatal(err)
			}
			want := []engine.Phase{engine.PhaseBidding, engine.PhaseTrump, engine.PhaseDecide, engine.PhasePlay}
			if r.PassCount > 0 {
				want = append(want, engine.PhasePass)
				if r.PassStyle == engine.PassPartnerThenBack {
					want = append(want, engine.PhasePassBack)
				}
			}
			measured := map[engine.Phase]int{}
			done := func() bool {
				for _, ph := range want {
					if measured[ph] < 12 {
						return false
					}
				}
				return true
			}
			// Random auctions run high and games end early on a floor or a set: play
			// games until every phase has been measured a dozen times, or give up.
			for seed := uint64(1); seed <= 60 && !done(); seed++ {
				g, err := engine.NewGame(r, seed)
				if err != nil {
					t.Fatal(err)
				}
				inGame := map[engine.Phase]int{}
				for !g.Over() && g.HandNumber() <= 3 {
					seat := actor(g)
					phase := g.Phase()
					// Measure the first few decisions of each phase in each game: enough to
					// see a steady state, few enough to keep the test quick.
					if inGame[phase] < 4 {
						inGame[phase]++
						measured[phase]++
						limit := 0.0
						if phase == engine.PhasePass || phase == engine.PhasePassBack {
							limit = passAllocs
						}
						allocs := testing.AllocsPerRun(20, func() {
							v := g.View(seat)
							player.Choose(v)
						})
						if allocs > limit {
							t.Fatalf("hand %d, %s: a decision through the view allocates %.1f times, want at most %.0f",
								g.HandNumber(), phase, allocs, limit)
						}
					}
					if err := g.Apply(player.Choose(g.View(seat))); err != nil {
						t.Fatal(err)
					}
				}
			}
			for _, ph := range want {
				if measured[ph] == 0 {
					t.Errorf("phase %s was never reached: the test measured nothing there", ph)
				}
			}
		})
	}
}

// actor returns a seat expected to act: the seat whose turn it is, or the first of those
// waiting during a six-handed pass.
func actor(g *engine.Game) int {
	if s := g.Turn(); s >= 0 {
		return s
	}
	for s := range g.Rules().Players {
		if g.Waiting(s) {
			return s
		}
	}
	return -1
}
