package live_test

import (
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/bot/live"
	"github.com/pinochle-discord/pinochle/table"
)

// twoPeople opens a two-handed table of ana and bob with settings and deals it.
func (r *rig) twoPeople(settings table.Settings) (int64, live.Person, live.Person) {
	r.t.Helper()
	ana, bob := person("ana"), person("bob")
	id := r.lobby("two-handed", ana, settings)
	if rep := r.do(id, live.Join{By: bob, Seat: -1}); rep.Kind != live.ReplyStarted {
		r.t.Fatalf("bob's join did not deal: %+v", rep)
	}
	r.post(id, true)
	return id, ana, bob
}

// TestLeaveAndComeBack: a person who leaves a game in play is replaced by a computer player
// and the thread is told; they take the seat back within the turn timer, not after; the
// stored seat says when they left.
func TestLeaveAndComeBack(t *testing.T) {
	r := newRig(t)
	settings := table.DefaultSettings()
	settings.Timer = 5 * time.Minute
	id, ana, bob := r.twoPeople(settings)

	if rep := r.do(id, live.Leave{By: bob}); rep.Notice.Fact != live.FactLeftGame {
		t.Fatalf("leave: %+v", rep.Notice)
	}
	all := r.fx.waitFor(t, "the thread to be told", func(all []live.Effect) bool { return hasNote(all, live.NoteLeft) })
	if !hasNote(all, live.NoteLeft) {
		t.Fatal("nobody was told")
	}
	g, err := r.store.GetGame(r.ctx, id)
	if err != nil || !g.Seats[1].Away || !g.Seats[1].Left.Equal(r.clock.Now()) {
		t.Fatalf("bob's seat after leaving: %+v, %v", g.Seats, err)
	}
	if rep := r.do(id, live.Leave{By: bob}); rep.Notice.Fact != live.FactLeftAlready {
		t.Errorf("leaving twice: %+v", rep.Notice)
	}
	r.advance(4 * time.Minute)
	if rep := r.do(id, live.Away{By: bob, Away: false}); rep.Notice.Fact != live.FactBack {
		t.Fatalf("back within the timer: %+v", rep.Notice)
	}
	if g, _ := r.store.GetGame(r.ctx, id); g.Seats[1].Away || g.Seats[1].HasLeft() {
		t.Errorf("bob came back and his seat is %+v", g.Seats[1])
	}

	r.do(id, live.Leave{By: bob})
	r.restart() // when bob left survives it
	r.advance(5*time.Minute + time.Second)
	if rep := r.do(id, live.Away{By: bob, Away: false}); rep.Notice.Fact != live.FactLeftForGood {
		t.Errorf("back after the timer: %+v", rep.Notice)
	}
	if g, _ := r.store.GetGame(r.ctx, id); !g.Seats[1].Away || !g.Seats[1].HasLeft() {
		t.Errorf("bob's seat after a late come-back: %+v", g.Seats[1])
	}
	if rep := r.do(id, live.Away{By: ana, Away: false}); rep.Notice.Fact != live.FactAlreadyBack {
		t.Errorf("ana, who never left: %+v", rep.Notice)
	}
}

// TestLeaveForfeits: leaving a league event's game (Leave.Forfeit) forfeits it for the
// leaver's side.
func TestLeaveForfeits(t *testing.T) {
	r := newRig(t)
	id, _, bob := r.twoPeople(table.DefaultSettings())
	if rep := r.do(id, live.Leave{By: bob, Forfeit: true}); rep.Notice.Fact != live.FactLeftForfeit {
		t.Fatalf("leave: %+v", rep.Notice)
	}
	res, err := r.store.GameResult(r.ctx, id)
	if err != nil || !res.Forfeited || res.Winner != 0 {
		t.Errorf("result %+v, %v; want a forfeit that ana's side wins", res, err)
	}
}

// TestWatch: someone not seated follows the game: its public view, the hands already over,
// and every seat's cards only where the table allows kibitzing; a player of the table is
// refused; the watcher's message follows the table until the game is over.
func TestWatch(t *testing.T) {
	for _, kibitz := range []bool{false, true} {
		r := newRig(t)
		settings := table.DefaultSettings()
		settings.Kibitz = kibitz
		id, ana, _ := r.twoPeople(settings)
		cy := person("cy")
		if rep := r.do(id, live.Watch{By: ana, Token: "t-ana"}); rep.Notice.Fact != live.FactWatchOwnTable {
			t.Errorf("a player watching her own table: %+v", rep)
		}
		rep := r.do(id, live.Watch{By: cy, Token: "t-cy"})
		if rep.Kind != live.ReplyWatch {
			t.Fatalf("watch: %+v", rep.Notice)
		}
		w := rep.Watching
		if w.Public.Seat() != -1 || (len(w.Seats) > 0) != kibitz {
			t.Errorf("kibitz %v: a public view of seat %d and %d seats' views", kibitz, w.Public.Seat(), len(w.Seats))
		}
		for s, v := range w.Seats {
			if v.Seat() != s || len(v.Cards()) == 0 {
				t.Errorf("kibitz: seat %d's view is seat %d's with %d cards", s, v.Seat(), len(v.Cards()))
			}
		}
		// The watcher's message follows the game to its end.
		r.fx.waitFor(t, "", func([]live.Effect) bool { return true })
		before := count[live.EditWatch](r.fx.list(), nil)
		r.do(id, live.Abandon{By: ana})
		after := r.fx.list()
		if count[live.EditWatch](after, func(e live.EditWatch) bool { return e.Token == "t-cy" }) <= before {
			t.Errorf("kibitz %v: the watcher was not shown the table's end", kibitz)
		}
		lobby := r.lobby("two-handed", ana, settings)
		if rep := r.do(lobby, live.Watch{By: cy, Token: "t2"}); rep.Notice.Fact != live.FactNotStarted {
			t.Errorf("watching a lobby: %+v", rep)
		}
	}
}

// TestWatchersBounded: a table keeps MaxWatchers watchers at once, and lets one go once its
// message may no longer be edited.
func TestWatchersBounded(t *testing.T) {
	r := newRig(t)
	id, _, _ := r.twoPeople(table.DefaultSettings())
	for i := range live.MaxWatchers {
		if rep := r.do(id, live.Watch{By: person("w" + string(rune('a'+i))), Token: "t" + string(rune('a'+i))}); rep.Kind != live.ReplyWatch {
			t.Fatalf("watcher %d: %+v", i, rep.Notice)
		}
	}
	if rep := r.do(id, live.Watch{By: person("late"), Token: "t-late"}); rep.Notice.Fact != live.FactWatchersFull {
		t.Errorf("one watcher too many: %+v", rep)
	}
	r.advance(live.ViewLifetime)
	if rep := r.do(id, live.Watch{By: person("late"), Token: "t-late"}); rep.Kind != live.ReplyWatch {
		t.Errorf("a watcher once the others' messages expired: %+v", rep.Notice)
	}
}
