package live

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"sync/atomic"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/table"
)

// ViewLifetime is how long a table brings a private message up to date through its token:
// Discord allows 15 minutes; a margin keeps clear of the end.
const ViewLifetime = 14 * time.Minute

// maxComputerMoves bounds the computer moves made in one go, as a guard: a whole hand of
// computer moves is far less.
const maxComputerMoves = 2000

// tableLoop is one live table. Its goroutine (Runtime.run) is the only one that reads or
// writes the fields below the line, one command at a time; other goroutines read the
// summary it publishes after each command.
type tableLoop struct {
	rt      *Runtime
	id      int64 // the game's ID, which never changes
	inbox   chan request
	exited  chan struct{} // closed when the table's goroutine ends
	summary atomic.Pointer[Summary]

	// ---- owned by the table's goroutine ----

	meta table.Game
	// game is the engine's game; nil while the table is a lobby.
	game *engine.Game
	// done is set once the table has finished or been abandoned; its goroutine then ends.
	done bool
	// announced is the log length at which the turn was last announced, so that a person
	// is mentioned once per turn.
	announced int
	// views are the private messages last shown to each seat, to bring up to date when
	// the seat's turn comes.
	views map[int]privateView
	// timer is the armed deadline, retry the computer players' next try after a move could
	// not be saved, and pause the computer players' pause (pace.go) after the action at log
	// length pauseStep.
	timer, retry, pause Timer
	pauseStep           int
	// pacedStep is the log length whose pause is over; ready are the seats whose people
	// asked for the next hand during the pause after a hand.
	pacedStep int
	ready     map[int]bool
	// timerSeq numbers the deadlines armed, so that one from a timer replaced since is
	// dropped.
	timerSeq int
	// thinking is set while a computer player searches for the table, from the game at
	// log length thinkingStep; stopThinking gives that search up, once the game has moved
	// on. searches is the context of every search for the table, ended with the table by
	// endSearches.
	thinking     bool
	thinkingStep int
	stopThinking context.CancelFunc
	searches     context.Context
	endSearches  context.CancelFunc
	// clicks are the last commands at the table by user, and turns the turns of the seats
	// the game waits for (turns.go).
	clicks map[string]time.Time
	turns  turnState
	// pinned is set once the table message is pinned; otherwise, after postsSince posts
	// below it the table is posted again at the bottom (reposting while under way).
	pinned     bool
	postsSince int
	reposting  bool

	// held is the narration not yet told in the thread (tellsNow).
	held []Item
	// awaitingThread is set while a game started before its lobby was shown waits for the
	// lobby's message and thread (lobbyPosted) to show the table.
	awaitingThread bool
	// chosen are the cards people chose to play at a table that confirms cards, by seat,
	// each for the step it was chosen at.
	chosen map[int]chosenCard

	// out collects the effects of the command being handled, and rearm is set when the
	// table's timers are to be armed again once it is answered (publish).
	out   []Effect
	rearm bool
}

// chosenCard is a card chosen to play at log length step (Move.Choose).
type chosenCard struct {
	step int
	card engine.Card
}

// privateView is a private message the table may still edit through its token.
type privateView struct {
	token string
	at    time.Time // when the token was issued
	step  int       // the log length the message shows
	// hand is the hand it shows, and waiting whether it showed the seat's controls to act.
	hand    int
	waiting bool
}

// run is the table's goroutine: it handles the table's commands one at a time until the
// table ends or the runtime closes.
func (rt *Runtime) run(t *tableLoop) {
	defer rt.wg.Done()
	defer close(t.exited)
	defer t.stopTimers()
	defer t.endSearches()
	for {
		select {
		case req := <-t.inbox:
			t.handle(req)
			rt.busy(t.id, -1)
			if t.done {
				rt.drop(t)
				return
			}
		case <-rt.quit:
			return
		}
	}
}

// handle handles one command: it answers the sender, arms the table's timers, publishes its
// summary and hands the effects on.
func (t *tableLoop) handle(req request) {
	ctx := req.ctx
	if ctx == nil {
		// A command from inside the runtime: its writes are bounded, and end with the runtime.
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(t.rt.ctx, commandLimit)
		defer cancel()
	}
	if p, ok := personOf(req.cmd); ok && p.ID != "" {
		t.clicks[p.ID] = t.now()
	}
	reply := t.dispatch(ctx, req.cmd)
	if t.thinking && (t.game == nil || t.game.LogLen() != t.thinkingStep) {
		t.stopThinking() // its decision would come too late to be applied
	}
	if reply.Game.ID == 0 {
		reply.Game = t.record()
	}
	// The summary is published before the sender has its answer, so that what the sender
	// does next (a command that finds the table by its summary) sees what it did. Then the
	// timer of a turn that began is saved and the table's timers armed (and the summary
	// published again) and its effects handed on: once the command is no longer pending
	// (WaitIdle), all of that is done.
	t.publishSummary()
	req.reply <- reply
	if t.rearm {
		t.rearm = false
		if !t.done {
			// The sender may stop waiting once answered: what follows writes on the
			// runtime's own time.
			after, cancel := context.WithTimeout(t.rt.ctx, commandLimit)
			defer cancel()
			t.startTurn(after)
			t.arm()
			t.publishSummary()
		}
	}
	if len(t.out) > 0 {
		out := t.out
		t.out = nil
		t.rt.cfg.Effects(t.meta.ID, out)
	}
}

// personOf returns who sent a command, for commands people send.
func personOf(c Command) (Person, bool) {
	switch c := c.(type) {
	case Join:
		return c.By, true
	case Leave:
		return c.By, true
	case AddComputer:
		return c.By, true
	case Start:
		return c.By, true
	case Cancel:
		return c.By, true
	case Abandon:
		return c.By, true
	case Away:
		return c.By, true
	case ShowHand:
		return c.By, true
	case Move:
		return c.By, true
	case AskBid:
		return c.By, true
	case Hint:
		return c.By, true
	case Repost:
		return c.By, true
	case NextHand:
		return c.By, true
	}
	return Person{}, false
}

// dispatch handles a command.
func (t *tableLoop) dispatch(ctx context.Context, c Command) Reply {
	switch c := c.(type) {
	case Join:
		return t.join(ctx, c)
	case Leave:
		return t.leave(ctx, c)
	case AddComputer:
		return t.addComputer(ctx, c.By)
	case Start:
		return t.start(ctx, c.By)
	case Cancel:
		return t.cancel(ctx, c.By)
	case Abandon:
		return t.abandonBy(ctx, c.By)
	case Away:
		return t.away(ctx, c)
	case ShowHand:
		return t.showHand(c)
	case Move:
		return t.move(ctx, c)
	case AskBid:
		return t.askBid(c)
	case Hint:
		return t.hint(c)
	case Repost:
		return t.repost(c.By)
	case NextHand:
		return t.nextHand(ctx, c)
	case LobbyPosted:
		return t.lobbyPosted(ctx, c)
	case Withdraw:
		return t.withdraw(ctx)
	case Posted:
		t.posted(ctx, c)
	case deadline:
		t.applyDeadline(ctx, c)
	case retryDue:
		t.retryMoves(ctx)
	case pauseDue:
		t.endPause(ctx, c.step)
	case decided:
		t.applyDecision(ctx, c)
	case hinted:
		t.showHint(c)
	case wake:
		t.wake(ctx)
	case resume:
		t.resume(ctx)
	default:
		t.rt.log.Error("unknown command", "game", t.meta.ID, "command", fmt.Sprintf("%T", c))
	}
	return Reply{}
}

// publishSummary publishes the table as it is now for queries across tables.
func (t *tableLoop) publishSummary() {
	s := &Summary{Game: t.record(), Playing: t.game != nil}
	if t.game != nil {
		s.Public = t.game.View(-1)
	}
	s.due, s.hasDue = t.next()
	t.summary.Store(s)
}

// Summary returns the table as it was after its last command.
func (t *tableLoop) Summary() *Summary { return t.summary.Load() }

// record returns a copy of the table's record that later changes to the table leave as it
// is.
func (t *tableLoop) record() table.Game {
	g := t.meta
	g.Seats = slices.Clone(t.meta.Seats)
	g.Messages = maps.Clone(t.meta.Messages)
	return g
}

// emit adds effects to those of the command being handled.
func (t *tableLoop) emit(e ...Effect) { t.out = append(t.out, e...) }

// now is the runtime's clock.
func (t *tableLoop) now() time.Time { return t.rt.clock.Now() }

// save writes the table's record to the store.
func (t *tableLoop) save(ctx context.Context) error {
	if err := t.rt.cfg.Store.UpdateGame(ctx, t.meta); err != nil {
		return fmt.Errorf("update game %d: %w", t.meta.ID, err)
	}
	return nil
}

// playedByComputer reports whether the seat is played by the computer now: a computer
// player, or a person who handed the seat over.
func (t *tableLoop) playedByComputer(seat int) bool {
	s := t.meta.Seats[seat]
	return s.IsComputer() || s.Away
}

// waitingHumans lists the seats of people the game waits for.
func (t *tableLoop) waitingHumans() []int {
	var out []int
	for s := range t.meta.Seats {
		if t.game.Waiting(s) && !t.playedByComputer(s) {
			out = append(out, s)
		}
	}
	return out
}

// stopTimers stops every timer armed for the table.
func (t *tableLoop) stopTimers() {
	for _, tm := range []*Timer{&t.timer, &t.retry, &t.pause} {
		if *tm != nil {
			(*tm).Stop()
			*tm = nil
		}
	}
}

// say is a private answer that tells a fact alone.
func say(f Fact) Reply { return Reply{Kind: ReplyNotice, Notice: Notice{Fact: f}} }

// sayN is a private answer that tells a notice alone.
func sayN(n Notice) Reply { return Reply{Kind: ReplyNotice, Notice: n} }
