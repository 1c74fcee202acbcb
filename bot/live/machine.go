package live

import (
	"context"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
	"github.com/pinochle-discord/pinochle/table"
)

// ViewLifetime is how long a table brings a private message up to date through its token:
// Discord allows 15 minutes; a margin keeps clear of the end.
const ViewLifetime = 14 * time.Minute

// maxComputerMoves bounds the computer moves made in one go, as a guard: a whole hand of
// computer moves is far less.
const maxComputerMoves = 2000

// machine is one live table's state machine: the table's record and game and what it
// remembers between commands, changed by one command at a time (handle) into a reply and
// effects. It runs no goroutine and reads no clock: the time of each command is given, and
// what it asks of the runtime (a timer, a computer player's search, its end) is an effect
// like any other. Its one dependency is the store it writes to, first: a command is
// checked, saved and only then applied.
type machine struct {
	id    int64 // the game's ID, which never changes
	store Store
	log   *slog.Logger
	// players makes the computer players, and pauses tells the pauses of a pace (Config).
	players func(level string, seed uint64) (computer.Player, error)
	pauses  func(table.Pace) Pauses

	// now is the time of the command being handled.
	now time.Time
	// started is set once the runtime has started (wake): the table arms its timers only
	// then.
	started bool

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
	// timed is set while the table's deadline timer is armed (timerSeq numbers the
	// deadlines armed, so that one from a timer replaced since is dropped), retrying while
	// the computer players' next try is armed after a move could not be saved, and pausing
	// while their pause (pace.go) after the action at log length pauseStep is.
	timed, retrying, pausing bool
	timerSeq                 int
	pauseStep                int
	// pacedStep is the log length whose pause is over; ready are the seats whose people
	// asked for the next hand during the pause after a hand.
	pacedStep int
	ready     map[int]bool
	// thinking is set while a computer player searches for the table, from the game at
	// log length thinkingStep.
	thinking     bool
	thinkingStep int
	// clicks are the last commands at the table by user, and turns the turns of the seats
	// the game waits for (turns.go).
	clicks map[string]time.Time
	turns  turnState
	// pinned is set once the table message is pinned; otherwise, after postsSince posts
	// below it the table is posted again at the bottom (reposting while under way).
	pinned     bool
	postsSince int
	reposting  bool
	// repostedAt is when someone last asked for the table to be posted again (Repost).
	repostedAt time.Time

	// held is the narration not yet told in the thread (tellsNow).
	held []Item
	// awaitingThread is set while a game started before its lobby was shown waits for the
	// lobby's message and thread (lobbyPosted) to show the table.
	awaitingThread bool
	// chosen are the cards people chose to play at a table that confirms cards, by seat,
	// each for the step it was chosen at.
	chosen map[int]chosenCard
	// watchers are the private messages of the people watching the table, by token
	// (watch.go).
	watchers map[string]watcher

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

// newMachine returns the state machine of a table: a lobby (game nil) or a game being
// played, rebuilt from its log.
func newMachine(meta table.Game, game *engine.Game, cfg *Config) *machine {
	t := &machine{
		id: meta.ID, store: cfg.Store, log: cfg.Logger, players: cfg.Players, pauses: cfg.Pauses,
		meta: meta, game: game, views: map[int]privateView{}, clicks: map[string]time.Time{},
		pacedStep: -1, ready: map[int]bool{}, chosen: map[int]chosenCard{},
	}
	if game != nil {
		t.announced = game.LogLen()
		// The table message was pinned when it was posted, unless the bot could not.
		t.pinned = meta.Messages[table.RoleTableUnpinned] != meta.Messages[table.RoleTable]
		t.held = t.retell()
	}
	return t
}

// handle handles one command at time now, writing what it changes to the store first, and
// returns the answer for its sender. Its effects wait in the machine (takeEffects); once the
// sender has its answer, settle finishes the command.
func (t *machine) handle(ctx context.Context, c Command, now time.Time) Reply {
	t.now = now
	if p, ok := personOf(c); ok && p.ID != "" {
		t.clicks[p.ID] = now
	}
	reply := t.dispatch(ctx, c)
	if t.thinking && (t.game == nil || t.game.LogLen() != t.thinkingStep) {
		t.emit(stopSearch{}) // its decision would come too late to be applied
	}
	if reply.Game.ID == 0 {
		reply.Game = t.record()
	}
	return reply
}

// settle finishes a command once its sender has its answer: the timer of a turn that began
// is saved and the table's timers are armed for what comes next. It reports whether it
// changed anything.
func (t *machine) settle(ctx context.Context) bool {
	if !t.rearm {
		return false
	}
	t.rearm = false
	if t.done {
		return false
	}
	t.startTurn(ctx)
	t.arm()
	return true
}

// takeEffects returns the effects of the commands handled since it was last called, in
// order, and forgets them.
func (t *machine) takeEffects() []Effect {
	out := t.out
	t.out = nil
	return out
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
	case Watch:
		return c.By, true
	}
	return Person{}, false
}

// dispatch handles a command.
func (t *machine) dispatch(ctx context.Context, c Command) Reply {
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
	case Stale:
		t.stale(c.Message)
	case NextHand:
		return t.nextHand(ctx, c)
	case Watch:
		return t.watch(c)
	case LobbyPosted:
		return t.lobbyPosted(ctx, c)
	case Withdraw:
		return t.withdraw(ctx)
	case DealAssigned:
		return t.dealAssigned(ctx)
	case Settle:
		return t.settleAt(ctx, c)
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
		t.log.Error("unknown command", "game", t.meta.ID, "command", fmt.Sprintf("%T", c))
	}
	return Reply{}
}

// summary returns the table as it is now, for queries across tables.
func (t *machine) summary() *Summary {
	s := &Summary{Game: t.record(), Playing: t.game != nil}
	if t.game != nil {
		s.Public = t.game.View(-1)
	}
	s.due, s.hasDue = t.next()
	return s
}

// record returns a copy of the table's record that later changes to the table leave as it
// is.
func (t *machine) record() table.Game {
	g := t.meta
	g.Seats = slices.Clone(t.meta.Seats)
	g.Messages = maps.Clone(t.meta.Messages)
	return g
}

// emit adds effects to those of the command being handled.
func (t *machine) emit(e ...Effect) { t.out = append(t.out, e...) }

// save writes the table's record to the store.
func (t *machine) save(ctx context.Context) error {
	if err := t.store.UpdateGame(ctx, t.meta); err != nil {
		return fmt.Errorf("update game %d: %w", t.meta.ID, err)
	}
	return nil
}

// playedByComputer reports whether the seat is played by the computer now: a computer
// player, or a person who handed the seat over.
func (t *machine) playedByComputer(seat int) bool {
	s := t.meta.Seats[seat]
	return s.IsComputer() || s.Away
}

// waitingHumans lists the seats of people the game waits for.
func (t *machine) waitingHumans() []int {
	var out []int
	for s := range t.meta.Seats {
		if t.game.Waiting(s) && !t.playedByComputer(s) {
			out = append(out, s)
		}
	}
	return out
}

// stopTimers stops every timer armed for the table.
func (t *machine) stopTimers() {
	for _, f := range []*bool{&t.timed, &t.retrying, &t.pausing} {
		*f = false
	}
	t.emit(stopTimer{timerDeadline}, stopTimer{timerRetry}, stopTimer{timerPause})
}

// say is a private answer that tells a fact alone.
func say(f Fact) Reply { return Reply{Kind: ReplyNotice, Notice: Notice{Fact: f}} }

// sayN is a private answer that tells a notice alone.
func sayN(n Notice) Reply { return Reply{Kind: ReplyNotice, Notice: n} }
