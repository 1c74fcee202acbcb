package live

import (
	"slices"

	"github.com/pinochle-discord/pinochle/engine"
)

// forcedCard returns the only card seat may play now, if the seat is a person waiting to
// play and has exactly one legal card.
func (t *machine) forcedCard(seat int) (engine.Card, bool) {
	if t.game == nil || t.game.Over() || t.game.Phase() != engine.PhasePlay || !t.game.Waiting(seat) || t.playedByComputer(seat) {
		return 0, false
	}
	legal := t.game.LegalCards(seat)
	if legal.Len() != 1 {
		return 0, false
	}
	return legal.Cards()[0], true
}

// autoplays reports whether the table plays seat's forced card for it: at once, as soon as
// the turn comes, so that no pause races the player's own click on the card (a click that
// comes after is answered as done: see alreadyDone).
func (t *machine) autoplays(seat int) bool {
	_, forced := t.forcedCard(seat)
	return forced && t.meta.Settings.Autoplay
}

// forcedToPlay returns a person whose forced card the table plays now, or -1.
func (t *machine) forcedToPlay() int {
	if t.game == nil {
		return -1
	}
	if seat := t.game.Turn(); seat >= 0 && t.autoplays(seat) {
		return seat
	}
	return -1
}

// alreadyDone reports whether a control stamped at an earlier step of this hand asks seat
// for what was done at that very step for it (its forced card, a move a computer made when
// its time ran out) or by it (a second click of the same button), and if so says so: the
// click is answered as done rather than refused as stale.
func (t *machine) alreadyDone(seat int, c Move) (Notice, bool) {
	if c.At.Hand != t.game.HandNumber() {
		return Notice{}, false // a control of an earlier hand is stale, whatever it did
	}
	logged, ok := t.game.LogAction(c.At.Step)
	if !ok || logged.Seat != seat {
		return Notice{}, false
	}
	a, err := c.Action(seat)
	if err != nil || !sameAction(a, logged) {
		return Notice{}, false
	}
	if logged.Kind == engine.ActPlayCard {
		return Notice{Fact: FactPlayedAlready, Card: logged.Card}, true
	}
	return Notice{Fact: FactDoneAlready}, true
}

// sameAction reports whether a and b are the same action; the cards of a pass in any order.
func sameAction(a, b engine.Action) bool {
	if a.Seat != b.Seat || a.Kind != b.Kind || a.Bid != b.Bid || a.Suit != b.Suit || a.Card != b.Card || len(a.Cards) != len(b.Cards) {
		return false
	}
	x, y := slices.Clone(a.Cards), slices.Clone(b.Cards)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}
