package live_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/bot/live"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
	"github.com/pinochle-discord/pinochle/table"
)

// baseline are settings whose computer players decide at once, on the table's goroutine.
var baseline = table.Settings{Level: "easy", Autoplay: true}

// TestLobbyToFinishedGame: a lobby fills, starts, and plays to its end with the person's seat
// handed to a computer player, for every preset; the game is saved as it goes and ends
// recorded in storage, its thread archived.
func TestLobbyToFinishedGame(t *testing.T) {
	for _, preset := range engine.PresetNames() {
		t.Run(preset, func(t *testing.T) {
			t.Parallel()
			r := newRig(t)
			ana, bob := person("ana"), person("bob")
			id := r.lobby(preset, ana, baseline)
			rep := r.do(id, live.Join{By: bob, Seat: -1})
			switch {
			case preset == "two-handed" && rep.Kind == live.ReplyStarted && rep.Game.Seats[1].UserID == bob.ID:
				// bob takes the last of two seats: the game starts.
			case rep.Kind != live.ReplyLobby || rep.Game.Seats[1].UserID != bob.ID:
				t.Fatalf("join: %+v", rep)
			default:
				if rep := r.do(id, live.Start{By: bob}); rep.Kind != live.ReplyNotice || rep.Notice.Fact != live.FactHostOnly || rep.Notice.Tried != live.TriedStart {
					t.Fatalf("bob started ana's table: %+v", rep)
				}
				if rep := r.do(id, live.Start{By: ana}); rep.Kind != live.ReplyStarted {
					t.Fatalf("start: %+v", rep)
				}
			}
			r.post(id, true)
			all := r.fx.list()
			if !hasNote(all, live.NoteGameStarts) {
				t.Fatalf("the thread was not told the game starts:\n%s", describe(all))
			}
			for _, p := range []live.Person{ana, bob} {
				if rep := r.do(id, live.Away{By: p, Away: true}); rep.Kind != live.ReplyNotice || rep.Notice.Fact != live.FactNowAway {
					t.Fatalf("away: %+v", rep)
				}
			}
			all = r.fx.waitFor(t, "the game's end", func(all []live.Effect) bool { return hasNote(all, live.NoteFinished) })
			if count[live.Archive](all, nil) != 1 {
				t.Errorf("the thread was archived %d times, want once", count[live.Archive](all, nil))
			}
			res, err := r.store.GameResult(r.ctx, id)
			if err != nil {
				t.Fatalf("no result saved: %v", err)
			}
			// Two people filled a two-handed table (away for a while, people still): their
			// game counts. The others had computer seats, which do not count by default.
			if want := preset == "two-handed"; res.Counted != want {
				t.Errorf("counted %v, want %v", res.Counted, want)
			}
			if _, err := r.rt.Do(r.ctx, id, live.ShowHand{By: ana}); !errors.Is(err, live.ErrNoTable) {
				t.Errorf("a finished table still runs: %v", err)
			}
		})
	}
}

// TestMisuseChangesNothing: commands from people not seated, out of turn, on a stale step or
// a control no table made are refused privately, and nothing is saved.
func TestMisuseChangesNothing(t *testing.T) {
	r := newRig(t)
	ana, eve := person("ana"), person("eve")
	id := r.lobby("racehorse", ana, baseline)
	r.do(id, live.Start{By: ana})
	r.post(id, true)
	v := r.view(id, ana).View
	before := r.logLen(id)
	pass := engine.Action{Kind: engine.ActPass}
	cases := []struct {
		name string
		c    live.Command
		want live.Fact
	}{
		{"not seated", moveFor(eve, &v, pass), live.FactNotSeated},
		{"stale step", moveFor(ana, &v, pass), live.FactStale},
		{"no stamp", live.Move{By: ana, Action: func(int) (engine.Action, error) { return pass, nil }}, live.FactForged},
		{"bad action", live.Move{By: ana, At: stampOf(&v, false), Action: func(int) (engine.Action, error) {
			return engine.Action{}, errors.New("no such card")
		}}, live.FactUnreadable},
		{"join a game", live.Join{By: eve, Seat: -1}, live.FactNotTaking},
		{"abandon, not host", live.Abandon{By: eve}, live.FactHostOrManager},
	}
	// Make "stale step" stale: its stamp is of an earlier step.
	cases[1].c = live.Move{By: ana, At: table.Stamp{Hand: v.HandNo(), Step: v.Step() + 5}, Action: func(seat int) (engine.Action, error) {
		return engine.Action{Seat: seat, Kind: engine.ActPass}, nil
	}}
	for _, c := range cases {
		rep := r.do(id, c.c)
		switch {
		case c.name == "stale step":
			if rep.Kind != live.ReplyView || rep.Notice.Fact != live.FactStale {
				t.Errorf("%s: %+v", c.name, rep)
			}
		case rep.Notice.Fact != c.want:
			t.Errorf("%s: answer %+v, want fact %d", c.name, rep.Notice, c.want)
		case c.want == live.FactUnreadable && (rep.Notice.Err == nil || rep.Notice.Err.Error() != "no such card"):
			t.Errorf("%s: answer %+v, want the action's error", c.name, rep.Notice)
		}
	}
	if !v.MyTurn() {
		// Out of turn: whatever ana does is refused by the rules.
		rep := r.do(id, moveFor(ana, &v, pass))
		if rep.Kind != live.ReplyView || rep.Notice.Fact != live.FactRuleRefused || rep.Notice.Rule == nil {
			t.Errorf("out of turn: %+v", rep)
		}
	}
	if got := r.logLen(id); got != before {
		t.Errorf("misuse saved %d actions", got-before)
	}
}

// TestNoHandInPublic: whatever the table shows in public (narration, the table message) is
// the public view, and a private view goes only to its own seat.
func TestNoHandInPublic(t *testing.T) {
	r := newRig(t)
	ana := person("ana")
	id := r.lobby("partnership", ana, baseline)
	r.do(id, live.Start{By: ana})
	r.post(id, true)
	r.view(id, ana)
	r.do(id, live.Away{By: ana, Away: true})
	all := r.fx.waitFor(t, "the game's end", func(all []live.Effect) bool { return hasNote(all, live.NoteFinished) })
	for _, e := range all {
		switch e := e.(type) {
		case live.Narrate:
			for _, it := range e.Items {
				if s, ok := it.(live.Step); ok && s.Public.Seat() != -1 {
					t.Fatalf("a narrated step carries seat %d's view", s.Public.Seat())
				}
			}
		case live.ShowTable:
			if e.Public.Seat() != -1 {
				t.Fatalf("the table message shows seat %d's view", e.Public.Seat())
			}
		case live.EditView:
			if e.View.Seat() != e.Seat || e.Game.Seats[e.Seat].UserID != ana.ID {
				t.Fatalf("a private view of seat %d went to seat %d", e.View.Seat(), e.Seat)
			}
		}
	}
}

// TestTurnTimerOnTheClock: with a turn timer, the table reminds the person at half time and
// near the end, then a computer player moves for them; nothing happens before its time.
func TestTurnTimerOnTheClock(t *testing.T) {
	r := newRig(t)
	ana := person("ana")
	id := r.lobby("racehorse", ana, table.Settings{Level: "easy", Timer: time.Hour, Ping: table.PingNever})
	r.do(id, live.Start{By: ana})
	r.post(id, true)
	r.fx.waitFor(t, "the game to wait for ana", func([]live.Effect) bool { v := r.view(id, ana).View; return v.MyTurn() })
	step := r.logLen(id)
	reminders := func(all []live.Effect) int { return count[live.Remind](all, nil) }
	r.advance(29 * time.Minute)
	if n := reminders(r.fx.list()); n != 0 {
		t.Fatalf("%d reminders before half time", n)
	}
	r.advance(time.Minute)
	all := r.fx.waitFor(t, "the first reminder", func(all []live.Effect) bool { return reminders(all) == 1 })
	for _, e := range all {
		if rem, ok := e.(live.Remind); ok && (rem.Left != 30*time.Minute || len(rem.Users) != 1 || rem.Users[0] != ana.ID) {
			t.Errorf("reminder %+v, want ana with 30 minutes left", rem)
		}
	}
	r.fx.waitFor(t, "the timer armed again", func([]live.Effect) bool { return r.clock.armed() > 0 })
	r.advance(24 * time.Minute) // 54m: the second reminder, 6 minutes before the end
	r.fx.waitFor(t, "the second reminder", func(all []live.Effect) bool { return reminders(all) == 2 })
	if r.logLen(id) != step {
		t.Fatalf("the table moved for ana before her time ran out")
	}
	r.fx.waitFor(t, "the timer armed again", func([]live.Effect) bool { return r.clock.armed() > 0 })
	r.advance(6 * time.Minute)
	r.fx.waitFor(t, "a move for ana", func(all []live.Effect) bool { return hasNote(all, live.NoteLateMove) })
	if r.logLen(id) <= step {
		t.Errorf("no move saved for ana")
	}
}

// TestRestartResumes: a game in progress is rebuilt from the store by a new runtime, which
// goes on from the same step, and an overdue deadline is applied at start.
func TestRestartResumes(t *testing.T) {
	r := newRig(t)
	ana := person("ana")
	id := r.lobby("classic", ana, table.Settings{Level: "easy", Timer: 15 * time.Minute, Ping: table.PingNever})
	r.do(id, live.Start{By: ana})
	r.post(id, true)
	before := r.view(id, ana).View
	if !before.MyTurn() {
		t.Fatalf("the game does not wait for ana")
	}
	r.restart()
	after := r.view(id, ana).View
	if after.Step() != before.Step() || after.Hand() != before.Hand() {
		t.Fatalf("after the restart the game is at step %d, want %d", after.Step(), before.Step())
	}
	if rep := r.do(id, moveFor(ana, &after, engine.Action{Kind: engine.ActPass})); rep.Notice.Fact != live.FactNone {
		// a pass may be refused when ana must bid; the point is that the table answers
		t.Logf("pass: %+v", rep.Notice)
	}
	// Her next turn runs out while the bot is down: it is applied as the bot starts.
	r.fx.waitFor(t, "ana's turn", func([]live.Effect) bool { v := r.view(id, ana).View; return v.MyTurn() })
	step := r.logLen(id)
	if err := r.rt.Close(r.ctx); err != nil {
		t.Fatal(err)
	}
	r.advance(16 * time.Minute)
	r.restart()
	r.fx.waitFor(t, "the overdue timeout", func(all []live.Effect) bool { return hasNote(all, live.NoteLateMove) })
	if r.logLen(id) <= step {
		t.Errorf("no move was saved for ana's lapsed turn")
	}
	if count[live.Remind](r.fx.list(), nil) != 0 {
		t.Errorf("a reminder was sent for a turn that had already run out")
	}
}

// TestSearchesOffTheTable: while a computer player searches, the table answers other
// commands; its move comes back and is applied; and a search still waiting for the pool is
// given up when its table ends.
func TestSearchesOffTheTable(t *testing.T) {
	r := newRig(t)
	release := make(chan struct{})
	started := make(chan struct{}, 16)
	r.setDecide(func(p computer.Player, v engine.View) engine.Action {
		started <- struct{}{}
		<-release
		return p.Choose(v)
	})
	ana := person("ana")
	id := r.lobby("racehorse", ana, table.Settings{Level: "expert"})
	r.do(id, live.Start{By: ana})
	r.post(id, true)
	select {
	case <-started:
	case <-r.ctx.Done():
		t.Fatal("no computer player searched")
	}
	step := r.logLen(id)
	if rep := r.view(id, ana); rep.View.Step() != step {
		t.Errorf("view at step %d while the log has %d", rep.View.Step(), step)
	}
	close(release)
	r.fx.waitFor(t, "the searched move", func([]live.Effect) bool { return r.logLen(id) > step })

	// Another table's search holds the pool's one place and does not end. A third table's
	// computer player waits for the place; the third table is abandoned, and its search
	// gives up without ever deciding.
	block := make(chan struct{})
	var thirdSearched atomic.Bool
	r.setDecide(func(p computer.Player, v engine.View) engine.Action {
		if v.Name(0) == "cy" {
			thirdSearched.Store(true)
		}
		select {
		case started <- struct{}{}:
		default:
		}
		<-block
		return p.Choose(v)
	})
	bob, cy := person("bob"), person("cy")
	other := r.lobby("racehorse", bob, table.Settings{Level: "expert"})
	r.do(other, live.Start{By: bob})
	otherStep := r.logLen(other)
	select {
	case <-started:
	case <-r.ctx.Done():
		t.Fatal("no computer player searched at the second table")
	}
	third := r.lobby("racehorse", cy, table.Settings{Level: "expert"})
	r.do(third, live.Start{By: cy})
	if v := r.view(third, cy).View; v.MyTurn() || v.Over() {
		t.Fatalf("the third table does not wait for a computer player")
	}
	if rep := r.do(third, live.Abandon{By: cy}); rep.Notice.Fact != live.FactClosed {
		t.Fatalf("abandon: %+v", rep)
	}
	close(block)
	// The pool's place is given back and taken again (a search waiting for it is served
	// first) before the second table's second move.
	r.fx.waitFor(t, "two more moves at the second table", func([]live.Effect) bool { return r.logLen(other) >= otherStep+2 })
	if err := r.rt.Close(r.ctx); err != nil {
		t.Fatal(err)
	}
	if thirdSearched.Load() {
		t.Errorf("the abandoned table's search ran")
	}
}

// TestCloseStopsEverything: after Close no table takes commands, and Close has waited for
// the searches under way.
func TestCloseStopsEverything(t *testing.T) {
	r := newRig(t)
	var done bool
	r.setDecide(func(p computer.Player, v engine.View) engine.Action {
		done = true // written by the search, read after Close: the race detector checks the join
		return p.Choose(v)
	})
	ana := person("ana")
	id := r.lobby("racehorse", ana, table.Settings{Level: "expert"})
	r.do(id, live.Start{By: ana})
	if err := r.rt.Close(r.ctx); err != nil {
		t.Fatal(err)
	}
	_ = done
	if _, err := r.rt.Do(r.ctx, id, live.ShowHand{By: ana}); !errors.Is(err, live.ErrNoTable) {
		t.Errorf("a command after Close: %v", err)
	}
	if err := r.rt.Add(table.Game{ID: 99}, nil); !errors.Is(err, live.ErrClosed) {
		t.Errorf("Add after Close: %v", err)
	}
}

// TestManyTablesAtOnce: 40 tables play at once, each driven by its own goroutine while
// others read every table's summary: every game ends with its result saved. Run it with
// -race.
func TestManyTablesAtOnce(t *testing.T) {
	r := newRig(t)
	const tables = 40
	ids := make([]int64, tables)
	people := make([]live.Person, tables)
	for k := range tables {
		people[k] = person(strings.Repeat("p", k%5+1) + string(rune('a'+k%26)) + string(rune('0'+k/26)))
		ids[k] = r.lobby("racehorse", people[k], table.Settings{Level: "easy", Ping: table.PingNever})
	}
	var wg sync.WaitGroup
	errs := make([]error, tables)
	for k := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, c := range []live.Command{live.Start{By: people[k]}, live.ShowHand{By: people[k]}, live.Away{By: people[k], Away: true}} {
				if _, err := r.rt.Do(r.ctx, ids[k], c); err != nil {
					errs[k] = err
					return
				}
			}
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		for range 200 {
			r.rt.Tables(func(s *live.Summary) bool { return s.Seat(people[0].ID) >= 0 })
		}
	}()
	wg.Wait()
	for k, err := range errs {
		if err != nil {
			t.Errorf("table %d: %v", k, err)
		}
	}
	r.fx.waitFor(t, "every game's end", func(all []live.Effect) bool { return count[live.Archive](all, nil) == tables })
	for k, id := range ids {
		if _, err := r.store.GameResult(r.ctx, id); err != nil {
			t.Errorf("table %d: no result: %v", k, err)
		}
	}
}

// TestDeadlinesSurviveRestarts: while the bot is down one table's turn runs out and
// another's is still pending: at start the overdue one is applied at once (with no reminder
// for a turn already over) and the pending one is armed again; a reminder that fell due
// while the bot was down is sent at once at the next start.
func TestDeadlinesSurviveRestarts(t *testing.T) {
	r := newRig(t)
	ana, bob := person("ana"), person("bob")
	short := r.lobby("racehorse", ana, table.Settings{Level: "easy", Timer: 15 * time.Minute, Ping: table.PingNever})
	long := r.lobby("racehorse", bob, table.Settings{Level: "easy", Timer: time.Hour, Ping: table.PingNever})
	r.do(short, live.Start{By: ana})
	r.do(long, live.Start{By: bob})
	n, m := r.logLen(short), r.logLen(long)
	reminders := func(id int64) int {
		g, _ := r.store.GetGame(r.ctx, id)
		return count[live.Remind](r.fx.list(), func(rem live.Remind) bool { return rem.Channel == g.ThreadID })
	}

	down := func(d time.Duration) {
		t.Helper()
		if err := r.rt.Close(r.ctx); err != nil {
			t.Fatal(err)
		}
		r.advance(d)
		r.restart()
	}
	down(16 * time.Minute)
	if r.logLen(short) <= n || !hasNote(r.fx.list(), live.NoteLateMove) {
		t.Fatalf("no move was made for ana after the restart")
	}
	if reminders(short) != 0 {
		t.Errorf("a reminder was sent for a turn that had already run out")
	}
	if reminders(long) != 0 || r.logLen(long) != m {
		t.Errorf("the long table moved or was reminded before half time")
	}

	down(15 * time.Minute) // 31m: the long table's first reminder fell due while down
	if reminders(long) != 1 {
		t.Fatalf("%d reminders at the long table after the restart, want the one that fell due", reminders(long))
	}
	r.advance(23 * time.Minute) // 54m: the second
	if reminders(long) != 2 || r.logLen(long) != m {
		t.Fatalf("at 54 minutes: %d reminders and %d moves, want 2 and none", reminders(long), r.logLen(long)-m)
	}
	r.advance(6 * time.Minute) // 1h: time is up
	if r.logLen(long) <= m {
		t.Errorf("no move was made for bob when his hour ran out")
	}
}

// TestSearchStops: a computer player's search for a person whose time ran out is given up
// part way when the person moves after all, or when the table ends, and nothing it would
// have chosen is played.
func TestSearchStops(t *testing.T) {
	for _, tc := range []struct {
		name string
		stop func(r *rig, id int64, ana live.Person)
	}{
		{"the person moves", func(r *rig, id int64, ana live.Person) { r.act(id, ana) }},
		{"the table ends", func(r *rig, id int64, ana live.Person) {
			if rep := r.do(id, live.Abandon{By: ana}); rep.Notice.Fact != live.FactClosed {
				r.t.Fatalf("abandon: %+v", rep)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t)
			ana := person("ana")
			// The computer players decide at once (as the easy level does), except in the
			// search for ana, which runs until it is stopped.
			started, stopped := make(chan struct{}), make(chan error, 1)
			quick, err := computer.New("easy", 1)
			if err != nil {
				t.Fatal(err)
			}
			r.setSearch(func(ctx context.Context, p computer.Player, v engine.View) (engine.Action, error) {
				if v.Name(v.Seat()) != ana.Name {
					return quick.Choose(v), nil
				}
				close(started)
				<-ctx.Done()
				stopped <- ctx.Err()
				return engine.Action{}, ctx.Err()
			})
			id := r.lobby("racehorse", ana, table.Settings{Level: "expert", Timer: 15 * time.Minute, Timeout: table.PolicyComputer, Ping: table.PingNever})
			r.do(id, live.Start{By: ana})
			r.post(id, true)
			if err := r.rt.WaitIdle(r.ctx); err != nil { // the computer players' turns
				t.Fatal(err)
			}
			if v := r.view(id, ana).View; !v.MyTurn() {
				t.Fatal("the game does not wait for ana")
			}
			step := r.logLen(id)
			r.advance(15 * time.Minute)
			select {
			case <-started:
			case <-r.ctx.Done():
				t.Fatal("no computer player searched for ana once her time ran out")
			}
			tc.stop(r, id, ana)
			select {
			case err := <-stopped:
				if !errors.Is(err, context.Canceled) {
					t.Errorf("the search ended with %v, want context.Canceled", err)
				}
			case <-r.ctx.Done():
				t.Fatal("the search for ana was not stopped")
			}
			if err := r.rt.WaitIdle(r.ctx); err != nil {
				t.Fatal(err)
			}
			recs, err := r.store.LoadActions(r.ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			moved := 0
			for _, rec := range recs[step:] {
				if rec.Action.Seat == 0 {
					moved++
				}
			}
			if want := map[bool]int{true: 1, false: 0}[tc.name == "the person moves"]; moved != want {
				t.Errorf("ana's seat moved %d times after her time ran out, want %d (her own move only)", moved, want)
			}
		})
	}
}

// TestStartedBeforeShown: a game started the moment its lobby appeared, before the bot has
// recorded the lobby's message and thread, shows nothing anywhere until it has them, and
// then its table and story go to its thread, not to the channel.
func TestStartedBeforeShown(t *testing.T) {
	r := newRig(t)
	ana := person("ana")
	rules, err := engine.NewRules("racehorse", nil)
	if err != nil {
		t.Fatal(err)
	}
	g := table.Game{GuildID: "g1", ChannelID: "c1", HostID: ana.ID, Preset: "racehorse", Seed: 7,
		Seats: make([]table.Seat, rules.Players), Status: table.StatusLobby, CreatedAt: r.clock.Now(),
		LastActivity: r.clock.Now(), Settings: baseline}
	g.Seats[0] = table.Seat{UserID: ana.ID, Name: ana.Name}
	id, err := r.store.CreateGame(r.ctx, g)
	if err != nil {
		t.Fatal(err)
	}
	g.ID = id
	if err := r.rt.Add(g, nil); err != nil {
		t.Fatal(err)
	}
	if err := r.rt.Start(r.ctx); err != nil {
		t.Fatal(err)
	}
	if rep := r.do(id, live.Start{By: ana}); rep.Kind != live.ReplyStarted {
		t.Fatalf("start: %+v", rep)
	}
	shown := func() (posts, narrations int, channels []string) {
		for _, e := range r.fx.list() {
			switch e := e.(type) {
			case live.PostTable:
				posts++
				channels = append(channels, e.Channel)
			case live.Narrate:
				narrations++
				channels = append(channels, e.Channel)
			}
		}
		return
	}
	if p, n, _ := shown(); p+n > 0 {
		t.Fatalf("before the lobby was shown: %d table posts and %d narrations", p, n)
	}
	lobby := table.Message{ChannelID: "c1", MessageID: "lobby"}
	if rep := r.do(id, live.LobbyPosted{Message: lobby, Thread: "thread-x"}); rep.Kind != live.ReplyLobby {
		t.Fatalf("lobby posted: %+v", rep)
	}
	p, n, channels := shown()
	if p != 1 || n == 0 {
		t.Fatalf("once shown: %d table posts and %d narrations, want the table and its story", p, n)
	}
	for _, c := range channels {
		if c != "thread-x" {
			t.Errorf("a post went to %s, not the table's thread", c)
		}
	}
}

// TestLastComputerDoesNotDeal: the host filling the last seat with a computer player shows
// the full table in the lobby; Start deals. A person taking the last seat deals at once.
func TestLastComputerDoesNotDeal(t *testing.T) {
	r := newRig(t)
	ana, bob := person("ana"), person("bob")
	id := r.lobby("racehorse", ana, baseline)
	for k := range 3 {
		rep := r.do(id, live.AddComputer{By: ana})
		if rep.Kind != live.ReplyLobby {
			t.Fatalf("computer player %d: %+v", k+1, rep)
		}
	}
	if g, err := r.store.GetGame(r.ctx, id); err != nil || g.Status != table.StatusLobby {
		t.Fatalf("after the last computer player: %v, %v; want the lobby, full", g.Status, err)
	}
	if rep := r.do(id, live.Start{By: ana}); rep.Kind != live.ReplyStarted {
		t.Fatalf("start: %+v", rep)
	}

	other := r.lobby("racehorse", ana, baseline)
	r.do(other, live.AddComputer{By: ana})
	r.do(other, live.AddComputer{By: ana})
	if rep := r.do(other, live.Join{By: bob, Seat: -1}); rep.Kind != live.ReplyStarted {
		t.Fatalf("a person in the last seat: %+v, want the game dealt", rep)
	}
}
