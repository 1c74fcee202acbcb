package computer

import (
	"fmt"
	"math/bits"

	"github.com/pinochle-discord/pinochle/engine"
)

// Two-handed Pinochle (engine.Rules.Stock) asks for decisions the other presets do not: a
// card to a trick while the stock lasts, when any card may be played and winning a trick
// earns the right to meld; the meld to lay; and the last twelve tricks, when each player
// knows the other's hand exactly (every card not its own and not played), so that the
// game is one of perfect information and can be searched exactly.

// twoHandedBaseline chooses the Baseline's action in a two-handed game.
func twoHandedBaseline(v *engine.View) engine.Action {
	seat := v.Seat()
	if v.OutIfDeclared() {
		return engine.Action{Seat: seat, Kind: engine.ActDeclareOut}
	}
	switch v.Phase() {
	case engine.PhaseMeld:
		return meldToLay(v)
	case engine.PhasePlay:
		if v.StockSize() > 0 {
			return engine.Action{Seat: seat, Kind: engine.ActPlayCard, Card: stockCard(v)}
		}
		return engine.Action{Seat: seat, Kind: engine.ActPlayCard, Card: playOffCard(v)}
	}
	return fallback(v)
}

// meldToLay lays the meld worth most now, but a royal marriage before the run it can
// grow into (the marriage's 40 come on top of the run's 150), and draws when there is none.
func meldToLay(v *engine.View) engine.Action {
	choices := v.MeldChoices()
	if len(choices) == 0 {
		return engine.Action{Seat: v.Seat(), Kind: engine.ActDraw}
	}
	best := choices[0]
	if best.Kind == engine.MeldRun {
		for _, m := range choices {
			if m.Kind == engine.MeldRoyalMarriage {
				best = m
			}
		}
	}
	return engine.Action{Seat: v.Seat(), Kind: engine.ActMeld, Cards: best.Cards()}
}

// keepers returns the cards of a two-handed hand worth keeping while the stock lasts: those
// that make meld in trump with the rest of the hand, melded or not.
func keepers(v *engine.View) engine.Hand {
	h := v.Hand()
	m := engine.CountMeld(&h, v.Trump(), &v.Rules().Meld)
	return m.Used()
}

// giveUp rates what playing c costs while the stock lasts: meld cards most, then trumps and
// counters, then by rank.
func giveUp(v *engine.View, keep *engine.Hand, c engine.Card) int {
	cost := int(c.Rank())
	if v.Rules().RankValue[c.Rank()] > 0 {
		cost += 10
	}
	if c.Suit() == v.Trump() {
		cost += 20
	}
	if keep[c] > 0 {
		cost += 40
	}
	return cost
}

// stockCard chooses a card while the stock lasts. Leading, it gives up the card it needs
// least. Following, it takes the trick with the cheapest card that wins when the trick
// holds a counter or the win costs little (a won trick is a chance to meld), and
// otherwise throws the card it needs least.
func stockCard(v *engine.View) engine.Card {
	keep := keepers(v)
	legal := v.Legal()
	cost := func(c engine.Card) int { return giveUp(v, &keep, c) }
	low, lowCost := leastBy(legal, cost)
	trick := v.Trick()
	if len(trick) == 0 {
		return low
	}
	led := trick[0].Card
	if winners := winnersOf(legal, led, v.Trump()); winners != 0 {
		win, winCost := leastBy(winners, cost)
		if v.Rules().RankValue[led.Rank()] > 0 || winCost <= lowCost+10 {
			return win
		}
	}
	return low
}

// playOffCard chooses a card once the stock is gone, by simple rules: the cheapest card
// that wins the trick when one does, else the cheapest legal card; leading, an ace of a
// plain suit if it holds one, else its lowest card. Cards are worth their rank, trumps ten
// more.
func playOffCard(v *engine.View) engine.Card {
	legal := v.Legal()
	trump := v.Trump()
	worth := func(c engine.Card) int {
		if c.Suit() == trump {
			return int(c.Rank()) + 10
		}
		return int(c.Rank())
	}
	trick := v.Trick()
	if len(trick) == 0 {
		for _, c := range legal.Cards() {
			if c.Rank() == engine.Ace && c.Suit() != trump {
				return c
			}
		}
	} else if winners := winnersOf(legal, trick[0].Card, trump); winners != 0 {
		legal = winners
	}
	c, _ := leastBy(legal, worth)
	return c
}

// winnersOf returns the cards of set that beat led, the trick's first card.
func winnersOf(set engine.CardSet, led engine.Card, trump engine.Suit) engine.CardSet {
	var out engine.CardSet
	for _, c := range set.Cards() {
		if engine.Beats(c, led, trump) {
			out = out.Add(c)
		}
	}
	return out
}

// leastBy returns the card of set that costs least, the first in card order among equals,
// and its cost. set must not be empty.
func leastBy(set engine.CardSet, cost func(engine.Card) int) (engine.Card, int) {
	best, least := engine.Card(0), 0
	for i, c := range set.Cards() {
		if k := cost(c); i == 0 || k < least {
			best, least = c, k
		}
	}
	return best, least
}

// stockSamples is the number of deals the Expert samples for a card while the stock
// lasts: a tenth of its PlaySamples (each is played out to the end of the hand, stock,
// draws and melds included, which costs ten times a quick playout of the other presets),
// and all of them when a tenth is fewer than four: the expert's 600 give 60, the normal
// level's 6 give 6.
func stockSamples(b Budget) int {
	if n := b.PlaySamples / 10; n >= 4 {
		return n
	}
	return b.PlaySamples
}

// twoHanded chooses the Expert's action in a two-handed game. While the stock lasts it
// plays each candidate card out on deals of the unseen cards sampled to fit what its seat
// knows (the other hand's known cards, the turned-up card under the stock), both sides
// then playing by the Baseline's rules, and plays the card with the best mean difference
// of the hand's meld and tricks; it lays meld by rules. Once the stock is gone it searches
// exactly, when both hands together hold no more than its budget's ExactCards times one
// and a half (the expert's 20: the last twelve tricks whole; the normal level's 4, the
// last three).
func (e *Expert) twoHanded(v *engine.View) (engine.Action, string) {
	seat := v.Seat()
	switch {
	case v.OutIfDeclared():
		return engine.Action{Seat: seat, Kind: engine.ActDeclareOut}, "Your score with this hand's meld and tricks has reached the target: declare out and win."
	case v.Phase() == engine.PhaseMeld:
		a := meldToLay(v)
		if a.Kind == engine.ActDraw {
			return a, "No meld to lay: draw."
		}
		return a, "Lay the meld worth most now (a royal marriage before the run it grows into)."
	case v.Phase() == engine.PhasePlay && v.StockSize() == 0 && 2*(v.HandSize(0)+v.HandSize(1)) <= 3*e.budget.ExactCards:
		c, value, nodes := exactPlayOff(v)
		e.Nodes += nodes
		e.Playouts++
		return engine.Action{Seat: seat, Kind: engine.ActPlayCard, Card: c}, fmt.Sprintf("Every card is known now: %s takes %d points from here with the best play on both sides.", c.Symbol(), value)
	}
	if n := stockSamples(e.budget); v.Phase() == engine.PhasePlay && v.StockSize() > 0 && n > 0 {
		if c, diff, ok := e.searchStock(v, n); ok {
			return engine.Action{Seat: seat, Kind: engine.ActPlayCard, Card: c},
				fmt.Sprintf("Played out on %d deals of the unseen cards, %s does best: %+.0f a hand against the other player.", n, c.Symbol(), diff)
		}
	}
	a := twoHandedBaseline(v)
	if a.Kind == engine.ActPlayCard && v.StockSize() > 0 {
		return a, "Keep your meld and trumps; take a trick cheaply when it holds points, for the chance to meld."
	}
	return a, "Win what you can cheaply; give up your least useful card."
}

// searchStock plays each legal card out on n sampled deals, the same deals for every card,
// and returns the card with the best mean difference between the seat's and the other
// player's meld and tricks at the end of the hand. ok is false when a sample cannot be
// built (never expected: the samples fit the view by construction).
func (e *Expert) searchStock(v *engine.View, n int) (best engine.Card, bestDiff float64, ok bool) {
	me := v.Seat()
	opp := 1 - me
	legal := v.Legal().Cards()
	if len(legal) == 1 {
		return legal[0], 0, true
	}
	turn, _ := v.TurnUp()
	pool, known, hidden, ok := e.stockUnknowns(v)
	if !ok {
		return 0, 0, false
	}
	policy := [2]Player{newBaseline(0), newBaseline(0)}
	totals := make([]float64, len(legal))
	stock := make([]engine.Card, v.StockSize())
	for range n {
		if e.stopped() {
			break
		}
		e.rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
		other := known
		for _, c := range pool[:hidden] {
			other[c]++
		}
		copy(stock, pool[hidden:])
		stock[len(stock)-1] = turn
		for i, c := range legal {
			g, err := v.StockGame(other, stock)
			if err != nil {
				return 0, 0, false
			}
			hand := len(g.Results())
			if err := g.Apply(engine.Action{Seat: me, Kind: engine.ActPlayCard, Card: c}); err != nil {
				return 0, 0, false
			}
			for len(g.Results()) == hand {
				seat := g.Turn()
				if err := g.Apply(policy[seat].Choose(g.View(seat))); err != nil {
					return 0, 0, false
				}
				e.Nodes++
			}
			e.Playouts++
			res := g.Results()[hand]
			totals[i] += float64(res.Delta[me] - res.Delta[opp])
		}
	}
	best, bestDiff = legal[0], totals[0]
	for i, t := range totals {
		if t > bestDiff {
			best, bestDiff = legal[i], t
		}
	}
	return best, bestDiff / float64(n), true
}

// stockUnknowns returns what the Expert's samples of the stock deal: the cards of pool,
// shuffled, of which the first hidden join the cards known to be in the other hand (known)
// and the rest are the stock under the turned-up card. A seer (SeePlay) is dealt the
// other hand as it is, hidden then 0, and draws only the stock's order. ok is false when
// the cards do not fit the view.
func (e *Expert) stockUnknowns(v *engine.View) (pool []engine.Card, known engine.Hand, hidden int, ok bool) {
	opp := 1 - v.Seat()
	unseen := unseenCards(v)
	known = v.KnownCards(opp)
	hidden = v.HandSize(opp) - known.Len()
	if e.sight&SeePlay != 0 && e.seen {
		more := e.truth[opp]
		sub(&more, &known)
		sub(&unseen, &more)
		known, hidden = e.truth[opp], 0
	}
	pool = unseen.Cards()
	if hidden < 0 || hidden+v.StockSize()-1 != len(pool) {
		return nil, engine.Hand{}, 0, false
	}
	return pool, known, hidden, true
}

// ----- the exact search of the last tricks -----

// playOff is a two-handed position after the stock: both hands known, the trick in
// progress, and the search's transposition table.
type playOff struct {
	rules *engine.Rules
	trump engine.Suit
	me    int
	hands [2]engine.Hand
	nodes int
	memo  map[playOffKey]playOffEntry
}

type playOffKey struct {
	h0, h1 uint64
	leader int8
}

// playOffEntry is a searched position's value, exact or a bound of it: a search cut off
// by its window knows only that the value is at least (or at most) what it found.
type playOffEntry struct {
	value int16
	bound int8
}

// The kinds of playOffEntry.
const (
	exactValue int8 = iota
	lowerBound
	upperBound
)

// mover is the side to move in the search: the best value it has found and the window,
// which its values narrow from its side (the searching seat raises alpha, the other lowers
// beta).
type mover struct {
	best, alpha, beta int
	maximize          bool
}

func newMover(maximize bool, alpha, beta int) mover {
	m := mover{best: 1 << 14, alpha: alpha, beta: beta, maximize: maximize}
	if maximize {
		m.best = -1
	}
	return m
}

// take notes the value of one move and reports whether the others need no search: the
// window has closed.
func (m *mover) take(v int) bool {
	if m.maximize {
		m.best, m.alpha = max(m.best, v), max(m.alpha, v)
	} else {
		m.best, m.beta = min(m.best, v), min(m.beta, v)
	}
	return m.alpha >= m.beta
}

// pack encodes a hand as two bits a kind.
func pack(h *engine.Hand) uint64 {
	var x uint64
	for k, n := range h {
		x |= uint64(n) << (2 * k)
	}
	return x
}

// unseenCards returns the cards a two-handed seat cannot place: the deck less its own hand,
// the cards played this hand, the other seat's known cards and, while it lies under the
// stock, the turned-up card. They are the other hand's hidden cards and the stock's
// face-down ones.
func unseenCards(v *engine.View) engine.Hand {
	unseen := fullDeck(v.Rules())
	own, known := v.Hand(), v.KnownCards(1-v.Seat())
	sub(&unseen, &own)
	sub(&unseen, &known)
	for _, p := range v.Plays() {
		unseen[p.Card]--
	}
	if turn, ok := v.TurnUp(); ok {
		unseen[turn]--
	}
	return unseen
}

// opponentHand returns, once the stock is gone, the other player's hand: its known cards
// and every card the seat cannot place.
func opponentHand(v *engine.View) engine.Hand {
	h := unseenCards(v)
	known := v.KnownCards(1 - v.Seat())
	for c, n := range known {
		h[c] += n
	}
	return h
}

// exactPlayOff returns the card that takes the most points from the position, searched
// exactly, with its value: the points the seat takes from here on, last trick included.
func exactPlayOff(v *engine.View) (engine.Card, int, int) {
	me := v.Seat()
	s := &playOff{rules: v.Rules(), trump: v.Trump(), me: me, memo: make(map[playOffKey]playOffEntry)}
	s.hands[me] = v.Hand()
	s.hands[1-me] = opponentHand(v)
	trick := v.Trick()
	left := s.hands[0].Len() + s.hands[1].Len()
	best, bestValue := engine.Card(0), -1
	for _, c := range v.Legal().Cards() {
		var value int
		s.hands[me][c]--
		if len(trick) == 0 {
			value = s.reply(me, c, left-1, -1, 1<<14)
		} else {
			led := trick[0]
			value = s.finishTrick(led.Seat, led.Card, c, left-1, -1, 1<<14)
		}
		s.hands[me][c]++
		if value > bestValue {
			best, bestValue = c, value
		}
	}
	return best, bestValue, s.nodes
}

// lead searches a trick that seat leads with left cards in both hands: the points the
// searching seat takes from here on. alpha and beta bound the values that matter.
func (s *playOff) lead(leader, left, alpha, beta int) int {
	if left == 0 {
		return 0
	}
	key := playOffKey{pack(&s.hands[0]), pack(&s.hands[1]), int8(leader)}
	if e, ok := s.memo[key]; ok {
		v := int(e.value)
		if e.bound == exactValue || (e.bound == lowerBound && v >= beta) || (e.bound == upperBound && v <= alpha) {
			return v
		}
	}
	s.nodes++
	m := newMover(leader == s.me, alpha, beta)
	h := &s.hands[leader]
	for set := uint32(h.Set()); set != 0; set &= set - 1 {
		k := engine.Card(bits.TrailingZeros32(set))
		h[k]--
		v := s.reply(leader, k, left-1, m.alpha, m.beta)
		h[k]++
		if m.take(v) {
			break
		}
	}
	e := playOffEntry{value: int16(m.best), bound: exactValue}
	switch {
	case m.best <= alpha:
		e.bound = upperBound
	case m.best >= beta:
		e.bound = lowerBound
	}
	s.memo[key] = e
	return m.best
}

// reply searches the second card of a trick seat led with c.
func (s *playOff) reply(leader int, c engine.Card, left, alpha, beta int) int {
	follower := 1 - leader
	h := &s.hands[follower]
	legal := engine.LegalCards(h, []engine.Card{c}, s.trump, s.rules.Play)
	m := newMover(follower == s.me, alpha, beta)
	for set := uint32(legal); set != 0; set &= set - 1 {
		k := engine.Card(bits.TrailingZeros32(set))
		h[k]--
		v := s.finishTrick(leader, c, k, left-1, m.alpha, m.beta)
		h[k]++
		if m.take(v) {
			break
		}
	}
	return m.best
}

// finishTrick scores a trick of led (by leader) and second, then searches on.
func (s *playOff) finishTrick(leader int, led, second engine.Card, left, alpha, beta int) int {
	winner := leader
	if engine.Beats(second, led, s.trump) {
		winner = 1 - leader
	}
	points := s.rules.RankValue[led.Rank()] + s.rules.RankValue[second.Rank()]
	if left == 0 {
		points += s.rules.LastTrick
	}
	mine := 0
	if winner == s.me {
		mine = points
		alpha, beta = alpha-points, beta-points
	}
	return mine + s.lead(winner, left, alpha, beta)
}
