package live

import (
	"context"
	"slices"
	"time"

	"github.com/pinochle-discord/pinochle/table"
)

// leaveGame takes a person out of the game in play: a computer player takes their seat to
// the end (the seat is away, and remembers when it was left, for the records and for
// comeBack), and the thread says so. With forfeit (a league event's game), their side
// forfeits the game instead.
func (t *machine) leaveGame(ctx context.Context, seat int, forfeit bool) Reply {
	if t.done || t.game == nil || t.game.Over() {
		return say(FactNotInPlay)
	}
	if t.meta.Seats[seat].HasLeft() {
		return say(FactLeftAlready)
	}
	if forfeit {
		return t.forfeitFor(ctx, seat)
	}
	var n narration
	n.note(Note{Kind: NoteLeft, Seat: seat})
	return t.reseat(ctx, seat, func(s *table.Seat) { s.Away, s.Left = true, t.now }, &n, FactLeftGame)
}

// comeBack gives a person who left the game their seat back, while they may
// (table.Settings.LeftGrace after they left); later, it stays the computer player's.
func (t *machine) comeBack(ctx context.Context, seat int) Reply {
	if t.now.Sub(t.meta.Seats[seat].Left) > t.meta.Settings.LeftGrace() {
		return say(FactLeftForGood)
	}
	var n narration
	n.note(Note{Kind: NoteBack, Seat: seat})
	t.announced = -1
	return t.reseat(ctx, seat, func(s *table.Seat) { s.Away, s.Left = false, time.Time{} }, &n, FactBack)
}

// reseat changes who plays a seat, saves it, tells the thread what n says, and lets the
// computer move if it is now its turn. On an error nothing has changed.
func (t *machine) reseat(ctx context.Context, seat int, change func(*table.Seat), n *narration, answer Fact) Reply {
	before := t.meta.Seats
	t.meta.Seats = slices.Clone(before)
	change(&t.meta.Seats[seat])
	if err := t.save(ctx); err != nil {
		t.meta.Seats = before
		t.log.Error("reseat", "game", t.meta.ID, "seat", seat, "err", err)
		return say(FactFailed)
	}
	if err := t.advance(ctx, n); err != nil {
		t.log.Error("reseat: computer moves", "game", t.meta.ID, "err", err)
	}
	t.publish(n)
	return say(answer)
}

// forfeitFor ends the game in play by the forfeit of seat's side (in a game where every
// player scores alone, the seat's): the leaving of a league event's game.
func (t *machine) forfeitFor(ctx context.Context, seat int) Reply {
	rules := t.game.Rules()
	team := rules.TeamOf(seat)
	if rules.Solo {
		team = seat
	}
	fin, err := t.end(ctx, ending{kind: endForfeit, team: team})
	if err != nil {
		t.log.Error("leave: forfeit", "game", t.meta.ID, "err", err)
		return say(FactCloseFailed)
	}
	e := Ending{Kind: EndForfeit, Seat: seat, Team: team, Left: true}
	if rules.Solo {
		e.Team, e.Winner = -1, fin.Result.Winner
	}
	n := narration{items: []Item{Note{Kind: NoteEnded, End: e}, Note{Kind: NoteFinished, Finish: fin}}}
	t.closeTable(e)
	t.closeLobby(e)
	t.publish(&n)
	return say(FactLeftForfeit)
}
