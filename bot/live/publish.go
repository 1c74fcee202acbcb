package live

import (
	"context"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/table"
)

// repostAfter is about how many posts may go below a table message that could not be
// pinned before the table is posted again at the bottom of its thread.
const repostAfter = 4

// publish shows the public side of what a command did: the narration for the thread with a
// mention of the people whose turn it now is, the private views to bring up to date and the
// table message. Once the sender has its answer, the timer of a turn that began is saved and
// the table's timers are armed for what comes next (handle).
func (t *machine) publish(n *narration) {
	if t.awaitingThread {
		// Nothing is shown until the table has its thread (lobbyPosted): the narration waits.
		t.held = append(t.held, n.items...)
		n.items = nil
		t.rearm = true
		return
	}
	var turn []string
	if t.game != nil && !t.game.Over() && t.announced != t.game.LogLen() {
		turn = t.announceTurn()
		t.announced = t.game.LogLen()
		var waiting []string
		for _, seat := range t.waitingHumans() {
			waiting = append(waiting, t.meta.Seats[seat].UserID)
		}
		if len(waiting) > 0 {
			t.emit(NotifyTurn{Game: t.record(), Users: waiting})
		}
	}
	moment := tableMoment(n.items)
	t.held = append(t.held, n.items...)
	n.items = nil
	if len(turn) > 0 || (len(t.held) > 0 && t.tellsNow()) {
		t.emit(Narrate{Channel: t.meta.PostChannel(), Game: t.record(), Items: t.held, Turn: turn})
		t.postsSince += postsOf(t.held)
		t.held = nil
		if t.game != nil {
			t.meta.Told = t.game.LogLen() // saved with the turn that begins (startTurn)
		}
	}
	t.refreshViews()
	t.refreshWatchers(moment)
	if t.game != nil && !t.done && !t.pinned && !t.reposting && t.postsSince >= repostAfter {
		if m, ok := t.meta.Messages[table.RoleTable]; ok {
			t.postTable(&m)
		}
	}
	if t.game != nil && moment {
		if m, ok := t.meta.Messages[table.RoleTable]; ok {
			t.emit(ShowTable{Message: m, Game: t.record(), Public: t.game.View(-1)})
		}
	}
	if t.done && t.meta.ThreadID != "" {
		t.emit(Archive{Thread: t.meta.ThreadID})
	}
	t.rearm = true // once the sender has its answer (handle)
}

// tableMoment reports whether what a command did is a moment the public table message
// shows: the public table follows a hand trick by trick, not card by card or bid by bid
// (each player's own view follows every card), so that a hand costs few of the channel
// calls a bot token shares. Its moments are the meld shown (with the contract and trump),
// the widow taken, a meld laid, a trick taken, the hand's end and the game's end, and any
// note (someone away or back, a late move, the game's start or end).
func tableMoment(items []Item) bool {
	for _, it := range items {
		s, ok := it.(Step)
		if !ok {
			return true // a note
		}
		for _, e := range s.Events {
			switch e.Kind {
			case engine.EventMeldShown, engine.EventWidowTaken, engine.EventMeldLaid, engine.EventTrickTaken,
				engine.EventHandFinished, engine.EventGameOver:
				return true
			}
		}
	}
	return false
}

// tellsNow reports whether the narration held back (table.held) goes to the thread now: the
// thread tells a hand in one post, with its result, not one per bid, meld or trick (the
// table message shows the hand as it goes). A note (someone away, a late move, the game's
// end) and a mention of whose turn it is are told at once, with what was held before them.
func (t *machine) tellsNow() bool {
	if t.done || t.game == nil || t.game.Over() {
		return true
	}
	for _, it := range t.held {
		s, ok := it.(Step)
		if !ok {
			return true // a note
		}
		for _, e := range s.Events {
			switch e.Kind {
			case engine.EventHandFinished, engine.EventGameOver:
				return true
			}
		}
	}
	return false
}

// postsOf is about how many posts a narration makes: a hand's result and the game's end
// close a post of their own.
func postsOf(items []Item) int {
	posts := 1
	for _, it := range items {
		if s, ok := it.(Step); ok {
			for _, e := range s.Events {
				if e.Kind == engine.EventHandFinished || e.Kind == engine.EventGameOver {
					posts++
				}
			}
		}
	}
	return posts
}

// refreshViews brings up to date the private messages of the seats the game now waits for
// (and of everyone once a hand is over, for its result), where they may still be edited, so
// that a player who keeps their hand open sees their controls arrive without pressing
// anything.
func (t *machine) refreshViews() {
	if t.game == nil {
		return
	}
	now := t.now
	for seat, v := range t.views {
		if now.Sub(v.at) >= ViewLifetime {
			delete(t.views, seat)
			continue
		}
		if v.step == t.game.LogLen() || !(t.game.Waiting(seat) || t.game.Over() || t.done || t.handPause()) {
			continue
		}
		if v.waiting && (table.Stamp{Hand: v.hand, Step: v.step, PassCards: true}).Current(t.game, seat) {
			// Its pass menu is still the one to use (only others' six-handed passes came
			// since): redrawing it would undo a choice being made in it.
			continue
		}
		t.emit(EditView{Token: v.token, Issued: v.at, Game: t.record(), Seat: seat, View: t.game.View(seat), NextHand: t.offersNextHand(seat), Chosen: t.chosenCard(seat)})
		v.step, v.hand, v.waiting = t.game.LogLen(), t.game.HandNumber(), t.game.Waiting(seat)
		t.views[seat] = v
	}
}

// keepView remembers the private message a seat was just shown, to bring it up to date.
func (t *machine) keepView(seat int, token string) {
	if token != "" && t.game != nil {
		at := t.now
		if old, ok := t.views[seat]; ok && old.token == token {
			at = old.at // the token was issued then, and serves 15 minutes from then
		}
		t.views[seat] = privateView{token: token, at: at, step: t.game.LogLen(),
			hand: t.game.HandNumber(), waiting: t.game.Waiting(seat)}
	}
}

// postTable asks for the table message to be posted in the thread, replacing old if set.
func (t *machine) postTable(old *table.Message) {
	t.reposting = true
	t.emit(PostTable{Channel: t.meta.PostChannel(), Game: t.record(), Public: t.game.View(-1), Replaces: old})
}

// posted records the table message once it has been posted (and pinned, if it could be):
// the message kept up to date from now on, also after a restart.
func (t *machine) posted(ctx context.Context, p Posted) {
	t.reposting = false
	if p.Err != nil {
		t.log.Error("post table", "game", t.meta.ID, "err", p.Err)
		return
	}
	if t.meta.Messages == nil {
		t.meta.Messages = map[table.MessageRole]table.Message{}
	}
	t.meta.Messages[table.RoleTable] = p.Message
	if p.Pinned {
		delete(t.meta.Messages, table.RoleTableUnpinned)
	} else {
		t.meta.Messages[table.RoleTableUnpinned] = p.Message
	}
	t.pinned, t.postsSince = p.Pinned, 0
	if err := t.save(ctx); err != nil {
		t.log.Error("post table", "game", t.meta.ID, "err", err)
	}
	if p.Replaces != nil {
		t.emit(MovedTable{Old: *p.Replaces, New: p.Message, GuildID: t.meta.GuildID})
	}
	if t.game != nil {
		t.emit(ShowTable{Message: p.Message, Game: t.record(), Public: t.game.View(-1)})
	}
}

// closeLobby edits the table's lobby message to say how the table ended.
func (t *machine) closeLobby(e Ending) {
	if m, ok := t.meta.Messages[table.RoleLobby]; ok {
		t.emit(CloseLobby{Message: m, Game: t.record(), End: e})
	}
}

// closeTable edits the table message to how the table ended, without controls.
func (t *machine) closeTable(e Ending) {
	if m, ok := t.meta.Messages[table.RoleTable]; ok && t.game != nil {
		t.emit(CloseTable{Message: m, Game: t.record(), Public: t.game.View(-1), End: e})
	}
}

// retell rebuilds from a game's log what its table held back for the thread when the bot
// stopped (tellsNow): the steps of the hand in play after what the thread was told
// (table.Game.Told), so that the hand's post after a restart tells the whole hand, not
// the part played since.
func (t *machine) retell() []Item {
	game := t.game
	if game.Over() {
		return nil
	}
	replay, err := engine.NewGame(*game.Rules(), game.Seed())
	if err != nil {
		return nil
	}
	var held []Item
	for i := range game.LogLen() {
		a, _ := game.LogAction(i)
		events, err := replay.ApplyEvents(a)
		if err != nil {
			return nil // the log does not replay: there is nothing sound to tell
		}
		if i >= t.meta.Told {
			held = append(held, Step{Action: a, Events: events, Public: replay.View(-1)})
		}
		for _, e := range events {
			if e.Kind == engine.EventHandFinished || e.Kind == engine.EventGameOver {
				held = nil // told at the hand's end
			}
		}
	}
	return held
}
