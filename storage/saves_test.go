package storage

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"
)

// holdWriter takes the store's one writing connection in a write transaction, so that
// SaveActions queue up behind it, and returns the function that lets it go.
func holdWriter(t *testing.T, s *DB) (release func()) {
	t.Helper()
	tx, err := s.w.BeginTx(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return func() {
		if err := tx.Rollback(); err != nil {
			t.Error(err)
		}
	}
}

// waitQueued waits until n SaveActions are queued for the saver.
func waitQueued(t *testing.T, s *DB, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		s.sv.mu.Lock()
		got := len(s.sv.queue)
		s.sv.mu.Unlock()
		if got == n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d saves queued, want %d", got, n)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestSaveBatchRejectsAlone queues saves behind a held writer, so that the saver writes
// them in one transaction, and checks that the rejected ones (a duplicate, a gap, a game in
// the lobby, a missing game) fail alone, each with its own error, while the others commit.
func TestSaveBatchRejectsAlone(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testSaveBatchRejectsAlone)
}

func testSaveBatchRejectsAlone(t *testing.T, db backend) {
	s := db.open(t)
	ctx := context.Background()
	log := playOut(t, mustRules(t, "racehorse", nil), 7, 10).Log()
	a := startGame(t, s, newGame("racehorse", nil, 7, humans(4))).ID
	b := startGame(t, s, newGame("racehorse", nil, 7, humans(4))).ID
	lobby, err := s.CreateGame(ctx, newGame("racehorse", nil, 7, humans(4)))
	if err != nil {
		t.Fatal(err)
	}
	missing := lobby + 100
	saves := []struct {
		game int64
		seq  int
		want error
	}{
		{a, 0, nil},
		{b, 0, nil},
		{a, 0, ErrOutOfOrder}, // a duplicate of the first
		{a, 5, ErrOutOfOrder}, // a gap
		{a, 1, nil},           // follows the first, in the same transaction
		{lobby, 0, ErrNotPlaying},
		{missing, 0, ErrNotFound},
		{b, 1, nil},
		{a, 2, nil},
	}
	release := holdWriter(t, s)
	results := make([]chan error, len(saves))
	for i, sv := range saves {
		results[i] = make(chan error, 1)
		go func() {
			act := log[sv.seq]
			results[i] <- s.SaveAction(ctx, sv.game, sv.seq, act.Seat, act, t0.Add(time.Duration(sv.seq)*time.Second))
		}()
		waitQueued(t, s, i+1) // one at a time, so that the queue's order is the list's
	}
	before := s.SaveStats()
	release()
	ok := int64(0)
	for i, sv := range saves {
		err := <-results[i]
		if sv.want == nil && err != nil || sv.want != nil && !errors.Is(err, sv.want) {
			t.Errorf("save %d (game %d, seq %d): %v, want %v", i, sv.game, sv.seq, err, sv.want)
		}
		if err == nil {
			ok++
		}
	}
	after := s.SaveStats()
	if n := after.Transactions - before.Transactions; n != 1 {
		t.Errorf("the saves took %d transactions, want 1", n)
	}
	if n := after.Actions - before.Actions; n != ok {
		t.Errorf("SaveStats counts %d actions saved, want the %d that were", n, ok)
	}
	for game, n := range map[int64]int{a: 3, b: 2} {
		recs, err := s.LoadActions(ctx, game)
		if err != nil {
			t.Fatal(err)
		}
		if len(recs) != n {
			t.Fatalf("game %d holds %d actions, want %d", game, len(recs), n)
		}
		for i, r := range recs {
			if r.Seq != i || !reflect.DeepEqual(r.Action, log[i]) || !r.At.Equal(t0.Add(time.Duration(i)*time.Second)) {
				t.Errorf("game %d action %d: %+v, want %v", game, i, r, log[i])
			}
		}
	}
	if recs, err := s.LoadActions(ctx, lobby); err != nil || len(recs) != 0 {
		t.Errorf("the lobby game holds %d actions (%v)", len(recs), err)
	}
}

// TestSaveActionCancelledWhileQueued checks that a save whose context ends while it is
// queued returns the context's error and is not written.
func TestSaveActionCancelledWhileQueued(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testSaveActionCancelledWhileQueued)
}

func testSaveActionCancelledWhileQueued(t *testing.T, db backend) {
	s := db.open(t)
	log := playOut(t, mustRules(t, "racehorse", nil), 7, 1).Log()
	id := startGame(t, s, newGame("racehorse", nil, 7, humans(4))).ID
	release := holdWriter(t, s)
	ctx, cancel := context.WithCancel(context.Background())
	cancelled := make(chan error, 1)
	go func() { cancelled <- s.SaveAction(ctx, id, 0, log[0].Seat, log[0], t0) }()
	waitQueued(t, s, 1)
	cancel()
	select {
	case err := <-cancelled:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("cancelled save: %v, want context.Canceled", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a cancelled save still waits for the writer")
	}
	// The same action saved again is not a duplicate: the cancelled one was not written.
	again := make(chan error, 1)
	go func() { again <- s.SaveAction(context.Background(), id, 0, log[0].Seat, log[0], t0) }()
	waitQueued(t, s, 2)
	release()
	if err := <-again; err != nil {
		t.Fatalf("saving the action again: %v", err)
	}
	if recs, err := s.LoadActions(context.Background(), id); err != nil || len(recs) != 1 {
		t.Errorf("the game holds %d actions (%v), want 1", len(recs), err)
	}
}

// TestCloseDrainsSaves closes the store while saves are queued behind a held writer, and
// checks that Close writes them before it returns, and that saves after it fail.
func TestCloseDrainsSaves(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testCloseDrainsSaves)
}

func testCloseDrainsSaves(t *testing.T, db backend) {
	const games = 20
	path := db.target(t)
	s, err := Connect(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	log := playOut(t, mustRules(t, "racehorse", nil), 7, 1).Log()
	ids := make([]int64, games)
	for i := range ids {
		ids[i] = startGame(t, s, newGame("racehorse", nil, 7, humans(4))).ID
	}
	release := holdWriter(t, s)
	results := make(chan error, games)
	for _, id := range ids {
		go func() { results <- s.SaveAction(context.Background(), id, 0, log[0].Seat, log[0], t0) }()
	}
	waitQueued(t, s, games)
	closed := make(chan error, 1)
	go func() { closed <- s.Close() }()
	for { // until Close has begun
		s.sv.mu.Lock()
		closing := s.sv.closing
		s.sv.mu.Unlock()
		if closing {
			break
		}
		time.Sleep(time.Millisecond)
	}
	if err := s.SaveAction(context.Background(), ids[0], 1, log[0].Seat, log[0], t0); !errors.Is(err, errClosed) {
		t.Errorf("save once Close has begun: %v, want errClosed", err)
	}
	select {
	case err := <-closed:
		t.Fatalf("Close returned (%v) before the queued saves were written", err)
	case <-time.After(20 * time.Millisecond):
	}
	release()
	if err := <-closed; err != nil {
		t.Fatal(err)
	}
	for range games {
		if err := <-results; err != nil {
			t.Error(err)
		}
	}
	s, err = Connect(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	active, err := s.LoadActiveGames(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, ag := range active {
		if !reflect.DeepEqual(ag.Actions, log[:1]) {
			t.Errorf("game %d holds %v, want %v", ag.Game.ID, ag.Actions, log[:1])
		}
	}
	if len(active) != games {
		t.Errorf("%d games, want %d", len(active), games)
	}
}

// TestSaveActionAfterClose checks that a closed store refuses saves instead of hanging.
func TestSaveActionAfterClose(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testSaveActionAfterClose)
}

func testSaveActionAfterClose(t *testing.T, db backend) {
	s, err := Connect(context.Background(), db.target(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	a := playOut(t, mustRules(t, "racehorse", nil), 7, 1).Log()[0]
	if err := s.SaveAction(context.Background(), 1, 0, a.Seat, a, t0); !errors.Is(err, errClosed) {
		t.Errorf("save after Close: %v, want errClosed", err)
	}
}
