package computer

import (
	"github.com/pinochle-discord/pinochle/engine"
)

// deal is the trick play of one hand with every card known: a sampled deal of what a seat
// cannot see, played out by the search. It is a value: copying it copies the position.
// Besides the hands it keeps what a playout asks of them at every card, up to date as
// cards are played: each seat's distinct cards and suit lengths, and the card winning the
// trick.
type deal struct {
	t     *cardTable
	hands [engine.MaxPlayers]engine.Hand
	held  [engine.MaxPlayers]engine.CardSet        // the distinct cards of each hand
	suits [engine.MaxPlayers][engine.NumSuits]int8 // each hand's number of cards of each suit
	trick [engine.MaxPlayers]engine.Card
	n     int // cards in the trick
	win   int // index in the trick of the card winning it so far
	// trickPoints are the trick points of the cards in the trick.
	trickPoints int
	leader      int
	seat        int // the seat to play
	left        int // tricks still to finish, the one in progress included
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
	// solo marks a three-handed hand, whose sides are the bidder (soloBidderSide) and the
	// two defenders, scored as soloScoring says; buried are the trick points of the
	// bidder's buried cards, which count for it.
	solo   bool
	buried int
}

// meldScoring returns the scoring of a hand whose meld is that of hands in trump.
func meldScoring(r *engine.Rules, hands *[engine.MaxPlayers]engine.Hand, trump engine.Suit, bidder, bid int) scoring {
	var melds [engine.MaxPlayers]int
	for s := range r.Players {
		melds[s] = engine.CountMeld(&hands[s], trump, &r.Meld).Total
	}
	return seatScoring(r, &melds, bidder, bid)
}

// seatScoring returns the scoring of a hand in which each seat shows the meld melds[seat].
func seatScoring(r *engine.Rules, melds *[engine.MaxPlayers]int, bidder, bid int) scoring {
	sc := scoring{r: r, bidder: bidder, bid: bid, seatMeld: *melds}
	for s := range r.Players {
		sc.meld[r.TeamOf(s)] += sc.seatMeld[s]
	}
	for t := range 2 {
		if sc.meld[t] < r.TeamMeldMin {
			sc.meld[t] = 0
		}
	}
	return sc
}

// newDeal sets up the play of the view's hand as far as the view has seen it, its cards
// not yet dealt: give it the hands of a sample with deal.setHands.
func newDeal(v *engine.View) deal {
	r := v.Rules()
	d := deal{t: tableOf(v), leader: v.Leader(), last: -1, lastSeat: -1}
	d.left = r.HandSize() - v.NumTricks()
	var cards [engine.MaxPlayers]engine.Card
	for i := range v.NumTricks() {
		t := v.CompletedTrick(i)
		team := d.t.teamOf(t.Winner)
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
	if len(v.Trick()) > 0 {
		d.leader = v.Trick()[0].Seat
	}
	d.seat = d.leader
	for _, p := range v.Trick() {
		d.addToTrick(p.Card)
	}
	return d
}

// startDeal sets up the play of a whole hand of table t's rules and trump, seat leader
// leading the first trick, with the given hands.
func startDeal(t *cardTable, leader int, hands *[engine.MaxPlayers]engine.Hand) deal {
	d := deal{t: t, leader: leader, seat: leader, left: t.r.HandSize(), last: -1, lastSeat: -1}
	d.setHands(hands)
	return d
}

// setHands gives the seats the cards they hold now.
func (d *deal) setHands(hands *[engine.MaxPlayers]engine.Hand) {
	d.hands = *hands
	for s := range d.t.players {
		h := &d.hands[s]
		d.held[s] = h.Set()
		d.suits[s] = suitLengths(h)
	}
}

// turn returns the seat to play.
func (d *deal) turn() int { return d.seat }

// legal returns the cards the seat to play may play: engine.LegalCards, worked out from
// the held cards and the trick's winner that the deal keeps (TestLegalMatchesEngine).
func (d *deal) legal() engine.CardSet {
	held := d.held[d.seat]
	if d.n == 0 {
		return held
	}
	t := d.t
	win := d.trick[d.win]
	lead := suitCards(d.trick[0].Suit())
	// Follow suit, beating the winner if able unless the trick is trumped; void, trump,
	// overtrumping if able; then, under MustTrump, any trump; else any card.
	if follow := held & lead; follow != 0 {
		if lead.Has(win) {
			if beat := follow & t.beaters[win]; beat != 0 {
				return beat
			}
		}
		return follow
	}
	trumps := held & t.trumps
	if trumps == 0 {
		return held
	}
	winning := trumps
	if !lead.Has(win) {
		winning &= t.beaters[win]
	}
	if winning != 0 {
		return winning
	}
	if t.r.Play == engine.MustTrump {
		return trumps
	}
	return held
}

// play plays card c for the seat to play, finishing the trick when it is complete.
func (d *deal) play(c engine.Card) {
	s := d.seat
	h := &d.hands[s]
	h[c]--
	if h[c] == 0 {
		d.held[s] &^= 1 << c
	}
	d.suits[s][c.Suit()]--
	d.addToTrick(c)
	if d.n == d.t.players {
		d.finishTrick()
	}
}

// addToTrick puts card c in the trick for the seat to play and passes the turn on.
func (d *deal) addToTrick(c engine.Card) {
	if d.n > 0 && d.t.beaters[d.trick[d.win]].Has(c) {
		d.win = d.n
	}
	d.trick[d.n] = c
	d.n++
	d.trickPoints += d.t.points[c]
	if d.seat++; d.seat == d.t.players {
		d.seat = 0
	}
}

// finishTrick gives the complete trick to the seat that won it, who leads the next.
func (d *deal) finishTrick() {
	r := d.t.r
	w := d.leader + d.win
	if w >= d.t.players {
		w -= d.t.players
	}
	team := d.t.teamOf(w)
	d.left--
	counters := d.trickPoints
	points := counters
	if d.left == 0 {
		points += r.LastTrick
		d.last, d.lastSeat = team, int8(w)
	}
	d.points[team] += points
	d.counters[team] += counters
	d.seatPoints[w] += int16(points)
	if counters > 0 {
		d.tookCounter |= 1 << w
	}
	d.tricks[team]++
	d.n, d.win, d.trickPoints = 0, 0, 0
	d.leader, d.seat = w, w
}

// cardsLeft returns the cards still in all hands.
func (d *deal) cardsLeft() int {
	n := 0
	for s := range d.t.players {
		for _, k := range d.suits[s] {
			n += int(k)
		}
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
	if s.solo {
		if team == soloBidderSide {
			return s.meld[team] + d.points[team] + s.buried
		}
		return s.meld[team] + d.points[team]
	}
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
	if s.solo {
		return s.soloDeltas(d)
	}
	var delta [2]int
	bt, ot := s.bidder, 1-s.bidder
	total := s.counted(d, bt)
	made := total >= s.bid && (!s.r.MadeNeedsCounters20 || d.counters[bt] >= 20)
	if s.moon {
		made = d.tricks[ot] == 0
		total = 2 * s.bid
	}
	if made {
		delta[bt] = total
	} else {
		delta = s.r.SetDelta(bt, s.bid)
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
