package engine

import (
	"reflect"
	"testing"
)

// TestApplyEvents plays random games of every preset with ApplyEvents and checks its events
// against the game: every finished hand is reported once, in order, with its result; the
// tricks of a played hand add up to the points each seat took; each pass names its target;
// every dealt hand and the game's end are reported once; and ApplyEvents leaves the game as
// Apply does.
func TestApplyEvents(t *testing.T) {
	for _, preset := range PresetNames() {
		for _, opts := range optionSets(preset) {
			for seed := uint64(1); seed <= 3; seed++ {
				g := testGame(t, preset, append([]string{"hands=3"}, opts...)...)
				twin := testGame(t, preset, append([]string{"hands=3"}, opts...)...)
				rng := newRand(seed)
				var hands []HandResult
				var points [MaxPlayers]int
				dealt, over, auctions, melds := 0, 0, 0, 0
				for n := 0; !g.Over() && n < 5000; n++ {
					a := randomAction(g, actingSeat(g, rng), rng)
					passTo := -1
					if a.Kind == ActPassCards {
						passTo = g.PassTarget(a.Seat)
					}
					events, err := g.ApplyEvents(a)
					if err != nil {
						t.Fatal(err)
					}
					mustApply(t, twin, a)
					for _, e := range events {
						switch e.Kind {
						case EventCardsPassed:
							if e.Seat != a.Seat || e.To != passTo || e.Count != len(a.Cards) {
								t.Fatalf("%s: pass event %+v for %v to %d", preset, e, a, passTo)
							}
						case EventTrickTaken:
							if len(e.Trick) != g.rules.Players || e.Trick[len(e.Trick)-1].Card != a.Card {
								t.Fatalf("%s: trick %+v after %v", preset, e.Trick, a)
							}
							points[e.Seat] += e.Points
						case EventAuctionWon:
							auctions++
						case EventMeldShown:
							melds++
						case EventMeldLaid:
							if a.Kind != ActMeld || e.Seat != a.Seat || HandOf(e.Laid.Meld.Cards()...) != HandOf(a.Cards...) && !e.Laid.Exchanged {
								t.Fatalf("%s: meld laid %+v after %v", preset, e, a)
							}
						case EventHandFinished:
							hands = append(hands, e.Result)
							want := e.Result.SeatPoints
							if g.rules.Solo && e.Result.Outcome == OutcomePlayed {
								// The bidder's points count its buried counters, which no
								// trick took.
								b := e.Result.Bidder
								if points[b] > want[b] {
									t.Fatalf("%s hand %d: the bidder took %d in tricks, scores %d", preset, e.Result.Hand, points[b], want[b])
								}
								want[b] = points[b]
							}
							if e.Result.Outcome == OutcomePlayed && points != want {
								t.Fatalf("%s hand %d: tricks reported %v, the hand says %v", preset, e.Result.Hand, points, e.Result.SeatPoints)
							}
							points = [MaxPlayers]int{}
						case EventHandDealt:
							dealt++
							if e.Hand != g.HandNumber() || e.Seat != g.Dealer() {
								t.Fatalf("%s: dealt %+v, game at hand %d dealer %d", preset, e, g.HandNumber(), g.Dealer())
							}
						case EventGameOver:
							over++
							if e.Winner != g.Winner() || e.Scores != g.Scores() {
								t.Fatalf("%s: game over %+v, game says %d %v", preset, e, g.Winner(), g.Scores())
							}
						}
					}
				}
				if !reflect.DeepEqual(hands, g.Results()) {
					t.Errorf("%s: hands reported %d, game has %d", preset, len(hands), len(g.Results()))
				}
				wantAuctions := len(g.Results()) - 1
				if g.rules.Stock {
					wantAuctions = 0 // two-handed has none
				}
				if over != 1 || dealt != len(g.Results())-1 || auctions < wantAuctions || melds > auctions {
					t.Errorf("%s: %d game over, %d dealt, %d auctions, %d melds for %d hands", preset, over, dealt, auctions, melds, len(g.Results()))
				}
				if gameJSON(t, g) != gameJSON(t, twin) {
					t.Errorf("%s: ApplyEvents and Apply leave different games", preset)
				}
			}
		}
	}
}

// TestApplyEventsRejects: a refused action reports no event and changes nothing.
func TestApplyEventsRejects(t *testing.T) {
	g := testGame(t, "racehorse")
	before := gameJSON(t, g)
	events, err := g.ApplyEvents(Action{Seat: (g.Turn() + 1) % 4, Kind: ActPass})
	if err == nil || events != nil || gameJSON(t, g) != before {
		t.Errorf("an action out of turn: %v, %v", events, err)
	}
}
