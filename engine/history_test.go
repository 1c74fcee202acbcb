package engine

import (
	"slices"
	"testing"
)

// candidateActions returns actions for seat that probe the edges of what the rules allow:
// every bid near the minimum, passing, every suit, every card, passes of the right and
// wrong size, and each decision.
func candidateActions(g *Game, seat int) []Action {
	var out []Action
	for _, amount := range []int{0, g.MinNextBid() - 1, g.MinNextBid(), g.MinNextBid() + 1, g.MinNextBid() + 5, g.MinNextBid() + 10, g.rules.MaxBid + 10} {
		out = append(out, Action{Seat: seat, Kind: ActBid, Bid: amount})
	}
	out = append(out, Action{Seat: seat, Kind: ActPass})
	for s := Spades; s <= NoSuit; s++ {
		out = append(out, Action{Seat: seat, Kind: ActTrump, Suit: s})
	}
	for c := Card(0); c < NumKinds; c++ {
		out = append(out, Action{Seat: seat, Kind: ActPlayCard, Card: c})
	}
	out = append(out, Action{Seat: seat, Kind: ActPlayHand}, Action{Seat: seat, Kind: ActThrowIn}, Action{Seat: seat, Kind: ActShootMoon})
	held := g.st.Hands[seat].Cards()
	for start := 0; start+g.rules.PassCount <= len(held); start += 2 {
		out = append(out, Action{Seat: seat, Kind: ActPassCards, Cards: held[start : start+g.rules.PassCount]})
	}
	if len(held) > g.rules.PassCount {
		out = append(out, Action{Seat: seat, Kind: ActPassCards, Cards: held[:g.rules.PassCount+1]})
	}
	return out
}

// TestViewCheckAgreesWithGame plays random games of every preset and checks that, for the
// seats expected to act, a view accepts exactly the actions the game accepts: a player
// that decides from its view never hands the game an action it rejects.
func TestViewCheckAgreesWithGame(t *testing.T) {
	for _, preset := range PresetNames() {
		for _, opts := range [][]string{nil, {"moon=on", "throwin=any"}} {
			for seed := uint64(1); seed <= 4; seed++ {
				g := testGame(t, preset, append([]string{"hands=2"}, opts...)...)
				rng := newRand(seed)
				for n := 0; !g.Over() && n < 5000; n++ {
					for seat := range g.rules.Players {
						if !g.Waiting(seat) {
							continue
						}
						v := g.View(seat)
						for _, a := range candidateActions(g, seat) {
							gerr, verr := g.Check(a), v.Check(a)
							if (gerr == nil) != (verr == nil) {
								t.Fatalf("%s %v: %v: game says %v, view says %v", preset, g.st.Phase, a, gerr, verr)
							}
						}
					}
					seat := actingSeat(g, rng)
					mustApply(t, g, randomAction(g, seat, rng))
				}
			}
		}
	}
}

// TestViewHistory checks the public history of a hand in a view: the completed tricks are
// those the game played, in order, with their winners and points, and a seat sees only
// the passes it gave or received.
func TestViewHistory(t *testing.T) {
	for _, preset := range PresetNames() {
		g := testGame(t, preset, "hands=3")
		rng := newRand(7)
		var tricks []Trick
		for !g.Over() {
			hand := g.st.HandNo
			seat := actingSeat(g, rng)
			a := randomAction(g, seat, rng)
			mustApply(t, g, a)
			if g.Over() || g.st.HandNo != hand {
				tricks = nil
				continue
			}
			if a.Kind == ActPlayCard && g.st.TrickN == 0 {
				tricks = append(tricks, *g.LastTrick())
			}
			for s := -1; s < g.rules.Players; s++ {
				v := g.View(s)
				seen := v.Tricks()
				if len(seen) != len(tricks) {
					t.Fatalf("%s: seat %d sees %d tricks, %d were played", preset, s, len(seen), len(tricks))
				}
				for i := range tricks {
					if !slices.Equal(seen[i].Cards, tricks[i].Cards) || seen[i].Winner != tricks[i].Winner || seen[i].Points != tricks[i].Points {
						t.Fatalf("%s: trick %d seen as %+v, played as %+v", preset, i+1, seen[i], tricks[i])
					}
				}
				for _, p := range v.Passes() {
					if s < 0 || (p.From != s && p.To != s) {
						t.Fatalf("%s: seat %d sees the pass from %d to %d", preset, s, p.From, p.To)
					}
					if len(p.Cards) != g.rules.PassCount {
						t.Fatalf("%s: a pass of %d cards, want %d", preset, len(p.Cards), g.rules.PassCount)
					}
				}
			}
		}
	}
}
