package engine

import (
	"encoding/json"
	"fmt"
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
	out = append(out, Action{Seat: seat, Kind: ActPlayHand}, Action{Seat: seat, Kind: ActThrowIn}, Action{Seat: seat, Kind: ActShootMoon},
		Action{Seat: seat, Kind: ActDraw}, Action{Seat: seat, Kind: ActDeclareOut})
	// Two-handed melds: each candidate meld in each suit as trump, and cards that make none.
	for _, trump := range []Suit{Spades, Hearts} {
		for _, m := range meldCandidates(trump, &g.rules.Meld) {
			out = append(out, Action{Seat: seat, Kind: ActMeld, Cards: m.Cards()})
		}
	}
	out = append(out, Action{Seat: seat, Kind: ActMeld, Cards: []Card{NewCard(Ace, Spades), NewCard(Nine, Hearts)}})
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
		for _, opts := range optionSets(preset) {
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

// TestRecordsAcrossChunks plays games long enough that every record of the game moves on to
// new chunks (the auctions, plays and melds every few hands, the log every logChunk
// actions): views taken along the way read the same at the end, the log holds every action
// in order, and replaying it rebuilds the same game.
func TestRecordsAcrossChunks(t *testing.T) {
	for _, preset := range []string{"racehorse", "double-deck", "six-handed"} {
		hands := 40
		g := testGame(t, preset, "target=0", "floor=0", fmt.Sprintf("hands=%d", hands))
		rng := newRand(11)
		var applied []Action
		type kept struct {
			v    View
			text string
		}
		var views []kept
		for step := 0; !g.Over(); step++ {
			seat := actingSeat(g, rng)
			if step%29 == 0 {
				views = append(views, kept{g.View(seat), viewJSON(t, g, seat)})
			}
			a := randomAction(g, seat, rng)
			mustApply(t, g, a)
			applied = append(applied, a)
		}
		if g.HandNumber() != hands || hands < 2*chunkHands+1 || len(applied) < 2*logChunk {
			t.Fatalf("%s: the game ended at hand %d after %d actions: too short to cross the chunks", preset, g.HandNumber(), len(applied))
		}
		for i, k := range views {
			b, err := json.Marshal(k.v)
			if err != nil {
				t.Fatal(err)
			}
			if string(b) != k.text {
				t.Fatalf("%s: view %d changed as the game moved on:\nbefore %s\nafter  %s", preset, i, k.text, b)
			}
		}
		log := g.Log()
		if g.LogLen() != len(applied) || len(log) != len(applied) {
			t.Fatalf("%s: the log holds %d actions (LogLen %d), want %d", preset, len(log), g.LogLen(), len(applied))
		}
		for i := range log {
			if log[i].String() != applied[i].String() || !slices.Equal(log[i].Cards, applied[i].Cards) {
				t.Fatalf("%s: action %d logged as %s, applied %s", preset, i, log[i], applied[i])
			}
			if a, ok := g.LogAction(i); !ok || a.String() != applied[i].String() || !slices.Equal(a.Cards, applied[i].Cards) {
				t.Fatalf("%s: LogAction(%d) = %s, %v; applied %s", preset, i, a, ok, applied[i])
			}
		}
		for _, i := range []int{-1, len(applied)} {
			if a, ok := g.LogAction(i); ok {
				t.Fatalf("%s: LogAction(%d) = %s, true; no action was applied there", preset, i, a)
			}
		}
		replayed, err := Replay(g.rules, g.seed, log)
		if err != nil {
			t.Fatal(err)
		}
		if gameJSON(t, replayed) != gameJSON(t, g) {
			t.Fatalf("%s: the replayed game differs", preset)
		}
	}
}
