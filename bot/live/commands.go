package live

import (
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/table"
)

// A Command is work for one table: something a person did, or a message the table asked
// for that has been posted. Runtime.Do hands it to the table's goroutine, which handles its
// commands one at a time, and returns the table's Reply. Deadlines, forced cards and the
// computer players' decisions reach the table the same way, from inside the runtime.
type Command interface{ command() }

// Person is who sent a command.
type Person struct {
	// ID is the person's user ID and Name the name they go by in the server.
	ID, Name string
	// Manager is set when the person may manage the server: they may close any table.
	Manager bool
}

// Join seats a person in a lobby: in Seat, or in the first open seat when Seat is negative.
// A person already seated moves to Seat.
type Join struct {
	By   Person
	Seat int
	// Elsewhere is set when the person joined from a command rather than the lobby message:
	// the lobby message is then edited to show them.
	Elsewhere bool
}

// Leave takes a person out of a lobby, or leaves the game in play: a computer player takes
// their seat, the others are told, and they may take it back for a while
// (table.Settings.LeftGrace) with Away{Away: false}. InPlace is set when the person clicked
// the lobby message, which the reply then replaces. Forfeit makes leaving a game in play a
// forfeit of the person's side instead (a league event's game).
type Leave struct {
	By      Person
	InPlace bool
	Forfeit bool
}

// AddComputer puts a computer player in a lobby's first open seat (the host only).
type AddComputer struct{ By Person }

// Start fills a lobby's open seats with computer players and deals (the host only).
type Start struct{ By Person }

// Cancel closes a lobby (its host, or a manager).
type Cancel struct{ By Person }

// Abandon closes a table, lobby or game, without a result (its host, or a manager).
type Abandon struct{ By Person }

// Away hands a person's seat to a computer player (Away) or takes it back.
type Away struct {
	By   Person
	Away bool
}

// ShowHand asks for the person's private view of the table. Token names the private message
// the answer goes to, so that the table can bring it up to date while it may (ViewLifetime).
type ShowHand struct {
	By    Person
	Token string
}

// Move is a click on a private control: a bid, a pass, trump, cards to pass, the bidder's
// decision or a card. At is the step the control was shown at, and Action makes the move it
// stands for once the table knows the person's seat (an error says what is wrong with it).
type Move struct {
	By     Person
	Token  string
	At     table.Stamp
	Action func(seat int) (engine.Action, error)
	// Choose marks a card button at a table that confirms cards (table.Settings.Confirm): it
	// chooses the card (Reply.Chosen), and the card's Play button, a Move without Choose,
	// plays it. Elsewhere it plays the card.
	Choose bool
}

// AskBid asks for the form to bid an amount of one's own (the "Other amount" button).
type AskBid struct {
	By Person
	At table.Stamp
}

// Hint asks what the expert would do in the person's place. The reply is ReplyDeferred, and
// the hint comes later as an EditView effect on Token.
type Hint struct {
	By    Person
	Token string
	At    table.Stamp
}

// Repost shows the table again at the bottom of its thread.
type Repost struct{ By Person }

// NextHand is a person's Next hand during the pause after a hand (Pauses): once everyone at
// the table has asked, the game goes on at once. Token names the private message it came
// from.
type NextHand struct {
	By    Person
	Token string
}

// Posted tells a table that the table message it asked for (PostTable) has been posted, as
// Message, and whether it could be pinned; Err, when set, says it could not be posted.
type Posted struct {
	Message table.Message
	Pinned  bool
	// Replaces is the message it replaces, from PostTable.
	Replaces *table.Message
	Err      error
}

// Stale tells a table that its table message cannot be kept up to date any more: Discord
// refuses its edits, or it is near the age past which Discord would. The table posts it
// anew, and the old copy points to the new one.
type Stale struct{ Message table.Message }

func (Stale) command()       {}
func (Join) command()        {}
func (Leave) command()       {}
func (AddComputer) command() {}
func (Start) command()       {}
func (Cancel) command()      {}
func (Abandon) command()     {}
func (Away) command()        {}
func (ShowHand) command()    {}
func (Move) command()        {}
func (AskBid) command()      {}
func (Hint) command()        {}
func (Repost) command()      {}
func (Posted) command()      {}

// Commands from inside the runtime.
type (
	// deadline: the table's timer seq, armed for at, is due (a reminder, a turn's end, a
	// mention, an idle lobby).
	deadline struct {
		seq int
		at  time.Time
	}
	// retryDue: the computer players try their moves again after one could not be saved.
	retryDue struct{}
	// pauseDue: the computer players' pause after the action at log length step is over.
	pauseDue struct{ step int }
	// decided: a computer player searched for seat at step and chose action, or stopped
	// searching because the game moved on; forLate marks a move for a person whose time
	// ran out.
	decided struct {
		seat, step int
		action     engine.Action
		forLate    bool
		stopped    bool
	}
	// hinted: the expert's hint for seat at stamp at is ready, as why.
	hinted struct {
		seat  int
		at    table.Stamp
		token string
		why   string
	}
	// wake arms the table's timers once the runtime starts, applying a deadline that
	// passed while the bot was down.
	wake struct{}
	// resume lets the computer players take the turns that were theirs when the bot
	// stopped.
	resume struct{}
)

func (deadline) command() {}
func (retryDue) command() {}
func (decided) command()  {}
func (hinted) command()   {}
func (wake) command()     {}
func (pauseDue) command() {}
func (NextHand) command() {}
func (resume) command()   {}
