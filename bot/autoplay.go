package bot

import (
	"context"
	"fmt"
	"time"

	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/engine"
)

// autoplayPause is how long a forced card waits before the bot plays it: long enough to
// see the trick, short enough not to hold the table up.
const autoplayPause = 2 * time.Second

// forcedCard returns the only card seat may play now, if the seat is a person waiting to
// play and has exactly one legal card. The caller holds t.mu.
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

// autoplays reports whether the table plays seat's forced card for it now. The caller
// holds t.mu.
func (t *table) autoplays(seat int) bool {
	_, forced := t.forcedCard(seat)
	return forced && t.meta.Settings.Autoplay
}

// scheduleAutoplay plays, after a short pause, the forced card of the person the table
// waits for, unless they play it first (the step moves on and the pause ends in nothing).
// The caller holds t.mu.
func (b *Bot) scheduleAutoplay(t *table) {
	if t.game == nil || !t.meta.Settings.Autoplay || t.autoplayStep == t.game.LogLen()+1 {
		return
	}
	seat := t.game.Turn()
	if !t.autoplays(seat) {
		return
	}
	step := t.game.LogLen()
	t.autoplayStep = step + 1
	if t.autoplay != nil {
		t.autoplay.Stop()
	}
	t.autoplay = b.clock.AfterFunc(autoplayPause, func() {
		b.withTable(t, 10*time.Second, func(ctx context.Context) {
			t.autoplay = nil
			if t.done || t.game.LogLen() != step {
				return
			}
			c, ok := t.forcedCard(seat)
			if !ok {
				return
			}
			var n present.Narration
			if err := b.act(ctx, t, engine.Action{Seat: seat, Kind: engine.ActPlayCard, Card: c}, &n); err != nil {
				b.log.Error("autoplay", "game", t.meta.ID, "seat", seat, "err", err)
				return
			}
			n.Lines = append([]string{fmt.Sprintf("%s's only card, %s, is played for them.", present.PlainName(&t.meta, seat), c.Symbol())}, n.Lines...)
			if err := b.advance(ctx, t, &n); err != nil {
				b.log.Error("after autoplay", "game", t.meta.ID, "err", err)
			}
			b.publish(ctx, t, &n)
		})
	})
}
