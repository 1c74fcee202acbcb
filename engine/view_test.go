package engine

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

func viewJSON(tb testing.TB, g *Game, seat int) string {
	tb.Helper()
	b, err := json.Marshal(g.View(seat))
	if err != nil {
		tb.Fatalf("marshal view of seat %d: %v", seat, err)
	}
	return string(b)
}

// hiddenCards returns the cards of seat that no other seat may know: its hand, less the
// cards it has chosen to pass (six-handed) and, once meld is shown, the cards of its meld.
func hiddenCards(g *Game, seat int) Hand {
	st := &g.st
	h := st.Hands[seat]
	for i := range h {
		h[i] -= st.Passing[seat][i]
	}
	if st.MeldShown {
		used := g.shown[seat].Used()
		for i := range h {
			h[i] -= min(h[i], used[i])
		}
	}
	if g.table != nil {
		// Two-handed: the cards on the table and those taken face up are known.
		known := g.table.Known[seat]
		for i := range h {
			h[i] -= min(h[i], known[i])
		}
	}
	return h
}

// soloViewText is viewJSON with what a three-handed view tells beside its JSON: the
// cards the seat buried and their points, and what the bidder needs.
func soloViewText(tb testing.TB, g *Game, seat int) string {
	v := g.View(seat)
	cards, points := v.Buried()
	need, ok := v.BiddersNeed()
	return fmt.Sprintf("%s buried %v %d need %d %v", viewJSON(tb, g, seat), cards, points, need, ok)
}

// swapWithPile returns a copy of three-handed g in which one of seat's hidden cards has
// traded places with a card that viewer cannot see outside the hands: the widow's, before
// the bidder takes it, or, for any viewer but the bidder, one of the cards it buried; false
// when there is no such card.
func swapWithPile(g *Game, viewer, seat int, rng *rand.Rand) (*Game, bool) {
	st := &g.st
	h := hiddenCards(g, seat)
	if g.rules.Widow == 0 || h.Len() == 0 {
		return nil, false
	}
	c := *g // the state is held in arrays: the copy's hands, widow and bury are its own
	in := drawCards(&h, &h, 1, nil, rng)[0]
	var out Card
	switch {
	case !st.WidowTaken:
		i := rng.IntN(g.rules.Widow)
		out, c.st.Widow[i] = c.st.Widow[i], in
	case st.Buried.Len() > 0 && viewer != st.Bidder:
		b := st.Buried
		out = drawCards(&b, &b, 1, nil, rng)[0]
		c.st.Buried[out]--
		c.st.Buried[in]++
		// The bury is on record as the bidder's pass to no one too: change it there, and
		// work out again the passes each view holds.
		for i := range c.st.NPasses {
			if e := &c.st.Passes[i]; e.To < 0 {
				e.Cards[slices.Index(e.Cards[:e.N], out)] = in
			}
		}
		c.passesOf = [2]int{-1, -1}
		c.syncPasses()
	default:
		return nil, false
	}
	c.st.Hands[seat][in]--
	c.st.Hands[seat][out]++
	return &c, true
}

// swapWithStock returns a copy of two-handed g in which seat has exchanged the same number
// (at least one) of its hidden cards with the stock's face-down cards; false when either
// has none.
func swapWithStock(g *Game, seat int, rng *rand.Rand) (*Game, bool) {
	st := &g.st
	if st.StockN < 2 {
		return nil, false
	}
	face := st.Stock[stockCap-st.StockN : stockCap-1]
	hidden := hiddenCards(g, seat)
	n := min(hidden.Len(), len(face))
	if n == 0 {
		return nil, false
	}
	n = 1 + rng.IntN(n)
	give := drawCards(&hidden, &hidden, n, nil, rng)
	c := *g
	stock := c.st.Stock[stockCap-st.StockN : stockCap-1]
	for i, k := range rng.Perm(len(stock))[:n] {
		c.st.Hands[seat][stock[k]]++
		c.st.Hands[seat][give[i]]--
		stock[k] = give[i]
	}
	return &c, true
}

// swapHidden returns a copy of g in which seats a and b have exchanged the same number (at
// least one) of their hidden cards, chosen by rng; false when either has none.
func swapHidden(g *Game, a, b int, rng *rand.Rand) (*Game, bool) {
	ha, hb := hiddenCards(g, a), hiddenCards(g, b)
	n := min(ha.Len(), hb.Len())
	if n == 0 {
		return nil, false
	}
	n = 1 + rng.IntN(n)
	fromA := drawCards(&ha, &ha, n, nil, rng)
	fromB := drawCards(&hb, &hb, n, nil, rng)
	c := *g // the state is held in arrays: the copy's hands are its own
	for i := range n {
		c.st.Hands[a][fromA[i]]--
		c.st.Hands[b][fromA[i]]++
		c.st.Hands[b][fromB[i]]--
		c.st.Hands[a][fromB[i]]++
	}
	return &c, true
}

// checkViews checks every seat's view and the spectator's at the game's current moment:
// a seat sees its own cards and what it may do; swapping hidden cards between two other
// seats changes nothing in its view, and the spectator sees no hand at all.
func checkViews(t *testing.T, g *Game, rng *rand.Rand) {
	t.Helper()
	p := g.rules.Players
	for seat := -1; seat < p; seat++ {
		v := g.View(seat)
		if v.Seat() != seat {
			t.Fatalf("View(%d).Seat = %d", seat, v.Seat())
		}
		if seat < 0 {
			if v.Cards() != nil || v.Legal() != 0 || v.NextBids(6) != nil || v.TrumpChoices() != 0 || v.DecideChoices() != nil || v.PassRule().Count != 0 || v.MyTurn() {
				t.Fatalf("the spectator's view holds a hand or choices: %+v", v)
			}
		} else {
			h := g.Hand(seat)
			if want := h.Cards(); !slices.Equal(v.Cards(), want) {
				t.Fatalf("View(%d).Cards = %v, want %v", seat, v.Cards(), want)
			}
			var wantLegal CardSet
			if g.Waiting(seat) && g.Phase() == PhasePlay {
				wantLegal = g.LegalCards(seat)
			}
			if v.Legal() != wantLegal {
				t.Fatalf("View(%d).Legal = %v, want %v", seat, v.Legal().Cards(), wantLegal.Cards())
			}
			if g.Waiting(seat) && g.Phase() == PhaseBidding && !slices.Equal(v.NextBids(6), g.NextBids(6)) {
				t.Fatalf("View(%d).NextBids = %v, want %v", seat, v.NextBids(6), g.NextBids(6))
			}
			if v.MyTurn() != g.Waiting(seat) || v.MustBid() != (g.Waiting(seat) && g.MustBid()) {
				t.Fatalf("View(%d) waits %v must bid %v; the game says %v, %v", seat, v.MyTurn(), v.MustBid(), g.Waiting(seat), g.MustBid())
			}
			if g.Waiting(seat) && g.Phase() == PhaseTrump && v.TrumpChoices() != g.TrumpChoices() {
				t.Fatalf("View(%d).TrumpChoices = %04b, want %04b", seat, v.TrumpChoices(), g.TrumpChoices())
			}
			if g.Waiting(seat) && g.Phase() == PhaseDecide && !slices.Equal(v.DecideChoices(), g.DecideChoices()) {
				t.Fatalf("View(%d).DecideChoices = %v, want %v", seat, v.DecideChoices(), g.DecideChoices())
			}
			if g.Waiting(seat) && (g.Phase() == PhasePass || g.Phase() == PhasePassBack) && v.PassRule() != g.PassRuleFor(seat) {
				t.Fatalf("View(%d).PassRule = %+v, want %+v", seat, v.PassRule(), g.PassRuleFor(seat))
			}
		}
		for s := range p {
			if v.HandSize(s) != g.st.Hands[s].Len() {
				t.Fatalf("View(%d).HandSize(%d) = %d, holds %d", seat, s, v.HandSize(s), g.st.Hands[s].Len())
			}
		}
		if _, shown := g.Meld(0); shown != (v.MeldShown()) {
			t.Fatalf("View(%d) shows meld %v, meld shown %v", seat, v.MeldShown(), shown)
		}
		// Swap hidden cards between two other seats.
		if g.rules.Stock {
			// Two-handed: the other seat's hidden cards and the stock's may trade places.
			swapped, ok := swapWithStock(g, 1-max(seat, 0), rng)
			if seat >= 0 && ok {
				if before, after := viewJSON(t, g, seat), viewJSON(t, swapped, seat); before != after {
					t.Fatalf("seat %d's view changed when the other hand traded hidden cards with the stock (phase %s):\nbefore %s\nafter  %s",
						seat, g.Phase(), before, after)
				}
			}
			continue
		}
		var others []int
		for s := range p {
			if s != seat {
				others = append(others, s)
			}
		}
		rng.Shuffle(len(others), func(i, j int) { others[i], others[j] = others[j], others[i] })
		if swapped, ok := swapWithPile(g, seat, others[0], rng); ok {
			if before, after := soloViewText(t, g, seat), soloViewText(t, swapped, seat); before != after {
				t.Fatalf("seat %d's view changed when seat %d traded a hidden card with the widow or the bury (phase %s):\nbefore %s\nafter  %s",
					seat, others[0], g.Phase(), before, after)
			}
		}
		swapped, ok := swapHidden(g, others[0], others[1], rng)
		if !ok {
			continue
		}
		if before, after := viewJSON(t, g, seat), viewJSON(t, swapped, seat); before != after {
			t.Fatalf("seat %d's view changed when seats %d and %d swapped hidden cards (phase %s):\nbefore %s\nafter  %s",
				seat, others[0], others[1], g.Phase(), before, after)
		}
	}
}

// TestViewHidesOtherHands plays random games of every preset and checks the views before
// every action: bidding, naming trump, passing, deciding and every card of play.
func TestViewHidesOtherHands(t *testing.T) {
	for _, preset := range PresetNames() {
		options := []string{"hands=2"}
		if preset == "partnership" {
			options = append(options, "moon=on")
		}
		r := testRules(t, preset, options...)
		want := []Phase{PhaseBidding, PhaseTrump, PhasePlay}
		if r.Stock {
			want = []Phase{PhasePlay, PhaseMeld}
		}
		if r.PassStyle != PassNone {
			want = append(want, PhasePass)
		}
		if r.ThrowIn != ThrowInNever || r.ShootMoon {
			want = append(want, PhaseDecide)
		}
		phases := map[Phase]int{}
		reached := func() bool {
			for _, ph := range want {
				if phases[ph] == 0 {
					return false
				}
			}
			return true
		}
		games := uint64(6)
		if raceEnabled {
			games = 2 // see raceEnabled
		}
		// Play the games, and more (up to 20) while a phase is still unreached: random
		// three-handed bidders throw in half their hands.
		for seed := uint64(1); seed <= games || !reached() && seed <= 20; seed++ {
			g, err := NewGame(r, seed)
			if err != nil {
				t.Fatal(err)
			}
			rng := newRand(seed)
			for !g.Over() {
				phases[g.Phase()]++
				checkViews(t, g, rng)
				mustApply(t, g, randomAction(g, actingSeat(g, rng), rng))
			}
			checkViews(t, g, rng)
		}
		for _, ph := range want {
			if phases[ph] == 0 {
				t.Errorf("%s: the random games never reached %s", preset, ph)
			}
		}
	}
}

// TestViewMoments checks views at moments set up exactly.
func TestViewMoments(t *testing.T) {
	// Six-handed pass: seat 1 has passed, seats 3 and 5 have not. Seat 1's chosen cards
	// are hidden from everyone else; no one sees meld yet.
	g := testGame(t, "six-handed")
	mustApply(t, g, bidAct(1, 20), passAct(2), passAct(3), passAct(4), passAct(5), passAct(0), trumpAct(1, Hearts))
	h1 := g.Hand(1)
	mustApply(t, g, Action{Seat: 1, Kind: ActPassCards, Cards: h1.Cards()[:2]})
	v := g.View(0)
	if !slices.Equal(v.Waiting(), []int{3, 5}) || v.Turn() != -1 || v.Melds() != nil {
		t.Errorf("six-handed pass: waiting %v, turn %d, melds %v", v.Waiting(), v.Turn(), v.Melds())
	}
	if v := g.View(1); v.PassRule().Count != 0 || !slices.Equal(v.Cards(), h1.Cards()) {
		t.Errorf("six-handed pass: seat 1, having passed, sees %+v", v)
	}
	rng := newRand(1)
	checkViews(t, g, rng)

	// Trick play: the trick so far and the last trick are public.
	g = testGame(t, "racehorse")
	setPlay(t, g, 1, 250, Hearts, 1, map[int]string{0: "AS 9D", 1: "KS 9C", 2: "AS 9S", 3: "9H JC"})
	mustApply(t, g, playAct(t, 1, "KS"), playAct(t, 2, "AS"), playAct(t, 3, "9H"), playAct(t, 0, "AS"), playAct(t, 3, "JC"))
	v = g.View(-1)
	if trick := v.Trick(); len(trick) != 1 || trick[0] != (Played{Seat: 3, Card: parseCard(t, "JC")}) {
		t.Errorf("trick %v, want J♣ by seat 3", trick)
	}
	if last, ok := v.LastTrick(); !ok || last.Winner != 3 || last.Points != 30 || len(last.Cards) != 4 {
		t.Errorf("last trick %+v", last)
	}
	if pts := [2]int{v.TrickPoints(0), v.TrickPoints(1)}; pts != [2]int{0, 30} || v.TricksWon(3) != 1 || v.TricksWon(0)+v.TricksWon(1)+v.TricksWon(2) != 0 {
		t.Errorf("trick points %v, tricks won by seat 3 %d", pts, v.TricksWon(3))
	}
	if v := g.View(0); v.Legal() != CardSet(0).Add(parseCard(t, "9D")) || !slices.Equal(v.Waiting(), []int{0}) {
		t.Errorf("seat 0 may play %v (waiting %v), want 9♦", v.Legal().Cards(), v.Waiting())
	}
	if v := g.View(9); v.Seat() != -1 || v.Cards() != nil {
		t.Errorf("View(9) is not a spectator's view: %+v", v)
	}
}

// TestGameJSONRoundTrip stores games at many moments and reads them back: the stored form
// is stable, and the game read back plays on exactly like the original.
func TestGameJSONRoundTrip(t *testing.T) {
	for _, preset := range PresetNames() {
		r := testRules(t, preset, "hands=2")
		g, err := NewGame(r, 7)
		if err != nil {
			t.Fatal(err)
		}
		g.SetNames([]string{"Ana", "Bo"})
		rng := newRand(7)
		for step := 0; ; step++ {
			text := gameJSON(t, g)
			var back Game
			if err := json.Unmarshal([]byte(text), &back); err != nil {
				t.Fatalf("%s step %d: unmarshal: %v", preset, step, err)
			}
			if again := gameJSON(t, &back); again != text {
				t.Fatalf("%s step %d: round trip differs:\n%s\n%s", preset, step, text, again)
			}
			if back.Name(0) != "Ana" || back.Name(2) != "seat 3" {
				t.Fatalf("%s: names after the round trip: %q, %q", preset, back.Name(0), back.Name(2))
			}
			if g.Over() {
				break
			}
			a := randomAction(g, actingSeat(g, rng), rng)
			mustApply(t, g, a)
			mustApply(t, &back, a)
			if gameJSON(t, &back) != gameJSON(t, g) {
				t.Fatalf("%s step %d: the game read back plays %s differently", preset, step, a)
			}
		}
	}
	var g Game
	if err := json.Unmarshal([]byte(`{"rules":{"players":5},"seed":1}`), &g); err == nil {
		t.Errorf("a game with invalid rules was read")
	}
}

func TestActionJSON(t *testing.T) {
	cases := []struct {
		action Action
		json   string
	}{
		{Action{Seat: 1, Kind: ActBid, Bid: 250}, `{"seat":1,"kind":"bid","bid":250}`},
		{Action{Seat: 2, Kind: ActPass}, `{"seat":2,"kind":"pass"}`},
		{Action{Seat: 1, Kind: ActTrump, Suit: Hearts}, `{"seat":1,"kind":"trump","suit":"H"}`},
		{Action{Seat: 0, Kind: ActTrump, Suit: Spades}, `{"seat":0,"kind":"trump","suit":"S"}`},
		{Action{Seat: 3, Kind: ActPassCards, Cards: []Card{NewCard(Ace, Spades), NewCard(Ten, Hearts), NewCard(Nine, Clubs)}}, `{"seat":3,"kind":"pass_cards","cards":["AS","10H","9C"]}`},
		{Action{Seat: 1, Kind: ActPlayHand}, `{"seat":1,"kind":"play_hand"}`},
		{Action{Seat: 1, Kind: ActThrowIn}, `{"seat":1,"kind":"throw_in"}`},
		{Action{Seat: 1, Kind: ActShootMoon}, `{"seat":1,"kind":"shoot_moon"}`},
		{Action{Seat: 0, Kind: ActPlayCard, Card: NewCard(Queen, Spades)}, `{"seat":0,"kind":"play","card":"QS"}`},
		{Action{Seat: 5, Kind: ActPlayCard, Card: NewCard(Nine, Spades)}, `{"seat":5,"kind":"play","card":"9S"}`},
	}
	for _, tc := range cases {
		b, err := json.Marshal(tc.action)
		if err != nil || string(b) != tc.json {
			t.Errorf("marshal %s = %s, %v; want %s", tc.action, b, err, tc.json)
		}
		var back Action
		if err := json.Unmarshal([]byte(tc.json), &back); err != nil || !reflect.DeepEqual(back, tc.action) {
			t.Errorf("unmarshal %s = %+v, %v; want %+v", tc.json, back, err, tc.action)
		}
	}
	for _, bad := range []string{
		`{"seat":1,"kind":"dance"}`,
		`{"seat":1,"kind":"play","card":"ZZ"}`,
		`{"seat":1,"kind":"trump","suit":"X"}`,
		`{"seat":1,"kind":"pass_cards","cards":["AS","1"]}`,
		`[1]`,
	} {
		var a Action
		if err := json.Unmarshal([]byte(bad), &a); err == nil {
			t.Errorf("unmarshal %s accepted: %+v", bad, a)
		}
	}
	if _, err := json.Marshal(Action{Seat: 1, Kind: 99}); err == nil {
		t.Errorf("an action of unknown kind was marshalled")
	}
}

// TestViewOutlivesTheGame takes a view at every moment of random games of every preset
// and plays on while another goroutine reads it: the view must read the same after the
// game has moved on (and, under the race detector, without a race), since computer players
// think on views off the table's writer.
func TestViewOutlivesTheGame(t *testing.T) {
	for _, preset := range PresetNames() {
		r := testRules(t, preset, "hands=3")
		g, err := NewGame(r, 7)
		if err != nil {
			t.Fatal(err)
		}
		rng := newRand(7)
		for step := 0; !g.Over(); step++ {
			seat := actingSeat(g, rng)
			v := g.View(seat)
			before := viewJSON(t, g, seat)
			read := make(chan string)
			go func() {
				b, err := json.Marshal(v)
				if err != nil {
					read <- err.Error()
					return
				}
				read <- string(b)
			}()
			// Move the game on while the view is read, by a few actions.
			for range 3 {
				if g.Over() {
					break
				}
				mustApply(t, g, randomAction(g, actingSeat(g, rng), rng))
			}
			if during := <-read; during != before {
				t.Fatalf("%s, step %d: the view read while the game moved on differs:\nbefore %s\nduring %s", preset, step, before, during)
			}
			b, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			if string(b) != before {
				t.Fatalf("%s, step %d: the view changed after the game moved on:\nbefore %s\nafter  %s", preset, step, before, b)
			}
		}
	}
}
