package live

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"runtime"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/table"
)

// Store is what a table writes: the bot's store, fenced by its lease on its shards.
type Store interface {
	UpdateGame(ctx context.Context, g table.Game) error
	SaveAction(ctx context.Context, gameID int64, seq, seat int, a engine.Action, at time.Time) error
	RecordHand(ctx context.Context, gameID int64, res engine.HandResult, at time.Time) error
	EndGame(ctx context.Context, gameID int64, at time.Time, decide league.Decider) (league.Recorded, error)
}

// Config is what a Runtime needs.
type Config struct {
	// Store receives every change to a table before its effects go out.
	Store Store
	// Clock tells the time and runs the tables' timers; nil is the WallClock.
	Clock Clock
	// Effects receives what a table asks of the outside world after each command it has
	// handled, in order. It is called on the table's goroutine: it must not block, and must
	// not call Do (a table waiting for itself would never answer).
	Effects func(gameID int64, effects []Effect)
	// Logger receives one line per problem; nil discards them.
	Logger *slog.Logger
	// Searches is how many computer searches may run at once across every table; zero is
	// one fewer than the processors Go may use (at least one), so that a burst of computer
	// turns queues instead of slowing every click.
	Searches int
	// Pauses, when set, gives the pauses of the computer players at each pace; nil is
	// DefaultPauses.
	Pauses func(table.Pace) Pauses
	// Players makes the computer players of a level, drawing from seed; nil is
	// computer.New. Players that search (computer.Searcher) decide in the search pool.
	Players func(level string, seed uint64) (computer.Player, error)
}

// Errors of Do.
var (
	// ErrNoTable: no table with that ID is running here (it ended, or never ran here).
	ErrNoTable = errors.New("table: no such table running")
	// ErrClosed: the runtime is closed.
	ErrClosed = errors.New("table: runtime closed")
	// ErrBusy: the table has inboxSize commands waiting already; the command was not
	// taken. Runtime.Refused counts them.
	ErrBusy = errors.New("table: too many commands waiting")
)

// inboxSize bounds the commands waiting for one table. People click far slower than a table
// answers: a full inbox means a flood, which is refused (ErrBusy) rather than left to block
// the handlers of every interaction behind it. Commands from inside the runtime (deadlines,
// decisions) wait for a place instead: they are few, and never lost.
const inboxSize = 32

// commandLimit bounds the time a command from inside the runtime (a deadline, a computer
// move) may take to write to the store.
const commandLimit = 30 * time.Second

// Runtime runs the live tables: one goroutine per table owns it, and every change to a table
// reaches it as a command in its inbox, so that each table has one writer by construction.
// Tables run independently of each other; the searches of computer players run in a
// bounded pool off the tables' goroutines and come back to them as commands.
type Runtime struct {
	cfg   Config
	log   *slog.Logger
	clock Clock
	pool  chan struct{}

	ctx    context.Context // ends when the runtime closes
	cancel context.CancelFunc
	quit   chan struct{} // closed when Close begins

	mu      sync.Mutex
	tables  map[int64]*tableLoop
	closed  bool
	started bool
	// pending counts, by table, the commands queued or being handled and the work held,
	// and searching the searches running (WaitIdle); changed is closed and replaced
	// whenever a table's count falls to zero.
	pending, searching map[int64]int
	changed            chan struct{}
	// wg counts the goroutines the runtime started: table loops, searches and timer calls
	// under way. Close waits for them.
	wg sync.WaitGroup
	// refused counts the commands refused with ErrBusy.
	refused atomic.Int64
}

// Refused returns how many commands were refused because their table's inbox was full
// (ErrBusy), since the runtime started.
func (rt *Runtime) Refused() int64 { return rt.refused.Load() }

// New returns a runtime with no tables.
func New(cfg Config) *Runtime {
	if cfg.Clock == nil {
		cfg.Clock = WallClock{}
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Effects == nil {
		cfg.Effects = func(int64, []Effect) {}
	}
	if cfg.Searches <= 0 {
		cfg.Searches = max(1, runtime.GOMAXPROCS(0)-1)
	}
	if cfg.Players == nil {
		cfg.Players = func(level string, seed uint64) (computer.Player, error) { return computer.New(level, seed) }
	}
	if cfg.Pauses == nil {
		cfg.Pauses = DefaultPauses
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &Runtime{
		cfg: cfg, log: cfg.Logger, clock: cfg.Clock, pool: make(chan struct{}, cfg.Searches),
		ctx: ctx, cancel: cancel, quit: make(chan struct{}), tables: map[int64]*tableLoop{},
		pending: map[int64]int{}, searching: map[int64]int{}, changed: make(chan struct{}),
	}
}

// WaitIdle waits until the tables ids (every table when none is given) have no command
// queued or being handled, no computer search running and no work held for them (Hold):
// what they do next then waits for a person, a message to be posted, or the clock. It fails
// once ctx ends. Tests wait for it rather than for a moment of silence.
func (rt *Runtime) WaitIdle(ctx context.Context, ids ...int64) error {
	return rt.wait(ctx, true, ids)
}

// WaitHandled is WaitIdle but for the searches: it waits until the tables have handled every
// command sent to them and handed on its effects, while their computer players may still
// be searching.
func (rt *Runtime) WaitHandled(ctx context.Context, ids ...int64) error {
	return rt.wait(ctx, false, ids)
}

// wait waits until the tables ids (every table when none is given) have nothing pending,
// counting their searches when searches is set.
func (rt *Runtime) wait(ctx context.Context, searches bool, ids []int64) error {
	for {
		rt.mu.Lock()
		busy := func(id int64) bool { return rt.pending[id] > 0 || (searches && rt.searching[id] > 0) }
		idle := true
		if len(ids) == 0 {
			for id := range rt.pending {
				idle = idle && !busy(id)
			}
			for id := range rt.searching {
				idle = idle && !busy(id)
			}
		}
		for _, id := range ids {
			idle = idle && !busy(id)
		}
		changed := rt.changed
		rt.mu.Unlock()
		if idle {
			return nil
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return fmt.Errorf("table: waiting for tables to be idle: %w", ctx.Err())
		}
	}
}

// Hold counts work outside the runtime that may come back to table id as a command (a
// table message being posted, whose Posted follows) as pending, until the function it
// returns is called: WaitIdle waits for it too.
func (rt *Runtime) Hold(id int64) (release func()) {
	rt.busy(id, 1)
	var once sync.Once
	return func() { once.Do(func() { rt.busy(id, -1) }) }
}

// busy adds n to the commands and work pending for table id (see WaitIdle).
func (rt *Runtime) busy(id int64, n int) { rt.count(rt.pending, id, n) }

// search adds n to the searches running for table id (see WaitIdle).
func (rt *Runtime) search(id int64, n int) { rt.count(rt.searching, id, n) }

// count adds n to a table's count in counts, telling the waiters when it falls to zero.
func (rt *Runtime) count(counts map[int64]int, id int64, n int) {
	rt.mu.Lock()
	defer rt.mu.Unlock()
	counts[id] += n
	if counts[id] == 0 {
		delete(counts, id)
		close(rt.changed)
		rt.changed = make(chan struct{})
	}
}

// Searches returns how many computer searches may run at once.
func (rt *Runtime) Searches() int { return cap(rt.pool) }

// enter counts a goroutine of the runtime's in, unless the runtime is closed: the caller
// starts it only on true, and it calls rt.wg.Done when it ends.
func (rt *Runtime) enter() bool {
	rt.mu.Lock()
	defer rt.mu.Unlock()
	if rt.closed {
		return false
	}
	rt.wg.Add(1)
	return true
}

// Add runs a table: a lobby (game nil) or a game being played, rebuilt from its log. A game
// added before Start waits for Start to arm its timers and let its computer players move;
// one added after runs at once.
func (rt *Runtime) Add(meta table.Game, game *engine.Game) error {
	t := rt.newLoop(newMachine(meta, game, &rt.cfg))
	rt.mu.Lock()
	switch {
	case rt.closed:
		rt.mu.Unlock()
		return ErrClosed
	case rt.tables[meta.ID] != nil:
		rt.mu.Unlock()
		return fmt.Errorf("table: game %d runs already", meta.ID)
	}
	rt.tables[meta.ID] = t
	rt.wg.Add(1)
	started := rt.started
	rt.mu.Unlock()
	go rt.run(t)
	if started {
		rt.send(t, wake{})
	}
	return nil
}

// Start arms every table's timers, applying the deadlines that passed while the bot was
// down, oldest first, and lets computer players take the turns that were theirs. Tables
// added later start at once.
func (rt *Runtime) Start(ctx context.Context) error {
	rt.mu.Lock()
	rt.started = true
	all := slices.Collect(maps.Values(rt.tables))
	rt.mu.Unlock()
	for _, t := range all {
		if _, err := rt.request(ctx, t, request{ctx: ctx, cmd: resume{}, reply: make(chan Reply, 1)}, true); err != nil && !errors.Is(err, ErrNoTable) {
			return err
		}
	}
	// Overdue deadlines first, in the order they fell due.
	sort.SliceStable(all, func(i, j int) bool {
		a, aok := all[i].Summary().Due()
		b, bok := all[j].Summary().Due()
		return aok && (!bok || a.Before(b))
	})
	for _, t := range all {
		if _, err := rt.request(ctx, t, request{ctx: ctx, cmd: wake{}, reply: make(chan Reply, 1)}, true); err != nil && !errors.Is(err, ErrNoTable) {
			return err
		}
	}
	return nil
}

// Do hands a command to table id and returns its reply, once the table has handled it and
// saved what it changed. It fails with ErrNoTable when no such table runs (or it ended
// before it took the command), with ErrBusy at once when the table has too many commands
// waiting, and with ctx's error when ctx ends first.
func (rt *Runtime) Do(ctx context.Context, id int64, c Command) (Reply, error) {
	rt.mu.Lock()
	t := rt.tables[id]
	rt.mu.Unlock()
	if t == nil {
		return Reply{}, ErrNoTable
	}
	return rt.do(ctx, t, c)
}

// request is a command in a table's inbox, with where its reply goes. A command from inside
// the runtime has no context of its own (ctx nil): the table bounds its writes.
type request struct {
	ctx   context.Context
	cmd   Command
	reply chan Reply
}

// Report is Do for what the bot did for a table (Posted, LobbyPosted, Withdraw): it waits
// for a place in a full inbox instead of failing with ErrBusy, since the table must learn
// it.
func (rt *Runtime) Report(ctx context.Context, id int64, c Command) (Reply, error) {
	rt.mu.Lock()
	t := rt.tables[id]
	rt.mu.Unlock()
	if t == nil {
		return Reply{}, ErrNoTable
	}
	return rt.request(ctx, t, request{ctx: ctx, cmd: c, reply: make(chan Reply, 1)}, true)
}

func (rt *Runtime) do(ctx context.Context, t *tableLoop, c Command) (Reply, error) {
	return rt.request(ctx, t, request{ctx: ctx, cmd: c, reply: make(chan Reply, 1)}, false)
}

// request queues req and waits for its reply. A full inbox refuses it with ErrBusy, unless
// wait is set: then it waits for a place.
func (rt *Runtime) request(ctx context.Context, t *tableLoop, req request, wait bool) (Reply, error) {
	rt.busy(t.id, 1) // until the table has handled it (run), or it is not queued
	if !wait {
		select {
		case t.inbox <- req:
		case <-t.exited:
			rt.busy(t.id, -1)
			return Reply{}, ErrNoTable
		default:
			rt.busy(t.id, -1)
			rt.refused.Add(1)
			return Reply{}, fmt.Errorf("table %d: %w", t.id, ErrBusy)
		}
	} else {
		select {
		case t.inbox <- req:
		case <-t.exited:
			rt.busy(t.id, -1)
			return Reply{}, ErrNoTable
		case <-ctx.Done():
			rt.busy(t.id, -1)
			return Reply{}, fmt.Errorf("table %d: %w", t.id, ctx.Err())
		}
	}
	select {
	case r := <-req.reply:
		return r, nil
	case <-t.exited:
		select {
		case r := <-req.reply: // answered as the table ended
			return r, nil
		default:
			rt.busy(t.id, -1) // never handled: the table ended first
			return Reply{}, ErrNoTable
		}
	case <-ctx.Done():
		return Reply{}, fmt.Errorf("table %d: %w", t.id, ctx.Err())
	}
}

// send hands a command from inside the runtime to a table and waits until the table has
// handled it or ended. It is called from the runtime's own goroutines, never a table's.
func (rt *Runtime) send(t *tableLoop, c Command) {
	// It fails only once the table has ended.
	_, _ = rt.request(context.Background(), t, request{cmd: c, reply: make(chan Reply, 1)}, true)
}

// later hands the table command c once d has passed on the runtime's clock, and returns
// once the table has handled it (or ended): a clock that runs its functions one after the
// other, as a test's does, sees the timers the command arms before it moves on. The wait is
// a goroutine of the runtime, which Close waits for; once the runtime has closed, nothing is
// sent.
func (rt *Runtime) later(t *tableLoop, d time.Duration, c Command) Timer {
	return rt.clock.AfterFunc(d, func() {
		if !rt.enter() {
			return
		}
		defer rt.wg.Done()
		rt.send(t, c)
	})
}

// Summary is a running table as it was after its last command: what queries across tables
// (a person's tables, the table of a thread) read without waiting for the table.
type Summary struct {
	// Game is the table's record.
	Game table.Game
	// Public is the game's public view; its zero value while the table is a lobby.
	Public engine.View
	// Playing is set once the game is dealt.
	Playing bool
	// due is the table's next deadline, if any.
	due    time.Time
	hasDue bool
}

// Due returns the table's next deadline, if it has one.
func (s *Summary) Due() (time.Time, bool) { return s.due, s.hasDue }

// Seat returns the seat userID holds at the table, or -1.
func (s *Summary) Seat(userID string) int { return s.Game.SeatOf(userID) }

// Tables returns the summaries of the running tables (lobbies and games in play) that
// match, by game ID.
func (rt *Runtime) Tables(match func(*Summary) bool) []*Summary {
	rt.mu.Lock()
	all := slices.Collect(maps.Values(rt.tables))
	rt.mu.Unlock()
	var out []*Summary
	for _, t := range all {
		s := t.Summary()
		if st := s.Game.Status; st != table.StatusLobby && st != table.StatusPlaying {
			continue // ended by the command it handles now
		}
		if match(s) {
			out = append(out, s)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Game.ID < out[j].Game.ID })
	return out
}

// Close stops every table and timer, lets the searches under way finish (until ctx ends) and
// waits for every goroutine of the runtime. Commands after Close fail with ErrNoTable or
// ErrClosed.
func (rt *Runtime) Close(ctx context.Context) error {
	rt.mu.Lock()
	if rt.closed {
		rt.mu.Unlock()
		return nil
	}
	rt.closed = true
	close(rt.quit)
	rt.mu.Unlock()
	done := make(chan struct{})
	go func() { rt.wg.Wait(); close(done) }()
	select {
	case <-done:
		rt.cancel()
		return nil
	case <-ctx.Done():
		rt.cancel()
		<-done
		return fmt.Errorf("table: close: %w", ctx.Err())
	}
}

// drop takes an ended table out of the registry.
func (rt *Runtime) drop(t *tableLoop) {
	rt.mu.Lock()
	defer rt.mu.Unlock()
	if rt.tables[t.id] == t {
		delete(rt.tables, t.id)
	}
}

// take waits for a place in the search pool and reports true once it holds one, or false,
// holding none, when ctx is done (the table ended or moved on) or the runtime closes first.
func (rt *Runtime) take(ctx context.Context) bool {
	select {
	case rt.pool <- struct{}{}:
		return true
	case <-ctx.Done():
	case <-rt.quit:
	}
	return false
}

// give returns a place taken by take.
func (rt *Runtime) give() { <-rt.pool }
