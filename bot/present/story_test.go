package present

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer/computertest"
)

// TestPrivateHandStory plays racehorse hands with computer players and checks the private
// hand at each step: the score always; the meld by trump in the auction; the contract
// with what the bidders need once meld is shown; the cards received, marked, after a pass;
// the last trick until the seat's next card; the last hand's result before the next
// auction; and the message within Discord's limits.
func TestPrivateHandStory(t *testing.T) {
	meta, g := gameAt(t, engine.PhaseBidding)
	seen := map[string]bool{}
	p := computertest.New(t, "baseline", 1)
	for n := 0; n < 400 && !g.Over(); n++ {
		for seat := range g.Rules().Players {
			v := g.View(seat)
			where := fmt.Sprintf("step %d, hand of seat %d", g.LogLen(), seat+1)
			text := strings.Join(statsOf(t, where, HandMessage(nil, meta, &v, HandOptions{}, lookText)).texts, "\n")
			check := func(name, want string, cond bool) {
				if cond {
					if !strings.Contains(text, want) {
						t.Fatalf("%s: the private hand lacks %q:\n%s", name, want, text)
					}
					seen[name] = true
				}
			}
			check("score", "**Score:**", true)
			check("meld by trump", "Your meld by trump", v.Phase() == engine.PhaseBidding)
			check("suggested bid", "**Suggested:**", v.Phase() == engine.PhaseBidding && g.Waiting(seat))
			check("contract", "bidders need", len(v.Melds()) > 0 && v.Phase() == engine.PhasePlay &&
				v.High() > v.TeamMeld(v.Rules().TeamOf(v.Bidder()))+v.TrickPoints(v.Rules().TeamOf(v.Bidder())))
			gotPass := false
			for _, ps := range v.Passes() {
				gotPass = gotPass || ps.To == seat
			}
			check("received", "★ **Received** from", gotPass)
			check("last trick", "**Last trick:**", v.Phase() == engine.PhasePlay && v.NumTricks() > 0 && !playedSince(&v))
			check("last hand", "**Last hand (", len(v.Results()) > 0 && v.Phase() == engine.PhaseBidding && len(v.Auction()) == 0)
			if v.Phase() == engine.PhasePlay && playedSince(&v) && strings.Contains(text, "**Last trick:**") {
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

// decideGames plays seeded games of a preset with computer players until the bidder
// decides whether to play or throw in, and returns up to n of them.
func decideGames(t *testing.T, preset string, opts map[string]string, n int) []*engine.Game {
	t.Helper()
	rules, err := engine.NewRules(preset, opts)
	if err != nil {
		t.Fatal(err)
	}
	var out []*engine.Game
	for seed := uint64(1); seed < 300 && len(out) < n; seed++ {
		g, err := engine.NewGame(rules, seed)
		if err != nil {
			t.Fatal(err)
		}
		p := computertest.New(t, "baseline", seed)
		for range 200 {
			if g.Phase() == engine.PhaseDecide || g.Over() {
				break
			}
			seat := g.Turn()
			for s := range g.Rules().Players {
				if g.Waiting(s) {
					seat = s
				}
			}
			if err := g.Apply(p.Choose(g.View(seat))); err != nil {
				t.Fatal(err)
			}
		}
		if g.Phase() == engine.PhaseDecide && slices.Contains(g.DecideChoices(), engine.ActThrowIn) {
			out = append(out, g)
		}
	}
	if len(out) == 0 {
		t.Fatalf("%s %v: no seed reached a throw-in decision", preset, opts)
	}
	return out
}

// TestStakeLineFollowsRules: the bidder's "at stake" line says what a throw-in and a set
// cost in the table's rules, and its numbers are what the engine scores when the bidder
// then throws in: the bid taken from the bidders (or, with set=opponents, scored by the
// other side), the other side's meld (in double-deck only from 20) and the throw-in bonus.
func TestStakeLineFollowsRules(t *testing.T) {
	cases := []struct {
		preset string
		opts   map[string]string
		words  []string // in every line
		never  []string // in no line
	}{
		{"racehorse", nil, []string{"**Throwing in:** your side loses", "**Playing and being set:** your side loses"},
			[]string{"scores your bid", "for the throw-in", "counters"}},
		{"racehorse", map[string]string{"set": "opponents"}, []string{"**Throwing in:** the other side scores your bid", "**Playing and being set:** the other side scores your bid"},
			[]string{"loses", "for the throw-in"}},
		{"double-deck", nil, []string{"your side loses", "20 for the throw-in", "with at least 20 in counters"},
			[]string{"scores your bid"}},
	}
	for _, tc := range cases {
		for _, g := range decideGames(t, tc.preset, tc.opts, 6) {
			bidder := g.Bidder()
			v := g.View(bidder)
			line := stakeLine(&v)
			for _, w := range tc.words {
				if !strings.Contains(line, w) {
					t.Errorf("%s %v: the line lacks %q:\n%s", tc.preset, tc.opts, w, line)
				}
			}
			for _, w := range tc.never {
				if strings.Contains(line, w) {
					t.Errorf("%s %v: the line says %q:\n%s", tc.preset, tc.opts, w, line)
				}
			}
			want := v.ThrowInDelta()
			if err := g.Apply(engine.Action{Seat: bidder, Kind: engine.ActThrowIn}); err != nil {
				t.Fatal(err)
			}
			res := g.Results()[len(g.Results())-1]
			if res.Outcome != engine.OutcomeThrownIn || res.Delta != want {
				t.Errorf("%s %v: the line expects %v for a throw-in, the engine scored %v (%v)", tc.preset, tc.opts, want, res.Delta, res.Outcome)
			}
			bt := g.Rules().TeamOf(bidder)
			numbers := fmt.Sprintf("(%s %+d, %s %+d)", TeamName(bt), res.Delta[bt], TeamName(1-bt), res.Delta[1-bt])
			if !strings.Contains(line, numbers) {
				t.Errorf("%s %v: the line does not say %s:\n%s", tc.preset, tc.opts, numbers, line)
			}
		}
	}
}
