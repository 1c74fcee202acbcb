// Package leased is the store as the bot uses it: every write made only while the bot holds
// the lease on its Discord shards, checked twice (by the bot's own view of its lease, then by
// the store in the write's own transaction), so that one process writes a game at a time.
package leased

import (
	"context"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/storage"
	"github.com/pinochle-discord/pinochle/table"
)

// Reads are the reads the bot makes. They go straight to the database, lease or not.
type Reads interface {
	GetGame(ctx context.Context, id int64) (table.Game, error)
	RecentGames(ctx context.Context, guildID string, limit int) ([]table.Game, error)
	RatingHistory(ctx context.Context, guildID string, season int64, userID string) ([]league.RatingPoint, error)
	LoadActions(ctx context.Context, gameID int64) ([]storage.ActionRecord, error)
	LoadActiveGames(ctx context.Context) ([]storage.ActiveGame, error)
	Hands(ctx context.Context, gameID int64) ([]engine.HandResult, error)
	Leaderboard(ctx context.Context, guildID string, season int64, limit, offset int) ([]league.Record, error)
	PlayerStats(ctx context.Context, guildID, userID string) (league.PlayerStats, error)
	CurrentSeason(ctx context.Context, guildID string, at time.Time) (league.Season, error)
	Seasons(ctx context.Context, guildID string) ([]league.Season, error)
	Standings(ctx context.Context, guildID string, seasonID int64, limit, offset int) ([]league.Record, error)
	Settings(ctx context.Context, guildID string) (table.GuildSettings, error)
	Notify(ctx context.Context, userID string) (bool, error)
	GameResult(ctx context.Context, gameID int64) (league.GameResult, error)
	storage.EventReader
	CardsPreference(ctx context.Context, userID string) (table.CardsPreference, error)
	storage.SocialReader
}

// Store is the store as the bot uses it: the reads it makes, the writes, and the lease on
// its shards. Create one with New. Every write goes through it and is made only while the bot holds
// the lease, so that one process writes a game at a time: its moves, its turn timer and
// reminders, its hands, its end (a result, a forfeit, an abandoned table or idle lobby), new
// tables, the guild's settings and seasons, and players' choices.
//
// A write is refused twice over. First by the bot's own view of its lease (the writer New is
// given), which stops writing a margin before the lease ends and for good once it is lost;
// then by storage, in the write's own transaction, through the lease's fence
// (storage.Fenced), so that a process stalled between the two cannot commit once another has
// taken its shards.
// A refusal is the error as it is (the writer's, or storage.ErrLeaseLost): the callers say
// what was refused.
//
// Store names each write it makes, and is a storage.Writer: a write added to storage
// does not compile here until it is named, with its lease.
type Store struct {
	Reads
	db storage.Store
	// now tells the time of the leases (the bot's lease clock).
	now func() time.Time
	// writer returns the writes fenced by the bot's lease, or why the bot may not write.
	writer func() (storage.Writer, error)
}

var _ storage.Writer = Store{}

// New returns the store db as the bot uses it: its reads straight from db, its writes through
// writer, which returns the writes fenced by the bot's lease or why the bot may not write,
// and its leases' time told by now.
func New(db storage.Store, now func() time.Time, writer func() (storage.Writer, error)) Store {
	return Store{Reads: db, db: db, now: now, writer: writer}
}

// AcquireShards takes the leases of the bot's shards (the lease's own bookkeeping, made
// without one).
func (s Store) AcquireShards(ctx context.Context, owner string, sh storage.Shards, now time.Time, ttl time.Duration) (storage.Lease, error) {
	return s.db.AcquireShards(ctx, owner, sh, now, ttl)
}

// RenewShards extends the bot's lease.
func (s Store) RenewShards(ctx context.Context, l storage.Lease, now time.Time, ttl time.Duration) error {
	return s.db.RenewShards(ctx, l, now, ttl)
}

// ReleaseShards gives the bot's lease up.
func (s Store) ReleaseShards(ctx context.Context, l storage.Lease) error {
	return s.db.ReleaseShards(ctx, l)
}

// Fenced returns the writes fenced by lease l. The lease's time is the bot's lease clock
// (real time unless a test sets it), as the bot keeps its leases: they are compared across
// processes.
func (s Store) Fenced(l storage.Lease) storage.Writer { return s.db.Fenced(l, s.now) }

// CreateGame records a new game if the bot holds its lease.
func (s Store) CreateGame(ctx context.Context, g table.Game) (int64, error) {
	w, err := s.writer()
	if err != nil {
		return 0, err
	}
	return w.CreateGame(ctx, g)
}

// UpdateGame writes a game's changing fields if the bot holds its lease.
func (s Store) UpdateGame(ctx context.Context, g table.Game) error {
	w, err := s.writer()
	if err != nil {
		return err
	}
	return w.UpdateGame(ctx, g)
}

// SaveAction appends an action to a game's log if the bot holds its lease.
func (s Store) SaveAction(ctx context.Context, gameID int64, seq, seat int, a engine.Action, at time.Time) error {
	w, err := s.writer()
	if err != nil {
		return err
	}
	return w.SaveAction(ctx, gameID, seq, seat, a, at)
}

// RecordHand records a finished hand if the bot holds its lease.
func (s Store) RecordHand(ctx context.Context, gameID int64, res engine.HandResult, at time.Time) error {
	w, err := s.writer()
	if err != nil {
		return err
	}
	return w.RecordHand(ctx, gameID, res, at)
}

// EndGame ends a game if the bot holds its lease.
func (s Store) EndGame(ctx context.Context, gameID int64, at time.Time, decide league.Decider) (league.Recorded, error) {
	w, err := s.writer()
	if err != nil {
		return league.Recorded{}, err
	}
	return w.EndGame(ctx, gameID, at, decide)
}

// StartSeason opens a league season if the bot holds its lease.
func (s Store) StartSeason(ctx context.Context, guildID, name, channelID string, start, end time.Time) (league.Season, error) {
	w, err := s.writer()
	if err != nil {
		return league.Season{}, err
	}
	return w.StartSeason(ctx, guildID, name, channelID, start, end)
}

// EndSeason ends a league season if the bot holds its lease.
func (s Store) EndSeason(ctx context.Context, guildID string, at time.Time) (league.Season, error) {
	w, err := s.writer()
	if err != nil {
		return league.Season{}, err
	}
	return w.EndSeason(ctx, guildID, at)
}

// UpdateSettings replaces a guild's settings if the bot holds its lease.
func (s Store) UpdateSettings(ctx context.Context, guildID string, st table.GuildSettings, at time.Time) error {
	w, err := s.writer()
	if err != nil {
		return err
	}
	return w.UpdateSettings(ctx, guildID, st, at)
}

// SetNotify records a player's choice of turn DMs if the bot holds its lease.
func (s Store) SetNotify(ctx context.Context, userID string, dm bool, at time.Time) error {
	w, err := s.writer()
	if err != nil {
		return err
	}
	return w.SetNotify(ctx, userID, dm, at)
}

// SetCardsPreference records a player's own card look if the bot holds its lease.
func (s Store) SetCardsPreference(ctx context.Context, userID string, p table.CardsPreference, at time.Time) error {
	w, err := s.writer()
	if err != nil {
		return err
	}
	return w.SetCardsPreference(ctx, userID, p, at)
}
