package bot_test

import (
	"context"
	"log/slog"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/bot"
	"github.com/pinochle-discord/pinochle/bot/fakediscord"
	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/storage"
)

// testTimeout bounds every wait, so that a broken test fails instead of hanging.
const testTimeout = 60 * time.Second

// harness is a bot connected to a fake Discord on 127.0.0.1, with a SQLite database in a
// temporary folder and a clock the test controls.
type harness struct {
	t       testing.TB
	ctx     context.Context
	srv     *fakediscord.Server
	dbPath  string
	store   *storage.SQLite
	bot     *bot.Bot
	clock   *fakeClock
	guild   string
	channel string
	users   map[string]fakediscord.User // by name
	seed    uint64
}

type harnessOptions struct {
	fake fakediscord.Options
	// postWindow replaces Discord's 5-second window of 5 messages per channel: the fake
	// checks the real limit unless a test shortens it on purpose.
	postWindow time.Duration
}

func newHarness(t testing.TB, o harnessOptions) *harness {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*testTimeout)
	t.Cleanup(cancel)
	h := &harness{
		t: t, ctx: ctx, srv: fakediscord.New(t, o.fake), dbPath: filepath.Join(t.TempDir(), "pinochle.db"),
		clock: newFakeClock(time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)), users: map[string]fakediscord.User{}, seed: 1,
	}
	h.guild = h.srv.DefaultGuild().ID
	h.channel = h.srv.DefaultChannel().ID
	h.start(o.postWindow)
	t.Cleanup(func() { h.stop() })
	return h
}

// start opens the database and starts a bot on it, as a new process would.
func (h *harness) start(window time.Duration) {
	h.t.Helper()
	store, err := storage.Open(h.dbPath)
	if err != nil {
		h.t.Fatalf("open store: %v", err)
	}
	h.store = store
	var mu sync.Mutex
	b, err := bot.New(bot.Config{
		Token: h.srv.Token(), APIURL: h.srv.URL(), Store: store, Clock: h.clock, PostWindow: window,
		Seed:   func() uint64 { mu.Lock(); defer mu.Unlock(); h.seed++; return h.seed * 0x9E3779B97F4A7C15 },
		Logger: testLogger(h.t),
	})
	if err != nil {
		h.t.Fatalf("bot.New: %v", err)
	}
	if err := b.Start(h.ctx); err != nil {
		h.t.Fatalf("bot.Start: %v", err)
	}
	h.bot = b
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
	h.start(0)
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

// userNamed finds a user by display name.
func (h *harness) userNamed(name string) (fakediscord.User, bool) {
	u, ok := h.users[name]
	return u, ok
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
	r, hd := h.slash(host, h.channel, "pinochle", "new", opts...)
	if r.Type != 5 || !r.Ephemeral {
		h.t.Fatalf("/pinochle new answered type %d ephemeral=%v, want a private deferral", r.Type, r.Ephemeral)
	}
	var orig fakediscord.Message
	if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool {
		m, ok := hd.Original()
		orig = m
		return ok && strings.Contains(m.Content, "<#")
	}); err != nil {
		h.t.Fatalf("/pinochle new: no answer naming the table's thread: %v", err)
	}
	thread := threadRef.FindStringSubmatch(orig.Content)[1]
	ch, ok := h.srv.Channel(thread)
	if !ok || ch.StarterMessageID == "" {
		h.t.Fatalf("/pinochle new: %s is not a thread started from the lobby", thread)
	}
	return testTable{lobbyID: ch.StarterMessageID, thread: thread}
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
	msgs := h.srv.Messages(thread)
	for k := len(msgs) - 1; k >= 0; k-- {
		m := msgs[k]
		if len(m.Embeds) > 0 && strings.HasPrefix(m.Embeds[0].Title, "Pinochle ·") {
			return m, true
		}
	}
	return fakediscord.Message{}, false
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

// threadText returns the content of every message in a thread, in order.
func (h *harness) threadText(thread string) string {
	var b strings.Builder
	for _, m := range h.srv.Messages(thread) {
		b.WriteString(m.Content)
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
		if err != nil || id.Action == commands.ActRefresh {
			continue
		}
		out = append(out, c)
	}
	return out
}

// flatten returns the controls inside action rows.
func flatten(cs []fakediscord.Component) []fakediscord.Component {
	var out []fakediscord.Component
	for _, c := range cs {
		if c.Type == 1 {
			out = append(out, flatten(c.Components)...)
			continue
		}
		out = append(out, c)
	}
	return out
}

// waitingName finds the first name the private status waits for.
var waitingName = regexp.MustCompile(`Waiting: \*\*([^*]+)\*\*`)

// player plays a table to its end for the humans at it, choosing simple legal moves, and
// returns the number of actions they made. strategy picks the control to use.
func (h *harness) play(thread string, humans []fakediscord.User, maxActions int) int {
	h.t.Helper()
	tm := h.waitTable(thread)
	handID := buttonByLabel(h.t, tm, "My hand")
	byName := map[string]fakediscord.User{}
	for _, u := range humans {
		byName[u.Username] = u
	}
	actions := 0
	next := humans[0]
	for actions < maxActions {
		r := h.click(next, tm.ID, handID)
		if r.Type != 4 || !r.Ephemeral {
			h.t.Fatalf("My hand answered type %d ephemeral=%v: %q", r.Type, r.Ephemeral, r.Content)
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
				resp = h.wait(h.srv.Select(next, view.MessageID, c.CustomID, values))
			} else {
				resp = h.click(next, view.MessageID, c.CustomID)
			}
			if resp.Type != 7 {
				h.t.Fatalf("a move answered type %d, want 7 (update): %q", resp.Type, resp.Content)
			}
			if strings.Contains(resp.Content, "⚠️") {
				h.t.Fatalf("a control the bot offered was refused: %q", resp.Content)
			}
			actions++
			view = resp
		}
		if strings.Contains(view.Content, "🏆") || strings.Contains(view.Content, "drawn") || strings.Contains(view.Content, "forfeit") {
			return actions
		}
		m := waitingName.FindStringSubmatch(view.Content)
		if m == nil {
			h.t.Fatalf("private view says neither whose turn it is nor the result: %q", view.Content)
		}
		u, ok := byName[m[1]]
		if !ok {
			h.t.Fatalf("the table waits for %q, who is not one of the test's players %v", m[1], keys(byName))
		}
		next = u
	}
	h.t.Fatalf("the game did not end within %d actions", maxActions)
	return actions
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
}

type fakeTimer struct {
	c       *fakeClock
	at      time.Time
	f       func()
	stopped bool
}

func newFakeClock(t time.Time) *fakeClock { return &fakeClock{now: t} }

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

// testLogger sends the bot's log to the test's log until the test ends.
func testLogger(t testing.TB) *slog.Logger {
	w := &testWriter{t: t}
	t.Cleanup(func() { w.mu.Lock(); w.done = true; w.mu.Unlock() })
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelWarn}))
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
