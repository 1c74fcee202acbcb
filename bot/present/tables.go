package present

import (
	"fmt"
	"strings"
	"time"

	"github.com/pinochle-discord/pinochle/bot/live"
	"github.com/pinochle-discord/pinochle/table"
)

// Narrate is what a table's Narrate effect posts: its steps and notes in order, then the
// turn's mention.
func Narrate(e *live.Narrate) *Narration {
	var n Narration
	meta := &e.Game
	for _, it := range e.Items {
		switch it := it.(type) {
		case live.Step:
			n.Add(meta, &it.Public, it.Action, it.Events)
		case live.Note:
			n.note(meta, it)
		}
	}
	if len(e.Turn) > 0 {
		n.Lines = append(n.Lines, TurnLine(e.Turn))
	}
	return &n
}

// note tells a note of a table.
func (n *Narration) note(meta *table.Game, o live.Note) {
	who := Name(meta, o.Seat)
	switch o.Kind {
	case live.NoteGameStarts:
		n.Say("The game starts. Hand 1: %s deals. Press **My hand** on the table to see your cards.", who)
	case live.NoteLateMove:
		n.Say("⏰ %s's time ran out: a computer player moved for them.", who)
	case live.NoteAway:
		n.Say("%s is away: a computer player plays their seat.", who)
	case live.NoteBack:
		n.Say("%s is back.", who)
	case live.NoteLeft:
		n.Say("🚪 %s left the game: a computer player plays their seat to the end.", who)
	case live.NoteFinished:
		n.Finished(meta, o.Finish)
	case live.NoteEnded:
		e := o.End
		switch e.Kind {
		case live.EndForfeit:
			if e.Left {
				n.Say("🚪 %s left a league event's game: **%s forfeits**.", Name(meta, e.Seat), forfeiter(meta, e))
				break
			}
			if isSolo(meta) {
				won := "No one wins alone."
				if e.Winner >= 0 && e.Winner < len(meta.Seats) {
					won = Name(meta, e.Winner) + " wins the game."
				}
				n.Say("⏰ %s's time ran out: **%s forfeits**. %s", Name(meta, e.Seat), Name(meta, e.Seat), won)
				break
			}
			n.Say("⏰ %s's time ran out: **%s forfeits**. %s wins the game.", Name(meta, e.Seat), sideName(meta, e.Team), sideName(meta, 1-e.Team))
		case live.EndExpired:
			n.Say("This lobby closed after a day without enough players. `/pinochle new` opens a new one.")
		default:
			n.Say("🛑 This table is closed. %s", EndWhy(meta, e))
		}
	}
}

// EndWhy says how a table ended, as its table message does once it has.
func EndWhy(meta *table.Game, e live.Ending) string {
	switch e.Kind {
	case live.EndFinished:
		if isSolo(meta) {
			return SoloResultLine(meta, e.SeatScores, len(meta.Seats), e.Winner)
		}
		return ResultLine(meta, e.Scores, e.Winner)
	case live.EndForfeit:
		if isSolo(meta) {
			return fmt.Sprintf("%s forfeited: their time ran out.", Name(meta, e.Seat))
		}
		return fmt.Sprintf("%s forfeited: %s's time ran out.", sideName(meta, e.Team), Name(meta, e.Seat))
	case live.EndCancelled:
		return fmt.Sprintf("Cancelled by %s.", Escape(e.By))
	case live.EndAbandoned:
		return fmt.Sprintf("Abandoned by %s; it does not count.", Escape(e.By))
	case live.EndExpired:
		return "Closed after a day without enough players."
	}
	return "Closed."
}

// LobbyEndWhy says how a table ended, as its lobby message does once it has.
func LobbyEndWhy(meta *table.Game, e live.Ending) string {
	switch e.Kind {
	case live.EndFinished:
		return "Finished: " + EndWhy(meta, e) + " Hands and tricks are in the thread."
	case live.EndForfeit:
		return "Finished: " + EndWhy(meta, e)
	}
	return EndWhy(meta, e)
}

// TurnLine mentions the players a turn waits for.
func TurnLine(ids []string) string {
	return fmt.Sprintf("%s, your turn: press **My hand**.", mentions(ids))
}

// Reminder reminds the players a turn waits for of the time they have left.
func Reminder(r *live.Remind) string {
	policy := "a computer player will move for you"
	switch {
	case r.Forfeit && r.Alone:
		policy = "you will forfeit the game"
	case r.Forfeit:
		policy = "your team will forfeit the game"
	}
	return fmt.Sprintf("⏰ %s, reminder: the table waits for you. %s left, then %s.", mentions(r.Users), TimeLeft(r.Left), policy)
}

// mentions mentions users, separated by commas.
func mentions(ids []string) string {
	who := make([]string, len(ids))
	for i, id := range ids {
		who[i] = "<@" + id + ">"
	}
	return strings.Join(who, ", ")
}

// TimeLeft writes a time left for people, in its largest unit.
func TimeLeft(d time.Duration) string {
	switch {
	case d >= 48*time.Hour:
		return fmt.Sprintf("%d days", d/(24*time.Hour))
	case d >= 2*time.Hour:
		return fmt.Sprintf("%d hours", d/time.Hour)
	case d >= 2*time.Minute:
		return fmt.Sprintf("%d minutes", d/time.Minute)
	}
	return fmt.Sprintf("%d seconds", max(1, d/time.Second))
}

// forfeiter names the side that forfeited: the seat's player where every player scores
// alone, else their team.
func forfeiter(meta *table.Game, e live.Ending) string {
	if isSolo(meta) {
		return Name(meta, e.Seat)
	}
	return sideName(meta, e.Team)
}
