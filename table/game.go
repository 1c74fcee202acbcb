package table

import (
	"fmt"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
)

// Status is where a game is in its life.
type Status string

// The statuses of a game.
const (
	StatusLobby     Status = "lobby"     // seats are being filled
	StatusPlaying   Status = "playing"   // actions are being played
	StatusFinished  Status = "finished"  // over, with a result
	StatusAbandoned Status = "abandoned" // stopped before its end; never counted
)

// Valid reports whether s is one of the statuses.
func (s Status) Valid() bool {
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
	Settings Settings
	// Turn is the timer of the turn in progress.
	Turn TurnState
	// Told is how much of the game's log its thread has been told: the table tells a hand
	// in one post at its end, and a table rebuilt in the middle of a hand tells the steps
	// after Told with the rest of the hand.
	Told int
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
	// a human or an open seat.
	Computer Level
	// Away reports that the seated human handed the seat to a computer player for now
	// (/pinochle away) and may take it back. Only a human's seat may be away.
	Away bool
	// Left is when the seated human left the game in play (/pinochle leave): a computer
	// player has the seat (Away is set too), and the person may take it back for a while
	// only (LeftGrace). Zero while they have not left.
	Left time.Time
}

// IsComputer reports whether a computer player holds the seat.
func (s Seat) IsComputer() bool { return s.Computer != "" }

// IsHuman reports whether a Discord user holds the seat.
func (s Seat) IsHuman() bool { return s.UserID != "" }

// HasLeft reports whether the seated human left the game in play.
func (s Seat) HasLeft() bool { return !s.Left.IsZero() }

// LeftGrace is how long after leaving a game a person may take their seat back: the table's
// turn timer, or DefaultSettings' at a table without one.
func (s Settings) LeftGrace() time.Duration {
	if s.Timer > 0 {
		return s.Timer
	}
	return DefaultSettings().Timer
}

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

// Known reports whether r is one of the roles above.
func (r MessageRole) Known() bool {
	return r == RoleLobby || r == RoleTable || r == RoleTableUnpinned
}

// Message identifies a Discord message.
type Message struct {
	ChannelID string
	MessageID string
}
