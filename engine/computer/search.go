package computer

import (
	"github.com/pinochle-discord/pinochle/engine"
)

// deal is the trick play of one hand with every card known: a sampled deal of what a seat
// cannot see, played out by the search. It is a value: copying it copies the position.
type deal struct {
	r      *engine.Rules
	trump  engine.Suit
	hands  [engine.MaxPlayers]engine.Hand
	trick  [engine.MaxPlayers]engine.Card
	n      int // cards in the trick
	leader int
	left   int // tricks still to finish, the one in progress included
	// Per team: trick points taken (last-trick bonus included), counters taken (without
	// it), and tricks won; last is the team that took the last trick, or -1.
	points   [2]int
	counters [2]int
	tricks   [2]int
	last     int
}

// scoring is what a hand's play is worth to each team once it is over, from the meld
// shown and the contract: enough of the engine's scoring to compare one way of playing
// with another.
type scoring struct {
	r      *engine.Rules
	bidder int // team
	bid    int
	moon   bool
	meld   [2]int
}

// newDeal sets up the play of the view's hand with the hidden cards of hands.
func newDeal(v *engine.View, hands [engine.MaxPlayers]engine.Hand) deal {
	r := &v.Rules
	d := deal{r: r, trump: v.Trump, hands: hands, leader: v.Leader, last: -1}
	d.left = r.HandSize() - len(v.Tricks)
	for _, t := range v.Tricks {
		team := r.TeamOf(t.Winner)
		d.tricks[team]++
		cards := make([]engine.Card, len(t.Cards))
		for i, p := range t.Cards {
			cards[i] = p.Card
		}
		d.points[team] += t.Points
		d.counters[team] += r.TrickPoints(cards, false)
	}
	for _, p := range v.Trick {
		d.trick[d.n] = p.Card
		d.n++
	}
	if d.n > 0 {
		d.leader = v.Trick[0].Seat
	}
	return d
}

// turn returns the seat to play.
func (d *deal) turn() int { return (d.leader + d.n) % d.r.Players }

// legal returns the cards the seat to play may play.
func (d *deal) legal() engine.CardSet {
	return engine.LegalCards(&d.hands[d.turn()], d.trick[:d.n], d.trump, d.r.Play)
}

// winning returns the index in the trick of the card winning it so far.
func (d *deal) winning() int { return engine.TrickWinner(d.trick[:d.n], d.trump) }

// play plays card c for the seat to play, finishing the trick when it is complete.
func (d *deal) play(c engine.Card) {
	p := d.r.Players
	d.hands[d.turn()][c]--
	d.trick[d.n] = c
	d.n++
	if d.n < p {
		return
	}
	w := (d.leader + engine.TrickWinner(d.trick[:p], d.trump)) % p
	team := d.r.TeamOf(w)
	d.left--
	d.points[team] += d.r.TrickPoints(d.trick[:p], d.left == 0)
	d.counters[team] += d.r.TrickPoints(d.trick[:p], false)
	d.tricks[team]++
	if d.left == 0 {
		d.last = team
	}
	d.n, d.leader = 0, w
}

// cardsLeft returns the cards still in all hands.
func (d *deal) cardsLeft() int {
	n := 0
	for s := range d.r.Players {
		n += d.hands[s].Len()
	}
	return n
}

// over reports whether every trick has been played.
func (d *deal) over() bool { return d.left <= 0 }

// saved reports whether a team keeps its meld and points under the save rule, judged for
// the team as a whole.
func (s *scoring) saved(d *deal, team int) bool {
	switch s.r.Save {
	case engine.SaveAnyTrick:
		return d.tricks[team] > 0
	case engine.SaveCounters20:
		return d.counters[team] >= 20
	}
	return d.counters[team] > 0 || d.last == team
}

// value returns what the finished deal is worth to team: its change of score less the
// other team's.
func (s *scoring) value(d *deal, team int) int {
	var delta [2]int
	for t := range 2 {
		total := 0
		if s.saved(d, t) {
			total = s.meld[t] + d.points[t]
		}
		if t != s.bidder {
			delta[t] = total
			continue
		}
		made := total >= s.bid && s.saved(d, t)
		if s.r.MadeNeedsCounters20 && d.counters[t] < 20 {
			made = false
		}
		if s.moon {
			made = d.tricks[1-t] == 0
			total = 2 * s.bid
		}
		switch {
		case made:
			delta[t] = total
		case s.r.SetGivesOpponents:
			delta[1-t] += s.bid
		default:
			delta[t] = -s.bid
		}
	}
	return delta[team] - delta[1-team]
}

// rollout plays the deal to its end with a quick policy that sees every card, and
// returns its value to team.
func (d *deal) rollout(s *scoring, team int) int {
	for !d.over() {
		d.play(d.quick())
	}
	return s.value(d, team)
}

// quick chooses a card by simple rules: a seat whose side holds the trick gives it points
// when it is safe, a seat that can win wins as cheaply as it can, and otherwise it throws
// its cheapest card; a leader cashes a winner if it has one, or leads low.
func (d *deal) quick() engine.Card {
	legal := d.legal()
	if legal.Len() == 1 {
		return onlyCard(legal)
	}
	r := d.r
	seat := d.turn()
	h := &d.hands[seat]
	if d.n == 0 {
		// A card no other seat can beat, the most valuable first.
		best, bestScore, found := engine.Card(0), 0, false
		for c := engine.Card(0); c < engine.NumKinds; c++ {
			if legal.Has(c) && d.topCard(c, seat) {
				if score := 10*r.RankValue[c.Rank()] + int(c.Rank()); c.Suit() != d.trump {
					score += 100
					if !found || score > bestScore {
						best, bestScore, found = c, score, true
					}
				} else if !found {
					best, bestScore, found = c, score-1000, true
				}
			}
		}
		if found {
			return best
		}
		return pick(legal, func(c engine.Card) int { return -discardCost(r, h, c, d.trump) })
	}
	w := d.winning()
	winSeat := (d.leader + w) % r.Players
	win := d.trick[w]
	if r.TeamOf(winSeat) == r.TeamOf(seat) && d.holds(win, seat) {
		if c, ok := smear(r, legal, d.trump); ok {
			return c
		}
		return pick(legal, func(c engine.Card) int { return -discardCost(r, h, c, d.trump) })
	}
	var winners engine.CardSet
	for c := engine.Card(0); c < engine.NumKinds; c++ {
		if legal.Has(c) && engine.Beats(c, win, d.trump) {
			winners = winners.Add(c)
		}
	}
	if winners != 0 {
		return pick(winners, func(c engine.Card) int { return -(10*int(c.Rank()) + r.RankValue[c.Rank()]) })
	}
	return pick(legal, func(c engine.Card) int { return -discardCost(r, h, c, d.trump) })
}

// topCard reports whether card c, led by seat, cannot be beaten by any other seat's card
// of its suit or, for a plain suit, by a trump from a seat void in it.
func (d *deal) topCard(c engine.Card, seat int) bool {
	s := c.Suit()
	for o := range d.r.Players {
		if o == seat {
			continue
		}
		h := &d.hands[o]
		for rk := c.Rank() + 1; rk <= engine.Ace; rk++ {
			if h.Has(engine.NewCard(rk, s)) {
				return false
			}
		}
		if s != d.trump && d.trump != engine.NoSuit && h.SuitCount(s) == 0 && h.SuitCount(d.trump) > 0 {
			return false
		}
	}
	return true
}

// holds reports whether the winning card win stays the winner against every seat still
// to play after seat (the seats that follow it in this trick).
func (d *deal) holds(win engine.Card, seat int) bool {
	p := d.r.Players
	lead := d.trick[0].Suit()
	for i := d.n + 1; i < p; i++ {
		o := (d.leader + i) % p
		if d.r.TeamOf(o) == d.r.TeamOf(seat) {
			continue
		}
		h := &d.hands[o]
		for c := engine.Card(0); c < engine.NumKinds; c++ {
			if h.Has(c) && engine.Beats(c, win, d.trump) && (h.SuitCount(lead) == 0 || c.Suit() == lead) {
				return false
			}
		}
	}
	return true
}

// solver searches the rest of a deal exactly: alpha-beta over every legal card, with a
// transposition table of positions at the start of a trick. Nodes counts the positions
// visited, the search's unit of work.
type solver struct {
	s     *scoring
	team  int
	table map[solverKey]solverEntry
	nodes int
}

type solverKey struct {
	hands  [engine.MaxPlayers]engine.Hand
	leader int8
	state  [7]int16
}

type solverEntry struct {
	value int
	kind  int8 // 0 exact, 1 lower bound, 2 upper bound
}

func newSolver(s *scoring, team int) *solver {
	return &solver{s: s, team: team, table: make(map[solverKey]solverEntry, 256)}
}

// solve returns the value to the solver's team of the deal played perfectly by both
// teams, within the window (alpha, beta).
func (sv *solver) solve(d *deal, alpha, beta int) int {
	sv.nodes++
	if d.over() {
		return sv.s.value(d, sv.team)
	}
	var key solverKey
	if d.n == 0 {
		key = solverKey{hands: d.hands, leader: int8(d.leader),
			state: [7]int16{int16(d.points[0]), int16(d.points[1]), int16(d.counters[0]), int16(d.counters[1]),
				int16(d.tricks[0]), int16(d.tricks[1]), int16(d.last)}}
		if e, ok := sv.table[key]; ok {
			switch {
			case e.kind == 0:
				return e.value
			case e.kind == 1 && e.value >= beta:
				return e.value
			case e.kind == 2 && e.value <= alpha:
				return e.value
			}
		}
	}
	a0, b0 := alpha, beta
	maxNode := d.r.TeamOf(d.turn()) == sv.team
	best := 0
	first := true
	legal := d.legal()
	for c := engine.Card(0); c < engine.NumKinds; c++ {
		if !legal.Has(c) {
			continue
		}
		next := *d
		next.play(c)
		v := sv.solve(&next, alpha, beta)
		if first || (maxNode && v > best) || (!maxNode && v < best) {
			best, first = v, false
		}
		if maxNode {
			alpha = max(alpha, best)
		} else {
			beta = min(beta, best)
		}
		if alpha >= beta {
			break
		}
	}
	if d.n == 0 {
		kind := int8(0)
		switch {
		case best <= a0:
			kind = 2
		case best >= b0:
			kind = 1
		}
		sv.table[key] = solverEntry{value: best, kind: kind}
	}
	return best
}
