package computer

import (
	"fmt"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
)

// TestSearchScoringMatchesEngine plays hands of Baselines and scores each finished hand
// twice, by the engine and by the search, from a deal set up at the first card of the play
// and followed card by card, and from one set up before the last card (the earlier tricks
// from the view's history): every played hand must get the engine's change of score.
// Six-handed each seat saves alone; the other presets save as a team, with sets scored
// either way.
func TestSearchScoringMatchesEngine(t *testing.T) {
	cases := []struct {
		preset string
		opts   map[string]string
	}{
		{"racehorse", nil},
		{"racehorse", map[string]string{"set": "opponents", "counters": "eleven"}},
		{"classic", nil},
		{"classic", map[string]string{"set": "opponents", "pass": "0"}},
		{"partnership", nil},
		{"double-deck", nil},
		{"double-deck", map[string]string{"set": "opponents"}},
		{"six-handed", nil},
		{"six-handed", map[string]string{"set": "opponents", "royal": "nothing"}},
	}
	for _, tc := range cases {
		t.Run(fmt.Sprint(tc.preset, tc.opts), func(t *testing.T) {
			opts := map[string]string{"hands": "60", "target": "0", "throwin": "never", "floor": "0"}
			if tc.preset == "classic" {
				delete(opts, "throwin") // classic never throws in
			}
			for k, v := range tc.opts {
				opts[k] = v
			}
			r := newRules(t, tc.preset, opts)
			g, err := engine.NewGame(r, 17)
			if err != nil {
				t.Fatal(err)
			}
			p := newBaseline(17)
			var first, last deal
			var scFirst, scLast scoring
			hands, sets, split := 0, 0, 0
			for n := 0; !g.Over() && n < 100000; n++ {
				seat := waitingSeat(g)
				v := g.View(seat)
				a := p.Choose(v)
				if g.Phase() == engine.PhasePlay {
					var real [engine.MaxPlayers]engine.Hand
					for s := range r.Players {
						real[s] = g.Hand(s)
					}
					cardsLeft := 0
					for s := range r.Players {
						cardsLeft += real[s].Len()
					}
					if cardsLeft == r.DeckSize() {
						first, scFirst = newDeal(&v), scoringOf(&v)
						first.setHands(&real)
					}
					if cardsLeft == 1 {
						last, scLast = newDeal(&v), scoringOf(&v)
						last.setHands(&real)
					}
					first.play(a.Card)
				}
				results := len(g.Results())
				if err := g.Apply(a); err != nil {
					t.Fatal(err)
				}
				if len(g.Results()) == results {
					continue
				}
				res := g.Results()[results]
				if res.Outcome != engine.OutcomePlayed || res.Moon {
					continue
				}
				hands++
				last.play(a.Card) // the card that ended the hand
				if !first.over() || !last.over() {
					t.Fatalf("hand %d: the search's deals are not over", res.Hand)
				}
				for _, c := range []struct {
					name string
					d    *deal
					sc   *scoring
				}{{"followed from the first card", &first, &scFirst}, {"set up at the last card", &last, &scLast}} {
					if got := c.sc.deltas(c.d); got != res.Delta {
						t.Errorf("hand %d, %s: search scores %v, engine %v (meld %v, tricks %v, saved %v, seats saved %v)",
							res.Hand, c.name, got, res.Delta, res.Meld, res.Tricks, res.Saved, res.SeatSaved[:r.Players])
					}
				}
				if !res.Made {
					sets++
				}
				for s := range r.Players {
					if res.SeatSaved[s] != res.SeatSaved[(s+2)%r.Players] {
						split++
						break
					}
				}
			}
			if hands < 10 || sets == 0 {
				t.Fatalf("%d played hands, %d sets: too few to compare", hands, sets)
			}
			if r.Save == engine.SavePerPlayer && split == 0 {
				t.Fatal("no hand in which one player of a team saved and another did not")
			}
		})
	}
}
