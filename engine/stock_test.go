package engine

import (
	"testing"
)

// stockGame returns a two-handed game whose hand in progress has the given hands and stock
// (cards in the order they will be drawn; the last is the turned-up card), with seat 0
// dealing, so that seat 1 leads the first trick.
func stockGame(tb testing.TB, hands map[int]string, stock string) *Game {
	tb.Helper()
	g := testGame(tb, "two-handed")
	st := &g.st
	st.Hands = [MaxPlayers]Hand{}
	for s, text := range hands {
		st.Hands[s] = parseHand(tb, text)
	}
	cards := parseCards(tb, stock)
	st.Stock = [stockCap]Card{}
	copy(st.Stock[stockCap-len(cards):], cards)
	st.StockN = len(cards)
	st.Trump = cards[len(cards)-1].Suit()
	st.Dealer, st.Leader, st.Turn, st.Phase = 0, 1, 1, PhasePlay
	g.table = nil
	g.retable()
	syncDerived(g)
	return g
}

func meldAct(tb testing.TB, seat int, cards string) Action {
	return Action{Seat: seat, Kind: ActMeld, Cards: parseCards(tb, cards)}
}

func drawAct(seat int) Action { return Action{Seat: seat, Kind: ActDraw} }

// ptr returns a pointer to a copy of h, for Hand's methods.
func ptr(h Hand) *Hand { return &h }

// TestTwoHandedDeal checks a fresh deal: 12 cards each, a stock of 24 whose last card is
// turned up and names trump, no auction, and the non-dealer leading with any card.
func TestTwoHandedDeal(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		g, err := NewGame(testRules(t, "two-handed"), seed)
		if err != nil {
			t.Fatal(err)
		}
		turn, ok := g.TurnUp()
		if !ok || g.Trump() != turn.Suit() {
			t.Fatalf("seed %d: turned up %s (%v), trump %s", seed, turn, ok, g.Trump())
		}
		if ptr(g.Hand(0)).Len() != 12 || ptr(g.Hand(1)).Len() != 12 || g.StockSize() != 24 {
			t.Fatalf("seed %d: hands of %d and %d, stock %d", seed, ptr(g.Hand(0)).Len(), ptr(g.Hand(1)).Len(), g.StockSize())
		}
		if g.Phase() != PhasePlay || g.Turn() != 1 || g.Bidder() != -1 {
			t.Fatalf("seed %d: phase %s, turn %d, bidder %d", seed, g.Phase(), g.Turn(), g.Bidder())
		}
		v := g.View(0)
		dix := 0
		if turn.Rank() == Nine {
			dix = 10
		}
		if v.LaidMeldPoints(0) != dix || v.LaidMeldPoints(1) != 0 {
			t.Fatalf("seed %d: turned %s, dealer's meld %d", seed, turn, v.LaidMeldPoints(0))
		}
		if got := g.LegalCards(1); got != ptr(g.Hand(1)).Set() {
			t.Fatalf("seed %d: the leader may play %s of %s", seed, symbols(got), g.Hand(1))
		}
		if turn.Rank() == Nine && len(v.LaidMelds()) != 1 {
			t.Fatalf("seed %d: a turned-up dix is not told: %v", seed, v.LaidMelds())
		}
	}
}

// TestTwoHandedTrickAndDraw plays a trick while the stock lasts: the follower need not
// follow suit, the winner may meld and both draw, the winner first.
func TestTwoHandedTrickAndDraw(t *testing.T) {
	g := stockGame(t, map[int]string{
		0: "AS AS 10S KS QS JS 9H 9H 9D 9D 9C 9C",
		1: "AH 10H KH QH JH KD QD JD QS 10C KC QC",
	}, "AD 10D JC 9S")
	// Seat 1 leads A♥; seat 0 holds no heart but a nine: any card may follow.
	mustApply(t, g, playAct(t, 1, "AH"))
	if legal := g.LegalCards(0); legal != ptr(g.Hand(0)).Set() {
		t.Fatalf("seat 0 may play %s", symbols(legal))
	}
	mustApply(t, g, playAct(t, 0, "9D"))
	if g.Phase() != PhaseMeld || g.Turn() != 1 {
		t.Fatalf("after the trick: phase %s, turn %d, want seat 1 to meld", g.Phase(), g.Turn())
	}
	mustReject(t, g, playAct(t, 1, "KH"), CodeWrongStep, "melding")
	mustReject(t, g, drawAct(0), CodeNotYourTurn, "")
	mustApply(t, g, drawAct(1))
	if !ptr(g.Hand(1)).Has(parseCard(t, "AD")) || !ptr(g.Hand(0)).Has(parseCard(t, "10D")) || g.StockSize() != 2 {
		t.Fatalf("draws: seat 1 %s, seat 0 %s, stock %d", g.Hand(1), g.Hand(0), g.StockSize())
	}
	if v := g.View(0); g.Phase() != PhasePlay || g.Turn() != 1 || v.SeatPoints(1) != 10 {
		t.Fatalf("after drawing: phase %s, turn %d, seat 1 took %d", g.Phase(), g.Turn(), v.SeatPoints(1))
	}
}

// TestTwoHandedMeldRules works through the rules of laying meld: one meld a trick won, at
// least one new card, a card melded again only in another category, and a royal marriage
// growing into a run.
func TestTwoHandedMeldRules(t *testing.T) {
	// Trump is spades (the turned-up 9♠). Seat 1 leads and wins every trick with aces of
	// hearts; seat 0 discards nines.
	g := stockGame(t, map[int]string{
		0: "9H 9H 9D 9D 9C 9C JH JH JC JC 10C 10C",
		1: "AH AH KS QS AS 10S JS KH KD KC JD QD",
	}, "AC AC 10D 10D 10H 10H QC QC QD KC KD 9S")
	win := func() {
		t.Helper()
		for _, c := range []string{"AH", "KH", "KD", "JD", "QD", "KC"} {
			if ptr(g.Hand(1)).Has(parseCard(t, c)) && g.Phase() == PhasePlay {
				mustApply(t, g, playAct(t, 1, c))
				for _, d := range []string{"9H", "9D", "9C", "JC", "JH", "10C", "AC", "10D", "10H", "QC", "QD"} {
					if ptr(g.Hand(0)).Has(parseCard(t, d)) {
						mustApply(t, g, playAct(t, 0, d))
						break
					}
				}
				break
			}
		}
		if g.Phase() != PhaseMeld || g.Turn() != 1 {
			t.Fatalf("seat 1 did not win the trick: phase %s, turn %d", g.Phase(), g.Turn())
		}
	}
	win()
	// A run is worth more, but lay the royal marriage first, then grow it.
	mustReject(t, g, meldAct(t, 1, "KS QS JD"), CodeBadMeld, "not a meld")
	mustReject(t, g, meldAct(t, 0, "KS QS"), CodeNotYourTurn, "")
	mustApply(t, g, meldAct(t, 1, "KS QS"))
	if v := g.View(0); v.LaidMeldPoints(1) != 40 || v.Tabled(1) != parseHand(t, "KS QS") {
		t.Fatalf("royal marriage: meld %d, table %s", v.LaidMeldPoints(1), v.Tabled(1))
	}
	win()
	// The same king and queen make no new royal marriage.
	mustReject(t, g, meldAct(t, 1, "KS QS"), CodeBadMeld, "already")
	mustApply(t, g, meldAct(t, 1, "AS 10S KS QS JS"))
	if v := g.View(0); v.LaidMeldPoints(1) != 190 {
		t.Fatalf("run over a royal marriage: meld %d, want 190", v.LaidMeldPoints(1))
	}
	win()
	// The run's queen of spades may serve in a pinochle (another category) with a new jack.
	choices := g.MeldChoices()
	found := false
	for _, m := range choices {
		if m.Kind == MeldPinochle && m.Count == 1 {
			found = true
		}
		if m.Kind == MeldRoyalMarriage || m.Kind == MeldRun {
			t.Fatalf("offered %s again: %v", m.Name(), choices)
		}
	}
	if !found {
		t.Fatalf("no pinochle offered: %v", choices)
	}
	mustApply(t, g, meldAct(t, 1, "QS JD"))
	if v := g.View(0); v.LaidMeldPoints(1) != 230 || v.Tabled(1) != parseHand(t, "AS 10S KS QS JS JD") {
		t.Fatalf("pinochle: meld %d, table %s", v.LaidMeldPoints(1), v.Tabled(1))
	}
	// Cards on the table stay playable, and are played from the table.
	win()
	mustApply(t, g, drawAct(1))
	mustApply(t, g, playAct(t, 1, "JD"))
	if v := g.View(0); ptr(v.Tabled(1)).Has(parseCard(t, "JD")) || ptr(v.KnownCards(1)).Has(parseCard(t, "JD")) {
		t.Fatalf("the played J♦ is still on the table: %s", v.Tabled(1))
	}
}

// TestTwoHandedDixExchange checks that the dix, laid by the winner of a trick, takes the
// turned-up card's place, and that the card taken is known to the other player.
func TestTwoHandedDixExchange(t *testing.T) {
	g := stockGame(t, map[int]string{
		0: "9H 9H 9D 9D 9C JC JH JH JC 10C 10C QC",
		1: "AH AH 9S KS QS AS 10S JS KH KD KC JD",
	}, "AC AC KC 10S")
	mustApply(t, g, playAct(t, 1, "AH"), playAct(t, 0, "9H"))
	events, err := g.ApplyEvents(meldAct(t, 1, "9S"))
	if err != nil || len(events) != 1 || events[0].Kind != EventMeldLaid || !events[0].Laid.Exchanged || events[0].Laid.Meld.Kind != MeldDix {
		t.Fatalf("the dix's events: %+v, %v", events, err)
	}
	if turn, _ := g.TurnUp(); turn != parseCard(t, "9S") || !ptr(g.Hand(1)).Has(parseCard(t, "10S")) || ptr(g.Hand(1)).Has(parseCard(t, "9S")) {
		t.Fatalf("after the exchange: turned up %s, seat 1 holds %s", turn, g.Hand(1))
	}
	v := g.View(0)
	if v.LaidMeldPoints(1) != 10 || !ptr(v.KnownCards(1)).Has(parseCard(t, "10S")) || len(v.LaidMelds()) != 1 || !v.LaidMelds()[0].Exchanged {
		t.Fatalf("exchange: meld %d, known %s, laid %v", v.LaidMeldPoints(1), v.KnownCards(1), v.LaidMelds())
	}
	// Seat 1 drew A♣, seat 0 the other; after the next trick, seat 1 draws the last face-down
	// card and seat 0 the dix under the stock.
	mustApply(t, g, playAct(t, 1, "AH"), playAct(t, 0, "9H"), drawAct(1))
	if g.StockSize() != 0 || !ptr(g.Hand(0)).Has(parseCard(t, "9S")) {
		t.Fatalf("the last draw: stock %d, seat 0 holds %s", g.StockSize(), g.Hand(0))
	}
	if v := g.View(1); !ptr(v.KnownCards(0)).Has(parseCard(t, "9S")) || ptr(v.Tabled(1)).Len() != 0 {
		t.Fatalf("after the stock: seat 0 known %s, seat 1's table %s", v.KnownCards(0), v.Tabled(1))
	}
}

// TestTwoHandedPlayOff checks that once the stock is gone the tricks follow suit, beat and
// trump, and that the hand scores each player's meld and tricks.
func TestTwoHandedPlayOff(t *testing.T) {
	g := stockGame(t, map[int]string{
		0: "AH 9H",
		1: "10H KS",
	}, "AD 9S")
	g.st.Tricks = 22
	syncDerived(g)
	mustApply(t, g, playAct(t, 1, "KS"), playAct(t, 0, "9H"), drawAct(1))
	// Seat 1 holds 10♥ A♦; seat 0 holds A♥ 9♠. Seat 1 leads 10♥: seat 0 must beat it.
	mustApply(t, g, playAct(t, 1, "10H"))
	if legal := g.LegalCards(0); legal != setOf(t, "AH") {
		t.Fatalf("the play-off allows %s, want A♥", symbols(legal))
	}
	before := g.Scores()
	mustApply(t, g, playAct(t, 0, "AH"))
	// The hand's last trick: seat 0 leads 9♠, seat 1 has A♦ only.
	mustApply(t, g, playAct(t, 0, "9S"), playAct(t, 1, "AD"))
	res := g.Results()[len(g.Results())-1]
	if res.SeatPoints[0] != 20+10 || res.SeatPoints[1] != 10 {
		t.Fatalf("trick points %v, want 30 and 10", res.SeatPoints[:2])
	}
	if res.Delta[0] != 30 || res.Delta[1] != 10 || g.Scores()[0] != before[0]+30 {
		t.Fatalf("delta %v, scores %v from %v", res.Delta, g.Scores(), before)
	}
}

// TestTwoHandedViewPrivacy checks what each view shows of a two-handed hand: its own
// cards, both tables, the stock's size and the turned-up card, never the other hand's
// hidden cards or the stock's.
func TestTwoHandedViewPrivacy(t *testing.T) {
	g, err := NewGame(testRules(t, "two-handed"), 3)
	if err != nil {
		t.Fatal(err)
	}
	rng := newRand(3)
	for steps := 0; !g.Over() && g.HandNumber() == 1; steps++ {
		for seat := range 2 {
			v := g.View(seat)
			if v.Hand() != g.Hand(seat) {
				t.Fatalf("seat %d's view holds %s, the game %s", seat, v.Hand(), g.Hand(seat))
			}
			other := 1 - seat
			if v.HandSize(other) != ptr(g.Hand(other)).Len() {
				t.Fatalf("seat %d sees %d cards for seat %d", seat, v.HandSize(other), other)
			}
			known := v.KnownCards(other)
			if h := g.Hand(other); !h.Contains(&known) {
				t.Fatalf("seat %d is told seat %d holds %s; it holds %s", seat, other, known, h)
			}
			if v.StockSize() != g.StockSize() {
				t.Fatalf("stock %d in the view, %d in the game", v.StockSize(), g.StockSize())
			}
			tc, tok := v.TurnUp()
			gc, gok := g.TurnUp()
			if tc != gc || tok != gok {
				t.Fatalf("turned up %s %v in the view, %s %v in the game", tc, tok, gc, gok)
			}
		}
		seat := actingSeat(g, rng)
		mustApply(t, g, randomAction(g, seat, rng))
	}
}

// TestTwoHandedGameEnds plays random games to the target and checks that the winner is
// the higher score at or above it.
func TestTwoHandedGameEnds(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		g, err := NewGame(testRules(t, "two-handed"), seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := newRand(seed)
		for steps := 0; !g.Over(); steps++ {
			if steps > 100000 {
				t.Fatal("the game does not end")
			}
			mustApply(t, g, randomAction(g, actingSeat(g, rng), rng))
		}
		sc := g.Scores()
		w := g.Winner()
		if w < 0 || sc[w] < 1000 || sc[w] <= sc[1-w] {
			t.Fatalf("seed %d: winner %d at %v", seed, w, sc)
		}
	}
}

// TestStockGameReplaysTheHand builds games from a seat's view with the true hidden cards,
// at random points of random hands, and checks that the same actions end the hand with the
// same result in both; and that cards that do not fit the view are refused.
func TestStockGameReplaysTheHand(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		g, err := NewGame(testRules(t, "two-handed"), seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := newRand(seed)
		for steps := int(seed % 40); steps > 0; steps-- {
			mustApply(t, g, randomAction(g, actingSeat(g, rng), rng))
		}
		seat := g.Turn()
		v := g.View(seat)
		stock := append([]Card(nil), g.st.Stock[stockCap-g.st.StockN:]...)
		sg, err := v.StockGame(g.Hand(1-seat), stock)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if len(stock) > 1 {
			bad := append([]Card(nil), stock...)
			bad[0], bad[len(bad)-1] = bad[len(bad)-1], bad[0]
			if bad[len(bad)-1] != stock[len(stock)-1] {
				if _, err := v.StockGame(g.Hand(1-seat), bad); err == nil {
					t.Fatalf("seed %d: a stock not ending with the turned-up card was taken", seed)
				}
			}
		}
		if _, err := v.StockGame(g.Hand(seat), stock); err == nil {
			t.Fatalf("seed %d: the seat's own hand was taken for the other's", seed)
		}
		n := len(g.Results())
		for len(g.Results()) == n {
			a := randomAction(g, actingSeat(g, rng), rng)
			mustApply(t, g, a)
			mustApply(t, sg, a)
		}
		want, got := g.Results()[n], sg.Results()[len(sg.Results())-1]
		if got.SeatMeld != want.SeatMeld || got.SeatPoints != want.SeatPoints || got.Delta != want.Delta {
			t.Fatalf("seed %d: the built game ends the hand with meld %v points %v delta %v; the game %v %v %v",
				seed, got.SeatMeld[:2], got.SeatPoints[:2], got.Delta, want.SeatMeld[:2], want.SeatPoints[:2], want.Delta)
		}
	}
}

// TestTwoHandedDeclareOut checks declaring out: refused unless the table plays it; a
// claim that reaches the target wins at once, and one that falls short loses.
func TestTwoHandedDeclareOut(t *testing.T) {
	hands := map[int]string{0: "AH 9H", 1: "10H KS"}
	g := stockGame(t, hands, "AD 9S")
	mustReject(t, g, Action{Seat: 1, Kind: ActDeclareOut}, CodeNotAllowed, "declaring out")
	if _, err := NewRules("racehorse", map[string]string{"declare": "on"}); err == nil {
		t.Fatal("declare=on taken for racehorse")
	}
	if _, err := NewRules("two-handed", map[string]string{"minbid": "300"}); err == nil {
		t.Fatal("minbid taken for two-handed")
	}
	for _, tc := range []struct {
		score, meld int
		wins        bool
	}{{900, 100, true}, {900, 90, false}} {
		r := testRules(t, "two-handed", "declare=on")
		g := stockGame(t, hands, "AD 9S")
		g.rules = r
		g.st.Scores = [2]int{0, tc.score}
		g.retable().Meld[1] = tc.meld
		syncDerived(g)
		v := g.View(1)
		if v.OutIfDeclared() != tc.wins {
			t.Fatalf("score %d meld %d: out if declared %v", tc.score, tc.meld, v.OutIfDeclared())
		}
		mustApply(t, g, Action{Seat: 1, Kind: ActDeclareOut})
		want := 0
		if tc.wins {
			want = 1
		}
		res := g.Results()[len(g.Results())-1]
		if !g.Over() || g.Winner() != want || res.Outcome != OutcomeDeclaredOut || g.Scores()[1] != tc.score+tc.meld {
			t.Fatalf("score %d meld %d: over %v, winner %d, outcome %s, scores %v", tc.score, tc.meld, g.Over(), g.Winner(), res.Outcome, g.Scores())
		}
	}
}
