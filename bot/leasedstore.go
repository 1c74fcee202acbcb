package bot

import (
	"context"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/storage"
	"github.com/pinochle-discord/pinochle/table"
)

// storeReads are the reads the bot makes. They go straight to the database, lease or not.
type storeReads interface {
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
	storage.SocialReader
}

// leasedStore is the store as the bot uses it: the reads it makes, the writes, and the
// lease on its shards. Every write goes through it and is made only while the bot holds
// the lease, so that one process writes a game at a time: its moves, its turn timer and
// reminders, its hands, its end (a result, a forfeit, an abandoned table or idle lobby), new
// tables, the guild's settings and seasons, and players' choices.
//
// A write is refused twice over. First by the bot's own view of its lease (Bot.checkLease),
// which stops writing a margin before the lease ends and for good once it is lost; then by
// storage, in the write's own transaction, through the lease's fence (storage.Fenced), so
// that a process stalled between the two cannot commit once another has taken its shards.
// A refusal is the error as it is (wrapping errLeaseExpired or storage.ErrLeaseLost): the
// callers say what was refused.
//
// leasedStore names each write it makes, and is a storage.Writer: a write added to storage
// does not compile here until it is named, with its lease.
type leasedStore struct {
	storeReads
	db storage.Store
	// now tells the time of the leases (Bot.leaseClock).
	now func() time.Time
	// writer returns the writes fenced by the bot's lease, or why the bot may not write.
	writer func() (storage.Writer, error)
}

var _ storage.Writer = leasedStore{}

// AcquireShards takes the leases of the bot's shards (the lease's own bookkeeping, made
// without one).
func (s leasedStore) AcquireShards(ctx context.Context, owner string, sh storage.Shards, now time.Time, ttl time.Duration) (storage.Lease, error) {
	return s.db.AcquireShards(ctx, owner, sh, now, ttl)
}

// RenewShards extends the bot's lease.
func (s leasedStore) RenewShards(ctx context.Context, l storage.Lease, now time.Time, ttl time.Duration) error {
	return s.db.RenewShards(ctx, l, now, ttl)
}

// ReleaseShards gives the bot's lease up.
func (s leasedStore) ReleaseShards(ctx context.Context, l storage.Lease) error {
	return s.db.ReleaseShards(ctx, l)
}

// fenced returns the writes fenced by lease l. The lease's time is the bot's lease clock
// (real time unless a test sets it), as the bot keeps its leases: they are compared across
// processes.
func (s leasedStore) fenced(l storage.Lease) storage.Writer { return s.db.Fenced(l, s.now) }

// CreateGame records a new game if the bot holds its lease.
func (s leasedStore) CreateGame(ctx context.Context, g table.Game) (int64, error) {
	w, err := s.writer()
	if err != nil {
		return 0, err
	}
	return w.CreateGame(ctx, g)
}

// UpdateGame writes a game's changing fields if the bot holds its lease.
func (s leasedStore) UpdateGame(ctx context.Context, g table.Game) error {
	w, err := s.writer()
	if err != nil {
		return err
	}
	return w.UpdateGame(ctx, g)
}

// SaveAction appends an action to a game's log if the bot holds its lease.
func (s leasedStore) SaveAction(ctx context.Context, gameID int64, seq, seat int, a engine.Action, at time.Time) error {
	w, err := s.writer()
	if err != nil {
		return err
	}
	return w.SaveAction(ctx, gameID, seq, seat, a, at)
}

// RecordHand records a finished hand if the bot holds its lease.
func (s leasedStore) RecordHand(ctx context.Context, gameID int64, res engine.HandResult, at time.Time) error {
	w, err := s.writer()
	if err != nil {
		return err
	}
	return w.RecordHand(ctx, gameID, res, at)
}

// EndGame ends a game if the bot holds its lease.
func (s leasedStore) EndGame(ctx context.Context, gameID int64, at time.Time, decide league.Decider) (league.Recorded, error) {
	w, err := s.writer()
	if err != nil {
		return league.Recorded{}, err
	}
	return w.EndGame(ctx, gameID, at, decide)
}

// StartSeason opens a league season if the bot holds its lease.
func (s leasedStore) StartSeason(ctx context.Context, guildID, name, channelID string, start, end time.Time) (league.Season, error) {
	w, err := s.writer()
	if err != nil {
		return league.Season{}, err
	}
	return w.StartSeason(ctx, guildID, name, channelID, start, end)
}

// EndSeason ends a league season if the bot holds its lease.
func (s leasedStore) EndSeason(ctx context.Context, guildID string, at time.Time) (league.Season, error) {
	w, err := s.writer()
	if err != nil {
		return league.Season{}, err
	}
	return w.EndSeason(ctx, guildID, at)
}

// UpdateSettings replaces a guild's settings if the bot holds its lease.
func (s leasedStore) UpdateSettings(ctx context.Context, guildID string, st table.GuildSettings, at time.Time) error {
	w, err := s.writer()
	if err != nil {
		return err
	}
	return w.UpdateSettings(ctx, guildID, st, at)
}

// SetNotify records a player's choice of turn DMs if the bot holds its lease.
func (s leasedStore) SetNotify(ctx context.Context, userID string, dm bool, at time.Time) error {
	w, err := s.writer()
	if err != nil {
		return err
	}
	return w.SetNotify(ctx, userID, dm, at)
}
