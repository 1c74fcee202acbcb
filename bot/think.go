package bot

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
)

// thinkers bounds the searches running at once across every table: one fewer than the
// processors Go may use (at least one), so that a burst of computer turns queues instead
// of slowing every click, and a processor is always free to answer people.
type thinkers chan struct{}

func newThinkers() thinkers { return make(thinkers, max(1, runtime.GOMAXPROCS(0)-1)) }

// take waits for a place in the pool and reports true once it holds one, or false, holding
// none, when either channel closes first: a search that waits for a table that has ended,
// or for a bot that is closing, is given up before it starts.
func (th thinkers) take(ended, quit <-chan struct{}) bool {
	select {
	case th <- struct{}{}:
		return true
	case <-ended:
	case <-quit:
	}
	return false
}

// give returns a place taken by take.
func (th thinkers) give() { <-th }

// searches reports whether a player takes long enough to decide that it must not decide
// on the table's writer: the players that search sampled deals.
func searches(p computer.Player) bool {
	_, ok := p.(*computer.Expert)
	return ok
}

// think lets the computer decide for seat off the table's writer: it takes the seat's view
// now, decides in the pool without holding the table, and applies the action if the game
// is still where it was. While it thinks, every other click at the table is answered at
// once. forLate marks a move made for a human whose time ran out. The caller holds t.mu.
func (b *Bot) think(t *table, seat int, p computer.Player, forLate bool) {
	if t.thinking || b.closing.Load() {
		return
	}
	t.thinking = true
	v := t.game.View(seat)
	step := t.game.LogLen()
	b.handlers.Add(1)
	go func() {
		defer b.handlers.Done()
		if !b.searchSlots.take(t.ended, b.quit) {
			return // the table ended, or the bot is closing, before the search began
		}
		a := b.choose(p, v)
		b.searchSlots.give()
		ctx, cancel := context.WithTimeout(b.ctx, 10*time.Second)
		defer cancel()
		t.mu.Lock()
		defer t.mu.Unlock()
		t.thinking = false
		if t.done || t.game == nil {
			return
		}
		var n present.Narration
		if t.game.LogLen() == step && t.game.Waiting(seat) && (forLate || t.playedByComputer(seat)) {
			if err := b.act(ctx, t, a, &n); err != nil {
				b.log.Error("computer move: it is tried again later", "game", t.meta.ID, "seat", seat, "retry", timerRetry, "err", err)
				if forLate {
					b.timers.retry(t) // the late player's timeout, again
				} else {
					b.retryAdvance(t)
				}
				return
			}
			if forLate {
				n.Lines = append([]string{fmt.Sprintf("⏰ %s's time ran out: a computer player moved for them.", present.PlainName(&t.meta, seat))}, n.Lines...)
			}
		}
		if err := b.advance(ctx, t, &n); err != nil {
			b.log.Error("after a computer move", "game", t.meta.ID, "err", err)
		}
		b.publish(ctx, t, &n)
	}()
}

// decideFunc makes a searching player's decision for a view.
type decideFunc func(p computer.Player, v engine.View) engine.Action

// choose makes a search's decision: p's choice for the view, or that of the stand-in a test
// set (Bot.decide). The caller holds a place in the pool.
func (b *Bot) choose(p computer.Player, v engine.View) engine.Action {
	if f := b.decide.Load(); f != nil {
		return (*f)(p, v)
	}
	return p.Choose(v)
}

// hint asks the expert what seat should do, off the table's writer, from the view given.
// It waits for a place in the pool like a computer turn.
func (b *Bot) hint(v engine.View, seed uint64) (engine.Action, string) {
	if !b.searchSlots.take(nil, b.quit) {
		return engine.Action{}, "" // the bot is closing
	}
	defer b.searchSlots.give()
	p, err := computer.New("expert", seed)
	if h, ok := p.(computer.Hinter); ok && err == nil {
		return h.Hint(v)
	}
	return engine.Action{}, ""
}
