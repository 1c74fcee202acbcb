package computer

import (
	"github.com/pinochle-discord/pinochle/engine"
)

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
// its cheapest card; a leader cashes a winner if it has one, or leads low. Ties go to the
// lowest card.
func (d *deal) quick() engine.Card {
	legal := d.legal()
	if legal.Len() == 1 {
		return lowestCard(legal)
	}
	t := d.t
	seat := d.seat
	if d.n == 0 {
		if c, ok := d.cash(seat, legal); ok {
			return c
		}
		return d.cheapest(seat, legal)
	}
	winSeat := d.leader + d.win
	if winSeat >= t.players {
		winSeat -= t.players
	}
	win := d.trick[d.win]
	if t.teamOf(winSeat) == t.teamOf(seat) && d.holds(win, seat) {
		if smear := legal & t.smearable; smear != 0 {
			return highestScore(smear, &t.smear)
		}
		return d.cheapest(seat, legal)
	}
	if winners := legal & t.beaters[win]; winners != 0 {
		return lowestScore(winners, &t.winCost)
	}
	return d.cheapest(seat, legal)
}

// cheapest returns the card of legal that the seat gives up least by discarding
// (discardCost).
func (d *deal) cheapest(seat int, legal engine.CardSet) engine.Card {
	t := d.t
	if t.discardByRank {
		legal = lowestOfSuits(legal) // the cheapest card of a suit is its lowest
	}
	best, bestCost := engine.Card(0), 0
	for s := legal; s != 0; s &= s - 1 {
		c := lowestCard(s)
		cost := t.discard[c] + 2*int(d.suits[seat][c.Suit()])
		if s == legal || cost < bestCost {
			best, bestCost = c, cost
		}
	}
	return best
}

// cash returns a sure winner for seat to lead from legal: a card no other seat holds a
// higher card of its suit to beat, nor, for a plain suit, a trump while void in the suit.
// The most valuable plain-suit winner comes first, else the lowest winning trump; false
// when there is none.
func (d *deal) cash(seat int, legal engine.CardSet) (engine.Card, bool) {
	t := d.t
	// others are the cards the other seats hold, ruffs the suits in which one of them is
	// void while holding a trump.
	var others engine.CardSet
	var ruffs uint8
	for o := range t.players {
		if o == seat {
			continue
		}
		h := d.held[o]
		others |= h
		if h&t.trumps != 0 {
			ruffs |= ^suitsOf(h)
		}
	}
	// The cards no lower than the highest of theirs in each suit (of two equal cards, the
	// first played wins), but in the suits they can ruff.
	top := legal &^ beneath(others) &^ cardsOfSuits(ruffs)
	if plain := top &^ t.trumps; plain != 0 {
		return highestScore(plain, &t.cash), true
	}
	if top != 0 {
		return lowestCard(top), true
	}
	return 0, false
}

// holds reports whether the winning card win stays the winner against every opponent of
// seat still to play after it in this trick, whatever it plays.
func (d *deal) holds(win engine.Card, seat int) bool {
	t := d.t
	lead := suitCards(d.trick[0].Suit())
	beat := t.beaters[win]
	o := d.seat
	for i := d.n + 1; i < t.players; i++ {
		if o++; o == t.players {
			o = 0
		}
		if t.teamOf(o) == t.teamOf(seat) {
			continue
		}
		h := d.held[o]
		if h&lead != 0 {
			h &= lead // it must follow suit
		}
		if h&beat != 0 {
			return false
		}
	}
	return true
}
