package live

import (
	"time"

	"github.com/pinochle-discord/pinochle/table"
)

// How long a player has before the thread mentions them at a live table (turn mentions
// "auto"), and how recent a command at the table keeps them from being mentioned.
const (
	pingGrace  = 45 * time.Second
	activeSpan = time.Minute
	// pingAtOnce: at tables whose turn timer is this long or longer, games run over days
	// and a turn's mention is due at once (still never within a minute of the player's
	// last command at the table).
	pingAtOnce = time.Hour
)

// A seat's turn is the time the game waits for that seat without interruption: it begins
// when the seat starts to wait and ends when the seat acts (or the hand ends). Other
// players acting meanwhile, as in six-handed passing, where the bidding team passes
// together, do not begin a new turn. Each seat is mentioned at most once per turn.

// seatTurn is the turn of one seat the game waits for.
type seatTurn struct {
	hand  int       // the hand the turn is in
	since int       // the log length at which the seat began to wait
	began time.Time // when it began to wait
	// mentioned is set once the seat has been mentioned in this turn, or when no
	// mention is to come (turn mentions "never").
	mentioned bool
}

// turnState is what a table's turn mentions remember: the turns of the seats the game
// waits for, as of log length seen (none before the first announcement).
type turnState struct {
	seen  int
	seats map[int]*seatTurn
}

// announceTurn follows the turns of the people the game waits for, after the game's log has
// grown, and returns whom to mention now: every seat whose turn has just begun with turn
// mentions "always"; with "auto", every seat whose mention is due at once (a slow table, no
// recent command). Other mentions that "auto" owes come later, through the table's timer
// (pingAt, pingLate).
func (t *machine) announceTurn() []string {
	st := &t.turns
	now := t.now
	n := t.game.LogLen()
	acted := map[int]bool{}
	if len(st.seats) > 0 && st.seen < n {
		for _, a := range t.game.Log()[st.seen:] {
			acted[a.Seat] = true
		}
	}
	hand := t.game.HandNumber()
	policy := t.meta.Settings.Ping
	turns := map[int]*seatTurn{}
	var ids []string
	for _, s := range t.waitingHumans() {
		if t.autoplays(s) { // the table plays a forced card: nobody to call
			continue
		}
		if prev, ok := st.seats[s]; ok && prev.hand == hand && !acted[s] {
			turns[s] = prev // the same turn goes on
			continue
		}
		turn := &seatTurn{hand: hand, since: n, began: now}
		turns[s] = turn
		switch {
		case policy == table.PingNever:
			turn.mentioned = true
		case policy == table.PingAlways || !t.mentionDue(s, turn).After(now):
			turn.mentioned = true
			ids = append(ids, t.meta.Seats[s].UserID)
		}
	}
	st.seen, st.seats = n, turns
	return ids
}

// mentionDue returns when a seat's mention is due at a table whose turn mentions are "auto":
// after the grace period (none at a slow table), and never within a minute of the player's
// last command at the table.
func (t *machine) mentionDue(seat int, turn *seatTurn) time.Time {
	due := turn.began
	if t.meta.Settings.Timer < pingAtOnce {
		due = due.Add(pingGrace)
	}
	if c, ok := t.clicks[t.meta.Seats[seat].UserID]; ok && c.Add(activeSpan).After(due) {
		due = c.Add(activeSpan)
	}
	return due
}

// pendingPings returns the seats owed a mention and when each is due.
func (t *machine) pendingPings() map[int]time.Time {
	if t.done || t.game == nil || t.game.Over() || t.meta.Settings.Ping != table.PingAuto {
		return nil
	}
	st := &t.turns
	if st.seats == nil || st.seen != t.game.LogLen() {
		return nil // the table has moved on and not yet announced the new turn
	}
	out := map[int]time.Time{}
	for s, turn := range st.seats {
		if turn.mentioned || !t.game.Waiting(s) || t.playedByComputer(s) || t.autoplays(s) {
			continue
		}
		out[s] = t.mentionDue(s, turn)
	}
	return out
}

// pingAt returns when the next pending mention of a seat's turn is due.
func (t *machine) pingAt() (time.Time, bool) {
	var at time.Time
	for _, due := range t.pendingPings() {
		if at.IsZero() || due.Before(at) {
			at = due
		}
	}
	return at, !at.IsZero()
}

// pingLate mentions, in one post, the players whose mention is due by now: those the turn still
// waits for who have not acted since it began nor used the table in the last minute, each
// once per turn.
func (t *machine) pingLate(now time.Time) {
	pending := t.pendingPings()
	if len(pending) == 0 {
		return
	}
	st := &t.turns
	var ids []string
	for s := range t.meta.Seats { // in seat order
		if due, ok := pending[s]; ok && !due.After(now) {
			st.seats[s].mentioned = true
			ids = append(ids, t.meta.Seats[s].UserID)
		}
	}
	if len(ids) > 0 {
		t.emit(Mention{Channel: t.meta.PostChannel(), Users: ids})
		t.postsSince++
	}
}
