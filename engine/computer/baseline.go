package computer

import (
	"math/bits"
	"math/rand/v2"

	"github.com/pinochle-discord/pinochle/engine"
)

// table is the part of the game a player reads. seatView implements it from a seat's
// view, so that a player can only ever read what its seat may know.
type table interface {
	Rules() *engine.Rules
	Phase() engine.Phase
	// Hand returns the seat's own cards; a view holds no other hand.
	Hand(seat int) engine.Hand
	// MeldTotal returns a seat's shown meld, 0 before meld is shown.
	MeldTotal(seat int) int
	// Auction returns this hand's auction.
	Auction() []engine.Bid
	Bidder() int
	HighBid() int
	Trump() engine.Suit
	TrickCards() []engine.Played
	LegalCards(seat int) engine.CardSet
	PassRuleFor(seat int) engine.PassRule
	PassTarget(seat int) int
	TrumpChoices() uint8
	DecideChoices() []engine.ActionKind
	AppendNextBids(out []int, n int) []int
	MustBid() bool
	Check(a engine.Action) error
}

// seatView answers the table's questions from one seat's view.
type seatView struct{ v *engine.View }

var _ table = seatView{}

func (s seatView) Rules() *engine.Rules        { return s.v.Rules() }
func (s seatView) Phase() engine.Phase         { return s.v.Phase() }
func (s seatView) Hand(int) engine.Hand        { return s.v.Hand() }
func (s seatView) Auction() []engine.Bid       { return s.v.Auction() }
func (s seatView) Bidder() int                 { return s.v.Bidder() }
func (s seatView) HighBid() int                { return s.v.High() }
func (s seatView) Trump() engine.Suit          { return s.v.Trump() }
func (s seatView) TrickCards() []engine.Played { return s.v.Trick() }
func (s seatView) LegalCards(int) engine.CardSet {
	return s.v.Legal()
}
func (s seatView) PassRuleFor(int) engine.PassRule       { return s.v.PassRule() }
func (s seatView) PassTarget(seat int) int               { return s.v.PassTarget(seat) }
func (s seatView) TrumpChoices() uint8                   { return s.v.TrumpChoices() }
func (s seatView) DecideChoices() []engine.ActionKind    { return s.v.DecideChoices() }
func (s seatView) AppendNextBids(out []int, n int) []int { return s.v.AppendNextBids(out, n) }
func (s seatView) MustBid() bool                         { return s.v.MustBid() }
func (s seatView) Check(a engine.Action) error           { return s.v.Check(a) }
func (s seatView) MeldTotal(seat int) int {
	m, _ := s.v.ShownMeld(seat)
	return m.Total
}

// Baseline is a computer player that plays sensibly from its own cards and the public
// table, without counting cards or searching:
//
//   - It bids the next legal bid while that stays within an estimate of its hand: its best
//     meld over the suits it may name, trick points from aces, tens and trump length, a
//     teammate's average share of meld and tricks, and the cards a partner will pass. It
//     does not raise a teammate who holds the bid unless its hand is well above the bid,
//     nor past its own meld and every trick point (raiseBound).
//   - It names the suit that maximises meld plus trump length and strength.
//   - Passing to the bidder, it gives trump, aces and cards that make meld (pinochle
//     cards, trump kings and queens); passing back, it gives low cards outside its meld.
//   - It throws in a hand it cannot make and shoots the moon only with a hand that takes
//     every trick by force.
//   - In play it leads its aces of plain suits, wins tricks with the lowest card that wins,
//     smears a counter to a teammate who safely holds the trick, and otherwise discards
//     its lowest non-counter.
//
// Its only random choice is a small jitter in its bidding estimate, drawn from the seed,
// so that a table of Baselines does not bid identically every time. A Baseline is not
// safe for concurrent use; it holds no state about any game, so one Baseline may play
// several seats and several games.
type Baseline struct {
	src  rand.PCG
	bids [4]int
}

// newBaseline returns a baseline player drawing its few random choices from seed.
func newBaseline(seed uint64) *Baseline {
	b := &Baseline{}
	b.src.Seed(seed, seed^0x9E3779B97F4A7C15)
	return b
}

// Choose returns a legal action for the view's seat, which must be expected to act.
func (b *Baseline) Choose(v engine.View) engine.Action {
	a := b.choose(seatView{&v}, v.Seat())
	if v.Check(a) != nil {
		// Never expected: the choices above are built from the legal options. Fall back
		// to the simplest legal action rather than hand the caller an action it must reject.
		a = fallback(&v)
	}
	return a
}

// choose picks the action for seat from what the table shows that seat.
func (b *Baseline) choose(t table, seat int) engine.Action {
	if sv, ok := t.(seatView); ok && sv.v.Rules().Stock {
		return twoHandedBaseline(sv.v) // two-handed decisions are of their own (twohanded.go)
	}
	if sv, ok := t.(seatView); ok && sv.v.Rules().Solo {
		// Three-handed bidding, trump, bury and throw-in are of their own (threehanded.go);
		// its play is the play below, the defenders a side.
		if a, ok := b.soloBaseline(sv.v); ok {
			return a
		}
	}
	switch t.Phase() {
	case engine.PhaseBidding:
		return b.bid(t, seat)
	case engine.PhaseTrump:
		return engine.Action{Seat: seat, Kind: engine.ActTrump, Suit: b.trump(t, seat)}
	case engine.PhasePass, engine.PhasePassBack:
		return engine.Action{Seat: seat, Kind: engine.ActPassCards, Cards: b.pass(t, seat)}
	case engine.PhaseDecide:
		return engine.Action{Seat: seat, Kind: b.decide(t, seat)}
	case engine.PhasePlay:
		return engine.Action{Seat: seat, Kind: engine.ActPlayCard, Card: b.play(t, seat)}
	}
	return engine.Action{Seat: seat}
}

// fallback returns the first legal action for the view's seat in the simplest form.
func fallback(v *engine.View) engine.Action {
	a := engine.Action{Seat: v.Seat()}
	switch v.Phase() {
	case engine.PhaseBidding:
		a.Kind = engine.ActPass
		if v.MustBid() {
			a.Kind, a.Bid = engine.ActBid, v.MinNextBid()
		}
	case engine.PhaseTrump:
		a.Kind = engine.ActTrump
		if choices := v.TrumpChoices(); choices != 0 {
			a.Suit = engine.Suit(bits.TrailingZeros8(choices))
		}
	case engine.PhasePass, engine.PhasePassBack:
		rule := v.PassRule()
		hand := v.Hand()
		pref := rule.Prefer
		a.Kind = engine.ActPassCards
		a.Cards = take(&pref, &hand, rule.Need, nil)
		a.Cards = take(&hand, &hand, rule.Count-len(a.Cards), a.Cards)
	case engine.PhaseDecide:
		a.Kind = engine.ActPlayHand
	case engine.PhaseMeld:
		a.Kind = engine.ActDraw
	case engine.PhasePlay:
		a.Kind = engine.ActPlayCard
		if legal := v.Legal(); legal != 0 {
			a.Card = legal.Cards()[0]
		}
	}
	return a
}

// take appends the first n cards of pool, removing them from pool and hand.
func take(pool, hand *engine.Hand, n int, out []engine.Card) []engine.Card {
	for c := engine.Card(0); c < engine.NumKinds && n > 0; c++ {
		for pool[c] > 0 && n > 0 {
			pool[c]--
			if pool != hand {
				hand[c]--
			}
			out = append(out, c)
			n--
		}
	}
	return out
}

// ----- estimates -----

// teammates returns how many other seats are on seat's team.
func teammates(r *engine.Rules) int { return r.Players/2 - 1 }

// sameTeam reports whether seats a and b play together.
func sameTeam(r *engine.Rules, a, b int) bool { return r.TeamOf(a) == r.TeamOf(b) }

// perTrick returns the average trick points of one trick, last-trick bonus included.
func perTrick(r *engine.Rules) float64 {
	return float64(r.TrickTotal()) / float64(r.HandSize())
}

// trickShare estimates how many tricks hand h takes with trump t: sure winners in trump,
// aces in plain suits, and trump length beyond a fair share of the suit.
func trickShare(r *engine.Rules, h *engine.Hand, t engine.Suit) float64 {
	copies := r.Copies(engine.NewCard(engine.Ace, engine.Spades))
	trumpsInDeck := 0
	for rk := engine.Nine; rk <= engine.Ace; rk++ {
		trumpsInDeck += r.Copies(engine.NewCard(rk, engine.Spades))
	}
	fair := float64(trumpsInDeck) / float64(r.Players)
	tricks := 0.0
	for s := engine.Spades; s < engine.NoSuit; s++ {
		aces := int(h[engine.NewCard(engine.Ace, s)])
		tens := int(h[engine.NewCard(engine.Ten, s)])
		if s == t {
			n := h.SuitCount(s)
			tricks += 0.95*float64(aces) + 0.7*float64(tens)
			tricks += 0.4 * float64(h[engine.NewCard(engine.King, s)])
			if extra := float64(n) - fair; extra > 0 {
				tricks += 0.6 * extra
			}
			continue
		}
		// The first aces of a plain suit usually take a trick; later copies less often,
		// since the suit runs out and opponents trump.
		for i := range aces {
			tricks += max(0.8-0.25*float64(i), 0.2)
		}
		if aces > 0 && tens > 0 && copies > 1 {
			tricks += 0.2
		}
	}
	return min(tricks, float64(r.HandSize()))
}

// mateShare is the part of a fair share of the tricks a teammate is expected to take.
// Six-handed, each player of the bidding team must also save its own score, so less of
// its tricks is sure to count.
func mateShare(r *engine.Rules) float64 {
	if r.Save == engine.SavePerPlayer {
		return 0.6
	}
	return 0.85
}

// averageMeld estimates what a teammate adds to the team's meld: roughly what a dealt hand
// melds with the trump its side names (double-deck, less: the team keeps its meld only
// with 20 in counters).
func averageMeld(r *engine.Rules) float64 {
	if r.DoubleDeck {
		return 10
	}
	if r.Players == 6 {
		return 2
	}
	return 4 * float64(r.Scale())
}

// handEstimate returns what seat's team may expect to score in a hand if seat's hand h
// names trump t: meld, trick points, the teammates' average share, and (when it will
// receive cards) an allowance for them.
func handEstimate(r *engine.Rules, h *engine.Hand, t engine.Suit, receives bool) float64 {
	m := engine.CountMeld(h, t, &r.Meld)
	pt := perTrick(r)
	mates := float64(teammates(r))
	tricks := trickShare(r, h, t)*pt + mates*float64(r.TrickTotal())/float64(r.Players)*mateShare(r)
	est := float64(m.Total) + mates*averageMeld(r)
	if receives && r.PassCount > 0 {
		// Cards a teammate passes are its best for the bidder: trump, aces and meld.
		// Six-handed, one teammate of two passes to the bidder, and the hand is shorter.
		per := 0.45*pt + 1.5*float64(r.Scale())
		if r.Players == 6 {
			per = 0.3*pt + 0.5*float64(r.Scale())
		}
		est += float64(r.PassCount) * per
	}
	if m.WinsGame {
		est += float64(r.MaxBid)
	}
	return est + min(tricks, float64(r.TrickTotal()))
}

// bestTrump returns the suit among choices (one bit per suit) that gives hand h the best
// estimate, and that estimate; NoSuit and 0 when choices is empty.
func bestTrump(r *engine.Rules, h *engine.Hand, choices uint8, receives bool) (engine.Suit, float64) {
	best, bestVal := engine.NoSuit, 0.0
	for s := engine.Spades; s < engine.NoSuit; s++ {
		if choices&(1<<s) == 0 {
			continue
		}
		v := handEstimate(r, h, s, receives) + 0.01*float64(h.SuitCount(s))
		if best == engine.NoSuit || v > bestVal {
			best, bestVal = s, v
		}
	}
	return best, bestVal
}

// marriageSuits returns the suits in which h holds a king and a queen.
func marriageSuits(h *engine.Hand) uint8 {
	var m uint8
	for s := engine.Spades; s < engine.NoSuit; s++ {
		if h.Has(engine.NewCard(engine.King, s)) && h.Has(engine.NewCard(engine.Queen, s)) {
			m |= 1 << s
		}
	}
	return m
}

// ----- bidding -----

func (b *Baseline) bid(t table, seat int) engine.Action {
	r := t.Rules()
	pass := engine.Action{Seat: seat, Kind: engine.ActPass}
	next := t.AppendNextBids(b.bids[:0], 1)
	if len(next) == 0 {
		if t.MustBid() {
			return engine.Action{Seat: seat, Kind: engine.ActBid, Bid: r.MaxBid}
		}
		return pass
	}
	bid := engine.Action{Seat: seat, Kind: engine.ActBid, Bid: next[0]}
	if t.MustBid() {
		return bid
	}
	h := t.Hand(seat)
	choices := uint8(0xF)
	if r.TrumpNeedsMarriage {
		choices = marriageSuits(&h)
		if choices == 0 {
			return pass // it would be board set
		}
	}
	receives := r.PassStyle != engine.PassNone
	suit, est := bestTrump(r, &h, choices, receives)
	// A jitter of up to one minimal raise either way keeps tables from bidding alike.
	step := float64(max(r.MinRaise, r.BidStep))
	est += step * (float64(b.src.Uint64()%3) - 1)

	if high := highBidder(t, seat); high >= 0 && high != seat && sameTeam(r, high, seat) {
		// The bid is the team's already: raise it only with a hand far above it, and no
		// higher than its own meld in the suit it would name and every trick point make,
		// so that a contract the raise wins is never out of reach (raiseBound): it names
		// that suit (trump) and passes back cards outside its meld.
		est = min(est-2*perTrick(r), float64(raiseBound(r, engine.CountMeld(&h, suit, &r.Meld).Total)))
	}
	if float64(next[0]) <= est {
		return bid
	}
	return pass
}

// highBidder returns the seat that made the highest bid of its own free will so far, or -1
// when nobody has (a forced opening does not count: it shows nothing of the hand).
func highBidder(t table, seat int) int {
	auction := t.Auction()
	for i := len(auction) - 1; i >= 0; i-- {
		if e := auction[i]; !e.Pass() {
			if e.Forced {
				return -1
			}
			return e.Seat
		}
	}
	return -1
}

// ----- trump -----

func (b *Baseline) trump(t table, seat int) engine.Suit {
	h := t.Hand(seat)
	s, _ := bestTrump(t.Rules(), &h, t.TrumpChoices(), false)
	return s
}

// ----- passing -----

// pass chooses the cards seat passes now.
func (b *Baseline) pass(t table, seat int) []engine.Card {
	r := t.Rules()
	rule := t.PassRuleFor(seat)
	hand := t.Hand(seat)
	trump := t.Trump()
	out := make([]engine.Card, 0, rule.Count)
	ps := newPassScores(r, trump)
	if t.Phase() == engine.PhasePass && t.PassTarget(seat) == t.Bidder() && seat != t.Bidder() {
		return passToBidder(r, &ps, &hand, trump, rule.Count, out)
	}
	// The bidder passing back (or six-handed, passing to a teammate who is not the
	// bidder): keep meld, trump and winners; give the lowest cards outside the meld.
	m := engine.CountMeld(&hand, trump, &r.Meld)
	used := m.Used()
	var free engine.Hand
	for c := range hand {
		free[c] = hand[c] - min(hand[c], used[c])
	}
	if rule.Need > 0 {
		free = rule.Prefer
	}
	out = lowest(&ps, &hand, &free, rule.Count, out)
	return lowest(&ps, &hand, &hand, rule.Count-len(out), out)
}

// passScores are the scores the Baseline passes by, worked out once for each card under
// one trump: giveScore, for a card outside and inside the passer's meld, and keepBase.
type passScores struct {
	give [2][engine.NumKinds]int
	keep [engine.NumKinds]int
	// keepByRank says that keep does not fall as the rank rises within a suit.
	keepByRank bool
}

// newPassScores returns the pass scores of rules r with trump named.
func newPassScores(r *engine.Rules, trump engine.Suit) passScores {
	var ps passScores
	for c := engine.Card(0); c < engine.NumKinds; c++ {
		ps.give[0][c] = giveScore(r, c, trump, false)
		ps.give[1][c] = giveScore(r, c, trump, true)
		ps.keep[c] = keepBase(r, c, trump)
	}
	ps.keepByRank = risesByRank(&ps.keep)
	return ps
}

// gift returns giveScore of card c, inMeld as giveScore takes it.
func (ps *passScores) gift(c engine.Card, inMeld bool) int {
	if inMeld {
		return ps.give[1][c]
	}
	return ps.give[0][c]
}

// passToBidder gives the bidder n cards from hand, appended to out: trump first, highest
// first, then aces, then cards that make meld in the bidder's hand, then tens. ps are the
// pass scores of r and trump.
func passToBidder(r *engine.Rules, ps *passScores, hand *engine.Hand, trump engine.Suit, n int, out []engine.Card) []engine.Card {
	mine := engine.CountMeld(hand, trump, &r.Meld)
	used := mine.Used()
	// The giveScore of each card held; only the card given changes it.
	held := hand.Set()
	var score [engine.NumKinds]int
	for s := held; s != 0; s &= s - 1 {
		c := lowestCard(s)
		score[c] = ps.gift(c, used[c] >= hand[c])
	}
	for range n {
		best, bestScore := engine.Card(0), -1<<30
		for s := held; s != 0; s &= s - 1 {
			if c := lowestCard(s); score[c] > bestScore {
				best, bestScore = c, score[c]
			}
		}
		hand[best]--
		if hand[best] == 0 {
			held &^= 1 << best
		}
		if used[best] > hand[best] {
			used[best] = hand[best]
		}
		score[best] = ps.gift(best, used[best] >= hand[best])
		out = append(out, best)
	}
	return out
}

// giveScore ranks a card as a gift to the bidder: the higher, the sooner it is passed.
// inMeld marks a card whose every copy makes the passer's own meld.
func giveScore(r *engine.Rules, c engine.Card, trump engine.Suit, inMeld bool) int {
	rk, s := c.Rank(), c.Suit()
	score := 0
	switch {
	case s == trump:
		score = 1000 + 10*int(rk)
	case rk == engine.Ace:
		score = 600
	case c == engine.NewCard(engine.Queen, engine.Spades) || c == engine.NewCard(engine.Jack, engine.Diamonds):
		score = 300 // pinochle cards
	case rk == engine.Ten:
		score = 200
	default:
		score = 100 + 10*int(rk)
	}
	if inMeld && s != trump {
		score -= 250 // keep the team's meld on this side too
	}
	return score
}

// lowest appends n cards from pool (a part of hand) with the lowest keepValue, removing
// each from pool and hand; ps are the pass scores of the rules and trump.
func lowest(ps *passScores, hand, pool *engine.Hand, n int, out []engine.Card) []engine.Card {
	if n <= 0 {
		return out
	}
	// The cards of pool, and the suit lengths of hand, which change as cards leave it.
	left := pool.Set()
	suits := suitLengths(hand)
	for range n {
		if left == 0 {
			break
		}
		cands := left
		if ps.keepByRank {
			cands = lowestOfSuits(left) // the lowest keep value of a suit is its lowest card's
		}
		best, bestCost := engine.Card(0), 0
		for s := cands; s != 0; s &= s - 1 {
			c := lowestCard(s)
			if k := ps.keep[c] + 3*int(suits[c.Suit()]); s == cands || k < bestCost {
				best, bestCost = c, k
			}
		}
		pool[best]--
		if pool != hand {
			hand[best]--
		}
		if pool[best] == 0 {
			left &^= 1 << best
		}
		suits[best.Suit()]--
		out = append(out, best)
	}
	return out
}

// keepValue ranks a card for keeping: trump and aces highest, counters next, low cards of
// short plain suits lowest (giving them away makes a void to trump into).
func keepValue(r *engine.Rules, hand *engine.Hand, c engine.Card, trump engine.Suit) int {
	return keepBase(r, c, trump) + 3*hand.SuitCount(c.Suit())
}

// keepBase is keepValue without its term for the length of the card's suit in the hand.
func keepBase(r *engine.Rules, c engine.Card, trump engine.Suit) int {
	rk := c.Rank()
	v := 10*int(rk) + 5*r.RankValue[rk]/r.Scale()
	if c.Suit() == trump {
		v += 1000
	}
	if rk == engine.Ace {
		v += 300
	}
	return v
}

// ----- deciding -----

func (b *Baseline) decide(t table, seat int) engine.ActionKind {
	r := t.Rules()
	canThrow, canMoon := false, false
	for _, k := range t.DecideChoices() {
		switch k {
		case engine.ActThrowIn:
			canThrow = true
		case engine.ActShootMoon:
			canMoon = true
		}
	}
	h := t.Hand(seat)
	trump := t.Trump()
	if canMoon && overwhelming(r, &h, trump) {
		return engine.ActShootMoon
	}
	if !canThrow {
		return engine.ActPlayHand
	}
	meld := 0
	for s := range r.Players {
		if sameTeam(r, s, seat) {
			meld += t.MeldTotal(s)
		}
	}
	if meld < r.TeamMeldMin {
		meld = 0
	}
	pt := perTrick(r)
	tricks := trickShare(r, &h, trump)*pt + float64(teammates(r))*float64(r.TrickTotal())/float64(r.Players)*mateShare(r)
	tricks = min(tricks, float64(r.TrickTotal()))
	// A trick's worth of slack: throw in only when even a good run of cards falls short.
	if float64(meld)+tricks+pt < float64(t.HighBid()) {
		return engine.ActThrowIn
	}
	return engine.ActPlayHand
}

// overwhelming reports whether hand h takes every trick by force with trump t: it holds
// only trump, and every trump that outranks one of its cards is its own.
func overwhelming(r *engine.Rules, h *engine.Hand, t engine.Suit) bool {
	if t == engine.NoSuit || h.SuitCount(t) != h.Len() || h.Len() == 0 {
		return false
	}
	lowest := engine.Ace
	for rk := engine.Nine; rk <= engine.Ace; rk++ {
		if h.Has(engine.NewCard(rk, t)) {
			lowest = rk
			break
		}
	}
	for rk := lowest; rk <= engine.Ace; rk++ {
		c := engine.NewCard(rk, t)
		if h.Count(c) != r.Copies(c) {
			return false
		}
	}
	return true
}

// ----- play -----

// play chooses the card seat plays to the trick.
func (b *Baseline) play(t table, seat int) engine.Card {
	legal := t.LegalCards(seat)
	if legal.Len() == 1 {
		return onlyCard(legal)
	}
	r := t.Rules()
	h := t.Hand(seat)
	trump := t.Trump()
	trick := t.TrickCards()
	if len(trick) == 0 {
		return lead(r, &h, legal, trump, t.Bidder(), seat)
	}
	w := 0
	for i := 1; i < len(trick); i++ {
		if engine.Beats(trick[i].Card, trick[w].Card, trump) {
			w = i
		}
	}
	win := trick[w]
	if allied(t, win.Seat, seat) {
		if safe(t, trick, win.Card, trump, seat) {
			if c, ok := smear(r, legal, trump); ok {
				return c
			}
		}
		return pick(legal, func(c engine.Card) int { return -discardCost(r, &h, c, trump) })
	}
	var winners engine.CardSet
	for c := engine.Card(0); c < engine.NumKinds; c++ {
		if legal.Has(c) && engine.Beats(c, win.Card, trump) {
			winners = winners.Add(c)
		}
	}
	if winners != 0 {
		// The lowest card that wins; among equals, the one that is not a counter.
		return pick(winners, func(c engine.Card) int { return -(10*int(c.Rank()) + r.RankValue[c.Rank()]) })
	}
	return pick(legal, func(c engine.Card) int { return -discardCost(r, &h, c, trump) })
}

// onlyCard returns the single card of a set of one.
func onlyCard(s engine.CardSet) engine.Card {
	for c := engine.Card(0); c < engine.NumKinds; c++ {
		if s.Has(c) {
			return c
		}
	}
	return 0
}

// pick returns the card of set s with the highest score; ties go to the lowest card.
func pick(s engine.CardSet, score func(engine.Card) int) engine.Card {
	best, bestScore, found := engine.Card(0), 0, false
	for c := engine.Card(0); c < engine.NumKinds; c++ {
		if !s.Has(c) {
			continue
		}
		if v := score(c); !found || v > bestScore {
			best, bestScore, found = c, v, true
		}
	}
	return best
}

// discardCost is what playing card c to a trick the seat will not win gives up: trump
// most, then aces, then counters; low cards of short suits least.
func discardCost(r *engine.Rules, h *engine.Hand, c engine.Card, trump engine.Suit) int {
	rk := c.Rank()
	cost := 10*int(rk) + 20*r.RankValue[rk]/r.Scale() + 2*h.SuitCount(c.Suit())
	if r.RankValue[rk] > 0 {
		cost += 100
	}
	if rk == engine.Ace {
		cost += 100
	}
	if c.Suit() == trump {
		cost += 500
	}
	return cost
}

// safe reports whether the trick, won so far by card win of seat's team, stays with the
// team: nobody of the other team plays after seat, or win cannot be beaten (the top trump,
// or an ace of the suit led when the trick is not trumped).
func safe(t table, trick []engine.Played, win engine.Card, trump engine.Suit, seat int) bool {
	r := t.Rules()
	opponentsLeft := false
	for i := len(trick) + 1; i < r.Players; i++ {
		if !allied(t, (seat+i-len(trick))%r.Players, seat) {
			opponentsLeft = true
		}
	}
	if !opponentsLeft {
		return true
	}
	if win.Rank() != engine.Ace {
		return false
	}
	return win.Suit() == trump || win.Suit() == trick[0].Card.Suit()
}

// smear returns the plain-suit counter to give a teammate's trick: the most points, tens
// before kings before aces (an ace may yet win a trick of its own).
func smear(r *engine.Rules, legal engine.CardSet, trump engine.Suit) (engine.Card, bool) {
	best, bestScore, found := engine.Card(0), 0, false
	for c := engine.Card(0); c < engine.NumKinds; c++ {
		if !legal.Has(c) {
			continue
		}
		if score, ok := smearScore(r, c, trump); ok && (!found || score > bestScore) {
			best, bestScore, found = c, score, true
		}
	}
	return best, found
}

// smearScore returns how much smear likes to give card c, and false for a card it never
// gives (a trump or a card that scores nothing).
func smearScore(r *engine.Rules, c engine.Card, trump engine.Suit) (int, bool) {
	rk := c.Rank()
	if c.Suit() == trump || r.RankValue[rk] == 0 {
		return 0, false
	}
	score := 10 * r.RankValue[rk] / r.Scale()
	switch rk {
	case engine.Ten:
		score += 3
	case engine.King:
		score += 2
	case engine.Ace:
		score -= 20
	}
	return score, true
}

// lead chooses the card to lead: a plain-suit ace (from the suit seat holds least of, so
// that others can follow it), then, for a bidder long in trump, the trump ace; otherwise
// a low card of seat's shortest plain suit, to make a void.
func lead(r *engine.Rules, h *engine.Hand, legal engine.CardSet, trump engine.Suit, bidder, seat int) engine.Card {
	best, bestScore, found := engine.Card(0), 0, false
	for s := engine.Spades; s < engine.NoSuit; s++ {
		c := engine.NewCard(engine.Ace, s)
		if s == trump || !legal.Has(c) {
			continue
		}
		if score := -h.SuitCount(s); !found || score > bestScore {
			best, bestScore, found = c, score, true
		}
	}
	if found {
		return best
	}
	if trump != engine.NoSuit && seat == bidder {
		ace := engine.NewCard(engine.Ace, trump)
		if legal.Has(ace) && h.SuitCount(trump) > r.HandSize()/3 {
			return ace
		}
	}
	return pick(legal, func(c engine.Card) int {
		rk := c.Rank()
		cost := 10*int(rk) + 4*h.SuitCount(c.Suit())
		if r.RankValue[rk] > 0 {
			cost += 100
		}
		if c.Suit() == trump {
			cost += 300
		}
		return -cost
	})
}
