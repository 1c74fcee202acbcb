package engine

import (
	"slices"
	"testing"
)

// TestAuctionOpening checks, for each preset with seat 0 dealing, who bids first, the
// forced opening of classic and the lowest bids on offer (docs/rules.md, "first to bid",
// "opening bid", "raises").
func TestAuctionOpening(t *testing.T) {
	cases := []struct {
		preset string
		turn   int
		high   int
		bidder int
		bids   []int // NextBids(4)
	}{
		{"racehorse", 1, 0, -1, []int{250, 260, 270, 280}},
		{"classic", 1, 150, 0, []int{160, 170, 180, 190}}, // the dealer opened at 150
		{"partnership", 0, 0, -1, []int{250, 260, 270, 280}},
		{"double-deck", 1, 0, -1, []int{50, 51, 52, 53}},
		{"six-handed", 1, 0, -1, []int{20, 21, 22, 23}},
	}
	for _, tc := range cases {
		g := testGame(t, tc.preset)
		if g.Phase() != PhaseBidding || g.Dealer() != 0 || g.HandNumber() != 1 {
			t.Errorf("%s: phase %s, dealer %d, hand %d", tc.preset, g.Phase(), g.Dealer(), g.HandNumber())
		}
		if g.Turn() != tc.turn || g.HighBid() != tc.high || g.Bidder() != tc.bidder {
			t.Errorf("%s: turn %d, high %d, bidder %d; want %d, %d, %d", tc.preset, g.Turn(), g.HighBid(), g.Bidder(), tc.turn, tc.high, tc.bidder)
		}
		if got := g.NextBids(4); !slices.Equal(got, tc.bids) {
			t.Errorf("%s: NextBids(4) = %v, want %v", tc.preset, got, tc.bids)
		}
		wantAuction := []Bid{}
		if tc.preset == "classic" {
			wantAuction = []Bid{{Seat: 0, Amount: 150, Forced: true}}
		}
		if !slices.Equal(g.auction(), wantAuction) {
			t.Errorf("%s: auction %v, want %v", tc.preset, g.auction(), wantAuction)
		}
		// With the last seat dealing, seat 0 is on its left: it bids first, or second after
		// classic's forced opening; in partnership the dealer opens.
		last := g.rules.Players - 1
		g.startHand(2, last)
		wantTurn := 0
		if tc.preset == "partnership" {
			wantTurn = last
		}
		if g.Turn() != wantTurn {
			t.Errorf("%s, seat %d dealing: turn %d, want %d", tc.preset, last, g.Turn(), wantTurn)
		}
	}
}

// auctionStep is one bid (or a pass, bid 0) and what the engine must answer: accepted
// with the seat to act next, or refused with a code and message.
type auctionStep struct {
	seat, bid int
	code      ErrorCode // empty when the step is accepted
	msg       string
	turn      int // the seat to act after an accepted step, while the auction goes on
}

func TestAuctions(t *testing.T) {
	const ok = ErrorCode("")
	cases := []struct {
		name   string
		preset string
		steps  []auctionStep
		bidder int
		high   int
		forced bool // the last auction entry was made by the rules
	}{
		{
			name: "racehorse: raises in tens, passes are final", preset: "racehorse",
			steps: []auctionStep{
				{1, 240, CodeBadBid, "the opening bid is at least 250", 0},
				{1, 255, CodeBadBid, "bids go up by 10 from 250", 0},
				{2, 250, CodeNotYourTurn, "it is seat 2's turn", 0},
				{1, 250, ok, "", 2},
				{2, 250, CodeBadBid, "the bid is 250: bid at least 260", 0},
				{2, 265, CodeBadBid, "bids go up by 10 from 260", 0},
				{2, 300, ok, "", 3}, // any multiple of 10 above the bid
				{3, 0, ok, "", 0},
				{0, 310, ok, "", 1},
				{1, 0, ok, "", 2},
				{3, 320, CodeNotYourTurn, "it is seat 3's turn", 0}, // seat 3 passed: out for good
				{2, 320, ok, "", 0}, // seats 3 and 1 are skipped
				{2, 330, CodeNotYourTurn, "it is seat 1's turn", 0},
				{0, 0, ok, "", -1},
			},
			bidder: 2, high: 320,
		},
		{
			name: "racehorse: nobody bids, the dealer must", preset: "racehorse",
			steps: []auctionStep{
				{1, 0, ok, "", 2},
				{2, 0, ok, "", 3},
				{3, 0, ok, "", 0},
				{0, 0, CodeMustBid, "everyone else has passed: you must bid at least 250", 0},
				{0, 240, CodeBadBid, "the opening bid is at least 250", 0},
				{0, 270, ok, "", -1},
			},
			bidder: 0, high: 270,
		},
		{
			name: "classic: the dealer's forced 150, raises of 10 or more", preset: "classic",
			steps: []auctionStep{
				{0, 160, CodeNotYourTurn, "it is seat 2's turn", 0},
				{1, 150, CodeBadBid, "the bid is 150: bid at least 160", 0},
				{1, 165, CodeBadBid, "bids go up by 10 from 160", 0},
				{1, 160, ok, "", 2},
				{2, 200, ok, "", 3},
				{3, 0, ok, "", 0},
				{0, 0, ok, "", 1},
				{1, 0, ok, "", -1},
			},
			bidder: 2, high: 200,
		},
		{
			name: "classic: nobody bids, the dealer keeps 150", preset: "classic",
			steps: []auctionStep{
				{1, 0, ok, "", 2},
				{2, 0, ok, "", 3},
				{3, 0, ok, "", -1},
			},
			bidder: 0, high: 150, forced: true,
		},
		{
			name: "partnership: the dealer opens, raises of 10 to 50", preset: "partnership",
			steps: []auctionStep{
				{1, 250, CodeNotYourTurn, "it is seat 1's turn", 0},
				{0, 240, CodeBadBid, "the opening bid is at least 250", 0},
				{0, 250, ok, "", 1},
				{1, 310, CodeBadBid, "bids go up by 10 to 50 at a time: bid at most 300", 0},
				{1, 265, CodeBadBid, "bids go up by 10 from 260", 0},
				{1, 300, ok, "", 2},
				{2, 0, ok, "", 3},
				{3, 310, ok, "", 0},
				{0, 0, ok, "", 1},
				{1, 0, ok, "", -1},
			},
			bidder: 3, high: 310,
		},
		{
			// The 50 limit bounds raises; the engine lets the opening bid be any multiple of
			// 10 from 250.
			name: "partnership: the opening bid is not a raise", preset: "partnership",
			steps: []auctionStep{
				{0, 400, ok, "", 1},
				{1, 460, CodeBadBid, "bid at most 450", 0},
				{1, 450, ok, "", 2},
				{2, 0, ok, "", 3},
				{3, 0, ok, "", 0},
				{0, 0, ok, "", -1},
			},
			bidder: 1, high: 450,
		},
		{
			name: "partnership: nobody bids, the last player is stuck at 250", preset: "partnership",
			steps: []auctionStep{
				{0, 0, ok, "", 1},
				{1, 0, ok, "", 2},
				{2, 0, ok, "", -1},
			},
			bidder: 3, high: 250, forced: true,
		},
		{
			name: "double-deck: ones below 60, fives from 60", preset: "double-deck",
			steps: []auctionStep{
				{1, 49, CodeBadBid, "the opening bid is at least 50", 0},
				{1, 50, ok, "", 2},
				{2, 51, ok, "", 3},
				{3, 59, ok, "", 0},
				{0, 61, CodeBadBid, "from 60 on, bids are multiples of 5", 0},
				{0, 60, ok, "", 1},
				{1, 67, CodeBadBid, "from 60 on, bids are multiples of 5", 0},
				{1, 60, CodeBadBid, "the bid is 60: bid at least 65", 0},
				{1, 65, ok, "", 2},
				{2, 0, ok, "", 3},
				{3, 0, ok, "", 0},
				{0, 100, ok, "", 1},
				{1, 0, ok, "", -1},
			},
			bidder: 0, high: 100,
		},
		{
			name: "double-deck: an opening bid from 60 is a multiple of 5", preset: "double-deck",
			steps: []auctionStep{
				{1, 63, CodeBadBid, "from 60 on, bids are multiples of 5", 0},
				{1, 57, ok, "", 2},
				{2, 58, ok, "", 3},
				{3, 0, ok, "", 0},
				{0, 0, ok, "", 1},
				{1, 0, ok, "", -1},
			},
			bidder: 2, high: 58,
		},
		{
			name: "double-deck: nobody bids, the dealer is stuck at 50", preset: "double-deck",
			steps: []auctionStep{
				{1, 0, ok, "", 2},
				{2, 0, ok, "", 3},
				{3, 0, ok, "", -1},
			},
			bidder: 0, high: 50, forced: true,
		},
		{
			name: "six-handed: raises of 1", preset: "six-handed",
			steps: []auctionStep{
				{1, 19, CodeBadBid, "the opening bid is at least 20", 0},
				{1, 20, ok, "", 2},
				{2, 21, ok, "", 3},
				{3, 21, CodeBadBid, "the bid is 21: bid at least 22", 0},
				{3, 22, ok, "", 4},
				{4, 0, ok, "", 5},
				{5, 0, ok, "", 0},
				{0, 0, ok, "", 1},
				{1, 0, ok, "", 2},
				{2, 0, ok, "", -1},
			},
			bidder: 3, high: 22,
		},
		{
			name: "six-handed: nobody bids, the dealer is stuck at 18", preset: "six-handed",
			steps: []auctionStep{
				{1, 0, ok, "", 2},
				{2, 0, ok, "", 3},
				{3, 0, ok, "", 4},
				{4, 0, ok, "", 5},
				{5, 0, ok, "", -1},
			},
			bidder: 0, high: 18, forced: true,
		},
	}
	for _, tc := range cases {
		g := testGame(t, tc.preset)
		if tc.preset == "double-deck" {
			deal(t, g, evenDeal(t))
		}
		for i, st := range tc.steps {
			a := passAct(st.seat)
			if st.bid != 0 {
				a = bidAct(st.seat, st.bid)
			}
			if st.code != ok {
				mustReject(t, g, a, st.code, st.msg)
				continue
			}
			if err := g.Apply(a); err != nil {
				t.Fatalf("%s: step %d (%s): %v", tc.name, i, a, err)
			}
			if st.turn >= 0 && (g.Phase() != PhaseBidding || g.Turn() != st.turn) {
				t.Fatalf("%s: after step %d (%s): phase %s, turn %d; want bidding, turn %d", tc.name, i, a, g.Phase(), g.Turn(), st.turn)
			}
		}
		if g.Phase() != PhaseTrump || g.Bidder() != tc.bidder || g.HighBid() != tc.high || g.Turn() != tc.bidder {
			t.Errorf("%s: phase %s, bidder %d, high %d, turn %d; want trump, bidder %d at %d",
				tc.name, g.Phase(), g.Bidder(), g.HighBid(), g.Turn(), tc.bidder, tc.high)
		}
		var last Bid // the winning bid: the last entry that is not a pass
		for _, b := range g.auction() {
			if !b.Pass() {
				last = b
			}
		}
		if last.Seat != tc.bidder || last.Amount != tc.high || last.Forced != tc.forced {
			t.Errorf("%s: winning auction entry %+v, want seat %d at %d, forced %v", tc.name, last, tc.bidder, tc.high, tc.forced)
		}
		// The auction is over: bidding again is the wrong step.
		mustReject(t, g, bidAct(tc.bidder, tc.high+100), CodeWrongStep, "the table is naming trump, not bidding")
	}
}

// evenDeal gives each of the four double-deck seats one copy of every card: every seat
// holds a marriage in every suit.
func evenDeal(tb testing.TB) map[int]string {
	tb.Helper()
	all := "AS 10S KS QS JS AH 10H KH QH JH AD 10D KD QD JD AC 10C KC QC JC"
	return map[int]string{0: all, 1: all, 2: all, 3: all}
}

func TestNextBids(t *testing.T) {
	cases := []struct {
		preset string
		bids   []int // bids made before, in turn from the first bidder
		want   []int // NextBids(6)
		must   bool
	}{
		{"racehorse", []int{250}, []int{260, 270, 280, 290, 300, 310}, false},
		{"racehorse", []int{0, 0, 0}, []int{250, 260, 270, 280, 290, 300}, true},
		{"classic", []int{300}, []int{310, 320, 330, 340, 350, 360}, false},
		{"partnership", []int{250}, []int{260, 270, 280, 290, 300}, false},
		{"partnership", []int{0, 0}, []int{250, 260, 270, 280, 290, 300}, false},
		{"double-deck", []int{50, 57}, []int{58, 59, 60, 65, 70, 75}, false},
		{"double-deck", []int{60}, []int{65, 70, 75, 80, 85, 90}, false},
		{"six-handed", []int{20, 25}, []int{26, 27, 28, 29, 30, 31}, false},
	}
	for _, tc := range cases {
		g := testGame(t, tc.preset)
		for _, b := range tc.bids {
			a := passAct(g.Turn())
			if b != 0 {
				a = bidAct(g.Turn(), b)
			}
			mustApply(t, g, a)
		}
		if got := g.NextBids(6); !slices.Equal(got, tc.want) {
			t.Errorf("%s after %v: NextBids = %v, want %v", tc.preset, tc.bids, got, tc.want)
		}
		if g.MustBid() != tc.must {
			t.Errorf("%s after %v: MustBid = %v", tc.preset, tc.bids, g.MustBid())
		}
		for _, b := range tc.want {
			if err := g.Check(bidAct(g.Turn(), b)); err != nil {
				t.Errorf("%s after %v: offered bid %d refused: %v", tc.preset, tc.bids, b, err)
			}
		}
	}
}

// TestRejectedActions checks actions out of turn, in the wrong phase, from seats not at the
// table and after the game: each is refused and changes nothing.
func TestRejectedActions(t *testing.T) {
	g := testGame(t, "racehorse")
	mustReject(t, g, playAct(t, 1, "AS"), CodeWrongStep, "the table is bidding, not playing tricks")
	mustReject(t, g, trumpAct(1, Spades), CodeWrongStep, "the table is bidding, not naming trump")
	mustReject(t, g, giveAct(t, 1, "AS AS AS"), CodeWrongStep, "the table is bidding, not passing cards")
	mustReject(t, g, throwInAct(1), CodeWrongStep, "not waiting for the bidder")
	mustReject(t, g, bidAct(4, 250), CodeBadSeat, "there is no seat 5 at this table")
	mustReject(t, g, bidAct(-1, 250), CodeBadSeat, "there is no seat")
	mustReject(t, g, Action{Seat: 1}, CodeWrongStep, "unknown action")
	mustReject(t, g, Action{Seat: 1, Kind: 200}, CodeWrongStep, "unknown action")
	mustReject(t, g, bidAct(0, 250), CodeNotYourTurn, "it is seat 2's turn")
	mustReject(t, g, bidAct(1, 100000), CodeBadBid, "bids stop at 5000")

	mustApply(t, g, bidAct(1, 250), passAct(2), passAct(3), passAct(0))
	mustReject(t, g, trumpAct(2, Spades), CodeNotYourTurn, "it is seat 2's turn")
	mustReject(t, g, trumpAct(1, NoSuit), CodeBadTrump, "name a suit")
	mustApply(t, g, trumpAct(1, Spades))
	mustReject(t, g, trumpAct(1, Hearts), CodeWrongStep, "the table is passing cards, not naming trump")
	// The partner (seat 3) passes first; the bidder may not pass yet.
	h1 := g.Hand(1)
	mustReject(t, g, Action{Seat: 1, Kind: ActPassCards, Cards: h1.Cards()[:3]}, CodeNotYourTurn, "it is seat 4's turn")
	h3 := g.Hand(3)
	mustReject(t, g, Action{Seat: 3, Kind: ActPassCards, Cards: h3.Cards()[:2]}, CodeBadPass, "pass exactly 3 cards")
	mustReject(t, g, Action{Seat: 3, Kind: ActPassCards, Cards: h3.Cards()[:4]}, CodeBadPass, "pass exactly 3 cards")
	mustReject(t, g, Action{Seat: 3, Kind: ActPassCards, Cards: []Card{h1.Cards()[0], h1.Cards()[0], h1.Cards()[0]}}, CodeNotInHand, "you can only pass cards you hold")
	mustReject(t, g, Action{Seat: 3, Kind: ActPassCards, Cards: []Card{h3.Cards()[0], h3.Cards()[1], 200}}, CodeNotInHand, "that is not a card")
	mustApply(t, g, Action{Seat: 3, Kind: ActPassCards, Cards: h3.Cards()[:3]})
	// Passing twice: the partner has passed, it is the bidder's turn.
	h3 = g.Hand(3)
	mustReject(t, g, Action{Seat: 3, Kind: ActPassCards, Cards: h3.Cards()[:3]}, CodeNotYourTurn, "it is seat 2's turn")
	mustReject(t, g, playHandAct(1), CodeWrongStep, "the table is passing cards back")
	mustReject(t, g, moonAct(1), CodeWrongStep, "the table is passing cards back")

	// After the game: everything is refused.
	over := testGame(t, "racehorse")
	over.st.Over, over.st.Phase, over.st.Turn = true, PhaseGameOver, -1
	mustReject(t, over, bidAct(1, 250), CodeGameOver, "the game is over")
	mustReject(t, over, passAct(1), CodeGameOver, "the game is over")
}

// TestTrumpChoices checks the trump suits on offer: any suit, except in double-deck, where
// the bidder must hold a marriage in the suit.
func TestTrumpChoices(t *testing.T) {
	for _, p := range []string{"racehorse", "classic", "partnership", "six-handed"} {
		g := testGame(t, p)
		for g.Phase() == PhaseBidding {
			a := passAct(g.Turn())
			if g.MustBid() {
				a = bidAct(g.Turn(), g.MinNextBid())
			}
			mustApply(t, g, a)
		}
		// The bidder holds no marriage at all: it may still name any suit.
		bidder := g.Bidder()
		noMarriage := "AS AS 10S 10S AH AH 10H 10H"
		if g.rules.Players == 4 {
			noMarriage += " AD AD 10D 10D"
		}
		deal(t, g, map[int]string{bidder: noMarriage})
		if g.TrumpChoices() != 0xF {
			t.Errorf("%s: bidder %d may name %04b, want any suit", p, bidder, g.TrumpChoices())
		}
		mustApply(t, g, trumpAct(bidder, Clubs))
		if g.Trump() != Clubs {
			t.Errorf("%s: trump %s, want clubs", p, g.Trump())
		}
	}

	g := testGame(t, "double-deck")
	// Seat 1 holds marriages in hearts and clubs only.
	deal(t, g, map[int]string{1: "KH QH KC KC QC AS AS AS AS 10S 10S 10S 10S KS KS JS JS JD JD JD"})
	mustApply(t, g, bidAct(1, 50), passAct(2), passAct(3), passAct(0))
	if got := g.TrumpChoices(); got != 1<<Hearts|1<<Clubs {
		t.Fatalf("double-deck: TrumpChoices = %04b, want hearts and clubs", got)
	}
	if v := g.View(1); v.TrumpChoices() != 1<<Hearts|1<<Clubs {
		t.Errorf("double-deck: the bidder's view offers %04b", v.TrumpChoices())
	}
	mustReject(t, g, trumpAct(1, Spades), CodeBadTrump, "you hold no marriage in spades")
	mustReject(t, g, trumpAct(1, Diamonds), CodeBadTrump, "you hold no marriage in diamonds")
	mustApply(t, g, trumpAct(1, Clubs))
	// No passing in double-deck: meld is shown at once and the bidder decides.
	if g.Phase() != PhaseDecide || g.Turn() != 1 {
		t.Errorf("double-deck after trump: phase %s, turn %d; want deciding, seat 1", g.Phase(), g.Turn())
	}
	if _, shown := g.Meld(0); !shown {
		t.Errorf("double-deck after trump: meld not shown")
	}
}

// TestRacehorsePassBack follows the racehorse exchange: the partner passes 3 to the bidder,
// then the bidder passes 3 back, none of them from its shown meld while it holds 3 others.
func TestRacehorsePassBack(t *testing.T) {
	cases := []struct {
		name   string
		bidder string // seat 1's hand as dealt; the partner passes it K♥ Q♥ J♦
		free   string // the bidder's cards outside its meld after receiving them
		need   int
		shown  int // the bidder's meld shown before it passes back
		meld   int
		bad    string // a pass back refused
		good   string // a pass back accepted
	}{
		{
			// Spades trump: run 150, dix 10, marriages in ♥ and ♦ 40, pinochle 40, kings
			// around 80 = 320. The three clubs 9 9 J are outside it.
			name:   "three cards outside the meld",
			bidder: "AS 10S KS QS JS 9S KD QD KC 9C 9C JC",
			free:   "9C 9C JC", need: 3, shown: 320, meld: 320,
			bad:  "9C 9C KH",
			good: "9C JC 9C",
		},
		{
			// Q♣ instead of J♣ adds a marriage in ♣ (20) and queens around (60), and
			// only the two nines of clubs are outside it (meld 400). The third card must come
			// from the meld: passing K♦ back breaks the ♦ marriage and the kings around, so
			// the meld shown is 400 - 20 - 80 = 300.
			name:   "two cards outside the meld",
			bidder: "AS 10S KS QS JS 9S KD QD KC QC 9C 9C",
			free:   "9C 9C", need: 2, shown: 400, meld: 300,
			bad:  "9C KD QD",
			good: "9C 9C KD",
		},
	}
	for _, tc := range cases {
		g := testGame(t, "racehorse")
		deal(t, g, map[int]string{1: tc.bidder, 3: "KH QH JD AH AH 10H 10H AD AD 10D 10D AC"})
		mustApply(t, g, bidAct(1, 250), passAct(2), passAct(3), passAct(0), trumpAct(1, Spades))
		if g.Phase() != PhasePass || g.Turn() != 3 || g.PassTarget(3) != 1 {
			t.Fatalf("%s: phase %s, turn %d, pass target %d; want the partner (3) to pass to 1", tc.name, g.Phase(), g.Turn(), g.PassTarget(3))
		}
		if pr := g.PassRuleFor(3); pr.Count != 3 || pr.Need != 0 {
			t.Errorf("%s: partner's rule %+v, want 3 cards, any", tc.name, pr)
		}
		if _, shown := g.PassBackMeld(); shown {
			t.Errorf("%s: the bidder's meld is shown before the partner passes", tc.name)
		}
		dealt1, dealt3 := g.Hand(1), g.Hand(3)
		mustApply(t, g, giveAct(t, 3, "KH QH JD"))
		if g.Phase() != PhasePassBack || g.Turn() != 1 || g.PassTarget(1) != 3 {
			t.Fatalf("%s: phase %s, turn %d; want the bidder to pass back", tc.name, g.Phase(), g.Turn())
		}
		wantHand := dealt1
		for _, c := range parseCards(t, "KH QH JD") {
			wantHand[c]++
			dealt3[c]--
		}
		if g.Hand(1) != wantHand || g.Hand(3) != dealt3 {
			t.Fatalf("%s: after the pass seat 1 holds %s and seat 3 %s", tc.name, g.Hand(1), g.Hand(3))
		}
		pr := g.PassRuleFor(1)
		if pr.Count != 3 || pr.Need != tc.need || pr.Prefer != parseHand(t, tc.free) {
			t.Errorf("%s: PassRuleFor(bidder) = %d cards, %d of %s; want %d of %s", tc.name, pr.Count, pr.Need, pr.Prefer, tc.need, tc.free)
		}
		if m, shown := g.PassBackMeld(); !shown || m.Total != tc.shown {
			t.Errorf("%s: PassBackMeld = %d, shown %v; want %d, shown", tc.name, m.Total, shown, tc.shown)
		}
		mustReject(t, g, giveAct(t, 1, tc.bad), CodeBadPass, "your meld is shown: pass back")
		before1, before3 := g.Hand(1), g.Hand(3)
		mustApply(t, g, giveAct(t, 1, tc.good))
		for _, c := range parseCards(t, tc.good) {
			before1[c]--
			before3[c]++
		}
		if g.Hand(1) != before1 || g.Hand(3) != before3 {
			t.Errorf("%s: after passing back seat 1 holds %s and seat 3 %s", tc.name, g.Hand(1), g.Hand(3))
		}
		// The bid is easily reached: no throw-in on offer, the bidder leads.
		if g.Phase() != PhasePlay || g.Turn() != 1 {
			t.Errorf("%s: after passing: phase %s, turn %d; want play, seat 1 leads", tc.name, g.Phase(), g.Turn())
		}
		if m, shown := g.Meld(1); !shown || m.Total != tc.meld {
			t.Errorf("%s: bidder's meld %d (shown %v), want %d", tc.name, m.Total, shown, tc.meld)
		}
	}
}

// TestFreePassBack checks the 4-and-4 exchange of classic and partnership: the bidder may
// return any cards, those it received included; a table may pass 3 or none.
func TestFreePassBack(t *testing.T) {
	for _, tc := range []struct {
		preset  string
		options []string
		count   int
	}{
		{"classic", nil, 4},
		{"partnership", nil, 4},
		{"partnership", []string{"pass=3"}, 3},
		{"partnership", []string{"pass=0"}, 0},
	} {
		g := testGame(t, tc.preset, tc.options...)
		for g.Phase() == PhaseBidding {
			a := passAct(g.Turn())
			if g.Turn() == 1 && g.HighBid() < 250 {
				a = bidAct(1, 250)
			}
			mustApply(t, g, a)
		}
		if g.Bidder() != 1 {
			t.Fatalf("%s %v: bidder %d, want 1", tc.preset, tc.options, g.Bidder())
		}
		mustApply(t, g, trumpAct(1, Hearts))
		if tc.count == 0 {
			if g.Phase() != PhaseDecide {
				t.Errorf("%s %v: no passing, yet phase %s", tc.preset, tc.options, g.Phase())
			}
			continue
		}
		h3 := g.Hand(3)
		given := h3.Cards()[:tc.count]
		mustApply(t, g, Action{Seat: 3, Kind: ActPassCards, Cards: given})
		if pr := g.PassRuleFor(1); pr.Count != tc.count || pr.Need != 0 {
			t.Errorf("%s %v: bidder's rule %+v, want %d cards, any", tc.preset, tc.options, pr, tc.count)
		}
		h1 := g.Hand(1)
		if m, shown := g.PassBackMeld(); shown || m.Total != CountMeld(&h1, Hearts, &g.rules.Meld).Total {
			t.Errorf("%s %v: PassBackMeld = %d, shown %v; want the bidder's own meld, not shown", tc.preset, tc.options, m.Total, shown)
		}
		mustApply(t, g, Action{Seat: 1, Kind: ActPassCards, Cards: given})
		if g.Hand(3) != h3 {
			t.Errorf("%s %v: the partner got back %s, had %s", tc.preset, tc.options, g.Hand(3), h3)
		}
	}
}

// TestSixHandedPassing checks the simultaneous pass of six-handed: the three bidding-team
// players each pass 2 cards to the teammate on the left in odd hands, on the right in even
// hands, and no card moves until all three have passed.
func TestSixHandedPassing(t *testing.T) {
	g := testGame(t, "six-handed")
	for hand, tc := range []struct {
		bidder int
		to     map[int]int // passer → receiver
	}{
		{1, map[int]int{1: 3, 3: 5, 5: 1}}, // hand 1: to the left
		{2, map[int]int{2: 0, 0: 4, 4: 2}}, // hand 2: to the right
	} {
		if g.HandNumber() != hand+1 {
			t.Fatalf("hand %d, want %d", g.HandNumber(), hand+1)
		}
		for g.Phase() == PhaseBidding {
			a := passAct(g.Turn())
			if g.Turn() == tc.bidder {
				a = bidAct(tc.bidder, 20)
			}
			mustApply(t, g, a)
		}
		mustApply(t, g, trumpAct(tc.bidder, Diamonds))
		if g.Phase() != PhasePass || g.Turn() != -1 {
			t.Fatalf("hand %d: phase %s, turn %d; want passing by several", hand+1, g.Phase(), g.Turn())
		}
		dealt := g.st.Hands
		opponent := (tc.bidder + 1) % 6
		h := g.Hand(opponent)
		mustReject(t, g, Action{Seat: opponent, Kind: ActPassCards, Cards: h.Cards()[:2]}, CodeNotYourTurn, "only the bidding team passes cards")
		gave := map[int][]Card{}
		order := []int{tc.bidder, (tc.bidder + 4) % 6, (tc.bidder + 2) % 6}
		for i, s := range order {
			if !g.Waiting(s) || g.PassTarget(s) != tc.to[s] {
				t.Errorf("hand %d: seat %d waiting %v, passes to %d; want to %d", hand+1, s, g.Waiting(s), g.PassTarget(s), tc.to[s])
			}
			if v := g.View(s); v.PassRule().Count != 2 || v.PassTarget(s) != tc.to[s] {
				t.Errorf("hand %d: seat %d's view passes %d to %d", hand+1, s, v.PassRule().Count, v.PassTarget(s))
			}
			hs := g.Hand(s)
			mustReject(t, g, Action{Seat: s, Kind: ActPassCards, Cards: hs.Cards()[:3]}, CodeBadPass, "pass exactly 2 cards")
			gave[s] = hs.Cards()[len(hs.Cards())-2:]
			mustApply(t, g, Action{Seat: s, Kind: ActPassCards, Cards: gave[s]})
			if i < 2 {
				if g.st.Hands != dealt {
					t.Fatalf("hand %d: cards moved before every passer had passed", hand+1)
				}
				if g.Waiting(s) || g.Phase() != PhasePass {
					t.Errorf("hand %d: seat %d still waiting after passing", hand+1, s)
				}
				mustReject(t, g, Action{Seat: s, Kind: ActPassCards, Cards: gave[s]}, CodeAlreadyActed, "you have already passed your cards")
				if _, shown := g.Meld(s); shown {
					t.Errorf("hand %d: meld shown before the exchange", hand+1)
				}
			}
		}
		want := dealt
		for from, cs := range gave {
			for _, c := range cs {
				want[from][c]--
				want[tc.to[from]][c]++
			}
		}
		if g.st.Hands != want {
			for s := range 6 {
				if g.st.Hands[s] != want[s] {
					t.Errorf("hand %d: seat %d holds %s, want %s", hand+1, s, g.st.Hands[s], want[s])
				}
			}
		}
		if _, shown := g.Meld(0); !shown || g.Phase() != PhaseDecide || g.Turn() != tc.bidder {
			t.Fatalf("hand %d: after the exchange: meld shown %v, phase %s, turn %d", hand+1, shown, g.Phase(), g.Turn())
		}
		mustApply(t, g, throwInAct(tc.bidder)) // on to the next hand
	}
}
