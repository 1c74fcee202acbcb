package storage

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
)

// ErrShardHeld: another process holds a lease on a shard asked for, or serves the database
// with another shard count, and its lease has not expired. AcquireShards returns it as a
// *HeldError, which says until when.
var ErrShardHeld = errors.New("storage: shard served by another process")

// HeldError is how AcquireShards refuses shards: the leases in the way. It wraps
// ErrShardHeld.
type HeldError struct {
	Leases []HeldLease
}

// HeldLease is a lease in the way of AcquireShards: on shard ID of Count, held by Owner
// until Until unless renewed.
type HeldLease struct {
	Count, ID int
	Owner     string
	Until     time.Time
}

func (e *HeldError) Error() string {
	held := make([]string, len(e.Leases))
	for i, l := range e.Leases {
		held[i] = fmt.Sprintf("shard %d of %d by %s until %s", l.ID, l.Count, l.Owner, l.Until.UTC().Format(time.RFC3339))
	}
	return fmt.Sprintf("%v: %s", ErrShardHeld, strings.Join(held, "; "))
}

func (e *HeldError) Unwrap() error { return ErrShardHeld }

// Until returns when the last of the leases in the way ends, unless renewed.
func (e *HeldError) Until() time.Time {
	var until time.Time
	for _, l := range e.Leases {
		if l.Until.After(until) {
			until = l.Until
		}
	}
	return until
}

// incarnation tells this process from an earlier one of the same process ID on the same
// host (a container restarted): the time it started, set once when the package loads.
var incarnation = strconv.FormatInt(time.Now().UnixNano(), 36)

// NewOwner names this process in the shard leases: "host:pid:incarnation:random". The name
// lets AcquireShards tell a lease of a process that has ended on this host (see
// AcquireShards).
func NewOwner() string {
	host, _ := os.Hostname()
	var buf [4]byte
	_, _ = rand.Read(buf[:]) // crypto/rand.Read never fails
	return fmt.Sprintf("%s:%d:%s:%s", host, os.Getpid(), incarnation, hex.EncodeToString(buf[:]))
}

// ownerGone reports whether the process an owner (NewOwner) names has provably ended: it ran
// on this host, and no process has its process ID any more, or this process has it now
// under another incarnation. An owner of another host, or named otherwise, is not provably
// gone.
func ownerGone(owner string) bool {
	parts := strings.Split(owner, ":")
	host, err := os.Hostname()
	if len(parts) != 4 || err != nil || host == "" || parts[0] != host {
		return false
	}
	pid, err := strconv.Atoi(parts[1])
	switch {
	case err != nil || pid <= 0:
		return false
	case pid == os.Getpid():
		return parts[2] != incarnation
	}
	return processGone(pid)
}

// ErrShardLost: a lease this process held was taken over by another process after it
// expired; the process must stop writing the games of that shard.
var ErrShardLost = errors.New("storage: shard lease lost")

// Shards names a process's Discord shards: the ids it serves, of count in all.
type Shards struct {
	Count int
	IDs   []int
}

// String returns the shards as "0,1 of 2".
func (sh Shards) String() string {
	ids := make([]string, len(sh.IDs))
	for i, id := range sh.IDs {
		ids[i] = fmt.Sprint(id)
	}
	return fmt.Sprintf("%s of %d", strings.Join(ids, ","), sh.Count)
}

func (sh Shards) check() error {
	if sh.Count < 1 || len(sh.IDs) == 0 {
		return fmt.Errorf("%w: shards %v", ErrInvalid, sh)
	}
	for _, id := range sh.IDs {
		if id < 0 || id >= sh.Count {
			return fmt.Errorf("%w: shard %d of %d", ErrInvalid, id, sh.Count)
		}
	}
	return nil
}

// Lease is a process's hold on its shards, as AcquireShards took it. Writes made on its
// behalf go through Fenced, which checks it in each write's transaction.
type Lease struct {
	// Owner names the process.
	Owner  string
	Shards Shards
	// Token tells this hold from every other: AcquireShards gives a new one, larger than
	// any before in the database, each time it takes shards that were not all the owner's
	// under one token (a takeover, a first start, a start after a release), and keeps it
	// when it renews. All the shards of the lease share it.
	Token int64
}

// A lease's row in shard_leases outlives the lease, released (without owner, ended at 0)
// or expired, until a process takes the shard again or a process of another shard count
// removes it, so that tokens keep counting up: a fence on an old token never meets a row
// that is not its own.

// String returns the lease as "0,1 of 2 by owner (token 7)".
func (l Lease) String() string {
	return fmt.Sprintf("%v by %s (token %d)", l.Shards, l.Owner, l.Token)
}

// AcquireShards takes the leases of a process's shards until now+ttl and returns them. It
// fails with a *HeldError (ErrShardHeld), naming the holder, when another owner holds an
// unexpired lease on one of them or on any shard of another count (a process that serves
// the guilds differently). Leases that expired are taken over, under a new token, and so are
// those whose holder has provably ended: every other holder's, on an SQLite database whose
// lock file (LockFile) this process holds, since no other process can write it; and a
// holder's named (NewOwner) as a process of this host that has ended. Calling it again for
// the same owner and shards renews them and keeps their token, as RenewShards does.
func (s *DB) AcquireShards(ctx context.Context, owner string, sh Shards, now time.Time, ttl time.Duration) (Lease, error) {
	if err := sh.check(); err != nil {
		return Lease{}, fmt.Errorf("acquire shards: %w", err)
	}
	if owner == "" || ttl <= 0 {
		return Lease{}, fmt.Errorf("acquire shards: %w: owner %q, ttl %v", ErrInvalid, owner, ttl)
	}
	ids := slices.Clone(sh.IDs)
	slices.Sort(ids) // rows are locked in shard order, as fenced writes lock them
	l := Lease{Owner: owner, Shards: Shards{Count: sh.Count, IDs: slices.Compact(ids)}}
	err := s.write(ctx, nil, func(tx *sql.Tx) error {
		if err := s.lockLeases(ctx, tx); err != nil {
			return err
		}
		if err := s.checkNotHeld(ctx, tx, owner, sh, now); err != nil {
			return err
		}
		var err error
		if l.Token, err = s.leaseToken(ctx, tx, l); err != nil {
			return err
		}
		// Leases of another count have all expired: they describe a layout no longer served.
		if _, err := tx.ExecContext(ctx, s.d.rebind(`DELETE FROM shard_leases WHERE shard_count <> ?`), sh.Count); err != nil {
			return err
		}
		for _, id := range l.Shards.IDs {
			if _, err := tx.ExecContext(ctx, s.d.rebind(`INSERT INTO shard_leases
				(shard_count, shard_id, owner, token, acquired_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)
				ON CONFLICT (shard_count, shard_id) DO UPDATE SET owner = excluded.owner, token = excluded.token,
					acquired_at = CASE WHEN shard_leases.token = excluded.token THEN shard_leases.acquired_at
						ELSE excluded.acquired_at END,
					expires_at = excluded.expires_at`),
				sh.Count, id, owner, l.Token, ms(now), ms(now.Add(ttl))); err != nil {
				return classify(err)
			}
		}
		return nil
	})
	if err != nil {
		return Lease{}, fmt.Errorf("acquire shards %v for %s: %w", sh, owner, err)
	}
	return l, nil
}

// holdsLock reports whether this is an SQLite database whose lock file (LockFile) this
// process holds.
func (s *DB) holdsLock() bool { return s.d == &sqliteDialect && holdsLockFile(s.path) }

// lockLeases makes a transaction that changes leases wait for the others that do.
func (s *DB) lockLeases(ctx context.Context, tx *sql.Tx) error {
	if s.d.lockLeases == "" {
		return nil
	}
	if _, err := tx.ExecContext(ctx, s.d.lockLeases); err != nil {
		return fmt.Errorf("lock: %w", err)
	}
	return nil
}

// checkNotHeld fails with a *HeldError, naming the holders, when another owner holds an
// unexpired lease on one of the shards or on any shard of another count, and has not
// provably ended (AcquireShards).
func (s *DB) checkNotHeld(ctx context.Context, tx *sql.Tx, owner string, sh Shards, now time.Time) error {
	rows, err := tx.QueryContext(ctx, s.d.rebind(`SELECT shard_count, shard_id, owner, expires_at FROM shard_leases
		WHERE owner <> ? AND expires_at > ? ORDER BY shard_count, shard_id`), owner, ms(now))
	if err != nil {
		return err
	}
	var held []HeldLease
	for rows.Next() {
		var l HeldLease
		var until int64
		if err := rows.Scan(&l.Count, &l.ID, &l.Owner, &until); err != nil {
			rows.Close()
			return err
		}
		if l.Count != sh.Count || slices.Contains(sh.IDs, l.ID) {
			l.Until = fromMS(until)
			held = append(held, l)
		}
	}
	if err := closeRows(rows); err != nil {
		return err
	}
	if len(held) == 0 || s.holdsLock() {
		return nil
	}
	held = slices.DeleteFunc(held, func(l HeldLease) bool { return ownerGone(l.Owner) })
	if len(held) > 0 {
		return &HeldError{Leases: held}
	}
	return nil
}

// leaseToken returns the token of a lease being acquired: the one under which its owner
// holds every one of its shards already (a renewal), or else one larger than any in the
// database (a new hold).
func (s *DB) leaseToken(ctx context.Context, tx *sql.Tx, l Lease) (int64, error) {
	rows, err := tx.QueryContext(ctx, s.d.rebind(`SELECT shard_id, owner, token FROM shard_leases
		WHERE shard_count = ?`), l.Shards.Count)
	if err != nil {
		return 0, err
	}
	tokens := map[int]int64{} // the owner's shards
	for rows.Next() {
		var id int
		var owner string
		var token int64
		if err := rows.Scan(&id, &owner, &token); err != nil {
			rows.Close()
			return 0, err
		}
		if owner == l.Owner {
			tokens[id] = token
		}
	}
	if err := closeRows(rows); err != nil {
		return 0, err
	}
	held := tokens[l.Shards.IDs[0]]
	for _, id := range l.Shards.IDs {
		if t, ok := tokens[id]; !ok || t != held {
			held = 0
		}
	}
	if held > 0 {
		return held, nil
	}
	var max int64
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(token), 0) FROM shard_leases`).Scan(&max); err != nil {
		return 0, err
	}
	return max + 1, nil
}

// RenewShards extends the lease until now+ttl. It fails with ErrShardLost when one of its
// shards is no longer held under it: it expired and another process took it, or it was
// released.
func (s *DB) RenewShards(ctx context.Context, l Lease, now time.Time, ttl time.Duration) error {
	if err := l.check(); err != nil {
		return fmt.Errorf("renew shards: %w", err)
	}
	err := s.write(ctx, nil, func(tx *sql.Tx) error {
		if err := s.lockLeases(ctx, tx); err != nil {
			return err
		}
		for _, id := range l.Shards.IDs {
			res, err := tx.ExecContext(ctx, s.d.rebind(`UPDATE shard_leases SET expires_at = ?
				WHERE shard_count = ? AND shard_id = ? AND owner = ? AND token = ?`),
				ms(now.Add(ttl)), l.Shards.Count, id, l.Owner, l.Token)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil {
				return err
			} else if n != 1 {
				return fmt.Errorf("%w: shard %d of %d", ErrShardLost, id, l.Shards.Count)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("renew shards %v: %w", l, err)
	}
	return nil
}

// ReleaseShards gives up the lease, so that another process may take its shards at once.
// Writes fenced by it fail from then on.
func (s *DB) ReleaseShards(ctx context.Context, l Lease) error {
	if err := l.check(); err != nil {
		return fmt.Errorf("release shards: %w", err)
	}
	err := s.write(ctx, nil, func(tx *sql.Tx) error {
		if err := s.lockLeases(ctx, tx); err != nil {
			return err
		}
		for _, id := range l.Shards.IDs {
			if _, err := tx.ExecContext(ctx, s.d.rebind(`UPDATE shard_leases SET owner = '', expires_at = 0
				WHERE shard_count = ? AND shard_id = ? AND owner = ? AND token = ?`),
				l.Shards.Count, id, l.Owner, l.Token); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("release shards %v: %w", l, err)
	}
	return nil
}

// check checks that a lease names an owner, shards and a token.
func (l Lease) check() error {
	if err := l.Shards.check(); err != nil {
		return err
	}
	if l.Owner == "" || l.Token < 1 {
		return fmt.Errorf("%w: lease %v", ErrInvalid, l)
	}
	return nil
}
