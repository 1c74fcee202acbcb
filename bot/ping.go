package bot

import (
	"fmt"
	"strings"
	"time"

	"github.com/pinochle-discord/pinochle/commands"
)

// How long a player has before the thread mentions them at a live table (turn mentions
// "auto"), and how recent a click at the table keeps them from being mentioned.
const (
	pingGrace  = 45 * time.Second
	activeSpan = time.Minute
	// pingAtOnce: at tables whose turn timer is this long or longer, games run over days
	// and a turn's mention goes out at once.
	pingAtOnce = time.Hour
)

// announceTurn mentions the humans a new turn waits for, as the table's turn mentions say:
// now (always, or auto at a slow table), never, or after the grace period if they have not
// acted (auto), through the table's timer. It returns the line to post, if any, and whom
// it mentions. The caller holds t.mu.
func (b *Bot) announceTurn(t *table) (string, []string) {
	var ids []string
	for _, s := range t.waitingHumans() {
		if !t.autoplays(s) { // the bot plays a forced card: nobody to call
			ids = append(ids, t.meta.Seats[s].UserID)
		}
	}
	t.pingDue = time.Time{}
	if len(ids) == 0 {
		return "", nil
	}
	switch commands.TablePing(t.meta.Table) {
	case commands.PingNever:
		return "", nil
	case commands.PingAuto:
		if t.meta.TurnTimeout < pingAtOnce {
			t.pingDue, t.pingSeq = b.now().Add(pingGrace), t.game.LogLen()
			return "", nil
		}
	}
	return turnLine(ids), ids
}

// turnLine is the mention of the players a turn waits for.
func turnLine(ids []string) string {
	who := make([]string, len(ids))
	for i, id := range ids {
		who[i] = "<@" + id + ">"
	}
	return fmt.Sprintf("%s, your turn: press **My hand**.", strings.Join(who, ", "))
}

// pingAt returns when the pending mention of the turn is due: after the grace period,
// and a minute after the last click at the table of anyone it waits for. The caller holds
// t.mu.
func (t *table) pingAt() (time.Time, bool) {
	if t.pingDue.IsZero() || t.done || t.game == nil || t.game.LogLen() != t.pingSeq {
		return time.Time{}, false
	}
	due := t.pingDue
	for _, s := range t.waitingHumans() {
		if c, ok := t.clicks[t.meta.Seats[s].UserID]; ok && c.Add(activeSpan).After(due) {
			due = c.Add(activeSpan)
		}
	}
	return due, true
}

// pingLate mentions, once, the players the turn still waits for who have not clicked at
// the table in the last minute. The caller holds t.mu.
func (b *Bot) pingLate(t *table) {
	t.pingDue = time.Time{}
	now := b.now()
	var ids []string
	for _, s := range t.waitingHumans() {
		id := t.meta.Seats[s].UserID
		if c, ok := t.clicks[id]; (ok && now.Sub(c) < activeSpan) || t.autoplays(s) {
			continue
		}
		ids = append(ids, id)
	}
	if len(ids) > 0 {
		b.post.enqueue(t.channel(), &post{content: turnLine(ids), mentions: ids})
	}
}

// noteClick records that a user clicked at the table, so that a player at work is not
// mentioned.
func (b *Bot) noteClick(t *table, userID string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.clicks == nil {
		t.clicks = map[string]time.Time{}
	}
	t.clicks[userID] = b.now()
}
