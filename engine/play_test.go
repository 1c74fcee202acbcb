package engine

import (
	"errors"
	"testing"
)

// legalCase is a hand facing a trick, with the cards each play rule allows, worked out from
// the "play" row of docs/rules.md: MustWin (racehorse, partnership: follow suit, win if able,
// void without a winning trump any card) and MustTrump (classic, double-deck, six-handed:
// follow suit and beat if able, void must trump, beating if able, else a losing trump).
type legalCase struct {
	name      string
	trump     Suit
	trick     string // cards played so far, in order
	hand      string // the hand of the player to play
	mustWin   string // the distinct cards MustWin allows
	mustTrump string // the distinct cards MustTrump allows
}

var legalCases = []legalCase{
	{
		name: "lead: anything", trump: Hearts, trick: "",
		hand:    "AS 10S 9H JD QC QC",
		mustWin: "AS 10S 9H JD QC", mustTrump: "AS 10S 9H JD QC",
	},
	{
		name: "follow suit and beat the winner", trump: Hearts, trick: "KS",
		hand:    "AS 10S QS 9S AH 9D",
		mustWin: "AS 10S", mustTrump: "AS 10S",
	},
	{
		name: "follow suit, beating the highest card so far", trump: Hearts, trick: "QS 10S JS",
		hand:    "AS KS 9S AH",
		mustWin: "AS", mustTrump: "AS",
	},
	{
		name: "follow suit, cannot beat: any card of the suit", trump: Hearts, trick: "AS",
		hand:    "10S KS 9S AH 9D",
		mustWin: "10S KS 9S", mustTrump: "10S KS 9S",
	},
	{
		name: "follow suit after the trick was trumped: any card of the suit", trump: Hearts, trick: "QS 9H",
		hand:    "AS KS JS AH",
		mustWin: "AS KS JS", mustTrump: "AS KS JS",
	},
	{
		name: "void: trump wins, must trump", trump: Hearts, trick: "AS",
		hand:    "9H KH AD JC",
		mustWin: "9H KH", mustTrump: "9H KH",
	},
	{
		name: "void, trick trumped: must overtrump", trump: Hearts, trick: "AS QH",
		hand:    "JH KH AH AD 9C",
		mustWin: "KH AH", mustTrump: "KH AH",
	},
	{
		name: "void, trumps cannot win", trump: Hearts, trick: "AS AH",
		hand:    "9H KH AD JC",
		mustWin: "9H KH AD JC", mustTrump: "9H KH",
	},
	{
		name: "void in the suit and in trump: any card", trump: Hearts, trick: "AS KH",
		hand:    "AD 10D JC 9C",
		mustWin: "AD 10D JC 9C", mustTrump: "AD 10D JC 9C",
	},
	{
		name: "trump led: beat the highest trump if able", trump: Hearts, trick: "QH KH",
		hand:    "10H JH 9H AS",
		mustWin: "10H", mustTrump: "10H",
	},
	{
		name: "trump led, cannot beat: any trump", trump: Hearts, trick: "AH",
		hand:    "10H JH AS",
		mustWin: "10H JH", mustTrump: "10H JH",
	},
	{
		name: "trump led, void in trump: any card", trump: Hearts, trick: "9H",
		hand:    "AS 9D",
		mustWin: "AS 9D", mustTrump: "AS 9D",
	},
	{
		// The second A♠ does not beat the first: the player is not able to win.
		name: "identical card does not win: holding only the other ace", trump: Hearts, trick: "AS",
		hand:    "AS AD",
		mustWin: "AS", mustTrump: "AS",
	},
	{
		name: "identical card in trump does not win when void", trump: Hearts, trick: "KS AH",
		hand:    "AH 9C",
		mustWin: "AH 9C", mustTrump: "AH",
	},
	{
		name: "identical king does not beat: any spade", trump: Hearts, trick: "KS",
		hand:    "KS 9S AH",
		mustWin: "KS 9S", mustTrump: "KS 9S",
	},
	// The worked example of seed 001: hearts trump, Q♦ led, J♥ follows.
	{
		name: "001: holding A♦ J♥ 10♥ must play A♦", trump: Hearts, trick: "QD JH",
		hand:    "AD JH 10H",
		mustWin: "AD", mustTrump: "AD",
	},
	{
		name: "001: without diamonds must play 10♥", trump: Hearts, trick: "QD JH",
		hand:    "JH 10H 9C",
		mustWin: "10H", mustTrump: "10H",
	},
	{
		name: "001: with only J♥ may sluff anything", trump: Hearts, trick: "QD JH",
		hand:    "JH 9C",
		mustWin: "JH 9C", mustTrump: "JH",
	},
	{
		name: "001: a heart led, the J♥ must be played", trump: Hearts, trick: "QH",
		hand:    "JH 9C",
		mustWin: "JH", mustTrump: "JH",
	},
	{
		// Six players: the winner is the trump played third, not the last card.
		name: "six cards: beat the current winner, not the last card", trump: Spades, trick: "AD 9S QS JS 10D",
		hand:    "KS 10S 9C",
		mustWin: "KS 10S", mustTrump: "KS 10S",
	},
}

func TestLegalCardsOfHand(t *testing.T) {
	for _, tc := range legalCases {
		h := parseHand(t, tc.hand)
		trick := parseCards(t, tc.trick)
		for _, rc := range []struct {
			rule PlayRule
			want string
		}{{MustWin, tc.mustWin}, {MustTrump, tc.mustTrump}} {
			got := LegalCards(&h, trick, tc.trump, rc.rule)
			if want := setOf(t, rc.want); got != want {
				t.Errorf("%s, rule %d: LegalCards(%s | %s) = %s, want %s",
					tc.name, rc.rule, tc.hand, tc.trick, symbols(got), symbols(want))
			}
		}
	}
}

// TestGameLegalCards plays each case's trick through the game: earlier seats each hold only
// the card they play (so that every play is legal), the seat to play holds the hand. Every
// card outside the legal set is refused with nothing changed.
func TestGameLegalCards(t *testing.T) {
	for _, tc := range legalCases {
		for _, pc := range []struct {
			preset string
			want   string
		}{{"racehorse", tc.mustWin}, {"classic", tc.mustTrump}, {"six-handed", tc.mustTrump}} {
			g := testGame(t, pc.preset)
			trick := parseCards(t, tc.trick)
			if len(trick) >= g.rules.Players {
				continue
			}
			hands := map[int]string{}
			for i, c := range trick {
				hands[i] = c.String()
			}
			seat := len(trick)
			hands[seat] = tc.hand
			setPlay(t, g, 0, g.rules.MinBid, tc.trump, 0, hands)
			for i, c := range trick {
				mustApply(t, g, Action{Seat: i, Kind: ActPlayCard, Card: c})
			}
			want := setOf(t, pc.want)
			if got := g.LegalCards(seat); got != want {
				t.Errorf("%s, %s: LegalCards(%d) = %s, want %s", tc.name, pc.preset, seat, symbols(got), symbols(want))
			}
			for _, other := range []int{(seat + 1) % g.rules.Players, seat + g.rules.Players} {
				if got := g.LegalCards(other); got != 0 {
					t.Errorf("%s, %s: seat %d, not to play, may play %s", tc.name, pc.preset, other, symbols(got))
				}
			}
			h := g.Hand(seat)
			for _, c := range h.Set().Cards() {
				a := Action{Seat: seat, Kind: ActPlayCard, Card: c}
				if want.Has(c) {
					if err := g.Check(a); err != nil {
						t.Errorf("%s, %s: legal %s refused: %v", tc.name, pc.preset, c.Symbol(), err)
					}
					continue
				}
				mustReject(t, g, a, CodeIllegalCard, "")
			}
		}
	}
}

// TestIllegalCardMessages checks that a refused card names the rule that applies, in words
// a player reads.
func TestIllegalCardMessages(t *testing.T) {
	cases := []struct {
		preset string
		trick  string
		hand   string
		play   string
		code   ErrorCode
		msg    string
	}{
		{"racehorse", "QD JH", "AD JH 10H", "10H", CodeIllegalCard, "you must follow suit: you hold ♦"},
		{"racehorse", "QD JH", "AD JH 10H", "JH", CodeIllegalCard, "you must follow suit: you hold ♦"},
		{"racehorse", "QD", "AD 9D JH", "9D", CodeIllegalCard, "you must beat Q♦: play A♦"},
		{"racehorse", "QD", "AD 9D JH", "JH", CodeIllegalCard, "you must beat Q♦: play A♦"},
		{"racehorse", "QD JH", "JH 10H 9C", "9C", CodeIllegalCard, "you have no ♦, so you must trump: play 10♥"},
		{"classic", "QD JH", "JH 9C", "9C", CodeIllegalCard, "you have no ♦, so you must trump: play J♥"},
		{"racehorse", "QD", "AD 9D JH", "AS", CodeNotInHand, "you do not hold A♠"},
	}
	for _, tc := range cases {
		g := testGame(t, tc.preset)
		trick := parseCards(t, tc.trick)
		seat := len(trick)
		hands := map[int]string{seat: tc.hand}
		for i, c := range trick {
			hands[i] = c.String()
		}
		setPlay(t, g, 0, g.rules.MinBid, Hearts, 0, hands)
		for i, c := range trick {
			mustApply(t, g, Action{Seat: i, Kind: ActPlayCard, Card: c})
		}
		mustReject(t, g, playAct(t, seat, tc.play), tc.code, tc.msg)
		err := g.Apply(playAct(t, seat, tc.play))
		if !errors.Is(err, &RuleError{Code: tc.code}) {
			t.Errorf("errors.Is(%v, code %s) is false", err, tc.code)
		}
	}
}

func TestBeats(t *testing.T) {
	cases := []struct {
		card, winner string
		trump        Suit
		want         bool
	}{
		{"AS", "KS", Hearts, true},
		{"10S", "KS", Hearts, true}, // the ten ranks above the king
		{"KS", "10S", Hearts, false},
		{"JS", "9S", Hearts, true},
		{"9S", "JS", Hearts, false},
		{"AS", "AS", Hearts, false}, // identical: the first played wins
		{"9H", "9H", Hearts, false},
		{"9H", "AS", Hearts, true},  // any trump beats a card of another suit
		{"AS", "9H", Hearts, false}, // a plain card never beats a trump
		{"AD", "KS", Hearts, false}, // off suit, not trump
		{"10H", "JH", Hearts, true},
		{"JH", "10H", Hearts, false},
		{"AS", "KS", Spades, true},
	}
	for _, tc := range cases {
		if got := Beats(parseCard(t, tc.card), parseCard(t, tc.winner), tc.trump); got != tc.want {
			t.Errorf("Beats(%s, %s, trump %s) = %v, want %v", tc.card, tc.winner, tc.trump, got, tc.want)
		}
	}
}

func TestTrickWinner(t *testing.T) {
	cases := []struct {
		trick string
		trump Suit
		want  int
	}{
		{"AS AS 10S KS", Hearts, 0},
		{"KS AS AS 9S", Hearts, 1}, // first of two identical aces
		{"9S 10S AS AS", Hearts, 2},
		{"QD JH 10H AD", Hearts, 2},
		{"QD JH JH AD", Hearts, 1},
		{"9C AS AD KH", Hearts, 3},
		{"9C AS AD KH", Spades, 1},
		{"9C AS AD KH", Clubs, 0},
		{"JD AC QD 10S", Hearts, 2}, // highest of the suit led; off-suit aces do not count
		{"AD 9S QS JS 10D KS", Spades, 5},
		{"AD 9S QS JS 10D QS", Spades, 2}, // six-handed: first of two queens of trump
	}
	for _, tc := range cases {
		if got := TrickWinner(parseCards(t, tc.trick), tc.trump); got != tc.want {
			t.Errorf("TrickWinner(%s, trump %s) = %d, want %d", tc.trick, tc.trump, got, tc.want)
		}
	}
}

// TestTrickPlay plays whole tricks through the game: the winner takes the cards and their
// points, and leads the next trick.
func TestTrickPlay(t *testing.T) {
	g := testGame(t, "racehorse")
	setPlay(t, g, 1, 250, Hearts, 1, map[int]string{
		0: "AS 9D",
		1: "KS 9C",
		2: "AS 9S",
		3: "9H JC",
	})
	// Seat 1 leads K♠; seat 2 must win with A♠; seat 3, void, must trump with 9♥; seat 0
	// holds A♠ but cannot take the trumped trick: any spade, here its only one.
	mustApply(t, g, playAct(t, 1, "KS"))
	if got, want := g.LegalCards(2), setOf(t, "AS"); got != want {
		t.Fatalf("seat 2 may play %s, want %s", symbols(got), symbols(want))
	}
	mustApply(t, g, playAct(t, 2, "AS"))
	if got, want := g.LegalCards(3), setOf(t, "9H"); got != want {
		t.Fatalf("seat 3 may play %s, want %s", symbols(got), symbols(want))
	}
	mustApply(t, g, playAct(t, 3, "9H"), playAct(t, 0, "AS"))
	last := g.LastTrick()
	if last == nil || last.Winner != 3 || last.Points != 30 {
		t.Fatalf("last trick %+v, want won by seat 3 for 30 (K, A, A)", last)
	}
	if g.Turn() != 3 || g.st.Points[3] != 30 || g.st.TricksWon[3] != 1 || len(g.TrickCards()) != 0 {
		t.Fatalf("after the trick: turn %d, points %v, tricks %v", g.Turn(), g.st.Points, g.st.TricksWon)
	}
	if g.st.Took != 1<<3 {
		t.Errorf("seats that took a counter %04b, want seat 3 alone", g.st.Took)
	}
	// Seat 0 out of turn.
	mustReject(t, g, playAct(t, 0, "9D"), CodeNotYourTurn, "it is seat 4's turn")
}
