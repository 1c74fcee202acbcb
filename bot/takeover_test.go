package bot_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/bot"
	"github.com/pinochle-discord/pinochle/fakediscord"
	"github.com/pinochle-discord/pinochle/storage"
)

// crashTTL is the lease of the bots of the restart tests: the default, since how long a
// restart waits is what they measure.
const crashTTL = bot.DefaultLeaseTTL

// deadPID returns the process ID of a process of this host that has ended: a run of the
// test binary that runs no test.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if err := cmd.Run(); err != nil {
		t.Fatalf("run a process that ends: %v", err)
	}
	return cmd.ProcessState.Pid()
}

// crashed stops the harness's bot and leaves on its shards, in its place, the lease of a
// process named holder, taken at the lease clock's time: what a bot killed in the middle of
// its work leaves behind. It returns that lease.
func (h *harness) crashed(lease *fakeClock, holder string) storage.Lease {
	h.t.Helper()
	h.heartbeating()
	h.stop()
	store, err := storage.Connect(h.ctx, h.dbPath)
	if err != nil {
		h.t.Fatal(err)
	}
	defer store.Close()
	l, err := store.AcquireShards(h.ctx, holder, storage.Shards{Count: 1, IDs: []int{0}}, lease.Now(), crashTTL)
	if err != nil {
		h.t.Fatalf("the crashed process's lease: %v", err)
	}
	return l
}

// heartbeating waits until every gateway connection is complete (has sent its first
// heartbeat, which comes at once; the next come 41 s later): discordgo v0.29 reconnects a
// session closed before that for ever (see fakediscord's DropConnections).
func (h *harness) heartbeating() {
	h.t.Helper()
	if err := h.srv.WaitFor(h.ctx, func(s *fakediscord.Server) bool { return s.Heartbeats() >= s.Identifies()+s.Resumes() }); err != nil {
		h.t.Fatalf("the bot never completed its gateway connection: %v", err)
	}
}

// restartAsync starts the harness's bot again in a goroutine and returns where its start's
// error goes.
func (h *harness) restartAsync() <-chan error {
	errc := make(chan error, 1)
	go func() { errc <- h.startE(h.ctx, h.opts.postWindow) }()
	return errc
}

// leaseHarness is a harness whose bots keep their shard lease on a clock of the test's own.
func leaseHarness(t *testing.T) (*harness, *fakeClock) {
	lease := newFakeClock(time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC))
	h := newHarness(t, harnessOptions{leaseTTL: crashTTL, configure: func(c *bot.Config) { c.LeaseClock = lease }})
	return h, lease
}

// startsAtOnce fails the test unless the bot whose start goes to errc starts without
// waiting for the lease: the lease clock is never moved, so a bot that waited would wait
// for ever; it is caught as soon as it arms its wait.
func (h *harness) startsAtOnce(errc <-chan error, lease *fakeClock) {
	h.t.Helper()
	ctx, cancel := context.WithCancel(h.ctx)
	defer cancel()
	logged := len(h.logs.String())
	armed := make(chan error, 1)
	go func() { armed <- lease.waitArmed(ctx, 1) }()
	select {
	case err := <-errc:
		if err != nil {
			h.t.Fatalf("restart: %v", err)
		}
		return
	case <-armed:
		// A timer on the lease clock: the renewal of a lease taken, or a wait for one.
	}
	if log := h.logs.String()[logged:]; strings.Contains(log, "waiting for the shards' lease") {
		h.t.Fatalf("the restarted bot waits for the lease of a process that is gone:\n%s", tail(log, 1500))
	}
	if err := <-errc; err != nil {
		h.t.Fatalf("restart: %v", err)
	}
}

// TestRestartAfterCrash: a bot restarted after a crash takes over the unexpired lease of
// its dead former self at once when it is provably gone, and otherwise waits for it until
// the moment it ends, not a moment more. One bot crashes and restarts, again and again.
func TestRestartAfterCrash(t *testing.T) {
	t.Parallel()
	host, err := os.Hostname()
	if err != nil {
		t.Skipf("no host name: %v", err)
	}
	h, lease := leaseHarness(t)

	// On SQLite, a process that holds the database's lock file knows no other process
	// writes it: even a lease that names another host (a container recreated under another
	// name) is taken over at once, and the bot plays on.
	h.crashed(lease, "old-container:1:x:ab12")
	unlock, err := storage.LockFile(h.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	h.startsAtOnce(h.restartAsync(), lease)
	unlock()
	h.newTable(h.user("ana"))

	// On the same host, a former self whose process has ended is taken over at once,
	// whatever the database.
	h.crashed(lease, fmt.Sprintf("%s:%d:x:ab12", host, deadPID(t)))
	h.startsAtOnce(h.restartAsync(), lease)
	h.newTable(h.user("bob"))

	// A holder that cannot be known to be gone (another host, without the SQLite lock) is
	// waited for until its lease ends, 20 s after the restart that comes 10 s after its last
	// renewal.
	h.crashed(lease, "elsewhere.example:1:x:ab12")
	lease.Advance(10 * time.Second)
	errc := h.restartAsync()
	if err := lease.waitArmed(h.ctx, 1); err != nil {
		t.Fatalf("the bot does not wait for the lease: %v", err)
	}
	lease.Advance(crashTTL - 10*time.Second - time.Millisecond)
	select {
	case err := <-errc:
		t.Fatalf("the bot started (%v) before the lease it waits for ended", err)
	default:
	}
	lease.Advance(time.Millisecond)
	// A bot that still waited would wait until the harness's context ends.
	if err := <-errc; err != nil {
		t.Fatalf("the bot did not start once the lease it waited for ended: %v", err)
	}
	h.newTable(h.user("cy"))

	// A holder that renews its lease while the bot waits keeps it, and the bot gives up,
	// naming it.
	held := h.crashed(lease, "elsewhere.example:1:x:ab12")
	errc = h.restartAsync()
	if err := lease.waitArmed(h.ctx, 1); err != nil {
		t.Fatalf("the bot does not wait for the lease: %v", err)
	}
	store, err := storage.Connect(h.ctx, h.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	if err := store.RenewShards(h.ctx, held, lease.Now().Add(crashTTL/3), crashTTL); err != nil {
		t.Fatal(err)
	}
	lease.Advance(crashTTL)
	err = <-errc
	if !errors.Is(err, storage.ErrShardHeld) || !strings.Contains(err.Error(), "elsewhere.example") {
		t.Errorf("restart while the holder renews: %v, want ErrShardHeld naming it", err)
	}
}
