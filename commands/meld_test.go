package commands

import (
	"slices"
	"strconv"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer/computertest"
	"github.com/pinochle-discord/pinochle/internal/words"
)

// TestMeldControls plays two-handed games at random and checks, each time a trick's winner
// chooses while the stock lasts, that its buttons are exactly Draw and one per meld the
// view allows, each labelled with the meld's name and points and mapping to the action
// that lays it; and that while the stock lasts every card it holds may be played.
func TestMeldControls(t *testing.T) {
	rules, err := engine.NewRules("two-handed", nil)
	if err != nil {
		t.Fatal(err)
	}
	melds, anyCard := 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		g, err := engine.NewGame(rules, seed)
		if err != nil {
			t.Fatal(err)
		}
		p := computertest.New(t, "random", seed)
		for steps := 0; !g.Over() && steps < 2000; steps++ {
			seat := g.Turn()
			v := viewOf(g, seat)
			comps := Controls(v, testGameID)
			var labels []string
			var actions []engine.Action
			for _, rc := range comps {
				for _, c := range rc.(discordgo.ActionsRow).Components {
					b := c.(discordgo.Button)
					id, err := ParseID(b.CustomID)
					if err != nil {
						t.Fatal(err)
					}
					a, err := ActionFor(id, seat, nil)
					if err != nil {
						t.Fatal(err)
					}
					if !b.Disabled {
						labels, actions = append(labels, b.Label), append(actions, a)
					}
				}
			}
			switch {
			case g.Phase() == engine.PhaseMeld:
				want := []string{"Draw (no meld)"}
				wantActions := []engine.Action{{Seat: seat, Kind: engine.ActDraw}}
				for _, m := range v.MeldChoices() {
					want = append(want, words.Capitalise(m.Name())+" "+strconv.Itoa(int(m.Points)))
					wantActions = append(wantActions, engine.Action{Seat: seat, Kind: engine.ActMeld, Cards: m.Cards()})
				}
				if !slices.Equal(labels, want) {
					t.Fatalf("step %d: meld buttons %q, want %q", g.LogLen(), labels, want)
				}
				for i, a := range actions {
					if a.Kind != wantActions[i].Kind || !slices.Equal(a.Cards, wantActions[i].Cards) {
						t.Fatalf("step %d: button %q does %v, want %v", g.LogLen(), labels[i], a, wantActions[i])
					}
				}
				melds += len(want) - 1
			case g.StockSize() > 0:
				// Every card held, enabled: no need to follow suit.
				h := g.Hand(seat)
				if len(labels) != len(h.Set().Cards()) {
					t.Fatalf("step %d: %d card buttons enabled for %d distinct cards held", g.LogLen(), len(labels), len(h.Set().Cards()))
				}
				anyCard++
			}
			if err := g.Apply(p.Choose(g.View(seat))); err != nil {
				t.Fatal(err)
			}
		}
	}
	if melds == 0 || anyCard == 0 {
		t.Errorf("saw %d meld buttons and %d plays while the stock lasted", melds, anyCard)
	}
}
