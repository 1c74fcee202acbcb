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
	// Per seat, for the per-player save rule: trick points taken (last-trick bonus
	// included), the seats that took a counter (a bit each), and the seat that took the
	// last trick, or -1.
	seatPoints  [engine.MaxPlayers]int16
	tookCounter uint8
	lastSeat    int8
}

// scoring is what a hand's play is worth to each team once it is over, from the meld
// shown and the contract: the engine's scoring of a played hand (engine/score.go), but for
// a made moon, which wins the game and is valued here at twice the bid.
type scoring struct {
	r      *engine.Rules
	bidder int // team
	bid    int
	moon   bool
	// meld is each team's meld as it counts when the team keeps it (the team minimum
	// applied); seatMeld each seat's, which the per-player save rule counts seat by seat.
	meld     [2]int
	seatMeld [engine.MaxPlayers]int
}

// meldScoring returns the scoring of a hand whose meld is that of hands in trump.
func meldScoring(r *engine.Rules, hands *[engine.MaxPlayers]engine.Hand, trump engine.Suit, bidder, bid int) scoring {
	sc := scoring{r: r, bidder: bidder, bid: bid}
	for s := range r.Players {
		sc.seatMeld[s] = engine.CountMeld(&hands[s], trump, &r.Meld).Total
		sc.meld[r.TeamOf(s)] += sc.seatMeld[s]
	}
	for t := range 2 {
		if sc.meld[t] < r.TeamMeldMin {
			sc.meld[t] = 0
		}
	}
	return sc
}

// newDeal sets up the play of the view's hand with the hidden cards of hands.
func newDeal(v *engine.View, hands [engine.MaxPlayers]engine.Hand) deal {
	r := v.Rules()
	d := deal{r: r, trump: v.Trump(), hands: hands, leader: v.Leader(), last: -1, lastSeat: -1}
	d.left = r.HandSize() - len(v.Tricks())
	var cards [engine.MaxPlayers]engine.Card
	for _, t := range v.Tricks() {
		team := r.TeamOf(t.Winner)
		d.tricks[team]++
		for i, p := range t.Cards {
			cards[i] = p.Card
		}
		counters := r.TrickPoints(cards[:len(t.Cards)], false)
		d.points[team] += t.Points
		d.counters[team] += counters
		d.seatPoints[t.Winner] += int16(t.Points)
		if counters > 0 {
			d.tookCounter |= 1 << t.Winner
		}
	}
	for _, p := range v.Trick() {
		d.trick[d.n] = p.Card
		d.n++
	}
	if d.n > 0 {
		d.leader = v.Trick()[0].Seat
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
	counters := d.r.TrickPoints(d.trick[:p], false)
	points := counters
	if d.left == 0 {
		points = d.r.TrickPoints(d.trick[:p], true)
		d.last, d.lastSeat = team, int8(w)
	}
	d.points[team] += points
	d.counters[team] += counters
	d.seatPoints[w] += int16(points)
	if counters > 0 {
		d.tookCounter |= 1 << w
	}
	d.tricks[team]++
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

// saved reports whether a team keeps its meld and points under a team save rule (under
// the per-player rule each seat saves alone, and counted says what the team keeps).
func (s *scoring) saved(d *deal, team int) bool {
	switch s.r.Save {
	case engine.SaveAnyTrick:
		return d.tricks[team] > 0
	case engine.SaveCounters20:
		return d.counters[team] >= 20
	case engine.SavePerPlayer:
		return true
	}
	return d.counters[team] > 0 || d.last == team
}

// counted returns a team's meld and trick points as they count at the end of the deal:
// nothing when the team does not save; under the per-player rule, the meld and points of
// each of its seats that took a counter or the last trick, the team minimum applied to
// that meld.
func (s *scoring) counted(d *deal, team int) int {
	if s.r.Save != engine.SavePerPlayer {
		if !s.saved(d, team) {
			return 0
		}
		return s.meld[team] + d.points[team]
	}
	meld, points := 0, 0
	for seat := range s.r.Players {
		if s.r.TeamOf(seat) == team && (d.tookCounter&(1<<seat) != 0 || int(d.lastSeat) == seat) {
			meld += s.seatMeld[seat]
			points += int(d.seatPoints[seat])
		}
	}
	if meld < s.r.TeamMeldMin {
		meld = 0
	}
	return meld + points
}

// deltas returns each team's change of score for the finished deal, as the engine scores
// a played hand, but for a made moon (twice the bid here; the engine ends the game).
func (s *scoring) deltas(d *deal) [2]int {
	var delta [2]int
	bt, ot := s.bidder, 1-s.bidder
	total := s.counted(d, bt)
	made := total >= s.bid && (!s.r.MadeNeedsCounters20 || d.counters[bt] >= 20)
	if s.moon {
		made = d.tricks[ot] == 0
		total = 2 * s.bid
	}
	switch {
	case made:
		delta[bt] = total
	case s.r.SetGivesOpponents:
		delta[ot] += s.bid
	default:
		delta[bt] = -s.bid
	}
	delta[ot] += s.counted(d, ot)
	return delta
}

// value returns what the finished deal is worth to team: its change of score less the
// other team's.
func (s *scoring) value(d *deal, team int) int {
	delta := s.deltas(d)
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
	// seats holds, under the per-player save rule, each seat's points, and last the seats
	// that took a counter and the seat that took the last trick; zero otherwise.
	seats [engine.MaxPlayers]int16
	last  [2]int8
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
		if d.r.Save == engine.SavePerPlayer {
			key.seats, key.last = d.seatPoints, [2]int8{int8(d.tookCounter), d.lastSeat}
		}
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
