package storage

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/league/club"
	"github.com/pinochle-discord/pinochle/league/event"
	"github.com/pinochle-discord/pinochle/table"
)

// newEvent returns a Swiss event of two-handed games in guild g1, ready for CreateEvent.
func newEvent(name string) club.Event {
	return club.Event{
		GuildID: "g1", ChannelID: "c1", Name: name,
		Spec:   event.Event{Format: event.Swiss, Entry: event.Individuals, Seats: 2, Rounds: 3, Seed: 1<<63 + 5},
		Preset: "two-handed", Options: map[string]string{"hands": "1"},
		Settings:    table.Settings{Level: table.LevelEasy, Hints: false, Unrated: true},
		RoundLength: time.Hour, Start: t0.Add(time.Hour), EntryLimit: 3, CheckIn: true, Settle: club.SettleForfeit,
		OrganiserID: "org", OrganiserRole: "r1", CreatedAt: t0,
	}
}

// player is a player alone joining at t0 plus k minutes.
func player(id string, k int) []club.Player {
	return []club.Player{{UserID: id, Name: "N" + id, JoinedAt: t0.Add(time.Duration(k) * time.Minute)}}
}

// twoTables is round 1 of four players at two two-handed tables.
func twoTables() club.Round {
	return club.Round{
		Round: event.Round{Number: 1, Tables: []event.Table{
			{Number: 1, Sides: [][]string{{"u1"}, {"u3"}}, Seats: []string{"u1", "u3"}},
			{Number: 2, Sides: [][]string{{"u2"}, {"u4"}}, Seats: []string{"u2", "u4"}},
		}},
		OpenedAt: t0.Add(time.Hour), Deadline: t0.Add(2 * time.Hour),
		Tables: []club.Table{{Number: 1, Message: "m1", Thread: "t1"}, {Number: 2}},
	}
}

// TestEventLifecycle: an event is created, entered, checked in to, closed to entry, played
// round by round and ended; each step reads back as written, from a database opened
// anew (as after a restart), and each refusal changes nothing.
func TestEventLifecycle(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testEventLifecycle)
}

func testEventLifecycle(t *testing.T, db backend) {
	target := db.target(t)
	s := openAt(t, target)
	ctx := context.Background()
	ev := newEvent("Tuesday night")
	id, err := s.CreateEvent(ctx, ev)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreateEvent(ctx, newEvent("tuesday NIGHT")); !errors.Is(err, ErrConflict) {
		t.Errorf("a second open event of the same name: %v, want ErrConflict", err)
	}
	bad := newEvent("Bad")
	bad.Preset = "classic" // four seats, and the event seats two
	if _, err := s.CreateEvent(ctx, bad); !errors.Is(err, ErrInvalid) {
		t.Errorf("an event whose rules do not seat its tables: %v, want ErrInvalid", err)
	}
	bad = newEvent("Bad")
	bad.RoundLength = time.Minute
	if _, err := s.CreateEvent(ctx, bad); !errors.Is(err, ErrInvalid) {
		t.Errorf("a round of a minute: %v, want ErrInvalid", err)
	}
	got, err := s.Event(ctx, id)
	ev.ID, ev.Status = id, club.StatusSignup
	ev.Settings.Normalize()
	if err != nil || !reflect.DeepEqual(got, ev) {
		t.Fatalf("Event = %+v, %v\nwant %+v", got, err, ev)
	}

	for k, u := range []string{"u1", "u2", "u3"} {
		if err := s.JoinEvent(ctx, id, player(u, k)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.JoinEvent(ctx, id, player("u1", 5)); !errors.Is(err, ErrConflict) {
		t.Errorf("joining twice: %v, want ErrConflict", err)
	}
	if err := s.JoinEvent(ctx, id, player("u4", 5)); !errors.Is(err, ErrEventFull) {
		t.Errorf("joining a full event: %v, want ErrEventFull", err)
	}
	if _, err := s.LeaveEvent(ctx, id, "u9"); !errors.Is(err, ErrNotFound) {
		t.Errorf("leaving without having joined: %v, want ErrNotFound", err)
	}
	if left, err := s.LeaveEvent(ctx, id, "u3"); err != nil || len(left) != 1 || left[0].UserID != "u3" {
		t.Errorf("LeaveEvent = %+v, %v", left, err)
	}
	if err := s.JoinEvent(ctx, id, player("u3", 10)); err != nil {
		t.Fatalf("joining again after leaving: %v", err)
	}
	if err := s.CheckIn(ctx, id, "u1"); err != nil {
		t.Fatal(err)
	}
	if err := s.CheckIn(ctx, id, "u9"); !errors.Is(err, ErrNotFound) {
		t.Errorf("checking in without having joined: %v", err)
	}
	if err := s.CloseEntry(ctx, id, []string{"u2"}, map[string]float64{"u1": 1500, "u3": 1400}); err != nil {
		t.Fatal(err)
	}
	if err := s.CloseEntry(ctx, id, nil, nil); !errors.Is(err, ErrEntryClosed) {
		t.Errorf("closing entry twice: %v, want ErrEntryClosed", err)
	}
	if err := s.JoinEvent(ctx, id, player("u5", 20)); !errors.Is(err, ErrEntryClosed) {
		t.Errorf("joining after the start: %v, want ErrEntryClosed", err)
	}
	if _, err := s.LeaveEvent(ctx, id, "u1"); !errors.Is(err, ErrEntryClosed) {
		t.Errorf("leaving after the start: %v, want ErrEntryClosed", err)
	}

	r := twoTables()
	if err := s.AddRound(ctx, id, r); err != nil {
		t.Fatal(err)
	}
	r2 := twoTables()
	r2.Number = 3
	if err := s.AddRound(ctx, id, r2); !errors.Is(err, ErrConflict) {
		t.Errorf("round 3 after round 1: %v, want ErrConflict", err)
	}
	r.Tables[1].Game, r.Tables[1].Reminders, r.Tables[1].Settled = 42, 2, true
	if err := s.UpdateTable(ctx, id, 1, r.Tables[1]); err != nil {
		t.Fatal(err)
	}
	if err := s.UpdateTable(ctx, id, 1, club.Table{Number: 9}); !errors.Is(err, ErrNotFound) {
		t.Errorf("a table the round does not have: %v", err)
	}
	r.Deadline = t0.Add(3 * time.Hour)
	if err := s.UpdateRound(ctx, id, 1, r.Deadline); err != nil {
		t.Fatal(err)
	}
	res := club.Result{Result: event.Result{Round: 1, Table: 1, Sides: []event.SideResult{{Outcome: event.Win, Points: 250}, {Outcome: event.Loss, Points: 90}}},
		How: club.HowPlayed, At: t0.Add(90 * time.Minute)}
	if err := s.RecordResult(ctx, id, res); err != nil {
		t.Fatal(err)
	}
	if err := s.RecordResult(ctx, id, res); !errors.Is(err, ErrConflict) {
		t.Errorf("a second result of a table: %v, want ErrConflict", err)
	}
	void := club.Result{Result: event.Result{Round: 1, Table: 2, Void: true}, How: club.HowVoid, At: t0.Add(2 * time.Hour)}
	if err := s.RecordResult(ctx, id, void); err != nil {
		t.Fatal(err)
	}
	if err := s.RecordResult(ctx, id, club.Result{Result: event.Result{Round: 2, Table: 1}, How: club.HowVoid}); !errors.Is(err, ErrNotFound) {
		t.Errorf("a result of a table that is not there: %v, want ErrNotFound", err)
	}
	ev.Status, ev.PausedAt, ev.StandingsMessage = club.StatusPaused, t0.Add(100*time.Minute), "m9"
	if err := s.UpdateEvent(ctx, ev); err != nil {
		t.Fatal(err)
	}

	// As after a restart: everything reads back from the database opened anew.
	if db.name == sqliteBackend.name {
		s.Close()
		s = openAt(t, target)
	}
	st, err := s.EventState(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if st.Event.Status != club.StatusPaused || !st.Event.PausedAt.Equal(ev.PausedAt) || st.Event.StandingsMessage != "m9" {
		t.Errorf("event read back %+v", st.Event)
	}
	var ids []string
	for _, p := range st.Players {
		ids = append(ids, p.UserID)
	}
	if want := []string{"u1", "u3"}; !reflect.DeepEqual(ids, want) || st.Players[0].Rating != 1500 || !st.Players[0].CheckedIn || st.Players[1].CheckedIn {
		t.Errorf("players %+v, want %v with u1 checked in and rated 1500", st.Players, want)
	}
	if len(st.Rounds) != 1 || !reflect.DeepEqual(st.Rounds[0], r) {
		t.Errorf("rounds %+v\nwant %+v", st.Rounds, []club.Round{r})
	}
	if len(st.Results) != 2 || !reflect.DeepEqual(st.Results[0].Result, res.Result) || !st.Results[1].Void || st.Results[1].How != club.HowVoid {
		t.Errorf("results %+v", st.Results)
	}
	if err := s.ReplayTable(ctx, id, 1, 2); err != nil {
		t.Fatal(err)
	}
	st, err = s.EventState(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if tb := st.Rounds[0].Tables[1]; len(st.Results) != 1 || tb.Game != 0 || tb.Settled || tb.Reminders != 0 {
		t.Errorf("after a replay: results %+v, table %+v", st.Results, tb)
	}
	open, err := s.OpenEvents(ctx)
	if err != nil || len(open) != 1 || open[0].ID != id {
		t.Errorf("OpenEvents = %+v, %v", open, err)
	}
	ev.Status, ev.EndedAt = club.StatusFinished, t0.Add(5*time.Hour)
	if err := s.UpdateEvent(ctx, ev); err != nil {
		t.Fatal(err)
	}
	ev.Status = club.StatusRunning
	if err := s.UpdateEvent(ctx, ev); !errors.Is(err, ErrConflict) {
		t.Errorf("reopening a finished event: %v, want ErrConflict", err)
	}
	if open, err := s.OpenEvents(ctx); err != nil || len(open) != 0 {
		t.Errorf("OpenEvents after the end = %+v, %v", open, err)
	}
	// Its name is free again.
	if _, err := s.CreateEvent(ctx, newEvent("Tuesday night")); err != nil {
		t.Errorf("a new event of a finished event's name: %v", err)
	}
	if all, err := s.GuildEvents(ctx, "g1", 10); err != nil || len(all) != 2 || all[1].ID != id {
		t.Errorf("GuildEvents = %+v, %v", all, err)
	}
}

// TestEventPartnerships: a partnership enters whole, in its order, and leaves whole; a
// player already in one cannot enter another.
func TestEventPartnerships(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testEventPartnerships)
}

func testEventPartnerships(t *testing.T, db backend) {
	s := db.open(t)
	ctx := context.Background()
	ev := newEvent("Pairs")
	ev.Spec = event.Event{Format: event.RoundRobin, Entry: event.Partnerships, Seats: 4}
	ev.Preset, ev.Options = "classic", nil
	id, err := s.CreateEvent(ctx, ev)
	if err != nil {
		t.Fatal(err)
	}
	pair := func(a, b string) []club.Player {
		return []club.Player{{UserID: a, Name: a, JoinedAt: t0}, {UserID: b, Name: b, JoinedAt: t0}}
	}
	if err := s.JoinEvent(ctx, id, player("u1", 0)); !errors.Is(err, ErrInvalid) {
		t.Errorf("a partnership of one: %v, want ErrInvalid", err)
	}
	if err := s.JoinEvent(ctx, id, pair("u1", "u2")); err != nil {
		t.Fatal(err)
	}
	if err := s.JoinEvent(ctx, id, pair("u3", "u2")); !errors.Is(err, ErrConflict) {
		t.Errorf("a player in two partnerships: %v, want ErrConflict", err)
	}
	st, err := s.EventState(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if got := club.Entrants(st.Players); len(got) != 1 || got[0].ID != "u1" || !reflect.DeepEqual(got[0].Players, []string{"u1", "u2"}) {
		t.Errorf("entrants %+v (players %+v)", got, st.Players)
	}
	left, err := s.LeaveEvent(ctx, id, "u2")
	if err != nil || len(left) != 2 {
		t.Errorf("the partner leaving takes the partnership out: %+v, %v", left, err)
	}
}

// TestEventDeals: a duplicate table's deals are recorded once each, counted at their
// table, and read back in order.
func TestEventDeals(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testEventDeals)
}

func testEventDeals(t *testing.T, db backend) {
	s := db.open(t)
	ctx := context.Background()
	ev := newEvent("Duplicate")
	ev.Spec = event.Event{Format: event.Duplicate, Entry: event.Individuals, Seats: 2, Rounds: 1, Deals: 2}
	id, err := s.CreateEvent(ctx, ev)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CloseEntry(ctx, id, nil, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.AddRound(ctx, id, twoTables()); err != nil {
		t.Fatal(err)
	}
	for _, d := range []club.DealResult{
		{DealResult: event.DealResult{Round: 1, Table: 1, Deal: 2, Points: []int{10, 240}}, Game: 8, At: t0},
		{DealResult: event.DealResult{Round: 1, Table: 1, Deal: 1, Points: []int{120, 0}}, Game: 7, At: t0},
	} {
		if err := s.RecordDealResult(ctx, id, d); err != nil {
			t.Fatal(err)
		}
	}
	dup := club.DealResult{DealResult: event.DealResult{Round: 1, Table: 1, Deal: 1, Points: []int{1, 2}}, Game: 9}
	if err := s.RecordDealResult(ctx, id, dup); !errors.Is(err, ErrConflict) {
		t.Errorf("a deal recorded twice: %v, want ErrConflict", err)
	}
	st, err := s.EventState(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	deals := st.DealsOf(1, 1)
	if len(deals) != 2 || deals[0].Deal != 1 || !reflect.DeepEqual(deals[1].Points, []int{10, 240}) || deals[1].Game != 8 {
		t.Errorf("deals %+v", deals)
	}
	if st.Rounds[0].Tables[0].DealsDone != 2 || st.Rounds[0].Tables[1].DealsDone != 0 {
		t.Errorf("deals done %+v", st.Rounds[0].Tables)
	}
}

// TestDaily: the first play of a day fixes its deal; a player plays it once; par and
// scores read back, with the days played for a streak.
func TestDaily(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testDaily)
}

func testDaily(t *testing.T, db backend) {
	s := db.open(t)
	ctx := context.Background()
	day := event.Date{Year: 2026, Month: 3, Day: 2}
	deal := club.DailyDeal{GuildID: "g1", Day: day, Seed: 1<<64 - 3, Preset: "classic", Options: map[string]string{"hands": "1"}, Seat: 1}
	got, err := s.EnsureDailyDeal(ctx, deal)
	if err != nil || !reflect.DeepEqual(got, deal) {
		t.Fatalf("EnsureDailyDeal = %+v, %v", got, err)
	}
	other := deal
	other.Preset, other.Seat = "racehorse", 0
	if got, err := s.EnsureDailyDeal(ctx, other); err != nil || !reflect.DeepEqual(got, deal) {
		t.Errorf("a second deal of the day: %+v, %v; want the first", got, err)
	}
	if _, err := s.EnsureDailyDeal(ctx, club.DailyDeal{GuildID: "g1", Day: day, Preset: "classic", Seat: 4}); !errors.Is(err, ErrInvalid) {
		t.Errorf("a seat the preset does not have: %v", err)
	}
	if err := s.SetDailyPar(ctx, "g1", day, 180, "bid 250 in ♥"); err != nil {
		t.Fatal(err)
	}
	g := startGame(t, s, newGame("classic", map[string]string{"hands": "1"}, 4, humans(4)))
	play := club.DailyPlay{GuildID: "g1", Day: day, UserID: "u1", Name: "Ana", Game: g.ID, Status: club.PlayPlaying, StartedAt: t0}
	if err := s.StartDaily(ctx, play); err != nil {
		t.Fatal(err)
	}
	if err := s.StartDaily(ctx, play); !errors.Is(err, ErrConflict) {
		t.Errorf("a second play of the day: %v, want ErrConflict", err)
	}
	open, err := s.OpenDailyPlays(ctx)
	if err != nil || len(open) != 1 || !reflect.DeepEqual(open[0], play) {
		t.Errorf("OpenDailyPlays = %+v, %v", open, err)
	}
	if err := s.FinishDaily(ctx, "g1", day, "u1", 210, "bid 300 in ♠", t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := s.FinishDaily(ctx, "g1", day, "u1", 0, "", t0.Add(time.Hour)); !errors.Is(err, ErrConflict) {
		t.Errorf("a score recorded twice: %v, want ErrConflict", err)
	}
	p, err := s.DailyPlay(ctx, "g1", day, "u1")
	if err != nil || p.Status != club.PlayDone || p.Score != 210 || p.Contract != "bid 300 in ♠" || !p.FinishedAt.Equal(t0.Add(time.Hour)) {
		t.Errorf("DailyPlay = %+v, %v", p, err)
	}
	if _, err := s.DailyPlay(ctx, "g1", day, "u2"); !errors.Is(err, ErrNotFound) {
		t.Errorf("a play nobody made: %v", err)
	}
	d, err := s.DailyDeal(ctx, "g1", day)
	if err != nil || !d.HasPar || d.Par != 180 || d.Contract != "bid 250 in ♥" {
		t.Errorf("DailyDeal = %+v, %v", d, err)
	}
	deals, err := s.DailyDeals(ctx, "g1", club.AddDays(day, -6), day)
	if err != nil || len(deals) != 1 {
		t.Errorf("DailyDeals = %+v, %v", deals, err)
	}
	plays, err := s.DailyPlays(ctx, "g1", day, day)
	if err != nil || len(plays) != 1 || plays[0].Score != 210 {
		t.Errorf("DailyPlays = %+v, %v", plays, err)
	}
	days, err := s.DailyDays(ctx, "g1", "u1", club.AddDays(day, -30))
	if err != nil || !reflect.DeepEqual(days, []event.Date{day}) {
		t.Errorf("DailyDays = %v, %v", days, err)
	}
	if open, err := s.OpenDailyPlays(ctx); err != nil || len(open) != 0 {
		t.Errorf("OpenDailyPlays once done = %+v, %v", open, err)
	}
}
