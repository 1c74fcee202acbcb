package computer

import (
	"math/rand/v2"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
)

// TestSeerSamplesTheDeal checks that a seer shown the hands samples exactly them in the
// decisions its sight names and samples as the expert does in the others and before it is
// shown anything; in three-handed, with the pile its samples deal (the widow, or the bury
// a defender has not seen) as it is; that the expert's own samples are not the deal; and
// that a seer of its partners deals their hands as they are.
func TestSeerSamplesTheDeal(t *testing.T) {
	for _, preset := range []string{"racehorse", "three-handed"} {
		seen, plays, same := 0, 0, 0
		decisionPoints(t, preset, nil, 5, func(g *engine.Game, seat int) {
			truth := handsNow(g)
			v := g.View(seat)
			seer := NewSeer(ExpertBudget(), 1, SeePlay)
			if k := seer.know(&v, SeePlay); k.truth != nil {
				t.Fatalf("%s: a seer not yet shown the hands sees them", preset)
			}
			seer.See(truth)
			rng := rand.New(rand.NewPCG(1, 2))
			if k := seer.know(&v, SeePlay); k.truth == nil {
				t.Fatalf("%s: a seer shown the hands does not see them", preset)
			} else {
				got, want := k.sample(rng), truth
				if r := g.Rules(); r.Solo {
					// The pile: what is in no hand and not played, where the samples
					// deal one.
					pile := soloPile(r)
					if k.need[pile] > 0 {
						want[pile] = fullDeck(r)
						byseat := played(&v)
						for s := range r.Players {
							sub(&want[pile], &want[s])
							sub(&want[pile], &byseat[s])
						}
						if want[pile].Len() != k.need[pile] {
							t.Fatalf("%s, %s: the pile holds %d cards, the samples deal it %d", preset, g.Phase(), want[pile].Len(), k.need[pile])
						}
					}
				}
				if got != want {
					t.Fatalf("%s, %s: the seer sampled %v, not the deal %v", preset, g.Phase(), got, want)
				}
				seen++
			}
			// A seer of its partner's hand deals that hand as it is, and the rest of the
			// unseen cards to the others.
			if preset == "racehorse" {
				partner := (seat + 2) % 4
				ps := NewSeer(ExpertBudget(), 1, SeePlay|SeePartners)
				ps.See(truth)
				got := ps.know(&v, SeePlay).sample(rng)
				if got[partner] != truth[partner] {
					t.Fatalf("%s: the partner's hand sampled %v, not %v", preset, got[partner], truth[partner])
				}
				var all, want engine.Hand
				for s := range 4 {
					for c, n := range got[s] {
						all[c] += n
					}
					for c, n := range truth[s] {
						want[c] += n
					}
					if got[s].Len() != truth[s].Len() {
						t.Fatalf("%s: seat %d was dealt %d cards, holds %d", preset, s, got[s].Len(), truth[s].Len())
					}
				}
				if all != want {
					t.Fatalf("%s: a seer of its partner dealt %v, not the unplayed cards %v", preset, all, want)
				}
			}
			if k := seer.know(&v, SeeAuction); k.truth != nil {
				t.Fatalf("%s: a seer of card play sees the hands in the auction", preset)
			}
			if g.Phase() == engine.PhasePlay {
				plays++
				if know(&v).sample(rng) == truth {
					same++
				}
			}
		})
		if seen == 0 {
			t.Fatalf("%s: no decision was checked", preset)
		}
		// The expert's own samples deal the true hands only where little is hidden: late in
		// a hand, or where the play has shown who holds what.
		if plays == 0 || same*4 > plays {
			t.Errorf("%s: the expert's own samples dealt the true hands at %d of %d card plays", preset, same, plays)
		}
	}
}

// TestTwoHandedSeerSeesTheOtherHand checks that a two-handed seer shown the hands deals
// the other player's hand as it is while the stock lasts, and the rest of the unseen cards
// to the stock, where the expert deals the same cards at random between them.
func TestTwoHandedSeerSeesTheOtherHand(t *testing.T) {
	checked := 0
	decisionPoints(t, "two-handed", nil, 3, func(g *engine.Game, seat int) {
		v := g.View(seat)
		if v.Phase() != engine.PhasePlay || v.StockSize() == 0 {
			return
		}
		opp := 1 - seat
		truth := handsNow(g)
		expert := newExpert(ExpertBudget(), 1)
		pool, known, hidden, ok := expert.stockUnknowns(&v)
		if !ok {
			t.Fatalf("the expert's samples do not fit the view")
		}
		seer := NewSeer(ExpertBudget(), 1, SeePlay)
		seer.See(truth)
		seerPool, seerKnown, seerHidden, ok := seer.stockUnknowns(&v)
		if !ok {
			t.Fatalf("the seer's samples do not fit the view")
		}
		if seerKnown != truth[opp] || seerHidden != 0 {
			t.Fatalf("the seer deals the other hand %v (%d cards drawn), not %v", seerKnown, seerHidden, truth[opp])
		}
		if len(seerPool) != v.StockSize()-1 {
			t.Fatalf("the seer draws %d cards for a stock of %d under the turned-up card", len(seerPool), v.StockSize()-1)
		}
		all, seerAll := known, seerKnown
		for _, c := range pool {
			all[c]++
		}
		for _, c := range seerPool {
			seerAll[c]++
		}
		if all != seerAll || hidden != truth[opp].Len()-known.Len() {
			t.Fatalf("the seer deals %v, the expert %v (%d of them to the other hand)", seerAll, all, hidden)
		}
		checked++
	})
	if checked < 10 {
		t.Fatalf("only %d positions checked", checked)
	}
}
