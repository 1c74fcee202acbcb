package live

import (
	"context"
	"slices"
)

// DealAssigned deals a lobby whose seats were all assigned when it was made (an event's
// table, a daily deal): the game starts at once where it is posted (its thread, or its
// channel without one), without a lobby message. The reply is ReplyStarted, or a ReplyNotice saying why not: the table is not a
// lobby (FactNotTaking), a seat is open (FactNobodySeated), or the game could not start.
type DealAssigned struct{}

// Settle settles a game at an event's deadline. With Forfeit, the team (in three-handed,
// the seat) of the first person the game waits for forfeits it; otherwise, and when the
// game waits for nobody, computer players take every person's seat and finish it. The
// reply tells the outcome: FactClosed once forfeited, FactLeftGame once the computers
// play, or FactNoGame when no game is in play.
type Settle struct{ Forfeit bool }

func (DealAssigned) command() {}
func (Settle) command()       {}

// dealAssigned deals a lobby whose seats are all taken, in its thread.
func (t *machine) dealAssigned(ctx context.Context) Reply {
	rules, refusal := t.lobby()
	if refusal != nil {
		return *refusal
	}
	if firstOpen(t.meta.Seats) >= 0 {
		return say(FactNobodySeated)
	}
	r := t.deal(ctx, &rules, t.meta.Seats, t.meta.LastActivity)
	if r.Kind == ReplyStarted && t.awaitingThread {
		// No lobby message will come: the table is shown in its thread now, with what the
		// start told.
		t.awaitingThread = false
		t.postTable(nil)
		t.publish(&narration{})
	}
	return r
}

// settleAt settles the game at a deadline.
func (t *machine) settleAt(ctx context.Context, c Settle) Reply {
	if t.done || t.game == nil || t.game.Over() {
		return say(FactNoGame)
	}
	if late := t.waitingHumans(); c.Forfeit && len(late) > 0 {
		solo := t.game.Rules().Solo
		team := t.game.Rules().TeamOf(late[0])
		if solo {
			team = late[0]
		}
		fin, err := t.end(ctx, ending{kind: endForfeit, team: team})
		if err != nil {
			t.log.Error("settle: forfeit", "game", t.meta.ID, "err", err)
			return say(FactCloseFailed)
		}
		e := Ending{Kind: EndForfeit, Seat: late[0], Team: team}
		if solo {
			e.Team, e.Winner = -1, fin.Result.Winner
		}
		n := narration{items: []Item{Note{Kind: NoteEnded, End: e}, Note{Kind: NoteFinished, Finish: fin}}}
		t.closeTable(e)
		t.publish(&n)
		return say(FactClosed)
	}
	before := t.meta.Seats
	t.meta.Seats = slices.Clone(before)
	var n narration
	for s := range t.meta.Seats {
		if t.meta.Seats[s].IsHuman() && !t.meta.Seats[s].Away {
			t.meta.Seats[s].Away = true
			n.note(Note{Kind: NoteAway, Seat: s})
		}
	}
	if err := t.save(ctx); err != nil {
		t.meta.Seats = before
		t.log.Error("settle: computers finish", "game", t.meta.ID, "err", err)
		return say(FactFailed)
	}
	if err := t.advance(ctx, &n); err != nil {
		t.log.Error("settle: computer moves", "game", t.meta.ID, "err", err)
	}
	t.publish(&n)
	return say(FactLeftGame)
}
