package live_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/bot/live"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
	"github.com/pinochle-discord/pinochle/fakediscord"
	"github.com/pinochle-discord/pinochle/storage"
	"github.com/pinochle-discord/pinochle/table"
)

// start is when every test's clock starts.
var start = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)

// clock is the fake Discord's manual clock, as a live.Clock: Advance runs each function
// whose time has come, in the order of their deadlines, with the clock set to its deadline.
type clock struct{ *fakediscord.ManualClock }

func (c clock) AfterFunc(d time.Duration, f func()) live.Timer {
	return c.ManualClock.AfterFunc(d, f)
}

// armed counts the functions waiting to run.
func (c clock) armed() int { return c.Pending() }

// effects records what the tables asked for, in order.
type effects struct {
	mu      sync.Mutex
	all     []live.Effect
	changed chan struct{} // closed and replaced when an effect comes
}

func newEffects() *effects { return &effects{changed: make(chan struct{})} }

func (e *effects) add(_ int64, out []live.Effect) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.all = append(e.all, out...)
	close(e.changed)
	e.changed = make(chan struct{})
}

// list returns the effects so far.
func (e *effects) list() []live.Effect {
	e.mu.Lock()
	defer e.mu.Unlock()
	return slices.Clone(e.all)
}

// waitFor waits until cond holds for the effects so far, failing the test with what it
// waited for after a minute.
func (e *effects) waitFor(t testing.TB, what string, cond func([]live.Effect) bool) []live.Effect {
	t.Helper()
	deadline := time.NewTimer(time.Minute)
	defer deadline.Stop()
	for {
		e.mu.Lock()
		all, ch := slices.Clone(e.all), e.changed
		e.mu.Unlock()
		if cond(all) {
			return all
		}
		select {
		case <-ch:
		case <-deadline.C:
			t.Fatalf("waited a minute for %s; effects so far:\n%s", what, describe(all))
		}
	}
}

// describe lists effects, one a line, for failure messages.
func describe(all []live.Effect) string {
	var b strings.Builder
	for _, e := range all {
		fmt.Fprintf(&b, "  %T %s\n", e, notes(e))
	}
	return b.String()
}

// notes lists what a narration tells, briefly.
func notes(e live.Effect) string {
	n, ok := e.(live.Narrate)
	if !ok {
		return ""
	}
	var parts []string
	for _, it := range n.Items {
		switch it := it.(type) {
		case live.Step:
			parts = append(parts, it.Action.String())
		case live.Note:
			parts = append(parts, fmt.Sprintf("note%d", it.Kind))
		}
	}
	if len(n.Turn) > 0 {
		parts = append(parts, "turn:"+strings.Join(n.Turn, ","))
	}
	return strings.Join(parts, " ")
}

// count counts the effects of type T that match.
func count[T live.Effect](all []live.Effect, match func(T) bool) int {
	n := 0
	for _, e := range all {
		if v, ok := e.(T); ok && (match == nil || match(v)) {
			n++
		}
	}
	return n
}

// hasNote reports whether a narration among all tells a note of kind k.
func hasNote(all []live.Effect, k live.NoteKind) bool {
	for _, e := range all {
		if n, ok := e.(live.Narrate); ok {
			for _, it := range n.Items {
				if o, ok := it.(live.Note); ok && o.Kind == k {
					return true
				}
			}
		}
	}
	return false
}

// rig is a runtime with a store, a clock and the effects it asks for.
type rig struct {
	t     *testing.T
	ctx   context.Context
	store *storage.DB
	clock clock
	fx    *effects
	rt    *live.Runtime
	// pauses are the computer players' pauses: none, unless a test about the pace sets
	// them before open (newPacedRig).
	pauses func(table.Pace) live.Pauses
	// decide stands in for the searching players when set.
	decide atomic.Pointer[searchFunc]
}

// standIn is a searching computer player whose decisions a test may make instead
// (rig.setDecide): searched in the pool, as the player's would be.
type standIn struct {
	computer.Player
	r *rig
}

func (s *standIn) ChooseContext(ctx context.Context, v engine.View) (engine.Action, error) {
	if f := s.r.decide.Load(); f != nil {
		return (*f)(ctx, s.Player, v)
	}
	return s.Player.Choose(v), nil
}

func (s *standIn) HintContext(ctx context.Context, v engine.View) (engine.Action, string, error) {
	return s.Player.(interface {
		HintContext(context.Context, engine.View) (engine.Action, string, error)
	}).HintContext(ctx, v)
}

// searchFunc is a search of a computer player, which a test makes instead of it.
type searchFunc = func(ctx context.Context, p computer.Player, v engine.View) (engine.Action, error)

// setDecide makes f stand in for the searching players.
func (r *rig) setDecide(f func(p computer.Player, v engine.View) engine.Action) {
	r.setSearch(func(_ context.Context, p computer.Player, v engine.View) (engine.Action, error) { return f(p, v), nil })
}

// setSearch makes f stand in for the searching players, with the search's context.
func (r *rig) setSearch(f searchFunc) { r.decide.Store(&f) }

func newRig(t *testing.T) *rig {
	t.Helper()
	db, err := storage.Open(filepath.Join(t.TempDir(), "pinochle.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	r := &rig{t: t, ctx: ctx, store: db, clock: clock{fakediscord.NewManualClock(start)},
		pauses: func(table.Pace) live.Pauses { return live.Pauses{} }}
	r.open()
	return r
}

// open starts a new runtime on the rig's store and clock, as a bot that starts does.
func (r *rig) open() {
	r.fx = newEffects()
	rt := live.New(live.Config{Store: r.store, Clock: r.clock, Effects: r.fx.add, Searches: 1, Pauses: r.pauses,
		Players: func(level string, seed uint64) (computer.Player, error) {
			p, err := computer.New(level, seed)
			if _, ok := p.(computer.Searcher); ok {
				return &standIn{Player: p, r: r}, nil
			}
			return p, err
		}})
	r.rt = rt
	r.t.Cleanup(func() {
		if err := rt.Close(context.Background()); err != nil {
			r.t.Errorf("close: %v", err)
		}
	})
}

// restart closes the runtime and opens a new one that resumes every game from the store.
func (r *rig) restart() {
	r.t.Helper()
	if err := r.rt.Close(r.ctx); err != nil {
		r.t.Fatalf("close: %v", err)
	}
	r.open()
	active, err := r.store.LoadActiveGames(r.ctx)
	if err != nil {
		r.t.Fatal(err)
	}
	for _, ag := range active {
		var g *engine.Game
		if ag.Game.Status == table.StatusPlaying {
			if g, err = ag.Replay(); err != nil {
				r.t.Fatal(err)
			}
		}
		if err := r.rt.Add(ag.Game, g); err != nil {
			r.t.Fatal(err)
		}
	}
	if err := r.rt.Start(r.ctx); err != nil {
		r.t.Fatal(err)
	}
	r.handled()
}

// person is a player by name; their ID is "u-" and the name.
func person(name string) live.Person { return live.Person{ID: "u-" + name, Name: name} }

// lobby opens a lobby of a preset hosted by host, with settings, and starts the runtime.
func (r *rig) lobby(preset string, host live.Person, settings table.Settings) int64 {
	r.t.Helper()
	rules, err := engine.NewRules(preset, nil)
	if err != nil {
		r.t.Fatal(err)
	}
	g := table.Game{GuildID: "g1", ChannelID: "c1", HostID: host.ID, Preset: preset, Seed: 7,
		Seats: make([]table.Seat, rules.Players), Status: table.StatusLobby, CreatedAt: r.clock.Now(),
		LastActivity: r.clock.Now(), Settings: settings, Messages: map[table.MessageRole]table.Message{}}
	g.Seats[0] = table.Seat{UserID: host.ID, Name: host.Name}
	id, err := r.store.CreateGame(r.ctx, g)
	if err != nil {
		r.t.Fatal(err)
	}
	g.ID = id
	g.ThreadID = fmt.Sprintf("thread-%d", id)
	g.Messages[table.RoleLobby] = table.Message{ChannelID: "c1", MessageID: fmt.Sprintf("lobby-%d", id)}
	if err := r.store.UpdateGame(r.ctx, g); err != nil {
		r.t.Fatal(err)
	}
	if err := r.rt.Add(g, nil); err != nil {
		r.t.Fatal(err)
	}
	if err := r.rt.Start(r.ctx); err != nil {
		r.t.Fatal(err)
	}
	r.handled()
	return id
}

// do sends a command and returns the reply once the table has handed on the command's
// effects, failing the test on an error.
func (r *rig) do(id int64, c live.Command) live.Reply {
	r.t.Helper()
	rep, err := r.rt.Do(r.ctx, id, c)
	if err != nil {
		r.t.Fatalf("%T: %v", c, err)
	}
	r.handled()
	return rep
}

// handled waits until every table has handled what it was sent and handed on the effects
// (searches may go on).
func (r *rig) handled() {
	r.t.Helper()
	if err := r.rt.WaitHandled(r.ctx); err != nil {
		r.t.Fatal(err)
	}
}

// advance moves the clock by d and waits for what falls due to be done.
func (r *rig) advance(d time.Duration) {
	r.t.Helper()
	r.clock.Advance(d)
	r.handled()
}

// post answers the table's PostTable effects as Discord would: the message is posted (and
// pinned when pinned is set).
func (r *rig) post(id int64, pinned bool) {
	r.t.Helper()
	all := r.fx.waitFor(r.t, "the table message to be asked for", func(all []live.Effect) bool {
		return count[live.PostTable](all, nil) > 0
	})
	for _, e := range all {
		if p, ok := e.(live.PostTable); ok {
			r.do(id, live.Posted{Message: table.Message{ChannelID: p.Channel, MessageID: "table-msg"}, Pinned: pinned, Replaces: p.Replaces})
			return
		}
	}
}

// logLen returns the length of a game's saved log.
func (r *rig) logLen(id int64) int {
	r.t.Helper()
	recs, err := r.store.LoadActions(r.ctx, id)
	if err != nil {
		r.t.Fatal(err)
	}
	return len(recs)
}

// view returns a seat's view through ShowHand.
func (r *rig) view(id int64, p live.Person) live.Reply {
	r.t.Helper()
	rep := r.do(id, live.ShowHand{By: p})
	if rep.Kind != live.ReplyView {
		r.t.Fatalf("ShowHand for %s: %+v, not a view", p.Name, rep.Notice)
	}
	return rep
}

// stampOf is the stamp of a control shown in a view now.
func stampOf(v *engine.View, cards bool) table.Stamp {
	return table.Stamp{Hand: v.HandNo(), Step: v.Step(), PassCards: cards}
}

// moveFor is the Move that plays action a (with its seat set by the table).
func moveFor(p live.Person, v *engine.View, a engine.Action) live.Move {
	return live.Move{By: p, At: stampOf(v, a.Kind == engine.ActPassCards), Action: func(seat int) (engine.Action, error) {
		a.Seat = seat
		return a, nil
	}}
}
