// Package storage keeps everything the bot must remember across restarts and over months of
// play: games and their action logs, hand and game results, per-guild records and ratings,
// league seasons and guild settings.
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
// (Game.Replay). Times are given by the caller and kept to the millisecond, in UTC. Discord
// IDs (guilds, channels, users, messages) are strings.
package storage

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/league"
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

	// Close releases the database. Calls in progress finish first.
	Close() error
	// Backup writes a consistent copy of the database to a new file at dest while the
	// store stays in use.
	Backup(ctx context.Context, dest string) error

	// GetGame returns a game by ID.
	GetGame(ctx context.Context, id int64) (Game, error)
	// RatingHistory returns a player's rating after each of their counted games in a
	// season (Overall for all time), oldest first: what a rating chart draws.
	RatingHistory(ctx context.Context, guildID string, season int64, userID string) ([]RatingPoint, error)
	// RecentGames returns a guild's most recent games that were played (being played or
	// finished), newest first, at most limit of them.
	RecentGames(ctx context.Context, guildID string, limit int) ([]Game, error)

	// LoadActions returns a game's log, oldest first.
	LoadActions(ctx context.Context, gameID int64) ([]ActionRecord, error)
	// LoadActiveGames returns every game in the lobby or being played, with its log, ready
	// for ActiveGame.Replay.
	LoadActiveGames(ctx context.Context) ([]ActiveGame, error)

	// Hands returns the recorded hands of a game, in order.
	Hands(ctx context.Context, gameID int64) ([]engine.HandResult, error)
	// GameResult returns the result of a finished game.
	GameResult(ctx context.Context, gameID int64) (GameResult, error)

	// Leaderboard returns a guild's ranked players for a season, or overall when season is
	// Overall, best first, skipping offset players and returning at most limit.
	Leaderboard(ctx context.Context, guildID string, season int64, limit, offset int) ([]Record, error)
	// PlayerStats returns a player's overall record in a guild and a record per season.
	PlayerStats(ctx context.Context, guildID, userID string) (PlayerStats, error)

	// CurrentSeason returns the guild's season that contains the given time.
	CurrentSeason(ctx context.Context, guildID string, at time.Time) (Season, error)
	// Seasons lists a guild's seasons, oldest first.
	Seasons(ctx context.Context, guildID string) ([]Season, error)
	// Standings returns the ranked players of one season of a guild.
	Standings(ctx context.Context, guildID string, seasonID int64, limit, offset int) ([]Record, error)

	// Settings returns a guild's settings, or DefaultSettings when it has none.
	Settings(ctx context.Context, guildID string) (Settings, error)
	// Notify reports whether a player wants a direct message when it is their turn; false
	// when they never said.
	Notify(ctx context.Context, userID string) (bool, error)

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
	// CreateGame records a new game and returns its ID. Its Status is usually StatusLobby.
	CreateGame(ctx context.Context, g Game) (int64, error)
	// UpdateGame writes a game's changing fields: thread, host, seats, status, messages,
	// last activity, settings and turn timer; preset, options and seed too while its log
	// is empty. It cannot mark a game finished (EndGame does) nor change a finished or
	// abandoned game.
	UpdateGame(ctx context.Context, g Game) error

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
	EndGame(ctx context.Context, gameID int64, at time.Time, decide league.Decider) (Finish, error)

	// StartSeason opens a league season in a guild from start until end (a zero end leaves
	// it open until EndSeason). channelID is where it was started, for its final standings.
	StartSeason(ctx context.Context, guildID, name, channelID string, start, end time.Time) (Season, error)
	// EndSeason ends the guild's season that is open at the given time, at that time.
	EndSeason(ctx context.Context, guildID string, at time.Time) (Season, error)

	// UpdateSettings replaces a guild's settings.
	UpdateSettings(ctx context.Context, guildID string, s Settings, at time.Time) error
	// SetNotify records whether a player wants a direct message when it is their turn.
	SetNotify(ctx context.Context, userID string, dm bool, at time.Time) error
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

// Status is where a game is in its life.
type Status string

// The statuses of a game.
const (
	StatusLobby     Status = "lobby"     // seats are being filled
	StatusPlaying   Status = "playing"   // actions are being played
	StatusFinished  Status = "finished"  // over, with a result (EndGame)
	StatusAbandoned Status = "abandoned" // stopped before its end; never counted
)

// valid reports whether s is one of the statuses.
func (s Status) valid() bool {
	switch s {
	case StatusLobby, StatusPlaying, StatusFinished, StatusAbandoned:
		return true
	}
	return false
}

// Game is a table: where it is played, by whom, under which rules, how the bot runs it, and
// the messages the bot posted for it.
type Game struct {
	ID        int64
	GuildID   string
	ChannelID string
	// ThreadID is the thread the game is played in, if any.
	ThreadID string
	HostID   string
	// Preset and Options are the game's rules (engine.NewRules): options such as target,
	// pass or counters. How the bot runs the table is Settings.
	Preset  string
	Options map[string]string
	Seed    uint64
	// Seats has one entry per seat of the preset, in seat order; an open seat is the zero Seat.
	Seats  []Seat
	Status Status
	// Messages are the messages the bot posted for the game, by role, so that it can edit
	// them after a restart.
	Messages     map[MessageRole]Message
	CreatedAt    time.Time
	LastActivity time.Time
	// EndedAt is when the game finished or was abandoned; zero before.
	EndedAt time.Time
	// Settings are the bot's own choices for the table, set at creation: the computer
	// players' level, hints, turn mentions, forced cards, the turn timer and its policy.
	Settings TableSettings
	// Turn is the timer of the turn in progress.
	Turn TurnState
}

// TurnState is the timer of a game's turn in progress.
type TurnState struct {
	// Seq is the log's length when the turn started.
	Seq int
	// Seat is the seat whose turn it is.
	Seat int
	// Started is when the turn started; zero while no turn is timed.
	Started time.Time
	// Reminders is the number of reminders already sent for this turn: 0, 1 or 2.
	Reminders int
}

// PostChannel is where the game's posts go: its thread, or its channel when it has none.
func (g *Game) PostChannel() string {
	if g.ThreadID != "" {
		return g.ThreadID
	}
	return g.ChannelID
}

// SeatOf returns the seat userID holds in the game, or -1 (always for an empty ID).
func (g *Game) SeatOf(userID string) int {
	if userID == "" {
		return -1
	}
	for i, s := range g.Seats {
		if s.UserID == userID {
			return i
		}
	}
	return -1
}

// Rules returns the game's rules: its preset with its options.
func (g *Game) Rules() (engine.Rules, error) {
	r, err := engine.NewRules(g.Preset, g.Options)
	if err != nil {
		return engine.Rules{}, fmt.Errorf("game %d: %w", g.ID, err)
	}
	return r, nil
}

// Replay rebuilds the game from its log through the engine, with the seats' names set.
func (g *Game) Replay(actions []engine.Action) (*engine.Game, error) {
	r, err := g.Rules()
	if err != nil {
		return nil, err
	}
	eg, err := engine.Replay(r, g.Seed, actions)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", g.ID, err)
	}
	names := make([]string, len(g.Seats))
	for i, s := range g.Seats {
		names[i] = s.Name
	}
	eg.SetNames(names)
	return eg, nil
}

// Seat is a place at a table: a Discord user, a computer player, or open.
type Seat struct {
	// UserID is the Discord user in the seat; empty for a computer or an open seat.
	UserID string
	// Name is the name shown at the table.
	Name string
	// Computer is the level the seat's computer player plays at, one of Levels; empty for
	// a human or an open seat. A seat stored before seats kept their level (as
	// "baseline") reads as its table's level, the one it played at.
	Computer Level
	// Away reports that the seated human handed the seat to a computer player for now
	// (/pinochle away) and may take it back. Only a human's seat may be away.
	Away bool
}

// IsComputer reports whether a computer player holds the seat.
func (s Seat) IsComputer() bool { return s.Computer != "" }

// IsHuman reports whether a Discord user holds the seat.
func (s Seat) IsHuman() bool { return s.UserID != "" }

// IsOpen reports whether nobody holds the seat.
func (s Seat) IsOpen() bool { return s.UserID == "" && s.Computer == "" }

// MessageRole says what a message the bot posted for a game is (Game.Messages).
type MessageRole string

// Roles of the messages of a game.
const (
	// RoleLobby is the lobby message, in the channel, and RoleTable the table message.
	RoleLobby MessageRole = "lobby"
	RoleTable MessageRole = "table"
	// RoleTableUnpinned is the table message when it could not be pinned, so that after a
	// restart the table knows to post it again as it scrolls away.
	RoleTableUnpinned MessageRole = "table-unpinned"
)

// known reports whether r is one of the roles above.
func (r MessageRole) known() bool {
	return r == RoleLobby || r == RoleTable || r == RoleTableUnpinned
}

// Message identifies a Discord message.
type Message struct {
	ChannelID string
	MessageID string
}

// ActionRecord is one entry of a game's log.
type ActionRecord struct {
	Seq    int
	Seat   int
	Action engine.Action
	At     time.Time
}

// ActiveGame is a game in the lobby or being played, with its log.
type ActiveGame struct {
	Game    Game
	Actions []engine.Action
}

// Replay rebuilds the game from its log through the engine.
func (a *ActiveGame) Replay() (*engine.Game, error) { return a.Game.Replay(a.Actions) }

// Finish is what EndGame recorded.
type Finish struct {
	Result GameResult
	// Changes are the rating changes of the game's human players, overall, in seat order;
	// empty when the game does not count.
	Changes []league.RatingChange
}

// RatingPoint is a player's rating after one counted game.
type RatingPoint struct {
	GameID int64
	At     time.Time
	Rating league.Rating
}

// GameResult is the result of a finished game.
type GameResult struct {
	GameID int64
	// Teams are the seats of each team, by seat number.
	Teams  [2][]int
	Scores [2]int
	// Winner is the winning team, or -1 for a draw.
	Winner int
	// Counted reports whether the game counts for records and ratings: all its seats are
	// humans, or the guild counts games with computer players.
	Counted bool
	// SeasonID is the season the game counts for, or 0 for none.
	SeasonID   int64
	FinishedAt time.Time
	// Forfeited reports that the game ended by a forfeit (EndGame with league.Forfeit):
	// the team that is not Winner forfeited it.
	Forfeited bool
	// SeatScores and Places are a solo game's (three-handed, every player scoring alone):
	// each seat's final score and place, 1 for the winner; nil in team games. Winner is
	// then the winning seat, or -1 when first place is shared, and Teams and Scores are
	// empty.
	SeatScores, Places []int
}

// Overall stands for "all seasons" where a season ID is asked for.
const Overall int64 = 0

// Record is a player's record in a guild, overall or for one season. Meld figures are in
// points of the tens scale: the meld of presets counted in ones is multiplied by 10, so
// that figures add up across presets.
type Record struct {
	UserID string
	Name   string
	// Rank is the player's place in the leaderboard, from 1.
	Rank     int
	SeasonID int64
	Games    int
	Wins     int
	Losses   int
	Draws    int
	// Hands is the number of hands played; HandsBid of those, the hands the player won the
	// auction; BidsMade and BidsSet how those ended.
	Hands     int
	HandsBid  int
	BidsMade  int
	BidsSet   int
	MeldTotal int
	HighMeld  int
	// PointsFor is the sum of the player's team's final scores over the games counted, and
	// PointsAgainst that of their opponents', in points of the tens scale.
	PointsFor     int
	PointsAgainst int
	Rating        league.Rating
}

// WinRate returns the share of games won, from 0 to 1.
func (r Record) WinRate() float64 {
	if r.Games == 0 {
		return 0
	}
	return float64(r.Wins) / float64(r.Games)
}

// AverageMeld returns the player's average meld per hand.
func (r Record) AverageMeld() float64 {
	if r.Hands == 0 {
		return 0
	}
	return float64(r.MeldTotal) / float64(r.Hands)
}

// PlayerStats is a player's record in a guild, overall and per season.
type PlayerStats struct {
	Overall Record
	Seasons []SeasonRecord
}

// SeasonRecord is a player's record in one season.
type SeasonRecord struct {
	Season Season
	Record Record
}

// Season is a league season of a guild. A game counts for the season whose [Start, End)
// contains its finish time.
type Season struct {
	ID      int64
	GuildID string
	Name    string
	Start   time.Time
	// End is when the season ends (exclusive); zero while it is open-ended.
	End time.Time
	// ChannelID is the channel the season was started in, where its final standings go;
	// empty when unknown.
	ChannelID string
}

// Contains reports whether t falls in the season.
func (s Season) Contains(t time.Time) bool {
	return !t.Before(s.Start) && (s.End.IsZero() || t.Before(s.End))
}

// Settings are a guild's choices.
type Settings struct {
	// DefaultPreset and DefaultOptions are the rules a new table starts with
	// (engine.NewRules): options such as target, pass or counters.
	DefaultPreset  string
	DefaultOptions map[string]string
	// TableDefaults are how the bot runs a new table (its Game.Settings) unless the table
	// chooses otherwise. Their Timer is 0 (no limit) or from MinTurnTimeout to
	// MaxTurnTimeout.
	TableDefaults TableSettings
	// HintsChosen reports that the guild chose TableDefaults.Hints. Until it does, hints
	// are on, except at tables opened while a league season runs.
	HintsChosen bool
	// ComputerGamesCount makes games with computer players count for records, ratings and
	// seasons (computer players themselves are never ranked).
	ComputerGamesCount bool
	// Channels are the channels the bot may use; none means every channel.
	Channels []string
}

// DefaultSettings returns the settings of a guild that has chosen none.
func DefaultSettings() Settings {
	return Settings{DefaultPreset: "racehorse", TableDefaults: DefaultTableSettings()}
}

// The bounds of a guild's turn timer (Settings.TableDefaults.Timer), besides 0 for none.
const (
	MinTurnTimeout = time.Minute
	MaxTurnTimeout = 7 * 24 * time.Hour
)

// AllowsChannel reports whether the bot may use a channel.
func (s Settings) AllowsChannel(channelID string) bool {
	if len(s.Channels) == 0 {
		return true
	}
	for _, c := range s.Channels {
		if c == channelID {
			return true
		}
	}
	return false
}
