package bot_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/pinochle-discord/pinochle/bot"
	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
	"github.com/pinochle-discord/pinochle/fakediscord"
)

// blockingSearch stands in for the computer players' searches (harness.setDecide): each
// decision waits until the test releases it, then plays the baseline's choice. It counts
// the searches running at once.
type blockingSearch struct {
	started chan struct{} // a value for each decision begun
	release chan struct{} // closed to let every decision, now and later, finish
	once    sync.Once
	running atomic.Int32 // decisions under way
	most    atomic.Int32 // the most ever under way at once
	total   atomic.Int32 // decisions begun
}

func newBlockingSearch() *blockingSearch {
	return &blockingSearch{started: make(chan struct{}, 10000), release: make(chan struct{})}
}

// decide is the stand-in decision.
func (s *blockingSearch) decide(_ computer.Player, v engine.View) engine.Action {
	n := s.running.Add(1)
	for m := s.most.Load(); n > m && !s.most.CompareAndSwap(m, n); m = s.most.Load() {
	}
	s.total.Add(1)
	s.started <- struct{}{}
	<-s.release
	s.running.Add(-1)
	p, err := computer.New("baseline", uint64(v.Seat()))
	if err != nil {
		// decide runs on the bot's goroutines, where the test cannot be failed.
		panic(err)
	}
	return p.Choose(v)
}

// releaseAll lets every decision finish, and those to come run through.
func (s *blockingSearch) releaseAll() { s.once.Do(func() { close(s.release) }) }

// waitStarted waits until n more decisions have begun.
func (s *blockingSearch) waitStarted(ctx context.Context, n int) error {
	for k := range n {
		select {
		case <-s.started:
		case <-ctx.Done():
			return fmt.Errorf("%d of %d searches began: %w", k, n, ctx.Err())
		}
	}
	return nil
}

// handOnce clicks the table's My hand once as user (without waiting for a computer player
// to move, as myHand does) and returns the answer and its handle.
func (h *harness) handOnce(user fakediscord.User, thread string) (fakediscord.Response, *fakediscord.Handle) {
	h.t.Helper()
	tm := h.waitTable(thread)
	hd, err := h.srv.Click(user, tm.ID, buttonByLabel(h.t, tm, "My hand"))
	return h.wait(hd, err), hd
}

// untilComputerTurn makes user's moves at a table whose only human they are until the
// table waits for a computer player, and returns the private view that says so.
func (h *harness) untilComputerTurn(tb testTable, user fakediscord.User) fakediscord.Response {
	h.t.Helper()
	for range 100 {
		r, _ := h.handOnce(user, tb.thread)
		if len(actionControls(r.Components)) == 0 {
			if m := waitingName.FindStringSubmatch(r.Text()); m == nil || !strings.HasPrefix(m[1], "Computer") {
				h.t.Fatalf("the table waits for neither %s nor a computer player: %q", user.Username, r.Text())
			}
			return r
		}
		h.actOnce(user, r)
	}
	h.t.Fatalf("the table never waited for a computer player")
	return fakediscord.Response{}
}

// control returns the custom ID of the first control of a private view with that action.
func control(t testing.TB, r fakediscord.Response, action commands.Action) string {
	t.Helper()
	for _, c := range flatten(r.Components) {
		if id, err := commands.ParseID(c.CustomID); err == nil && id.Action == action {
			return c.CustomID
		}
	}
	t.Fatalf("the view has no %q control: %v", action, labels(flatten(r.Components)))
	return ""
}

// TestThinkingTableAnswers: while a computer player's search is under way (held by the
// test, so that it cannot finish), its own table answers My hand, Refresh and the score
// sheet; once the search is let go, its move is saved and the table goes on.
func TestThinkingTableAnswers(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	search := newBlockingSearch()
	h.setDecide(search.decide)
	t.Cleanup(search.releaseAll) // before the harness stops the bot, which waits for searches
	ana := h.user("ana")
	tb := h.withComputers(ana, fakediscord.Opt("timer", "off"))
	game := h.tableGame(tb)
	h.untilComputerTurn(tb, ana)
	if err := search.waitStarted(h.ctx, 1); err != nil {
		t.Fatal(err)
	}
	before := h.logLen(game)

	r, hd := h.handOnce(ana, tb.thread)
	if r.Type != 4 || !r.Ephemeral || !strings.Contains(r.Text(), "Waiting: **Computer") {
		t.Errorf("My hand while a computer player thinks answered type %d ephemeral=%v: %q", r.Type, r.Ephemeral, r.Text())
	}
	rr := h.click(ana, r.MessageID, control(t, r, commands.ActRefresh))
	if rr.Type != 7 || !strings.Contains(rr.Text(), "Waiting: **Computer") {
		t.Errorf("Refresh while a computer player thinks answered type %d: %q", rr.Type, rr.Text())
	}
	// The table shows its score sheet button once a hand has finished: the same button, on
	// the private view, opens the sheet of the hand in play.
	sheet := commands.SheetID{Kind: commands.SheetScores, Game: game, Page: 1}.String()
	msg := h.forge(hd, button(sheet))
	rs := h.click(ana, msg, sheet)
	// The private hand is a Components V2 message, which embeds cannot replace: the sheet
	// comes as a private message of its own.
	if rs.Type != 4 || !rs.Ephemeral || len(rs.Embeds) == 0 || !strings.HasPrefix(rs.Embeds[0].Title, fmt.Sprintf("Score sheet · game #%d", game)) {
		t.Errorf("the score sheet while a computer player thinks answered type %d: %+v", rs.Type, rs.Embeds)
	}

	// Every answer came while the search was held: it has not finished, nor moved.
	if n, all := search.running.Load(), search.total.Load(); n != 1 || all != 1 {
		t.Errorf("%d searches running and %d begun while the table answered, want 1 and 1", n, all)
	}
	if got := h.logLen(game); got != before {
		t.Errorf("the log grew from %d to %d actions while the search was held", before, got)
	}

	search.releaseAll()
	if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool { return h.logLen(game) > before }); err != nil {
		t.Fatalf("the computer player's move never landed: %v", err)
	}
	recs, err := h.store.LoadActions(h.ctx, game)
	if err != nil {
		t.Fatal(err)
	}
	meta, err := h.store.GetGame(h.ctx, game)
	if err != nil {
		t.Fatal(err)
	}
	if s := recs[before].Seat; !meta.Seats[s].IsComputer() {
		t.Errorf("the move after the search is seat %d's, not a computer player's", s+1)
	}
}

// TestThinkingPoolBounded: with more tables waiting for a computer player's search than
// the pool has places, only as many searches as places run at once; the others wait, and
// run once places free up, so that every table moves on.
func TestThinkingPoolBounded(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	search := newBlockingSearch()
	h.setDecide(search.decide)
	t.Cleanup(search.releaseAll)
	pool := bot.SearchPool(h.bot)
	games := make([]int64, pool+2)
	before := make([]int, len(games))
	for k := range games {
		host := h.user(fmt.Sprintf("host%d", k))
		tb := h.withComputers(host, fakediscord.Opt("timer", "off"))
		games[k] = h.tableGame(tb)
		h.untilComputerTurn(tb, host)
		before[k] = h.logLen(games[k])
	}
	// Every table waits for a search; the pool's places are taken, and no other search
	// begins while they are held.
	if err := search.waitStarted(h.ctx, pool); err != nil {
		t.Fatal(err)
	}
	if n, all := search.running.Load(), search.total.Load(); n != int32(pool) || all != int32(pool) {
		t.Errorf("%d tables wait for a search: %d searches running, %d begun; want %d (the pool)", len(games), n, all, pool)
	}
	search.releaseAll()
	for k, g := range games {
		if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool { return h.logLen(g) > before[k] }); err != nil {
			t.Errorf("table %d: the computer player never moved: %v", k, err)
		}
	}
	if most := search.most.Load(); most > int32(pool) {
		t.Errorf("%d searches ran at once; the pool has %d places", most, pool)
	}
}
