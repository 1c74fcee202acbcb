package live

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/table"
)

// LobbyPosted tells a lobby where it is shown: its message in the channel, and the thread
// started from that message for the table ("" when none could be started). A lobby runs
// before its message is posted, so that a person who joins the moment it appears finds it;
// this records where it appeared. The reply is ReplyLobby once it is saved, else a
// ReplyNotice saying why not.
type LobbyPosted struct {
	Message table.Message
	Thread  string
}

// Withdraw closes a lobby whose message could not be posted, without a word: nobody has
// seen it. The reply is ReplyLobbyClosed once it is closed, else a ReplyNotice saying why not.
type Withdraw struct{}

func (LobbyPosted) command() {}
func (Withdraw) command()    {}

// lobbyPosted records where the lobby is shown. Once the game has been dealt (people joined
// before the thread was started), the table stays where it is: only the lobby message is
// recorded.
func (t *machine) lobbyPosted(ctx context.Context, c LobbyPosted) Reply {
	if t.done {
		return say(FactNotTaking)
	}
	messages, thread := t.meta.Messages, t.meta.ThreadID
	t.meta.Messages = maps.Clone(messages)
	if t.meta.Messages == nil {
		t.meta.Messages = map[table.MessageRole]table.Message{}
	}
	t.meta.Messages[table.RoleLobby] = c.Message
	if c.Thread != "" && (t.meta.Status == table.StatusLobby || t.awaitingThread) {
		t.meta.ThreadID = c.Thread
	}
	if err := t.save(ctx); err != nil {
		t.meta.Messages, t.meta.ThreadID = messages, thread
		t.log.Error("lobby posted", "game", t.meta.ID, "err", err)
		return say(FactNotSaved)
	}
	if t.awaitingThread {
		// The game started before its thread was known: it is shown there now.
		t.awaitingThread = false
		t.postTable(nil)
		t.publish(&narration{})
	}
	return Reply{Kind: ReplyLobby}
}

// withdraw closes a lobby that was never shown.
func (t *machine) withdraw(ctx context.Context) Reply {
	if t.done || (t.meta.Status != table.StatusLobby && !t.awaitingThread) {
		return say(FactNotTaking)
	}
	if _, err := t.end(ctx, ending{kind: endAbandoned}); err != nil {
		t.log.Error("withdraw", "game", t.meta.ID, "err", err)
		return say(FactCloseFailed)
	}
	t.log.Info("lobby withdrawn: it could not be shown", "game", t.meta.ID)
	return Reply{Kind: ReplyLobbyClosed, End: Ending{Kind: EndAbandoned}}
}

// lobby returns the table's rules when it is a lobby that takes players, or the refusal.
func (t *machine) lobby() (engine.Rules, *Reply) {
	if t.done || t.meta.Status != table.StatusLobby {
		return engine.Rules{}, ptr(say(FactNotTaking))
	}
	rules, err := t.meta.Rules()
	if err != nil {
		t.log.Error("lobby", "game", t.meta.ID, "err", err)
		return engine.Rules{}, ptr(say(FactNotTaking))
	}
	return rules, nil
}

// join seats a person in the lobby.
func (t *machine) join(ctx context.Context, c Join) Reply {
	rules, refusal := t.lobby()
	if refusal != nil {
		return *refusal
	}
	seats := t.meta.Seats
	seat := t.meta.SeatOf(c.By.ID)
	want := c.Seat
	switch {
	case want >= len(seats):
		return sayN(Notice{Fact: FactNoSuchSeat, Seat: want})
	case want >= 0 && !seats[want].IsOpen():
		return sayN(Notice{Fact: FactSeatTaken, Seat: want})
	case want < 0 && seat >= 0:
		return sayN(Notice{Fact: FactAlreadySeated, Seat: seat})
	case want < 0:
		if want = firstOpen(seats); want < 0 {
			return say(FactFull)
		}
	}
	next := slices.Clone(seats)
	if seat >= 0 {
		next[seat] = table.Seat{}
	}
	next[want] = table.Seat{UserID: c.By.ID, Name: c.By.Name}
	return t.seat(ctx, next, &rules, !c.Elsewhere, true)
}

// leave takes a person out of the lobby, or hands their seat in the game to a computer
// player.
func (t *machine) leave(ctx context.Context, c Leave) Reply {
	seat := t.meta.SeatOf(c.By.ID)
	if t.done || seat < 0 {
		return sayN(Notice{Fact: FactNotSeated})
	}
	if t.meta.Status != table.StatusLobby {
		return t.leaveGame(ctx, seat, c.Forfeit) // leave.go
	}
	rules, refusal := t.lobby()
	if refusal != nil {
		return *refusal
	}
	next := slices.Clone(t.meta.Seats)
	next[seat] = table.Seat{}
	r := t.seat(ctx, next, &rules, c.InPlace, true)
	if r.Kind == ReplyLobby && !c.InPlace {
		return say(FactLeftTable)
	}
	return r
}

// addComputer puts a computer player in the lobby's first open seat.
func (t *machine) addComputer(ctx context.Context, by Person) Reply {
	rules, refusal := t.lobby()
	if refusal != nil {
		return *refusal
	}
	if by.ID != t.meta.HostID {
		return sayN(Notice{Fact: FactHostOnly, Tried: TriedAddComputer, Host: t.meta.HostID})
	}
	open := firstOpen(t.meta.Seats)
	if open < 0 {
		return say(FactFull)
	}
	next := slices.Clone(t.meta.Seats)
	next[open] = computerSeat(open, t.meta.Settings.Level)
	// The last seat filled by the host's own click does not deal at once: the lobby shows
	// the full table for a moment, and Start deals.
	return t.seat(ctx, next, &rules, true, false)
}

// start fills the open seats with computer players and deals.
func (t *machine) start(ctx context.Context, by Person) Reply {
	rules, refusal := t.lobby()
	if refusal != nil {
		return *refusal
	}
	if by.ID != t.meta.HostID {
		return sayN(Notice{Fact: FactHostOnly, Tried: TriedStart, Host: t.meta.HostID})
	}
	if humans(t.meta.Seats) == 0 {
		return say(FactNobodySeated)
	}
	next := slices.Clone(t.meta.Seats)
	for s := range next {
		if next[s].IsOpen() {
			next[s] = computerSeat(s, t.meta.Settings.Level)
		}
	}
	return t.seat(ctx, next, &rules, true, true)
}

// seat saves the lobby's new seats and answers with the lobby as it now is (inPlace: the
// answer shows it in place of the lobby message; otherwise the lobby message is edited), or,
// when mayDeal is set, starts the game once every seat is taken. On an error nothing
// changes.
func (t *machine) seat(ctx context.Context, seats []table.Seat, rules *engine.Rules, inPlace, mayDeal bool) Reply {
	before, activity := t.meta.Seats, t.meta.LastActivity
	t.meta.Seats, t.meta.LastActivity = seats, t.now
	if firstOpen(seats) < 0 && mayDeal {
		return t.deal(ctx, rules, before, activity)
	}
	if err := t.save(ctx); err != nil {
		t.meta.Seats, t.meta.LastActivity = before, activity
		t.log.Error("lobby", "game", t.meta.ID, "err", err)
		return say(FactNotSaved)
	}
	t.arm() // the idle lobby's deadline moves on
	if m, ok := t.meta.Messages[table.RoleLobby]; ok && !inPlace {
		t.emit(ShowLobby{Message: m, Game: t.record()})
	}
	return Reply{Kind: ReplyLobby}
}

// deal starts the game of a full table: it is saved as playing, the table message is asked
// for, and computer players take their turns. On an error the lobby is as it was (before).
func (t *machine) deal(ctx context.Context, rules *engine.Rules, before []table.Seat, activity time.Time) Reply {
	g, err := engine.NewGame(*rules, t.meta.Seed)
	if err != nil {
		t.meta.Seats, t.meta.LastActivity = before, activity
		t.log.Error("start", "game", t.meta.ID, "err", err)
		return say(FactStartFailed)
	}
	names := make([]string, len(t.meta.Seats))
	for s := range t.meta.Seats {
		names[s] = t.meta.Seats[s].Name
	}
	g.SetNames(names)
	t.meta.Status = table.StatusPlaying
	if err := t.save(ctx); err != nil {
		t.meta.Status = table.StatusLobby
		t.meta.Seats, t.meta.LastActivity = before, activity
		t.log.Error("start", "game", t.meta.ID, "err", err)
		return say(FactStartFailed)
	}
	t.game = g
	t.announced = -1
	if _, shown := t.meta.Messages[table.RoleLobby]; shown {
		t.postTable(nil)
	} else {
		// Started the moment the lobby appeared, before its thread is known: the table and
		// its story wait for it (lobbyPosted), so that the game plays in its thread.
		t.awaitingThread = true
	}
	n := narration{items: []Item{Note{Kind: NoteGameStarts, Seat: g.Dealer()}}}
	if err := t.advance(ctx, &n); err != nil {
		t.log.Error("start: computer moves", "game", t.meta.ID, "err", err)
	}
	t.publish(&n)
	return Reply{Kind: ReplyStarted}
}

// cancel closes the lobby from its Cancel button.
func (t *machine) cancel(ctx context.Context, by Person) Reply {
	if _, refusal := t.lobby(); refusal != nil {
		return *refusal
	}
	if by.ID != t.meta.HostID && !by.Manager {
		return sayN(Notice{Fact: FactHostOnly, Tried: TriedCancel, Host: t.meta.HostID})
	}
	e := Ending{Kind: EndCancelled, By: by.Name}
	if err := t.abandon(ctx, e); err != nil {
		t.log.Error("cancel", "game", t.meta.ID, "err", err)
		return say(FactCloseFailed)
	}
	return Reply{Kind: ReplyLobbyClosed, End: e}
}

// abandonBy closes the table, lobby or game, from /pinochle abandon.
func (t *machine) abandonBy(ctx context.Context, by Person) Reply {
	if by.ID != t.meta.HostID && !by.Manager {
		return say(FactHostOrManager)
	}
	e := Ending{Kind: EndAbandoned, By: by.Name}
	if err := t.abandon(ctx, e); err != nil {
		t.log.Error("abandon", "game", t.meta.ID, "err", err)
		return say(FactCloseFailed)
	}
	t.closeLobby(e)
	return say(FactClosed)
}

// abandon ends the table without a result and tells the thread. On an error nothing
// changed.
func (t *machine) abandon(ctx context.Context, e Ending) error {
	if _, err := t.end(ctx, ending{kind: endAbandoned}); err != nil {
		return err
	}
	t.log.Info("table abandoned", "game", t.meta.ID, "by", e.By)
	n := narration{items: []Item{Note{Kind: NoteEnded, End: e}}}
	t.publish(&n)
	return nil
}

// away hands a person's seat to a computer player, or takes it back.
func (t *machine) away(ctx context.Context, c Away) Reply {
	seat := t.meta.SeatOf(c.By.ID)
	if t.done || seat < 0 || t.game == nil {
		return say(FactNotInPlay)
	}
	if !c.Away && t.meta.Seats[seat].HasLeft() {
		return t.comeBack(ctx, seat) // leave.go
	}
	if t.meta.Seats[seat].Away == c.Away {
		if c.Away {
			return say(FactAlreadyAway)
		}
		return say(FactAlreadyBack)
	}
	answer := FactBack
	if c.Away {
		answer = FactNowAway
	}
	return t.setAway(ctx, seat, c.Away, answer)
}

// setAway changes who plays a seat, tells the thread, and lets the computer move if it is
// now its turn.
func (t *machine) setAway(ctx context.Context, seat int, away bool, answer Fact) Reply {
	before := t.meta.Seats
	t.meta.Seats = slices.Clone(before)
	t.meta.Seats[seat].Away = away
	if err := t.save(ctx); err != nil {
		t.meta.Seats = before
		t.log.Error("away", "game", t.meta.ID, "err", err)
		return say(FactFailed)
	}
	var n narration
	if away {
		n.note(Note{Kind: NoteAway, Seat: seat})
	} else {
		n.note(Note{Kind: NoteBack, Seat: seat})
		t.announced = -1
	}
	if err := t.advance(ctx, &n); err != nil {
		t.log.Error("away: computer moves", "game", t.meta.ID, "err", err)
	}
	t.publish(&n)
	return say(answer)
}

// firstOpen returns the first open seat, or -1.
func firstOpen(seats []table.Seat) int {
	for i, s := range seats {
		if s.IsOpen() {
			return i
		}
	}
	return -1
}

// humans counts the seats held by people.
func humans(seats []table.Seat) int {
	n := 0
	for _, s := range seats {
		if s.IsHuman() {
			n++
		}
	}
	return n
}

// computerSeat is a computer player of a level for a seat.
func computerSeat(seat int, level table.Level) table.Seat {
	return table.Seat{Computer: level, Name: fmt.Sprintf("Computer %d", seat+1)}
}

// ptr returns a pointer to a copy of v.
func ptr[T any](v T) *T { return &v }
