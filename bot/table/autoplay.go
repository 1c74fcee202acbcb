package table

import (
	"context"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
)

// autoplayPause is how long a forced card waits before the table plays it: long enough to
// see the trick, short enough not to hold the table up.
const autoplayPause = 2 * time.Second

// forcedCard returns the only card seat may play now, if the seat is a person waiting to
// play and has exactly one legal card.
func (t *table) forcedCard(seat int) (engine.Card, bool) {
	if t.game == nil || t.game.Over() || t.game.Phase() != engine.PhasePlay || !t.game.Waiting(seat) || t.playedByComputer(seat) {
		return 0, false
	}
	legal := t.game.LegalCards(seat)
	if legal.Len() != 1 {
		return 0, false
	}
	return legal.Cards()[0], true
}

// autoplays reports whether the table plays seat's forced card for it now.
func (t *table) autoplays(seat int) bool {
	_, forced := t.forcedCard(seat)
	return forced && t.meta.Settings.Autoplay
}

// scheduleAutoplay plays, after a short pause, the forced card of the person the table waits
// for, unless they play it first (the step moves on and the pause ends in nothing).
func (t *table) scheduleAutoplay() {
	if t.game == nil || !t.meta.Settings.Autoplay || t.autoplayStep == t.game.LogLen()+1 {
		return
	}
	if !t.autoplays(t.game.Turn()) || !t.rt.isStarted() {
		return
	}
	step := t.game.LogLen()
	t.autoplayStep = step + 1
	if t.autoplay != nil {
		t.autoplay.Stop()
	}
	t.autoplay = t.rt.later(t, autoplayPause, autoplayDue{step: step})
}

// playForced plays a forced card whose pause is over, if the game is still at its step.
func (t *table) playForced(ctx context.Context, step int) {
	if t.game == nil || t.game.LogLen() != step {
		return
	}
	t.autoplay = nil
	seat := t.game.Turn()
	c, ok := t.forcedCard(seat)
	if !ok {
		return
	}
	var n narration
	if err := t.act(ctx, engine.Action{Seat: seat, Kind: engine.ActPlayCard, Card: c}, &n); err != nil {
		t.rt.log.Error("autoplay", "game", t.meta.ID, "seat", seat, "err", err)
		return
	}
	n.first(Note{Kind: NoteForcedCard, Seat: seat, Card: c})
	if err := t.advance(ctx, &n); err != nil {
		t.rt.log.Error("after autoplay", "game", t.meta.ID, "err", err)
	}
	t.publish(&n)
}
