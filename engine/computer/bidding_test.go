package computer

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
)

// dealtGame returns a game of preset, dealer seat 0, in which seat holds the cards of text
// and the other seats the rest of the deck, dealt at random from seed; the auction has run
// through bids, one a turn from the first bidder (0 for a pass).
func dealtGame(tb testing.TB, preset string, seat int, text string, seed uint64, bids ...int) *engine.Game {
	tb.Helper()
	r := newRules(tb, preset, nil)
	g, err := engine.NewGame(r, 1)
	if err != nil {
		tb.Fatal(err)
	}
	mine := hand(tb, text)
	if mine.Len() != r.HandSize() {
		tb.Fatalf("%d cards for a hand of %d", mine.Len(), r.HandSize())
	}
	rest := fullDeck(&r)
	for c := range rest {
		if mine[c] > rest[c] {
			tb.Fatalf("the deck holds %d of %v", rest[c], engine.Card(c))
		}
		rest[c] -= mine[c]
	}
	cards := rest.Cards()
	rand.New(rand.NewPCG(seed, 7)).Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	hands := make([]string, engine.MaxPlayers)
	for s := range r.Players {
		if s == seat {
			hands[s] = mine.String()
			continue
		}
		var h engine.Hand
		for _, c := range cards[:r.HandSize()] {
			h[c]++
		}
		cards = cards[r.HandSize():]
		hands[s] = h.String()
	}
	b, err := json.Marshal(g)
	if err != nil {
		tb.Fatal(err)
	}
	var snap map[string]any
	if err := json.Unmarshal(b, &snap); err != nil {
		tb.Fatal(err)
	}
	st := snap["state"].(map[string]any)
	if st["dealer"].(float64) != 0 {
		tb.Fatalf("dealer %v, want seat 0", st["dealer"])
	}
	st["hands"] = hands
	if b, err = json.Marshal(snap); err != nil {
		tb.Fatal(err)
	}
	g = new(engine.Game)
	if err := json.Unmarshal(b, g); err != nil {
		tb.Fatal(err)
	}
	for _, amount := range bids {
		a := engine.Action{Seat: g.Turn(), Kind: engine.ActPass}
		if amount > 0 {
			a = engine.Action{Seat: g.Turn(), Kind: engine.ActBid, Bid: amount}
		}
		if err := g.Apply(a); err != nil {
			tb.Fatal(err)
		}
	}
	if g.Phase() != engine.PhaseBidding || g.Turn() != seat {
		tb.Fatalf("after the bids %v, %v with seat %d to act, want seat %d to bid", bids, g.Phase(), g.Turn(), seat)
	}
	return g
}

// viewOf returns the view of the seat to act.
func viewOf(g *engine.Game) engine.View { return g.View(g.Turn()) }

// strongSeventy is a racehorse hand of 70 meld in spades (royal marriage, dix, a marriage
// in hearts) with five aces and both tens of trump: the meld of the bidding war.
const strongSeventy = "AS AS 10S 10S KS QS 9S KH QH AH AD AD"

// expertConventions is the expert valuing its hands by its play-outs alone, not the bid
// model: the conventions' tests set the play-outs' worth of a hand against what the
// conventions let it bid (the model's worth: TestModelWorth).
var expertConventions = func() Budget { b := expertBudget; b.Model = false; return b }()

// TestPartnerRaises: a raise of a partner shows help for the partner. The normal level
// shows meld: a seat whose partner holds 310 raises with 70 meld no higher than the meld
// carries the bid (310 + 70 - 40), never to 370 though its play-outs would, and not again
// once it has raised; without meld to show it does not raise. The expert (RaiseOnHelp)
// shows meld or sure tricks, and raises with either as far as its hand is worth at its
// partner confidence, as often as the auction comes back to it. Both raise no higher than
// their own meld and every trick point make (raiseBound: 70 + 250 = 320, 20 + 250 = 270).
// Over an opponent both bid what the hand is worth.
func TestPartnerRaises(t *testing.T) {
	for _, c := range []struct {
		name string
		hand string
		bids []int // from seat 1, dealer 0; seat 0 (partner of seat 2) is to bid
		// normal and expert are the most each level may go to (0: it must pass; 5000:
		// what its hand is worth, no convention holding it back); worth the least its
		// play-outs must support, so that the case tests the convention and not the
		// search.
		normal, expert, worth int
	}{
		{"70 meld raises 310 once, to no more than 340", strongSeventy, []int{0, 310, 0}, 340, 320, 350},
		{"after raising, it does not raise again", strongSeventy, []int{0, 310, 0, 320, 330}, 0, 320, 350},
		{"no raise of 250 with 20 meld, but sure tricks are help", "AS AS 10S 10S JS 9S 9S AH AH AD AD 10D", []int{0, 250, 0}, 0, 270, 280},
		{"over an opponent it bids its hand", strongSeventy, []int{310, 0, 0}, 5000, 5000, 350},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, b := range []struct {
				level  string
				budget Budget
				top    int
			}{{"normal", normalBudget, c.normal}, {"expert", expertConventions, c.expert}} {
				g := dealtGame(t, "racehorse", 0, c.hand, 3, c.bids...)
				v := viewOf(g)
				e := newExpert(b.budget, 1)
				p := e.planBid(&v)
				if p.worth < c.worth {
					t.Fatalf("%s: the play-outs value the hand at %d, below %d: the case no longer tests the convention", b.level, p.worth, c.worth)
				}
				a, why := e.Hint(v)
				if p.top > b.top || a.Kind == engine.ActBid && (b.top == 0 || a.Bid > b.top) {
					t.Errorf("%s: %v %d, going up to %d, want at most %d: %s", b.level, a.Kind, a.Bid, p.top, b.top, why)
				}
				if b.top == 5000 && p.top != p.worth {
					t.Errorf("%s: goes up to %d of the %d its hand is worth: %s", b.level, p.top, p.worth, why)
				}
				if b.top >= v.MinNextBid() && p.top >= v.MinNextBid() && (a.Kind != engine.ActBid || a.Bid != v.MinNextBid()) {
					t.Errorf("%s: %v %d, want a bid of %d: %s", b.level, a.Kind, a.Bid, v.MinNextBid(), why)
				}
			}
		})
	}
}

// TestExpertRaiseShowsHelp: under RaiseOnHelp a seat raises its partner only with help to
// show: a hand of no meld and no sure tricks passes its partner's bid, and says why,
// though its play-outs (at a partner confidence lowered so that they do) would make the
// next bid.
func TestExpertRaiseShowsHelp(t *testing.T) {
	g := dealtGame(t, "racehorse", 0, "10S QS JH 10D KD 9D AC 10C KC JC 9H 9H", 3, 0, 250, 0)
	v := viewOf(g)
	b := expertBudget
	b.PartnerConfidence = 0.2
	e := newExpert(b, 1)
	h := v.Hand()
	p := e.planBid(&v)
	if p.meld >= helpMeld(v.Rules()) || strongHand(v.Rules(), &h, p.trump) || p.worth < v.MinNextBid() {
		t.Fatalf("meld %d, worth %d: the case no longer tests the convention", p.meld, p.worth)
	}
	a, why := e.Hint(v)
	if a.Kind != engine.ActPass || !strings.Contains(why, "sure tricks") {
		t.Errorf("%v %d (%s), want a pass saying a raise shows meld or sure tricks", a.Kind, a.Bid, why)
	}
}

// TestOpeningShowsSomething: an opening bid shows meld or sure tricks: a hand with neither
// passes, and says why in words, though its play-outs would make the opening bid.
func TestOpeningShowsSomething(t *testing.T) {
	g := dealtGame(t, "racehorse", 1, weakOpener, 5)
	v := viewOf(g)
	for _, b := range []Budget{normalBudget, expertBudget} {
		e := newExpert(b, 1)
		p := e.planBid(&v)
		if p.worth < v.MinNextBid() {
			t.Fatalf("the play-outs value the hand at %d: it no longer tests the opening rule", p.worth)
		}
		a, why := e.Hint(v)
		if a.Kind != engine.ActPass || !strings.Contains(why, "opening bid") {
			t.Errorf("%v %d: %s", a.Kind, a.Bid, why)
		}
	}
}

// weakOpener is a racehorse hand without meld or sure tricks (one ace) that the play-outs,
// counting on an average partner and its pass, value above the opening bid.
const weakOpener = "10S QS JH 10D 10D KD KD 9D AC 10C KC JC"

// TestBidHintIsStable: the hint for a hand in the auction does not change within the
// auction while nothing it rests on changes. Asked twice at the same position by players
// seeded differently (the bot seeds a hint by the game's step), it is the same; asked at
// the seat's first turn and again after the opponents bid over it, it names the same trump
// and, unless the bid model values the hand (Budget.Model: what the opponents bid is part
// of what it knows), the same value; the suggested bid is the same throughout.
func TestBidHintIsStable(t *testing.T) {
	for _, b := range []struct {
		level  string
		budget Budget
	}{{"normal", normalBudget}, {"expert", expertBudget}} {
		first := viewOf(dealtGame(t, "racehorse", 1, strongSeventy, 4))
		later := viewOf(dealtGame(t, "racehorse", 1, strongSeventy, 4, 250, 260, 0, 0))
		a1, why1 := newExpert(b.budget, 1).Hint(first)
		a2, why2 := newExpert(b.budget, 2).Hint(first)
		if a1.Kind != a2.Kind || a1.Bid != a2.Bid || why1 != why2 {
			t.Errorf("%s: at the same position, %v %q, then %v %q", b.level, a1, why1, a2, why2)
		}
		a3, why3 := newExpert(b.budget, 3).Hint(later)
		if a1.Kind != engine.ActBid || a3.Kind != engine.ActBid || !b.budget.Model && worthOf(t, why1) != worthOf(t, why3) {
			t.Errorf("%s: at the first turn %v %q, at the next %v %q: want bids of the same value", b.level, a1, why1, a3, why3)
		}
		top1, trump1 := newExpert(b.budget, 5).SuggestBid(first)
		top2, trump2 := newExpert(b.budget, 6).SuggestBid(later)
		if !b.budget.Model && top1 != top2 || trump1 != trump2 || top1 < later.MinNextBid() {
			t.Errorf("%s: suggested %d %v at the first turn, %d %v at the next", b.level, top1, trump1, top2, trump2)
		}
		if !strings.Contains(why3, trump1.Name()) {
			t.Errorf("%s: the hint %q does not name the suggested trump %s", b.level, why3, trump1.Name())
		}
	}
}

// worthOf returns the "worth about N with T" part of a bid's hint.
func worthOf(tb testing.TB, why string) string {
	tb.Helper()
	i := strings.Index(why, "worth about")
	if i < 0 {
		tb.Fatalf("hint %q does not say what the hand is worth", why)
	}
	trump := why[:strings.Index(why, " as trump")]
	return why[i:] + " / " + trump[strings.LastIndex(trump, " ")+1:]
}

// TestCheapestOfBest: of cards the samples cannot tell apart, the readable expert plays the
// one it gives up least readily, so it does not drop an ace or a counter where a low card
// does as well; a card that gains a point or more a hand (a tenth of the smallest counter)
// is played.
func TestCheapestOfBest(t *testing.T) {
	var v engine.View
	decisionPoints(t, "racehorse", nil, 2, func(g *engine.Game, seat int) {
		if v.Rules() == nil && g.Phase() == engine.PhasePlay {
			v = g.View(seat)
		}
	})
	if v.Rules() == nil {
		t.Fatal("no play in the game")
	}
	plain := engine.Spades
	if v.Trump() == plain {
		plain = engine.Hearts
	}
	ace, nine := engine.NewCard(engine.Ace, plain), engine.NewCard(engine.Nine, plain)
	const samples = 100
	for _, c := range []struct {
		name      string
		ace, nine int // totals over the samples
		want      engine.Card
	}{
		{"as good", 5000, 5000, nine},
		{"the ace gains half a point a hand", 5050, 5000, nine},
		{"the ace gains a point a hand", 5100, 5000, ace},
		{"the ace gains 4 a hand", 5400, 5000, ace},
		{"the nine is better", 5000, 5200, nine},
	} {
		stats := []cardStat{{card: ace, total: c.ace}, {card: nine, total: c.nine}}
		top := 0
		if c.nine > c.ace {
			top = 1
		}
		if got := stats[cheapestOfBest(&v, stats, top, samples)].card; got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got.Symbol(), c.want.Symbol())
		}
	}
}

// TestRaiseStaysInReach: a raise of a partner never wins a contract the side must throw in
// as out of reach (Budget.BoundRaises). In random deals of every preset with partners, the
// first bidder opens at a height where raises are close calls and its partner, a computer
// player of each level that bids readably, may raise it while every other seat passes.
// Whenever the partner raises, the raise is at most raiseBound of its meld in the trump
// its plan names, and once meld is shown (the raiser having named trump and the team
// passed as computer players do) the team's meld and every trick point reach the bid.
func TestRaiseStaysInReach(t *testing.T) {
	deals := 48 // a few tenths of a second
	if raceEnabled {
		deals = 24 // the race detector makes each deal ten times slower
	}
	expert := expertBudget // the expert's conventions at a budget a test affords
	expert.PlaySamples, expert.AuctionSamples, expert.PassSamples = 20, 48, 12
	for _, c := range []struct {
		preset string
		opens  []int // the first bidder's opening bids, one per deal in turn
	}{
		{"racehorse", []int{250, 280, 300, 320}},
		{"partnership", []int{260, 290, 310, 330}},
		{"double-deck", []int{51, 55, 60}},
		{"six-handed", []int{20, 21, 22, 23}},
	} {
		for _, b := range []struct {
			level  string
			budget Budget
		}{{"normal", normalBudget}, {"expert", expert}} {
			t.Run(c.preset+"/"+b.level, func(t *testing.T) {
				raises := 0
				for d := range deals {
					if raiseStaysInReach(t, c.preset, b.budget, uint64(d), c.opens[d%len(c.opens)]) {
						raises++
					}
				}
				if raises < 2 {
					t.Errorf("%d raises in %d deals: the case no longer tests the bound", raises, deals)
				}
			})
		}
	}
}

// raiseStaysInReach plays deal seed of preset as TestRaiseStaysInReach describes and
// reports whether the partner raised.
func raiseStaysInReach(t *testing.T, preset string, b Budget, seed uint64, open int) bool {
	t.Helper()
	r := newRules(t, preset, nil)
	g, err := engine.NewGame(r, seed)
	if err != nil {
		t.Fatal(err)
	}
	opener := g.Turn()
	if err := g.Apply(engine.Action{Seat: opener, Kind: engine.ActBid, Bid: open}); err != nil {
		t.Fatalf("deal %d: opening %d: %v", seed, open, err)
	}
	players := make([]*Expert, r.Players)
	for s := range players {
		players[s] = newExpert(b, seed<<8|uint64(s))
	}
	var raiser, bid, meld int = -1, 0, 0
	for n := 0; g.Phase() == engine.PhaseBidding; n++ {
		s := g.Turn()
		v := g.View(s)
		a := engine.Action{Seat: s, Kind: engine.ActPass}
		if s != opener && sameTeam(&r, s, opener) && (raiser < 0 || raiser == s) {
			a = players[s].Choose(v)
			if a.Kind == engine.ActBid {
				p := players[s].planBid(&v)
				if a.Bid > raiseBound(&r, p.meld) {
					t.Fatalf("deal %d: seat %d raises its partner's %d to %d with %d meld in %v: above %d",
						seed, s, open, a.Bid, p.meld, p.trump, raiseBound(&r, p.meld))
				}
				raiser, bid, meld = s, a.Bid, p.meld
			}
		}
		if err := g.Apply(a); err != nil {
			t.Fatalf("deal %d: %v: %v", seed, a, err)
		}
	}
	if raiser < 0 {
		return false
	}
	for g.Phase() == engine.PhaseTrump || g.Phase() == engine.PhasePass || g.Phase() == engine.PhasePassBack {
		for s := range r.Players {
			if g.Waiting(s) {
				if err := g.Apply(players[s].Choose(g.View(s))); err != nil {
					t.Fatalf("deal %d: seat %d: %v", seed, s, err)
				}
				break
			}
		}
	}
	v := g.View(raiser)
	team := r.TeamOf(raiser)
	if !v.MeldShown() || v.Bidder() != raiser {
		t.Fatalf("deal %d: after the raise, %v with meld shown %v and bidder %d", seed, g.Phase(), v.MeldShown(), v.Bidder())
	}
	if need := r.TricksNeeded(v.High(), v.TeamMeld(team)); need > r.TrickTotal() {
		t.Errorf("deal %d: seat %d raised to %d with %d meld, named %v: the team melds %d and needs %d of %d trick points",
			seed, raiser, bid, meld, v.Trump(), v.TeamMeld(team), need, r.TrickTotal())
	}
	return true
}

// TestRaiseBound: a raise goes no higher than the raiser's meld and every trick point,
// floored to a legal bid; meld below the team minimum counts nothing.
func TestRaiseBound(t *testing.T) {
	for _, c := range []struct {
		preset string
		meld   int
		want   int
	}{
		{"racehorse", 70, 320},
		{"racehorse", 0, 250},
		{"partnership", 60, 310},
		{"double-deck", 19, 50}, // below the team minimum of 20: only the 50 trick points
		{"double-deck", 24, 70}, // from 60 up, bids go by fives
		{"double-deck", 40, 90},
		{"six-handed", 6, 31},
	} {
		r := newRules(t, c.preset, nil)
		if got := raiseBound(&r, c.meld); got != c.want {
			t.Errorf("%s, %d meld: raise to at most %d, want %d", c.preset, c.meld, got, c.want)
		}
	}
}

// TestRaiseTrump: a seat that won the auction by a raise of its partner names a suit in
// which its meld keeps the bid in reach, and any suit it may name when none does or when
// it won over an opponent.
func TestRaiseTrump(t *testing.T) {
	// 70 meld in spades (royal marriage, dix, marriage in hearts); in hearts 60 (royal
	// marriage, marriage in spades, but no dix), and 40 in the other suits.
	const h70 = "AS AS 10S 10S KS QS 9S KH QH AH AD AD"
	for _, c := range []struct {
		name string
		bids []int // from seat 1, dealer 0: seat 0 wins at the last
		want uint8 // the suits raiseTrump leaves, as a mask
	}{
		{"over an opponent any suit", []int{310, 0, 0, 320, 0}, 0xF},
		{"a raise to 290 leaves every suit", []int{0, 280, 0, 290, 0}, 0xF},
		{"a raise to 300 leaves spades and hearts", []int{0, 290, 0, 300, 0}, 1<<engine.Spades | 1<<engine.Hearts},
		{"a raise to 320 leaves spades", []int{0, 310, 0, 320, 0}, 1 << engine.Spades},
		{"a raise to 330 leaves every suit: none keeps it in reach", []int{0, 310, 0, 330, 0}, 0xF},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := dealtTrump(t, h70, c.bids...)
			v := g.View(0)
			h := v.Hand()
			got := v.TrumpChoices()
			if wonByRaise(&v) {
				got = raiseTrump(v.Rules(), &h, got, v.High())
			}
			if got != c.want {
				t.Errorf("suits %04b, want %04b (won by a raise: %v)", got, c.want, wonByRaise(&v))
			}
			// The normal level names one of those suits, and says why when some are left out.
			a, why := newExpert(normalBudget, 1).Hint(v)
			if a.Kind != engine.ActTrump || got&(1<<a.Suit) == 0 {
				t.Errorf("names %v: %s", a.Suit, why)
			}
			if says := strings.Contains(why, "raising your partner"); says != (got != v.TrumpChoices()) {
				t.Errorf("the hint %q, with suits %04b of %04b", why, got, v.TrumpChoices())
			}
		})
	}
}

// dealtTrump returns a racehorse game in which seat 0, holding text, won the auction of
// bids (from seat 1, dealer 0; seat 0 bids the last amount) and is to name trump.
func dealtTrump(tb testing.TB, text string, bids ...int) *engine.Game {
	tb.Helper()
	g := dealtGame(tb, "racehorse", 0, text, 3, bids[:len(bids)-2]...)
	for _, amount := range bids[len(bids)-2:] {
		a := engine.Action{Seat: g.Turn(), Kind: engine.ActPass}
		if amount > 0 {
			a = engine.Action{Seat: g.Turn(), Kind: engine.ActBid, Bid: amount}
		}
		if err := g.Apply(a); err != nil {
			tb.Fatal(err)
		}
	}
	for g.Phase() == engine.PhaseBidding {
		if err := g.Apply(engine.Action{Seat: g.Turn(), Kind: engine.ActPass}); err != nil {
			tb.Fatal(err)
		}
	}
	if g.Phase() != engine.PhaseTrump || g.Turn() != 0 {
		tb.Fatalf("after the bids %v, %v with seat %d to act, want seat 0 to name trump", bids, g.Phase(), g.Turn())
	}
	return g
}

// TestSpareTrick: six-handed, a normal player's hand is worth no bid that would need more
// than every trick point but one trick's share over the team's meld (22 of 25) in more
// than a tenth of its samples; a budget that does not spare a trick (normal-v1's, the
// duel's) counts on all 25; four-handed the rule does not apply.
func TestSpareTrick(t *testing.T) {
	for _, c := range []struct {
		preset     string
		reach      int // spareReach
		meld       int // the team's meld in every sample
		normal, v1 int // the worth each level's budget gives
	}{
		{"six-handed", 22, 3, 25, 28},
		{"six-handed", 22, 0, 22, 25},
		{"racehorse", 230, 40, 290, 290},
		{"double-deck", 48, 20, 70, 70},
	} {
		r := newRules(t, c.preset, nil)
		if got := spareReach(&r); got != c.reach {
			t.Errorf("%s: spares a trick of %d points, reach %d, want %d", c.preset, r.TrickTotal(), got, c.reach)
		}
		// Samples in which the team always makes a high bid, with meld c.meld: only the
		// reach of the tricks holds the worth back.
		o := outlook{totals: make([]int, 100), melds: make([]int, 100)}
		for i := range o.totals {
			o.totals[i], o.melds[i] = r.MaxBid, c.meld
		}
		for _, b := range []struct {
			level  string
			budget Budget
			want   int
		}{{"normal", normalBudget, c.normal}, {"normal-v1", Budget{Confidence: 0.50, Risk: 0.25, Hopeless: 0.10, Readable: true}, c.v1}} {
			if got := o.worth(&r, b.budget.Confidence, b.budget.Risk, b.budget.Hopeless, bidReach(&b.budget, &r)); got != b.want {
				t.Errorf("%s, %s, %d meld: worth %d, want %d", c.preset, b.level, c.meld, got, b.want)
			}
		}
	}
}

// TestHopelessBound: the bound on contracts out of reach after meld holds where the rules
// let a bidder throw in, and not where every hand is played (classic, or the throwin
// option "never").
func TestHopelessBound(t *testing.T) {
	b := Budget{Hopeless: 0.2}
	for _, c := range []struct {
		preset  string
		options map[string]string
		want    float64
	}{
		{"racehorse", nil, 0.2},
		{"partnership", nil, 0.2},
		{"double-deck", nil, 0.2},
		{"six-handed", nil, 0.2},
		{"classic", nil, 1},
		{"classic", map[string]string{"throwin": "any"}, 0.2},
		{"racehorse", map[string]string{"throwin": "never"}, 1},
		{"three-handed", nil, 0.2},
		{"three-handed", map[string]string{"throwin": "never"}, 1},
	} {
		r := newRules(t, c.preset, c.options)
		if got := hopelessBound(&b, &r); got != c.want {
			t.Errorf("%s %v: bound %v, want %v", c.preset, c.options, got, c.want)
		}
	}
}

// TestClassicBidsPastHopeless: in classic, where no contract can be thrown in, a readable
// bidder bids what its samples make even when its meld leaves the bid out of reach in
// more of them than Budget.Hopeless: in some opening position of the first hands of
// seeded games the bound would have held the normal level's value lower, and its plan
// never is.
func TestClassicBidsPastHopeless(t *testing.T) {
	r := newRules(t, "classic", nil)
	bound := 0
	for seed := uint64(1); seed <= 40; seed++ {
		g, err := engine.NewGame(r, seed)
		if err != nil {
			t.Fatal(err)
		}
		v := viewOf(g)
		if g.Phase() != engine.PhaseBidding || v.MustBid() {
			t.Fatalf("seed %d: %v, want a free turn of the auction", seed, g.Phase())
		}
		e := newExpert(normalBudget, seed)
		p := e.planBid(&v)
		if p.trump == engine.NoSuit {
			continue
		}
		outs := e.outlooks(&v, 1<<p.trump, v.MinNextBid(), auctionRand(&v))
		need := normalBudget.Confidence
		if partner, _ := partnerBids(&v); partner > 0 {
			need = normalBudget.PartnerConfidence
		}
		free := outs[0].worth(&r, need, normalBudget.Risk, 1, r.TrickTotal())
		held := outs[0].worth(&r, need, normalBudget.Risk, normalBudget.Hopeless, r.TrickTotal())
		if p.worth != free {
			t.Errorf("seed %d: worth %d in %v, want %d, what the samples make", seed, p.worth, p.trump, free)
		}
		if held < free {
			bound++
		}
	}
	if bound == 0 {
		t.Fatal("in no position would Hopeless have held the value lower: the test shows nothing")
	}
}
