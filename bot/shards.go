package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/rest"
	"github.com/pinochle-discord/pinochle/storage"
)

// DefaultLeaseTTL is how long a process's hold on its shards lasts without renewal. The
// lease is renewed every third of it; a process that crashed frees its shards this long
// after its last renewal, or at once for a process that can tell it is gone
// (storage.AcquireShards).
const DefaultLeaseTTL = 30 * time.Second

// errLeaseExpired: the process does not hold its shards' lease (it could not renew it in
// time, or another process took it over), and so may not write their games.
var errLeaseExpired = errors.New("this bot's hold on the server's shard has lapsed")

// ShardOf returns the shard of a guild when the bot runs count shards: Discord's rule,
// (guild_id >> 22) % count. Direct messages (no guild) belong to shard 0.
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

// shards returns the shards this bot serves: all of one when it is not sharded.
func (b *Bot) shards() storage.Shards {
	if b.cfg.ShardCount <= 0 {
		return storage.Shards{Count: 1, IDs: []int{0}}
	}
	return storage.Shards{Count: b.cfg.ShardCount, IDs: b.cfg.ShardIDs}
}

// serves reports whether the guild is on one of this bot's shards.
func (b *Bot) serves(guildID string) bool {
	sh := b.shards()
	return slices.Contains(sh.IDs, ShardOf(guildID, sh.Count))
}

// registersCommands reports whether this bot registers the slash commands: the process
// with shard 0 does, so that they are registered once.
func (b *Bot) registersCommands() bool {
	return slices.Contains(b.shards().IDs, 0)
}

// newOwner names this process in the shard leases (storage.NewOwner: host, process ID,
// incarnation and a random part), so that a process restarted on the same host after a
// crash takes over its former self's shards at once.
func newOwner() string { return storage.NewOwner() }

// leaseTTL returns the configured lease duration.
func (b *Bot) leaseTTL() time.Duration {
	if b.cfg.LeaseTTL > 0 {
		return b.cfg.LeaseTTL
	}
	return DefaultLeaseTTL
}

// acquireShards takes the leases of this bot's shards. Storage takes over at once a lease
// whose holder has provably ended (a process of this host that crashed, any holder on an
// SQLite file whose lock this process holds: storage.AcquireShards). A lease held by another
// process is waited for until it ends, so that a bot restarted after a crash elsewhere takes
// over as soon as its former self's lease has run out; a process that renews its lease
// meanwhile keeps it, and this one gives up with the holder's name.
func (b *Bot) acquireShards(ctx context.Context) error {
	sh := b.shards()
	ttl := b.leaseTTL()
	var waited time.Time // the end of the leases waited for
	for {
		now := b.leaseClock.Now()
		l, err := b.store.AcquireShards(ctx, b.owner, sh, now, ttl)
		if err == nil {
			b.lease.Store(&heldLease{lease: l, w: b.store.Fenced(l)})
			b.extendLease(now, ttl)
			return nil
		}
		var held *storage.HeldError
		if !errors.As(err, &held) || (!waited.IsZero() && held.Until().After(waited)) {
			return fmt.Errorf("shards %v: %w (is another bot running with the same SHARD_IDS on this database?)", sh, err)
		}
		waited = held.Until()
		b.log.Warn("waiting for the shards' lease to expire", "shards", sh.String(), "until", waited.UTC().Format(time.RFC3339Nano), "err", err)
		done := make(chan struct{})
		t := b.leaseClock.AfterFunc(waited.Sub(now), func() { close(done) })
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-done:
		}
	}
}

// renewals renews the bot's lease on its shards every third of its duration, on the lease
// clock: each renewal is made in the clock's call and arms the next, so that a clock that
// runs its calls as it moves, as a test's does, has renewed the lease when it has moved.
type renewals struct {
	mu     sync.Mutex
	timer  Timer
	closed bool
	wg     sync.WaitGroup // the renewal under way, which stopRenewals waits for
}

// startRenewals arms the first renewal of the lease, a third of its duration from now.
func (b *Bot) startRenewals() {
	b.renew.mu.Lock()
	defer b.renew.mu.Unlock()
	if !b.renew.closed {
		b.renew.timer = b.leaseClock.AfterFunc(b.leaseTTL()/3, b.renewDue)
	}
}

// renewDue renews the lease as its timer falls due, and arms the next renewal, unless the
// bot is closing or the lease is lost (another process took it over after it lapsed), in
// which case the bot has stopped: it must not write those games any more.
func (b *Bot) renewDue() {
	r := &b.renew
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		return
	}
	r.wg.Add(1)
	r.mu.Unlock()
	defer r.wg.Done()
	if b.renewOnce(b.ctx, b.leaseTTL()) {
		return
	}
	b.startRenewals()
}

// stopRenewals stops renewing the lease and waits for a renewal under way.
func (b *Bot) stopRenewals() {
	r := &b.renew
	r.mu.Lock()
	r.closed = true
	if r.timer != nil {
		r.timer.Stop()
	}
	r.mu.Unlock()
	r.wg.Wait()
}

// renewOnce renews the leases once and reports whether they are lost, in which case the
// bot has stopped (fail).
func (b *Bot) renewOnce(ctx context.Context, ttl time.Duration) bool {
	now := b.leaseClock.Now()
	err := b.store.RenewShards(ctx, b.lease.Load().lease, now, ttl)
	switch {
	case err == nil:
		b.extendLease(now, ttl)
	case errors.Is(err, storage.ErrShardLost):
		b.log.Error("another process took over this bot's shards: stopping", "err", err)
		b.fail(fmt.Errorf("bot: %w", err))
		return true
	case ctx.Err() == nil:
		b.log.Warn("could not renew the shards' lease; trying again", "err", err)
	}
	return false
}

// leaseRevoked, in Bot.leaseUntil, marks a lease lost for good: no renewal brings it back.
const leaseRevoked = -1

// leaseMargin is how long before its lease ends in the database the bot stops writing.
//
// The end the bot keeps is start+ttl, start being read before the renewal is sent, so it
// is never later than the end the database holds. Another process may take the shards
// over once its own clock passes that end; the margin covers what separates the two: the
// difference between the hosts' clocks, and the time from the check to the write's commit
// (a statement on its way, a pause of the process between the two). It must also stay well
// inside the renewal's slack: renewed every ttl/3, a lease is good for ttl−margin after a
// renewal, so with a sixth one renewal may fail (the database briefly unreachable) and the
// next one, at 2/3 of the TTL, still comes before writes stop at 5/6. With the default 30
// seconds, the bot stops writing 5 seconds before another process could take over. A write
// stalled longer than the margin between this check and its commit is stopped by storage:
// it checks the lease's token in the write's own transaction (leased.Store).
func leaseMargin(ttl time.Duration) time.Duration { return ttl / 6 }

// extendLease records a lease taken or renewed at start for ttl: the bot may write until
// start+ttl−leaseMargin. It never shortens the lease, nor revives one lost (fail).
func (b *Bot) extendLease(start time.Time, ttl time.Duration) {
	until := start.Add(ttl - leaseMargin(ttl)).UnixMilli()
	for {
		old := b.leaseUntil.Load()
		if old == leaseRevoked || old >= until {
			return
		}
		if b.leaseUntil.CompareAndSwap(old, until) {
			return
		}
	}
}

// checkLease returns nil while the bot holds its shards' lease, and otherwise an error
// wrapping errLeaseExpired: a bot that could not renew it in time (a paused process, an
// unreachable database) writes nothing until it has, and one whose lease another process
// took (fail) never writes again. Leases are kept on the lease clock (Config.LeaseClock,
// real time unless a test sets it), not the bot's Clock: they are compared across processes.
func (b *Bot) checkLease() error {
	until := b.leaseUntil.Load()
	if until == leaseRevoked {
		return fmt.Errorf("%w: %w", errLeaseExpired, b.failErr)
	}
	if b.leaseClock.Now().UnixMilli() >= until {
		return fmt.Errorf("%w since %s", errLeaseExpired, time.UnixMilli(until).UTC().Format(time.RFC3339))
	}
	return nil
}

// heldLease is the lease the bot holds on its shards, and the writes it fences.
type heldLease struct {
	lease storage.Lease
	w     storage.Writer
}

// writer returns the store's writes fenced by the bot's lease while checkLease allows
// writing, and otherwise checkLease's error.
func (b *Bot) writer() (storage.Writer, error) {
	if err := b.checkLease(); err != nil {
		return nil, err
	}
	held := b.lease.Load()
	if held == nil {
		return nil, fmt.Errorf("%w: no lease taken", errLeaseExpired)
	}
	return held.w, nil
}

// fail stops the bot for good: its lease is revoked, so that nothing in flight writes any
// more, Done's channel closes and Err returns err.
func (b *Bot) fail(err error) {
	b.failOnce.Do(func() {
		b.failErr = err
		// After failErr, which checkLease reads once it sees the lease revoked.
		b.leaseUntil.Store(leaseRevoked)
		b.closing.Store(true)
		close(b.stopped)
	})
}

// Done returns a channel closed when the bot has stopped on its own, for instance because
// another process took over its shards; Err then says why.
func (b *Bot) Done() <-chan struct{} { return b.stopped }

// Err returns why the bot stopped on its own, or nil.
func (b *Bot) Err() error {
	select {
	case <-b.stopped:
		return b.failErr
	default:
		return nil
	}
}

// checkShards checks shard ids against their count (not yet known when it is AutoShards).
func checkShards(count int, ids []int) error {
	if count > 0 && len(ids) == 0 {
		return errors.New("bot: no shard IDs")
	}
	for _, id := range ids {
		if id < 0 || (count > 0 && id >= count) {
			return fmt.Errorf("bot: shard %d is not one of 0..%d", id, count-1)
		}
	}
	return nil
}

// autoShards asks Discord how many shards it recommends (GET /gateway/bot), and serves all
// of them unless ShardIDs names some, then opens their sessions.
func (b *Bot) autoShards(ctx context.Context) error {
	gb, err := b.s.GatewayBot(discordgo.WithContext(ctx))
	if err != nil {
		return fmt.Errorf("bot: ask Discord for its recommended shard count: %w", err)
	}
	if gb.Shards < 1 {
		return fmt.Errorf("bot: Discord recommends %d shards", gb.Shards)
	}
	b.gateway = gb
	b.cfg.ShardCount = gb.Shards
	if len(b.cfg.ShardIDs) == 0 {
		for id := range gb.Shards {
			b.cfg.ShardIDs = append(b.cfg.ShardIDs, id)
		}
	}
	if err := checkShards(b.cfg.ShardCount, b.cfg.ShardIDs); err != nil {
		return fmt.Errorf("%w (Discord recommends %d shards)", err, gb.Shards)
	}
	b.log.Info("shard count from Discord", "count", gb.Shards, "serving", b.shards().String())
	return b.openSessions()
}

// openSessions makes one discordgo session per shard the bot serves (the one unsharded
// session when it is not sharded), sharing the HTTP client, and adds the handlers.
func (b *Bot) openSessions() error {
	first := b.s
	b.all = []*discordgo.Session{first}
	if b.cfg.ShardCount > 0 {
		b.all = b.all[:0]
		for k, id := range b.cfg.ShardIDs {
			s := first
			if k > 0 {
				var err error
				if s, err = discordgo.New("Bot " + b.cfg.Token); err != nil {
					return fmt.Errorf("bot: session of shard %d: %w", id, err)
				}
				s.Client = first.Client
				s.Identify.Intents = first.Identify.Intents
				s.StateEnabled = first.StateEnabled
				s.LogLevel = first.LogLevel
			}
			s.ShardID = id
			s.ShardCount = b.cfg.ShardCount
			b.all = append(b.all, s)
		}
	}
	for _, se := range b.all {
		se.AddHandler(b.onInteraction)
		se.AddHandler(func(se *discordgo.Session, r *discordgo.Ready) {
			b.log.Info("connected to Discord", "user", r.User.Username, "guilds", len(r.Guilds), "shard", se.ShardID)
		})
	}
	return nil
}

// AutoShards, as Config.ShardCount, asks Discord for its recommended shard count at start
// (GET /gateway/bot); ShardIDs empty then serves them all.
const AutoShards = -1

// maxShards bounds the shard count the bot accepts: far above what any bot needs.
const maxShards = 4096

// ParseShards reads SHARD_COUNT and SHARD_IDS. count is a number, "auto" (AutoShards) or
// empty (not sharded). ids is one id ("3"), a list ("0,2,5"), a range ("0-3") or a mix
// ("0-3,8"); empty means every shard of count. The ids come back sorted, without repeats.
func ParseShards(count, ids string) (int, []int, error) {
	count, ids = strings.TrimSpace(count), strings.TrimSpace(ids)
	var n int
	switch {
	case count == "":
		if ids != "" {
			return 0, nil, errors.New("SHARD_IDS is set without SHARD_COUNT")
		}
		return 0, nil, nil
	case strings.EqualFold(count, "auto"):
		n = AutoShards
	default:
		v, err := strconv.Atoi(count)
		if err != nil || v < 1 || v > maxShards {
			return 0, nil, fmt.Errorf("SHARD_COUNT %q: use a number from 1 to %d, or auto", count, maxShards)
		}
		n = v
	}
	if ids == "" {
		if n == AutoShards {
			return n, nil, nil
		}
		all := make([]int, n)
		for i := range all {
			all[i] = i
		}
		return n, all, nil
	}
	var out []int
	for _, part := range strings.Split(ids, ",") {
		part = strings.TrimSpace(part)
		lo, hi, isRange := strings.Cut(part, "-")
		a, err1 := strconv.Atoi(strings.TrimSpace(lo))
		b := a
		var err2 error
		if isRange {
			b, err2 = strconv.Atoi(strings.TrimSpace(hi))
		}
		if err1 != nil || err2 != nil || a < 0 || b < a || b >= maxShards {
			return 0, nil, fmt.Errorf("SHARD_IDS %q: %q is not a shard id or a range like 0-3", ids, part)
		}
		if n != AutoShards && b >= n {
			return 0, nil, fmt.Errorf("SHARD_IDS %q: shard %d is not one of 0..%d (SHARD_COUNT %d)", ids, b, n-1, n)
		}
		for id := a; id <= b; id++ {
			out = append(out, id)
		}
	}
	slices.Sort(out)
	return n, slices.Compact(out), nil
}

// identifyWindow is Discord's window of session starts: max_concurrency IDENTIFYs per 5
// seconds, one per bucket shard_id % max_concurrency.
const identifyWindow = 5 * time.Second

// openShards connects the sessions to the gateway, pacing their IDENTIFYs as Discord
// allows: shard k identifies in slot k / max_concurrency, each slot identifyWindow after
// the one before, counted from the bot's start. Every process of a bot keeps the same
// schedule for its own shards, so processes started together stay apart as well. With
// fewer session starts left than shards to start, it waits for their reset (reset_after).
// Waits run on the bot's clock. An unsharded bot opens its one session at once.
func (b *Bot) openShards(ctx context.Context) error {
	if b.cfg.ShardCount == 0 {
		return b.openShard(b.all[0])
	}
	limit := b.sessionLimit(ctx)
	conc := max(limit.MaxConcurrency, 1)
	if limit.Remaining < len(b.all) && limit.Total > 0 {
		wait := time.Duration(limit.ResetAfter) * time.Millisecond
		b.log.Warn("too few session starts left for the shards: waiting for their reset",
			"left", limit.Remaining, "shards", len(b.all), "wait", wait)
		if err := rest.Sleep(ctx, b.clock, wait); err != nil {
			return fmt.Errorf("bot: wait for session starts: %w", err)
		}
	}
	start := b.now()
	order := slices.SortedFunc(slices.Values(b.all), func(x, y *discordgo.Session) int { return x.ShardID - y.ShardID })
	for _, se := range order {
		at := start.Add(time.Duration(se.ShardID/conc) * identifyWindow)
		if wait := at.Sub(b.now()); wait > 0 {
			b.log.Info("pacing the shards' IDENTIFYs", "shard", se.ShardID, "max_concurrency", conc, "wait", wait)
			if err := rest.Sleep(ctx, b.clock, wait); err != nil {
				return fmt.Errorf("bot: pace shard %d: %w", se.ShardID, err)
			}
		}
		if err := b.openShard(se); err != nil {
			return err
		}
	}
	return nil
}

// openShard connects one session to the gateway.
func (b *Bot) openShard(se *discordgo.Session) error {
	if err := se.Open(); err != nil {
		return fmt.Errorf("bot: connect shard %d to the gateway: %w", se.ShardID, err)
	}
	return nil
}

// sessionLimit returns Discord's session_start_limit (GET /gateway/bot): what autoShards
// read, or asked now. If Discord cannot say, it assumes the strictest: one at a time.
func (b *Bot) sessionLimit(ctx context.Context) discordgo.SessionInformation {
	if b.gateway != nil {
		return b.gateway.SessionStartLimit
	}
	gb, err := b.s.GatewayBot(discordgo.WithContext(ctx))
	if err != nil {
		b.log.Warn("could not ask Discord for its session start limit: one shard at a time", "err", err)
		return discordgo.SessionInformation{MaxConcurrency: 1}
	}
	return gb.SessionStartLimit
}
