package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/league/club"
	"github.com/pinochle-discord/pinochle/league/event"
	"github.com/pinochle-discord/pinochle/table"
)

// leaseClock is the clock a fenced store reads its lease's time from: the test sets it.
type leaseClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *leaseClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *leaseClock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = t
}

// dump returns every row of every table Copy copies (games, logs, hands, results, records,
// seasons, settings, players' choices), sorted: what a refused write must leave as it was.
func dump(t *testing.T, s *DB) string {
	t.Helper()
	var out []string
	for _, table := range copyTables {
		rows, err := s.r.Query("SELECT * FROM " + table)
		if err != nil {
			t.Fatal(err)
		}
		cols, err := rows.Columns()
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			for i, v := range vals {
				if b, ok := v.([]byte); ok {
					vals[i] = string(b)
				}
			}
			out = append(out, fmt.Sprintf("%s %v", table, vals))
		}
		if err := closeRows(rows); err != nil {
			t.Fatal(err)
		}
	}
	slices.Sort(out)
	return strings.Join(out, "\n")
}

// namedWrite is one write of a Writer, named after its method.
type namedWrite struct {
	name  string
	write func(w Writer) error
}

// checkEveryWrite fails unless writes names each method of Writer once: a write added to
// the store must be added to the tests of fencing too.
func checkEveryWrite(t *testing.T, writes []namedWrite) {
	t.Helper()
	var names, want []string
	for _, w := range writes {
		names = append(names, w.name)
	}
	wt := reflect.TypeFor[Writer]()
	for i := range wt.NumMethod() {
		want = append(want, wt.Method(i).Name)
	}
	slices.Sort(names)
	if !slices.Equal(names, want) {
		t.Fatalf("the test makes the writes %v; Writer has %v", names, want)
	}
}

// TestFencedWritesAfterTakeover: a process whose lease another process took over cannot
// commit any write through its fenced store, though by its own clock (stalled since its
// last write went through) the lease still holds: each kind of write fails with
// ErrLeaseLost and leaves the database as it was. The same writes through the new
// holder's fenced store go through.
func TestFencedWritesAfterTakeover(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testFencedWritesAfterTakeover)
}

func testFencedWritesAfterTakeover(t *testing.T, db backend) {
	target := db.target(t)
	procA, procB := openAt(t, target), openAt(t, target)
	ctx := context.Background()
	const ttl = time.Minute
	shard := Shards{Count: 1, IDs: []int{0}}
	la, err := procA.AcquireShards(ctx, "a", shard, t0, ttl)
	if err != nil {
		t.Fatal(err)
	}
	clockA := &leaseClock{t: t0.Add(30 * time.Second)}
	wa := procA.Fenced(la, clockA.Now)

	// Under its lease, A starts a game, saves its first action and opens a season.
	eg := playOut(t, mustRules(t, "racehorse", oneHand), 9, 0)
	log := eg.Log()
	g := newGame("racehorse", oneHand, 9, humans(4))
	g.LastActivity = t0
	if g.ID, err = wa.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	g.Status = table.StatusPlaying
	if err := wa.UpdateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	if err := wa.SaveAction(ctx, g.ID, 0, log[0].Seat, log[0], t0); err != nil {
		t.Fatal(err)
	}
	if _, err := wa.StartSeason(ctx, "g1", "Spring", "c1", t0.Add(-time.Hour), time.Time{}); err != nil {
		t.Fatal(err)
	}

	// A stalls. Its lease runs out, and B takes the shard over.
	lb, err := procB.AcquireShards(ctx, "b", shard, t0.Add(61*time.Second), ttl)
	if err != nil {
		t.Fatal(err)
	}
	if lb.Token <= la.Token {
		t.Errorf("the takeover's token %d, want more than %d", lb.Token, la.Token)
	}
	wb := procB.Fenced(lb, (&leaseClock{t: t0.Add(62 * time.Second)}).Now)

	// Every kind of write, in an order that lets each go through under a lease that holds.
	next := g
	next.ThreadID = "t9"
	writes := []namedWrite{
		{"CreateGame", func(w Writer) error {
			_, err := w.CreateGame(ctx, newGame("racehorse", nil, 3, humans(4)))
			return err
		}},
		{"UpdateGame", func(w Writer) error { return w.UpdateGame(ctx, next) }},
		{"SaveAction", func(w Writer) error {
			return w.SaveAction(ctx, g.ID, 1, log[1].Seat, log[1], t0.Add(time.Minute))
		}},
		{"RecordHand", func(w Writer) error { return w.RecordHand(ctx, g.ID, eg.Results()[0], t0.Add(time.Minute)) }},
		{"EndSeason", func(w Writer) error {
			_, err := w.EndSeason(ctx, "g1", t0.Add(time.Minute))
			return err
		}},
		{"StartSeason", func(w Writer) error {
			_, err := w.StartSeason(ctx, "g1", "Summer", "c1", t0.Add(time.Minute), time.Time{})
			return err
		}},
		{"EndGame", func(w Writer) error {
			_, err := w.EndGame(ctx, g.ID, t0.Add(2*time.Minute), league.Forfeit(1))
			return err
		}},
		{"UpdateSettings", func(w Writer) error {
			return w.UpdateSettings(ctx, "g1", table.GuildSettings{DefaultPreset: "classic", TableDefaults: table.Settings{Timer: 5 * time.Minute}}, t0)
		}},
		{"SetNotify", func(w Writer) error { return w.SetNotify(ctx, "u1", true, t0) }},
		{"SetCardsPreference", func(w Writer) error {
			return w.SetCardsPreference(ctx, "u1", table.CardsPreference{Own: true, Cards: table.CardsText}, t0)
		}},
	}
	writes = append(writes, eventWrites(ctx, g.ID)...)
	writes = append(writes, socialWrites(ctx, procB, g.ID)...) // social_test.go
	checkEveryWrite(t, writes)
	before := dump(t, procB)
	for _, w := range writes {
		err := w.write(wa)
		if !errors.Is(err, ErrLeaseLost) || !strings.Contains(err.Error(), "taken over") {
			t.Errorf("%s by the process that lost its lease: %v, want ErrLeaseLost (taken over)", w.name, err)
		}
	}
	if after := dump(t, procB); after != before {
		t.Errorf("the writes refused changed the database:\nbefore\n%s\nafter\n%s", before, after)
	}
	for _, w := range writes {
		if err := w.write(wb); err != nil {
			t.Errorf("%s by the new holder: %v", w.name, err)
		}
	}
	if res, err := procB.GameResult(ctx, g.ID); err != nil || !res.Forfeited {
		t.Errorf("the new holder's forfeit: %+v, %v", res, err)
	}
}

// eventWrites are the writes of events and daily deals, in an order that lets each go
// through under a lease that holds; game is a game being played, for a daily play.
func eventWrites(ctx context.Context, game int64) []namedWrite {
	var id int64
	day := event.Date{Year: 2025, Month: 3, Day: 1}
	ev := newEvent("Fenced")
	res := club.Result{Result: event.Result{Round: 1, Table: 1, Void: true}, How: club.HowVoid, At: t0}
	return []namedWrite{
		{"CreateEvent", func(w Writer) error {
			var err error
			id, err = w.CreateEvent(ctx, ev)
			return err
		}},
		{"JoinEvent", func(w Writer) error { return w.JoinEvent(ctx, id, player("u1", 0)) }},
		{"CheckIn", func(w Writer) error { return w.CheckIn(ctx, id, "u1") }},
		{"LeaveEvent", func(w Writer) error {
			_, err := w.LeaveEvent(ctx, id, "u1")
			return err
		}},
		{"CloseEntry", func(w Writer) error { return w.CloseEntry(ctx, id, nil, nil) }},
		{"AddRound", func(w Writer) error { return w.AddRound(ctx, id, twoTables()) }},
		{"UpdateRound", func(w Writer) error { return w.UpdateRound(ctx, id, 1, t0.Add(time.Hour)) }},
		{"UpdateTable", func(w Writer) error { return w.UpdateTable(ctx, id, 1, club.Table{Number: 2, Game: game}) }},
		{"RecordDealResult", func(w Writer) error {
			return w.RecordDealResult(ctx, id, club.DealResult{DealResult: event.DealResult{Round: 1, Table: 2, Deal: 1, Points: []int{1, 2}}, Game: game})
		}},
		{"RecordResult", func(w Writer) error { return w.RecordResult(ctx, id, res) }},
		{"ReplayTable", func(w Writer) error { return w.ReplayTable(ctx, id, 1, 1) }},
		{"UpdateEvent", func(w Writer) error {
			e := ev
			e.ID, e.Status, e.EndedAt = id, club.StatusFinished, t0
			return w.UpdateEvent(ctx, e)
		}},
		{"EnsureDailyDeal", func(w Writer) error {
			_, err := w.EnsureDailyDeal(ctx, club.DailyDeal{GuildID: "g1", Day: day, Seed: 3, Preset: "racehorse", Seat: 1})
			return err
		}},
		{"SetDailyPar", func(w Writer) error { return w.SetDailyPar(ctx, "g1", day, 120, "") }},
		{"StartDaily", func(w Writer) error {
			return w.StartDaily(ctx, club.DailyPlay{GuildID: "g1", Day: day, UserID: "u1", Name: "P1", Game: game, StartedAt: t0})
		}},
		{"FinishDaily", func(w Writer) error { return w.FinishDaily(ctx, "g1", day, "u1", 90, "", t0) }},
		{"SetOrganiserRole", func(w Writer) error {
			_, err := w.SetOrganiserRole(ctx, "g1", "r1", "admin", t0)
			return err
		}},
	}
}

// TestFencedLeaseEnds: a lease renewed in time keeps writing past its first end; one left
// to run out writes nothing, though nobody took it over, until it is renewed; a released
// one writes nothing, and neither does its fence once its owner takes the shards again,
// under a new token.
func TestFencedLeaseEnds(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testFencedLeaseEnds)
}

func testFencedLeaseEnds(t *testing.T, db backend) {
	s := db.open(t)
	ctx := context.Background()
	const ttl = time.Minute
	shards := Shards{Count: 2, IDs: []int{0, 1}}
	l, err := s.AcquireShards(ctx, "a", shards, t0, ttl)
	if err != nil {
		t.Fatal(err)
	}
	clock := &leaseClock{}
	w := s.Fenced(l, clock.Now)
	// notify writes, at the given time by the lease's clock, a choice that differs from the
	// last one, and reports whether it was written.
	dm := false
	notify := func(at time.Time) error {
		t.Helper()
		clock.Set(at)
		err := w.SetNotify(ctx, "u1", !dm, at)
		if err == nil {
			dm = !dm
		}
		if got, rerr := s.Notify(ctx, "u1"); rerr != nil || got != dm {
			t.Fatalf("at %v: notify %v (%v) after %v, want %v", at.Sub(t0), got, rerr, err, dm)
		}
		return err
	}
	if err := notify(t0.Add(50 * time.Second)); err != nil {
		t.Fatalf("under the lease: %v", err)
	}
	if err := s.RenewShards(ctx, l, t0.Add(50*time.Second), ttl); err != nil {
		t.Fatal(err)
	}
	if err := notify(t0.Add(90 * time.Second)); err != nil {
		t.Errorf("past the first end of a renewed lease: %v", err)
	}
	if err := notify(t0.Add(110 * time.Second)); !errors.Is(err, ErrLeaseLost) || !strings.Contains(err.Error(), "ended") {
		t.Errorf("at the renewed lease's end: %v, want ErrLeaseLost (ended)", err)
	}
	// Renewed late, as nobody took it over, it holds again under the same token.
	if err := s.RenewShards(ctx, l, t0.Add(2*time.Minute), ttl); err != nil {
		t.Fatal(err)
	}
	if err := notify(t0.Add(2*time.Minute + time.Second)); err != nil {
		t.Errorf("renewed late: %v", err)
	}
	if err := s.ReleaseShards(ctx, l); err != nil {
		t.Fatal(err)
	}
	if err := notify(t0.Add(2*time.Minute + 2*time.Second)); !errors.Is(err, ErrLeaseLost) || !strings.Contains(err.Error(), "released") {
		t.Errorf("after the release: %v, want ErrLeaseLost (released)", err)
	}
	again, err := s.AcquireShards(ctx, "a", shards, t0.Add(3*time.Minute), ttl)
	if err != nil {
		t.Fatal(err)
	}
	if again.Token <= l.Token {
		t.Errorf("taken again after its release under token %d, want more than %d", again.Token, l.Token)
	}
	if err := notify(t0.Add(3*time.Minute + time.Second)); !errors.Is(err, ErrLeaseLost) {
		t.Errorf("the old fence once its owner took the shards again: %v, want ErrLeaseLost", err)
	}
	w = s.Fenced(again, clock.Now)
	if err := notify(t0.Add(3*time.Minute + time.Second)); err != nil {
		t.Errorf("the new lease: %v", err)
	}
	// A lease that names no token, or shards of another count, fences nothing.
	for _, bad := range []Lease{{Owner: "a", Shards: shards}, {Owner: "a", Shards: Shards{Count: 3, IDs: []int{0}}, Token: again.Token}} {
		w = s.Fenced(bad, clock.Now)
		if err := notify(t0.Add(3*time.Minute + 2*time.Second)); err == nil {
			t.Errorf("a write under %v went through", bad)
		}
	}
}

// TestFencedSavesInOneBatch queues saves under two leases, one of them lost, and one not
// fenced, so that the saver writes them in one transaction: the lost lease's saves fail
// alone with ErrLeaseLost, the others commit.
func TestFencedSavesInOneBatch(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testFencedSavesInOneBatch)
}

func testFencedSavesInOneBatch(t *testing.T, db backend) {
	s := db.open(t)
	ctx := context.Background()
	const ttl = time.Minute
	la, err := s.AcquireShards(ctx, "a", Shards{Count: 2, IDs: []int{0}}, t0, ttl)
	if err != nil {
		t.Fatal(err)
	}
	lc, err := s.AcquireShards(ctx, "c", Shards{Count: 2, IDs: []int{1}}, t0, ttl)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.RenewShards(ctx, lc, t0.Add(50*time.Second), ttl); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AcquireShards(ctx, "b", Shards{Count: 2, IDs: []int{0}}, t0.Add(61*time.Second), ttl); err != nil {
		t.Fatal(err)
	}
	clock := &leaseClock{t: t0.Add(30 * time.Second)} // A stalled before its lease ran out
	lost, held := s.Fenced(la, clock.Now), s.Fenced(lc, clock.Now)
	log := playOut(t, mustRules(t, "racehorse", nil), 7, 10).Log()
	x := startGame(t, s, newGame("racehorse", nil, 7, humans(4))).ID
	y := startGame(t, s, newGame("racehorse", nil, 7, humans(4))).ID
	saves := []struct {
		w    Writer // nil: not fenced
		game int64
		seq  int
		want error
	}{
		{held, x, 0, nil},
		{lost, x, 1, ErrLeaseLost},
		{nil, y, 0, nil},
		{held, x, 1, nil}, // follows the first, in the same transaction
		{lost, y, 1, ErrLeaseLost},
		{held, y, 1, nil},
	}
	release := holdWriter(t, s)
	results := make([]chan error, len(saves))
	for i, sv := range saves {
		results[i] = make(chan error, 1)
		w := sv.w
		if w == nil {
			w = s
		}
		go func() {
			act := log[sv.seq]
			results[i] <- w.SaveAction(ctx, sv.game, sv.seq, act.Seat, act, t0.Add(time.Duration(sv.seq)*time.Second))
		}()
		waitQueued(t, s, i+1) // one at a time, so that the queue's order is the list's
	}
	before := s.SaveStats().Transactions
	release()
	for i, sv := range saves {
		err := <-results[i]
		if sv.want == nil && err != nil || sv.want != nil && !errors.Is(err, sv.want) {
			t.Errorf("save %d (game %d, seq %d): %v, want %v", i, sv.game, sv.seq, err, sv.want)
		}
	}
	if n := s.SaveStats().Transactions - before; n != 1 {
		t.Errorf("the saves took %d transactions, want 1", n)
	}
	for _, game := range []int64{x, y} {
		recs, err := s.LoadActions(ctx, game)
		if err != nil {
			t.Fatal(err)
		}
		if len(recs) != 2 || !reflect.DeepEqual(Actions(recs), log[:2]) {
			t.Errorf("game %d holds %v, want %v", game, Actions(recs), log[:2])
		}
	}
}

// TestFenceHoldsOffTakeover: on PostgreSQL, a process taking over the shards of a fenced
// write in progress waits for the write's commit (the write holds its lease's rows), and the
// writes of the old holder fail from then on. SQLite needs no test of it: a process cannot
// begin a takeover while another writes.
func TestFenceHoldsOffTakeover(t *testing.T) {
	t.Parallel()
	target := postgresBackend.target(t)
	procA, procB := openAt(t, target), openAt(t, target)
	ctx := context.Background()
	const ttl = time.Minute
	shard := Shards{Count: 1, IDs: []int{0}}
	la, err := procA.AcquireShards(ctx, "a", shard, t0, ttl)
	if err != nil {
		t.Fatal(err)
	}
	clock := &leaseClock{t: t0.Add(30 * time.Second)}
	fc := procA.Fenced(la, clock.Now).(*fence)
	taken := make(chan Lease, 1)
	failed := make(chan error, 1)
	err = procA.write(ctx, fc, func(tx *sql.Tx) error {
		var pid int
		if err := tx.QueryRowContext(ctx, `SELECT pg_backend_pid()`).Scan(&pid); err != nil {
			return fmt.Errorf("the writer's process id: %w", err)
		}
		go func() {
			l, err := procB.AcquireShards(ctx, "b", shard, t0.Add(61*time.Second), ttl)
			if err != nil {
				failed <- err
				return
			}
			taken <- l
		}()
		if err := waitBlocked(ctx, procA, pid); err != nil {
			return err
		}
		_, err := in(ctx, tx, procA.wr.upsertNotify).ExecContext(ctx, "u1", true, ms(t0))
		return err
	})
	if err != nil {
		t.Fatalf("the write in progress: %v", err)
	}
	var lb Lease
	select {
	case lb = <-taken:
	case err := <-failed:
		t.Fatalf("the takeover: %v", err)
	}
	if lb.Token <= la.Token {
		t.Errorf("the takeover's token %d, want more than %d", lb.Token, la.Token)
	}
	if dm, err := procB.Notify(ctx, "u1"); err != nil || !dm {
		t.Errorf("the write that held the takeover off: notify %v, %v; want it committed", dm, err)
	}
	if err := fc.SetNotify(ctx, "u1", false, t0); !errors.Is(err, ErrLeaseLost) {
		t.Errorf("a write after the takeover: %v, want ErrLeaseLost", err)
	}
}

// waitBlocked waits until a PostgreSQL backend waits for a lock that backend pid holds, up
// to 10 seconds.
func waitBlocked(ctx context.Context, s *DB, pid int) error {
	deadline := time.Now().Add(10 * time.Second)
	for {
		var n int
		if err := s.r.QueryRowContext(ctx, s.d.rebind(`SELECT COUNT(*) FROM pg_stat_activity
			WHERE CAST(? AS INTEGER) = ANY (pg_blocking_pids(pid))`), pid).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return nil
		}
		if time.Now().After(deadline) {
			return errors.New("no process waited within 10s for the lock the write holds on its lease")
		}
		time.Sleep(time.Millisecond)
	}
}
