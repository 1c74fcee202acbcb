package storage

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestShardLeases(t *testing.T) { forEachBackend(t, testShardLeases) }

func testShardLeases(t *testing.T, db backend) {
	s := db.open(t)
	ctx := context.Background()
	const ttl = time.Minute
	both := Shards{Count: 2, IDs: []int{0, 1}}
	zero, one := Shards{Count: 2, IDs: []int{0}}, Shards{Count: 2, IDs: []int{1}}

	if err := s.AcquireShards(ctx, "a", zero, t0, ttl); err != nil {
		t.Fatal(err)
	}
	if err := s.AcquireShards(ctx, "b", one, t0, ttl); err != nil {
		t.Fatalf("another shard: %v", err)
	}
	// A second process with the same shard is refused, naming the holder.
	err := s.AcquireShards(ctx, "c", zero, t0.Add(time.Second), ttl)
	if !errors.Is(err, ErrShardHeld) || !strings.Contains(err.Error(), "shard 0 of 2 by a") {
		t.Errorf("same shard: %v, want ErrShardHeld naming a", err)
	}
	// So is one that would serve the guilds with another count.
	if err := s.AcquireShards(ctx, "c", Shards{Count: 1, IDs: []int{0}}, t0.Add(time.Second), ttl); !errors.Is(err, ErrShardHeld) {
		t.Errorf("another count: %v, want ErrShardHeld", err)
	}
	if err := s.AcquireShards(ctx, "c", both, t0.Add(time.Second), ttl); !errors.Is(err, ErrShardHeld) {
		t.Errorf("both shards: %v, want ErrShardHeld", err)
	}
	// The owner renews; once a's lease has expired without renewal, c takes it over, and a
	// learns it lost the shard.
	if err := s.RenewShards(ctx, "a", zero, t0.Add(30*time.Second), ttl); err != nil {
		t.Fatal(err)
	}
	if err := s.AcquireShards(ctx, "c", zero, t0.Add(80*time.Second), ttl); !errors.Is(err, ErrShardHeld) {
		t.Errorf("before the renewed lease expires: %v, want ErrShardHeld", err)
	}
	if err := s.AcquireShards(ctx, "c", zero, t0.Add(91*time.Second), ttl); err != nil {
		t.Fatalf("after expiry: %v", err)
	}
	if err := s.RenewShards(ctx, "a", zero, t0.Add(92*time.Second), ttl); !errors.Is(err, ErrShardLost) {
		t.Errorf("renew a lost lease: %v, want ErrShardLost", err)
	}
	// Released leases are free at once.
	if err := s.ReleaseShards(ctx, "b", one); err != nil {
		t.Fatal(err)
	}
	if err := s.AcquireShards(ctx, "d", one, t0.Add(93*time.Second), ttl); err != nil {
		t.Errorf("a released shard: %v", err)
	}
	if err := s.AcquireShards(ctx, "e", Shards{Count: 2, IDs: []int{2}}, t0, ttl); !errors.Is(err, ErrInvalid) {
		t.Errorf("shard 2 of 2: %v, want ErrInvalid", err)
	}
}

// TestShardLeasesRace has processes (stores) race for the same shard: exactly one wins.
func TestShardLeasesRace(t *testing.T) {
	forEachBackend(t, func(t *testing.T, db backend) {
		target := db.target(t)
		const n = 4
		stores := make([]*DB, n)
		for i := range stores {
			stores[i] = openAt(t, target)
		}
		errs := make(chan error, n)
		for i, s := range stores {
			go func() {
				errs <- s.AcquireShards(context.Background(), string(rune('a'+i)), Shards{Count: 1, IDs: []int{0}}, t0, time.Minute)
			}()
		}
		won := 0
		for range n {
			err := <-errs
			switch {
			case err == nil:
				won++
			case !errors.Is(err, ErrShardHeld):
				t.Error(err)
			}
		}
		if won != 1 {
			t.Errorf("%d stores took the one shard, want 1", won)
		}
	})
}
