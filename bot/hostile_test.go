package bot_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/pinochle-discord/pinochle/bot"
	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/fakediscord"
)

// Hostile interactions: payloads no Discord client sends, delivered to the bot's own
// interaction handler as discordgo's gateway delivers them. None may take the process down,
// write anything or show anything in public; each is answered privately, or not at all
// when it cannot be answered.

// hostileTransport sits between the bot and the fake Discord. While on, it answers the
// requests of interactions the fake never dispatched (their callbacks and the edits of
// their answers: every token but the fake's own, "itok-…") itself, keeping them for the
// test, and records the other requests the bot makes that change something.
type hostileTransport struct {
	next http.RoundTripper
	on   atomic.Bool

	mu      sync.Mutex
	answers []hostileAnswer
	changes []string
	got     chan struct{} // closed and replaced at each answer
}

// hostileAnswer is a request the bot made on a hostile interaction's own endpoints.
type hostileAnswer struct {
	method, path string
	callback     bool
	body         []byte // the JSON payload
}

func (a hostileAnswer) String() string { return a.method + " " + a.path + " " + string(a.body) }

var (
	callbackPath = regexp.MustCompile(`^/api/v\d+/interactions/[^/]+/([^/]+)/callback$`)
	webhookPath  = regexp.MustCompile(`^/api/v\d+/webhooks/[^/]+/([^/]+)(/.*)?$`)
)

func newHostileTransport() *hostileTransport {
	return &hostileTransport{next: http.DefaultTransport, got: make(chan struct{})}
}

// RoundTrip implements http.RoundTripper.
func (tr *hostileTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	m := callbackPath.FindStringSubmatch(req.URL.Path)
	if m == nil {
		m = webhookPath.FindStringSubmatch(req.URL.Path)
	}
	if !tr.on.Load() || m == nil || strings.HasPrefix(m[1], "itok-") {
		if tr.on.Load() && req.Method != http.MethodGet {
			tr.mu.Lock()
			tr.changes = append(tr.changes, req.Method+" "+req.URL.Path)
			tr.mu.Unlock()
		}
		return tr.next.RoundTrip(req)
	}
	body, err := payloadOf(req)
	if err != nil {
		return nil, err
	}
	a := hostileAnswer{method: req.Method, path: req.URL.Path, callback: callbackPath.MatchString(req.URL.Path), body: body}
	tr.mu.Lock()
	tr.answers = append(tr.answers, a)
	close(tr.got)
	tr.got = make(chan struct{})
	tr.mu.Unlock()
	resp := &http.Response{StatusCode: http.StatusNoContent, Status: "204 No Content", Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: http.Header{}, Body: io.NopCloser(strings.NewReader("")), Request: req}
	if !a.callback {
		resp.StatusCode, resp.Status = http.StatusOK, "200 OK"
		resp.Header.Set("Content-Type", "application/json")
		resp.Body = io.NopCloser(strings.NewReader(`{"id":"1","channel_id":"1","content":""}`))
	}
	return resp, nil
}

// payloadOf reads a request's JSON: its body, or a multipart body's payload_json.
func payloadOf(req *http.Request) ([]byte, error) {
	if req.Body == nil {
		return nil, nil
	}
	raw, err := io.ReadAll(req.Body)
	if err != nil {
		return nil, err
	}
	media, params, err := mime.ParseMediaType(req.Header.Get("Content-Type"))
	if err != nil || !strings.HasPrefix(media, "multipart/") {
		return raw, nil
	}
	r := multipart.NewReader(bytes.NewReader(raw), params["boundary"])
	for {
		p, err := r.NextPart()
		if err != nil {
			return nil, fmt.Errorf("multipart body without payload_json: %w", err)
		}
		if p.FormName() == "payload_json" {
			return io.ReadAll(p)
		}
	}
}

// begin forgets what was recorded and starts intercepting.
func (tr *hostileTransport) begin() {
	tr.mu.Lock()
	tr.answers, tr.changes = nil, nil
	tr.mu.Unlock()
	tr.on.Store(true)
}

// end stops intercepting and returns what was recorded since begin.
func (tr *hostileTransport) end() ([]hostileAnswer, []string) {
	tr.on.Store(false)
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return tr.answers, tr.changes
}

// waitAnswers waits until n answers have been recorded since begin.
func (tr *hostileTransport) waitAnswers(ctx context.Context, n int) error {
	for {
		tr.mu.Lock()
		got, ch := len(tr.answers), tr.got
		tr.mu.Unlock()
		if got >= n {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return fmt.Errorf("%d answers to hostile interactions, want %d: %w", got, n, ctx.Err())
		}
	}
}

// hostile is a bot with a game in play that waits for its only person, ana, and people who
// send it hostile interactions: eve, at no table and without permissions, who can change
// nothing by any control, and mia, who may manage the server.
type hostile struct {
	h        *harness
	tr       *hostileTransport
	logs     *logSink // everything the bot logs
	db       *sql.DB
	tb       testTable
	game     int64
	ana, eve fakediscord.User
	mia      fakediscord.User
	// tableMsg is the public table message and view ana's private view, as Discord sends
	// them in an interaction; move is the custom ID of a move of ana's.
	tableMsg, view []byte
	move           string
	n              atomic.Int64
}

func newHostile(tb testing.TB) *hostile {
	tr := newHostileTransport()
	// The bot logs to a sink only: a fuzz target may not log through the testing.F.
	logs := &logSink{}
	h := newHarness(tb, harnessOptions{configure: func(c *bot.Config) {
		c.Transport = tr
		c.Logger = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}})
	x := &hostile{h: h, tr: tr, logs: logs, ana: h.user("ana"), eve: h.user("eve"), mia: h.manager("mia")}
	x.tb = h.withComputers(x.ana, fakediscord.Opt("timer", "off"))
	x.game = h.tableGame(x.tb)
	_, view, hd := h.toAct(x.tb.thread, []fakediscord.User{x.ana})
	x.move = choose(actionControls(view.Components)).CustomID
	h.settle()
	orig, ok := hd.Original()
	if !ok {
		tb.Fatal("ana's private view has no message")
	}
	x.view = mustJSON(tb, orig)
	x.tableMsg = mustJSON(tb, h.waitTable(x.tb.thread))
	db, err := sql.Open("sqlite3", "file:"+h.dbPath+"?mode=ro")
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	x.db = db
	return x
}

func mustJSON(tb testing.TB, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// payload is the data of an INTERACTION_CREATE of type typ from user in the table's server
// and channel, with data and message (JSON, as they are), under an ID and token of its own.
func (x *hostile) payload(typ int, user fakediscord.User, data, message []byte) []byte {
	n := x.n.Add(1)
	perms := user.Permissions
	if perms == 0 {
		perms = fakediscord.DefaultPermissions
	}
	member := fmt.Sprintf(`{"user":{"id":%q,"username":%q,"discriminator":"0"},"roles":[],"permissions":"%d","deaf":false,"mute":false}`,
		user.ID, user.Username, perms)
	return fmt.Appendf(nil, `{"id":"%d","application_id":%q,"type":%d,"token":"hostile-%d","version":1,"guild_id":%q,"channel_id":%q,"member":%s,"data":%s,"message":%s}`,
		9_000_000+n, x.h.srv.AppID(), typ, n, x.h.guild, x.tb.thread, member, orNull(data), orNull(message))
}

// payloadAt is payload in a server and channel of the test's choosing.
func (x *hostile) payloadAt(typ int, user fakediscord.User, guild, channel string, data, message []byte) []byte {
	n := x.n.Add(1)
	member := fmt.Sprintf(`{"user":{"id":%q,"username":%q,"discriminator":"0"},"roles":[],"permissions":"%d","deaf":false,"mute":false}`,
		user.ID, user.Username, fakediscord.DefaultPermissions)
	return fmt.Appendf(nil, `{"id":"%d","application_id":%q,"type":%d,"token":"hostile-%d","version":1,"guild_id":%q,"channel_id":%q,"member":%s,"data":%s,"message":%s}`,
		9_000_000+n, x.h.srv.AppID(), typ, n, guild, channel, member, orNull(data), orNull(message))
}

// orNull is raw JSON, or null for nothing.
func orNull(raw []byte) []byte {
	if len(bytes.TrimSpace(raw)) == 0 {
		return []byte("null")
	}
	return raw
}

// outcome is what handling one hostile interaction did.
type outcome struct {
	answers   []hostileAnswer
	changes   []string
	wrote     bool
	panicked  bool
	decodeErr error
	log       string
}

// send hands raw to the bot's interaction handler and waits until the bot has done all it
// would for it.
func (x *hostile) send(t *testing.T, raw []byte) outcome {
	t.Helper()
	before := x.digest(t)
	logged := len(x.logs.String())
	x.tr.begin()
	decodeErr := bot.HandleRawInteraction(x.h.bot, raw)
	if err := bot.Settle(x.h.ctx, x.h.bot); err != nil {
		t.Fatalf("waiting for the bot to settle: %v", err)
	}
	answers, changes := x.tr.end()
	log := x.logs.String()[logged:]
	return outcome{answers: answers, changes: changes, wrote: x.digest(t) != before,
		panicked: strings.Contains(log, "panicked"), decodeErr: decodeErr, log: log}
}

// digest is everything the database holds but the shard leases (which the bot renews on its
// own).
func (x *hostile) digest(t *testing.T) string {
	t.Helper()
	rows, err := x.db.Query(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'shard_leases' ORDER BY name`)
	if err != nil {
		t.Fatalf("list tables: %v", err)
	}
	var tables []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		tables = append(tables, name)
	}
	rows.Close()
	var b strings.Builder
	for _, name := range tables {
		rows, err := x.db.Query(`SELECT * FROM "` + name + `"`)
		if err != nil {
			t.Fatalf("read %s: %v", name, err)
		}
		cols, _ := rows.Columns()
		var lines []string
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			lines = append(lines, fmt.Sprintf("%v", vals))
		}
		rows.Close()
		slices.Sort(lines)
		fmt.Fprintf(&b, "%s\n%s\n", name, strings.Join(lines, "\n"))
	}
	return b.String()
}

// quiet fails the test unless handling the interaction changed nothing: no panic, nothing
// written, no message posted or edited.
func (o outcome) quiet(t *testing.T) {
	t.Helper()
	if o.panicked {
		t.Errorf("the handler panicked:\n%s", tail(o.log, 3000))
	}
	if o.wrote {
		t.Errorf("the database changed")
	}
	if len(o.changes) > 0 {
		t.Errorf("the bot changed things at Discord: %v", o.changes)
	}
}

// messageFacts is what a hostile interaction's message says of itself: whether it is
// private, and whether it shows the control clicked.
type messageFacts struct{ private, carries bool }

// factsOf reads a message's flags and controls, as JSON, for the control customID (JSON).
func factsOf(message, customID []byte) messageFacts {
	var m struct {
		Flags      json.RawMessage   `json:"flags"`
		Components []json.RawMessage `json:"components"`
	}
	if json.Unmarshal(message, &m) != nil {
		return messageFacts{}
	}
	var flags int
	_ = json.Unmarshal(m.Flags, &flags)
	var id string
	if json.Unmarshal(customID, &id) != nil {
		return messageFacts{private: flags&fakediscord.FlagEphemeral != 0}
	}
	return messageFacts{private: flags&fakediscord.FlagEphemeral != 0, carries: controlIn(m.Components, id)}
}

// controlIn reports whether components (JSON) hold a control of that custom ID, at any
// depth.
func controlIn(components []json.RawMessage, id string) bool {
	for _, raw := range components {
		var c struct {
			CustomID   *string           `json:"custom_id"`
			Components []json.RawMessage `json:"components"`
		}
		if json.Unmarshal(raw, &c) != nil {
			continue
		}
		if c.CustomID != nil && *c.CustomID == id || controlIn(c.Components, id) {
			return true
		}
	}
	return false
}

// private fails the test unless the interaction was answered once at most, and only for its
// user: a message or deferred message marked ephemeral, suggestions or a form; or an update
// of the message clicked where that message is private or shows the control, and never a
// private view on a public message. Edits of the answer follow only a private answer.
func (o outcome) private(t *testing.T, msg messageFacts) {
	t.Helper()
	var callbacks, edits []hostileAnswer
	for _, a := range o.answers {
		if a.callback {
			callbacks = append(callbacks, a)
		} else {
			edits = append(edits, a)
		}
	}
	if len(callbacks) > 1 {
		t.Errorf("%d answers to one interaction", len(callbacks))
	}
	if len(callbacks) == 0 {
		if len(edits) > 0 {
			t.Errorf("edits of an answer never given: %v", edits)
		}
		return
	}
	var cb struct {
		Type int `json:"type"`
		Data struct {
			Content string `json:"content"`
			Flags   int    `json:"flags"`
		} `json:"data"`
	}
	if err := json.Unmarshal(callbacks[0].body, &cb); err != nil {
		t.Fatalf("answer %s: %v", callbacks[0].body, err)
	}
	ephemeral := cb.Data.Flags&fakediscord.FlagEphemeral != 0
	privately := false // the answer, and so its edits, are seen by its user alone
	switch cb.Type {
	case 4, 5:
		privately = ephemeral
		if !ephemeral {
			t.Errorf("a public answer: %s", callbacks[0].body)
		}
	case 6, 7:
		privately = msg.private
		if !msg.private && !msg.carries {
			t.Errorf("an update of a message that does not show the control clicked: %s", callbacks[0].body)
		}
		if !msg.private && strings.Contains(cb.Data.Content, "Your hand") {
			t.Errorf("a private view in place of a public message: %s", callbacks[0].body)
		}
	case 8, 9:
	default:
		t.Errorf("answer of type %d: %s", cb.Type, callbacks[0].body)
	}
	if len(edits) > 0 && !privately {
		t.Errorf("answer of type %d (ephemeral %v) to a message private %v edited afterwards: %v", cb.Type, ephemeral, msg.private, edits)
	}
}

// said is the content of the interaction's first answer.
func (o outcome) said() string {
	for _, a := range o.answers {
		var cb struct {
			Data struct {
				Content string `json:"content"`
			} `json:"data"`
		}
		if json.Unmarshal(a.body, &cb) == nil && a.callback {
			return cb.Data.Content
		}
	}
	return ""
}

// TestHostileInteractions: interactions that no Discord client sends, each handled without
// harm. One bot takes them all, one after the other (the harness's checks stop the test
// itself, so they are not subtests).
func TestHostileInteractions(t *testing.T) {
	t.Parallel()
	x := newHostile(t)
	x.testUndecodable(t)
	x.testPanic(t)
	x.testPrivateControl(t)
	x.testPublicKeepsPublic(t)
	x.testBadIDs(t)
}

// testBadIDs: an interaction whose user, server or channel ID is not a snowflake (empty, 0,
// a word, 23 digits, one past 64 bits) is refused privately and changes nothing: it cannot
// open a lobby or take a seat.
func (x *hostile) testBadIDs(t *testing.T) {
	join := []byte(`{"custom_id":` + strconvQuote(x.joinID()) + `,"component_type":2}`)
	newTable := []byte(`{"id":"1","name":"pinochle","type":1,"options":[{"name":"new","type":1,"options":[]}]}`)
	for _, bad := range []string{"", "0", "abc", "01234", "12345678901234567890123", "18446744073709551616", "-5", "12 34"} {
		for _, where := range []string{"user", "guild", "channel"} {
			user, guild, channel := fakediscord.User{ID: "4242424242", Username: "zed"}, x.h.guild, x.tb.thread
			switch where {
			case "user":
				user.ID = bad
			case "guild":
				if bad == "" {
					continue // no server: a direct message, refused as such
				}
				guild = bad
			case "channel":
				channel = bad
			}
			for _, p := range [][]byte{x.payloadAt(3, user, guild, channel, join, x.tableMsg), x.payloadAt(2, user, guild, channel, newTable, nil)} {
				o := x.send(t, p)
				o.quiet(t)
				o.private(t, messageFacts{})
				if s := o.said(); !strings.Contains(s, "could not tell who or where") {
					t.Errorf("%s ID %q: answered %q", where, bad, s)
				}
			}
		}
	}
}

// joinID is a custom ID of a Join button, as a lobby shows.
func (x *hostile) joinID() string {
	return commands.ID{Game: x.game, Action: commands.ActJoin}.String()
}

// strconvQuote quotes a string as JSON does.
func strconvQuote(s string) string { return string(mustJSON(nil, s)) }

// testUndecodable: interactions whose data discordgo cannot decode (a custom ID that is a
// number, a form whose components are no list, options that are no list) arrive through
// the gateway as discordgo passes them on, without their data. The bot answers each
// privately that it could not read it, and goes on serving.
func (x *hostile) testUndecodable(t *testing.T) {
	h := x.h
	x.tr.begin()
	for _, p := range [][]byte{
		x.payload(3, x.eve, []byte(`{"custom_id":5,"component_type":2}`), x.tableMsg),
		x.payload(5, x.eve, []byte(`{"custom_id":"x","components":"x"}`), x.view),
		x.payload(2, x.mia, []byte(`{"id":"1","name":"pinochle","type":1,"options":{"name":"settings"}}`), nil),
	} {
		if err := h.srv.Dispatch("INTERACTION_CREATE", json.RawMessage(p)); err != nil {
			t.Fatal(err)
		}
	}
	if err := x.tr.waitAnswers(h.ctx, 3); err != nil {
		t.Fatal(err)
	}
	answers, changes := x.tr.end()
	if len(changes) > 0 {
		t.Errorf("the bot changed things at Discord: %v", changes)
	}
	for _, a := range answers {
		o := outcome{answers: []hostileAnswer{a}}
		o.private(t, messageFacts{})
		if !strings.Contains(o.said(), "could not read") {
			t.Errorf("answer %s, want one saying it could not be read", a.body)
		}
	}
	if strings.Contains(x.logs.String(), "panicked") {
		t.Errorf("a handler panicked:\n%s", tail(x.logs.String(), 3000))
	}
	r, _ := h.slash(x.ana, h.channel, "pinochle", "rules")
	if len(r.Embeds) == 0 {
		t.Errorf("after the undecodable interactions /pinochle rules answered %q", r.Text())
	}
}

// testPanic: a panic in the handling of an interaction is recovered: it is logged with its
// stack, without the interaction's token, and the interaction is answered privately that
// something went wrong.
func (x *hostile) testPanic(t *testing.T) {
	raw := x.payload(3, x.eve, []byte(`{"custom_id":"x","component_type":2}`), x.tableMsg)
	var p struct {
		Token string `json:"token"`
	}
	if err := json.Unmarshal(raw, &p); err != nil {
		t.Fatal(err)
	}
	logged := len(x.logs.String())
	x.tr.begin()
	if err := bot.ServePanicking(x.h.bot, raw, "boom "+p.Token); err != nil {
		t.Fatal(err)
	}
	answers, _ := x.tr.end()
	o := outcome{answers: answers}
	o.private(t, messageFacts{})
	if !strings.Contains(o.said(), "Something went wrong") || len(answers) != 1 {
		t.Errorf("answers %v, want one saying something went wrong", answers)
	}
	log := x.logs.String()[logged:]
	if !strings.Contains(log, "panicked") || !strings.Contains(log, "boom <token>") || !strings.Contains(log, "goroutine") {
		t.Errorf("the log does not tell of the panic with its stack:\n%s", log)
	}
	if strings.Contains(log, p.Token) {
		t.Errorf("the log holds the interaction's token:\n%s", log)
	}
}

// testPrivateControl: ana's own move, sent as from the public table message that does not
// show it, or from her private view but as a component of another type (a text input), is
// refused privately and changes nothing: the public message is never replaced by her
// private view.
func (x *hostile) testPrivateControl(t *testing.T) {
	for _, c := range []struct {
		componentType int
		message       []byte
	}{{2, x.tableMsg}, {4, x.view}} {
		raw := x.payload(3, x.ana, fmt.Appendf(nil, `{"custom_id":%q,"component_type":%d}`, x.move, c.componentType), c.message)
		o := x.send(t, raw)
		o.quiet(t)
		o.private(t, factsOf(c.message, q(x.move)))
		if !strings.Contains(o.said(), "not one this bot made") {
			t.Errorf("ana's move as a component of type %d answered %q, want the refusal of a forged control", c.componentType, o.said())
		}
	}
}

// testPublicKeepsPublic: ana's Hint and move, shown on the public table message (the bot's
// token edited them in), are answered with new private messages: the hint comes in a
// private message of its own, the move is made and her view comes back privately, and the
// public message never shows her hand.
func (x *hostile) testPublicKeepsPublic(t *testing.T) {
	h, ana, tb, game := x.h, x.ana, x.tb, x.game
	_, view, _ := h.toAct(tb.thread, []fakediscord.User{ana})
	move, hint := choose(actionControls(view.Components)).CustomID, hintButton(view)
	if hint == "" {
		t.Fatalf("no Hint button on ana's turn: %v", labels(view.Components))
	}
	tm := h.waitTable(tb.thread)
	rows := append(slices.Clone(tm.Components), fakediscord.Component{Type: 1, Components: []fakediscord.Component{button(hint), button(move)}})
	h.botRequest("PATCH", "/channels/"+tb.thread+"/messages/"+tm.ID, map[string]any{"components": rows}, nil)
	moves := h.logLen(game)

	hd, err := h.srv.Click(ana, tm.ID, hint)
	r := h.wait(hd, err)
	if r.Type != 5 || !r.Ephemeral {
		t.Errorf("Hint on the public message answered type %d ephemeral %v, want a private deferral (5)", r.Type, r.Ephemeral)
	}
	if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool {
		m, ok := hd.Original()
		return ok && strings.Contains(m.Text(), "Hint:")
	}); err != nil {
		t.Errorf("the hint never came privately: %v", err)
	}
	r = h.click(ana, tm.ID, move)
	if r.Type != 4 || !r.Ephemeral || !strings.Contains(r.Text(), "Your hand") {
		t.Errorf("the move on the public message answered type %d ephemeral %v: %q; want her view in a new private message", r.Type, r.Ephemeral, r.Text())
	}
	h.settle()
	if got := h.logLen(game); got <= moves {
		t.Errorf("the log has %d actions, as before: the move was not made", got)
	}
	for _, e := range h.srv.Edits() {
		if e.MessageID == tm.ID && (e.After.Ephemeral() || strings.Contains(e.After.Text(), "Your hand") || strings.Contains(e.After.Text(), "Hint")) {
			t.Errorf("the public table message was edited (%s) into a private view: %q", e.Via, e.After.Text())
		}
	}
	if m := h.message(tm.ID); !strings.HasPrefix(m.Text(), "## Pinochle · ") {
		t.Errorf("the public table message no longer shows the table: %q %s", m.Text(), jsonOf(m.Embeds))
	}
}
