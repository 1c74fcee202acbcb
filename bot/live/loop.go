package live

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
	"github.com/pinochle-discord/pinochle/table"
)

// What a table's state machine asks of the runtime that runs it. These effects never reach
// Config.Effects: the table's loop carries them out.
type (
	// armTimer arms one of the table's timers to send cmd after a while, replacing the one
	// armed before.
	armTimer struct {
		timer timerKind
		after time.Duration
		cmd   Command
	}
	// stopTimer stops one of the table's timers.
	stopTimer struct{ timer timerKind }
	// startSearch lets a computer player decide for seat, from view, in the search pool;
	// its decision comes back as decided, for the game at log length step.
	startSearch struct {
		seat, step int
		player     computer.Player
		view       engine.View
		forLate    bool
	}
	// stopSearch gives up the search under way: the game has moved on without it.
	stopSearch struct{}
	// startHint asks player (an expert; nil when none could be made) for its advice to
	// seat, from view, in the search pool; it comes back as hinted.
	startHint struct {
		seat   int
		at     table.Stamp
		token  string
		player computer.Player
		view   engine.View
	}
)

func (armTimer) effect()    {}
func (stopTimer) effect()   {}
func (startSearch) effect() {}
func (stopSearch) effect()  {}
func (startHint) effect()   {}

// timerKind names one of a table's timers.
type timerKind int

const (
	timerDeadline timerKind = iota // the table's next deadline
	timerRetry                     // the computer players' next try after a failed save
	timerPause                     // the computer players' pause before they move
	timerKinds
)

// tableLoop runs one table: its goroutine (run) takes the table's commands from its inbox
// one at a time, hands each to the table's state machine, answers the sender and carries out
// the effects, arming timers and starting searches for the machine and handing the rest to
// Config.Effects. Other goroutines read only the summary it publishes after each command.
type tableLoop struct {
	rt      *Runtime
	id      int64 // the game's ID, which never changes
	inbox   chan request
	exited  chan struct{} // closed when the table's goroutine ends
	summary atomic.Pointer[Summary]

	// ---- owned by the table's goroutine ----

	m      *machine
	timers [timerKinds]Timer
	// searches is the context of every search for the table, ended with the table by
	// endSearches; stopThinking gives up the search under way.
	searches     context.Context
	endSearches  context.CancelFunc
	stopThinking context.CancelFunc
}

// newLoop returns the loop of a table whose machine is m.
func (rt *Runtime) newLoop(m *machine) *tableLoop {
	l := &tableLoop{rt: rt, id: m.id, inbox: make(chan request, inboxSize), exited: make(chan struct{}), m: m,
		stopThinking: func() {}}
	l.searches, l.endSearches = context.WithCancel(context.Background())
	l.summary.Store(m.summary())
	return l
}

// Summary returns the table as it was after its last command.
func (l *tableLoop) Summary() *Summary { return l.summary.Load() }

// run is the table's goroutine: it handles the table's commands one at a time until the
// table ends or the runtime closes.
func (rt *Runtime) run(l *tableLoop) {
	defer rt.wg.Done()
	defer close(l.exited)
	defer l.stopTimers()
	defer l.endSearches()
	for {
		select {
		case req := <-l.inbox:
			l.handle(req)
			rt.busy(l.id, -1)
			if l.m.done {
				rt.drop(l)
				return
			}
		case <-rt.quit:
			return
		}
	}
}

// handle handles one command: the machine handles it, the sender has its answer, then the
// command is settled, the summary published and the effects carried out.
func (l *tableLoop) handle(req request) {
	ctx := req.ctx
	if ctx == nil {
		// A command from inside the runtime: its writes are bounded, and end with the runtime.
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(l.rt.ctx, commandLimit)
		defer cancel()
	}
	reply := l.m.handle(ctx, req.cmd, l.rt.clock.Now())
	// The timers and searches the command asked for start before its sender has the
	// answer, so that a clock that runs its functions one after the other, as a test's
	// does, sees the timers a deadline arms before it moves on.
	out := l.carryOut(l.m.takeEffects(), nil)
	// The summary is published before the sender has its answer, so that what the sender
	// does next (a command that finds the table by its summary) sees what it did. Then the
	// command is settled (and the summary published again) and its effects handed on:
	// once the command is no longer pending (WaitIdle), all of that is done.
	l.summary.Store(l.m.summary())
	req.reply <- reply
	// The sender may stop waiting once answered: what follows writes on the runtime's own
	// time.
	after, cancel := context.WithTimeout(l.rt.ctx, commandLimit)
	defer cancel()
	if l.m.settle(after) {
		l.summary.Store(l.m.summary())
	}
	if out = l.carryOut(l.m.takeEffects(), out); len(out) > 0 {
		l.rt.cfg.Effects(l.id, out)
	}
}

// carryOut carries out the loop's own effects, in order, and returns the others appended to
// out, for Config.Effects.
func (l *tableLoop) carryOut(effects, out []Effect) []Effect {
	for _, e := range effects {
		switch e := e.(type) {
		case armTimer:
			l.stopTimer(e.timer)
			l.timers[e.timer] = l.rt.later(l, e.after, e.cmd)
		case stopTimer:
			l.stopTimer(e.timer)
		case startSearch:
			l.search(e)
		case stopSearch:
			l.stopThinking()
		case startHint:
			l.hint(e)
		default:
			out = append(out, e)
		}
	}
	return out
}

// stopTimer stops one of the table's timers, if armed.
func (l *tableLoop) stopTimer(k timerKind) {
	if l.timers[k] != nil {
		l.timers[k].Stop()
		l.timers[k] = nil
	}
}

// stopTimers stops every timer of the table.
func (l *tableLoop) stopTimers() {
	for k := range timerKinds {
		l.stopTimer(k)
	}
}

// search lets a computer player decide in the search pool; its decision comes back as a
// command. A search still waiting for a place when the table ends, the game moves on or the
// runtime closes is given up.
func (l *tableLoop) search(s startSearch) {
	rt := l.rt
	if !rt.enter() {
		return
	}
	ctx, stop := context.WithCancel(l.searches)
	l.stopThinking = stop
	rt.search(l.id, 1)
	go func() {
		defer rt.wg.Done()
		defer rt.search(l.id, -1) // after its decision is queued, which counts on its own
		defer stop()
		if !rt.take(ctx) {
			// Given up before it began: the table has ended (and takes no more commands)
			// or moved on (and learns that it may search again).
			rt.send(l, decided{seat: s.seat, step: s.step, stopped: true})
			return
		}
		a, err := choose(ctx, s.player, s.view)
		rt.give()
		rt.send(l, decided{seat: s.seat, step: s.step, action: a, forLate: s.forLate, stopped: err != nil})
	}()
}

// hinter is a player that can say why it would act: the expert.
type hinter interface {
	HintContext(ctx context.Context, v engine.View) (engine.Action, string, error)
}

// hint asks the expert for its advice in the search pool; it comes back as a command,
// unless the table ends first.
func (l *tableLoop) hint(h startHint) {
	rt := l.rt
	if !rt.enter() {
		return
	}
	rt.search(l.id, 1)
	go func() {
		defer rt.wg.Done()
		defer rt.search(l.id, -1) // after the hint is queued, which counts on its own
		if !rt.take(l.searches) {
			return // the table has ended
		}
		why := ""
		if p, ok := h.player.(hinter); ok {
			var err error
			if _, why, err = p.HintContext(l.searches, h.view); err != nil {
				rt.give()
				return // the table has ended
			}
		}
		rt.give()
		rt.send(l, hinted{seat: h.seat, at: h.at, token: h.token, why: why})
	}()
}

// choose makes a search's decision: p's choice for the view, given up once ctx is done.
func choose(ctx context.Context, p computer.Player, v engine.View) (engine.Action, error) {
	if s, ok := p.(computer.Searcher); ok {
		return s.ChooseContext(ctx, v)
	}
	return p.Choose(v), nil
}
