package engine

import (
	"math/rand/v2"
	"testing"
)

func TestSmokeRandom(t *testing.T) {
	for _, p := range PresetNames() {
		r, err := NewRules(p, map[string]string{"hands": "20"})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		for seed := uint64(0); seed < 50; seed++ {
			g, err := NewGame(r, seed)
			if err != nil {
				t.Fatal(err)
			}
			steps := 0
			for !g.Over() {
				steps++
				if steps > 100000 {
					t.Fatalf("%s: stuck in %v", p, g.Phase())
				}
				var a Action
				seat := g.Turn()
				if seat < 0 {
					for s := range r.Players {
						if g.Waiting(s) {
							seat = s
						}
					}
				}
				a.Seat = seat
				switch g.Phase() {
				case PhaseBidding:
					bids := g.NextBids(5)
					if g.MustBid() || rng.IntN(3) == 0 {
						a.Kind, a.Bid = ActBid, bids[rng.IntN(len(bids))]
					} else {
						a.Kind = ActPass
					}
				case PhaseTrump:
					ch := g.TrumpChoices()
					for {
						s := Suit(rng.IntN(4))
						if ch&(1<<s) != 0 {
							a.Kind, a.Suit = ActTrump, s
							break
						}
					}
				case PhasePass, PhasePassBack:
					pr := g.PassRuleFor(seat)
					h := g.Hand(seat)
					pref := pr.Prefer
					var cards []Card
					for len(cards) < pr.Need {
						c := Card(rng.IntN(NumKinds))
						if pref[c] > 0 {
							pref[c]--
							h[c]--
							cards = append(cards, c)
						}
					}
					for len(cards) < pr.Count {
						c := Card(rng.IntN(NumKinds))
						if h[c] > 0 {
							h[c]--
							cards = append(cards, c)
						}
					}
					a.Kind, a.Cards = ActPassCards, cards
				case PhaseDecide:
					ch := g.DecideChoices()
					a.Kind = ch[rng.IntN(len(ch))]
				case PhasePlay:
					cs := g.LegalCards(seat).Cards()
					a.Kind, a.Card = ActPlayCard, cs[rng.IntN(len(cs))]
				}
				if err := g.Apply(a); err != nil {
					t.Fatalf("%s seed %d: %v rejected: %v", p, seed, a, err)
				}
			}
			g2, err := Replay(r, seed, g.Log())
			if err != nil {
				t.Fatal(err)
			}
			if g2.Scores() != g.Scores() {
				t.Fatal("replay differs")
			}
		}
		t.Logf("%s ok", p)
	}
}
