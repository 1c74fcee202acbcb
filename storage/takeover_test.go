package storage

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

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

// TestShardTakeover: a lease whose holder has provably ended is taken over at once, under a
// new token, and its holder can no longer renew it: a process of this host that no longer
// runs, or an earlier incarnation of this process's ID (a restarted container). A holder
// that may still run keeps its lease until it expires: one of another host, a running
// process of this host, another owner in this very process, or a holder named otherwise.
func TestShardTakeover(t *testing.T) {
	t.Parallel()
	host, err := os.Hostname()
	if err != nil {
		t.Skipf("no host name: %v", err)
	}
	dead := deadPID(t)
	forEachBackend(t, func(t *testing.T, db backend) { testShardTakeover(t, db, host, dead) })
}

func testShardTakeover(t *testing.T, db backend, host string, dead int) {
	for _, c := range []struct {
		name, holder string
		gone         bool
	}{
		{"this host, ended", fmt.Sprintf("%s:%d:%s:%s", host, dead, incarnation, "ab12"), true},
		{"this process's ID, earlier incarnation", fmt.Sprintf("%s:%d:%s:%s", host, os.Getpid(), "earlier", "ab12"), true},
		{"this process, another owner", fmt.Sprintf("%s:%d:%s:%s", host, os.Getpid(), incarnation, "ab12"), false},
		{"this host, running", fmt.Sprintf("%s:%d:%s:%s", host, os.Getppid(), incarnation, "ab12"), false},
		{"another host", fmt.Sprintf("%s:%d:%s:%s", "elsewhere.example", dead, incarnation, "ab12"), false},
		{"named otherwise", fmt.Sprintf("%s:%d:%s", host, dead, "ab12"), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := db.open(t)
			ctx := context.Background()
			sh := Shards{Count: 1, IDs: []int{0}}
			held, err := s.AcquireShards(ctx, c.holder, sh, t0, time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			l, err := s.AcquireShards(ctx, NewOwner(), sh, t0.Add(time.Second), time.Minute)
			if !c.gone {
				var he *HeldError
				if !errors.As(err, &he) || !errors.Is(err, ErrShardHeld) || !strings.Contains(err.Error(), c.holder) {
					t.Fatalf("acquire: %v; want a HeldError naming %s", err, c.holder)
				}
				if want := t0.Add(time.Minute); !he.Until().Equal(want) {
					t.Errorf("held until %v, want %v", he.Until(), want)
				}
				return
			}
			if err != nil {
				t.Fatalf("the lease of %s was not taken over: %v", c.holder, err)
			}
			if l.Token <= held.Token {
				t.Errorf("the takeover's token %d, want more than %d", l.Token, held.Token)
			}
			if err := s.RenewShards(ctx, held, t0.Add(2*time.Second), time.Minute); !errors.Is(err, ErrShardLost) {
				t.Errorf("the former holder renews: %v, want ErrShardLost", err)
			}
		})
	}
}

// TestShardTakeoverLockedSQLite: on an SQLite file whose lock this process holds
// (LockFile), no other process can be writing it, so every other holder's lease is taken
// over at once, whoever it names. Once the lock is released, even though the lock file still
// names this process, the lease is waited for again.
func TestShardTakeoverLockedSQLite(t *testing.T) {
	t.Parallel()
	s := sqliteBackend.open(t)
	ctx := context.Background()
	sh := Shards{Count: 1, IDs: []int{0}}
	if _, err := s.AcquireShards(ctx, "elsewhere.example:1:x:ab12", sh, t0, time.Minute); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AcquireShards(ctx, "b", sh, t0.Add(time.Second), time.Minute); !errors.Is(err, ErrShardHeld) {
		t.Fatalf("without the lock: %v, want ErrShardHeld", err)
	}
	unlock, err := LockFile(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.AcquireShards(ctx, "b", sh, t0.Add(time.Second), time.Minute); err != nil {
		unlock()
		t.Fatalf("with the lock: %v, want the lease taken over", err)
	}
	unlock()
	if _, err := s.AcquireShards(ctx, "c", sh, t0.Add(2*time.Second), time.Minute); !errors.Is(err, ErrShardHeld) {
		t.Errorf("after the lock's release: %v, want ErrShardHeld", err)
	}
}
