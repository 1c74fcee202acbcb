package picture

import (
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
)

// TestHandOfFollowsTheView plays a seeded game of each preset and checks every seat's
// hand at every step against its view: the cards held are the view's, the playable ones
// exactly the legal ones on its turn, the passed ones exactly those it gave, and the
// received ones among those it was given.
func TestHandOfFollowsTheView(t *testing.T) {
	for _, preset := range engine.PresetNames() {
		t.Run(preset, func(t *testing.T) {
			steps := 0
			playSeeded(t, preset, 11, func(g *engine.Game) {
				steps++
				if raceEnabled && steps%7 != 0 {
					return // a seventh of the steps: the race detector finds nothing here
				}
				for seat := range g.Rules().Players {
					v := g.View(seat)
					checkHand(t, &v, HandOf(&v, TwoColour, 0))
				}
			})
		})
	}
}

func checkHand(t *testing.T, v *engine.View, h Hand) {
	t.Helper()
	var heldCards, passed, received engine.Hand
	var playable engine.CardSet
	for _, c := range h.Cards {
		if c.Mark&(Passed|Buried) != 0 {
			passed[c.Card]++
			if c.Mark&^(Passed|Buried) != 0 {
				t.Fatalf("step %d, seat %d: a card passed away is marked %b too", v.Step(), v.Seat(), c.Mark)
			}
			continue
		}
		heldCards[c.Card]++
		if c.Mark&Received != 0 {
			received[c.Card]++
		}
		if c.Mark&Playable != 0 {
			playable = playable.Add(c.Card)
		}
		if c.Mark&Playable != 0 && c.Mark&Unplayable != 0 {
			t.Fatalf("step %d, seat %d: %s is playable and not", v.Step(), v.Seat(), c.Card)
		}
	}
	if heldCards != v.Hand() {
		t.Fatalf("step %d, seat %d: the picture holds %s, the view %s", v.Step(), v.Seat(), heldCards, v.Hand())
	}
	want := engine.CardSet(0)
	if v.Phase() == engine.PhasePlay && v.MyTurn() {
		want = v.Legal()
	}
	if playable != want {
		t.Fatalf("step %d, seat %d: playable %s, want %s", v.Step(), v.Seat(), engine.FormatCards(playable.Cards()), engine.FormatCards(want.Cards()))
	}
	var gave, got engine.Hand
	for _, p := range v.Passes() {
		for _, c := range p.Cards {
			if p.From == v.Seat() {
				gave[c]++
			} else if p.To == v.Seat() {
				got[c]++
			}
		}
	}
	if w, ok := v.Widow(); ok && v.Seat() == v.Bidder() {
		for _, c := range w {
			got[c]++
		}
	}
	// Passes show from trump to the end of the first trick.
	var marking bool
	switch v.Phase() {
	case engine.PhaseTrump, engine.PhasePass, engine.PhasePassBack, engine.PhaseDecide:
		marking = true
	case engine.PhasePlay:
		marking = v.NumTricks() == 0
	}
	if marking && passed != gave {
		t.Fatalf("step %d, seat %d: the picture shows %s passed, the seat gave %s", v.Step(), v.Seat(), passed, gave)
	}
	if !marking && passed.Len() > 0 {
		t.Fatalf("step %d, seat %d: the picture shows %s passed after the first trick", v.Step(), v.Seat(), passed)
	}
	if !got.Contains(&received) {
		t.Fatalf("step %d, seat %d: the picture marks %s received, the seat got %s", v.Step(), v.Seat(), received, got)
	}
}

// TestTableOfFollowsTheView checks the public table at every step of a seeded game of
// each preset: the trick is the view's, the seats the table waits for are ringed, the
// scores are the view's, and a table shows no seat's cards but what is public.
func TestTableOfFollowsTheView(t *testing.T) {
	for _, preset := range engine.PresetNames() {
		t.Run(preset, func(t *testing.T) {
			playSeeded(t, preset, 11, func(g *engine.Game) {
				v := g.View(-1)
				tb := TableOf(&v, goldenNames, 0, TwoColour)
				if len(tb.Seats) != g.Rules().Players {
					t.Fatalf("step %d: %d seats, want %d", v.Step(), len(tb.Seats), g.Rules().Players)
				}
				for s, seat := range tb.Seats {
					if seat.Turn != (!v.Over() && v.IsWaiting(s)) {
						t.Fatalf("step %d: seat %d ringed %v, waited for %v", v.Step(), s, seat.Turn, v.IsWaiting(s))
					}
					if seat.ShowMeld {
						m, _ := v.ShownMeld(s)
						if seat.MeldPoints != m.Total {
							t.Fatalf("step %d: seat %d shows meld %d, the view %d", v.Step(), s, seat.MeldPoints, m.Total)
						}
					}
				}
				if !v.Over() && (v.Phase() == engine.PhasePlay || v.Phase() == engine.PhaseMeld) && len(tb.Trick) != len(v.Trick()) {
					t.Fatalf("step %d: the trick has %d cards, the view %d", v.Step(), len(tb.Trick), len(v.Trick()))
				}
				if len(tb.Trick) > 0 && tb.Trick[tb.Winning] != v.Trick()[v.Winning()] {
					t.Fatalf("step %d: the winning card is %v, the view's %v", v.Step(), tb.Trick[tb.Winning], v.Trick()[v.Winning()])
				}
				if !g.Rules().Solo {
					for i, s := range tb.Scores {
						if s.Points != v.Scores()[i] {
							t.Fatalf("step %d: score %d is %d, the view's %d", v.Step(), i, s.Points, v.Scores()[i])
						}
					}
				}
				if tb.Widow != nil {
					if w, ok := v.Widow(); !ok || len(w) != len(tb.Widow) {
						t.Fatalf("step %d: the table shows a widow the view has not shown", v.Step())
					}
				}
			})
		})
	}
}
