package bot_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/bot"
	"github.com/pinochle-discord/pinochle/fakediscord"
	"github.com/pinochle-discord/pinochle/table"
)

// Faults at Discord and in the bot's own life: a lobby that could not be posted, a Join the
// moment a lobby appears, a crash between creating a lobby and posting it, Discord failing
// while the bot registers its commands.

// faultTransport forwards the bot's requests, but answers those that match a fault with the
// fault's status instead, as many times as the fault says. It records every request.
type faultTransport struct {
	next http.RoundTripper

	mu     sync.Mutex
	faults []*fault
	seen   []string // "METHOD path status" of every request, in order
	// hold, when set, is waited for by the requests that match holdPath; held is closed
	// when the first of them arrives.
	holdPath   *regexp.Regexp
	hold, held chan struct{}
}

// fault is a response the fake never gives: status, to requests of method on a path that
// matches path, times times.
type fault struct {
	method string
	path   *regexp.Regexp
	status int
	body   string
	times  int
}

func newFaultTransport() *faultTransport { return &faultTransport{next: http.DefaultTransport} }

// inject adds a fault.
func (tr *faultTransport) inject(f *fault) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	tr.faults = append(tr.faults, f)
}

// holdRequests makes the requests whose path matches path wait until the returned function
// is called; held is closed when the first one arrives.
func (tr *faultTransport) holdRequests(path *regexp.Regexp) (release func()) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	hold := make(chan struct{})
	tr.holdPath, tr.hold, tr.held = path, hold, make(chan struct{})
	var once sync.Once
	return func() {
		once.Do(func() {
			tr.mu.Lock()
			tr.holdPath = nil
			tr.mu.Unlock()
			close(hold)
		})
	}
}

// RoundTrip implements http.RoundTripper.
func (tr *faultTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	tr.mu.Lock()
	if tr.holdPath != nil && tr.holdPath.MatchString(req.URL.Path) {
		hold, held := tr.hold, tr.held
		select {
		case <-held:
		default:
			close(held)
		}
		tr.mu.Unlock()
		select {
		case <-hold:
		case <-req.Context().Done():
			return nil, req.Context().Err()
		}
		tr.mu.Lock()
	}
	for _, f := range tr.faults {
		if f.times > 0 && f.method == req.Method && f.path.MatchString(req.URL.Path) {
			f.times--
			tr.seen = append(tr.seen, fmt.Sprintf("%s %s %d", req.Method, req.URL.Path, f.status))
			tr.mu.Unlock()
			return &http.Response{StatusCode: f.status, Status: fmt.Sprintf("%d %s", f.status, http.StatusText(f.status)),
				Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1, Header: http.Header{"Content-Type": {"application/json"}},
				Body: io.NopCloser(strings.NewReader(f.body)), Request: req}, nil
		}
	}
	tr.mu.Unlock()
	resp, err := tr.next.RoundTrip(req)
	status := 0
	if resp != nil {
		status = resp.StatusCode
	}
	tr.mu.Lock()
	tr.seen = append(tr.seen, fmt.Sprintf("%s %s %d", req.Method, req.URL.Path, status))
	tr.mu.Unlock()
	return resp, err
}

// requests returns the requests seen whose "METHOD path status" matches re.
func (tr *faultTransport) requests(re *regexp.Regexp) []string {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	var out []string
	for _, s := range tr.seen {
		if re.MatchString(s) {
			out = append(out, s)
		}
	}
	return out
}

// faultHarness is a harness whose bot's requests go through a faultTransport.
func faultHarness(t *testing.T) (*harness, *faultTransport) {
	tr := newFaultTransport()
	return newHarness(t, harnessOptions{configure: func(c *bot.Config) { c.Transport = tr }}), tr
}

// noTables fails the test unless /pinochle games says user has no tables.
func (h *harness) noTables(user fakediscord.User, when string) {
	h.t.Helper()
	r, _ := h.slash(user, h.channel, "pinochle", "games")
	if !strings.Contains(r.Text(), "no unfinished tables") {
		h.t.Errorf("%s, /pinochle games lists: %q", when, r.Text())
	}
}

// TestLobbyFaults: a Join the moment a lobby appears, a lobby that could not be posted, a
// lobby recorded but never shown, on one bot, one after the other.
func TestLobbyFaults(t *testing.T) {
	t.Parallel()
	h, tr := faultHarness(t)
	testJoinRightAfterLobbyAppears(t, h, tr)
	unshown := testLobbyNotPosted(t, h, tr)
	h.restart()
	h.noTables(h.user("cy"), "after a restart")
	if g, err := h.store.GetGame(h.ctx, unshown); err != nil || g.Status != table.StatusAbandoned {
		t.Errorf("the lobby recorded but never shown: %v, status %q; want it abandoned at the restart", err, g.Status)
	}
	h.newTable(h.user("cy")) // the host may open tables as before
}

// testJoinRightAfterLobbyAppears: the lobby's table runs before the lobby is posted, so that
// a Join the moment it appears (while the bot is still starting its thread) seats the
// player; the table then plays in the thread.
func testJoinRightAfterLobbyAppears(t *testing.T, h *harness, tr *faultTransport) {
	ana, bob := h.user("ana"), h.user("bob")
	release := tr.holdRequests(regexp.MustCompile(`/threads$`))
	t.Cleanup(release)
	hd, err := h.srv.SlashCommand(ana, h.guild, h.channel, "pinochle", fakediscord.Sub("new"))
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-tr.held:
	case <-h.ctx.Done():
		t.Fatal("the bot never started the lobby's thread")
	}
	var lobby fakediscord.Message
	join := ""
	for _, m := range h.srv.Messages(h.channel) {
		for _, c := range m.Controls() {
			if c.Label == "Join" {
				lobby, join = m, c.CustomID
			}
		}
	}
	if join == "" {
		t.Fatal("no lobby in the channel while its thread is being started")
	}
	r := h.click(bob, lobby.ID, join)
	if r.Type != 7 {
		t.Errorf("Join the moment the lobby appeared answered type %d: %q", r.Type, r.Text())
	}
	release()
	if _, err := hd.Wait(h.ctx); err != nil {
		t.Fatal(err)
	}
	if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool {
		m, ok := hd.Original()
		return ok && strings.Contains(m.Text(), "<#")
	}); err != nil {
		t.Fatalf("/pinochle new never said where the table is: %v", err)
	}
	h.settle()
	g, err := h.store.GetGame(h.ctx, gameOf(t, join))
	if err != nil {
		t.Fatal(err)
	}
	thread, _ := h.srv.Channel(g.ThreadID)
	if g.SeatOf(bob.ID) < 0 || g.Messages[table.RoleLobby].MessageID != lobby.ID || thread.StarterMessageID != lobby.ID {
		t.Errorf("the table: seats %v, lobby %v, thread %q (started from %q); want bob seated, the lobby %s and its thread",
			g.Seats, g.Messages, g.ThreadID, thread.StarterMessageID, lobby.ID)
	}
}

// testLobbyNotPosted: a lobby that could not be posted (the bot may not send messages
// there) is taken back: it is not one of the host's open lobbies, then or after a restart.
// The lobby it returns is recorded but was never shown, as when the bot stops between
// creating a lobby and posting it: the next start closes it.
func testLobbyNotPosted(t *testing.T, h *harness, tr *faultTransport) int64 {
	cy := h.user("cy")
	tr.inject(&fault{method: "POST", path: regexp.MustCompile(`^/api/v\d+/channels/` + h.channel + `/messages$`), status: 403,
		body: `{"code":50013,"message":"Missing Permissions"}`, times: 1})
	r, _ := h.slash(cy, h.channel, "pinochle", "new")
	if !strings.Contains(r.Text(), "could not post") {
		t.Errorf("/pinochle new answered %q, want that it could not post", r.Text())
	}
	h.settle()
	h.noTables(cy, "after the failed post")
	active, err := h.store.LoadActiveGames(h.ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range active {
		if g.Game.HostID == cy.ID {
			t.Errorf("lobby %d of the failed post open in storage", g.Game.ID)
		}
	}
	now := h.clock.Now()
	id, err := h.store.CreateGame(h.ctx, table.Game{GuildID: h.guild, ChannelID: h.channel, HostID: cy.ID, Preset: "classic",
		Seats: []table.Seat{{UserID: cy.ID, Name: "cy"}, {}, {}, {}}, Status: table.StatusLobby, CreatedAt: now, LastActivity: now})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// registerPath is where the bot registers its commands.
var registerPath = regexp.MustCompile(`^/api/v\d+/applications/[^/]+/commands$`)

// TestRegisterCommandsFaults: Discord failing the registration of the commands at start for
// longer than one request waits (500s, then 502s) does not stop the bot: it tries again
// after 1, 2, 4... seconds of its clock, then starts. It gives up once its context ends,
// and at once when Discord refuses the request itself (a 401: trying again would only
// repeat it).
func TestRegisterCommandsFaults(t *testing.T) {
	t.Parallel()
	h, tr := faultHarness(t)
	h.heartbeating()
	h.stop()
	registered := regexp.MustCompile(`^PUT \S+/commands 200$`)
	before := len(tr.requests(registered))
	for _, status := range []int{500, 500, 500, 502, 502, 502} {
		tr.inject(&fault{method: "PUT", path: registerPath, status: status, body: `{"message":"Internal Server Error","code":0}`, times: 1})
	}
	logged := len(h.logs.String())
	errc := h.restartAsync()
	// Every wait, the bot's and its transport's, is on its clock: the test moves it past
	// each one until the bot has started.
	for started := false; !started; {
		ctx, cancel := context.WithCancel(h.ctx)
		armed := make(chan error, 1)
		go func() { armed <- h.clock.waitArmed(ctx, 1) }()
		select {
		case err := <-errc:
			if err != nil {
				t.Fatalf("start: %v", err)
			}
			started = true
		case err := <-armed:
			if err != nil {
				t.Fatalf("the bot neither starts nor waits: %v", err)
			}
			h.clock.Advance(time.Minute)
		}
		cancel()
	}
	if got := tr.requests(registered)[before:]; len(got) != 1 {
		t.Errorf("registrations that went through: %v, want one", got)
	}
	log := h.logs.String()[logged:]
	for _, want := range []string{`try=1 in=1s`, `try=2 in=2s`} {
		if !strings.Contains(log, want) {
			t.Errorf("the bot did not say it tries again (%s):\n%s", want, tail(log, 2000))
		}
	}
	h.newTable(h.user("ana"))

	h.stop()
	forever := &fault{method: "PUT", path: registerPath, status: 500, body: `{"message":"Internal Server Error","code":0}`, times: 1 << 30}
	tr.inject(forever)
	ctx, cancel := context.WithCancel(h.ctx)
	canceled := make(chan error, 1)
	go func() { canceled <- h.startE(ctx, h.opts.postWindow) }()
	if err := h.clock.waitArmed(h.ctx, 1); err != nil {
		t.Fatalf("the bot does not wait to try again: %v", err)
	}
	cancel()
	if err := <-canceled; !errors.Is(err, context.Canceled) {
		t.Errorf("start once its context ended: %v, want context.Canceled", err)
	}

	tr.mu.Lock()
	forever.times = 0
	tr.mu.Unlock()
	tr.inject(&fault{method: "PUT", path: registerPath, status: 401, body: `{"message":"401: Unauthorized","code":0}`, times: 1})
	if err := h.startE(h.ctx, h.opts.postWindow); err == nil || !strings.Contains(err.Error(), "401") {
		t.Errorf("start with the registration refused: %v, want the 401", err)
	}
}
