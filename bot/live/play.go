package live

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
)

// retryAfter is how long the computer players, or a deadline, wait to try again after what
// they did could not be saved (the store failed, or the bot's lease had lapsed).
const retryAfter = time.Minute

// narration collects what a command did, for the thread, and the events not yet recorded.
type narration struct {
	items  []Item
	events []engine.Event
}

// note adds a note at the end, and first a note before everything told so far.
func (n *narration) note(o Note)  { n.items = append(n.items, o) }
func (n *narration) first(o Note) { n.items = append([]Item{o}, n.items...) }

// act applies one action to the table's game: the engine checks it, the store saves it, and
// only then is it applied and told. A refused action changes nothing.
func (t *machine) act(ctx context.Context, a engine.Action, n *narration) error {
	g := t.game
	if err := g.Check(a); err != nil {
		return err
	}
	if err := t.store.SaveAction(ctx, t.meta.ID, g.LogLen(), a.Seat, a, t.now); err != nil {
		return fmt.Errorf("save action: %w", err)
	}
	events, err := g.ApplyEvents(a)
	if err != nil {
		// Check accepted it, so this cannot happen; the log and the game now differ.
		return fmt.Errorf("apply a checked action: %w", err)
	}
	t.meta.LastActivity = t.now
	n.items = append(n.items, Step{Action: a, Events: events, Public: g.View(-1)})
	n.events = append(n.events, events...)
	return nil
}

// advance lets computer players (and seats handed to them) take their turns, each after its
// pause (pace.go), and plays the forced cards of people (autoplays), until a person is to
// act, a pause is under way or the game is over, then records the hands that finished and
// the game's end. A player that decides at once moves
// here; one that searches does so in the pool (think) and its move comes back as a command.
func (t *machine) advance(ctx context.Context, n *narration) error {
	g := t.game
	for range maxComputerMoves {
		if g.Over() {
			break
		}
		if seat := t.forcedToPlay(); seat >= 0 {
			c, _ := t.forcedCard(seat)
			if err := t.act(ctx, engine.Action{Seat: seat, Kind: engine.ActPlayCard, Card: c}, n); err != nil {
				t.retryLater()
				return errors.Join(fmt.Errorf("forced card of seat %d: %w", seat+1, err), t.recordHands(ctx, n))
			}
			continue
		}
		seat := t.computerToAct()
		if seat < 0 || !t.mayMove() {
			break
		}
		p, err := t.computerFor(seat)
		if err != nil {
			return errors.Join(err, t.recordHands(ctx, n))
		}
		if searches(p) {
			t.think(seat, p, false)
			break
		}
		if err := t.act(ctx, p.Choose(g.View(seat)), n); err != nil {
			t.retryLater()
			return errors.Join(fmt.Errorf("computer player in seat %d: %w", seat+1, err), t.recordHands(ctx, n))
		}
	}
	return t.recordHands(ctx, n)
}

// retryLater lets the computer players try their turns again after retryAfter, once a
// computer move could not be saved: nobody else would move the table on.
func (t *machine) retryLater() {
	t.retrying = true
	t.emit(armTimer{timer: timerRetry, after: retryAfter, cmd: retryDue{}})
}

// retryMoves is the computer players' next try.
func (t *machine) retryMoves(ctx context.Context) {
	t.retrying = false
	if t.game == nil || t.thinking {
		return
	}
	var n narration
	if err := t.advance(ctx, &n); err != nil {
		t.log.Error("computer moves tried again", "game", t.meta.ID, "err", err)
	}
	t.publish(&n)
}

// computerToAct returns a seat played by the computer that the game waits for, or -1.
func (t *machine) computerToAct() int {
	for seat := range t.meta.Seats {
		if t.game.Waiting(seat) && t.playedByComputer(seat) {
			return seat
		}
	}
	return -1
}

// computerFor returns the computer player for a seat's next decision: a computer player's
// seat plays at its own level, a person's seat (away, or out of time) at the table's. It is
// seeded from the game and the step, so that a game's computer moves are the same after a
// restart. Storage holds only levels computer.New knows; should one not be, the error is
// logged and the seat plays as the baseline.
func (t *machine) computerFor(seat int) (computer.Player, error) {
	level := string(t.meta.Settings.Level)
	if s := t.meta.Seats[seat]; s.IsComputer() {
		level = string(s.Computer)
	}
	seed := t.meta.Seed ^ uint64(t.game.LogLen())<<8 ^ uint64(seat)
	p, err := t.players(level, seed)
	if err == nil {
		return p, nil
	}
	t.log.Error("computer level unknown: playing the baseline", "game", t.meta.ID, "level", level, "err", err)
	p, berr := t.players("baseline", seed)
	if berr != nil {
		return nil, fmt.Errorf("computer player for seat %d: %w", seat+1, errors.Join(err, berr))
	}
	return p, nil
}

// searches reports whether a player takes long enough to decide that it must not decide on
// the table's goroutine: the players that search sampled deals.
func searches(p computer.Player) bool {
	_, ok := p.(computer.Searcher)
	return ok
}

// think lets the computer decide for seat in the search pool, from the seat's view now; the
// decision comes back as a command and is applied if the game is still where it was. While
// it thinks, the table answers every other command at once. A search still waiting for a
// place when the table ends or the runtime closes is given up. forLate marks a move for a
// person whose time ran out.
func (t *machine) think(seat int, p computer.Player, forLate bool) {
	if t.thinking {
		return
	}
	t.thinking, t.thinkingStep = true, t.game.LogLen()
	t.emit(startSearch{seat: seat, step: t.thinkingStep, player: p, view: t.game.View(seat), forLate: forLate})
}

// applyDecision applies a computer player's decision if the game is where it was when the
// search began.
func (t *machine) applyDecision(ctx context.Context, d decided) {
	t.thinking = false
	if t.game == nil {
		return
	}
	var n narration
	if !d.stopped && t.game.LogLen() == d.step && t.game.Waiting(d.seat) && (d.forLate || t.playedByComputer(d.seat)) {
		if err := t.act(ctx, d.action, &n); err != nil {
			t.log.Error("computer move: it is tried again later", "game", t.meta.ID, "seat", d.seat, "err", err)
			if d.forLate {
				t.retryDeadline() // the late player's timeout, again
			} else {
				t.retryLater()
			}
			return
		}
		if d.forLate {
			n.first(Note{Kind: NoteLateMove, Seat: d.seat})
		}
	}
	if err := t.advance(ctx, &n); err != nil {
		t.log.Error("after a computer move", "game", t.meta.ID, "err", err)
	}
	t.publish(&n)
}

// recordHands records the hands that just finished and, once the game is over, its end.
func (t *machine) recordHands(ctx context.Context, n *narration) error {
	now := t.now
	for len(n.events) > 0 {
		e := n.events[0]
		if e.Kind == engine.EventHandFinished {
			if err := t.store.RecordHand(ctx, t.meta.ID, e.Result, now); err != nil {
				return fmt.Errorf("record hand %d: %w", e.Result.Hand, err)
			}
		}
		n.events = n.events[1:]
	}
	if !t.game.Over() || t.done {
		return nil
	}
	fin, err := t.end(ctx, ending{kind: endFinished})
	if err != nil {
		return err
	}
	n.note(Note{Kind: NoteFinished, Finish: fin})
	t.closeLobby(Ending{Kind: EndFinished, Scores: t.game.Scores(), SeatScores: t.game.SeatScores(), Winner: t.game.Winner()})
	if r := t.game.Rules(); r.Solo {
		// Every player scores alone: the winner is a seat, and the team scores stay zero.
		sc := t.game.SeatScores()
		t.log.Info("game finished", "game", t.meta.ID, "preset", t.meta.Preset, "winner_seat", t.game.Winner(),
			"seat_scores", sc[:r.Players], "hands", len(t.game.Results()), "counted", fin.Result.Counted)
		return nil
	}
	t.log.Info("game finished", "game", t.meta.ID, "preset", t.meta.Preset, "winner", t.game.Winner(),
		"score0", t.game.Scores()[0], "score1", t.game.Scores()[1], "hands", len(t.game.Results()), "counted", fin.Result.Counted)
	return nil
}
