package fakediscord

import (
	"bytes"
	"compress/zlib"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/gorilla/websocket"
)

// Gateway intents the fake honours when echoing events.
const (
	intentGuilds         = 1 << 0
	intentGuildMessages  = 1 << 9
	intentDirectMessages = 1 << 12
	intentMessageContent = 1 << 15
)

// Gateway opcodes.
const (
	opDispatch       = 0
	opHeartbeat      = 1
	opIdentify       = 2
	opPresenceUpdate = 3
	opVoiceState     = 4
	opResume         = 6
	opReconnect      = 7
	opRequestMembers = 8
	opInvalidSession = 9
	opHello          = 10
	opHeartbeatACK   = 11
)

// maxSessionLog is how many dispatches a session keeps for RESUME replay.
const maxSessionLog = 1000

type gwEvent struct {
	seq  int64
	name string
	data json.RawMessage
}

// gwSession is a gateway session: it outlives its connection so that a
// client can RESUME and receive what it missed.
type gwSession struct {
	id      string
	seq     int64
	log     []gwEvent
	conn    *gwConn // nil while disconnected
	intents int
	invalid bool // RESUME is refused
	// shard and shards are the session's shard and the count it was identified with
	// (0 of 1 when it sent none): it receives the events of the guilds of its shard.
	shard, shards int
}

// ShardOf returns the shard that receives a guild's events when a bot runs count shards:
// Discord's (guild_id >> 22) % count. Events without a guild (direct messages) go to
// shard 0.
func ShardOf(guildID string, count int) int {
	if count <= 1 || guildID == "" {
		return 0
	}
	id, err := strconv.ParseUint(guildID, 10, 64)
	if err != nil {
		return 0
	}
	return int((id >> 22) % uint64(count))
}

// owns reports whether a session receives the events of a guild ("" for none).
func (sess *gwSession) owns(guildID string) bool {
	return ShardOf(guildID, sess.shards) == sess.shard
}

type gwFrame struct {
	kind int // websocket.TextMessage, BinaryMessage or CloseMessage
	data []byte
}

// gwConn is one websocket connection.
type gwConn struct {
	ws       *websocket.Conn
	out      chan gwFrame
	done     chan struct{} // closed when the writer has stopped
	session  *gwSession
	compress bool
	closed   bool // out is closed
	dropped  bool // the server cut the connection on purpose
}

func (c *gwConn) closeLocked() {
	if !c.closed {
		c.closed = true
		close(c.out)
	}
}

var upgrader = websocket.Upgrader{
	CheckOrigin: func(*http.Request) bool { return true },
}

func (s *Server) handleGateway(w http.ResponseWriter, r *http.Request) {
	if !s.enter() {
		http.Error(w, "server closed", http.StatusServiceUnavailable)
		return
	}
	defer s.leave()
	q := r.URL.Query()
	ws, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		s.logf("gateway upgrade: %v", err)
		return
	}
	c := &gwConn{ws: ws, out: make(chan gwFrame, 4096), done: make(chan struct{})}
	go c.writeLoop()

	s.mu.Lock()
	s.conns[c] = struct{}{}
	if v := q.Get("v"); v != "9" {
		s.problemLocked("gateway dialled with v=%q, want 9", v)
	}
	if enc := q.Get("encoding"); enc != "" && enc != "json" {
		s.problemLocked("gateway dialled with encoding=%q, want json", enc)
	}
	s.sendOpLocked(c, opHello, map[string]any{"heartbeat_interval": s.opts.HeartbeatInterval.Milliseconds()})
	s.unlockNotify()

	closeCode := 0
	for {
		_, data, err := ws.ReadMessage()
		if err != nil {
			var ce *websocket.CloseError
			if errors.As(err, &ce) {
				closeCode = ce.Code
			}
			break
		}
		if !s.handleGatewayPayload(c, data) {
			break
		}
	}

	s.mu.Lock()
	c.closeLocked()
	delete(s.conns, c)
	if sess := c.session; sess != nil && sess.conn == c {
		sess.conn = nil
		// Discord invalidates a session its client closed with 1000 or 1001.
		if !c.dropped && (closeCode == websocket.CloseNormalClosure || closeCode == websocket.CloseGoingAway) {
			delete(s.sessions, sess.id)
		}
	}
	s.unlockNotify()
	<-c.done
}

// writeLoop sends queued frames until the queue is closed, then closes the
// connection.
func (c *gwConn) writeLoop() {
	defer close(c.done)
	defer c.ws.Close()
	for f := range c.out {
		var err error
		if f.kind == websocket.CloseMessage {
			err = c.ws.WriteControl(websocket.CloseMessage, f.data, time.Now().Add(time.Second))
		} else {
			err = c.ws.WriteMessage(f.kind, f.data)
		}
		if err != nil {
			c.ws.Close()
			for range c.out {
			}
			return
		}
	}
}

type gatewayPayload struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
}

// handleGatewayPayload handles one client payload; false ends the
// connection.
func (s *Server) handleGatewayPayload(c *gwConn, data []byte) bool {
	var p gatewayPayload
	if err := json.Unmarshal(data, &p); err != nil {
		s.mu.Lock()
		s.problemLocked("gateway: undecodable payload %q: %v", data, err)
		s.closeWithLocked(c, 4002, "Decode error")
		s.unlockNotify()
		return false
	}
	s.mu.Lock()
	defer s.unlockNotify()
	switch p.Op {
	case opHeartbeat:
		s.heartbeats++
		s.sendOpLocked(c, opHeartbeatACK, nil)
	case opIdentify:
		return s.identifyLocked(c, p.D)
	case opResume:
		return s.resumeLocked(c, p.D)
	case opPresenceUpdate, opVoiceState, opRequestMembers:
		if c.session == nil {
			s.closeWithLocked(c, 4003, "Not authenticated")
			return false
		}
		s.logf("gateway: op %d ignored", p.Op)
	default:
		s.problemLocked("gateway: unknown opcode %d", p.Op)
		s.closeWithLocked(c, 4001, "Unknown opcode")
		return false
	}
	return true
}

func (s *Server) tokenOK(token string) bool {
	return token == s.opts.Token || token == "Bot "+s.opts.Token
}

func (s *Server) identifyLocked(c *gwConn, raw json.RawMessage) bool {
	var d struct {
		Token    string  `json:"token"`
		Intents  *int    `json:"intents"`
		Compress bool    `json:"compress"`
		Shard    *[2]int `json:"shard"`
	}
	if err := json.Unmarshal(raw, &d); err != nil {
		s.problemLocked("gateway: bad IDENTIFY %s: %v", raw, err)
		s.closeWithLocked(c, 4002, "Decode error")
		return false
	}
	if c.session != nil {
		s.problemLocked("gateway: IDENTIFY sent twice on one connection")
		s.closeWithLocked(c, 4005, "Already authenticated")
		return false
	}
	if !s.tokenOK(d.Token) {
		s.problemLocked("gateway: IDENTIFY with wrong token")
		s.closeWithLocked(c, 4004, "Authentication failed")
		return false
	}
	if d.Intents == nil {
		s.problemLocked("gateway: IDENTIFY without intents")
		s.closeWithLocked(c, 4013, "Invalid intent(s)")
		return false
	}
	sess := &gwSession{id: randomToken(), conn: c, intents: *d.Intents, shards: 1}
	if d.Shard != nil {
		id, count := d.Shard[0], d.Shard[1]
		if count < 1 || id < 0 || id >= count {
			s.problemLocked("gateway: IDENTIFY with shard [%d, %d]", id, count)
			s.closeWithLocked(c, 4010, "Invalid shard")
			return false
		}
		sess.shard, sess.shards = id, count
	}
	if !s.identifyAllowedLocked(c, sess.shard) {
		return true // the client gets op 9 and may identify again later
	}
	if d.Shard != nil {
		s.shardIdentifies[[2]int{sess.shard, sess.shards}]++
	}
	s.sessions[sess.id] = sess
	c.session = sess
	c.compress = d.Compress
	s.identifies++
	s.intents = *d.Intents

	guilds := make([]map[string]any, 0, len(s.guildOrder))
	for _, id := range s.guildOrder {
		if sess.owns(id) {
			guilds = append(guilds, map[string]any{"id": id, "unavailable": true})
		}
	}
	ready := map[string]any{
		"v":                  9,
		"user":               s.bot,
		"session_id":         sess.id,
		"session_type":       "normal",
		"resume_gateway_url": s.GatewayURL(),
		"application":        map[string]any{"id": s.appID, "flags": 0},
		"guilds":             guilds,
		"private_channels":   []any{},
	}
	if d.Shard != nil {
		ready["shard"] = *d.Shard
	}
	s.sendDispatchLocked(sess, "READY", mustJSON(ready))
	for _, id := range s.guildOrder {
		if sess.owns(id) {
			s.sendDispatchLocked(sess, "GUILD_CREATE", mustJSON(s.guildCreateLocked(id)))
		}
	}
	s.logf("gateway: session %s identified (intents %d, shard %d of %d)", sess.id, sess.intents, sess.shard, sess.shards)
	return true
}

func (s *Server) resumeLocked(c *gwConn, raw json.RawMessage) bool {
	var d struct {
		Token     string `json:"token"`
		SessionID string `json:"session_id"`
		Seq       int64  `json:"seq"`
	}
	if err := json.Unmarshal(raw, &d); err != nil {
		s.problemLocked("gateway: bad RESUME %s: %v", raw, err)
		s.closeWithLocked(c, 4002, "Decode error")
		return false
	}
	if !s.tokenOK(d.Token) {
		s.problemLocked("gateway: RESUME with wrong token")
		s.closeWithLocked(c, 4004, "Authentication failed")
		return false
	}
	sess := s.sessions[d.SessionID]
	if sess == nil || sess.invalid || d.Seq > sess.seq || (len(sess.log) > 0 && d.Seq < sess.log[0].seq-1) {
		s.logf("gateway: RESUME of session %s refused", d.SessionID)
		s.sendOpLocked(c, opInvalidSession, false)
		return true
	}
	if old := sess.conn; old != nil && old != c {
		old.dropped = true
		s.closeWithLocked(old, 4009, "Session timed out")
	}
	sess.conn = c
	c.session = sess
	for _, ev := range sess.log {
		if ev.seq > d.Seq {
			s.enqueueLocked(c, dispatchFrame(ev))
		}
	}
	s.resumes++
	s.sendDispatchLocked(sess, "RESUMED", mustJSON(map[string]any{"_trace": []string{"fakediscord"}}))
	s.logf("gateway: session %s resumed from seq %d", sess.id, d.Seq)
	return true
}

func (s *Server) guildCreateLocked(id string) map[string]any {
	g := s.guildLocked(id)
	threads := []Channel{}
	for _, c := range s.sortedChannelsLocked() {
		if c.GuildID == id && c.ThreadMetadata != nil && !c.ThreadMetadata.Archived && !c.Deleted {
			threads = append(threads, cloneChannel(*c))
		}
	}
	return map[string]any{
		"id":           g.ID,
		"name":         g.Name,
		"channels":     g.Channels,
		"threads":      threads,
		"members":      []any{},
		"roles":        []any{},
		"emojis":       []any{},
		"unavailable":  false,
		"member_count": len(s.users),
		"large":        false,
		"owner_id":     s.bot.ID,
		"joined_at":    s.now().UTC().Format(time.RFC3339),
	}
}

// sendOpLocked queues a non-dispatch payload on one connection.
func (s *Server) sendOpLocked(c *gwConn, op int, d any) {
	b := mustJSON(map[string]any{"op": op, "d": d, "s": nil, "t": nil})
	s.enqueueLocked(c, gwFrame{kind: websocket.TextMessage, data: b})
}

// sendDispatchLocked gives an event the session's next sequence number,
// logs it for replay and sends it if the session is connected.
func (s *Server) sendDispatchLocked(sess *gwSession, name string, data json.RawMessage) {
	sess.seq++
	ev := gwEvent{seq: sess.seq, name: name, data: data}
	sess.log = append(sess.log, ev)
	if len(sess.log) > maxSessionLog {
		sess.log = append([]gwEvent(nil), sess.log[len(sess.log)-maxSessionLog:]...)
	}
	if sess.conn != nil {
		s.enqueueLocked(sess.conn, dispatchFrame(ev))
	}
}

func dispatchFrame(ev gwEvent) gwFrame {
	b := mustJSON(map[string]any{"op": opDispatch, "d": ev.data, "s": ev.seq, "t": ev.name})
	return gwFrame{kind: websocket.TextMessage, data: b}
}

// enqueueLocked queues a frame, compressing it if the connection asked for
// compression. A connection whose queue is full is closed.
func (s *Server) enqueueLocked(c *gwConn, f gwFrame) {
	if c.closed {
		return
	}
	if c.compress && f.kind == websocket.TextMessage {
		var buf bytes.Buffer
		zw := zlib.NewWriter(&buf)
		zw.Write(f.data)
		zw.Close()
		f = gwFrame{kind: websocket.BinaryMessage, data: buf.Bytes()}
	}
	select {
	case c.out <- f:
	default:
		s.problemLocked("gateway: client not reading; connection closed")
		c.dropped = true
		c.closeLocked()
		c.ws.Close()
	}
}

// closeWithLocked sends a close frame and closes the connection.
func (s *Server) closeWithLocked(c *gwConn, code int, text string) {
	s.enqueueLocked(c, gwFrame{kind: websocket.CloseMessage, data: websocket.FormatCloseMessage(code, text)})
	c.closeLocked()
}

// dispatchLocked sends an event to every live session whose intents include
// intent (0 = always).
func (s *Server) dispatchLocked(name string, data any, intent int) {
	b := mustJSON(data)
	for _, sess := range s.sessions {
		if intent == 0 || sess.intents&intent != 0 {
			s.sendDispatchLocked(sess, name, b)
		}
	}
}

// dispatchGuildLocked sends a guild's event ("" for a direct message's) to the live
// sessions of the guild's shard whose intents include intent (0 = always), as Discord
// routes events to shards. It returns how many sessions it reached.
func (s *Server) dispatchGuildLocked(guildID, name string, data any, intent int) int {
	b := mustJSON(data)
	n := 0
	for _, sess := range s.sessions {
		if sess.owns(guildID) && (intent == 0 || sess.intents&intent != 0) {
			s.sendDispatchLocked(sess, name, b)
			n++
		}
	}
	return n
}

// ShardIdentifies returns how many times each shard [id, count] was identified.
func (s *Server) ShardIdentifies() map[[2]int]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[[2]int]int, len(s.shardIdentifies))
	for k, v := range s.shardIdentifies {
		out[k] = v
	}
	return out
}

// AddGuildOnShard creates a guild whose events go to shard id of count, and sends
// GUILD_CREATE to that shard's sessions.
func (s *Server) AddGuildOnShard(name string, id, count int) Guild {
	s.mu.Lock()
	defer s.unlockNotify()
	// A snowflake's shard is its millisecond modulo count: take the next millisecond (from
	// the fresh id's) that falls on the shard.
	fresh, _ := strconv.ParseUint(s.newIDLocked(), 10, 64)
	ms := fresh >> 22
	if fresh&(1<<22-1) != 0 {
		ms++
	}
	for int(ms%uint64(max(count, 1))) != id%max(count, 1) {
		ms++
	}
	s.lastID = ms << 22
	g := &Guild{ID: strconv.FormatUint(ms<<22, 10), Name: name}
	s.guilds[g.ID] = g
	s.guildOrder = append(s.guildOrder, g.ID)
	s.dispatchGuildLocked(g.ID, "GUILD_CREATE", s.guildCreateLocked(g.ID), intentGuilds)
	return s.guildLocked(g.ID)
}

// Dispatch sends an arbitrary gateway event (op 0) to every session,
// connected or waiting to resume.
func (s *Server) Dispatch(event string, data any) error {
	b, err := json.Marshal(data)
	if err != nil {
		return fmt.Errorf("fakediscord: marshal %s: %w", event, err)
	}
	s.mu.Lock()
	defer s.unlockNotify()
	s.dispatchLocked(event, json.RawMessage(b), 0)
	return nil
}

// DropConnections cuts every gateway connection without a close frame, as
// a network failure would. Sessions stay resumable: discordgo reconnects on
// its own and sends RESUME.
//
// discordgo v0.29 runs READY's and RESUMED's handlers before it starts a
// connection's heartbeat, and a heartbeat started on a connection already cut
// closes the session's next connection with code 1000, which ends the session.
// Cut a connection only once discordgo has sent its first heartbeat on it
// (see Heartbeats), which it does as soon as the connection is complete.
func (s *Server) DropConnections() {
	s.mu.Lock()
	defer s.unlockNotify()
	for c := range s.conns {
		c.dropped = true
		if c.session != nil && c.session.conn == c {
			c.session.conn = nil
		}
		c.closeLocked()
		c.ws.Close()
	}
}

// RequestReconnect sends op 7 (Reconnect) on every connection; discordgo
// closes and resumes.
func (s *Server) RequestReconnect() {
	s.mu.Lock()
	defer s.unlockNotify()
	for c := range s.conns {
		s.sendOpLocked(c, opReconnect, nil)
	}
}

// InvalidateSessions makes every existing session refuse RESUME (the client
// then gets op 9 and must IDENTIFY again). Connected sessions keep working.
func (s *Server) InvalidateSessions() {
	s.mu.Lock()
	defer s.unlockNotify()
	for _, sess := range s.sessions {
		sess.invalid = true
	}
}

// Identifies returns how many IDENTIFYs the gateway accepted.
func (s *Server) Identifies() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.identifies
}

// Resumes returns how many RESUMEs the gateway accepted.
func (s *Server) Resumes() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.resumes
}

// Heartbeats returns how many heartbeats the gateway acknowledged.
func (s *Server) Heartbeats() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.heartbeats
}

// Intents returns the intents of the last accepted IDENTIFY.
func (s *Server) Intents() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.intents
}

// Connected returns how many sessions have a live connection.
func (s *Server) Connected() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, sess := range s.sessions {
		if sess.conn != nil {
			n++
		}
	}
	return n
}

func mustJSON(v any) json.RawMessage {
	if raw, ok := v.(json.RawMessage); ok {
		return raw
	}
	b, err := json.Marshal(v)
	if err != nil {
		// Only the fake's own types reach here; they always marshal.
		return json.RawMessage(fmt.Sprintf("{%q:%q}", "fakediscord_error", err.Error()))
	}
	return b
}
