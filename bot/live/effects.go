package live

import (
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/table"
)

// ReplyKind is what a table answers the person who sent a command with.
type ReplyKind int

const (
	// ReplyNotice: Notice alone, privately (a refusal or a confirmation).
	ReplyNotice ReplyKind = iota
	// ReplyView: the person's private view of the table (Seat, View), with Notice above it,
	// or none.
	ReplyView
	// ReplyLobby: the lobby as it now is (Game), in place of the lobby message clicked.
	ReplyLobby
	// ReplyStarted: the lobby clicked has started its game (Game); it no longer takes players.
	ReplyStarted
	// ReplyLobbyClosed: the lobby clicked is closed, as End says.
	ReplyLobbyClosed
	// ReplyBidForm: the form to bid an amount, at least MinBid, at stamp At.
	ReplyBidForm
	// ReplyDeferred: the answer comes later, as an EditView effect (a hint).
	ReplyDeferred
	// ReplyWatch: the table as a watcher sees it (Watching), kept up to date by
	// EditWatch effects.
	ReplyWatch
)

// Reply is a table's answer to a command, for the person who sent it alone.
type Reply struct {
	Kind   ReplyKind
	Notice Notice
	// Game is the table's record as of the answer.
	Game table.Game
	// Seat and View are the person's seat and view (ReplyView); NextHand is set while the
	// table pauses after a hand and the person has not asked for the next one.
	Seat     int
	View     engine.View
	NextHand bool
	// Chosen is the card the person chose to play at a table that confirms cards, not yet
	// played (ReplyView).
	Chosen engine.CardSet
	// MinBid and At are the bid form's (ReplyBidForm).
	MinBid int
	At     table.Stamp
	// End is how the lobby closed (ReplyLobbyClosed).
	End Ending
	// Watching is what a watcher sees (ReplyWatch).
	Watching Watching
}

// EndKind is how a table ended.
type EndKind int

const (
	// EndFinished: the game was played to its result (Scores, Winner).
	EndFinished EndKind = iota + 1
	// EndForfeit: Seat's time ran out and Team forfeited the game.
	EndForfeit
	// EndCancelled: By cancelled the lobby.
	EndCancelled
	// EndAbandoned: By abandoned the table; it does not count.
	EndAbandoned
	// EndExpired: the lobby closed after a day without enough players.
	EndExpired
)

// Ending is how a table ended.
type Ending struct {
	Kind EndKind
	// By is the name of the person who closed the table (EndCancelled, EndAbandoned).
	By string
	// Seat and Team are the seat whose time ran out and its team (EndForfeit); where every
	// player scores alone, Team is -1 and Winner the seat that wins the forfeited game (-1
	// when first place is shared).
	Seat, Team int
	// Scores and Winner are the game's result (EndFinished; -1 for a draw); in a game
	// where every player scores alone (engine.Rules.Solo) Winner is a seat, the scores are
	// SeatScores and Scores stays zero.
	Scores     [2]int
	SeatScores [engine.MaxPlayers]int
	Winner     int
	// Left marks a forfeit by the seat's player leaving, rather than their time running
	// out (EndForfeit).
	Left bool
}

// An Effect is something a table asks of the world outside after a command has been
// handled and what it changed saved: posts, edits and private views to bring up to date.
// Effects reach Config.Effects in the order the table made them, after the commit. Every
// record and view in an effect is the effect's own copy.
type Effect interface{ effect() }

// Narrate tells the table's thread what happened, in order.
type Narrate struct {
	// Channel is where the table's posts go: its thread, or its channel without one.
	Channel string
	// Game is the table's record as of the end of the narration.
	Game  table.Game
	Items []Item
	// Turn, when set, are the users whose turn is announced now (and mentioned).
	Turn []string
}

// An Item is one thing a narration tells: a Step of the game or a Note.
type Item interface{ item() }

// Step is an action applied to the game, the events it made, and the public view right
// after it.
type Step struct {
	Action engine.Action
	Events []engine.Event
	Public engine.View
}

// NoteKind is what a Note tells.
type NoteKind int

const (
	// NoteGameStarts: the game starts; Seat deals the first hand.
	NoteGameStarts NoteKind = iota + 1
	// NoteLateMove: Seat's time ran out and a computer player moved for them.
	NoteLateMove
	// NoteEnded: the table ended other than by its game's last hand, as End says.
	NoteEnded
	// NoteAway and NoteBack: Seat's player handed their seat to a computer player, or
	// took it back.
	NoteAway
	NoteBack
	// NoteFinished: the game is over and recorded; Finish says what it did to the ratings.
	NoteFinished
	// NoteLeft: Seat's player left the game; a computer player finishes it in their place.
	NoteLeft
)

// Note is a line of narration that is not an action of the game.
type Note struct {
	Kind   NoteKind
	Seat   int
	Card   engine.Card
	End    Ending
	Finish league.Recorded
}

func (Step) item() {}
func (Note) item() {}

// Remind reminds Users, in Channel, that the table waits for them: Left remains before
// their time runs out, and then a computer player moves for them or, with Forfeit, their
// team forfeits.
type Remind struct {
	Channel string
	Users   []string
	Left    time.Duration
	Forfeit bool
	// Alone is set at a table of two, or of players who score alone (three-handed), where
	// a player who forfeits forfeits alone.
	Alone bool
}

// Mention mentions Users, in Channel, whose turn the table waits for.
type Mention struct {
	Channel string
	Users   []string
}

// NotifyTurn tells Users privately (those who asked for it) that it is their turn at Game.
type NotifyTurn struct {
	Game  table.Game
	Users []string
}

// EditView brings a private message (Token) up to date: Seat's View, with Notice above it.
type EditView struct {
	Token string
	// Issued is when the token was issued: it edits the message for 15 minutes after.
	Issued time.Time
	Game   table.Game
	Seat   int
	View   engine.View
	Notice Notice
	// NextHand and Chosen are Reply's.
	NextHand bool
	Chosen   engine.CardSet
}

// ShowTable edits the table message to the table as it is.
type ShowTable struct {
	Message table.Message
	Game    table.Game
	Public  engine.View
}

// PostTable posts the table message in Channel, pins it if it can, and sends the table a
// Posted command with the message (and Replaces, the copy it replaces, if any).
type PostTable struct {
	Channel  string
	Game     table.Game
	Public   engine.View
	Replaces *table.Message
}

// MovedTable turns the table message Old, replaced by New, into a link to New.
type MovedTable struct {
	Old, New table.Message
	GuildID  string
}

// CloseTable edits the table message to the table as it ended, without controls.
type CloseTable struct {
	Message table.Message
	Game    table.Game
	Public  engine.View
	End     Ending
}

// ShowLobby edits the lobby message to the lobby's seats.
type ShowLobby struct {
	Message table.Message
	Game    table.Game
}

// CloseLobby edits the lobby message to say that the table has ended, and how.
type CloseLobby struct {
	Message table.Message
	Game    table.Game
	End     Ending
}

// Archive archives the table's thread: the table has ended.
type Archive struct{ Thread string }

func (Narrate) effect()    {}
func (Remind) effect()     {}
func (Mention) effect()    {}
func (NotifyTurn) effect() {}
func (EditView) effect()   {}
func (ShowTable) effect()  {}
func (PostTable) effect()  {}
func (MovedTable) effect() {}
func (CloseTable) effect() {}
func (ShowLobby) effect()  {}
func (CloseLobby) effect() {}
func (Archive) effect()    {}
