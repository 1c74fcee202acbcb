package bot

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/storage"
)

// lobbyIdle is how long a lobby stays open without activity.
const lobbyIdle = 24 * time.Hour

// timerRetry is how long a deadline that could not be applied (storage refused it, or the
// bot's lease on its shards had lapsed) waits before it is tried again.
const timerRetry = time.Minute

// timers arms each table's next deadline: a reminder, the end of a turn, or the closing of an
// idle lobby. Deadlines live in storage (the turn's start and the reminders sent), so after a
// restart every one is armed again, and those that passed while the bot was down are applied
// at once, oldest first.
type timers struct {
	b       *Bot
	mu      sync.Mutex
	started bool
}

func newTimers(b *Bot) *timers { return &timers{b: b} }

// start arms every table: the overdue ones are applied now, in the order of their deadlines.
func (tm *timers) start() {
	tm.mu.Lock()
	tm.started = true
	tm.mu.Unlock()
	type due struct {
		t  *table
		at time.Time
	}
	var all []due
	for _, t := range tm.b.tablesWhere(func(*storage.Game) bool { return true }) {
		t.mu.Lock()
		tm.b.startTurn(context.Background(), t)
		if at, ok := tm.next(t); ok {
			all = append(all, due{t, at})
		}
		t.mu.Unlock()
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].at.Before(all[j].at) })
	now := tm.b.now()
	for _, d := range all {
		if !d.at.After(now) {
			tm.fire(d.t)
		}
	}
	for _, d := range all {
		d.t.mu.Lock()
		tm.arm(d.t)
		d.t.mu.Unlock()
	}
}

// stopAll stops every armed timer of every table: turn timers, autoplays and retries.
func (tm *timers) stopAll() {
	tm.mu.Lock()
	tm.started = false
	tm.mu.Unlock()
	for _, t := range tm.b.tablesWhere(func(*storage.Game) bool { return true }) {
		t.mu.Lock()
		t.stopTimers()
		t.mu.Unlock()
	}
}

// arm sets the table's timer for its next deadline, replacing the one before. The caller
// holds t.mu.
func (tm *timers) arm(t *table) {
	if !tm.disarm(t) {
		return
	}
	tm.b.startTurn(context.Background(), t)
	at, ok := tm.next(t)
	if !ok {
		return
	}
	t.timer = tm.b.clock.AfterFunc(max(0, at.Sub(tm.b.now())), func() { tm.fire(t) })
}

// retry arms the table's timer to apply its deadline again after timerRetry, once applying
// it failed: nothing of it was saved, so nothing of it was done. The caller holds t.mu.
func (tm *timers) retry(t *table) {
	if tm.disarm(t) {
		t.timer = tm.b.clock.AfterFunc(timerRetry, func() { tm.fire(t) })
	}
}

// disarm stops the table's timer and reports whether a new one may be armed: the timers
// have started and the table has not ended. The caller holds t.mu.
func (tm *timers) disarm(t *table) bool {
	if t.timer != nil {
		t.timer.Stop()
		t.timer = nil
	}
	tm.mu.Lock()
	started := tm.started
	tm.mu.Unlock()
	return started && !t.done
}

// turnDeadlines returns when a turn's two reminders are due and when it runs out.
func turnDeadlines(started time.Time, timeout time.Duration) (first, second, end time.Time) {
	before := min(timeout/10, time.Hour)
	return started.Add(timeout / 2), started.Add(timeout - before), started.Add(timeout)
}

// next returns a table's next deadline: a pending turn mention, a reminder, the turn's
// end or the idle lobby's. The caller holds t.mu.
func (tm *timers) next(t *table) (time.Time, bool) {
	at, ok := tm.turnNext(t)
	if p, pok := t.pingAt(); pok && (!ok || p.Before(at)) {
		return p, true
	}
	return at, ok
}

// turnNext returns the next reminder or end of the turn timer, or the idle lobby's
// deadline. The caller holds t.mu.
func (tm *timers) turnNext(t *table) (time.Time, bool) {
	switch {
	case t.done:
		return time.Time{}, false
	case t.game == nil:
		return t.meta.LastActivity.Add(lobbyIdle), true
	case t.meta.Settings.Timer <= 0 || t.meta.Turn.Started.IsZero() || t.game.Over():
		return time.Time{}, false
	}
	first, second, end := turnDeadlines(t.meta.Turn.Started, t.meta.Settings.Timer)
	switch t.meta.Turn.Reminders {
	case 0:
		return first, true
	case 1:
		return second, true
	}
	return end, true
}

// startTurn starts the timer of a new turn: when the game waits for a human at a new step
// of its log, the turn's start is saved. The caller holds t.mu.
func (b *Bot) startTurn(ctx context.Context, t *table) {
	if t.done || t.game == nil || t.meta.Settings.Timer <= 0 || t.game.Over() {
		return
	}
	seq := t.game.LogLen()
	if !t.meta.Turn.Started.IsZero() && t.meta.Turn.Seq == seq {
		return
	}
	late := t.waitingHumans()
	if len(late) == 0 {
		return
	}
	t.meta.Turn = storage.TurnState{Seq: seq, Seat: late[0], Started: b.now()}
	if err := b.saveMeta(ctx, t); err != nil {
		b.log.Error("save turn timer", "game", t.meta.ID, "err", err)
	}
}

// fire applies a table's deadline if it is due: a reminder, the turn's timeout, or the
// closing of an idle lobby.
func (tm *timers) fire(t *table) {
	tm.b.withTable(t, 30*time.Second, func(ctx context.Context) { tm.apply(ctx, t) })
}

// apply applies a table's deadline if it is due. The caller holds t.mu.
func (tm *timers) apply(ctx context.Context, t *table) {
	b := tm.b
	if p, ok := t.pingAt(); ok && !p.After(b.now()) {
		b.pingLate(t)
	}
	at, ok := tm.turnNext(t)
	if !ok || at.After(b.now()) {
		tm.arm(t)
		return
	}
	var err error
	_, _, end := turnDeadlines(t.meta.Turn.Started, t.meta.Settings.Timer)
	switch {
	case t.game == nil:
		err = b.closeIdleLobby(ctx, t)
	case b.now().Before(end):
		if err = b.remind(ctx, t, end); err == nil {
			tm.arm(t)
		}
	default:
		err = b.timeout(ctx, t)
	}
	if err != nil {
		b.log.Error("a deadline could not be applied: it is tried again later", "game", t.meta.ID, "retry", timerRetry, "err", err)
		tm.retry(t)
	}
}

// remind mentions the players the table waits for, once per reminder. A reminder that
// cannot be saved is not sent, so that a process without its lease stays silent. The caller
// holds t.mu.
func (b *Bot) remind(ctx context.Context, t *table, end time.Time) error {
	t.meta.Turn.Reminders++
	if err := b.saveMeta(ctx, t); err != nil {
		t.meta.Turn.Reminders--
		return fmt.Errorf("save reminder: %w", err)
	}
	var who, ids []string
	for _, s := range t.waitingHumans() {
		who = append(who, "<@"+t.meta.Seats[s].UserID+">")
		ids = append(ids, t.meta.Seats[s].UserID)
	}
	if len(who) == 0 {
		return nil
	}
	left := end.Sub(b.now()).Round(time.Second)
	policy := "a computer player will move for you"
	if t.meta.Settings.Timeout == storage.PolicyForfeit {
		policy = "your team will forfeit the game"
	}
	text := fmt.Sprintf("⏰ %s, reminder: the table waits for you. %s left, then %s.", strings.Join(who, ", "), formatLeft(left), policy)
	b.post.enqueue(t.channel(), &post{content: text, mentions: ids})
	return nil
}

// formatLeft writes a time left for people.
func formatLeft(d time.Duration) string {
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

// timeout applies the table's policy to the players whose time ran out: a computer player
// moves for them this once, or their team forfeits. On an error nothing was done. The
// caller holds t.mu.
func (b *Bot) timeout(ctx context.Context, t *table) error {
	var n present.Narration
	late := t.waitingHumans()
	if len(late) == 0 {
		return nil
	}
	if t.meta.Settings.Timeout == storage.PolicyForfeit {
		team := t.game.Rules().TeamOf(late[0])
		fin, err := b.endTable(ctx, t, ending{kind: endForfeit, team: team})
		if err != nil {
			return fmt.Errorf("forfeit: %w", err)
		}
		n.Say("⏰ %s's time ran out: **%s forfeits**. %s wins the game.", present.PlainName(&t.meta, late[0]), present.TeamName(team), present.TeamName(1-team))
		n.Finished(&t.meta, fin)
		why := fmt.Sprintf("%s forfeited: %s's time ran out.", present.TeamName(team), present.PlainName(&t.meta, late[0]))
		b.finalTable(t, why)
		b.closeLobby(t, "Finished: "+why)
		b.publish(ctx, t, &n)
		return nil
	}
	for _, seat := range late {
		p, err := b.computerFor(t, seat)
		if err != nil {
			if len(n.Lines) > 0 {
				// Another late seat moved already: say so.
				b.publish(ctx, t, &n)
			}
			return fmt.Errorf("timeout move for seat %d: %w", seat+1, err)
		}
		if searches(p) {
			// Only one search per table at a time: a six-handed pass's other late seats
			// move when the timer fires again.
			b.think(t, seat, p, true)
			break
		}
		a := p.Choose(t.game.View(seat))
		if err := b.act(ctx, t, a, &n); err != nil {
			if len(n.Lines) > 0 {
				// Another late seat moved already: say so, and try this one again later.
				b.publish(ctx, t, &n)
			}
			return fmt.Errorf("timeout move for seat %d: %w", seat+1, err)
		}
		n.Lines = append([]string{fmt.Sprintf("⏰ %s's time ran out: a computer player moved for them.", present.PlainName(&t.meta, seat))}, n.Lines...)
	}
	if err := b.advance(ctx, t, &n); err != nil {
		b.log.Error("after timeout", "game", t.meta.ID, "err", err)
	}
	b.publish(ctx, t, &n)
	return nil
}

// finalTable edits the table message to a closing line, without buttons. The caller holds
// t.mu.
func (b *Bot) finalTable(t *table, why string) {
	m, ok := t.meta.Messages[roleTable]
	if !ok || t.game == nil {
		return
	}
	e, _ := present.Table(&t.meta, ptr(t.game.View(-1)))
	e.Description = why
	e.Color = present.ColourOver
	b.post.enqueue(m.ChannelID, &post{editID: m.MessageID, embeds: []*discordgo.MessageEmbed{e}, components: []discordgo.MessageComponent{}})
}

// closeIdleLobby closes a lobby nobody has touched for a day. On an error nothing was done.
// The caller holds t.mu.
func (b *Bot) closeIdleLobby(ctx context.Context, t *table) error {
	if _, err := b.endTable(ctx, t, ending{kind: endAbandoned}); err != nil {
		return fmt.Errorf("close idle lobby: %w", err)
	}
	b.closeLobby(t, "Closed after a day without enough players.")
	var n present.Narration
	n.Say("This lobby closed after a day without enough players. `/pinochle new` opens a new one.")
	b.publish(ctx, t, &n)
	return nil
}

// notifyTurn sends a direct message to the players who asked for one when it is their turn,
// with a link to the table. A failed DM (closed DMs) is only logged: the mention in the
// thread is there anyway. DMs go through the poster, paced like every channel. The caller
// holds t.mu.
func (b *Bot) notifyTurn(t *table, users []string) {
	if len(users) == 0 {
		return
	}
	link := fmt.Sprintf("https://discord.com/channels/%s/%s", t.meta.GuildID, t.channel())
	text := fmt.Sprintf("🃏 It is your turn at Pinochle table #%d (%s): %s", t.meta.ID, t.meta.Preset, link)
	b.handlers.Add(1)
	go func() {
		defer b.handlers.Done()
		ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
		defer cancel()
		for _, u := range users {
			on, err := b.store.Notify(ctx, u)
			if err != nil || !on {
				continue
			}
			ch, err := b.s.UserChannelCreate(u, discordgo.WithContext(ctx))
			if err != nil {
				b.log.Info("turn DM not delivered; the mention stands", "user", u, "err", err)
				continue
			}
			// Through the poster, so that quick turns keep within the DM channel's limit
			// (turns that come while it waits gather into one message). A failed send is
			// logged by the poster.
			b.post.enqueue(ch.ID, &post{content: text})
		}
	}()
}
