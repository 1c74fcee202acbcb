package bot_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/bot"
	"github.com/pinochle-discord/pinochle/fakediscord"
	"github.com/pinochle-discord/pinochle/storage"
)

// leaseTTL is the lease of the bots of these tests, which keep it on a clock of the test's
// own (wallLeaseHarness): it is renewed when the test moves that clock by a third of it, and
// lapses when the test lets it (bot.LapseLease).
const leaseTTL = time.Hour

// wallLeaseHarness is a harness whose bot keeps its lease on a clock of the test's that
// starts at the wall clock's time, as the other processes on the database keep theirs, and
// moves only when the test moves it: renew renews the lease, as the bot does every third
// of it, and returns once it is renewed (or the bot has stopped).
func wallLeaseHarness(t *testing.T) (h *harness, renew func()) {
	lease := newFakeClock(time.Now())
	h = newHarness(t, harnessOptions{leaseTTL: leaseTTL, configure: func(c *bot.Config) { c.LeaseClock = lease }})
	return h, func() { lease.Advance(leaseTTL / 3) }
}

// moveFrom makes the first simple legal move of a private view and returns the answer,
// whatever it says.
func (h *harness) moveFrom(user fakediscord.User, view fakediscord.Response) fakediscord.Response {
	h.t.Helper()
	c := choose(actionControls(view.Components))
	if c.Type == 3 {
		var values []string
		for _, o := range c.Options[:*c.MinValues] {
			values = append(values, o.Value)
		}
		return h.wait(h.srv.Select(user, view.MessageID, c.CustomID, values))
	}
	return h.click(user, view.MessageID, c.CustomID)
}

// gameState is what storage holds of a game: its status, log and result.
func (h *harness) gameState(store storage.Store, game int64) string {
	h.t.Helper()
	g, err := store.GetGame(h.ctx, game)
	if err != nil {
		h.t.Fatalf("get game %d: %v", game, err)
	}
	recs, err := store.LoadActions(h.ctx, game)
	if err != nil {
		h.t.Fatalf("load actions of game %d: %v", game, err)
	}
	res, err := store.GameResult(h.ctx, game)
	result := fmt.Sprintf("%+v", res)
	if errors.Is(err, storage.ErrNotFound) {
		result = "none"
	} else if err != nil {
		h.t.Fatalf("result of game %d: %v", game, err)
	}
	return fmt.Sprintf("status %s, %d actions, turn %+v, ended %v, seats %v, result %s",
		g.Status, len(recs), g.Turn, g.EndedAt, g.Seats, result)
}

// TestLeaseLapsedWritesNothing: a bot whose lease on its shards has lapsed (a paused
// process, a database out of reach) writes nothing of any game: a move is refused and
// says so, the turn's reminders and its forfeit wait, a lobby cannot be cancelled, a
// computer player's search that ends meanwhile does not move. Once it renews its lease,
// all of them go through, the deadlines and the computer's move a minute later.
func TestLeaseLapsedWritesNothing(t *testing.T) {
	t.Parallel()
	h, renew := wallLeaseHarness(t)
	search := newBlockingSearch()
	h.setDecide(search.decide)
	t.Cleanup(search.releaseAll)
	ana, bob, cy := h.user("ana"), h.user("bob"), h.user("cy")
	// A table whose computer player is in the middle of its search.
	thinking := h.withComputers(cy, fakediscord.Opt("timer", "off"))
	thinkingGame := h.tableGame(thinking)
	h.untilComputerTurn(thinking, cy)
	if err := search.waitStarted(h.ctx, 1); err != nil {
		t.Fatal(err)
	}
	thinkingBefore := h.logLen(thinkingGame)
	tb := h.withComputers(ana, fakediscord.Opt("level", "easy"), fakediscord.Opt("timer", "15m"),
		fakediscord.Opt("timeout", "forfeit"), fakediscord.Opt("ping", "never"))
	game := h.tableGame(tb)
	view, _ := h.handOnce(ana, tb.thread)
	if len(actionControls(view.Components)) == 0 {
		t.Fatalf("with easy computer players the table does not wait for ana: %q", view.Text())
	}
	lobbyTable := h.newTable(bob)
	lobby := h.message(lobbyTable.lobbyID)
	if err := h.clock.waitArmed(h.ctx, 2); err != nil { // the turn's timer, the lobby's
		t.Fatal(err)
	}
	tableBefore := h.public(game, tb)
	lobbyGame := gameOf(t, buttonByLabel(t, lobby, "Cancel"))
	lobbyBefore := h.gameState(h.store, lobbyGame)

	bot.LapseLease(h.bot)
	r := h.moveFrom(ana, view)
	if r.Type != 7 || !strings.Contains(r.Text(), "could not be saved") {
		t.Errorf("a move without the lease answered type %d: %q", r.Type, r.Text())
	}
	c := h.click(bob, lobby.ID, buttonByLabel(t, lobby, "Cancel"))
	h.private(bob, c, "could not be closed")
	h.clock.Advance(16 * time.Minute) // both reminders and the forfeit are due
	h.unchanged(game, tb, tableBefore)
	if got := h.gameState(h.store, game); !strings.HasPrefix(got, "status playing") || !strings.HasSuffix(got, "result none") {
		t.Errorf("without the lease the game ended: %s", got)
	}
	if got := h.gameState(h.store, lobbyGame); got != lobbyBefore {
		t.Errorf("without the lease the lobby changed:\nbefore %s\nafter  %s", lobbyBefore, got)
	}
	for _, s := range []string{"reminder", "forfeits"} {
		if strings.Contains(h.threadText(tb.thread), s) {
			t.Errorf("without the lease the thread says %q:\n%s", s, tail(h.threadText(tb.thread), 800))
		}
	}
	// The search ends: its move is refused, and tried again a minute later.
	armed := h.clock.Armed()
	search.releaseAll()
	if err := h.clock.waitArmed(h.ctx, armed+1); err != nil {
		t.Fatalf("the refused computer move is not tried again: %v", err)
	}
	if got := h.logLen(thinkingGame); got != thinkingBefore {
		t.Errorf("without the lease the computer player's move was saved (%d actions, was %d)", got, thinkingBefore)
	}

	// Renewed, the bot writes again: the move, and the forfeit tried again a minute later.
	renew()
	if r2 := h.moveFrom(ana, r); r2.Type != 7 || strings.Contains(r2.Text(), "⚠️") {
		t.Fatalf("a move with the lease renewed answered type %d: %q", r2.Type, r2.Text())
	}
	if got := h.logLen(game); got <= tableBefore.actions {
		t.Fatalf("with the lease renewed the move was not saved (%d actions)", got)
	}
	// The move's answer comes before the new turn's timer is armed, with the table held:
	// once the table answers again, it is.
	h.handOnce(ana, tb.thread)
	h.clock.Advance(16 * time.Minute)
	h.waitThread(tb.thread, "forfeits")
	if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool { return h.logLen(thinkingGame) > thinkingBefore }); err != nil {
		t.Errorf("with the lease renewed the computer player never moved: %v", err)
	}
	if res, err := h.store.GameResult(h.ctx, game); err != nil || !res.Forfeited {
		t.Errorf("with the lease renewed the forfeit is not recorded: %+v, %v", res, err)
	}
}

// TestLeaseLostStopsBot: when another process takes over the bot's shards in the database,
// the bot's next renewal finds out: the bot stops (Done, with an error wrapping
// storage.ErrShardLost), and nothing it had under way or due later writes anything: a
// turn's forfeit falling due, a computer player's search that ends after the loss.
func TestLeaseLostStopsBot(t *testing.T) {
	t.Parallel()
	h, renew := wallLeaseHarness(t)
	search := newBlockingSearch()
	h.setDecide(search.decide)
	t.Cleanup(search.releaseAll)
	ana, bob := h.user("ana"), h.user("bob")
	// A table waiting for ana, whose team forfeits if she does not act within 15 minutes.
	waiting := h.withComputers(ana, fakediscord.Opt("level", "easy"), fakediscord.Opt("timer", "15m"),
		fakediscord.Opt("timeout", "forfeit"), fakediscord.Opt("ping", "never"))
	forfeitGame := h.tableGame(waiting)
	// A table whose computer player is in the middle of its search.
	thinking := h.withComputers(bob, fakediscord.Opt("timer", "off"))
	thinkingGame := h.tableGame(thinking)
	h.untilComputerTurn(thinking, bob)
	if err := search.waitStarted(h.ctx, 1); err != nil {
		t.Fatal(err)
	}
	if err := h.clock.waitArmed(h.ctx, 1); err != nil {
		t.Fatal(err)
	}
	before := map[int64]string{}
	for _, g := range []int64{forfeitGame, thinkingGame} {
		before[g] = h.gameState(h.store, g)
	}

	// Another process takes the shard over: as one would once this bot's lease had run out.
	later := time.Now().Add(2 * leaseTTL)
	if _, err := h.store.AcquireShards(h.ctx, "usurper", storage.Shards{Count: 1, IDs: []int{0}}, later, leaseTTL); err != nil {
		t.Fatalf("another process could not take the shard over: %v", err)
	}
	renew()
	select {
	case <-h.bot.Done():
	case <-h.ctx.Done():
		t.Fatal("the bot did not stop when its lease was lost")
	}
	if err := h.bot.Err(); !errors.Is(err, storage.ErrShardLost) {
		t.Errorf("the bot stopped with %v, want storage.ErrShardLost", err)
	}

	h.clock.Advance(16 * time.Minute) // the forfeit falls due
	search.releaseAll()               // the search ends, and its move is for a lost table
	dbPath := h.dbPath
	h.stop() // waits for everything under way, the search's move included
	store, err := storage.Connect(h.ctx, dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	for _, g := range []int64{forfeitGame, thinkingGame} {
		if got := h.gameState(store, g); got != before[g] {
			t.Errorf("game %d changed after the lease was lost:\nbefore %s\nafter  %s", g, before[g], got)
		}
	}
	if search.total.Load() != 1 {
		t.Errorf("%d searches began; the stopped bot began another", search.total.Load())
	}
}

// TestLeaseTakenOverUnnoticed: another process takes the bot's shards over while the bot,
// which has not renewed since, still believes it holds them (a process that stalled past
// its lease): a move then is refused by storage and says so, and the game is left as it
// was. The bot's next renewal finds out, and it stops.
func TestLeaseTakenOverUnnoticed(t *testing.T) {
	t.Parallel()
	h, renew := wallLeaseHarness(t)
	ana := h.user("ana")
	tb := h.withComputers(ana, fakediscord.Opt("level", "easy"), fakediscord.Opt("timer", "off"))
	game := h.tableGame(tb)
	view, _ := h.handOnce(ana, tb.thread)
	if len(actionControls(view.Components)) == 0 {
		t.Fatalf("with easy computer players the table does not wait for ana: %q", view.Text())
	}
	before := h.gameState(h.store, game)

	later := time.Now().Add(2 * leaseTTL)
	if _, err := h.store.AcquireShards(h.ctx, "usurper", storage.Shards{Count: 1, IDs: []int{0}}, later, leaseTTL); err != nil {
		t.Fatalf("another process could not take the shard over: %v", err)
	}
	r := h.moveFrom(ana, view)
	if r.Type != 7 || !strings.Contains(r.Text(), "could not be saved") {
		t.Errorf("a move after the takeover answered type %d: %q", r.Type, r.Text())
	}
	if got := h.gameState(h.store, game); got != before {
		t.Errorf("the game changed after the takeover:\nbefore %s\nafter  %s", before, got)
	}
	renew()
	select {
	case <-h.bot.Done():
	case <-h.ctx.Done():
		t.Fatal("the bot did not stop when its lease was lost")
	}
	if err := h.bot.Err(); !errors.Is(err, storage.ErrShardLost) {
		t.Errorf("the bot stopped with %v, want storage.ErrShardLost", err)
	}
}
