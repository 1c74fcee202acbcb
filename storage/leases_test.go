package storage

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestShardLeases(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testShardLeases)
}

func testShardLeases(t *testing.T, db backend) {
	s := db.open(t)
	ctx := context.Background()
	const ttl = time.Minute
	both := Shards{Count: 2, IDs: []int{0, 1}}
	zero, one := Shards{Count: 2, IDs: []int{0}}, Shards{Count: 2, IDs: []int{1}}

	a, err := s.AcquireShards(ctx, "a", zero, t0, ttl)
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.AcquireShards(ctx, "b", one, t0, ttl)
	if err != nil {
		t.Fatalf("another shard: %v", err)
	}
	if a.Owner != "a" || !reflect.DeepEqual(a.Shards, zero) || a.Token < 1 || b.Token <= a.Token {
		t.Errorf("leases %v and %v: want owners a and b, growing tokens", a, b)
	}
	// A second process with the same shard is refused, naming the holder.
	_, err = s.AcquireShards(ctx, "c", zero, t0.Add(time.Second), ttl)
	if !errors.Is(err, ErrShardHeld) || !strings.Contains(err.Error(), "shard 0 of 2 by a") {
		t.Errorf("same shard: %v, want ErrShardHeld naming a", err)
	}
	// So is one that would serve the guilds with another count.
	if _, err := s.AcquireShards(ctx, "c", Shards{Count: 1, IDs: []int{0}}, t0.Add(time.Second), ttl); !errors.Is(err, ErrShardHeld) {
		t.Errorf("another count: %v, want ErrShardHeld", err)
	}
	if _, err := s.AcquireShards(ctx, "c", both, t0.Add(time.Second), ttl); !errors.Is(err, ErrShardHeld) {
		t.Errorf("both shards: %v, want ErrShardHeld", err)
	}
	// The owner renews, and acquiring again renews too, under the same token; once a's lease
	// has expired without renewal, c takes it over under a new token, and a learns it lost
	// the shard.
	if err := s.RenewShards(ctx, a, t0.Add(20*time.Second), ttl); err != nil {
		t.Fatal(err)
	}
	if again, err := s.AcquireShards(ctx, "a", zero, t0.Add(30*time.Second), ttl); err != nil || again.Token != a.Token {
		t.Fatalf("acquiring again: %v, %v; want token %d", again, err, a.Token)
	}
	if _, err := s.AcquireShards(ctx, "c", zero, t0.Add(80*time.Second), ttl); !errors.Is(err, ErrShardHeld) {
		t.Errorf("before the renewed lease expires: %v, want ErrShardHeld", err)
	}
	c, err := s.AcquireShards(ctx, "c", zero, t0.Add(91*time.Second), ttl)
	if err != nil {
		t.Fatalf("after expiry: %v", err)
	}
	if c.Token <= b.Token {
		t.Errorf("the takeover's token %d, want more than %d", c.Token, b.Token)
	}
	if err := s.RenewShards(ctx, a, t0.Add(92*time.Second), ttl); !errors.Is(err, ErrShardLost) {
		t.Errorf("renew a lost lease: %v, want ErrShardLost", err)
	}
	// Released leases are free at once, and cannot be renewed.
	if err := s.ReleaseShards(ctx, b); err != nil {
		t.Fatal(err)
	}
	if err := s.RenewShards(ctx, b, t0.Add(93*time.Second), ttl); !errors.Is(err, ErrShardLost) {
		t.Errorf("renew a released lease: %v, want ErrShardLost", err)
	}
	d, err := s.AcquireShards(ctx, "d", one, t0.Add(93*time.Second), ttl)
	if err != nil {
		t.Errorf("a released shard: %v", err)
	}
	// Even its former owner takes a released shard under a new token.
	if err := s.ReleaseShards(ctx, d); err != nil {
		t.Fatal(err)
	}
	if d2, err := s.AcquireShards(ctx, "d", one, t0.Add(94*time.Second), ttl); err != nil || d2.Token <= d.Token {
		t.Errorf("taking a released shard again: %v, %v; want a token above %d", d2, err, d.Token)
	}
	if _, err := s.AcquireShards(ctx, "e", Shards{Count: 2, IDs: []int{2}}, t0, ttl); !errors.Is(err, ErrInvalid) {
		t.Errorf("shard 2 of 2: %v, want ErrInvalid", err)
	}
	// Serving the guilds with another count, once every lease has expired, removes the
	// former layout's leases; the token still grows.
	top, err := s.AcquireShards(ctx, "f", Shards{Count: 1, IDs: []int{0}}, t0.Add(time.Hour), ttl)
	if err != nil {
		t.Fatal(err)
	}
	var rows, max int64
	if err := s.r.QueryRow("SELECT COUNT(*), MAX(token) FROM shard_leases").Scan(&rows, &max); err != nil {
		t.Fatal(err)
	}
	if rows != 1 || max != top.Token || top.Token <= d.Token+1 {
		t.Errorf("after the layout changed: %d leases, token %d (lease %v); want 1, above %d", rows, max, top, d.Token+1)
	}
}

// TestShardLeasesRace has processes (stores) race for the same shard: exactly one wins.
func TestShardLeasesRace(t *testing.T) {
	t.Parallel()
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
				_, err := s.AcquireShards(context.Background(), string(rune('a'+i)), Shards{Count: 1, IDs: []int{0}}, t0, time.Minute)
				errs <- err
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
