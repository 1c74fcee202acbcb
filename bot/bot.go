// Package bot is the Discord side of the Pinochle bot: the sessions and shards (with a lease
// on them in the store), the routing of interactions and custom IDs to the tables' commands
// (package live runs the tables, knowing no Discord), posting within Discord's rate limits,
// and answering with what package present renders. Effects that tables ask for are turned
// into requests after the table has saved what it did, never while a table waits.
//
// Every accepted action is saved to storage before any reply says it happened, so after a
// restart every game continues where it was and the buttons of messages already posted
// keep working: their custom IDs name the game, the hand and the step, never a process.
package bot

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"

	"github.com/bwmarrin/discordgo"
	"golang.org/x/time/rate"

	"github.com/pinochle-discord/pinochle/bot/events"
	"github.com/pinochle-discord/pinochle/bot/leased"
	"github.com/pinochle-discord/pinochle/bot/live"
	"github.com/pinochle-discord/pinochle/bot/post"
	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/bot/rest"
	"github.com/pinochle-discord/pinochle/bot/social"
	"github.com/pinochle-discord/pinochle/bot/who"
	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
	"github.com/pinochle-discord/pinochle/storage"
	"github.com/pinochle-discord/pinochle/table"
)

// Config is what a Bot needs to run.
type Config struct {
	// Token is the bot token from the Discord developer portal, without "Bot ".
	Token string
	// AppID is the application's ID; empty to ask Discord for it.
	AppID string
	// GuildID, when set, registers the commands in that one server (instantly, for
	// development) instead of globally.
	GuildID string
	// APIURL, when set, receives every REST call (and so the gateway discovery) instead of
	// Discord's own address: a REST proxy, or the fake Discord of the tests.
	APIURL string
	// Store keeps the games. The bot does not close it, and writes to it only while it holds
	// the lease on its shards.
	Store storage.Store
	// Logger receives one line per step and per problem; nil discards them.
	Logger *slog.Logger
	// Clock tells the time and runs the turn timers; nil is the real clock.
	Clock Clock
	// Seed returns a seed for a new game's shuffle; nil draws one from crypto/rand.
	Seed func() uint64
	// Pauses gives the computer players' pauses at each pace; nil is live.DefaultPauses.
	Pauses func(table.Pace) live.Pauses
	// PostLimit and PostWindow bound the messages sent to one channel: at most PostLimit
	// per PostWindow (default 5 per 5 seconds, as Discord).
	PostLimit  int
	PostWindow time.Duration
	// ChannelRate bounds the posts and edits to channels (not the answers to interactions,
	// nor their edits) across every channel this process writes to, per second: Discord
	// allows a bot token 50 requests a second in all. Zero is this process's share of
	// DefaultChannelRate (channelRate): all of it, or, for a process serving some of a known
	// number of shards, their part of it, so that the processes sharing a token stay within
	// its limit together.
	ChannelRate float64
	// ShardCount is the number of Discord shards the bot runs in all, and ShardIDs those
	// this process serves, one session each. Zero runs one unsharded session. Each process
	// serves the guilds of its shards, holds a lease on them in the store, and only the
	// process with shard 0 registers the commands.
	ShardCount int
	ShardIDs   []int
	// LeaseTTL is how long the hold on the shards lasts without renewal (DefaultLeaseTTL
	// when zero).
	LeaseTTL time.Duration
	// LeaseClock tells the time of the shard lease and runs its waits and renewals; nil is
	// real time, which the other processes on the database keep too. Tests set a clock of
	// their own.
	LeaseClock Clock
	// Presets are the presets the bot offers in its commands, the first the default; nil
	// offers engine.PresetNames().
	Presets []string
	// Pictures makes the bot draw the cards as pictures where a table's settings ask for
	// them (table.Settings.Cards); without it every table shows its cards in words, which
	// suits a host short of processor time (a picture takes a few milliseconds to draw).
	Pictures bool
	// CardEmojis makes the bot keep card emojis of its own (application emojis, created at
	// its first start, in the background) for buttons and texts to show the card faces;
	// without it cards show as suit symbols.
	CardEmojis bool
	// Players makes the computer players of a level, drawing from seed; nil is computer.New.
	Players func(level string, seed uint64) (computer.Player, error)
	// Transport carries every REST request (after APIURL's rewrite, when set); nil is
	// http.DefaultTransport. Tests wrap the fake Discord's to inject faults.
	Transport http.RoundTripper
}

// DefaultChannelRate is the posts and edits to channels a second a process makes at most
// (Config.ChannelRate): under the 50 a second Discord allows a bot token in all, with room
// for the requests outside the poster (pins, threads, commands).
const DefaultChannelRate = 45

// channelRate returns the posts and edits a second a process makes at most: rate when set,
// else its share of DefaultChannelRate. A process that serves ids of count shards takes
// their part, each shard an equal one, so that the processes sharing a bot token keep
// within Discord's limit together without being told; one serving every shard, or an
// unknown count (AutoShards), takes all of it.
func channelRate(rate float64, count int, ids []int) float64 {
	if rate > 0 {
		return rate
	}
	if count > 0 && len(ids) > 0 && len(ids) < count {
		return DefaultChannelRate * float64(len(ids)) / float64(count)
	}
	return DefaultChannelRate
}

// Bot hosts Pinochle games in Discord. Create one with New, then call Start.
type Bot struct {
	cfg   Config
	s     *discordgo.Session   // the session REST calls go through: the first shard's
	all   []*discordgo.Session // one session per shard served
	store leased.Store
	log   *slog.Logger
	clock Clock
	// leaseClock keeps the time of the shard lease (Config.LeaseClock).
	leaseClock Clock
	post       *post.Poster
	appID      string

	// tables runs the live tables.
	tables *live.Runtime
	// events runs the league events and the daily deals, and serves their commands; social
	// serves the loop around games.
	events *events.Runner
	social *social.Loop
	// commands and controls are the route tables of slash commands and of controls.
	commands map[string]commandHandler
	controls map[commands.Route]controlRoute

	// handlers counts the interactions being handled and the work started for them in the
	// background, so that Close can wait for them.
	handlers sync.WaitGroup
	closing  atomic.Bool
	// unanswered holds, by interaction token, a channel closed once the interaction has
	// been answered (Bot.command).
	unanswered sync.Map
	stop       context.CancelFunc
	ctx        context.Context

	owner string // this process in the shard leases
	// lease is the lease the bot took on its shards (acquireShards); nil before.
	lease atomic.Pointer[heldLease]
	// leaseUntil is when, in Unix milliseconds, the bot stops writing unless it has renewed
	// its lease (leaseMargin before the lease ends); leaseRevoked once it is lost.
	leaseUntil atomic.Int64
	// emojis are the card emojis (Config.CardEmojis), and painter draws the pictures of
	// messages, keeping the latest in a cache.
	emojis  cardEmojis
	painter *present.Painter
	// statusAsks spaces the times each member has a table posted anew.
	statusAsks spacing
	// tableMsgs holds, by message ID, when this process posted each live table message
	// (tableAging).
	tableMsgs sync.Map
	// renew renews the lease on the lease clock (renewDue).
	renew    renewals
	failOnce sync.Once
	failErr  error
	stopped  chan struct{}                 // closed when the bot stops on its own (fail)
	pins     *post.Pins                    // pins the tables' messages
	gateway  *discordgo.GatewayBotResponse // GET /gateway/bot, when autoShards asked
}

// New prepares a bot: its Discord session (not yet connected) and its handlers.
func New(cfg Config) (*Bot, error) {
	if cfg.Token == "" {
		return nil, errors.New("bot: no token")
	}
	if cfg.Store == nil {
		return nil, errors.New("bot: no store")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Clock == nil {
		cfg.Clock = live.WallClock{}
	}
	if cfg.LeaseClock == nil {
		cfg.LeaseClock = live.WallClock{}
	}
	if cfg.Seed == nil {
		cfg.Seed = randomSeed
	}
	if cfg.PostLimit <= 0 {
		cfg.PostLimit = 5
	}
	if cfg.Presets == nil {
		cfg.Presets = engine.PresetNames()
	}
	for _, p := range cfg.Presets {
		if _, err := engine.NewRules(p, nil); err != nil {
			return nil, fmt.Errorf("bot: preset %q: %w", p, err)
		}
	}
	if len(cfg.Presets) == 0 {
		return nil, errors.New("bot: no preset to offer")
	}
	if cfg.PostWindow <= 0 {
		cfg.PostWindow = 5 * time.Second
	}
	if cfg.ShardCount > 0 || (cfg.ShardCount == AutoShards && len(cfg.ShardIDs) > 0) {
		if err := checkShards(cfg.ShardCount, cfg.ShardIDs); err != nil {
			return nil, err
		}
	} else if cfg.ShardCount < 0 && cfg.ShardCount != AutoShards {
		return nil, fmt.Errorf("bot: shard count %d", cfg.ShardCount)
	}
	s, err := discordgo.New("Bot " + cfg.Token)
	if err != nil {
		return nil, fmt.Errorf("bot: session: %w", err)
	}
	s.Client = &http.Client{Timeout: 20 * time.Second, Transport: cfg.Transport}
	if cfg.APIURL != "" {
		tr, err := rest.RewriteTransport(cfg.APIURL, cfg.Transport)
		if err != nil {
			return nil, fmt.Errorf("bot: %w", err)
		}
		s.Client.Transport = tr
	}
	// 429s and 5xx are tried again on the bot's clock, within the requests' deadlines
	// (package rest), not by discordgo, which would sleep on the wall clock.
	s.Client.Transport = rest.NewRetryTransport(s.Client.Transport, cfg.Clock, cfg.Logger)
	s.ShouldRetryOnRateLimit, s.MaxRestRetries = false, 0
	// Interactions arrive whatever the intents. The guilds intent keeps the state of the
	// guilds the bot is in and of their channels (keepState), which interactions are
	// checked against.
	s.Identify.Intents = discordgo.IntentsGuilds
	s.StateEnabled = true
	s.LogLevel = discordgo.LogWarning
	ctx, cancel := context.WithCancel(context.Background())
	b := &Bot{
		cfg: cfg, s: s, log: cfg.Logger, clock: cfg.Clock, leaseClock: cfg.LeaseClock, appID: cfg.AppID,
		stop: cancel, ctx: ctx, owner: newOwner(), stopped: make(chan struct{}),
		commands: commandRoutes(), controls: controlRoutes(), statusAsks: spacing{gap: statusGap},
	}
	// Every write goes through the lease: one writer per game across processes.
	b.store = leased.New(cfg.Store, cfg.LeaseClock.Now, b.writer)
	painter, err := present.NewPainter(pictureCache)
	if err != nil {
		return nil, fmt.Errorf("bot: %w", err)
	}
	b.painter = painter
	cfg.ChannelRate = channelRate(cfg.ChannelRate, cfg.ShardCount, cfg.ShardIDs)
	b.post = post.New(s, cfg.Logger, cfg.PostLimit, cfg.PostWindow, rate.NewLimiter(rate.Limit(cfg.ChannelRate), 1))
	b.pins = post.NewPins(s, cfg.Logger, cfg.Clock.Now)
	b.tables = live.New(live.Config{Store: b.store, Clock: cfg.Clock, Effects: b.tableEffects, Logger: cfg.Logger, Players: cfg.Players, Pauses: cfg.Pauses})
	b.events = b.newEvents()
	b.social = b.newSocial()
	if cfg.ShardCount != AutoShards {
		if err := b.openSessions(); err != nil {
			cancel()
			return nil, err
		}
	}
	return b, nil
}

// randomSeed draws a shuffle seed from crypto/rand.
func randomSeed() uint64 {
	var buf [8]byte
	_, _ = rand.Read(buf[:]) // crypto/rand.Read never fails
	return binary.LittleEndian.Uint64(buf[:])
}

// Start resumes every unfinished game from storage, registers the commands and connects to
// the gateway. It logs one line per step.
func (b *Bot) Start(ctx context.Context) error {
	if b.cfg.ShardCount == AutoShards {
		if err := b.autoShards(ctx); err != nil {
			return err
		}
	}
	if err := b.acquireShards(ctx); err != nil {
		return fmt.Errorf("bot: %w", err)
	}
	b.startRenewals()
	n, err := b.resume(ctx)
	if err != nil {
		return fmt.Errorf("bot: resume games: %w", err)
	}
	b.log.Info("resumed games", "count", n)
	if b.appID == "" {
		// The application's ID, which is not always the bot user's (older applications).
		err := b.retry(ctx, "find the application", func() error {
			app, err := b.s.Application("@me")
			if err == nil {
				b.appID = app.ID
			}
			return err
		})
		if err != nil {
			return fmt.Errorf("bot: find the application: %w", err)
		}
	}
	if b.registersCommands() {
		var cmds []*discordgo.ApplicationCommand
		err := b.retry(ctx, "register commands", func() error {
			var err error
			cmds, err = b.s.ApplicationCommandBulkOverwrite(b.appID, b.cfg.GuildID, commands.DefinitionsOffering(b.cfg.Presets), discordgo.WithContext(ctx))
			return err
		})
		if err != nil {
			return fmt.Errorf("bot: register commands: %w", err)
		}
		scope := "globally"
		if b.cfg.GuildID != "" {
			scope = "in guild " + b.cfg.GuildID
		}
		b.log.Info("registered commands", "count", len(cmds), "scope", scope)
	}
	for _, se := range b.all {
		keepState(se.State)
	}
	if err := b.openShards(ctx); err != nil { // paced as Discord allows (shards.go)
		return err
	}
	b.log.Info("listening for interactions")
	if err := b.events.Prime(ctx); err != nil { // the events' games, before they run
		b.log.Warn("the events' games could not be read before the tables start: a thread may be archived early", "err", err)
	}
	if b.cfg.CardEmojis {
		b.handlers.Add(1)
		go func() {
			defer b.handlers.Done()
			ctx, cancel := context.WithTimeout(b.ctx, 5*time.Minute)
			defer cancel()
			if err := b.ensureCardEmojis(ctx); err != nil {
				b.log.Warn("card emojis not ready: cards show as suit symbols", "err", err)
			}
		}()
	}
	// The tables' timers run from now on; deadlines that passed while the bot was down are
	// applied, and computer players take the turns that were theirs.
	if err := b.tables.Start(ctx); err != nil {
		return fmt.Errorf("bot: start tables: %w", err)
	}
	b.events.Start() // the events and daily deals, from where storage says they are
	if err := b.social.OfferMissed(ctx); err != nil {
		b.log.Warn("the Play again offers lost before the start could not be posted", "err", err)
	}
	return nil
}

// Waits between tries of a request Discord failed at start: the first, and the longest.
const (
	firstRetryWait = time.Second
	maxRetryWait   = time.Minute
)

// retry calls f until it succeeds, waiting on the bot's clock between tries (firstRetryWait,
// doubling up to maxRetryWait), so that the bot comes through Discord's bad minutes (a 500,
// a 502, no answer in time). It gives up at once on an error that trying again would only
// repeat (Discord refusing the request itself, a 4xx other than 429, or no connection at
// all: see transient), and once ctx ends.
func (b *Bot) retry(ctx context.Context, what string, f func() error) error {
	wait := firstRetryWait
	for try := 1; ; try++ {
		err := f()
		switch {
		case err == nil:
			return nil
		case ctx.Err() != nil:
			return fmt.Errorf("%w (last error: %w)", ctx.Err(), err)
		case !transient(err):
			return err
		}
		b.log.Warn("Discord failed a request; trying again", "what", what, "try", try, "in", wait.String(), "err", err)
		if werr := b.sleep(ctx, wait); werr != nil {
			return fmt.Errorf("%w (last error: %w)", werr, err)
		}
		wait = min(2*wait, maxRetryWait)
	}
}

// transient reports whether a request that failed with err may succeed if sent again:
// Discord answered with a server error, a rate limit or a timeout, or did not answer in
// time. No connection at all (a wrong address, no network, which the gateway needs too) is
// not waited for: the start fails and says why.
func transient(err error) bool {
	var rest *discordgo.RESTError
	if errors.As(err, &rest) && rest.Response != nil {
		code := rest.Response.StatusCode
		return code >= 500 || code == http.StatusTooManyRequests || code == http.StatusRequestTimeout
	}
	var uerr *url.Error
	if errors.As(err, &uerr) {
		return uerr.Timeout()
	}
	return true // discordgo's own error for an answer it gave up on (a 502)
}

// sleep waits d on the bot's clock, or until ctx ends.
func (b *Bot) sleep(ctx context.Context, d time.Duration) error {
	done := make(chan struct{})
	t := b.clock.AfterFunc(d, func() { close(done) })
	defer t.Stop()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Close disconnects, lets the interactions in progress finish, stops the tables and their
// timers (the searches under way finish first), lets the queued messages go out (until ctx
// ends). It does not close the store.
func (b *Bot) Close(ctx context.Context) error {
	b.closing.Store(true)
	var errs []error
	for _, se := range b.all {
		errs = append(errs, se.Close())
	}
	err := errors.Join(errs...)
	done := make(chan struct{})
	go func() { b.handlers.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
		return fmt.Errorf("bot: close: interactions still running: %w", ctx.Err())
	}
	b.events.Stop()
	if terr := b.tables.Close(ctx); terr != nil {
		return fmt.Errorf("bot: close: %w", terr)
	}
	if ferr := b.post.Flush(ctx); ferr != nil {
		return fmt.Errorf("bot: close: messages still queued: %w", ferr)
	}
	b.stop()
	b.post.Close()
	b.stopRenewals()
	if st, ok := b.cfg.Store.(interface{ SaveStats() storage.SaveStats }); ok {
		s := st.SaveStats()
		b.log.Info("actions saved since the start", "actions", s.Actions, "transactions", s.Transactions,
			"commands_refused_busy", b.tables.Refused())
	}
	if held := b.lease.Load(); held != nil && b.Err() == nil {
		rctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		if rerr := b.store.ReleaseShards(rctx, held.lease); rerr != nil {
			b.log.Warn("could not release the shards' lease: it expires on its own", "err", rerr)
		}
		cancel()
	}
	if err != nil {
		return fmt.Errorf("bot: close session: %w", err)
	}
	b.log.Info("disconnected")
	return nil
}

// Session returns the bot's Discord session.
func (b *Bot) Session() *discordgo.Session { return b.s }

// onInteraction handles every interaction, each in its own goroutine (discordgo's). An
// interaction discordgo could not decode in full still arrives (discordgo passes on what it
// read), and so may any payload: it is decoded defensively, and a panic in its handling is
// recovered (serve), so that no interaction takes the process down.
func (b *Bot) onInteraction(s *discordgo.Session, ic *discordgo.InteractionCreate) {
	if ic == nil || ic.Interaction == nil || b.closing.Load() {
		return
	}
	b.handlers.Add(1)
	defer b.handlers.Done()
	b.serve(ic.Interaction, b.route)
}

// serve handles interaction i with handle. A panic in handle is recovered: it is logged
// with its stack (neither holds the interaction's token) and i is answered privately that
// something went wrong (which Discord refuses if i had its answer already).
func (b *Bot) serve(i *discordgo.Interaction, handle func(ctx context.Context, i *discordgo.Interaction) error) {
	ctx, cancel := context.WithTimeout(b.ctx, 10*time.Second)
	defer cancel()
	defer func() {
		p := recover()
		if p == nil {
			return
		}
		b.log.Error("interaction handler panicked", "type", i.Type.String(), "guild", i.GuildID, "user", userOf(i).ID,
			"panic", redact(fmt.Sprint(p), i.Token), "stack", redact(string(debug.Stack()), i.Token))
		if err := b.reply(i, present.MsgWrong); err != nil {
			b.log.Warn("could not answer after the panic", "err", err)
		}
	}()
	if err := handle(ctx, i); err != nil {
		b.log.Error("interaction failed", "type", i.Type.String(), "guild", i.GuildID, "user", userOf(i).ID, "err", err)
	}
}

// redact keeps a secret out of text bound for the log.
func redact(text, secret string) string {
	if secret == "" {
		return text
	}
	return strings.ReplaceAll(text, secret, "<token>")
}

// route hands an interaction to its handler once its data could be read and its server is
// one the bot is in.
func (b *Bot) route(ctx context.Context, i *discordgo.Interaction) error {
	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionMessageComponent,
		discordgo.InteractionModalSubmit, discordgo.InteractionApplicationCommandAutocomplete:
	default:
		return nil // a ping, or a type this bot does not use: nothing to answer
	}
	if !answerable(i) {
		b.log.Warn("interaction without an ID or token as Discord makes them: it cannot be answered", "type", i.Type.String(), "guild", i.GuildID)
		return nil
	}
	if !identified(i) {
		// Discord's IDs are snowflakes: one that is not cannot be a seat, a host or a
		// table's server, and would be stored as one.
		b.log.Warn("interaction whose user, server or channel is no Discord ID", "type", i.Type.String())
		return b.refuse(i, present.MsgUnidentified)
	}
	if !readable(i) {
		// discordgo could not decode the data (it leaves it out then).
		b.log.Warn("interaction data unreadable", "type", i.Type.String(), "guild", i.GuildID, "user", userOf(i).ID)
		return b.refuse(i, present.MsgUnreadable)
	}
	if i.GuildID != "" {
		if !b.inGuild(i.GuildID) {
			b.log.Warn("interaction from a server the bot is not in", "guild", i.GuildID, "user", userOf(i).ID)
			return b.refuse(i, present.MsgNotHere)
		}
		if !b.channelMayBeIn(i.GuildID, i.ChannelID) {
			b.log.Warn("interaction from another server's channel", "guild", i.GuildID, "channel", i.ChannelID, "user", userOf(i).ID)
			return b.refuse(i, present.MsgOtherGuild)
		}
	}
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		return b.onCommand(ctx, i)
	case discordgo.InteractionMessageComponent:
		return b.onComponent(ctx, i)
	case discordgo.InteractionModalSubmit:
		return b.onModal(ctx, i)
	default:
		return b.onAutocomplete(ctx, i)
	}
}

// answerable reports whether an interaction can be answered: its ID is a snowflake and its
// token holds nothing that would change the answer's URL (a path separator, a query or
// fragment, an escape, a space or a control character), as no token Discord makes does.
func answerable(i *discordgo.Interaction) bool {
	if !isSnowflake(i.ID) || i.Token == "" || len(i.Token) > 1000 {
		return false
	}
	return !strings.ContainsFunc(i.Token, func(r rune) bool {
		return r <= ' ' || r == 0x7f || strings.ContainsRune("/?#%\\", r) || !unicode.IsPrint(r)
	})
}

// identified reports whether the IDs an interaction names are Discord's: its user, its
// channel and, unless it comes from a direct message, its server.
func identified(i *discordgo.Interaction) bool {
	return isSnowflake(userOf(i).ID) && isSnowflake(i.ChannelID) && (i.GuildID == "" || isSnowflake(i.GuildID))
}

// isSnowflake reports whether s is a Discord ID: a positive number of at most 20 decimal
// digits that fits in 64 bits, written without a sign or leading zeros.
func isSnowflake(s string) bool {
	if s == "" || len(s) > 20 || s[0] == '0' {
		return false
	}
	_, err := strconv.ParseUint(s, 10, 64)
	return err == nil
}

// readable reports whether an interaction's data is there, of its type.
func readable(i *discordgo.Interaction) bool {
	var ok bool
	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		_, ok = i.Data.(discordgo.ApplicationCommandInteractionData)
	case discordgo.InteractionMessageComponent:
		_, ok = i.Data.(discordgo.MessageComponentInteractionData)
	case discordgo.InteractionModalSubmit:
		_, ok = i.Data.(discordgo.ModalSubmitInteractionData)
	}
	return ok
}

// refuse answers an interaction the bot does not act on: privately, or with no suggestions
// for an autocomplete.
func (b *Bot) refuse(i *discordgo.Interaction, why string) error {
	if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		return rest.Respond(b.s, i, &discordgo.InteractionResponse{
			Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: []*discordgo.ApplicationCommandOptionChoice{}},
		})
	}
	return b.reply(i, why)
}

// stateOf returns the state of the session that serves a guild: the guilds of its shard the
// bot is in, and their channels.
func (b *Bot) stateOf(guildID string) *discordgo.State {
	for _, se := range b.all {
		if se.ShardCount <= 1 || ShardOf(guildID, se.ShardCount) == se.ShardID {
			return se.State
		}
	}
	return b.s.State
}

// inGuild reports whether the bot is in a guild: Discord has sent it the guild (in READY or
// GUILD_CREATE) and has not taken it back (GUILD_DELETE).
func (b *Bot) inGuild(guildID string) bool {
	_, err := b.stateOf(guildID).Guild(guildID)
	return err == nil
}

// channelIn reports whether a channel or thread the bot knows of is in a guild.
func (b *Bot) channelIn(guildID, channelID string) bool {
	g, ok := guildOf(b.stateOf(guildID), channelID)
	return ok && g == guildID
}

// channelMayBeIn reports whether a channel may be in a guild: it is, or the bot does not
// know the channel (a thread archived since the bot connected) and so not of another guild
// either. A channel of another guild the bot is in is not.
func (b *Bot) channelMayBeIn(guildID, channelID string) bool {
	if b.channelIn(guildID, channelID) {
		return true
	}
	for _, se := range b.all {
		if g, ok := guildOf(se.State, channelID); ok && g != guildID {
			return false
		}
	}
	return true
}

// guildOf returns the guild of a channel a state knows of. The state updates its channels
// in place, under its lock: the channel is read under it too.
func guildOf(st *discordgo.State, channelID string) (string, bool) {
	c, err := st.Channel(channelID)
	if err != nil {
		return "", false
	}
	st.RLock()
	defer st.RUnlock()
	return c.GuildID, true
}

// keepState limits what a session's state keeps to what interactions are checked against:
// the guilds the bot is in, their channels and their threads.
func keepState(st *discordgo.State) {
	st.TrackChannels, st.TrackThreads = true, true
	st.TrackEmojis, st.TrackStickers, st.TrackMembers, st.TrackThreadMembers = false, false, false, false
	st.TrackRoles, st.TrackVoice, st.TrackPresences = false, false, false
	st.MaxMessageCount = 0
}

// userOf returns the user behind an interaction (who.User).
func userOf(i *discordgo.Interaction) *discordgo.User { return who.User(i) }

// displayName is the name a user goes by in a guild (who.Name).
func displayName(i *discordgo.Interaction) string { return who.Name(i) }

// reply answers an interaction with a message only its user sees.
func (b *Bot) reply(i *discordgo.Interaction, text string) error { return rest.Reply(b.s, i, text) }

// replyEmbed answers an interaction with an embed, privately or for the channel.
func (b *Bot) replyEmbed(i *discordgo.Interaction, private bool, e *discordgo.MessageEmbed) error {
	data := &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}, AllowedMentions: &discordgo.MessageAllowedMentions{}}
	if private {
		data.Flags = discordgo.MessageFlagsEphemeral
	}
	return rest.Respond(b.s, i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data})
}

// now is the bot's clock.
func (b *Bot) now() time.Time { return b.clock.Now() }
