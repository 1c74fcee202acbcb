package engine

import (
	"slices"
	"testing"
)

// TestThreeHandedDeal checks a fresh deal: 15 cards each and a widow of 3 that no view
// shows until the auction is won, when the bidder takes it in sight of everyone.
func TestThreeHandedDeal(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		g, err := NewGame(testRules(t, "three-handed"), seed)
		if err != nil {
			t.Fatal(err)
		}
		for s := range 3 {
			if h := g.Hand(s); h.Len() != 15 {
				t.Fatalf("seed %d: seat %d holds %d cards", seed, s, h.Len())
			}
		}
		widow := append([]Card(nil), g.st.Widow[:3]...)
		for seat := -1; seat < 3; seat++ {
			v := g.View(seat)
			if _, ok := v.Widow(); ok {
				t.Fatalf("seed %d: seat %d sees the widow before the auction", seed, seat)
			}
		}
		// The first to bid bids 300; the other two pass.
		first := g.Turn()
		mustApply(t, g, bidAct(first, 300))
		events, err := g.ApplyEvents(passAct(g.Turn()))
		if err != nil || len(events) != 0 {
			t.Fatalf("seed %d: the first pass: %v, %v", seed, events, err)
		}
		if events, err = g.ApplyEvents(passAct(g.Turn())); err != nil {
			t.Fatal(err)
		}
		if len(events) != 2 || events[0].Kind != EventAuctionWon || events[1].Kind != EventWidowTaken ||
			events[1].Seat != first || !slices.Equal(sortedCards(events[1].Cards), sortedCards(widow)) {
			t.Fatalf("seed %d: the auction's end told %+v, widow %v", seed, events, widow)
		}
		if h := g.Hand(first); h.Len() != 18 || g.Phase() != PhaseTrump || g.Turn() != first {
			t.Fatalf("seed %d: the bidder holds %d cards in phase %s", seed, h.Len(), g.Phase())
		}
		for seat := -1; seat < 3; seat++ {
			v := g.View(seat)
			if w, ok := v.Widow(); !ok || !slices.Equal(sortedCards(w), sortedCards(widow)) {
				t.Fatalf("seed %d: seat %d sees the widow %v, %v", seed, seat, w, ok)
			}
		}
	}
}

func sortedCards(cards []Card) []Card {
	h := HandOf(cards...)
	return h.Cards()
}

// soloGame returns a three-handed game in which seat 1 has won the auction at bid, taken
// the widow and named trump, holding hand (18 cards); seats 0 and 2 hold the rest of the
// deck as dealt in card order.
func soloGame(tb testing.TB, bid int, trump Suit, hand string, options ...string) *Game {
	tb.Helper()
	g := testGame(tb, "three-handed", options...)
	st := &g.st
	h := parseHand(tb, hand)
	rest := fullDeck(&g.rules)
	for c := range rest {
		rest[c] -= h[c]
	}
	cards := rest.Cards()
	st.Hands = [MaxPlayers]Hand{HandOf(cards[:15]...), h, HandOf(cards[15:]...)}
	st.Phase, st.Turn, st.Bidder, st.High, st.Trump = PhasePass, 1, 1, bid, trump
	st.WidowTaken = true
	syncDerived(g)
	return g
}

// TestThreeHandedBury checks the bury: three cards the bidder holds, which no one else
// sees; the meld is then counted on the fifteen cards kept.
func TestThreeHandedBury(t *testing.T) {
	hand := "AS 10S KS QS JS 9S AH AH 10H KH QH 9C 9C JD QD KD 10D AD"
	g := soloGame(t, 350, Spades, hand)
	mustReject(t, g, giveAct(t, 0, "9C 9C AD"), CodeNotYourTurn, "")
	mustReject(t, g, giveAct(t, 1, "9C 9C"), CodeBadPass, "exactly 3")
	mustReject(t, g, giveAct(t, 1, "9C 9C 9H"), CodeNotInHand, "")
	// Bury two nines and the ace of diamonds: 10 in counters for the bidder.
	mustApply(t, g, giveAct(t, 1, "9C 9C AD"))
	if g.Phase() != PhaseDecide || g.Buried() != parseHand(t, "9C 9C AD") {
		t.Fatalf("after the bury: phase %s, buried %s", g.Phase(), g.Buried())
	}
	for _, seat := range []int{0, 2} {
		v := g.View(seat)
		if len(v.Passes()) != 0 {
			t.Fatalf("seat %d sees the bury: %v", seat, v.Passes())
		}
	}
	if v := g.View(1); len(v.Passes()) != 1 || v.Passes()[0].To != -1 {
		t.Fatalf("the bidder does not see its bury: %+v", v.Passes())
	}
	// The bidder's view counts the buried ace for it; a defender's cannot see it.
	vb, vd := g.View(1), g.View(0)
	if cards, pts := vb.Buried(); len(cards) != 3 || pts != 10 {
		t.Fatalf("the bidder's view of its bury: %v, %d points", cards, pts)
	}
	if cards, pts := vd.Buried(); cards != nil || pts != 0 {
		t.Fatalf("a defender sees the bury: %v, %d", cards, pts)
	}
	needB, okB := vb.BiddersNeed()
	needD, okD := vd.BiddersNeed()
	if !okB || !okD || needD != needB+10 {
		t.Fatalf("the bidder needs %d (%v) in its view, %d (%v) in a defender's: the buried 10 differ", needB, okB, needD, okD)
	}
	if d := vb.SeatThrowInDelta(); d[1] != -350 || d[0] != g.shown[0].Total || d[2] != g.shown[2].Total {
		t.Fatalf("throw-in delta %v, melds %d %d", d[:3], g.shown[0].Total, g.shown[2].Total)
	}
	m, _ := g.Meld(1)
	if want := CountMeld(ptrHand(parseHand(t, "AS 10S KS QS JS 9S AH AH 10H KH QH JD QD KD 10D")), Spades, &g.rules.Meld); m.Total != want.Total {
		t.Fatalf("the bidder's meld %d, want %d counted on the cards kept", m.Total, want.Total)
	}
}

func ptrHand(h Hand) *Hand { return &h }

// TestThreeHandedScoring works through a hand's score: the bidder's meld and tricks (its
// buried counters among them) against its bid, a set once or twice, a throw-in, and the
// defenders' own meld and tricks.
func TestThreeHandedScoring(t *testing.T) {
	for _, tc := range []struct {
		name        string
		options     []string
		outcome     Outcome
		meld        [3]int
		points      [3]int
		buried      string
		bid         int
		wantDelta   [3]int
		wantMade    bool
		wantCounted int // the bidder's trick points as scored
	}{
		{name: "made with the bury", outcome: OutcomePlayed, meld: [3]int{40, 200, 20}, points: [3]int{60, 120, 50}, buried: "AD KD 9C", bid: 330,
			wantDelta: [3]int{100, 340, 70}, wantMade: true, wantCounted: 140},
		{name: "set", outcome: OutcomePlayed, meld: [3]int{40, 100, 20}, points: [3]int{60, 120, 70}, buried: "9C 9C 9H", bid: 300,
			wantDelta: [3]int{100, -300, 90}, wantCounted: 120},
		{name: "set twice", options: []string{"set=double"}, outcome: OutcomePlayed, meld: [3]int{40, 100, 20}, points: [3]int{60, 120, 70}, buried: "9C 9C 9H", bid: 300,
			wantDelta: [3]int{100, -600, 90}, wantCounted: 120},
		{name: "thrown in", options: []string{"set=double"}, outcome: OutcomeThrownIn, meld: [3]int{40, 100, 20}, buried: "AD 9C 9H", bid: 400,
			wantDelta: [3]int{40, -400, 20}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := testGame(t, "three-handed", tc.options...)
			st := &g.st
			st.Bidder, st.High, st.Trump, st.MeldShown = 1, tc.bid, Spades, true
			g.countMeld(Spades)
			for s := range 3 {
				g.shown[s] = Meld{Total: tc.meld[s]}
				st.Points[s] = tc.points[s]
			}
			st.Buried = parseHand(t, tc.buried)
			g.finish(tc.outcome, false)
			res := g.Results()[0]
			if [3]int(res.SeatDelta[:3]) != tc.wantDelta || res.Made != tc.wantMade || res.SeatPoints[1] != tc.wantCounted {
				t.Fatalf("delta %v made %v bidder's points %d; want %v %v %d", res.SeatDelta[:3], res.Made, res.SeatPoints[1], tc.wantDelta, tc.wantMade, tc.wantCounted)
			}
			if res.SeatScores != g.SeatScores() || [3]int(res.SeatScores[:3]) != tc.wantDelta {
				t.Fatalf("scores %v (game %v), want %v", res.SeatScores[:3], g.SeatScores(), tc.wantDelta)
			}
			if g.Scores() != [2]int{} {
				t.Fatalf("team scores %v in a solo game", g.Scores())
			}
		})
	}
}

// TestThreeHandedGameEnd checks the end of a game to 1500: the bidder counts first when it
// made its bid, else the one highest score at or above the target wins, and a tie at the
// top plays on.
func TestThreeHandedGameEnd(t *testing.T) {
	for _, tc := range []struct {
		name   string
		scores [3]int
		made   bool
		want   int
	}{
		{"the bidder counts first", [3]int{1600, 1510, 0}, true, 1},
		{"a set bidder does not", [3]int{1600, 1510, 0}, false, 0},
		{"nobody there", [3]int{1490, 1400, 1000}, true, -1},
		{"a tie at the top plays on", [3]int{1600, 1200, 1600}, false, -1},
	} {
		g := testGame(t, "three-handed")
		copy(g.st.SeatScores[:], tc.scores[:])
		if got := g.soloWinner(1, tc.made); got != tc.want {
			t.Errorf("%s: winner %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestThreeHandedOptions checks the options three-handed takes and refuses.
func TestThreeHandedOptions(t *testing.T) {
	for _, bad := range []map[string]string{{"pass": "2"}, {"moon": "on"}, {"declare": "on"}, {"set": "opponents"}, {"throwin": "forced"}} {
		if _, err := NewRules("three-handed", bad); err == nil {
			t.Errorf("three-handed took %v", bad)
		}
	}
	r, err := NewRules("three-handed", map[string]string{"set": "double", "minbid": "250", "target": "1000", "throwin": "never"})
	if err != nil || !r.DoubleSet || r.MinBid != 250 || r.Target != 1000 || r.ThrowIn != ThrowInNever {
		t.Fatalf("three-handed with options: %+v, %v", r, err)
	}
	if _, err := NewRules("racehorse", map[string]string{"set": "double"}); err == nil {
		t.Error("racehorse took set=double")
	}
}
