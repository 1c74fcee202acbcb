package bot_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/bot"
	"github.com/pinochle-discord/pinochle/fakediscord"
	"github.com/pinochle-discord/pinochle/storage"
)

// startPaced starts a bot serving shards of count on a fake Discord whose clock starts
// with the bot's, Start running in the background: it may wait to identify.
func startPaced(t *testing.T, opts fakediscord.Options, count int, ids []int) (*fakediscord.Server, *fakediscord.ManualClock, *fakeClock, *logSink, <-chan error) {
	t.Helper()
	fake := fakediscord.NewManualClock(harnessStart)
	opts.Clock = fake
	srv := fakediscord.New(t, opts)
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	t.Cleanup(cancel)
	store, err := storage.Connect(ctx, filepath.Join(t.TempDir(), "pinochle.db"))
	if err != nil {
		t.Fatal(err)
	}
	clock, logs := newFakeClock(harnessStart), &logSink{}
	b, err := bot.New(bot.Config{Token: srv.Token(), APIURL: srv.URL(), Store: store, Clock: clock,
		Logger: testLogger(t, logs), ShardCount: count, ShardIDs: ids})
	if err != nil {
		t.Fatal(err)
	}
	started := make(chan error, 1)
	go func() { started <- b.Start(ctx) }()
	t.Cleanup(func() {
		cctx, ccancel := context.WithTimeout(context.Background(), testTimeout)
		defer ccancel()
		b.Close(cctx)
		store.Close()
	})
	return srv, fake, clock, logs, started
}

// TestIdentifiesPaced: with max_concurrency 1, Discord takes one IDENTIFY per 5 seconds
// and invalidates the others; the bot identifies shard 0 at once and shard 1 five seconds
// later on its clock, so that the fake refuses none. With max_concurrency 2 both go at once.
func TestIdentifiesPaced(t *testing.T) {
	t.Parallel()
	srv, fake, clock, _, started := startPaced(t, fakediscord.Options{Shards: 2, MaxConcurrency: 1}, 2, []int{0, 1})
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	if err := srv.WaitFor(ctx, func(*fakediscord.Server) bool { return srv.ShardIdentifies()[[2]int{0, 2}] == 1 }); err != nil {
		t.Fatal(err)
	}
	if err := clock.waitArmed(ctx, 1); err != nil {
		t.Fatalf("the bot does not wait to identify shard 1: %v", err)
	}
	if n := srv.ShardIdentifies()[[2]int{1, 2}]; n != 0 {
		t.Fatalf("shard 1 identified %d times before its turn", n)
	}
	fake.Advance(5 * time.Second)
	clock.Advance(5 * time.Second)
	if err := <-started; err != nil {
		t.Fatal(err)
	}
	if n := srv.ShardIdentifies(); n[[2]int{0, 2}] != 1 || n[[2]int{1, 2}] != 1 {
		t.Errorf("identified %v, want each shard once", n)
	}

	srv2, _, _, _, started2 := startPaced(t, fakediscord.Options{Shards: 2, MaxConcurrency: 2}, 2, []int{0, 1})
	if err := <-started2; err != nil {
		t.Fatal(err)
	}
	if n := srv2.ShardIdentifies(); n[[2]int{0, 2}] != 1 || n[[2]int{1, 2}] != 1 {
		t.Errorf("with max_concurrency 2: identified %v, want each shard once, at once", n)
	}
}

// TestSessionStartsRespected: with fewer session starts left than shards, the bot waits for
// their reset (reset_after) before identifying, saying so in the log.
func TestSessionStartsRespected(t *testing.T) {
	t.Parallel()
	srv, fake, clock, logs, started := startPaced(t, fakediscord.Options{Shards: 2, SessionStartsLeft: 1, SessionStartsReset: time.Hour}, 2, []int{0, 1})
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	if err := clock.waitArmed(ctx, 1); err != nil {
		t.Fatalf("the bot does not wait for the session starts' reset: %v", err)
	}
	if srv.Identifies() != 0 {
		t.Fatal("identified with too few session starts left")
	}
	fake.Advance(time.Hour)
	clock.Advance(time.Hour)
	if err := <-started; err != nil {
		t.Fatal(err)
	}
	if srv.Identifies() != 2 || !strings.Contains(logs.String(), "too few session starts left") {
		t.Errorf("%d identifies after the reset, want 2 and the wait logged", srv.Identifies())
	}
}
