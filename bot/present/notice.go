package present

import (
	"strconv"
	"strings"

	"github.com/pinochle-discord/pinochle/bot/live"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/internal/words"
)

// Notice words what a table tells a person (live.Notice): a refusal and its reason, or
// what it did for them. v is the person's view when the answer shows it, else nil; it
// words a refused pass as a bury where the bidder buries. A notice of no fact is "".
func Notice(n live.Notice, v *engine.View) string {
	switch n.Fact {
	case live.FactNone:
		return ""
	case live.FactGameOver:
		return "That game is over."
	case live.FactNotStarted:
		return "The game has not started yet: cards are dealt once every seat is taken."
	case live.FactNotSeated:
		switch n.Tried {
		case live.TriedHand:
			return "You are not seated at this table, so you have no hand to see."
		case live.TriedBid:
			return "You are not seated at this table, so you cannot bid for it."
		case live.TriedAct:
			return "You are not seated at this table, so you cannot act for it."
		case live.TriedHint:
			return "You are not seated at this table, so there is no hand to advise on."
		}
		return "You are not seated at this table."
	case live.FactStale:
		return MsgStale
	case live.FactForged:
		return MsgForged
	case live.FactMoveNotSaved:
		return "⚠️ Your move could not be saved, so nothing was done. Please try again in a moment."
	case live.FactNotSaved:
		return "That could not be saved, so nothing changed. Please try again."
	case live.FactNotYourBid:
		return "It is not your turn to bid."
	case live.FactAway:
		return "Your seat is played by a computer player while you are away: use `/pinochle back` to take it back."
	case live.FactUnreadable:
		if n.Err == nil {
			return "⚠️ That could not be read, so nothing was done."
		}
		return "⚠️ " + n.Err.Error()
	case live.FactRuleRefused:
		return "⚠️ " + words.Capitalise(ruleText(n.Rule, v)) + "."
	case live.FactHintsOff:
		return "Hints are off at this table."
	case live.FactHintNotYourTurn:
		return "A hint is for your own turn."
	case live.FactShuttingDown:
		return "The bot is shutting down; please try again in a moment."
	case live.FactNoGame:
		return "That table has no game in play."
	case live.FactReposting:
		return "The table is being posted again already."
	case live.FactNotTaking:
		return "This table is not taking players any more."
	case live.FactFull:
		return "The table is full."
	case live.FactNoSuchSeat:
		return "There is no seat " + seatNumber(n.Seat) + " at this table."
	case live.FactSeatTaken:
		return "Seat " + seatNumber(n.Seat) + " is taken."
	case live.FactAlreadySeated:
		return "You are already in seat " + seatNumber(n.Seat) + "."
	case live.FactHostOnly:
		what := "do that"
		switch n.Tried {
		case live.TriedAddComputer:
			what = "add computer players"
		case live.TriedStart:
			what = "start the game"
		case live.TriedCancel:
			what = "cancel this table"
		}
		return "Only the host, " + Mention(n.Host) + ", can " + what + "."
	case live.FactHostOrManager:
		return "Only the table's host or someone with Manage Server can abandon it."
	case live.FactNobodySeated:
		return "Nobody is seated yet: take a seat first."
	case live.FactStartFailed:
		return "The game could not be started. Please try again."
	case live.FactCloseFailed:
		return "The table could not be closed. Please try again."
	case live.FactNotInPlay:
		return "You are not seated at a game in play."
	case live.FactAlreadyAway:
		return "A computer player already plays your seat. `/pinochle back` takes it back."
	case live.FactAlreadyBack:
		return "You already play your own seat."
	case live.FactFailed:
		return MsgWrong
	case live.FactLeftForGood:
		return "You left that game too long ago to come back: a computer player plays your seat to the end."
	case live.FactLeftAlready:
		return "You left that game already: a computer player plays your seat. `/pinochle back` takes it back for a while after you left."
	case live.FactWatchOwnTable:
		return "You play at this table, so you cannot watch it: **My hand** shows your cards."
	case live.FactWatchersFull:
		return "This table has as many watchers as it can keep up to date. Please try again in a few minutes."
	case live.FactChosen:
		sym := n.Card.Symbol()
		return "You chose **" + sym + "**: press **Play " + sym + "** to play it, or choose another card."
	case live.FactPlayedAlready:
		return "✅ " + n.Card.Symbol() + " is played already: nothing more to do."
	case live.FactDoneAlready:
		return "✅ That is done already: nothing more to do."
	case live.FactHint:
		return "💡 **Hint:** " + n.Hint
	case live.FactWaitingForOthers:
		return "✅ The next hand starts when everyone is ready, or in a few seconds."
	case live.FactReposted:
		return "Here is the table again."
	case live.FactRepostedRecently:
		return "The table was posted again a moment ago: " + messageLink(n.GuildID, n.Message) + " (it can be posted again in a couple of minutes)."
	case live.FactLeftGame:
		return "You left the game: a computer player plays your seat from now on, and the others are told. `/pinochle back` soon (within the table's turn timer) takes it back."
	case live.FactLeftTable:
		return "You left the table."
	case live.FactClosed:
		return "The table is closed."
	case live.FactBack:
		return "Welcome back: your seat is yours again."
	case live.FactLeftForfeit:
		return "You left a league event's game: your side forfeits it."
	case live.FactNowAway:
		return "A computer player plays your seat while you are away. `/pinochle back` takes it back."
	}
	return MsgWrong
}

// Answers the bot gives without asking a table.
const (
	// MsgStale answers a control shown at an earlier step of the game.
	MsgStale = "That button was for an earlier step of the game, so nothing was done. Here is where the table is now."
	// MsgForged answers a control that no table made.
	MsgForged = "That button is not one this bot made for a game, so nothing was done. Use the buttons on the table message, or `/pinochle hand`."
	// MsgWrong answers what failed on the bot's side.
	MsgWrong = "Something went wrong on my side; please try again in a moment."
)

// ruleText is the rules' refusal in words: the engine's, where three-handed's bidder buries
// its cards the menu's words for a bury.
func ruleText(re *engine.RuleError, v *engine.View) string {
	if re == nil {
		return "the rules do not allow that"
	}
	msg := re.Msg
	if v != nil && v.Rules().PassStyle == engine.PassBury && v.Phase() == engine.PhasePass &&
		(re.Code == engine.CodeBadPass || re.Code == engine.CodeNotInHand) {
		msg = strings.NewReplacer("passed", "buried", "pass", "bury").Replace(msg)
	}
	return msg
}

// seatNumber writes a seat as people count them, from 1.
func seatNumber(seat int) string { return strconv.Itoa(seat + 1) }

// Mention is how an answer names a Discord user: a mention, which pings nobody where the
// message allows no mentions.
func Mention(userID string) string { return "<@" + userID + ">" }
