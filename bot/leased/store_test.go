package leased

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer/computertest"
	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/storage"
	"github.com/pinochle-discord/pinochle/storage/pgtest"
	"github.com/pinochle-discord/pinochle/table"
)

// TestLeasedStoreFencesEveryWrite: a bot whose lease another process has taken over, and
// which has not found out (its own check of the lease still passes, as for a process that
// stalled after it), commits none of the writes its leased store makes: each fails with
// storage.ErrLeaseLost and the database is left as it was. The same writes by the process
// that took the shard over go through. It runs on SQLite, and on PostgreSQL when
// pgtest.Env names one.
func TestLeasedStoreFencesEveryWrite(t *testing.T) {
	targets := map[string]func(t *testing.T) string{
		"sqlite":   func(t *testing.T) string { return filepath.Join(t.TempDir(), "pinochle.db") },
		"postgres": func(t *testing.T) string { return pgtest.URL(t) },
	}
	for _, name := range []string{"sqlite", "postgres"} {
		t.Run(name, func(t *testing.T) { testLeasedStoreFencesEveryWrite(t, targets[name](t)) })
	}
}

func testLeasedStoreFencesEveryWrite(t *testing.T, target string) {
	ctx := context.Background()
	connect := func() *storage.DB {
		s, err := storage.Connect(ctx, target)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	procA, procB := connect(), connect()
	shard := storage.Shards{Count: 1, IDs: []int{0}}
	const ttl = time.Hour // leases are in real time: long enough never to end during the test
	la, err := procA.AcquireShards(ctx, "a", shard, time.Now(), ttl)
	if err != nil {
		t.Fatal(err)
	}
	store := Store{Reads: procA, db: procA, now: time.Now}
	fenced := store.Fenced(la)
	store.writer = func() (storage.Writer, error) { return fenced, nil } // the bot's own check passes

	// Under its lease, the bot starts a game, saves its first action and opens a season.
	rules, err := engine.NewRules("racehorse", map[string]string{"hands": "1"})
	if err != nil {
		t.Fatal(err)
	}
	eg := playOut(t, rules, 5)
	log := eg.Log()
	start := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	seats := make([]table.Seat, rules.Players)
	for i := range seats {
		seats[i] = table.Seat{UserID: fmt.Sprintf("u%d", i+1), Name: fmt.Sprintf("P%d", i+1)}
	}
	g := table.Game{GuildID: "g1", ChannelID: "c1", HostID: "u1", Preset: "racehorse", Options: rules.Options,
		Seed: 5, Seats: seats, Status: table.StatusLobby, CreatedAt: start, LastActivity: start}
	if g.ID, err = store.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	g.Status = table.StatusPlaying
	if err := store.UpdateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	if err := store.SaveAction(ctx, g.ID, 0, log[0].Seat, log[0], start); err != nil {
		t.Fatal(err)
	}
	if _, err := store.StartSeason(ctx, "g1", "Spring", "c1", start.Add(-time.Hour), time.Time{}); err != nil {
		t.Fatal(err)
	}

	// Another process takes the shard over, as it would once the bot's lease had run out.
	lb, err := procB.AcquireShards(ctx, "b", shard, time.Now().Add(2*ttl), ttl)
	if err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(2*ttl + time.Minute)
	byB := procB.Fenced(lb, func() time.Time { return later })

	next := g
	next.ThreadID = "t9"
	writes := []struct {
		name  string
		write func(w storage.Writer) error
	}{
		{"CreateGame", func(w storage.Writer) error {
			_, err := w.CreateGame(ctx, g)
			return err
		}},
		{"UpdateGame", func(w storage.Writer) error { return w.UpdateGame(ctx, next) }},
		{"SaveAction", func(w storage.Writer) error {
			return w.SaveAction(ctx, g.ID, 1, log[1].Seat, log[1], start.Add(time.Minute))
		}},
		{"RecordHand", func(w storage.Writer) error {
			return w.RecordHand(ctx, g.ID, eg.Results()[0], start.Add(time.Minute))
		}},
		{"EndSeason", func(w storage.Writer) error {
			_, err := w.EndSeason(ctx, "g1", start.Add(time.Minute))
			return err
		}},
		{"StartSeason", func(w storage.Writer) error {
			_, err := w.StartSeason(ctx, "g1", "Summer", "c1", start.Add(time.Minute), time.Time{})
			return err
		}},
		{"EndGame", func(w storage.Writer) error {
			_, err := w.EndGame(ctx, g.ID, start.Add(2*time.Minute), league.Forfeit(1))
			return err
		}},
		{"UpdateSettings", func(w storage.Writer) error {
			return w.UpdateSettings(ctx, "g1", table.GuildSettings{DefaultPreset: "classic", TableDefaults: table.Settings{Timer: 5 * time.Minute}}, start)
		}},
		{"SetNotify", func(w storage.Writer) error { return w.SetNotify(ctx, "u1", true, start) }},
		{"SetCardsPreference", func(w storage.Writer) error {
			return w.SetCardsPreference(ctx, "u1", table.CardsPreference{Own: true, Cards: table.CardsText}, start)
		}},
	}
	writes = append(writes, eventWrites(ctx, g.ID, start)...)
	for _, sw := range socialWrites(ctx, procB, g.ID, start) { // social_test.go
		writes = append(writes, struct {
			name  string
			write func(w storage.Writer) error
		}{sw.name, sw.write})
	}
	var names, want []string
	for _, w := range writes {
		names = append(names, w.name)
	}
	wt := reflect.TypeFor[storage.Writer]()
	for i := range wt.NumMethod() {
		want = append(want, wt.Method(i).Name)
	}
	slices.Sort(names)
	if !slices.Equal(names, want) {
		t.Fatalf("the test makes the writes %v; storage.Writer has %v", names, want)
	}

	before := storedState(t, procB, g.ID) + eventsState(t, procB, start)
	for _, w := range writes {
		if err := w.write(store); !errors.Is(err, storage.ErrLeaseLost) {
			t.Errorf("%s by the bot that lost its lease: %v, want storage.ErrLeaseLost", w.name, err)
		}
	}
	if after := storedState(t, procB, g.ID) + eventsState(t, procB, start); after != before {
		t.Errorf("the refused writes changed the database:\nbefore %s\nafter  %s", before, after)
	}
	for _, w := range writes {
		if err := w.write(byB); err != nil {
			t.Errorf("%s by the process that took the shard over: %v", w.name, err)
		}
	}
}

// storedState is what a store holds that the writes of TestLeasedStoreFencesEveryWrite
// change.
func storedState(t *testing.T, s *storage.DB, game int64) string {
	t.Helper()
	ctx := context.Background()
	active, err := s.LoadActiveGames(ctx)
	if err != nil {
		t.Fatal(err)
	}
	hands, err := s.Hands(ctx, game)
	if err != nil {
		t.Fatal(err)
	}
	res, resErr := s.GameResult(ctx, game)
	seasons, err := s.Seasons(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	settings, err := s.Settings(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	dm, err := s.Notify(ctx, "u1")
	if err != nil {
		t.Fatal(err)
	}
	unoffered, err := s.UnofferedGames(ctx, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("games %+v; hands %+v; result %+v (%v); seasons %+v; settings %+v; notify %v; unoffered %d",
		active, hands, res, resErr, seasons, settings, dm, len(unoffered))
}

// playOut plays a game of rules from seed with random players to its end.
func playOut(t *testing.T, rules engine.Rules, seed uint64) *engine.Game {
	t.Helper()
	g, err := engine.NewGame(rules, seed)
	if err != nil {
		t.Fatal(err)
	}
	p := computertest.New(t, "random", seed)
	for !g.Over() {
		seat := g.Turn()
		for s := 0; seat < 0 && s < rules.Players; s++ {
			if g.Waiting(s) {
				seat = s
			}
		}
		if err := g.Apply(p.Choose(g.View(seat))); err != nil {
			t.Fatal(err)
		}
	}
	return g
}
