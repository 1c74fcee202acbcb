package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/table"
)

// ErrLeaseLost: a write made through Fenced found that its lease no longer holds (another
// process took a shard over, the lease was released, or its end has passed) and wrote
// nothing.
var ErrLeaseLost = errors.New("storage: lease lost")

// sqlFence reads the rows of a fenced write's lease; the dialect's forShare follows it.
const sqlFence = `SELECT shard_id, owner, expires_at FROM shard_leases
	WHERE shard_count = ? AND token = ? ORDER BY shard_id`

// Fenced returns the store's writes made on behalf of lease l. Each one checks, inside its
// own transaction and before it writes anything, that l still holds: every shard of l is
// held by l's owner under l's token, and its end is after now(), which is read once the
// lease's rows are (the leases' clock: real time for processes that share a database; nil
// is time.Now). Otherwise it fails with ErrLeaseLost, its error saying which shard and why,
// and writes nothing; a lease without owner, shards or token fails with ErrInvalid.
//
// The check holds the lease until the write commits: on PostgreSQL the lease's rows are
// read FOR SHARE, so that a process taking the shards over (or a renewal) waits for the
// write, and a write that meets a takeover in progress waits for it and then sees the new
// token; SQLite's one writer at a time has the same effect. So a process that stalled
// between its own check of the lease and its write cannot commit once another process has
// taken its shards: the takeover gave them a new token.
//
// SaveActions through the fenced store still share commits (saves.go); an action whose
// lease no longer holds fails alone.
func (s *DB) Fenced(l Lease, now func() time.Time) Writer {
	if now == nil {
		now = time.Now
	}
	l.Shards.IDs = slices.Clone(l.Shards.IDs)
	return &fence{db: s, lease: l, now: now}
}

// fence is the store's writes fenced by a lease (Fenced).
type fence struct {
	db    *DB
	lease Lease
	now   func() time.Time
}

var _ Writer = (*fence)(nil)

// check fails with ErrLeaseLost unless the fence's lease holds in tx, and holds it there
// until tx ends (sqlFence with the dialect's forShare).
func (fc *fence) check(ctx context.Context, tx *sql.Tx) error {
	l := fc.lease
	if err := l.check(); err != nil {
		return fmt.Errorf("fence: %w", err)
	}
	rows, err := in(ctx, tx, fc.db.wr.fence).QueryContext(ctx, l.Shards.Count, l.Token)
	if err != nil {
		return fmt.Errorf("fence: %w", err)
	}
	type row struct {
		owner   string
		expires int64
	}
	held := map[int]row{}
	for rows.Next() {
		var id int
		var r row
		if err := rows.Scan(&id, &r.owner, &r.expires); err != nil {
			rows.Close()
			return fmt.Errorf("fence: %w", err)
		}
		held[id] = r
	}
	if err := closeRows(rows); err != nil {
		return fmt.Errorf("fence: %w", err)
	}
	now := fc.now()
	for _, id := range l.Shards.IDs {
		r, ok := held[id]
		switch {
		case !ok:
			return fmt.Errorf("%w: shard %d of %d is no longer held under token %d: taken over",
				ErrLeaseLost, id, l.Shards.Count, l.Token)
		case r.owner == "":
			return fmt.Errorf("%w: shard %d of %d was released", ErrLeaseLost, id, l.Shards.Count)
		case r.owner != l.Owner:
			return fmt.Errorf("%w: shard %d of %d is held by %s", ErrLeaseLost, id, l.Shards.Count, r.owner)
		case r.expires <= ms(now):
			return fmt.Errorf("%w: the lease of shard %d of %d ended at %s", ErrLeaseLost, id, l.Shards.Count,
				fromMS(r.expires).Format(time.RFC3339Nano))
		}
	}
	return nil
}

// CreateGame is DB.CreateGame under the fence's lease.
func (fc *fence) CreateGame(ctx context.Context, g table.Game) (int64, error) {
	return fc.db.createGame(ctx, fc, g)
}

// UpdateGame is DB.UpdateGame under the fence's lease.
func (fc *fence) UpdateGame(ctx context.Context, g table.Game) error {
	return fc.db.updateGame(ctx, fc, g)
}

// SaveAction is DB.SaveAction under the fence's lease.
func (fc *fence) SaveAction(ctx context.Context, gameID int64, seq, seat int, a engine.Action, at time.Time) error {
	return fc.db.saveAction(ctx, fc, gameID, seq, seat, a, at)
}

// RecordHand is DB.RecordHand under the fence's lease.
func (fc *fence) RecordHand(ctx context.Context, gameID int64, res engine.HandResult, at time.Time) error {
	return fc.db.recordHand(ctx, fc, gameID, res, at)
}

// EndGame is DB.EndGame under the fence's lease.
func (fc *fence) EndGame(ctx context.Context, gameID int64, at time.Time, decide league.Decider) (league.Recorded, error) {
	return fc.db.endGame(ctx, fc, gameID, at, decide)
}

// StartSeason is DB.StartSeason under the fence's lease.
func (fc *fence) StartSeason(ctx context.Context, guildID, name, channelID string, start, end time.Time) (league.Season, error) {
	return fc.db.startSeason(ctx, fc, guildID, name, channelID, start, end)
}

// EndSeason is DB.EndSeason under the fence's lease.
func (fc *fence) EndSeason(ctx context.Context, guildID string, at time.Time) (league.Season, error) {
	return fc.db.endSeason(ctx, fc, guildID, at)
}

// UpdateSettings is DB.UpdateSettings under the fence's lease.
func (fc *fence) UpdateSettings(ctx context.Context, guildID string, st table.GuildSettings, at time.Time) error {
	return fc.db.updateSettings(ctx, fc, guildID, st, at)
}

// SetNotify is DB.SetNotify under the fence's lease.
func (fc *fence) SetNotify(ctx context.Context, userID string, dm bool, at time.Time) error {
	return fc.db.setNotify(ctx, fc, userID, dm, at)
}

// SetCardsPreference is DB.SetCardsPreference under the fence's lease.
func (fc *fence) SetCardsPreference(ctx context.Context, userID string, p table.CardsPreference, at time.Time) error {
	return fc.db.setCardsPreference(ctx, fc, userID, p, at)
}
