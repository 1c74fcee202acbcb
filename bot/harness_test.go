package bot_test

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/bot"
	live1 "github.com/pinochle-discord/pinochle/bot/live"
	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
	"github.com/pinochle-discord/pinochle/fakediscord"
	"github.com/pinochle-discord/pinochle/storage"
	"github.com/pinochle-discord/pinochle/table"
)

// testTimeout bounds every wait, so that a broken test fails instead of hanging.
const testTimeout = 60 * time.Second

// harness is a bot connected to a fake Discord on 127.0.0.1, with a SQLite database in a
// temporary folder and a clock the test controls.
type harness struct {
	// decide, when set, makes the decisions of the computer players that search (setDecide).
	decide *atomic.Pointer[func(p computer.Player, v engine.View) engine.Action]
	t      testing.TB
	ctx    context.Context
	srv    *fakediscord.Server
	dbPath string
	// dbURL, when set, is a PostgreSQL database the bot uses instead of the SQLite file.
	dbURL   string
	store   *storage.DB
	bot     *bot.Bot
	clock   *fakeClock
	guild   string
	channel string
	users   map[string]fakediscord.User // by name
	seed    uint64
	// logs keeps every line the bot logged, at every level, across restarts.
	logs *logSink
	opts harnessOptions
}

type harnessOptions struct {
	fake fakediscord.Options
	// server, when set, is a fake Discord shared with other harnesses (other processes).
	server *fakediscord.Server
	// dbURL, when set, is a PostgreSQL database to use instead of a fresh SQLite file.
	dbURL string
	// shardCount and shardIDs make the bot serve those shards only; leaseTTL is its lease.
	shardCount int
	shardIDs   []int
	leaseTTL   time.Duration
	// postWindow replaces Discord's 5-second window of 5 messages per channel, for the
	// fake and the bot alike (testPostWindow unless set): a test about pacing sets
	// realPacing to keep Discord's.
	postWindow time.Duration
	// pauses are the computer players' pauses (bot.Config.Pauses): none unless set, so
	// that the tests not about the pace need not move the clock for every computer move.
	pauses     func(table.Pace) live1.Pauses
	realPacing bool
	// configure, when set, changes the bot's configuration before each start (a transport
	// that injects faults, a lease clock).
	configure func(*bot.Config)
	// pictures draws the cards as pictures (bot.Config.Pictures): the tests about what the
	// bot shows ask for them; the others play in words, which is quicker under the race
	// detector.
	pictures bool
	// unchecked leaves the bot's requests unchecked against Discord's OpenAPI document, for
	// the benchmarks that time the bot: validating a Components V2 message costs the fake
	// more processor time than the bot spends making it, on the same two cores.
	unchecked bool
	// start, when set, is the time the bot's clock starts at (harnessStart otherwise): a
	// test of what Discord checks against its own time starts at the fake's.
	start time.Time
}

// setDecide makes f stand in for the decision of every computer player that searches (the
// normal and expert levels), run where the search runs: off the table's writer, holding a
// place in the pool.
func (h *harness) setDecide(f func(p computer.Player, v engine.View) engine.Action) {
	h.decide.Store(&f)
}

// players makes the bot's computer players (bot.Config.Players): those that search decide
// as setDecide says, once it has.
func (h *harness) players(level string, seed uint64) (computer.Player, error) {
	p, err := computer.New(level, seed)
	if _, ok := p.(computer.Searcher); ok {
		return &standIn{Player: p, h: h}, nil
	}
	return p, err
}

// standIn is a searching computer player whose decisions the test may make (setDecide).
type standIn struct {
	computer.Player
	h *harness
}

func (s *standIn) ChooseContext(ctx context.Context, v engine.View) (engine.Action, error) {
	if f := s.h.decide.Load(); f != nil {
		return (*f)(s.Player, v), nil
	}
	return s.Player.(computer.Searcher).ChooseContext(ctx, v)
}

func (s *standIn) HintContext(ctx context.Context, v engine.View) (engine.Action, string, error) {
	return s.Player.(interface {
		HintContext(context.Context, engine.View) (engine.Action, string, error)
	}).HintContext(ctx, v)
}

// testPostWindow is the window of 5 messages per channel the tests run with, the fake
// holding the bot to it: a game's narration would otherwise wait out Discord's 5 seconds
// again and again. The pacing itself is the same; only its unit of time is shorter.
const testPostWindow = 100 * time.Millisecond

func newHarness(t testing.TB, o harnessOptions) *harness {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*testTimeout)
	t.Cleanup(cancel)
	if o.postWindow == 0 && !o.realPacing && o.server == nil {
		o.postWindow = testPostWindow
	}
	if o.fake.RateWindow == 0 {
		o.fake.RateWindow = o.postWindow
	}
	if o.pauses == nil {
		o.pauses = func(table.Pace) live1.Pauses { return live1.Pauses{} }
	}
	if o.fake.InteractionTimeout == 0 && o.fake.Clock == nil {
		// The tests check that every interaction is answered, and with what, not how
		// fast: Discord's 3 seconds on the wall clock would fail them on a busy machine.
		// How fast is measured by BenchmarkClickToResponse. A fake on a clock the test
		// moves keeps Discord's 3 seconds.
		o.fake.InteractionTimeout = testTimeout
	}
	srv := o.server
	if srv == nil {
		if o.fake.Spec == nil && !o.unchecked {
			o.fake.Spec = discordSpec(t)
		}
		srv = fakediscord.New(t, o.fake)
	}
	h := &harness{
		t: t, ctx: ctx, srv: srv, dbPath: filepath.Join(t.TempDir(), "pinochle.db"), dbURL: o.dbURL, opts: o,
		clock: newFakeClock(cmp.Or(o.start, harnessStart)), users: map[string]fakediscord.User{}, seed: 1,
		logs: &logSink{}, decide: &atomic.Pointer[func(p computer.Player, v engine.View) engine.Action]{},
	}
	h.guild = h.srv.DefaultGuild().ID
	h.channel = h.srv.DefaultChannel().ID
	h.start(o.postWindow)
	// Cleanups run last first: this check runs once the bot has stopped and flushed its
	// messages, so that it sees everything the bot sent.
	t.Cleanup(func() {
		for _, p := range h.srv.TakeProblems() {
			t.Errorf("fake Discord problem: %s", p)
		}
	})
	t.Cleanup(func() { h.stop() })
	return h
}

// start opens the database and starts a bot on it, as a new process would.
func (h *harness) start(window time.Duration) {
	h.t.Helper()
	if err := h.startE(h.ctx, window); err != nil {
		h.t.Fatal(err)
	}
}

// startE is start returning errors instead of stopping the test, for use from other
// goroutines: the harness has the bot and its store once it has started, and neither when
// it could not.
func (h *harness) startE(ctx context.Context, window time.Duration) error {
	target := h.dbPath
	if h.dbURL != "" {
		target = h.dbURL
	}
	store, err := storage.Connect(h.ctx, target)
	if err != nil {
		return fmt.Errorf("open store: %w", err)
	}
	var mu sync.Mutex
	cfg := bot.Config{
		Token: h.srv.Token(), APIURL: h.srv.URL(), Store: store, Clock: h.clock, PostWindow: window, Pauses: h.opts.pauses,
		Seed:       func() uint64 { mu.Lock(); defer mu.Unlock(); h.seed++; return h.seed * 0x9E3779B97F4A7C15 },
		Logger:     testLogger(h.t, h.logs),
		ShardCount: h.opts.shardCount, ShardIDs: h.opts.shardIDs, LeaseTTL: h.opts.leaseTTL,
		Players: h.players, Pictures: h.opts.pictures,
	}
	if h.opts.configure != nil {
		h.opts.configure(&cfg)
	}
	b, err := bot.New(cfg)
	if err != nil {
		store.Close()
		return fmt.Errorf("bot.New: %w", err)
	}
	if err := b.Start(ctx); err != nil {
		cctx, cancel := context.WithTimeout(context.Background(), testTimeout)
		defer cancel()
		_ = b.Close(cctx)
		store.Close()
		return fmt.Errorf("bot.Start: %w", err)
	}
	h.store, h.bot = store, b
	return nil
}

// stop closes the bot and its database, as a process that exits.
func (h *harness) stop() {
	if h.bot == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	if err := h.bot.Close(ctx); err != nil {
		h.t.Errorf("bot.Close: %v", err)
	}
	if err := h.store.Close(); err != nil {
		h.t.Errorf("store.Close: %v", err)
	}
	h.bot = nil
}

// restart stops the bot and starts a new one on the same database.
func (h *harness) restart() {
	h.stop()
	h.start(h.opts.postWindow)
}

// user returns the fake user of that name, creating it.
func (h *harness) user(name string) fakediscord.User {
	if u, ok := h.users[name]; ok {
		return u
	}
	u := h.srv.NewUser(name)
	h.users[name] = u
	return u
}

// wait waits for an interaction's answer.
func (h *harness) wait(hd *fakediscord.Handle, err error) fakediscord.Response {
	h.t.Helper()
	if err != nil {
		h.t.Fatalf("inject interaction: %v", err)
	}
	r, err := hd.Wait(h.ctx)
	if err != nil {
		h.t.Fatalf("no answer: %v", err)
	}
	return r
}

// slash runs /pinochle SUB (or another command) as user in channel.
func (h *harness) slash(user fakediscord.User, channel, command, sub string, opts ...fakediscord.Option) (fakediscord.Response, *fakediscord.Handle) {
	h.t.Helper()
	hd, err := h.srv.SlashCommand(user, h.guild, channel, command, fakediscord.Sub(sub, opts...))
	r := h.wait(hd, err)
	if r.Type == fakediscord.ResponseDeferred {
		// A deferred answer is filled in by an edit: the test reads it as it ends up.
		var m fakediscord.Message
		if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool {
			var ok bool
			m, ok = hd.Original()
			return ok && m.Flags&fakediscord.FlagLoading == 0
		}); err == nil {
			r.Content, r.Embeds, r.Components, r.Files = m.Content, m.Embeds, m.Components, m.Files
		}
	}
	return r, hd
}

// click clicks a button as user.
func (h *harness) click(user fakediscord.User, messageID, customID string) fakediscord.Response {
	h.t.Helper()
	return h.wait(h.srv.Click(user, messageID, customID))
}

// table is an open table as a test sees it.
type testTable struct {
	lobbyID string // the lobby message, in the channel
	thread  string // the table's thread
}

// threadRef finds a channel mention.
var threadRef = regexp.MustCompile(`<#(\d+)>`)

// newTable opens a table as host and returns its lobby and thread.
func (h *harness) newTable(host fakediscord.User, opts ...fakediscord.Option) testTable {
	h.t.Helper()
	tb, err := h.newTableIn(host, h.channel, opts...)
	if err != nil {
		h.t.Fatal(err)
	}
	return tb
}

// newTableIn opens a table as host in a channel and returns its lobby and thread. It
// returns errors instead of stopping the test, for use from other goroutines.
func (h *harness) newTableIn(host fakediscord.User, channel string, opts ...fakediscord.Option) (testTable, error) {
	hd, err := h.srv.SlashCommand(host, h.guild, channel, "pinochle", fakediscord.Sub("new", opts...))
	if err != nil {
		return testTable{}, fmt.Errorf("inject /pinochle new: %w", err)
	}
	r, err := hd.Wait(h.ctx)
	if err != nil {
		return testTable{}, fmt.Errorf("/pinochle new: no answer: %w", err)
	}
	if r.Type != 5 || !r.Ephemeral {
		return testTable{}, fmt.Errorf("/pinochle new answered type %d ephemeral=%v, want a private deferral", r.Type, r.Ephemeral)
	}
	var orig fakediscord.Message
	if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool {
		m, ok := hd.Original()
		orig = m
		return ok && strings.Contains(m.Text(), "<#")
	}); err != nil {
		return testTable{}, fmt.Errorf("/pinochle new: no answer naming the table's thread: %w", err)
	}
	thread := threadRef.FindStringSubmatch(orig.Text())[1]
	ch, ok := h.srv.Channel(thread)
	if !ok || ch.StarterMessageID == "" {
		return testTable{}, fmt.Errorf("/pinochle new: %s is not a thread started from the lobby", thread)
	}
	return testTable{lobbyID: ch.StarterMessageID, thread: thread}, nil
}

// lobby returns the lobby message.
func (h *harness) message(id string) fakediscord.Message {
	h.t.Helper()
	m, ok := h.srv.Message(id)
	if !ok {
		h.t.Fatalf("no message %s", id)
	}
	return m
}

// buttonByLabel returns the custom ID of a message's control with that label.
func buttonByLabel(t testing.TB, m fakediscord.Message, label string) string {
	t.Helper()
	for _, c := range m.Controls() {
		if c.Label == label {
			return c.CustomID
		}
	}
	t.Fatalf("message %s has no %q control; it has %v", m.ID, label, labels(m.Controls()))
	return ""
}

func labels(cs []fakediscord.Component) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Label)
	}
	return out
}

// tableMessage returns the table message of a thread: the bot's message with a "My hand"
// button, or the last table embed once the game is over.
func (h *harness) tableMessage(thread string) (fakediscord.Message, bool) {
	return h.srv.LastMessage(thread, func(m *fakediscord.Message) bool { return strings.HasPrefix(m.Text(), "## Pinochle · ") })
}

// tableState is what the table message of a thread shows, to tell when it changes.
func (h *harness) tableState(thread string) string {
	m, _ := h.tableMessage(thread)
	state := []any{m.ID, m.Embeds, m.Components}
	// The public table follows a hand trick by trick, not card by card: a harness whose bot
	// runs in another process also reads the length of the game's log in the shared
	// database, which every move lengthens before its effects go out.
	if h.bot == nil {
		for _, c := range m.Controls() {
			if id, err := commands.ParseID(c.CustomID); err == nil && id.Game != 0 {
				state = append(state, h.logLen(id.Game))
				break
			}
		}
	}
	b, err := json.Marshal(state)
	if err != nil {
		h.t.Fatalf("table message: %v", err)
	}
	return string(b)
}

// waitTable waits for the table message to be posted in a thread.
func (h *harness) waitTable(thread string) fakediscord.Message {
	h.t.Helper()
	var m fakediscord.Message
	if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool {
		var ok bool
		m, ok = h.tableMessage(thread)
		return ok
	}); err != nil {
		h.t.Fatalf("no table message in thread %s: %v", thread, err)
	}
	return m
}

// threadText returns the content of every public message in a thread, in order.
func (h *harness) threadText(thread string) string {
	var b strings.Builder
	for _, m := range h.srv.Messages(thread) {
		if m.Ephemeral() {
			continue // seen by one player only
		}
		b.WriteString(m.Content) // the narration: the table message is in its components
		b.WriteByte('\n')
	}
	return b.String()
}

// waitThread waits until the thread's text contains s.
func (h *harness) waitThread(thread, s string) {
	h.t.Helper()
	if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool {
		return strings.Contains(h.threadText(thread), s)
	}); err != nil {
		h.t.Fatalf("thread never said %q: %v\nthread:\n%s", s, err, tail(h.threadText(thread), 3000))
	}
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "…" + s[len(s)-n:]
}

// actionControls returns the controls of a private message that act (all but Refresh).
func actionControls(cs []fakediscord.Component) []fakediscord.Component {
	var out []fakediscord.Component
	for _, c := range flatten(cs) {
		id, err := commands.ParseID(c.CustomID)
		if err != nil || id.Action == commands.ActRefresh || id.Action == commands.ActHint {
			continue
		}
		out = append(out, c)
	}
	return out
}

// flatten returns the controls of components, at any depth: inside action rows, and in
// the containers and sections of Components V2.
func flatten(cs []fakediscord.Component) []fakediscord.Component {
	return fakediscord.Message{Components: cs}.Controls()
}

// waitingName finds the first name the private status waits for.
var waitingName = regexp.MustCompile(`Waiting: \*\*([^*]+)\*\*`)

// play plays a table to its end for the humans at it, choosing simple legal moves, and
// returns the number of actions they made.
func (h *harness) play(thread string, humans []fakediscord.User, maxActions int) int {
	h.t.Helper()
	n, err := h.playE(thread, humans, maxActions)
	if err != nil {
		h.t.Fatal(err)
	}
	return n
}

// playE is play returning errors instead of stopping the test, for use from other
// goroutines.
func (h *harness) playE(thread string, humans []fakediscord.User, maxActions int) (int, error) {
	var tm fakediscord.Message
	if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool {
		var ok bool
		tm, ok = h.tableMessage(thread)
		return ok
	}); err != nil {
		return 0, fmt.Errorf("no table message in thread %s: %w", thread, err)
	}
	handID := ""
	for _, c := range tm.Controls() {
		if c.Label == "My hand" {
			handID = c.CustomID
		}
	}
	if handID == "" {
		return 0, fmt.Errorf("table message %s has no My hand button", tm.ID)
	}
	byName := map[string]fakediscord.User{}
	for _, u := range humans {
		byName[u.Username] = u
	}
	wait := func(hd *fakediscord.Handle, err error) (fakediscord.Response, error) {
		if err != nil {
			return fakediscord.Response{}, fmt.Errorf("inject interaction: %w", err)
		}
		return hd.Wait(h.ctx)
	}
	actions, polls := 0, 0
	next := humans[0]
	for actions < maxActions {
		before := h.tableState(thread)
		hd, err := h.srv.Click(next, tm.ID, handID)
		if err != nil {
			// The table message may have lost its buttons because a computer player ended the
			// game while we looked away, or it may have been posted again: look once more.
			now, ok := h.tableMessage(thread)
			if !ok {
				return actions, fmt.Errorf("inject interaction: %w", err)
			}
			if len(now.Controls()) == 0 {
				return actions, nil
			}
			tm, handID = now, ""
			for _, c := range tm.Controls() {
				if c.Label == "My hand" {
					handID = c.CustomID
				}
			}
			if handID == "" {
				return actions, fmt.Errorf("inject interaction: %w", err)
			}
			hd, err = h.srv.Click(next, tm.ID, handID)
		}
		r, err := wait(hd, err)
		if err != nil {
			return actions, err
		}
		if r.Type != 4 || !r.Ephemeral {
			return actions, fmt.Errorf("My hand answered type %d ephemeral=%v: %q", r.Type, r.Ephemeral, r.Text())
		}
		view := r
		for {
			ctrls := actionControls(view.Components)
			if len(ctrls) == 0 {
				break
			}
			c := choose(ctrls)
			var resp fakediscord.Response
			if c.Type == 3 { // a select menu: pass the first cards offered
				n := *c.MinValues
				var values []string
				for _, o := range c.Options[:n] {
					values = append(values, o.Value)
				}
				resp, err = wait(h.srv.Select(next, view.MessageID, c.CustomID, values))
			} else {
				resp, err = wait(h.srv.Click(next, view.MessageID, c.CustomID))
			}
			if err != nil {
				return actions, err
			}
			if resp.Type != 7 {
				return actions, fmt.Errorf("a move answered type %d, want 7 (update): %q", resp.Type, resp.Text())
			}
			if strings.Contains(resp.Text(), "⚠️") {
				return actions, fmt.Errorf("a control the bot offered was refused: %q", resp.Text())
			}
			actions++
			view = resp
		}
		if strings.Contains(view.Text(), "🏆") || strings.Contains(view.Text(), "drawn") || strings.Contains(view.Text(), "forfeit") ||
			strings.HasPrefix(view.Text(), "That game is over") || strings.HasPrefix(view.Text(), "That game is not running") {
			return actions, nil
		}
		m := waitingName.FindStringSubmatch(view.Text())
		if m == nil {
			return actions, fmt.Errorf("private view says neither whose turn it is nor the result: %q", view.Text())
		}
		u, ok := byName[m[1]]
		if !ok {
			// A computer player is thinking off the table's writer: look again once the
			// tables have nothing under way.
			polls++
			if polls > 100 {
				return actions, fmt.Errorf("the table still waits for %q, who is not one of the test's players %v", m[1], keys(byName))
			}
			h.waitTables(thread, before)
			continue
		}
		next = u
	}
	return actions, fmt.Errorf("the game did not end within %d actions", maxActions)
}

// choose picks a control: pass in the auction when allowed, play the hand, the first
// enabled card, the first suit.
func choose(cs []fakediscord.Component) fakediscord.Component {
	var enabled []fakediscord.Component
	for _, c := range cs {
		if !c.Disabled {
			enabled = append(enabled, c)
		}
	}
	for _, c := range enabled {
		id, _ := commands.ParseID(c.CustomID)
		if id.Action == commands.ActPass || id.Action == commands.ActPlayHand {
			return c
		}
	}
	for _, c := range enabled {
		id, _ := commands.ParseID(c.CustomID)
		if id.Action != commands.ActOther && id.Action != commands.ActMoon && id.Action != commands.ActThrowIn {
			return c
		}
	}
	return enabled[0]
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// fakeClock is a clock the test moves by hand. Functions whose time has come run when the
// clock is advanced, in the order of their deadlines.
type fakeClock struct {
	mu      sync.Mutex
	now     time.Time
	pending []*fakeTimer
	// armed is closed, and replaced, whenever a function is armed.
	armed chan struct{}
}

type fakeTimer struct {
	c       *fakeClock
	at      time.Time
	f       func()
	stopped bool
}

func newFakeClock(t time.Time) *fakeClock { return &fakeClock{now: t, armed: make(chan struct{})} }

// waitArmed waits until at least n functions wait to run, or ctx ends.
func (c *fakeClock) waitArmed(ctx context.Context, n int) error {
	for {
		c.mu.Lock()
		got, ch := len(live(c.pending)), c.armed
		c.mu.Unlock()
		if got >= n {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return fmt.Errorf("%d timers armed, want %d: %w", got, n, ctx.Err())
		}
	}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) AfterFunc(d time.Duration, f func()) bot.Timer {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &fakeTimer{c: c, at: c.now.Add(d), f: f}
	c.pending = append(c.pending, t)
	close(c.armed)
	c.armed = make(chan struct{})
	return t
}

func (t *fakeTimer) Stop() bool {
	t.c.mu.Lock()
	defer t.c.mu.Unlock()
	was := !t.stopped
	t.stopped = true
	return was
}

// Advance moves the clock forward by d, running each due function (and those they arm
// that fall due too) in deadline order, each to its end.
func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	end := c.now.Add(d)
	c.mu.Unlock()
	for {
		c.mu.Lock()
		var next *fakeTimer
		k := -1
		for i, t := range c.pending {
			if t.stopped || t.at.After(end) {
				continue
			}
			if next == nil || t.at.Before(next.at) {
				next, k = t, i
			}
		}
		if next == nil {
			c.now = end
			c.pending = live(c.pending)
			c.mu.Unlock()
			return
		}
		c.pending = append(c.pending[:k], c.pending[k+1:]...)
		next.stopped = true
		if next.at.After(c.now) {
			c.now = next.at
		}
		c.mu.Unlock()
		next.f()
	}
}

// Armed counts the functions waiting to run.
func (c *fakeClock) Armed() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(live(c.pending))
}

func live(ts []*fakeTimer) []*fakeTimer {
	var out []*fakeTimer
	for _, t := range ts {
		if !t.stopped {
			out = append(out, t)
		}
	}
	return out
}

// testLogger sends the bot's warnings and errors to the test's log until the test ends,
// and every line, at every level, to sink.
func testLogger(t testing.TB, sink *logSink) *slog.Logger {
	w := &testWriter{t: t}
	t.Cleanup(func() { w.mu.Lock(); w.done = true; w.mu.Unlock() })
	return slog.New(teeHandler{
		slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelWarn}),
		slog.NewTextHandler(sink, &slog.HandlerOptions{Level: slog.LevelDebug}),
	})
}

// logSink keeps everything written to it.
type logSink struct {
	mu  sync.Mutex
	buf strings.Builder
}

func (s *logSink) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.Write(p)
}

func (s *logSink) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.String()
}

// teeHandler sends each record to every handler that wants it.
type teeHandler []slog.Handler

func (hs teeHandler) Enabled(ctx context.Context, l slog.Level) bool {
	for _, h := range hs {
		if h.Enabled(ctx, l) {
			return true
		}
	}
	return false
}

func (hs teeHandler) Handle(ctx context.Context, r slog.Record) error {
	for _, h := range hs {
		if h.Enabled(ctx, r.Level) {
			if err := h.Handle(ctx, r.Clone()); err != nil {
				return err
			}
		}
	}
	return nil
}

func (hs teeHandler) WithAttrs(as []slog.Attr) slog.Handler {
	out := make(teeHandler, len(hs))
	for i, h := range hs {
		out[i] = h.WithAttrs(as)
	}
	return out
}

func (hs teeHandler) WithGroup(name string) slog.Handler {
	out := make(teeHandler, len(hs))
	for i, h := range hs {
		out[i] = h.WithGroup(name)
	}
	return out
}

type testWriter struct {
	mu   sync.Mutex
	t    testing.TB
	done bool
}

func (w *testWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.done {
		w.t.Log(strings.TrimRight(string(p), "\n"))
	}
	return len(p), nil
}

// fourHumans opens a table of a four-seat preset whose seats ana, bob, cid and dan take in
// order (the last join starts the game), and returns it with its players.
func (h *harness) fourHumans(opts ...fakediscord.Option) (testTable, []fakediscord.User) {
	h.t.Helper()
	users := []fakediscord.User{h.user("ana"), h.user("bob"), h.user("cid"), h.user("dan")}
	tb := h.newTable(users[0], opts...)
	lobby := h.message(tb.lobbyID)
	join := buttonByLabel(h.t, lobby, "Join")
	for _, u := range users[1:] {
		if r := h.click(u, lobby.ID, join); r.Type != 7 {
			h.t.Fatalf("Join answered type %d, want 7", r.Type)
		}
	}
	h.waitTable(tb.thread)
	return tb, users
}

// withComputers opens a table whose only human is host, who presses Start so that computer
// players fill the other seats.
func (h *harness) withComputers(host fakediscord.User, opts ...fakediscord.Option) testTable {
	h.t.Helper()
	tb := h.newTable(host, opts...)
	lobby := h.message(tb.lobbyID)
	if r := h.click(host, lobby.ID, buttonByLabel(h.t, lobby, "Start")); r.Type != 7 {
		h.t.Fatalf("Start answered type %d, want 7", r.Type)
	}
	h.waitTable(tb.thread)
	return tb
}

// myHand clicks the table's My hand as user and returns the private view and its handle.
func (h *harness) myHand(user fakediscord.User, thread string) (fakediscord.Response, *fakediscord.Handle) {
	h.t.Helper()
	for try := 0; ; try++ {
		tm := h.waitTable(thread)
		before := h.tableState(thread)
		hd, err := h.srv.Click(user, tm.ID, buttonByLabel(h.t, tm, "My hand"))
		r := h.wait(hd, err)
		// A computer player thinks off the table's writer: while it does, look again once
		// the tables have nothing under way, so that tests see the table once it waits for
		// a person.
		if m := waitingName.FindStringSubmatch(r.Text()); m == nil || !strings.HasPrefix(m[1], "Computer") || try >= 100 {
			return r, hd
		}
		h.waitTables(thread, before)
	}
}

// toAct finds the human the table waits for: the first of users whose private view has
// controls that act. It returns that user and the view.
func (h *harness) toAct(thread string, users []fakediscord.User) (fakediscord.User, fakediscord.Response, *fakediscord.Handle) {
	h.t.Helper()
	// Computer players think off the table's writer: while one does, nobody has a move yet.
	for try := 0; try < 100; try++ {
		before := h.tableState(thread)
		left := slices.Clone(users)
		for len(left) > 0 {
			u := left[0]
			left = left[1:]
			r, hd := h.myHand(u, thread)
			if len(actionControls(r.Components)) > 0 {
				return u, r, hd
			}
			// Ask next whom the view says the table waits for.
			if m := waitingName.FindStringSubmatch(r.Text()); m != nil {
				if k := slices.IndexFunc(left, func(u fakediscord.User) bool { return u.Username == m[1] }); k > 0 {
					left[0], left[k] = left[k], left[0]
				}
			}
		}
		h.waitTables(thread, before)
	}
	h.t.Fatalf("no one of %v has a move", names(users))
	return fakediscord.User{}, fakediscord.Response{}, nil
}

// actOnce makes one simple legal move from a private view and returns the updated view.
func (h *harness) actOnce(user fakediscord.User, view fakediscord.Response) fakediscord.Response {
	h.t.Helper()
	c := choose(actionControls(view.Components))
	var r fakediscord.Response
	if c.Type == 3 {
		var values []string
		for _, o := range c.Options[:*c.MinValues] {
			values = append(values, o.Value)
		}
		r = h.wait(h.srv.Select(user, view.MessageID, c.CustomID, values))
	} else {
		r = h.click(user, view.MessageID, c.CustomID)
	}
	if r.Type != 7 || strings.Contains(r.Text(), "⚠️") {
		h.t.Fatalf("move %s answered type %d: %q", c.CustomID, r.Type, r.Text())
	}
	return r
}

func names(us []fakediscord.User) []string {
	var out []string
	for _, u := range us {
		out = append(out, u.Username)
	}
	return out
}

// gameOf returns the ID of the game a custom ID of one of its controls names.
func gameOf(t testing.TB, customID string) int64 {
	t.Helper()
	id, err := commands.ParseID(customID)
	if err != nil {
		t.Fatalf("parse %q: %v", customID, err)
	}
	return id.Game
}

// logLen returns the length of a game's action log in storage.
func (h *harness) logLen(game int64) int {
	h.t.Helper()
	recs, err := h.store.LoadActions(h.ctx, game)
	if err != nil {
		h.t.Fatalf("load actions of game %d: %v", game, err)
	}
	return len(recs)
}

// waitTables waits until the bot's tables have nothing under way (bot.WaitTables): a
// computer player that was searching has moved.
// A harness whose bot runs in another process (a shard process) cannot see its tables: it
// waits until the thread's table, message and log, shows something else than before, what it
// showed before the caller looked (tableState): every move lengthens the log, so a move made
// since is never missed, and the caller looks again.
func (h *harness) waitTables(thread, before string) {
	h.t.Helper()
	if h.bot == nil {
		if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool { return h.tableState(thread) != before }); err != nil {
			h.t.Fatalf("waiting for the other process's bot to move the table in thread %s on: %v", thread, err)
		}
		return
	}
	if err := bot.WaitTables(h.ctx, h.bot); err != nil {
		h.t.Fatalf("waiting for the tables to be idle: %v", err)
	}
}

// settle waits until the bot has nothing under way at the tables of games (every table when
// none is given; bot.Settle): they have done what the last clicks and clock moves led to,
// and every post has gone out.
func (h *harness) settle(games ...int64) {
	h.t.Helper()
	if h.bot == nil {
		h.t.Fatalf("settle: the bot runs in another process")
	}
	if err := bot.Settle(h.ctx, h.bot, games...); err != nil {
		h.t.Fatalf("waiting for the bot to settle at tables %v: %v", games, err)
	}
}

// publicState is what everyone can see of a table, and its record in storage.
type publicState struct {
	actions int
	meta    string
	thread  string
	lobby   string
}

// public captures a table's public state once the bot's messages have gone out.
func (h *harness) public(game int64, tb testTable) publicState {
	h.t.Helper()
	h.settle(game)
	g, err := h.store.GetGame(h.ctx, game)
	if err != nil {
		h.t.Fatalf("get game %d: %v", game, err)
	}
	var thread strings.Builder
	for _, m := range h.srv.Messages(tb.thread) {
		if m.Ephemeral() {
			continue
		}
		fmt.Fprintf(&thread, "%s|%q|%s|%s\n", m.ID, m.Text(), jsonOf(m.Embeds), jsonOf(m.Components))
	}
	l := h.message(tb.lobbyID)
	return publicState{
		actions: h.logLen(game),
		meta:    fmt.Sprintf("%v %v %v %s", g.Seats, g.Status, g.HostID, jsonOf(g.Messages)),
		thread:  thread.String(),
		lobby:   jsonOf(l.Embeds) + "|" + jsonOf(l.Components),
	}
}

// unchanged fails the test if a table's public state differs from before.
func (h *harness) unchanged(game int64, tb testTable, before publicState) {
	h.t.Helper()
	after := h.public(game, tb)
	if after.actions != before.actions {
		h.t.Errorf("the game's log grew from %d to %d actions", before.actions, after.actions)
	}
	if after.meta != before.meta {
		h.t.Errorf("the game's record changed:\nbefore %s\nafter  %s", before.meta, after.meta)
	}
	if after.thread != before.thread {
		h.t.Errorf("the thread changed:\nbefore %s\nafter  %s", tail(before.thread, 1500), tail(after.thread, 1500))
	}
	if after.lobby != before.lobby {
		h.t.Errorf("the lobby message changed:\nbefore %s\nafter  %s", before.lobby, after.lobby)
	}
}

// private fails the test unless r is an answer only user sees: an ephemeral message, or an
// update of an ephemeral message that answered user. It also checks that it says want.
func (h *harness) private(user fakediscord.User, r fakediscord.Response, want string) {
	h.t.Helper()
	if !r.Ephemeral {
		h.t.Errorf("answer type %d is public: %q", r.Type, r.Text())
	}
	if r.Type == 7 || r.Type == 6 {
		m := h.message(r.MessageID)
		if m.InteractionMetadata == nil || m.InteractionMetadata.User.ID != user.ID {
			h.t.Errorf("the answer updated message %s, which is not %s's own", m.ID, user.Username)
		}
	} else if r.Type != 4 && r.Type != 5 {
		h.t.Errorf("answer type %d, want 4 (message), 5 (deferred message) or 7 (update)", r.Type)
	}
	text := r.Text()
	for _, e := range r.Embeds {
		text += e.Title + e.Description
	}
	if !strings.Contains(text, want) {
		h.t.Errorf("answer %q does not say %q", text, want)
	}
}

// forge replaces the controls of the private message that answered hd with buttons of the
// given custom IDs, as a modified client might show, and returns the message's ID. It edits
// the message through the interaction's webhook, as the bot could.
func (h *harness) forge(hd *fakediscord.Handle, comps ...fakediscord.Component) string {
	h.t.Helper()
	m, ok := hd.Original()
	if !ok {
		h.t.Fatalf("interaction %s has no message to forge", hd.ID())
	}
	// The message's pictures go with its controls: a forged message shows the forged ones.
	body, err := json.Marshal(map[string]any{"components": []fakediscord.Component{{Type: 1, Components: comps}}, "attachments": []any{}})
	if err != nil {
		h.t.Fatal(err)
	}
	url := fmt.Sprintf("%s/api/v9/webhooks/%s/%s/messages/@original", h.srv.URL(), h.srv.AppID(), hd.Interaction().Token)
	req, err := http.NewRequestWithContext(h.ctx, http.MethodPatch, url, bytes.NewReader(body))
	if err != nil {
		h.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		h.t.Fatalf("forge: %v", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		msg, _ := io.ReadAll(resp.Body)
		h.t.Fatalf("forge: status %d: %s", resp.StatusCode, msg)
	}
	return m.ID
}

// button is a button with a custom ID, for forged messages.
func button(customID string) fakediscord.Component {
	return fakediscord.Component{Type: 2, Style: 2, Label: "forged", CustomID: customID}
}

// jsonOf writes v as JSON, for comparisons that look through pointers.
func jsonOf(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%v", v)
	}
	return string(b)
}

// loadSpec loads Discord's OpenAPI document once for the package's tests.
var loadSpec = sync.OnceValues(func() (*fakediscord.Spec, error) {
	path, err := fakediscord.FindSpec(".")
	if err != nil {
		return nil, err
	}
	return fakediscord.LoadSpec(path)
})

// discordSpec returns Discord's OpenAPI document for the fake to hold the bot's requests
// to, or nil, the test's log saying why they go unchecked (a clone on its own, without the shared folder beside it).
func discordSpec(t testing.TB) *fakediscord.Spec {
	t.Helper()
	sp, err := loadSpec()
	if err != nil {
		t.Logf("the bot's requests are not checked against Discord's OpenAPI document: %v", err)
	}
	return sp
}

// harnessStart is the time the bot's clock shows when a harness starts.
var harnessStart = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
