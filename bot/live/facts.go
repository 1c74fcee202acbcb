package live

import (
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/table"
)

// Fact is what a table tells the person it answers besides their view, or instead of it:
// why it did nothing, or what it did for them. The table states facts; presentation puts
// them into words.
type Fact int

// Refusals: the table changed nothing.
const (
	FactNone Fact = iota
	// FactGameOver: the game is over.
	FactGameOver
	// FactNotStarted: the game is not dealt yet.
	FactNotStarted
	// FactNotSeated: the person has no seat at the table; Tried says what they tried.
	FactNotSeated
	// FactStale: the control was shown at an earlier step of the game.
	FactStale
	// FactForged: no table made the control.
	FactForged
	// FactMoveNotSaved: the person's move could not be saved.
	FactMoveNotSaved
	// FactNotSaved: a change to the lobby could not be saved.
	FactNotSaved
	// FactNotYourBid: it is not the person's turn to bid.
	FactNotYourBid
	// FactAway: a computer player plays the person's seat while they are away.
	FactAway
	// FactUnreadable: the control's action could not be read (Err).
	FactUnreadable
	// FactRuleRefused: the rules refused the action (Rule).
	FactRuleRefused
	// FactHintsOff: the table offers no hints.
	FactHintsOff
	// FactHintNotYourTurn: a hint is for the person's own turn.
	FactHintNotYourTurn
	// FactShuttingDown: the bot is closing.
	FactShuttingDown
	// FactNoGame: the table has no game in play.
	FactNoGame
	// FactReposting: the table message is being posted again already.
	FactReposting
	// FactNotTaking: the table takes no more players.
	FactNotTaking
	// FactFull: every seat is taken.
	FactFull
	// FactNoSuchSeat: the table has no seat Seat.
	FactNoSuchSeat
	// FactSeatTaken: seat Seat is taken.
	FactSeatTaken
	// FactAlreadySeated: the person sits in seat Seat already.
	FactAlreadySeated
	// FactHostOnly: only the host (Host) may do what the person tried (Tried).
	FactHostOnly
	// FactHostOrManager: only the host or a manager may abandon the table.
	FactHostOrManager
	// FactNobodySeated: the game cannot start without a person seated.
	FactNobodySeated
	// FactStartFailed: the game could not be started.
	FactStartFailed
	// FactCloseFailed: the table could not be closed.
	FactCloseFailed
	// FactNotInPlay: the person sits at no game in play.
	FactNotInPlay
	// FactAlreadyAway: a computer player plays the person's seat already.
	FactAlreadyAway
	// FactAlreadyBack: the person plays their own seat already.
	FactAlreadyBack
	// FactFailed: something went wrong on the bot's side.
	FactFailed
	// FactLeftForGood: the person left the game longer ago than they may come back
	// (table.Settings.LeftGrace): a computer player plays their seat to the end.
	FactLeftForGood
	// FactLeftAlready: the person left the game already.
	FactLeftAlready
	// FactWatchOwnTable: the person sits at the table they asked to watch.
	FactWatchOwnTable
	// FactWatchersFull: the table has as many watchers as it keeps up to date
	// (MaxWatchers).
	FactWatchersFull
)

// Confirmations: what the table did for the person.
const (
	// FactChosen: the person chose Card to play; its Play button plays it.
	FactChosen Fact = iota + 100
	// FactPlayedAlready: the card (Card) or action the control asks for was made already
	// at that step, for the person or by them.
	FactPlayedAlready
	FactDoneAlready
	// FactHint: the expert's advice (Hint).
	FactHint
	// FactWaitingForOthers: the person is ready for the next hand; it starts when everyone
	// is, or once the pause is over.
	FactWaitingForOthers
	// FactReposted: the table message is posted again.
	FactReposted
	// FactRepostedRecently: the table was posted again a moment ago (RepostGap): here is
	// where it is (Message, in GuildID).
	FactRepostedRecently
	// FactLeftGame: the person left a game in play; a computer player plays their seat.
	FactLeftGame
	// FactLeftTable: the person left the lobby.
	FactLeftTable
	// FactClosed: the table is closed.
	FactClosed
	// FactBack: the person plays their seat again.
	FactBack
	// FactNowAway: a computer player plays the person's seat while they are away.
	FactNowAway
	// FactLeftForfeit: the person left a league event's game, which their side forfeits.
	FactLeftForfeit
)

// Attempt is what a person tried that a table refused (Notice.Tried).
type Attempt int

// What a person may try.
const (
	TriedNothing     Attempt = iota
	TriedHand                // to see their hand
	TriedBid                 // to bid
	TriedAct                 // to act in the game
	TriedHint                // to ask for a hint
	TriedAddComputer         // to seat a computer player
	TriedStart               // to start the game
	TriedCancel              // to cancel the table
)

// Notice is a Fact with what its words need.
type Notice struct {
	Fact  Fact
	Tried Attempt
	// Seat is the seat a lobby refusal is about, from 0.
	Seat int
	// Card is the card chosen, or played already.
	Card engine.Card
	// Host is the user ID of the table's host (FactHostOnly).
	Host string
	// Rule is the rules' refusal (FactRuleRefused).
	Rule *engine.RuleError
	// Err is why the control's action could not be read (FactUnreadable).
	Err error
	// Hint is the expert's advice (FactHint).
	Hint string
	// Message and GuildID are where the table message is (FactRepostedRecently).
	Message table.Message
	GuildID string
}

// RepostGap is how often a table posts its message anew at people's request at most
// (Repost): anyone in its thread may ask, and each repost costs the channel calls a bot
// token shares.
const RepostGap = 2 * time.Minute
