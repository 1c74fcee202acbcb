package fakediscord

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"
)

// Options configures a Server. The zero value is usable.
type Options struct {
	// Shards is the shard count GET /gateway/bot recommends. Default 1.
	Shards int
	// Token is the bot token the fake accepts, without the "Bot " prefix.
	// Default "fake-bot-token".
	Token string
	// BotName is the bot user's username. Default "PinochleBot".
	BotName string
	// HeartbeatInterval is sent in HELLO. Default 41.25s, as Discord.
	HeartbeatInterval time.Duration
	// InteractionTimeout is how long the bot has to answer an interaction.
	// Default 3s, as Discord.
	InteractionTimeout time.Duration
	// StrictRateLimits makes the fake send rate-limit headers on channel
	// message creation and answer 429 when a channel's limit (5 messages per
	// 5 seconds) is exceeded. Without it the excess is only recorded as a
	// problem.
	StrictRateLimits bool
	// RateWindow is the window of a channel's message limit (5 messages per window).
	// Default 5s, as Discord. A test that is not about pacing may shorten it, and the
	// bot's own pacing with it, so that a long game does not wait out Discord's window.
	RateWindow time.Duration
	// Clock is the time the fake keeps Discord's rules by: the deadline of an
	// interaction's first answer and the report of one never answered, the
	// lifetime of interaction tokens, rate-limit windows, and the times it
	// stamps on IDs, messages and records. Default: the wall clock. A test
	// passes a ManualClock to decide when time passes.
	Clock Clock
	// MaxConcurrency, when set, is the max_concurrency of GET /gateway/bot's
	// session_start_limit, enforced: Discord takes one IDENTIFY per 5 seconds in each bucket
	// shard_id % max_concurrency, and one too soon is refused with op 9 (invalid session)
	// and recorded as a problem. Zero reports the shard count (a bucket for each shard) and
	// enforces nothing, for tests that restart a bot faster than Discord would let it
	// identify again.
	MaxConcurrency int
	// SessionStarts and SessionStartsLeft are session_start_limit's total and remaining
	// (default 1000 each), SessionStartsReset its reset_after (default a day). An IDENTIFY
	// with none left is invalidated (op 9) and recorded as a problem.
	SessionStarts, SessionStartsLeft int
	SessionStartsReset               time.Duration
	// GlobalRateLimit, when positive, is the global limit of requests per second, as
	// Discord's 50: a request beyond it (interaction callbacks and webhooks excepted) gets
	// a global 429 and is recorded as a problem. Zero leaves it out.
	GlobalRateLimit int
	// OldMessageEdits is Discord's limit on edits of messages older than an hour (error
	// 30046), on Clock: by default each such message takes 3 edits. See OldEditLimit.
	OldMessageEdits OldEditLimit
	// AppEmojiLimit is how many emojis the application may own. Default 2000, as
	// Discord; a test may lower it to reach it quickly.
	AppEmojiLimit int
	// Spec, when set, is Discord's OpenAPI document, which every REST request is held to
	// (see Spec). Load it once with LoadSpec and share it.
	Spec *Spec
	// Logf, if set, receives a line per request and gateway event.
	Logf func(format string, args ...any)
}

// Server is a running fake Discord. All methods are safe for concurrent use.
type Server struct {
	opts Options

	ln        net.Listener
	httpSrv   *http.Server
	transport *http.Transport // shared by the clients Client returns
	baseURL   string
	wg        sync.WaitGroup

	mu      sync.Mutex
	changed chan struct{}
	closed  bool
	active  int // requests being served
	lastID  uint64

	bot            User
	appID          string
	defaultGuild   string
	defaultChannel string
	guildOrder     []string
	guilds         map[string]*Guild // channels live in s.channels
	channels       map[string]*Channel
	users          map[string]User
	dmChannel      map[string]string // user ID → DM channel ID
	failDM         map[string]bool
	refusePins     bool
	botPerms       map[string]int64 // guild ID → the bot's permissions, when not DefaultBotPermissions
	// left and memberRoles are the members who left a guild and the roles members hold, by
	// guild and user; scheduled the guilds' scheduled events (members.go).
	left           map[string]bool
	memberRoles    map[string][]string
	scheduled      map[string]*ScheduledEvent
	scheduledOrder []string

	messages     map[string]*Message
	channelMsgs  map[string][]string
	edits        []Edit
	oldEdits     map[string][]time.Time // message ID → its edits once older than an hour
	pings        []PingRecord
	pingsLimited bool            // AllowPings was called
	pingable     map[string]bool // the users AllowPings allows to be pinged
	appEmojis    []*AppEmoji
	channelEdits []ChannelEdit
	commands     map[string][]Command // guild ID ("" = global) → commands

	interactions     map[string]*interactionState
	byToken          map[string]*interactionState
	interactionOrder []string
	responses        []Response

	problems []string
	// undefined notes, once each, what the requests sent that the Spec does not define.
	undefined     []string
	undefinedSeen map[string]bool
	requests      []Request
	rate          map[string]*rateWindow
	injected      []*RateLimit // InjectRateLimit's answers still to give
	faults        []*Fault     // InjectFault's answers still to give
	globalStart   time.Time    // the global limit's window
	globalCount   int
	nonces        map[string]nonceUse // channel ID + "/" + nonce → the message it made

	sessions map[string]*gwSession
	// shardIdentifies counts the IDENTIFYs of each shard [id, count].
	shardIdentifies map[[2]int]int
	// identifyAt is when each identify bucket last took an IDENTIFY; startsLeft and
	// startsReset are session_start_limit's remaining and its reset.
	identifyAt  map[int]time.Time
	startsLeft  int
	startsReset time.Time
	conns       map[*gwConn]struct{}
	identifies  int
	resumes     int
	heartbeats  int
	intents     int
}

// Start starts a fake Discord on a random port of 127.0.0.1.
func Start(opts Options) (*Server, error) {
	if opts.Token == "" {
		opts.Token = "fake-bot-token"
	}
	if opts.BotName == "" {
		opts.BotName = "PinochleBot"
	}
	if opts.HeartbeatInterval <= 0 {
		opts.HeartbeatInterval = 41250 * time.Millisecond
	}
	if opts.RateWindow <= 0 {
		opts.RateWindow = rateLimitWindow
	}
	if opts.SessionStarts <= 0 {
		opts.SessionStarts = 1000
	}
	if opts.SessionStartsLeft <= 0 || opts.SessionStartsLeft > opts.SessionStarts {
		opts.SessionStartsLeft = opts.SessionStarts
	}
	if opts.SessionStartsReset <= 0 {
		opts.SessionStartsReset = 24 * time.Hour
	}
	if opts.InteractionTimeout <= 0 {
		opts.InteractionTimeout = 3 * time.Second
	}
	if opts.Clock == nil {
		opts.Clock = wallClock{}
	}
	if opts.AppEmojiLimit <= 0 {
		opts.AppEmojiLimit = maxAppEmojis
	}

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("fakediscord: listen: %w", err)
	}
	s := &Server{
		opts:            opts,
		ln:              ln,
		transport:       newTransport(),
		baseURL:         "http://" + ln.Addr().String(),
		changed:         make(chan struct{}),
		guilds:          map[string]*Guild{},
		channels:        map[string]*Channel{},
		users:           map[string]User{},
		dmChannel:       map[string]string{},
		failDM:          map[string]bool{},
		botPerms:        map[string]int64{},
		messages:        map[string]*Message{},
		oldEdits:        map[string][]time.Time{},
		pingable:        map[string]bool{},
		channelMsgs:     map[string][]string{},
		commands:        map[string][]Command{},
		interactions:    map[string]*interactionState{},
		byToken:         map[string]*interactionState{},
		rate:            map[string]*rateWindow{},
		undefinedSeen:   map[string]bool{},
		nonces:          map[string]nonceUse{},
		sessions:        map[string]*gwSession{},
		shardIdentifies: map[[2]int]int{},
		identifyAt:      map[int]time.Time{},
		startsLeft:      opts.SessionStartsLeft,
		conns:           map[*gwConn]struct{}{},
	}
	s.startsReset = s.now().Add(opts.SessionStartsReset)
	s.bot = User{ID: s.newIDLocked(), Username: opts.BotName, Discriminator: "0", Bot: true}
	// An application older than its bot user has an ID of its own: keep them apart, so that
	// a bot that takes one for the other fails here.
	s.appID = s.newIDLocked()
	s.users[s.bot.ID] = s.bot
	g := s.addGuildLocked("Test Guild")
	s.defaultGuild = g.ID
	s.defaultChannel = s.addChannelLocked(g.ID, "general").ID

	s.httpSrv = &http.Server{Handler: s.routes(), ReadHeaderTimeout: 10 * time.Second}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		if err := s.httpSrv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			s.logf("serve: %v", err)
		}
	}()
	return s, nil
}

// New starts a fake Discord for a test. It stops the test if the server
// cannot start, closes it when the test ends, and then reports every
// recorded problem not taken with TakeProblems as a test error.
func New(tb testing.TB, opts Options) *Server {
	tb.Helper()
	s, err := Start(opts)
	if err != nil {
		tb.Fatalf("fakediscord: %v", err)
	}
	tb.Cleanup(func() {
		s.Close()
		for _, p := range s.TakeProblems() {
			tb.Errorf("fakediscord problem: %s", p)
		}
	})
	return s
}

// Close stops the server, closes every gateway connection and waits for the
// server's goroutines. It is safe to call more than once.
func (s *Server) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	for c := range s.conns {
		c.dropped = true
		c.closeLocked()
		c.ws.Close()
	}
	for _, st := range s.interactions {
		if st.timer != nil {
			st.timer.Stop()
		}
	}
	s.broadcastLocked()
	s.mu.Unlock()
	s.httpSrv.Close()
	s.transport.CloseIdleConnections()
	s.wg.Wait()
	for {
		s.mu.Lock()
		n, ch := s.active, s.changed
		s.mu.Unlock()
		if n == 0 {
			return
		}
		<-ch
	}
}

// enter registers a request in flight; it fails once the server is closed.
func (s *Server) enter() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return false
	}
	s.active++
	return true
}

// leave ends a request registered by enter.
func (s *Server) leave() {
	s.mu.Lock()
	s.active--
	s.unlockNotify()
}

// URL returns the base URL to give the bot as DISCORD_API_URL, for example
// "http://127.0.0.1:41234". REST lives under URL()+"/api/v9/".
func (s *Server) URL() string { return s.baseURL }

// GatewayURL returns the websocket address GET /gateway answers with.
func (s *Server) GatewayURL() string { return "ws" + s.baseURL[len("http"):] + "/ws" }

// Token returns the bot token the fake accepts, without the "Bot " prefix.
func (s *Server) Token() string { return s.opts.Token }

// AppID returns the application ID. It differs from the bot user's ID, as for an application
// older than its bot user, so that a bot that takes one for the other fails.
func (s *Server) AppID() string { return s.appID }

// BotUser returns the bot's user.
func (s *Server) BotUser() User { return s.bot }

// DefaultGuild returns the guild every Server starts with.
func (s *Server) DefaultGuild() Guild {
	g, _ := s.Guild(s.defaultGuild)
	return g
}

// DefaultChannel returns the text channel "general" of the default guild.
func (s *Server) DefaultChannel() Channel {
	c, _ := s.Channel(s.defaultChannel)
	return c
}

// AddGuild creates a guild and sends GUILD_CREATE to connected sessions.
func (s *Server) AddGuild(name string) Guild {
	s.mu.Lock()
	defer s.unlockNotify()
	g := s.addGuildLocked(name)
	s.dispatchGuildLocked(g.ID, "GUILD_CREATE", s.guildCreateLocked(g.ID), intentGuilds)
	return s.guildLocked(g.ID)
}

// AddChannel creates a text channel in a guild.
func (s *Server) AddChannel(guildID, name string) (Channel, error) {
	s.mu.Lock()
	defer s.unlockNotify()
	if _, ok := s.guilds[guildID]; !ok {
		return Channel{}, fmt.Errorf("fakediscord: unknown guild %s", guildID)
	}
	c := s.addChannelLocked(guildID, name)
	s.dispatchGuildLocked(guildID, "CHANNEL_CREATE", c, intentGuilds)
	return cloneChannel(*c), nil
}

// DeleteChannel deletes a channel: later requests on it get 404 Unknown
// Channel.
func (s *Server) DeleteChannel(id string) error {
	s.mu.Lock()
	defer s.unlockNotify()
	c, ok := s.channels[id]
	if !ok {
		return fmt.Errorf("fakediscord: unknown channel %s", id)
	}
	c.Deleted = true
	s.dispatchGuildLocked(c.GuildID, "CHANNEL_DELETE", c, intentGuilds)
	return nil
}

// NewUser creates a user with a fresh ID and the given username.
func (s *Server) NewUser(username string) User {
	s.mu.Lock()
	defer s.unlockNotify()
	u := User{ID: s.newIDLocked(), Username: username, GlobalName: username, Discriminator: "0"}
	s.users[u.ID] = u
	return u
}

// FailDMs makes messages to the DM channel with userID fail with 403 and
// code 50007 "Cannot send messages to this user", as when a user has closed
// their DMs.
func (s *Server) FailDMs(userID string, fail bool) {
	s.mu.Lock()
	defer s.unlockNotify()
	s.failDM[userID] = fail
}

// RefusePins takes PermPinMessages from the bot in every guild (pins then answer 403, code
// 50013 Missing Permissions), or gives it back.
func (s *Server) RefusePins(refuse bool) {
	s.mu.Lock()
	defer s.unlockNotify()
	s.refusePins = refuse
}

// SetBotPermissions sets the bot's permissions in a guild (DefaultBotPermissions until
// then): those interactions carry as app_permissions and the routes that need one check.
func (s *Server) SetBotPermissions(guildID string, perms int64) {
	s.mu.Lock()
	defer s.unlockNotify()
	s.botPerms[guildID] = perms
}

// botPermissionsLocked returns the bot's permissions in a guild.
func (s *Server) botPermissionsLocked(guildID string) int64 {
	p, ok := s.botPerms[guildID]
	if !ok {
		p = DefaultBotPermissions
	}
	if s.refusePins {
		p &^= PermPinMessages
	}
	return p
}

func (s *Server) addGuildLocked(name string) *Guild {
	g := &Guild{ID: s.newIDLocked(), Name: name}
	s.guilds[g.ID] = g
	s.guildOrder = append(s.guildOrder, g.ID)
	return g
}

func (s *Server) addChannelLocked(guildID, name string) *Channel {
	c := &Channel{ID: s.newIDLocked(), Type: ChannelTypeGuildText, GuildID: guildID, Name: name}
	s.channels[c.ID] = c
	return c
}

func (s *Server) guildLocked(id string) Guild {
	g := *s.guilds[id]
	g.Channels = nil
	for _, c := range s.sortedChannelsLocked() {
		if c.GuildID == id && !c.Deleted && c.ThreadMetadata == nil {
			g.Channels = append(g.Channels, cloneChannel(*c))
		}
	}
	if g.Channels == nil {
		g.Channels = []Channel{}
	}
	return g
}

func (s *Server) sortedChannelsLocked() []*Channel {
	out := make([]*Channel, 0, len(s.channels))
	for _, c := range s.channels {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return snowflakeLess(out[i].ID, out[j].ID) })
	return out
}

// discordEpoch is 2015-01-01T00:00:00Z in Unix milliseconds.
const discordEpoch = 1420070400000

// newIDLocked returns a fresh snowflake whose timestamp is now, or just after the last
// one's.
func (s *Server) newIDLocked() string {
	id := uint64(max(s.now().UnixMilli()-discordEpoch, 0)) << 22
	if id <= s.lastID {
		id = s.lastID + 1
	}
	s.lastID = id
	return strconv.FormatUint(id, 10)
}

func snowflakeLess(a, b string) bool {
	x, _ := strconv.ParseUint(a, 10, 64)
	y, _ := strconv.ParseUint(b, 10, 64)
	return x < y
}

func randomToken() string {
	b := make([]byte, 24)
	rand.Read(b) // never fails: it would crash the program first
	return hex.EncodeToString(b)
}

// broadcastLocked wakes every waiter; call it after any change.
func (s *Server) broadcastLocked() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// unlockNotify wakes waiters and releases s.mu.
func (s *Server) unlockNotify() {
	s.broadcastLocked()
	s.mu.Unlock()
}

// Changed returns a channel that is closed at the next change of the
// server's state.
func (s *Server) Changed() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.changed
}

// WaitFor blocks until cond returns true or ctx is done. cond is evaluated
// now and after every change; it may call any accessor of s.
func (s *Server) WaitFor(ctx context.Context, cond func(*Server) bool) error {
	for {
		ch := s.Changed()
		if cond(s) {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return fmt.Errorf("fakediscord: condition not met: %w (problems: %v)", ctx.Err(), s.Problems())
		}
	}
}

func (s *Server) problemLocked(format string, args ...any) {
	p := fmt.Sprintf(format, args...)
	s.problems = append(s.problems, p)
	s.logf("PROBLEM: %s", p)
}

func (s *Server) now() time.Time { return s.opts.Clock.Now() }

func (s *Server) logf(format string, args ...any) {
	if s.opts.Logf != nil {
		s.opts.Logf("fakediscord: "+format, args...)
	}
}
