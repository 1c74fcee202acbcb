package live

import (
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/table"
)

// MaxWatchers is how many people a table keeps watching at once: each watcher's private
// message is edited as the table moves on.
const MaxWatchers = 10

// Watch asks to follow a game in play privately, as someone who is not seated at it. Token
// names the private message the answer goes to, which the table keeps up to date while it
// may (ViewLifetime). The reply is ReplyWatch, or a ReplyNotice saying why not: the person
// sits at the table (FactWatchOwnTable), the game is not dealt yet or is over, or the table
// has MaxWatchers already.
type Watch struct {
	By    Person
	Token string
}

func (Watch) command() {}

// Watching is what a watcher may see of a table: its public view, the log the hands already
// over are told from, and, at a table that allows kibitzing (table.Settings.Kibitz), every
// seat's view as the hand is played. Without kibitzing Seats is nil, and the hand in play's
// cards are in nothing but Log, which presentation reads for the hands that are over only.
type Watching struct {
	Public engine.View
	Log    []engine.Action
	Seats  []engine.View
	// At is when the table was as shown: a watcher's message says how old it is, so that
	// one the table stopped following (its token too old, or the bot restarted) reads as
	// stale rather than as the table now.
	At time.Time
}

// EditWatch brings a watcher's private message (Token, issued at Issued) up to date. User
// is the watcher, whose own card look the message shows.
type EditWatch struct {
	Token    string
	Issued   time.Time
	User     string
	Game     table.Game
	Watching Watching
}

func (EditWatch) effect() {}

// watcher is a private message that follows the table for someone not seated at it.
type watcher struct {
	user string
	at   time.Time // when its token was issued
	step int       // the log length it shows
}

// watch answers a Watch: the table as a watcher sees it, kept up to date from then on.
func (t *machine) watch(c Watch) Reply {
	switch {
	case t.done || (t.game != nil && t.game.Over()):
		return say(FactGameOver)
	case t.game == nil:
		return say(FactNotStarted)
	case t.meta.SeatOf(c.By.ID) >= 0:
		return say(FactWatchOwnTable)
	}
	if t.watchers == nil {
		t.watchers = map[string]watcher{}
	}
	t.dropOldWatchers()
	if _, ok := t.watchers[c.Token]; !ok && len(t.watchers) >= MaxWatchers {
		return say(FactWatchersFull)
	}
	if c.Token != "" {
		t.watchers[c.Token] = watcher{user: c.By.ID, at: t.now, step: t.game.LogLen()}
	}
	return Reply{Kind: ReplyWatch, Watching: t.watching()}
}

// watching is what watchers see of the table now.
func (t *machine) watching() Watching {
	w := Watching{Public: t.game.View(-1), Log: t.game.Log(), At: t.now}
	if t.meta.Settings.Kibitz {
		for s := range t.meta.Seats {
			w.Seats = append(w.Seats, t.game.View(s))
		}
	}
	return w
}

// refreshWatchers brings the watchers' messages up to date: at a moment the table message
// shows (moment), at every step where the table allows kibitzing, and at the game's end,
// after which it lets them go.
func (t *machine) refreshWatchers(moment bool) {
	if t.game == nil || len(t.watchers) == 0 {
		return
	}
	t.dropOldWatchers()
	over := t.done || t.game.Over()
	if !moment && !over && !t.meta.Settings.Kibitz {
		return
	}
	var w *Watching
	for token, v := range t.watchers {
		if v.step == t.game.LogLen() && !over {
			continue
		}
		if w == nil {
			w = new(t.watching())
		}
		t.emit(EditWatch{Token: token, Issued: v.at, User: v.user, Game: t.record(), Watching: *w})
		v.step = t.game.LogLen()
		t.watchers[token] = v
	}
	if over {
		t.watchers = nil
	}
}

// dropOldWatchers forgets the watchers whose messages may no longer be edited.
func (t *machine) dropOldWatchers() {
	for token, v := range t.watchers {
		if t.now.Sub(v.at) >= ViewLifetime {
			delete(t.watchers, token)
		}
	}
}
