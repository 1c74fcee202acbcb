package bot

import (
	"strings"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
)

// TestPrivateHandStory plays racehorse hands with computer players and checks the private
// hand at each step: the score always; the meld by trump in the auction; the contract
// with what the bidders need once meld is shown; the cards received, marked, after a pass;
// the last trick until the seat's next card; the last hand's result before the next
// auction; and at most 2,000 characters.
func TestPrivateHandStory(t *testing.T) {
	meta, g := gameAt(t, engine.PhaseBidding)
	seen := map[string]bool{}
	p := computer.NewBaseline(1)
	for n := 0; n < 400 && !g.Over(); n++ {
		for seat := range g.Rules().Players {
			text := handMessage(meta, ptr(g.View(seat)), "").Content
			if len(text) > 2000 {
				t.Fatalf("private hand of %d characters", len(text))
			}
			v := g.View(seat)
			check := func(name, want string, cond bool) {
				if cond {
					if !strings.Contains(text, want) {
						t.Fatalf("%s: the private hand lacks %q:\n%s", name, want, text)
					}
					seen[name] = true
				}
			}
			check("score", "**Score:**", true)
			check("meld by trump", "Your meld by trump", v.Phase == engine.PhaseBidding)
			check("suggested bid", "**Suggested:**", v.Phase == engine.PhaseBidding && g.Waiting(seat))
			check("contract", "bidders need", len(v.Melds) > 0 && v.Phase == engine.PhasePlay &&
				v.High > v.TeamMeld[v.Rules.TeamOf(v.Bidder)]+v.TrickPoints[v.Rules.TeamOf(v.Bidder)])
			gotPass := false
			for _, ps := range v.Passes {
				gotPass = gotPass || ps.To == seat
			}
			check("received", "★ **Received** from", gotPass)
			check("last trick", "**Last trick:**", v.Phase == engine.PhasePlay && v.LastTrick != nil && !playedSince(&v))
			check("last hand", "**Last hand (", len(v.Results) > 0 && v.Phase == engine.PhaseBidding && len(v.Auction) == 0)
			if v.Phase == engine.PhasePlay && playedSince(&v) && strings.Contains(text, "**Last trick:**") {
				t.Fatalf("the last trick is still shown after the seat's card:\n%s", text)
			}
		}
		seat := g.Turn()
		if seat < 0 {
			for s := range g.Rules().Players {
				if g.Waiting(s) {
					seat = s
				}
			}
		}
		if err := g.Apply(p.Choose(g.View(seat))); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"score", "meld by trump", "suggested bid", "contract", "received", "last trick", "last hand"} {
		if !seen[name] {
			t.Errorf("never saw %q", name)
		}
	}
}
