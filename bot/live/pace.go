package live

import (
	"context"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/table"
)

// Pauses are how long a table's computer players wait before they move while people play
// with them: Move before a bid or a card, Trick once a trick is taken, so that it stays in
// view, and Hand once a hand is over, so that its result is read, unless every person at
// the table asks for the next hand first (NextHand). Zero is no pause. At a table with no
// person present (every seat a computer player, or away), nothing waits.
type Pauses struct {
	Move, Trick, Hand time.Duration
}

// DefaultPauses returns the pauses of a pace. At the normal pace a four-handed trick of
// computer players takes about six seconds, within what Discord lets a thread show (five
// posts in five seconds), and a hand's result stays ten seconds before the next deal.
func DefaultPauses(p table.Pace) Pauses {
	switch p {
	case table.PaceQuick:
		return Pauses{Move: 600 * time.Millisecond, Trick: 1500 * time.Millisecond, Hand: 5 * time.Second}
	case table.PaceSlow:
		return Pauses{Move: 2 * time.Second, Trick: 4 * time.Second, Hand: 20 * time.Second}
	}
	return Pauses{Move: 1200 * time.Millisecond, Trick: 2500 * time.Millisecond, Hand: 10 * time.Second}
}

// ended is what the last action at a table ended, for the pause that follows it.
type ended uint8

const (
	endedNothing ended = iota
	endedTrick
	endedHand
)

// lastEnded reads from the game what its last action ended: a hand, when the next one has
// been dealt and nobody has bid in it yet; a trick, when the trick in progress is empty
// after tricks of the hand were taken.
func (t *machine) lastEnded() ended {
	v := t.game.View(-1)
	if v.Rules().Stock {
		return stockEnded(&v)
	}
	switch {
	case v.Phase() == engine.PhaseBidding && len(v.Auction()) == 0 && v.HandNo() > 1:
		return endedHand
	case v.Phase() == engine.PhasePlay && len(v.Trick()) == 0 && v.NumTricks() > 0:
		return endedTrick
	}
	return endedNothing
}

// stockEnded is lastEnded in two-handed, which has no auction: a hand ended when the next
// has been dealt and nobody has played to it; a trick, when its winner is to meld or draw.
// A meld or a draw ends nothing: the winner leads at a move's pace.
func stockEnded(v *engine.View) ended {
	switch {
	case v.Phase() == engine.PhasePlay && v.NumTricks() == 0 && len(v.Trick()) == 0 && v.HandNo() > 1:
		return endedHand
	case v.Phase() == engine.PhaseMeld:
		return endedTrick
	case v.Phase() == engine.PhasePlay && len(v.Trick()) == 0 && v.NumTricks() > 0 && v.StockSize() == 0:
		return endedTrick
	}
	return endedNothing
}

// tablePauses returns the table's pauses, by its pace.
func (t *machine) tablePauses() Pauses {
	return t.pauses(t.meta.Settings.Pace)
}

// watched reports whether a person plays at the table (seated, and not away): only then do
// the computer players pause.
func (t *machine) watched() bool {
	for _, s := range t.meta.Seats {
		if s.UserID != "" && !s.Away {
			return true
		}
	}
	return false
}

// pauseFor returns how long the computer players wait after the last action.
func (t *machine) pauseFor() time.Duration {
	if !t.watched() {
		return 0
	}
	p := t.tablePauses()
	switch t.lastEnded() {
	case endedHand:
		return p.Hand
	case endedTrick:
		return p.Trick
	}
	return p.Move
}

// mayMove reports whether the computer players may move now: the pause after the last
// action is over. If it is not, it arms the pause (once per step); its end (pauseDue) lets
// them move.
func (t *machine) mayMove() bool {
	step := t.game.LogLen()
	if t.pacedStep == step {
		return true
	}
	d := t.pauseFor()
	if d <= 0 {
		t.pacedStep = step
		return true
	}
	if t.pausing && t.pauseStep == step {
		return false // under way
	}
	if t.lastEnded() == endedHand {
		clear(t.ready)
	}
	t.pauseStep, t.pausing = step, true
	t.emit(armTimer{timer: timerPause, after: d, cmd: pauseDue{step: step}})
	return false
}

// handPause reports whether the table pauses after a hand: the computer players wait for
// the people to read its result, or to ask for the next hand.
func (t *machine) handPause() bool {
	return t.game != nil && t.pausing && t.pauseStep == t.game.LogLen() && t.lastEnded() == endedHand
}

// offersNextHand reports whether seat's view offers Next hand: the table pauses after a hand
// and the seat's person has not asked for the next one.
func (t *machine) offersNextHand(seat int) bool {
	return t.handPause() && !t.ready[seat] && !t.meta.Seats[seat].Away
}

// endPause lets the computer players move once a pause is over, if the game is still at the
// step it was for.
func (t *machine) endPause(ctx context.Context, step int) {
	if t.game == nil || t.game.LogLen() != step {
		return
	}
	if t.pausing {
		t.pausing = false
		t.emit(stopTimer{timerPause})
	}
	t.pacedStep = step
	var n narration
	if err := t.advance(ctx, &n); err != nil {
		t.log.Error("after a pause", "game", t.meta.ID, "err", err)
	}
	t.publish(&n)
}

// nextHand answers a person's Next hand during the pause after a hand: once every person
// at the table has asked, the computer players deal on at once.
func (t *machine) nextHand(ctx context.Context, c NextHand) Reply {
	seat, refusal := t.playerSeat(c.By, TriedNothing)
	if refusal != nil {
		return *refusal
	}
	if !t.handPause() {
		return t.view(seat, c.Token, Notice{})
	}
	t.ready[seat] = true
	for s, st := range t.meta.Seats {
		if st.UserID != "" && !st.Away && !t.ready[s] {
			return t.view(seat, c.Token, Notice{Fact: FactWaitingForOthers})
		}
	}
	t.endPause(ctx, t.game.LogLen())
	return t.view(seat, c.Token, Notice{})
}
