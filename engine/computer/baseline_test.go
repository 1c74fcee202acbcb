package computer

import (
	"slices"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
)

// fakeTable is a table set up by hand for one decision: the deciding seat's hand and the
// public state around it.
type fakeTable struct {
	rules   engine.Rules
	phase   engine.Phase
	seat    int
	hand    engine.Hand
	melds   [engine.MaxPlayers]engine.Meld
	auction []engine.Bid
	bidder  int
	high    int
	trump   engine.Suit
	trick   []engine.Played
	rule    engine.PassRule
	target  int
	choices []engine.ActionKind
	bids    []int
	mustBid bool
}

func (f *fakeTable) Rules() *engine.Rules      { return &f.rules }
func (f *fakeTable) Phase() engine.Phase       { return f.phase }
func (f *fakeTable) Bidder() int               { return f.bidder }
func (f *fakeTable) HighBid() int              { return f.high }
func (f *fakeTable) Trump() engine.Suit        { return f.trump }
func (f *fakeTable) PassTarget(int) int        { return f.target }
func (f *fakeTable) MustBid() bool             { return f.mustBid }
func (f *fakeTable) Check(engine.Action) error { return nil }

func (f *fakeTable) Hand(seat int) engine.Hand {
	if seat != f.seat {
		panic("Hand of another seat")
	}
	return f.hand
}

func (f *fakeTable) Auction() []engine.Bid { return f.auction }

func (f *fakeTable) MeldTotal(seat int) int { return f.melds[seat].Total }

func (f *fakeTable) TrickCards() []engine.Played { return f.trick }

func (f *fakeTable) LegalCards(seat int) engine.CardSet {
	cards := make([]engine.Card, len(f.trick))
	for i, p := range f.trick {
		cards[i] = p.Card
	}
	return engine.LegalCards(&f.hand, cards, f.trump, f.rules.Play)
}

func (f *fakeTable) PassRuleFor(int) engine.PassRule { return f.rule }

func (f *fakeTable) TrumpChoices() uint8 {
	if f.rules.TrumpNeedsMarriage {
		return marriageSuits(&f.hand)
	}
	return 0xF
}

func (f *fakeTable) DecideChoices() []engine.ActionKind { return f.choices }

func (f *fakeTable) AppendNextBids(out []int, n int) []int {
	return append(out, f.bids[:min(n, len(f.bids))]...)
}

func hand(tb testing.TB, text string) engine.Hand {
	tb.Helper()
	cs, err := engine.ParseCards(text)
	if err != nil {
		tb.Fatal(err)
	}
	return engine.HandOf(cs...)
}

func card(tb testing.TB, text string) engine.Card {
	tb.Helper()
	c, err := engine.ParseCard(text)
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

// trick returns the played cards of a trick led by seat leader.
func trick(tb testing.TB, players, leader int, text string) []engine.Played {
	tb.Helper()
	cs, err := engine.ParseCards(text)
	if err != nil {
		tb.Fatal(err)
	}
	out := make([]engine.Played, len(cs))
	for i, c := range cs {
		out[i] = engine.Played{Seat: (leader + i) % players, Card: c}
	}
	return out
}

func TestBaselinePlay(t *testing.T) {
	tests := []struct {
		name     string
		preset   string
		trump    engine.Suit
		seat     int
		leader   int
		hand     string
		trick    string
		bidder   int
		want     string
		wantFrom string // when several cards are equally right
	}{
		{name: "smears a ten to its partner's ace as last to play", preset: "racehorse", trump: engine.Spades,
			seat: 3, leader: 0, hand: "10H QH KC 9C AS JS", trick: "JH AH 9H", want: "10H"},
		{name: "smears a plain counter when void", preset: "racehorse", trump: engine.Spades,
			seat: 3, leader: 0, hand: "KC 9C 10D JD", trick: "JH AH 9H", want: "10D"},
		{name: "smears to a partner's trump ace with an opponent still to play", preset: "classic", trump: engine.Spades,
			seat: 2, leader: 0, hand: "KC 9C JD", trick: "AS 9S", want: "KC"},
		{name: "does not smear to a partner's king an opponent can still beat", preset: "classic", trump: engine.Spades,
			seat: 2, leader: 0, hand: "KC 9C 10D", trick: "KH 9H", want: "9C"},
		{name: "wins with the lowest card that wins", preset: "racehorse", trump: engine.Spades,
			seat: 1, leader: 0, hand: "AH 10H 9H QC", trick: "KH", want: "10H"},
		{name: "trumps with its lowest trump", preset: "classic", trump: engine.Spades,
			seat: 1, leader: 0, hand: "AS JS 9S KC", trick: "KH", want: "9S"},
		{name: "discards its lowest non-counter when losing", preset: "racehorse", trump: engine.Spades,
			seat: 3, leader: 0, hand: "JS 10C 9C AD KD", trick: "AH 9H AS", want: "9C"},
		{name: "keeps its ace when losing a trick", preset: "racehorse", trump: engine.Spades,
			seat: 3, leader: 0, hand: "AD KD", trick: "AH 9H AS", want: "KD"},
		{name: "leads an ace of a plain suit", preset: "racehorse", trump: engine.Spades,
			seat: 0, leader: 0, hand: "AS 10S 9S AH KH QH JH AD 9D", bidder: 0, want: "AD"},
		{name: "leads low from its shortest plain suit without aces", preset: "racehorse", trump: engine.Spades,
			seat: 1, leader: 1, hand: "10S 9S KH QH JH 9C QD", bidder: 0, want: "9C"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newRules(t, tc.preset, nil)
			f := &fakeTable{rules: r, phase: engine.PhasePlay, seat: tc.seat, hand: hand(t, tc.hand),
				trump: tc.trump, trick: trick(t, r.Players, tc.leader, tc.trick), bidder: tc.bidder}
			a := newBaseline(1).choose(f, tc.seat)
			if a.Kind != engine.ActPlayCard || a.Card != card(t, tc.want) {
				t.Errorf("played %v, want %s", a, tc.want)
			}
			if legal := f.LegalCards(tc.seat); !legal.Has(a.Card) {
				t.Errorf("played %v, not among the legal %v", a.Card, legal.Cards())
			}
		})
	}
}

func TestBaselinePassesToBidder(t *testing.T) {
	r := newRules(t, "racehorse", nil)
	f := &fakeTable{rules: r, phase: engine.PhasePass, seat: 2, bidder: 0, target: 0, trump: engine.Hearts,
		hand: hand(t, "AH 9H AC 10D JD 9S JS KC QC 9D 10C JC"), rule: engine.PassRule{Count: 3}}
	a := newBaseline(1).choose(f, 2)
	got := engine.FormatCards(sorted(a.Cards))
	if want := "AH 9H AC"; got != want {
		t.Errorf("passed %s, want %s (trump, then aces)", got, want)
	}
}

func TestBaselinePassesBackLowCardsOutsideMeld(t *testing.T) {
	// Classic lets the bidder pass back any cards: it still keeps its run and pinochle.
	r := newRules(t, "classic", nil)
	f := &fakeTable{rules: r, phase: engine.PhasePassBack, seat: 0, bidder: 0, target: 2, trump: engine.Spades,
		hand: hand(t, "AS 10S KS QS JS 9S JD AH 10H 9H JC 9C KD 9D AC JH"), rule: engine.PassRule{Count: 4}}
	a := newBaseline(1).choose(f, 0)
	h := f.hand
	m := engine.CountMeld(&h, engine.Spades, &r.Meld)
	used := m.Used()
	for _, c := range a.Cards {
		if used.Has(c) {
			t.Errorf("passed back %v, a card of its meld (%v), holding enough others", c, a.Cards)
		}
		if c.Suit() == engine.Spades || c.Rank() == engine.Ace {
			t.Errorf("passed back %v: trump or an ace (%v)", c, a.Cards)
		}
	}
	if len(a.Cards) != 4 {
		t.Errorf("passed %d cards, want 4", len(a.Cards))
	}
}

func TestBaselinePassBackRespectsPassRule(t *testing.T) {
	// Racehorse: the bidder must pass back cards from PassRule.Prefer.
	r := newRules(t, "racehorse", nil)
	h := hand(t, "AS 10S KS QS JS 9S QS JD AH KH QH 9C 10D JD 9H")
	prefer := hand(t, "AH 9C 10D 9H")
	f := &fakeTable{rules: r, phase: engine.PhasePassBack, seat: 0, bidder: 0, target: 2, trump: engine.Spades,
		hand: h, rule: engine.PassRule{Count: 3, Prefer: prefer, Need: 3}}
	a := newBaseline(1).choose(f, 0)
	got := engine.FormatCards(sorted(a.Cards))
	if want := "9H 10D 9C"; got != want {
		t.Errorf("passed back %s, want %s (the lowest preferred cards)", got, want)
	}
}

func TestBaselineNamesBestTrump(t *testing.T) {
	tests := []struct {
		preset, hand string
		want         engine.Suit
	}{
		// A run in hearts beats a longer spade suit.
		{"racehorse", "AH 10H KH QH JH AS 10S 9S 9S JC 9D QC", engine.Hearts},
		// Long strong spades with only a marriage in hearts.
		{"racehorse", "AS AS 10S KS QS JS 9S KH QH 9C 9D JD", engine.Spades},
		// Double-deck: only a suit with a marriage, even when another is longer.
		{"double-deck", "AS AS 10S 10S JS JS KS AH KH QH JC JC QC 10D JD AD AC 10C 10C KD", engine.Hearts},
	}
	for _, tc := range tests {
		r := newRules(t, tc.preset, nil)
		f := &fakeTable{rules: r, phase: engine.PhaseTrump, seat: 1, bidder: 1, hand: hand(t, tc.hand)}
		a := newBaseline(1).choose(f, 1)
		if a.Kind != engine.ActTrump || a.Suit != tc.want {
			t.Errorf("%s %s: named %v, want %v", tc.preset, tc.hand, a, tc.want)
		}
	}
}

func TestBaselineBidding(t *testing.T) {
	weak := "9S JS QH 9H JD 9D 9C JC QC KD 10H 9D"
	strong := "AS AS 10S KS QS JS 9S AH AD AC KH QH"
	tests := []struct {
		name    string
		hand    string
		bids    []int
		mustBid bool
		auction []engine.Bid
		want    engine.ActionKind
	}{
		{name: "passes a weak hand", hand: weak, bids: []int{250}, want: engine.ActPass},
		{name: "bids a weak hand when it must", hand: weak, bids: []int{250}, mustBid: true, want: engine.ActBid},
		{name: "bids a strong hand", hand: strong, bids: []int{250}, want: engine.ActBid},
		{name: "stops at its estimate", hand: strong, bids: []int{1000}, want: engine.ActPass},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newRules(t, "racehorse", nil)
			f := &fakeTable{rules: r, phase: engine.PhaseBidding, seat: 1, bidder: -1, hand: hand(t, tc.hand),
				bids: tc.bids, mustBid: tc.mustBid, auction: tc.auction}
			for seed := range uint64(10) {
				a := newBaseline(seed).choose(f, 1)
				if a.Kind != tc.want || (a.Kind == engine.ActBid && a.Bid != tc.bids[0]) {
					t.Fatalf("seed %d: %v, want %v at %d", seed, a, tc.want, tc.bids[0])
				}
			}
		})
	}
}

func TestBaselineDoesNotOutbidItsPartner(t *testing.T) {
	r := newRules(t, "racehorse", nil)
	h := hand(t, "AS AS 10S KS QS JS 9S AH AD AC KH QH")
	_, est := bestTrump(&r, &h, 0xF, true)
	high := int(est)/10*10 - 20
	for _, tc := range []struct {
		highSeat int
		want     engine.ActionKind
	}{{0, engine.ActBid}, {3, engine.ActPass}} {
		f := &fakeTable{rules: r, phase: engine.PhaseBidding, seat: 1, bidder: tc.highSeat, high: high, hand: h,
			bids: []int{high + 10}, auction: []engine.Bid{{Seat: tc.highSeat, Amount: high}}}
		for seed := range uint64(10) {
			if a := newBaseline(seed).choose(f, 1); a.Kind != tc.want {
				t.Fatalf("high bid %d by seat %d (estimate %.0f): %v, want %v", high, tc.highSeat, est, a, tc.want)
			}
		}
	}
}

func TestBaselineDoubleDeckWithoutMarriagePasses(t *testing.T) {
	r := newRules(t, "double-deck", nil)
	f := &fakeTable{rules: r, phase: engine.PhaseBidding, seat: 1, bidder: -1, bids: []int{50},
		hand: hand(t, "AS AS AS AS 10S 10S KS KS AH AH AH AH AD AD AD AD AC AC AC AC")}
	if a := newBaseline(1).choose(f, 1); a.Kind != engine.ActPass {
		t.Errorf("%v with no marriage to name trump, want a pass", a)
	}
}

func TestBaselineDecide(t *testing.T) {
	r := newRules(t, "double-deck", map[string]string{"moon": "on"})
	choices := []engine.ActionKind{engine.ActPlayHand, engine.ActThrowIn, engine.ActShootMoon}
	tests := []struct {
		name string
		hand string
		high int
		want engine.ActionKind
	}{
		{"throws in a hopeless bid", "KS QS JS JS 9D JD JD QC JC JC KH JH QH JH 10D 10C KC QD KD QD", 150, engine.ActThrowIn},
		{"plays a makeable bid", "AS AS 10S KS QS JS AH AH AD AD AC AC 10H 10D 10C KH QH KD QC JD", 50, engine.ActPlayHand},
	}
	for _, tc := range tests {
		f := &fakeTable{rules: r, phase: engine.PhaseDecide, seat: 0, bidder: 0, high: tc.high, trump: engine.Spades,
			hand: hand(t, tc.hand), choices: choices}
		f.melds[0] = engine.CountMeld(&f.hand, engine.Spades, &r.Meld)
		if a := newBaseline(1).choose(f, 0); a.Kind != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, a, tc.want)
		}
	}
	// A hand of the top trumps takes every trick: it shoots the moon.
	f := &fakeTable{rules: newRules(t, "partnership", map[string]string{"moon": "on"}), phase: engine.PhaseDecide,
		seat: 0, bidder: 0, high: 250, trump: engine.Hearts, choices: choices,
		hand: hand(t, "AH AH 10H 10H KH KH QH QH JH JH 9H 9H")}
	if a := newBaseline(1).choose(f, 0); a.Kind != engine.ActShootMoon {
		t.Errorf("holding every heart: %v, want shoot the moon", a)
	}
	f.hand = hand(t, "AH AH 10H 10H KH KH QH QH JH JH 9H AS")
	if a := newBaseline(1).choose(f, 0); a.Kind == engine.ActShootMoon {
		t.Errorf("holding a plain ace: %v, want no moon", a)
	}
}

// sorted returns the cards in the order of Hand.Cards.
func sorted(cs []engine.Card) []engine.Card {
	h := engine.HandOf(cs...)
	return h.Cards()
}

// TestBaselineDeterministic checks that a Baseline with the same seed makes the same
// choices, so that games between computer players replay exactly.
func TestBaselineDeterministic(t *testing.T) {
	r := newRules(t, "partnership", map[string]string{"hands": "10"})
	run := func() []engine.Action {
		players := []Player{newBaseline(1), newBaseline(2), newBaseline(3), newBaseline(4)}
		return playGame(t, r, 42, players, 100000).Log()
	}
	a, b := run(), run()
	if !slices.EqualFunc(a, b, func(x, y engine.Action) bool { return x.String() == y.String() }) {
		t.Error("two games with the same seeds differ")
	}
}

func benchGame(b *testing.B) (*engine.Game, int) {
	r := newRules(b, "racehorse", nil)
	g, err := engine.NewGame(r, 7)
	if err != nil {
		b.Fatal(err)
	}
	p := newBaseline(7)
	for !(g.Phase() == engine.PhasePlay && len(g.TrickCards()) == 2) {
		if err := g.Apply(p.Choose(g.View(g.Turn()))); err != nil {
			b.Fatal(err)
		}
	}
	return g, g.Turn()
}

// BenchmarkBaselineChoose measures one Baseline decision: playing to a trick in progress.
func BenchmarkBaselineChoose(b *testing.B) {
	g, seat := benchGame(b)
	p := newBaseline(1)
	b.ReportAllocs()
	for b.Loop() {
		p.Choose(g.View(seat))
	}
}

// BenchmarkBaselineHand measures a whole racehorse hand played by four Baselines, from the
// shuffle to the score, and reports the cost per decision.
func BenchmarkBaselineHand(b *testing.B) {
	r := newRules(b, "racehorse", nil)
	p := newBaseline(1)
	seed, decisions := uint64(0), 0
	b.ReportAllocs()
	for b.Loop() {
		seed++
		g, err := engine.NewGame(r, seed)
		if err != nil {
			b.Fatal(err)
		}
		for g.HandNumber() == 1 && !g.Over() {
			if err := g.Apply(p.Choose(g.View(g.Turn()))); err != nil {
				b.Fatal(err)
			}
			decisions++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(decisions), "ns/decision")
}

// BenchmarkRandomChoose measures one Random decision at the same point.
func BenchmarkRandomChoose(b *testing.B) {
	g, seat := benchGame(b)
	p := newRandom(1)
	b.ReportAllocs()
	for b.Loop() {
		p.Choose(g.View(seat))
	}
}

// TestBaselineRaiseStaysInReach: the Baseline raises its partner no higher than its own
// meld in the trump it would name and every trick point make (raiseBound), though its
// estimate goes higher; over an opponent the estimate alone decides.
func TestBaselineRaiseStaysInReach(t *testing.T) {
	r := newRules(t, "racehorse", nil)
	h := hand(t, "AS AS 10S 10S KS JS JS 9S AH AH AD AD") // 10 meld in spades: the dix
	suit, est := bestTrump(&r, &h, 0xF, true)
	bound := raiseBound(&r, engine.CountMeld(&h, suit, &r.Meld).Total)
	if step := float64(r.MinRaise); est-2*perTrick(&r)-step < float64(bound+10) {
		t.Fatalf("estimate %.0f with %v, bound %d: the case no longer tests the bound", est, suit, bound)
	}
	for _, tc := range []struct {
		name     string
		highSeat int // seat 3 is seat 1's partner
		high     int
		want     engine.ActionKind
	}{
		{"a raise to the bound", 3, bound - 10, engine.ActBid},
		{"no raise past it", 3, bound, engine.ActPass},
		{"over an opponent past it", 0, bound, engine.ActBid},
	} {
		f := &fakeTable{rules: r, phase: engine.PhaseBidding, seat: 1, bidder: tc.highSeat, high: tc.high, hand: h,
			bids: []int{tc.high + 10}, auction: []engine.Bid{{Seat: tc.highSeat, Amount: tc.high}}}
		for seed := range uint64(10) {
			if a := newBaseline(seed).choose(f, 1); a.Kind != tc.want {
				t.Fatalf("%s: high bid %d by seat %d (estimate %.0f, bound %d): %v, want %v", tc.name, tc.high, tc.highSeat, est, bound, a, tc.want)
			}
		}
	}
}
