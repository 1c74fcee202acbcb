package engine

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// The helpers below build games in exact situations by writing the state directly, then
// drive them through Apply, so that the tables in the tests stay short and readable.

// testRules returns a preset's rules with options written as "key=value".
func testRules(tb testing.TB, preset string, options ...string) Rules {
	tb.Helper()
	m := make(map[string]string, len(options))
	for _, o := range options {
		k, v, ok := strings.Cut(o, "=")
		if !ok {
			tb.Fatalf("option %q is not key=value", o)
		}
		m[k] = v
	}
	r, err := NewRules(preset, m)
	if err != nil {
		tb.Fatalf("NewRules(%q, %v): %v", preset, m, err)
	}
	return r
}

// testGame starts a game of a preset with options, dealt from seed 1: seat 0 deals.
func testGame(tb testing.TB, preset string, options ...string) *Game {
	tb.Helper()
	g, err := NewGame(testRules(tb, preset, options...), 1)
	if err != nil {
		tb.Fatalf("NewGame(%s): %v", preset, err)
	}
	return g
}

// parseCards reads cards written as codes ("AS 10H QD") or symbols ("A♠ 10♥ Q♦").
func parseCards(tb testing.TB, text string) []Card {
	tb.Helper()
	cs, err := ParseCards(text)
	if err != nil {
		tb.Fatalf("ParseCards(%q): %v", text, err)
	}
	return cs
}

func parseHand(tb testing.TB, text string) Hand {
	tb.Helper()
	return HandOf(parseCards(tb, text)...)
}

func parseCard(tb testing.TB, text string) Card {
	tb.Helper()
	c, err := ParseCard(text)
	if err != nil {
		tb.Fatalf("ParseCard(%q): %v", text, err)
	}
	return c
}

// setOf returns the set of the distinct cards written in text.
func setOf(tb testing.TB, text string) CardSet {
	tb.Helper()
	var s CardSet
	for _, c := range parseCards(tb, text) {
		s = s.Add(c)
	}
	return s
}

// fullDeck returns the deck of rules r as card counts, built from the deck's description in
// docs/rules.md: two of every card, or four of every card but the nines in double-deck.
func fullDeck(r *Rules) Hand {
	var h Hand
	for c := Card(0); c < NumKinds; c++ {
		switch {
		case !r.DoubleDeck:
			h[c] = 2
		case c.Rank() != Nine:
			h[c] = 4
		}
	}
	return h
}

// deal replaces the hands of the hand in progress: seats named in hands get those cards and
// every other seat is filled, in card order, from the rest of the deck. It fails unless
// every seat ends with a full hand.
func deal(tb testing.TB, g *Game, hands map[int]string) {
	tb.Helper()
	r := &g.rules
	rest := fullDeck(r)
	var out [MaxPlayers]Hand
	for s, text := range hands {
		h := parseHand(tb, text)
		if !rest.Contains(&h) {
			tb.Fatalf("deal: seat %d's %s is not left in the deck", s, text)
		}
		for i := range h {
			rest[i] -= h[i]
		}
		out[s] = h
	}
	for s := range r.Players {
		if _, given := hands[s]; given {
			continue
		}
		for c := Card(0); c < NumKinds && out[s].Len() < r.HandSize(); c++ {
			for rest[c] > 0 && out[s].Len() < r.HandSize() {
				rest[c]--
				out[s][c]++
			}
		}
	}
	for s := range r.Players {
		if out[s].Len() != r.HandSize() {
			tb.Fatalf("deal: seat %d holds %d cards, want %d", s, out[s].Len(), r.HandSize())
		}
	}
	g.st.Hands = out
	syncDerived(g)
}

// syncDerived brings what the game derives from its state (hand sizes, the shown meld
// views share, where this hand's plays start) in line after a test set the state by hand.
func syncDerived(g *Game) {
	st := &g.st
	for s := range g.rules.Players {
		st.Sizes[s] = uint8(st.Hands[s].Len())
	}
	st.PlayStart = len(st.Plays) - st.TrickN
	if !st.MeldShown {
		g.shown = nil
	}
	g.sync()
}

// setMelds makes meld[s] the total of seat s's counted meld (0 past the end of meld).
func setMelds(g *Game, meld []int) {
	g.countMeld(NoSuit)
	for s := range g.shown {
		g.shown[s] = Meld{}
		if s < len(meld) {
			g.shown[s] = Meld{Total: meld[s]}
		}
	}
}

// setPlay puts g into trick play: the bidder has bid bid and named trump, seat leader is to
// lead the trick, and each seat holds the cards in hands (missing seats hold none). Meld
// is not counted: the tests that use it look at play only.
func setPlay(tb testing.TB, g *Game, bidder, bid int, trump Suit, leader int, hands map[int]string) {
	tb.Helper()
	st := &g.st
	st.Phase, st.Bidder, st.High, st.Trump = PhasePlay, bidder, bid, trump
	st.MeldShown = true
	st.Hands = [MaxPlayers]Hand{}
	for s, text := range hands {
		st.Hands[s] = parseHand(tb, text)
	}
	st.Leader, st.Turn, st.TrickN, st.WinIdx = leader, leader, 0, 0
	syncDerived(g)
}

// Constructors of actions.
func bidAct(seat, amount int) Action   { return Action{Seat: seat, Kind: ActBid, Bid: amount} }
func passAct(seat int) Action          { return Action{Seat: seat, Kind: ActPass} }
func trumpAct(seat int, s Suit) Action { return Action{Seat: seat, Kind: ActTrump, Suit: s} }
func playHandAct(seat int) Action      { return Action{Seat: seat, Kind: ActPlayHand} }
func throwInAct(seat int) Action       { return Action{Seat: seat, Kind: ActThrowIn} }
func moonAct(seat int) Action          { return Action{Seat: seat, Kind: ActShootMoon} }

func giveAct(tb testing.TB, seat int, cards string) Action {
	tb.Helper()
	return Action{Seat: seat, Kind: ActPassCards, Cards: parseCards(tb, cards)}
}

func playAct(tb testing.TB, seat int, card string) Action {
	tb.Helper()
	return Action{Seat: seat, Kind: ActPlayCard, Card: parseCard(tb, card)}
}

// mustApply applies actions in order and fails on the first one rejected.
func mustApply(tb testing.TB, g *Game, actions ...Action) {
	tb.Helper()
	for _, a := range actions {
		if err := g.Apply(a); err != nil {
			tb.Fatalf("%s: %v", a, err)
		}
	}
}

// gameJSON returns the game's stored form.
func gameJSON(tb testing.TB, g *Game) string {
	tb.Helper()
	b, err := json.Marshal(g)
	if err != nil {
		tb.Fatalf("marshal game: %v", err)
	}
	return string(b)
}

// mustReject applies a and checks that it is refused with a *RuleError of the given code
// whose message contains msg, and that the game did not change at all.
func mustReject(tb testing.TB, g *Game, a Action, code ErrorCode, msg string) {
	tb.Helper()
	before := gameJSON(tb, g)
	checkErr := g.Check(a)
	err := g.Apply(a)
	if err == nil {
		tb.Fatalf("%s was accepted; want %s error %q", a, code, msg)
	}
	var re *RuleError
	if !errors.As(err, &re) {
		tb.Fatalf("%s: error %v (%T) is not a *RuleError", a, err, err)
	}
	if re.Code != code || !strings.Contains(re.Msg, msg) {
		tb.Errorf("%s: got %s error %q, want %s error containing %q", a, re.Code, re.Msg, code, msg)
	}
	if checkErr == nil || checkErr.Error() != err.Error() {
		tb.Errorf("%s: Check says %v, Apply says %v", a, checkErr, err)
	}
	if after := gameJSON(tb, g); after != before {
		tb.Errorf("%s was rejected but changed the game", a)
	}
}

// actingSeat returns a seat expected to act: the seat whose turn it is, or, when several
// may act at once, one of them chosen by rng.
func actingSeat(g *Game, rng *rand.Rand) int {
	if g.Turn() >= 0 {
		return g.Turn()
	}
	var seats []int
	for s := range g.rules.Players {
		if g.Waiting(s) {
			seats = append(seats, s)
		}
	}
	if len(seats) == 0 {
		return -1
	}
	return seats[rng.IntN(len(seats))]
}

// randomAction returns a uniformly chosen legal action for seat, read only from what the
// engine offers (NextBids, TrumpChoices, PassRuleFor, DecideChoices, LegalCards).
func randomAction(g *Game, seat int, rng *rand.Rand) Action {
	a := Action{Seat: seat}
	switch g.Phase() {
	case PhaseBidding:
		bids := g.NextBids(6)
		if g.MustBid() || (len(bids) > 0 && rng.IntN(3) == 0) {
			a.Kind, a.Bid = ActBid, bids[rng.IntN(len(bids))]
		} else {
			a.Kind = ActPass
		}
	case PhaseTrump:
		var suits []Suit
		for s := Spades; s < NoSuit; s++ {
			if g.TrumpChoices()&(1<<s) != 0 {
				suits = append(suits, s)
			}
		}
		a.Kind, a.Suit = ActTrump, suits[rng.IntN(len(suits))]
	case PhasePass, PhasePassBack:
		pr := g.PassRuleFor(seat)
		h := g.Hand(seat)
		pref := pr.Prefer
		a.Kind = ActPassCards
		a.Cards = drawCards(&pref, &h, pr.Need, nil, rng)
		a.Cards = drawCards(&h, &h, pr.Count-len(a.Cards), a.Cards, rng)
	case PhaseDecide:
		ch := g.DecideChoices()
		a.Kind = ch[rng.IntN(len(ch))]
	case PhasePlay:
		if g.rules.DeclareOut && rng.IntN(40) == 0 {
			a.Kind = ActDeclareOut
			return a
		}
		cs := g.LegalCards(seat).Cards()
		a.Kind, a.Card = ActPlayCard, cs[rng.IntN(len(cs))]
	case PhaseMeld:
		ch := g.MeldChoices()
		if i := rng.IntN(len(ch) + 1); i < len(ch) {
			a.Kind, a.Cards = ActMeld, ch[i].Cards()
		} else {
			a.Kind = ActDraw
		}
	}
	return a
}

// drawCards appends n cards drawn uniformly from pool, taking each out of pool and hand.
func drawCards(pool, hand *Hand, n int, out []Card, rng *rand.Rand) []Card {
	for range n {
		k := rng.IntN(pool.Len())
		for c := Card(0); c < NumKinds; c++ {
			if k < pool.Count(c) {
				pool[c]--
				if pool != hand {
					hand[c]--
				}
				out = append(out, c)
				break
			}
			k -= pool.Count(c)
		}
	}
	return out
}

// checkCards checks that every card of the deck is in exactly one place: a hand, the trick
// in progress or a trick completed this hand. Cards chosen in a six-handed pass stay in the
// passer's hand until every passer has chosen, so they must be part of that hand.
func checkCards(tb testing.TB, g *Game) {
	tb.Helper()
	st := &g.st
	r := &g.rules
	var all Hand
	for s := range MaxPlayers {
		if s >= r.Players && st.Hands[s].Len() > 0 {
			tb.Fatalf("seat %d of a %d-player game holds cards", s, r.Players)
		}
		for i := range all {
			all[i] += st.Hands[s][i]
		}
		if !st.Hands[s].Contains(&st.Passing[s]) {
			tb.Fatalf("seat %d passes %s but holds %s", s, st.Passing[s], st.Hands[s])
		}
	}
	if st.Phase != PhasePlay && st.TrickN != 0 {
		tb.Fatalf("a trick of %d cards outside play", st.TrickN)
	}
	for _, c := range st.Trick[:st.TrickN] {
		all[c]++
	}
	for _, p := range st.Plays[st.PlayStart : len(st.Plays)-st.TrickN] {
		all[p.Card]++
	}
	if r.Widow > 0 && !st.WidowTaken {
		for _, c := range st.Widow[:r.Widow] {
			all[c]++
		}
	}
	for c, n := range st.Buried {
		all[c] += n
	}
	if r.Stock {
		for _, c := range st.Stock[stockCap-st.StockN:] {
			all[c]++
		}
		for s := range r.Players {
			if int(st.Sizes[s]) != st.Hands[s].Len() {
				tb.Fatalf("seat %d is said to hold %d cards, holds %s", s, st.Sizes[s], st.Hands[s])
			}
			if g.table == nil {
				continue
			}
			if !st.Hands[s].Contains(&g.table.Tabled[s]) || !st.Hands[s].Contains(&g.table.Known[s]) {
				tb.Fatalf("seat %d holds %s, less than its table %s or known cards %s", s, st.Hands[s], g.table.Tabled[s], g.table.Known[s])
			}
			if !g.table.Known[s].Contains(&g.table.Tabled[s]) {
				tb.Fatalf("seat %d's table %s is not all known (%s)", s, g.table.Tabled[s], g.table.Known[s])
			}
		}
	}
	if want := fullDeck(r); all != want {
		tb.Fatalf("cards in play %s, want the deck %s", all, want)
	}
}

// rankValues returns what each rank scores in tricks under rules r, written out from
// docs/rules.md (the preset's counters and the counter schemes), and the last-trick bonus.
func rankValues(tb testing.TB, r *Rules) (values [NumRanks]int, last int) {
	tb.Helper()
	if r.Preset == "double-deck" || r.Preset == "six-handed" {
		values[Ace], values[Ten], values[King] = 1, 1, 1
		if r.Preset == "double-deck" {
			return values, 2
		}
		return values, 1
	}
	switch r.Counters {
	case "A10K":
		values[Ace], values[Ten], values[King] = 10, 10, 10
	case "fives":
		values[Ace], values[Ten], values[King], values[Queen] = 10, 10, 5, 5
	case "eleven":
		values[Ace], values[Ten], values[King], values[Queen], values[Jack] = 11, 10, 4, 3, 2
	case "AK-QJ":
		values[Ace], values[King], values[Queen], values[Jack] = 10, 10, 5, 5
	default:
		tb.Fatalf("no values written for counters %q", r.Counters)
	}
	return values, 10
}

// parseRanks reads ranks separated by spaces, "A*12" standing for twelve aces.
func parseRanks(tb testing.TB, text string) []Rank {
	tb.Helper()
	var out []Rank
	for _, f := range strings.Fields(text) {
		code, times := f, 1
		if c, n, ok := strings.Cut(f, "*"); ok {
			code = c
			times = 0
			for _, d := range n {
				if d < '0' || d > '9' {
					tb.Fatalf("bad repeat in %q", f)
				}
				times = times*10 + int(d-'0')
			}
		}
		r := Rank(255)
		for i, rc := range rankCodes {
			if rc == code {
				r = Rank(i)
			}
		}
		if r == 255 {
			tb.Fatalf("bad rank %q in %q", code, text)
		}
		for range times {
			out = append(out, r)
		}
	}
	return out
}

// handEnd describes a hand about to end: every trick but the last has been taken, as
// described by took and rest, and the last trick is then played through Apply.
type handEnd struct {
	bidder, bid int
	trump       Suit
	meld        []int // each seat's shown meld
	// took gives the ranks of the cards each seat took before the last trick ("A A 10 K",
	// "A*12"); suits are chosen by the helper. Each seat's cards are filled up to whole
	// tricks with cards that score nothing.
	took map[int]string
	rest int // the seat that took every other card before the last trick
	// last is the seat that leads the last trick and takes it; the trick holds no card
	// that scores, only the last-trick bonus.
	last   int
	scores [2]int // the scores before the hand
	moon   bool
	handNo int // the hand's number; 0 means 1
}

// finish sets g up as described, plays the last trick and returns the hand's result.
func (he handEnd) finish(tb testing.TB, g *Game) HandResult {
	tb.Helper()
	r := &g.rules
	p := r.Players
	values, _ := rankValues(tb, r)
	pool := fullDeck(r)
	take := func(c Card) bool {
		if pool[c] == 0 {
			return false
		}
		pool[c]--
		return true
	}
	// blank takes a card that scores nothing, outside suit avoid when it is a suit.
	blank := func(avoid Suit) Card {
		for rank := Nine; rank <= Ace; rank++ {
			for s := Spades; s < NoSuit; s++ {
				if c := NewCard(rank, s); values[rank] == 0 && s != avoid && take(c) {
					return c
				}
			}
		}
		tb.Fatalf("no card scoring nothing is left")
		return 0
	}
	var lastTrick [MaxPlayers]Card
	low := NewCard(Nine, he.trump)
	if r.DoubleDeck {
		low = NewCard(Jack, he.trump)
	}
	if values[low.Rank()] != 0 || !take(low) {
		tb.Fatalf("cannot lead %s to the last trick", low)
	}
	lastTrick[he.last] = low
	for s := range p {
		if s != he.last {
			lastTrick[s] = blank(he.trump)
		}
	}
	var won [MaxPlayers]Hand
	for s := range p {
		for _, rank := range parseRanks(tb, he.took[s]) {
			found := false
			for _, suit := range []Suit{(he.trump + 1) % 4, (he.trump + 2) % 4, (he.trump + 3) % 4, he.trump} {
				if c := NewCard(rank, suit); take(c) {
					won[s][c]++
					found = true
					break
				}
			}
			if !found {
				tb.Fatalf("no %s left for seat %d", rank, s)
			}
		}
	}
	for s := range p {
		for won[s].Len()%p != 0 {
			won[s][blank(NoSuit)]++
		}
	}
	for i := range pool {
		won[he.rest][i] += pool[i]
	}
	st := &g.st
	st.Phase, st.Bidder, st.High, st.Trump, st.Moon = PhasePlay, he.bidder, he.bid, he.trump, he.moon
	st.HandNo = max(he.handNo, 1)
	st.MeldShown = true
	setMelds(g, he.meld)
	st.Took = 0
	tricks := 0
	for s := range p {
		st.Points[s] = 0
		for c, k := range won[s] {
			st.Points[s] += int(k) * values[Card(c).Rank()]
		}
		if st.Points[s] > 0 {
			st.Took |= 1 << s
		}
		st.TricksWon[s] = won[s].Len() / p
		tricks += st.TricksWon[s]
		st.Hands[s] = HandOf(lastTrick[s])
	}
	if tricks != r.HandSize()-1 || won[he.rest].Len()%p != 0 {
		tb.Fatalf("handEnd: %d tricks before the last, want %d", tricks, r.HandSize()-1)
	}
	st.Tricks, st.LastSeat = r.HandSize()-1, -1
	st.Leader, st.Turn, st.TrickN, st.WinIdx = he.last, he.last, 0, 0
	st.Scores = he.scores
	syncDerived(g)
	n := len(st.Results)
	for i := range p {
		s := (he.last + i) % p
		mustApply(tb, g, Action{Seat: s, Kind: ActPlayCard, Card: lastTrick[s]})
	}
	if len(st.Results) != n+1 {
		tb.Fatalf("the last trick did not end the hand")
	}
	return st.Results[n]
}

// setDecide puts g at the bidder's decision after meld: bidder has bid bid and named trump,
// and each seat has shown the meld given.
func setDecide(g *Game, bidder, bid int, trump Suit, meld []int) {
	st := &g.st
	st.Phase, st.Turn, st.Bidder, st.High, st.Trump = PhaseDecide, bidder, bidder, bid, trump
	st.MeldShown = true
	setMelds(g, meld)
	syncDerived(g)
}

// trickTotals are the points in one hand's tricks, last trick included, per preset
// (docs/rules.md, "Counters and trick points").
var trickTotals = map[string]int{
	"racehorse": 250, "classic": 250, "partnership": 250, "double-deck": 50, "six-handed": 25, "two-handed": 250, "three-handed": 250,
}

// newRand returns a random source for a test, seeded.
func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x9E3779B97F4A7C15)) }

// optionSets returns the option sets the random-game tests play preset with: as it comes,
// and with the bidder's decision open (throw-in and moon), or for two-handed, which has no
// bidder, with declaring out.
func optionSets(preset string) [][]string {
	switch preset {
	case "two-handed":
		return [][]string{nil, {"declare=on", "target=600"}}
	case "three-handed":
		return [][]string{nil, {"set=double", "throwin=never"}}
	}
	return [][]string{nil, {"moon=on", "throwin=any"}}
}
