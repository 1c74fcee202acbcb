package live

import (
	"context"
	"fmt"
	"time"

	"github.com/pinochle-discord/pinochle/table"
)

// lobbyIdle is how long a lobby stays open without activity.
const lobbyIdle = 24 * time.Hour

// A table has one timer for its next deadline: a reminder, the end of a turn, a pending
// mention, or the closing of an idle lobby. Deadlines live in storage (the turn's start and
// the reminders sent), so after a restart every one is armed again, and those that passed
// while the bot was down are applied at once (Runtime.Start).

// arm sets the table's timer for its next deadline, replacing the one before.
func (t *machine) arm() {
	t.disarm()
	if t.done || !t.started {
		return
	}
	at, ok := t.next()
	if !ok {
		return
	}
	t.armDeadline(at)
}

// armDeadline arms the table's timer for a deadline at at.
func (t *machine) armDeadline(at time.Time) {
	t.timerSeq++
	t.timed = true
	t.emit(armTimer{timer: timerDeadline, after: max(0, at.Sub(t.now)), cmd: deadline{seq: t.timerSeq, at: at}})
}

// disarm stops the table's deadline timer.
func (t *machine) disarm() {
	if t.timed {
		t.timed = false
		t.emit(stopTimer{timerDeadline})
	}
}

// retryDeadline arms the table's timer to apply its deadline again after retryAfter, once
// applying it failed: nothing of it was saved, so nothing of it was done.
func (t *machine) retryDeadline() {
	t.rearm = false // the retry is the table's timer now, not its next deadline
	t.disarm()
	if t.done || !t.started {
		return
	}
	t.armDeadline(t.now.Add(retryAfter))
}

// turnDeadlines returns when a turn's two reminders are due and when it runs out.
func turnDeadlines(started time.Time, timeout time.Duration) (first, second, end time.Time) {
	before := min(timeout/10, time.Hour)
	return started.Add(timeout / 2), started.Add(timeout - before), started.Add(timeout)
}

// next returns the table's next deadline: a pending turn mention, a reminder, the turn's
// end or the idle lobby's.
func (t *machine) next() (time.Time, bool) {
	at, ok := t.turnNext()
	if p, pok := t.pingAt(); pok && (!ok || p.Before(at)) {
		return p, true
	}
	return at, ok
}

// turnNext returns the next reminder or end of the turn timer, or the idle lobby's deadline.
func (t *machine) turnNext() (time.Time, bool) {
	switch {
	case t.done:
		return time.Time{}, false
	case t.game == nil:
		return t.meta.LastActivity.Add(lobbyIdle), true
	case t.meta.Settings.Timer <= 0 || t.meta.Turn.Started.IsZero() || t.game.Over():
		return time.Time{}, false
	}
	first, second, end := turnDeadlines(t.meta.Turn.Started, t.meta.Settings.Timer)
	switch t.meta.Turn.Reminders {
	case 0:
		return first, true
	case 1:
		return second, true
	}
	return end, true
}

// startTurn starts the timer of a new turn: when the game waits for a person at a new step
// of its log, the turn's start is saved.
func (t *machine) startTurn(ctx context.Context) {
	if t.done || t.game == nil || t.meta.Settings.Timer <= 0 || t.game.Over() {
		return
	}
	seq := t.game.LogLen()
	if !t.meta.Turn.Started.IsZero() && t.meta.Turn.Seq == seq {
		return
	}
	late := t.waitingHumans()
	if len(late) == 0 {
		return
	}
	before := t.meta.Turn
	t.meta.Turn = table.TurnState{Seq: seq, Seat: late[0], Started: t.now}
	if err := t.save(ctx); err != nil {
		t.meta.Turn = before
		t.log.Error("save turn timer", "game", t.meta.ID, "err", err)
	}
}

// wake arms the table's timer when the runtime starts, applying its deadline at once if it
// passed while the bot was down.
func (t *machine) wake(ctx context.Context) {
	t.started = true
	t.startTurn(ctx)
	if at, ok := t.next(); ok && !at.After(t.now) {
		t.applyDeadline(ctx, deadline{seq: t.timerSeq})
		return
	}
	t.arm()
}

// resume lets computer players take the turns that were theirs when the bot stopped.
func (t *machine) resume(ctx context.Context) {
	t.started = true
	if t.game == nil {
		return
	}
	var n narration
	if err := t.advance(ctx, &n); err != nil {
		t.log.Error("resume: computer moves failed", "game", t.meta.ID, "err", err)
	}
	t.publish(&n)
}

// applyDeadline applies the table's deadline if it is due: a pending mention, a reminder,
// the turn's timeout, or the closing of an idle lobby. It is applied as of when its timer
// fell due (d.at), however late the table gets to it: a reminder a moment before a turn's
// end is still a reminder. A deadline from a timer that has been replaced since is dropped.
func (t *machine) applyDeadline(ctx context.Context, d deadline) {
	if d.seq != t.timerSeq {
		return
	}
	t.timed = false
	now := t.now
	if !d.at.IsZero() && d.at.Before(now) {
		now = d.at
	}
	if p, ok := t.pingAt(); ok && !p.After(now) {
		t.pingLate(now)
	}
	at, ok := t.turnNext()
	if !ok || at.After(now) {
		t.arm()
		return
	}
	var err error
	_, _, end := turnDeadlines(t.meta.Turn.Started, t.meta.Settings.Timer)
	switch {
	case t.game == nil:
		err = t.closeIdleLobby(ctx)
	case now.Before(end):
		if err = t.remind(ctx, end, now); err == nil {
			t.arm()
		}
	default:
		err = t.timeout(ctx)
	}
	if err != nil {
		t.log.Error("a deadline could not be applied: it is tried again later", "game", t.meta.ID, "retry", retryAfter, "err", err)
		t.retryDeadline()
	}
}

// remind mentions the people the table waits for, once per reminder. A reminder that cannot
// be saved is not sent, so that a process without its lease stays silent.
func (t *machine) remind(ctx context.Context, end, now time.Time) error {
	t.meta.Turn.Reminders++
	if err := t.save(ctx); err != nil {
		t.meta.Turn.Reminders--
		return fmt.Errorf("save reminder: %w", err)
	}
	var ids []string
	for _, s := range t.waitingHumans() {
		ids = append(ids, t.meta.Seats[s].UserID)
	}
	if len(ids) == 0 {
		return nil
	}
	t.emit(Remind{Channel: t.meta.PostChannel(), Users: ids, Left: end.Sub(now).Round(time.Second), Alone: len(t.meta.Seats) == 2 || (t.game != nil && t.game.Rules().Solo),
		Forfeit: t.meta.Settings.Timeout == table.PolicyForfeit})
	t.postsSince++
	return nil
}

// timeout applies the table's policy to the people whose time ran out: a computer player
// moves for them this once, or their team forfeits. On an error nothing was done.
func (t *machine) timeout(ctx context.Context) error {
	late := t.waitingHumans()
	if len(late) == 0 {
		return nil
	}
	var n narration
	if t.meta.Settings.Timeout == table.PolicyForfeit {
		// A team forfeits; where every player scores alone (three-handed), the seat does.
		solo := t.game.Rules().Solo
		team := t.game.Rules().TeamOf(late[0])
		if solo {
			team = late[0]
		}
		fin, err := t.end(ctx, ending{kind: endForfeit, team: team})
		if err != nil {
			return fmt.Errorf("forfeit: %w", err)
		}
		e := Ending{Kind: EndForfeit, Seat: late[0], Team: team}
		if solo {
			e.Team, e.Winner = -1, fin.Result.Winner
		}
		n.note(Note{Kind: NoteEnded, End: e})
		n.note(Note{Kind: NoteFinished, Finish: fin})
		t.closeTable(e)
		t.closeLobby(e)
		t.publish(&n)
		return nil
	}
	for _, seat := range late {
		p, err := t.computerFor(seat)
		if err != nil {
			if len(n.items) > 0 {
				t.publish(&n) // another late seat moved already: say so
			}
			return fmt.Errorf("timeout move for seat %d: %w", seat+1, err)
		}
		if searches(p) {
			// One search per table at a time: a six-handed pass's other late seats move
			// when the timer fires again.
			t.think(seat, p, true)
			break
		}
		if err := t.act(ctx, p.Choose(t.game.View(seat)), &n); err != nil {
			if len(n.items) > 0 {
				t.publish(&n)
			}
			return fmt.Errorf("timeout move for seat %d: %w", seat+1, err)
		}
		n.first(Note{Kind: NoteLateMove, Seat: seat})
	}
	if err := t.advance(ctx, &n); err != nil {
		t.log.Error("after timeout", "game", t.meta.ID, "err", err)
	}
	t.publish(&n)
	return nil
}

// closeIdleLobby closes a lobby nobody has touched for a day. On an error nothing was done.
func (t *machine) closeIdleLobby(ctx context.Context) error {
	if _, err := t.end(ctx, ending{kind: endAbandoned}); err != nil {
		return fmt.Errorf("close idle lobby: %w", err)
	}
	e := Ending{Kind: EndExpired}
	t.closeLobby(e)
	n := narration{items: []Item{Note{Kind: NoteEnded, End: e}}}
	t.publish(&n)
	return nil
}
