package live_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/bot/live"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/storage"
	"github.com/pinochle-discord/pinochle/table"
)

// flakyStore refuses every write while down is set, as a store out of reach or a process
// that lost its lease does; with others set, only the actions of seats other than 0.
type flakyStore struct {
	*storage.DB
	down, others atomic.Bool
}

var errDown = errors.New("store down")

func (s *flakyStore) UpdateGame(ctx context.Context, g table.Game) error {
	if s.down.Load() {
		return errDown
	}
	return s.DB.UpdateGame(ctx, g)
}

func (s *flakyStore) SaveAction(ctx context.Context, id int64, seq, seat int, a engine.Action, at time.Time) error {
	if s.down.Load() || (s.others.Load() && seat != 0) {
		return errDown
	}
	return s.DB.SaveAction(ctx, id, seq, seat, a, at)
}

// TestStoreDown: while the store refuses writes, a person's move is refused and changes
// nothing, and the computer players' moves wait; once it is back, the computer players try
// again on their own a minute later.
func TestStoreDown(t *testing.T) {
	r := newRig(t)
	store := &flakyStore{DB: r.store}
	r.fx = newEffects()
	r.rt = live.New(live.Config{Store: store, Clock: r.clock, Effects: r.fx.add, Pauses: r.pauses})
	t.Cleanup(func() { r.rt.Close(context.Background()) })
	ana := person("ana")
	id := r.lobby("racehorse", ana, table.Settings{Level: "easy", Ping: table.PingNever})
	r.do(id, live.Start{By: ana})
	r.post(id, true)
	v := r.view(id, ana).View
	if !v.MyTurn() {
		t.Fatal("the game does not wait for ana")
	}
	before := r.logLen(id)
	store.down.Store(true)
	rep := r.do(id, moveFor(ana, &v, engine.Action{Kind: engine.ActBid, Bid: v.MinNextBid()}))
	if rep.Kind != live.ReplyView || rep.Notice.Fact != live.FactMoveNotSaved {
		t.Fatalf("a move the store refused: %+v", rep)
	}
	if after := r.view(id, ana).View; after.Step() != v.Step() || r.logLen(id) != before {
		t.Fatalf("a refused move changed the game")
	}
	// The store is back for ana, not yet for the computer players: her bid is saved, their
	// moves after it are not; once the store is back, they try again a minute later.
	store.down.Store(false)
	store.others.Store(true)
	if rep := r.do(id, moveFor(ana, &v, engine.Action{Kind: engine.ActBid, Bid: v.MinNextBid()})); rep.Notice.Fact != live.FactNone {
		t.Fatalf("ana's bid: %+v", rep)
	}
	if got := r.logLen(id); got != before+1 {
		t.Fatalf("log %d after ana's bid, want %d", got, before+1)
	}
	store.others.Store(false)
	r.advance(59 * time.Second)
	if got := r.logLen(id); got != before+1 {
		t.Fatalf("the computer players moved before trying again")
	}
	r.advance(time.Second)
	if got := r.logLen(id); got <= before+1 {
		t.Fatalf("the computer players did not try again a minute later")
	}
}
