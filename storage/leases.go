package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// ErrShardHeld: another process holds a lease on a shard asked for, or serves the database
// with another shard count, and its lease has not expired.
var ErrShardHeld = errors.New("storage: shard served by another process")

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

// AcquireShards takes the leases of a process's shards until now+ttl. It fails with
// ErrShardHeld, naming the holder, when another owner holds an unexpired lease on one of
// them or on any shard of another count (a process that serves the guilds differently).
// Leases that expired are taken over. Calling it again for the same owner renews.
func (s *DB) AcquireShards(ctx context.Context, owner string, sh Shards, now time.Time, ttl time.Duration) error {
	if err := sh.check(); err != nil {
		return fmt.Errorf("acquire shards: %w", err)
	}
	if owner == "" || ttl <= 0 {
		return fmt.Errorf("acquire shards: %w: owner %q, ttl %v", ErrInvalid, owner, ttl)
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		if s.d.lockLeases != "" {
			if _, err := tx.ExecContext(ctx, s.d.lockLeases); err != nil {
				return fmt.Errorf("lock: %w", err)
			}
		}
		rows, err := tx.QueryContext(ctx, s.d.rebind(`SELECT shard_count, shard_id, owner, expires_at FROM shard_leases
			WHERE owner <> ? AND expires_at > ? ORDER BY shard_count, shard_id`), owner, ms(now))
		if err != nil {
			return err
		}
		var held []string
		for rows.Next() {
			var count, id int
			var other string
			var until int64
			if err := rows.Scan(&count, &id, &other, &until); err != nil {
				rows.Close()
				return err
			}
			if count != sh.Count || slices.Contains(sh.IDs, id) {
				held = append(held, fmt.Sprintf("shard %d of %d by %s until %s", id, count, other,
					fromMS(until).Format(time.RFC3339)))
			}
		}
		if err := closeRows(rows); err != nil {
			return err
		}
		if len(held) > 0 {
			return fmt.Errorf("%w: %s", ErrShardHeld, strings.Join(held, "; "))
		}
		// Leases of another count have all expired: they describe a layout no longer served.
		if _, err := tx.ExecContext(ctx, s.d.rebind(`DELETE FROM shard_leases WHERE shard_count <> ?`), sh.Count); err != nil {
			return err
		}
		for _, id := range sh.IDs {
			if _, err := tx.ExecContext(ctx, s.d.rebind(`INSERT INTO shard_leases
				(shard_count, shard_id, owner, acquired_at, expires_at) VALUES (?, ?, ?, ?, ?)
				ON CONFLICT (shard_count, shard_id) DO UPDATE SET owner = excluded.owner,
					acquired_at = excluded.acquired_at, expires_at = excluded.expires_at`),
				sh.Count, id, owner, ms(now), ms(now.Add(ttl))); err != nil {
				return classify(err)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("acquire shards %v for %s: %w", sh, owner, err)
	}
	return nil
}

// RenewShards extends the leases the owner holds until now+ttl. It fails with ErrShardLost
// when one of them is no longer the owner's: it expired and another process took it.
func (s *DB) RenewShards(ctx context.Context, owner string, sh Shards, now time.Time, ttl time.Duration) error {
	if err := sh.check(); err != nil {
		return fmt.Errorf("renew shards: %w", err)
	}
	err := s.write(ctx, func(tx *sql.Tx) error {
		for _, id := range sh.IDs {
			res, err := tx.ExecContext(ctx, s.d.rebind(`UPDATE shard_leases SET expires_at = ?
				WHERE shard_count = ? AND shard_id = ? AND owner = ?`), ms(now.Add(ttl)), sh.Count, id, owner)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil {
				return err
			} else if n != 1 {
				return fmt.Errorf("%w: shard %d of %d", ErrShardLost, id, sh.Count)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("renew shards %v for %s: %w", sh, owner, err)
	}
	return nil
}

// ReleaseShards gives up the owner's leases, so that another process may take the shards at
// once.
func (s *DB) ReleaseShards(ctx context.Context, owner string, sh Shards) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		for _, id := range sh.IDs {
			if _, err := tx.ExecContext(ctx, s.d.rebind(`DELETE FROM shard_leases
				WHERE shard_count = ? AND shard_id = ? AND owner = ?`), sh.Count, id, owner); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("release shards %v for %s: %w", sh, owner, err)
	}
	return nil
}
