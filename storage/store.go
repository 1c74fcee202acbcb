// Package storage keeps everything the bot must remember across restarts and over months of
// play: games and their action logs, hand and game results, per-guild records and ratings,
// league seasons and guild settings. What it keeps is written in the table package's
// vocabulary (games, seats, settings) and the league's (results, records, seasons).
//
// The bot speaks to it through the Store interface, in terms of the game (SaveAction,
// LoadActiveGames, Leaderboard), never in SQL. DB implements it on SQLite (Open) and on
// PostgreSQL (OpenPostgres); Connect picks by the target's form. The two share their
// statements, written once in SQL both accept, and differ in a dialect (placeholders, a few
// functions, errors, locks, read isolation) and in their migrations.
//
// Storage decides nothing about the league: what a finished game means (its winner,
// whether it counts, the ratings) is the league package's decision, which EndGame records.
//
// The action log is the truth: a game is rebuilt by replaying its log through the engine
// (table.Game.Replay). Times are given by the caller and kept to the millisecond, in UTC. Discord
// IDs (guilds, channels, users, messages) are strings.
package storage

import (
	"context"
	"errors"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/table"
)

// Store is what the bot needs from its database.
//
// Its writes are Writer's. Made on the store itself they are fenced by nothing (a tool, a
// test, a database no other process writes). Made through Fenced, on behalf of a process's
// lease on its Discord shards, each checks the lease in its own transaction and, once the
// lease no longer holds, fails with ErrLeaseLost and writes nothing. A write added to the
// store belongs in Writer, so that Fenced covers it and the bot's leased store, a Writer
// too, must name it. The writes outside Writer are made on behalf of no shard: the leases'
// own bookkeeping (AcquireShards, RenewShards, ReleaseShards), Backup, and Copy (the
// migrate tool's, outside the interface).
type Store interface {
	Writer
	EventReader
	// SocialReader is the reads of the loop around games (social.go).
	SocialReader

	// Close releases the database. Calls in progress finish first.
	Close() error
	// Backup writes a consistent copy of the database to a new file at dest while the
	// store stays in use.
	Backup(ctx context.Context, dest string) error

	// GetGame returns a game by ID.
	GetGame(ctx context.Context, id int64) (table.Game, error)
	// RatingHistory returns a player's rating after each of their counted games in a
	// season (Overall for all time), oldest first: what a rating chart draws.
	RatingHistory(ctx context.Context, guildID string, season int64, userID string) ([]league.RatingPoint, error)
	// RecentGames returns a guild's most recent games that were played (being played or
	// finished), newest first, at most limit of them.
	RecentGames(ctx context.Context, guildID string, limit int) ([]table.Game, error)

	// LoadActions returns a game's log, oldest first.
	LoadActions(ctx context.Context, gameID int64) ([]ActionRecord, error)
	// LoadActiveGames returns every game in the lobby or being played, with its log, ready
	// for ActiveGame.Replay.
	LoadActiveGames(ctx context.Context) ([]ActiveGame, error)

	// Hands returns the recorded hands of a game, in order.
	Hands(ctx context.Context, gameID int64) ([]engine.HandResult, error)
	// GameResult returns the result of a finished game.
	GameResult(ctx context.Context, gameID int64) (league.GameResult, error)

	// Leaderboard returns a guild's ranked players for a season, or overall when season is
	// Overall, best first, skipping offset players and returning at most limit.
	Leaderboard(ctx context.Context, guildID string, season int64, limit, offset int) ([]league.Record, error)
	// PlayerStats returns a player's overall record in a guild and a record per season.
	PlayerStats(ctx context.Context, guildID, userID string) (league.PlayerStats, error)

	// CurrentSeason returns the guild's season that contains the given time.
	CurrentSeason(ctx context.Context, guildID string, at time.Time) (league.Season, error)
	// Seasons lists a guild's seasons, oldest first.
	Seasons(ctx context.Context, guildID string) ([]league.Season, error)
	// Standings returns the ranked players of one season of a guild.
	Standings(ctx context.Context, guildID string, seasonID int64, limit, offset int) ([]league.Record, error)

	// Settings returns a guild's settings, or table.DefaultGuildSettings when it has none.
	Settings(ctx context.Context, guildID string) (table.GuildSettings, error)
	// Notify reports whether a player wants a direct message when it is their turn; false
	// when they never said.
	Notify(ctx context.Context, userID string) (bool, error)
	// CardsPreference returns a player's own card look; the zero preference when they
	// never chose one.
	CardsPreference(ctx context.Context, userID string) (table.CardsPreference, error)

	// AcquireShards takes the leases of a process's Discord shards (ErrShardHeld when
	// another process serves them) and returns the lease, with its token; RenewShards
	// extends it (ErrShardLost when one of its shards was taken over after it expired);
	// ReleaseShards gives it up. A process writes only the games of guilds on shards it
	// holds, through Fenced.
	AcquireShards(ctx context.Context, owner string, sh Shards, now time.Time, ttl time.Duration) (Lease, error)
	RenewShards(ctx context.Context, l Lease, now time.Time, ttl time.Duration) error
	ReleaseShards(ctx context.Context, l Lease) error
	// Fenced returns the writes made on behalf of lease l: each fails with ErrLeaseLost,
	// writing nothing, unless l still holds in the write's own transaction, now (read
	// there) being before its end.
	Fenced(l Lease, now func() time.Time) Writer
}

// Writer is every write of the store's games, logs, hands, results, seasons, settings and
// players' choices: what a process writes on behalf of its shards, and what a lease fences
// (Store.Fenced).
type Writer interface {
	// CreateGame records a new game and returns its ID. Its Status is usually table.StatusLobby.
	CreateGame(ctx context.Context, g table.Game) (int64, error)
	// UpdateGame writes a game's changing fields: thread, host, seats, status, messages,
	// last activity, settings and turn timer; preset, options and seed too while its log
	// is empty. It cannot mark a game finished (EndGame does) nor change a finished or
	// abandoned game.
	UpdateGame(ctx context.Context, g table.Game) error

	// SaveAction appends an accepted action to a game's log and returns once it is durable.
	// seq is the action's index in the log: it must be the log's length, so that a
	// duplicate or out-of-order write fails (ErrOutOfOrder). The game must be playing.
	SaveAction(ctx context.Context, gameID int64, seq, seat int, a engine.Action, at time.Time) error

	// RecordHand records a finished hand of a game. Recording a hand again replaces it, so
	// a bot that restarts may record the hands of a replayed game again.
	RecordHand(ctx context.Context, gameID int64, res engine.HandResult, at time.Time) error
	// EndGame ends a game being played in one transaction: it gives decide what the league
	// needs to know (league.Finish for a game its log ends, league.Forfeit(team) for a
	// forfeit), and records what decide returns: hands, result, records and ratings.
	EndGame(ctx context.Context, gameID int64, at time.Time, decide league.Decider) (league.Recorded, error)

	// StartSeason opens a league season in a guild from start until end (a zero end leaves
	// it open until EndSeason). channelID is where it was started, for its final standings.
	StartSeason(ctx context.Context, guildID, name, channelID string, start, end time.Time) (league.Season, error)
	// EndSeason ends the guild's season that is open at the given time, at that time.
	EndSeason(ctx context.Context, guildID string, at time.Time) (league.Season, error)

	// UpdateSettings replaces a guild's settings.
	UpdateSettings(ctx context.Context, guildID string, s table.GuildSettings, at time.Time) error
	// SetNotify records whether a player wants a direct message when it is their turn.
	SetNotify(ctx context.Context, userID string, dm bool, at time.Time) error
	// SetCardsPreference records a player's own card look (the zero preference: none).
	SetCardsPreference(ctx context.Context, userID string, p table.CardsPreference, at time.Time) error

	// EventWriter is the writes of league events and the daily deal (events.go).
	EventWriter
	// SocialWriter is the writes of the loop around games: playing again, calls to tables,
	// the admins' corrections (social.go).
	SocialWriter
}

// Errors the store returns, wrapped with context: compare with errors.Is.
var (
	// ErrNotFound: no such game, season or record.
	ErrNotFound = errors.New("storage: not found")
	// ErrOutOfOrder: an action's seq is not the length of the game's log.
	ErrOutOfOrder = errors.New("storage: action out of order")
	// ErrNotPlaying: the game is not in the state the call needs (for instance an action
	// for a game that is not being played).
	ErrNotPlaying = errors.New("storage: game not in play")
	// ErrInvalid: the caller passed something the store cannot record.
	ErrInvalid = errors.New("storage: invalid")
	// ErrConflict: the change contradicts what is recorded (overlapping seasons, a season
	// that would leave out games already counted).
	ErrConflict = errors.New("storage: conflict")
	// ErrSchemaTooNew: the database was written by a newer version of the program.
	ErrSchemaTooNew = errors.New("storage: database is newer than this program")
)

// ActionRecord is one entry of a game's log.
type ActionRecord struct {
	Seq    int
	Seat   int
	Action engine.Action
	At     time.Time
}

// ActiveGame is a game in the lobby or being played, with its log.
type ActiveGame struct {
	Game    table.Game
	Actions []engine.Action
}

// Replay rebuilds the game from its log through the engine.
func (a *ActiveGame) Replay() (*engine.Game, error) { return a.Game.Replay(a.Actions) }
