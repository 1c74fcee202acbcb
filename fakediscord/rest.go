package fakediscord

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"
)

const apiPrefix = "/api/v9"

// routes builds the HTTP handler: the gateway websocket at /ws and the REST
// API under /api/v9.
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /ws", s.handleGateway)
	mux.HandleFunc("GET /ws/", s.handleGateway)
	route := func(pattern string, auth bool, h http.HandlerFunc) {
		method, path, _ := strings.Cut(pattern, " ")
		mux.Handle(method+" "+apiPrefix+path, s.api(auth, h))
	}
	route("GET /gateway", false, s.getGateway)
	route("GET /gateway/bot", true, s.getGatewayBot)
	route("GET /users/@me", true, s.getMe)
	route("GET /oauth2/applications/@me", true, s.getApplication)
	route("GET /users/{uid}", true, s.getUser)
	route("POST /users/@me/channels", true, s.createDM)
	route("GET /applications/{app}/commands", true, s.getCommands)
	route("PUT /applications/{app}/commands", true, s.putCommands)
	route("GET /applications/{app}/guilds/{guild}/commands", true, s.getCommands)
	route("PUT /applications/{app}/guilds/{guild}/commands", true, s.putCommands)
	route("GET /applications/{app}/emojis", true, s.listAppEmojis)
	route("POST /applications/{app}/emojis", true, s.createAppEmoji)
	route("GET /applications/{app}/emojis/{eid}", true, s.getAppEmoji)
	route("PATCH /applications/{app}/emojis/{eid}", true, s.patchAppEmoji)
	route("DELETE /applications/{app}/emojis/{eid}", true, s.deleteAppEmoji)
	route("GET /guilds/{gid}/members/{uid}", true, s.getMember)
	route("GET /guilds/{gid}/scheduled-events", true, s.listScheduled)
	route("POST /guilds/{gid}/scheduled-events", true, s.createScheduled)
	route("PATCH /guilds/{gid}/scheduled-events/{eid}", true, s.patchScheduled)
	route("GET /channels/{cid}", true, s.getChannel)
	route("PATCH /channels/{cid}", true, s.patchChannel)
	route("GET /channels/{cid}/messages", true, s.listMessages)
	route("POST /channels/{cid}/messages", true, s.postMessage)
	route("GET /channels/{cid}/messages/{mid}", true, s.getMessage)
	route("PATCH /channels/{cid}/messages/{mid}", true, s.patchMessage)
	route("DELETE /channels/{cid}/messages/{mid}", true, s.deleteMessage)
	route("PUT /channels/{cid}/messages/pins/{mid}", true, s.pinMessage)
	route("DELETE /channels/{cid}/messages/pins/{mid}", true, s.unpinMessage)
	// The deprecated routes, which discordgo v0.29 uses, still work on Discord, under the
	// same permission.
	route("PUT /channels/{cid}/pins/{mid}", true, s.pinMessage)
	route("DELETE /channels/{cid}/pins/{mid}", true, s.unpinMessage)
	route("POST /channels/{cid}/messages/{mid}/threads", true, s.startThreadFromMessage)
	route("POST /channels/{cid}/threads", true, s.startThread)
	route("PUT /channels/{cid}/thread-members/{uid}", true, s.addThreadMember)
	route("DELETE /channels/{cid}/thread-members/{uid}", true, s.removeThreadMember)
	route("POST /interactions/{iid}/{token}/callback", false, s.interactionCallback)
	route("GET /webhooks/{app}/{token}/messages/{mid}", false, s.getWebhookMessage)
	route("PATCH /webhooks/{app}/{token}/messages/{mid}", false, s.patchWebhookMessage)
	route("DELETE /webhooks/{app}/{token}/messages/{mid}", false, s.deleteWebhookMessage)
	route("POST /webhooks/{app}/{token}", false, s.postFollowup)
	mux.Handle("/", s.api(false, s.notFound))
	return mux
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *statusRecorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	return r.ResponseWriter.Write(b)
}

// api wraps a REST handler: it tracks the request for Close, checks the
// bot token when auth is set, and records the request.
func (s *Server) api(auth bool, h http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.enter() {
			http.Error(w, "server closed", http.StatusServiceUnavailable)
			return
		}
		defer s.leave()
		rec := &statusRecorder{ResponseWriter: w}
		switch {
		case auth && r.Header.Get("Authorization") != "Bot "+s.opts.Token:
			s.mu.Lock()
			s.problemLocked("%s %s: missing or wrong Authorization header (want \"Bot <token>\")", r.Method, r.URL.Path)
			s.mu.Unlock()
			apiError(rec, http.StatusUnauthorized, 0, "401: Unauthorized")
		case !s.specAllows(rec, r):
		case s.rateLimited(rec, r):
		default:
			if f := s.takeFault(r); f != nil {
				if f.Applied {
					h(&discardWriter{h: http.Header{}}, r)
				}
				apiError(rec, f.Status, 0, fmt.Sprintf("%d: injected fault", f.Status))
				break
			}
			h(rec, r)
		}
		s.mu.Lock()
		s.requests = append(s.requests, Request{Method: r.Method, Path: r.URL.Path, Status: rec.status, At: s.now()})
		s.logf("%s %s → %d", r.Method, r.URL.RequestURI(), rec.status)
		s.unlockNotify()
	})
}

// rateLimited answers a request with 429 when a rate limit applies to it.
func (s *Server) rateLimited(w http.ResponseWriter, r *http.Request) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.rateLimitedLocked(w, r)
}

// specAllows holds a request to Discord's OpenAPI document (Options.Spec), if the fake has
// one: it records what breaks the document as problems and answers as Discord would, and
// notes what the document does not define. The request's body stays readable.
func (s *Server) specAllows(w http.ResponseWriter, r *http.Request) bool {
	sp := s.opts.Spec
	path, ok := strings.CutPrefix(r.URL.Path, apiPrefix)
	if sp == nil || !ok {
		return true
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxFiles*maxFileSize+1<<20))
	if err != nil {
		s.badBody(w, r, err)
		return false
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	c := sp.check(r.Method, path, r.URL.Query(), r.Header.Get("Content-Type"), body)
	s.mu.Lock()
	for _, n := range c.notes {
		if !s.undefinedSeen[n] {
			s.undefinedSeen[n] = true
			s.undefined = append(s.undefined, n)
			s.logf("not in Discord's OpenAPI document: %s", n)
		}
	}
	for _, p := range c.problems {
		s.problemLocked("%s %s: %s (Discord's OpenAPI document)", r.Method, r.URL.Path, p)
	}
	s.mu.Unlock()
	switch c.status {
	case 0:
		return true
	case http.StatusNotFound:
		apiError(w, http.StatusNotFound, 0, "404: Not Found")
	case http.StatusMethodNotAllowed:
		apiError(w, http.StatusMethodNotAllowed, 0, "405: Method Not Allowed")
	default:
		invalidForm(w, c.problems)
	}
	return false
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(b)
}

// apiError writes a Discord JSON error.
func apiError(w http.ResponseWriter, status, code int, message string) {
	writeJSON(w, status, map[string]any{"message": message, "code": code})
}

// invalidForm writes Discord's 50035 "Invalid Form Body" with the fake's
// explanations.
func invalidForm(w http.ResponseWriter, violations []string) {
	errs := make([]map[string]string, len(violations))
	for i, v := range violations {
		errs[i] = map[string]string{"code": "FAKEDISCORD_LIMIT", "message": v}
	}
	writeJSON(w, http.StatusBadRequest, map[string]any{
		"message": "Invalid Form Body",
		"code":    50035,
		"errors":  map[string]any{"_errors": errs},
	})
}

// readJSON decodes a JSON request body into v.
func readJSON(r *http.Request, v any) error {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "application/json" {
		return fmt.Errorf("content type %q is not application/json (this route takes no files)", r.Header.Get("Content-Type"))
	}
	b, err := io.ReadAll(io.LimitReader(r.Body, 8<<20))
	if err != nil {
		return fmt.Errorf("read body: %w", err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("decode body: %w", err)
	}
	return nil
}

// badBody answers a request whose body could not be read and records it.
func (s *Server) badBody(w http.ResponseWriter, r *http.Request, err error) {
	s.mu.Lock()
	s.problemLocked("%s %s: %v", r.Method, r.URL.Path, err)
	s.mu.Unlock()
	apiError(w, http.StatusBadRequest, 50109, "The request body contains invalid JSON.")
}

// refuseLocked records violations as problems and answers 400 50035.
func (s *Server) refuseLocked(w http.ResponseWriter, r *http.Request, violations []string) {
	for _, v := range violations {
		s.problemLocked("%s %s: %s", r.Method, r.URL.Path, v)
	}
	invalidForm(w, violations)
}

func (s *Server) notFound(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.problemLocked("unknown route %s %s", r.Method, r.URL.Path)
	s.mu.Unlock()
	apiError(w, http.StatusNotFound, 0, "404: Not Found")
}

func (s *Server) getGateway(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"url": s.GatewayURL()})
}

func (s *Server) getGatewayBot(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.refreshStartsLocked()
	limit := map[string]any{
		"total": s.opts.SessionStarts, "remaining": s.startsLeft,
		"reset_after": s.startsReset.Sub(s.now()).Milliseconds(), "max_concurrency": s.maxConcurrency(),
	}
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{"url": s.GatewayURL(), "shards": max(s.opts.Shards, 1), "session_start_limit": limit})
}

// maxConcurrency is the max_concurrency GET /gateway/bot reports.
func (s *Server) maxConcurrency() int {
	if s.opts.MaxConcurrency > 0 {
		return s.opts.MaxConcurrency
	}
	return max(s.opts.Shards, 1)
}

// identifyWindow is the window of max_concurrency IDENTIFYs.
const identifyWindow = 5 * time.Second

// refreshStartsLocked starts a new day of session starts once the last one has ended.
func (s *Server) refreshStartsLocked() {
	if now := s.now(); !now.Before(s.startsReset) {
		s.startsLeft = s.opts.SessionStarts
		s.startsReset = now.Add(24 * time.Hour)
	}
}

// identifyAllowedLocked takes an IDENTIFY from the session starts left and, with
// Options.MaxConcurrency, in its bucket (shard % max_concurrency, one per 5 seconds); when
// either is spent it records a problem and invalidates the session (op 9), as Discord does.
func (s *Server) identifyAllowedLocked(c *gwConn, shard int) bool {
	s.refreshStartsLocked()
	now := s.now()
	bucket := shard % s.maxConcurrency()
	last, seen := s.identifyAt[bucket]
	switch {
	case s.startsLeft <= 0:
		s.problemLocked("gateway: IDENTIFY of shard %d with no session starts left (they reset in %v)", shard, s.startsReset.Sub(now))
	case s.opts.MaxConcurrency > 0 && seen && now.Sub(last) < identifyWindow:
		s.problemLocked("gateway: IDENTIFY of shard %d %v after the last one in its bucket %d (max_concurrency %d: one per %v)",
			shard, now.Sub(last), bucket, s.opts.MaxConcurrency, identifyWindow)
	default:
		s.identifyAt[bucket] = now
		s.startsLeft--
		return true
	}
	s.sendOpLocked(c, opInvalidSession, false)
	return false
}

func (s *Server) getMe(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, s.bot)
}

// getApplication answers with the bot's application: its ID, which for old applications
// differs from the bot user's.
func (s *Server) getApplication(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	app := map[string]any{"id": s.appID, "name": s.bot.Username, "bot": s.bot}
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, app)
}

func (s *Server) getUser(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	u, ok := s.users[r.PathValue("uid")]
	s.mu.Unlock()
	if !ok {
		apiError(w, http.StatusNotFound, 10013, "Unknown User")
		return
	}
	writeJSON(w, http.StatusOK, u)
}

func (s *Server) createDM(w http.ResponseWriter, r *http.Request) {
	var body struct {
		RecipientID string `json:"recipient_id"`
	}
	if err := readJSON(r, &body); err != nil {
		s.badBody(w, r, err)
		return
	}
	s.mu.Lock()
	defer s.unlockNotify()
	u, ok := s.users[body.RecipientID]
	if !ok || u.Bot {
		apiError(w, http.StatusBadRequest, 50033, "Invalid Recipient(s)")
		return
	}
	id, ok := s.dmChannel[u.ID]
	if !ok {
		c := &Channel{ID: s.newIDLocked(), Type: ChannelTypeDM, Recipients: []User{u}}
		s.channels[c.ID] = c
		s.dmChannel[u.ID] = c.ID
		id = c.ID
	}
	writeJSON(w, http.StatusOK, s.channels[id])
}

func (s *Server) checkAppLocked(w http.ResponseWriter, r *http.Request) bool {
	if r.PathValue("app") != s.appID {
		s.problemLocked("%s %s: unknown application %s (want %s)", r.Method, r.URL.Path, r.PathValue("app"), s.appID)
		apiError(w, http.StatusNotFound, 10002, "Unknown Application")
		return false
	}
	if g := r.PathValue("guild"); g != "" {
		if _, ok := s.guilds[g]; !ok {
			apiError(w, http.StatusNotFound, 10004, "Unknown Guild")
			return false
		}
	}
	return true
}

func (s *Server) getCommands(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.checkAppLocked(w, r) {
		return
	}
	cmds := s.commands[r.PathValue("guild")]
	if cmds == nil {
		cmds = []Command{}
	}
	writeJSON(w, http.StatusOK, cmds)
}

func (s *Server) putCommands(w http.ResponseWriter, r *http.Request) {
	var cmds []Command
	if err := readJSON(r, &cmds); err != nil {
		s.badBody(w, r, err)
		return
	}
	s.mu.Lock()
	defer s.unlockNotify()
	if !s.checkAppLocked(w, r) {
		return
	}
	guild := r.PathValue("guild")
	for i := range cmds {
		if cmds[i].Type == 0 {
			cmds[i].Type = 1
		}
	}
	if v := checkCommands(cmds); len(v) > 0 {
		s.refuseLocked(w, r, v)
		return
	}
	old := map[string]string{}
	for _, c := range s.commands[guild] {
		old[strconv.Itoa(c.Type)+"/"+c.Name] = c.ID
	}
	out := make([]Command, len(cmds))
	for i, c := range cmds {
		c.ID = old[strconv.Itoa(c.Type)+"/"+c.Name]
		if c.ID == "" {
			c.ID = s.newIDLocked()
		}
		c.ApplicationID = s.appID
		c.GuildID = guild
		c.Version = s.newIDLocked()
		out[i] = c
	}
	s.commands[guild] = out
	writeJSON(w, http.StatusOK, out)
}

// channelLocked returns a live channel or answers 404 Unknown Channel. A thread idle for
// its auto-archive duration is archived first, as Discord does.
func (s *Server) channelLocked(w http.ResponseWriter, id string) *Channel {
	c, ok := s.channels[id]
	if !ok || c.Deleted {
		apiError(w, http.StatusNotFound, 10003, "Unknown Channel")
		return nil
	}
	s.autoArchiveLocked(c)
	return c
}

// autoArchiveLocked archives a thread that has been idle (no message, no change of its
// archived state since it was made) for its auto-archive duration, on the fake's clock.
func (s *Server) autoArchiveLocked(c *Channel) {
	tm := c.ThreadMetadata
	if tm == nil || tm.Archived || tm.AutoArchiveDuration <= 0 {
		return
	}
	last := tm.ArchiveTimestamp
	for _, id := range []string{c.ID, c.LastMessageID} {
		if t, ok := snowflakeTime(id); ok && t.After(last) {
			last = t
		}
	}
	at := last.Add(time.Duration(tm.AutoArchiveDuration) * time.Minute)
	if s.now().Before(at) {
		return
	}
	after := cloneChannel(*c)
	after.ThreadMetadata.Archived = true
	after.ThreadMetadata.ArchiveTimestamp = at.UTC()
	s.commitChannelLocked(c, after)
}

// snowflakeTime returns when a snowflake ID was made.
func snowflakeTime(id string) (time.Time, bool) {
	n, err := strconv.ParseUint(id, 10, 64)
	if err != nil || id == "" {
		return time.Time{}, false
	}
	return time.UnixMilli(int64(n>>22) + discordEpoch), true
}

func (s *Server) getChannel(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c := s.channelLocked(w, r.PathValue("cid")); c != nil {
		writeJSON(w, http.StatusOK, c)
	}
}

func (s *Server) patchChannel(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Name                *string `json:"name"`
		Archived            *bool   `json:"archived"`
		Locked              *bool   `json:"locked"`
		AutoArchiveDuration *int    `json:"auto_archive_duration"`
		Invitable           *bool   `json:"invitable"`
		RateLimitPerUser    *int    `json:"rate_limit_per_user"`
	}
	if err := readJSON(r, &body); err != nil {
		s.badBody(w, r, err)
		return
	}
	s.mu.Lock()
	defer s.unlockNotify()
	c := s.channelLocked(w, r.PathValue("cid"))
	if c == nil {
		return
	}
	isThread := c.ThreadMetadata != nil
	if !isThread && (body.Archived != nil || body.Locked != nil || body.AutoArchiveDuration != nil || body.Invitable != nil) {
		s.problemLocked("%s %s: thread fields on a non-thread channel", r.Method, r.URL.Path)
		apiError(w, http.StatusBadRequest, 50024, "Cannot execute action on this channel type")
		return
	}
	if c.Type == ChannelTypeDM {
		apiError(w, http.StatusBadRequest, 50024, "Cannot execute action on this channel type")
		return
	}
	after := cloneChannel(*c)
	var v []string
	if body.Name != nil {
		if n := runes(*body.Name); n < 1 || n > 100 {
			v = append(v, fmt.Sprintf("channel name is %d characters (want 1-100)", n))
		}
		after.Name = *body.Name
	}
	if body.RateLimitPerUser != nil {
		after.RateLimitPerUser = *body.RateLimitPerUser
	}
	if isThread {
		tm := after.ThreadMetadata
		if body.Archived != nil && *body.Archived != tm.Archived {
			tm.Archived = *body.Archived
			tm.ArchiveTimestamp = s.now().UTC()
		}
		if body.Locked != nil {
			tm.Locked = *body.Locked
		}
		if body.AutoArchiveDuration != nil {
			if !validArchiveDuration(*body.AutoArchiveDuration) {
				v = append(v, fmt.Sprintf("auto_archive_duration %d is not 60, 1440, 4320 or 10080", *body.AutoArchiveDuration))
			}
			tm.AutoArchiveDuration = *body.AutoArchiveDuration
		}
		if body.Invitable != nil {
			tm.Invitable = *body.Invitable
		}
	}
	if len(v) > 0 {
		s.refuseLocked(w, r, v)
		return
	}
	s.commitChannelLocked(c, after)
	writeJSON(w, http.StatusOK, c)
}

func validArchiveDuration(d int) bool {
	return d == 60 || d == 1440 || d == 4320 || d == 10080
}

// commitChannelLocked replaces a channel's state, records the change and
// sends THREAD_UPDATE or CHANNEL_UPDATE.
func (s *Server) commitChannelLocked(c *Channel, after Channel) {
	before := cloneChannel(*c)
	*c = after
	s.channelEdits = append(s.channelEdits, ChannelEdit{ChannelID: c.ID, Before: before, After: cloneChannel(after), At: s.now()})
	if c.ThreadMetadata != nil {
		s.dispatchGuildLocked(c.GuildID, "THREAD_UPDATE", c, intentGuilds)
	} else {
		s.dispatchGuildLocked(c.GuildID, "CHANNEL_UPDATE", c, intentGuilds)
	}
}

func (s *Server) listMessages(w http.ResponseWriter, r *http.Request) {
	limit := 50
	if l := r.URL.Query().Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > 100 {
			apiError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
			return
		}
		limit = n
	}
	before, after := r.URL.Query().Get("before"), r.URL.Query().Get("after")
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.channelLocked(w, r.PathValue("cid"))
	if c == nil {
		return
	}
	out := []Message{}
	ids := s.channelMsgs[c.ID]
	for i := len(ids) - 1; i >= 0 && len(out) < limit; i-- {
		m := s.messages[ids[i]]
		if m.Deleted || m.Ephemeral() || (before != "" && !snowflakeLess(m.ID, before)) || (after != "" && !snowflakeLess(after, m.ID)) {
			continue
		}
		out = append(out, m.wire())
	}
	writeJSON(w, http.StatusOK, out)
}

// echoLocked sends MESSAGE_CREATE, MESSAGE_UPDATE or MESSAGE_DELETE for a
// visible message to sessions with the matching intent.
func (s *Server) echoLocked(event string, m *Message) {
	if m.Ephemeral() {
		return
	}
	intent := intentGuildMessages
	if m.GuildID == "" {
		intent = intentDirectMessages
	}
	if event == "MESSAGE_DELETE" {
		d := map[string]any{"id": m.ID, "channel_id": m.ChannelID}
		if m.GuildID != "" {
			d["guild_id"] = m.GuildID
		}
		s.dispatchGuildLocked(m.GuildID, event, d, intent)
		return
	}
	s.dispatchGuildLocked(m.GuildID, event, m.wire(), intent)
}

// writableLocked checks that the bot may post or edit in c: not to a user who closed
// their DMs (50007), not in an archived thread (50083: unarchive it first). It answers the
// request when not. Writing to a thread that is archived and locked, which the bot cannot
// unarchive, is also a problem.
func (s *Server) writableLocked(w http.ResponseWriter, r *http.Request, c *Channel) bool {
	switch {
	case c.Type == ChannelTypeDM:
		if u := c.Recipients[0]; s.failDM[u.ID] {
			apiError(w, http.StatusForbidden, 50007, "Cannot send messages to this user")
			return false
		}
	case c.ThreadMetadata != nil && c.ThreadMetadata.Archived:
		if c.ThreadMetadata.Locked {
			s.problemLocked("%s %s: thread %s is archived and locked", r.Method, r.URL.Path, c.ID)
		}
		apiError(w, http.StatusBadRequest, 50083, "Thread is archived")
		return false
	}
	return true
}

func (s *Server) postMessage(w http.ResponseWriter, r *http.Request) {
	var p messagePayload
	files, err := readWithFiles(r, &p)
	if err != nil {
		s.badBody(w, r, err)
		return
	}
	s.mu.Lock()
	defer s.unlockNotify()
	c := s.channelLocked(w, r.PathValue("cid"))
	if c == nil {
		return
	}
	now := s.now()
	bucket := "channel-messages-" + c.ID
	remaining, resetAfter, ok := s.takeRateLocked(c.ID, now)
	if !ok {
		s.problemLocked("%s %s: more than %d messages in %v in channel %s", r.Method, r.URL.Path, rateLimitCount, s.opts.RateWindow, c.ID)
		if s.opts.StrictRateLimits {
			writeTooManyRequests(w, bucket, resetAfter, now)
			return
		}
	}
	if s.opts.StrictRateLimits {
		setRateHeaders(w.Header(), bucket, remaining, resetAfter, now)
	}
	if p.Flags&FlagEphemeral != 0 {
		s.refuseLocked(w, r, []string{"ephemeral flag on a channel message"})
		return
	}
	m, hidden := s.draftNewLocked(w, r, c, p, files, 0, false, fmt.Sprintf("%s %s: empty message", r.Method, r.URL.Path))
	if m == nil {
		return
	}
	nonceKey := ""
	if p.EnforceNonce && len(p.Nonce) > 0 && string(p.Nonce) != "null" {
		nonceKey = c.ID + "/" + string(p.Nonce)
		if u, ok := s.nonces[nonceKey]; ok && now.Sub(u.at) < nonceLifetime {
			// Discord answers a repeated nonce with the message it already made.
			writeJSON(w, http.StatusOK, s.messages[u.messageID].wire())
			return
		}
	}
	if !s.writableLocked(w, r, c) {
		return
	}
	s.commitNewLocked(r, c, m, hidden)
	if nonceKey != "" {
		s.nonces[nonceKey] = nonceUse{messageID: m.ID, at: now}
	}
	s.echoLocked("MESSAGE_CREATE", m)
	writeJSON(w, http.StatusOK, m.wire())
}

// nonceLifetime is how long Discord remembers a message's nonce when enforce_nonce is set:
// "a few minutes".
const nonceLifetime = 5 * time.Minute

// nonceUse is the message a nonce made, and when.
type nonceUse struct {
	messageID string
	at        time.Time
}

// messageLocked returns a visible message of channel cid or answers 404.
func (s *Server) messageLocked(w http.ResponseWriter, cid, mid string) *Message {
	if s.channelLocked(w, cid) == nil {
		return nil
	}
	m, ok := s.messages[mid]
	if !ok || m.ChannelID != cid || m.Deleted || m.Ephemeral() {
		apiError(w, http.StatusNotFound, 10008, "Unknown Message")
		return nil
	}
	return m
}

func (s *Server) getMessage(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if m := s.messageLocked(w, r.PathValue("cid"), r.PathValue("mid")); m != nil {
		writeJSON(w, http.StatusOK, m.wire())
	}
}

func (s *Server) patchMessage(w http.ResponseWriter, r *http.Request) {
	e, err := readEdit(r)
	if err != nil {
		s.badBody(w, r, err)
		return
	}
	s.mu.Lock()
	defer s.unlockNotify()
	m := s.messageLocked(w, r.PathValue("cid"), r.PathValue("mid"))
	if m == nil {
		return
	}
	if m.Author.ID != s.bot.ID {
		apiError(w, http.StatusForbidden, 50005, "Cannot edit a message authored by another user")
		return
	}
	if !s.writableLocked(w, r, s.channels[m.ChannelID]) {
		return
	}
	if s.editLocked(w, r, m, e, "channel") {
		writeJSON(w, http.StatusOK, m.wire())
	}
}

func (s *Server) deleteMessage(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.unlockNotify()
	m := s.messageLocked(w, r.PathValue("cid"), r.PathValue("mid"))
	if m == nil {
		return
	}
	s.deleteLocked(m)
	w.WriteHeader(http.StatusNoContent)
}

// maxPins is how many messages Discord lets a channel pin.
const maxPins = 50

// mayPinLocked checks that the bot may pin in c: PermPinMessages in a guild (Manage
// Messages no longer grants it), anyone in a DM. It answers the request when not.
func (s *Server) mayPinLocked(w http.ResponseWriter, c *Channel) bool {
	if c.GuildID != "" && s.botPermissionsLocked(c.GuildID)&PermPinMessages == 0 {
		apiError(w, http.StatusForbidden, 50013, "Missing Permissions")
		return false
	}
	return true
}

// pinMessage pins a message of the channel, as Discord does: with PermPinMessages, at most
// 50 pins a channel (error 30003), pinning twice changes nothing.
func (s *Server) pinMessage(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.unlockNotify()
	m := s.messageLocked(w, r.PathValue("cid"), r.PathValue("mid"))
	if m == nil || !s.mayPinLocked(w, s.channels[m.ChannelID]) {
		return
	}
	if !m.Pinned {
		pins := 0
		for _, o := range s.messages {
			if o.ChannelID == m.ChannelID && o.Pinned && !o.Deleted {
				pins++
			}
		}
		if pins >= maxPins {
			apiError(w, http.StatusBadRequest, 30003, "Maximum number of pins reached (50)")
			return
		}
		m.Pinned = true
	}
	w.WriteHeader(http.StatusNoContent)
}

// unpinMessage takes a message off the channel's pins.
func (s *Server) unpinMessage(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.unlockNotify()
	m := s.messageLocked(w, r.PathValue("cid"), r.PathValue("mid"))
	if m == nil || !s.mayPinLocked(w, s.channels[m.ChannelID]) {
		return
	}
	m.Pinned = false
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) deleteLocked(m *Message) {
	m.Deleted = true
	s.echoLocked("MESSAGE_DELETE", m)
}

type threadPayload struct {
	Name                string `json:"name"`
	AutoArchiveDuration int    `json:"auto_archive_duration"`
	Type                *int   `json:"type"`
	Invitable           *bool  `json:"invitable"`
	RateLimitPerUser    int    `json:"rate_limit_per_user"`
}

func (p threadPayload) check() (v []string) {
	if n := runes(p.Name); n < 1 || n > 100 {
		v = append(v, fmt.Sprintf("thread name is %d characters (want 1-100)", n))
	}
	if p.AutoArchiveDuration != 0 && !validArchiveDuration(p.AutoArchiveDuration) {
		v = append(v, fmt.Sprintf("auto_archive_duration %d is not 60, 1440, 4320 or 10080", p.AutoArchiveDuration))
	}
	return v
}

// newThreadLocked creates a thread under parent.
func (s *Server) newThreadLocked(id string, parent *Channel, typ int, p threadPayload) *Channel {
	dur := p.AutoArchiveDuration
	if dur == 0 {
		dur = 4320
	}
	now := s.now().UTC()
	t := &Channel{
		ID:               id,
		Type:             typ,
		GuildID:          parent.GuildID,
		Name:             p.Name,
		ParentID:         parent.ID,
		OwnerID:          s.bot.ID,
		RateLimitPerUser: p.RateLimitPerUser,
		MemberCount:      1,
		Members:          []string{s.bot.ID},
		ThreadMetadata: &ThreadMetadata{
			AutoArchiveDuration: dur,
			ArchiveTimestamp:    now,
			Invitable:           p.Invitable == nil || *p.Invitable,
		},
	}
	s.channels[t.ID] = t
	data := map[string]any{}
	json.Unmarshal(mustJSON(t), &data)
	data["newly_created"] = true
	s.dispatchGuildLocked(t.GuildID, "THREAD_CREATE", data, intentGuilds)
	return t
}

// threadParentLocked checks that threads can be started in c.
func (s *Server) threadParentLocked(w http.ResponseWriter, r *http.Request) *Channel {
	c := s.channelLocked(w, r.PathValue("cid"))
	if c == nil {
		return nil
	}
	if c.Type != ChannelTypeGuildText {
		s.problemLocked("%s %s: threads can only be started in guild text channels", r.Method, r.URL.Path)
		apiError(w, http.StatusBadRequest, 50024, "Cannot execute action on this channel type")
		return nil
	}
	return c
}

func (s *Server) startThreadFromMessage(w http.ResponseWriter, r *http.Request) {
	var p threadPayload
	if err := readJSON(r, &p); err != nil {
		s.badBody(w, r, err)
		return
	}
	s.mu.Lock()
	defer s.unlockNotify()
	c := s.threadParentLocked(w, r)
	if c == nil {
		return
	}
	m := s.messageLocked(w, c.ID, r.PathValue("mid"))
	if m == nil {
		return
	}
	if m.Thread != nil {
		s.problemLocked("%s %s: message %s already has a thread", r.Method, r.URL.Path, m.ID)
		apiError(w, http.StatusBadRequest, 160004, "A thread has already been created for this message")
		return
	}
	if v := p.check(); len(v) > 0 {
		s.refuseLocked(w, r, v)
		return
	}
	// A thread started from a message has the message's ID.
	t := s.newThreadLocked(m.ID, c, ChannelTypePublicThread, p)
	t.StarterMessageID = m.ID
	after := cloneMessage(*m)
	tc := cloneChannel(*t)
	after.Thread = &tc
	after.Flags |= 1 << 5 // HAS_THREAD
	*m = after
	writeJSON(w, http.StatusCreated, t)
}

func (s *Server) startThread(w http.ResponseWriter, r *http.Request) {
	var p threadPayload
	if err := readJSON(r, &p); err != nil {
		s.badBody(w, r, err)
		return
	}
	s.mu.Lock()
	defer s.unlockNotify()
	c := s.threadParentLocked(w, r)
	if c == nil {
		return
	}
	v := p.check()
	// In API v9 a thread started without a message is private unless the
	// request says otherwise.
	typ := ChannelTypePrivateThread
	if p.Type != nil {
		typ = *p.Type
		if typ != 10 && typ != ChannelTypePublicThread && typ != ChannelTypePrivateThread {
			v = append(v, fmt.Sprintf("thread type %d is not 10, 11 or 12", typ))
		}
	}
	if len(v) > 0 {
		s.refuseLocked(w, r, v)
		return
	}
	t := s.newThreadLocked(s.newIDLocked(), c, typ, p)
	writeJSON(w, http.StatusCreated, t)
}

func (s *Server) addThreadMember(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.unlockNotify()
	t := s.channelLocked(w, r.PathValue("cid"))
	if t == nil {
		return
	}
	if t.ThreadMetadata == nil {
		apiError(w, http.StatusBadRequest, 50024, "Cannot execute action on this channel type")
		return
	}
	if t.ThreadMetadata.Archived {
		apiError(w, http.StatusBadRequest, 50083, "Thread is archived")
		return
	}
	uid := r.PathValue("uid")
	if uid == "@me" {
		uid = s.bot.ID
	}
	if _, ok := s.users[uid]; !ok {
		apiError(w, http.StatusNotFound, 10013, "Unknown User")
		return
	}
	for _, m := range t.Members {
		if m == uid {
			w.WriteHeader(http.StatusNoContent)
			return
		}
	}
	t.Members = append(t.Members, uid)
	t.MemberCount = len(t.Members)
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) removeThreadMember(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.unlockNotify()
	t := s.channelLocked(w, r.PathValue("cid"))
	if t == nil {
		return
	}
	if t.ThreadMetadata == nil {
		apiError(w, http.StatusBadRequest, 50024, "Cannot execute action on this channel type")
		return
	}
	uid := r.PathValue("uid")
	if uid == "@me" {
		uid = s.bot.ID
	}
	members := t.Members[:0]
	for _, m := range t.Members {
		if m != uid {
			members = append(members, m)
		}
	}
	t.Members = members
	t.MemberCount = len(members)
	w.WriteHeader(http.StatusNoContent)
}

// sortedMessagesLocked returns the messages of a channel in order.
func (s *Server) sortedMessagesLocked(channelID string) []Message {
	ids := s.channelMsgs[channelID]
	out := make([]Message, 0, len(ids))
	for _, id := range ids {
		if m := s.messages[id]; !m.Deleted {
			out = append(out, cloneMessage(*m))
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return snowflakeLess(out[i].ID, out[j].ID) })
	return out
}
