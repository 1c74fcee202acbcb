package fakediscord_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/pinochle-discord/pinochle/fakediscord"
)

// testTimeout bounds every wait so a broken test fails instead of hanging.
const testTimeout = 20 * time.Second

func testContext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	t.Cleanup(cancel)
	return ctx
}

// restSession returns a discordgo session that talks to srv over REST only.
func restSession(t *testing.T, srv *fakediscord.Server, token string) *discordgo.Session {
	t.Helper()
	s, err := discordgo.New("Bot " + token)
	if err != nil {
		t.Fatalf("discordgo.New: %v", err)
	}
	s.Client = srv.Client()
	s.Client.Timeout = testTimeout
	return s
}

// events collects gateway events a test waits for. Handlers copy what the
// test needs: discordgo's State keeps and later modifies the structs it
// passes to handlers (GUILD_CREATE rewrites the guilds of READY), so reading
// them after the handler returns is a data race.
type events struct {
	ready    chan readyInfo
	resumed  chan struct{}
	guilds   chan guildInfo
	messages chan messageInfo
}

type readyInfo struct {
	version   int
	sessionID string
	user      discordgo.User
	appID     string
	guilds    []guildInfo
}

type guildInfo struct {
	id, name    string
	unavailable bool
	channels    []string
}

type messageInfo struct {
	id, content, authorID, authorName string
}

// guildSnapshot copies what the tests need of a guild. The guilds of READY
// and GUILD_CREATE are the structs discordgo's State keeps: the State
// rewrites them in place (under its lock) when a later GUILD_CREATE for the
// same guild arrives, while handlers run on their own goroutines, so the
// copy is taken under the State's read lock.
func guildSnapshot(s *discordgo.Session, g *discordgo.Guild) guildInfo {
	s.State.RLock()
	defer s.State.RUnlock()
	gi := guildInfo{id: g.ID, name: g.Name, unavailable: g.Unavailable}
	for _, c := range g.Channels {
		gi.channels = append(gi.channels, c.Name)
	}
	return gi
}

// openBot opens a gateway session on srv with the given interaction
// handler and closes it when the test ends.
func openBot(t *testing.T, srv *fakediscord.Server, handler func(*discordgo.Session, *discordgo.InteractionCreate)) (*discordgo.Session, *events) {
	t.Helper()
	s := restSession(t, srv, srv.Token())
	// Handlers run in order on the gateway's goroutine: otherwise READY's handler may run
	// after GUILD_CREATE has made its guilds available in discordgo's State.
	s.SyncEvents = true
	ev := &events{
		ready:    make(chan readyInfo, 10),
		resumed:  make(chan struct{}, 10),
		guilds:   make(chan guildInfo, 10),
		messages: make(chan messageInfo, 100),
	}
	s.AddHandler(func(s *discordgo.Session, r *discordgo.Ready) {
		ri := readyInfo{version: r.Version, sessionID: r.SessionID}
		if r.User != nil {
			ri.user = *r.User
		}
		if r.Application != nil {
			ri.appID = r.Application.ID
		}
		for _, g := range r.Guilds {
			ri.guilds = append(ri.guilds, guildSnapshot(s, g))
		}
		ev.ready <- ri
	})
	s.AddHandler(func(_ *discordgo.Session, r *discordgo.Resumed) { ev.resumed <- struct{}{} })
	s.AddHandler(func(s *discordgo.Session, g *discordgo.GuildCreate) { ev.guilds <- guildSnapshot(s, g.Guild) })
	s.AddHandler(func(_ *discordgo.Session, m *discordgo.MessageCreate) {
		mi := messageInfo{id: m.ID, content: m.Content}
		if m.Author != nil {
			mi.authorID, mi.authorName = m.Author.ID, m.Author.Username
		}
		select {
		case ev.messages <- mi:
		default:
		}
	})
	if handler != nil {
		s.AddHandler(handler)
	}
	if err := s.Open(); err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s, ev
}

func recv[T any](t *testing.T, ctx context.Context, ch <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-ctx.Done():
		t.Fatalf("waiting for %s: %v", what, ctx.Err())
		var zero T
		return zero
	}
}

// restErr returns err as a discordgo REST error, failing the test if it is
// not one.
func restErr(t *testing.T, err error) *discordgo.RESTError {
	t.Helper()
	var re *discordgo.RESTError
	if !errors.As(err, &re) {
		t.Fatalf("error %v (%T) is not a *discordgo.RESTError", err, err)
	}
	if re.Message == nil {
		t.Fatalf("REST error without a JSON message: %v", err)
	}
	return re
}

// wantProblem takes the server's problems and checks that one contains want, or one of
// the alternatives.
func wantProblem(t *testing.T, srv *fakediscord.Server, want string, or ...string) {
	t.Helper()
	got := srv.TakeProblems()
	for _, p := range got {
		for _, w := range append([]string{want}, or...) {
			if strings.Contains(p, w) {
				return
			}
		}
	}
	t.Errorf("no problem containing %q; problems: %q", append([]string{want}, or...), got)
}

func noProblems(t *testing.T, srv *fakediscord.Server) {
	t.Helper()
	if p := srv.TakeProblems(); len(p) > 0 {
		t.Errorf("unexpected problems: %q", p)
	}
}

func ptr[T any](v T) *T { return &v }

// newFake starts a fake Discord for a test on a manual clock at a fixed date, so that no
// rule the fake keeps in time (an interaction's 3 seconds, a token's 15 minutes, a
// rate-limit window) depends on the machine's speed: time passes when the test advances
// the clock it returns.
func newFake(t *testing.T, opts fakediscord.Options) (*fakediscord.Server, *fakediscord.ManualClock) {
	t.Helper()
	clk := fakediscord.NewManualClock(time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC))
	opts.Clock = clk
	if opts.Spec == nil {
		opts.Spec, _ = testSpec(t)
	}
	return fakediscord.New(t, opts), clk
}

// loadSpec loads Discord's OpenAPI document once for the package's tests.
var loadSpec = sync.OnceValues(func() (*fakediscord.Spec, error) {
	path, err := fakediscord.FindSpec(".")
	if err != nil {
		return nil, err
	}
	return fakediscord.LoadSpec(path)
})

// testSpec returns Discord's OpenAPI document, or nil and the test's log saying why the
// requests go unchecked against it.
func testSpec(t *testing.T) (*fakediscord.Spec, error) {
	t.Helper()
	sp, err := loadSpec()
	if err != nil {
		t.Logf("requests not checked against Discord's OpenAPI document: %v", err)
	}
	return sp, err
}

// waitFor waits until cond holds on srv, failing the test with what it waited for.
func waitFor(t *testing.T, ctx context.Context, srv *fakediscord.Server, what string, cond func(*fakediscord.Server) bool) {
	t.Helper()
	if err := srv.WaitFor(ctx, cond); err != nil {
		t.Fatalf("waiting for %s: %v", what, err)
	}
}

// payload is a gateway payload as a raw client reads it.
type payload struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
	S  *int64          `json:"s"`
	T  string          `json:"t"`
}

// dialGateway opens a raw websocket on the fake's gateway, as a client other than discordgo
// would, reads its HELLO and returns the heartbeat interval it announced.
func dialGateway(t *testing.T, srv *fakediscord.Server) (*websocket.Conn, time.Duration) {
	t.Helper()
	ws, _, err := websocket.DefaultDialer.Dial(srv.GatewayURL()+"?v=9&encoding=json", nil)
	if err != nil {
		t.Fatalf("dial the gateway: %v", err)
	}
	t.Cleanup(func() { ws.Close() })
	hello := readPayload(t, ws, "HELLO")
	var d struct {
		Interval int64 `json:"heartbeat_interval"`
	}
	if err := json.Unmarshal(hello.D, &d); hello.Op != 10 || err != nil {
		t.Fatalf("first payload = op %d %s (%v), want HELLO (op 10)", hello.Op, hello.D, err)
	}
	return ws, time.Duration(d.Interval) * time.Millisecond
}

// readPayload reads the next payload from a raw gateway connection. A connection that
// sends nothing within testTimeout fails the test with what it waited for.
func readPayload(t *testing.T, ws *websocket.Conn, what string) payload {
	t.Helper()
	ws.SetReadDeadline(time.Now().Add(testTimeout))
	_, data, err := ws.ReadMessage()
	if err != nil {
		t.Fatalf("waiting for %s: %v", what, err)
	}
	var p payload
	if err := json.Unmarshal(data, &p); err != nil {
		t.Fatalf("%s: undecodable payload %q: %v", what, data, err)
	}
	return p
}

// readUntilClose reads a raw gateway connection until the fake closes it and returns the
// close code. A connection still open after testTimeout fails the test.
func readUntilClose(t *testing.T, ws *websocket.Conn, what string) int {
	t.Helper()
	for {
		ws.SetReadDeadline(time.Now().Add(testTimeout))
		_, _, err := ws.ReadMessage()
		if err == nil {
			continue
		}
		var ce *websocket.CloseError
		if !errors.As(err, &ce) {
			t.Fatalf("waiting for the fake to close the connection %s: %v", what, err)
		}
		return ce.Code
	}
}

func button(label, customID string) discordgo.Button {
	return discordgo.Button{Label: label, Style: discordgo.PrimaryButton, CustomID: customID}
}

func row(cs ...discordgo.MessageComponent) discordgo.ActionsRow {
	return discordgo.ActionsRow{Components: cs}
}

func stringsReader(s string) *strings.Reader { return strings.NewReader(s) }
