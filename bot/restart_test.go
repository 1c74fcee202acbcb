package bot_test

import (
	"strings"
	"testing"

	"github.com/pinochle-discord/pinochle/fakediscord"
)

// TestRestartMidHand stops the bot in the middle of a hand and starts a new one on the same
// database: the game continues where it was, with the controls of messages posted before the
// restart (a private view and the table's My hand), to its result in storage.
func TestRestartMidHand(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana, bob := h.user("ana"), h.user("bob")
	tb := h.newTable(ana, fakediscord.Opt("hands", 2))
	lobby := h.message(tb.lobbyID)
	h.click(bob, lobby.ID, buttonByLabel(t, lobby, "Join"))
	h.click(ana, lobby.ID, buttonByLabel(t, lobby, "Start"))
	tableBefore := h.waitTable(tb.thread)
	game := h.tableGame(tb)
	humans := []fakediscord.User{ana, bob}

	// A few moves, then a view with a move to make, kept across the restart.
	for range 3 {
		u, view, _ := h.toAct(tb.thread, humans)
		h.actOnce(u, view)
	}
	who, kept, _ := h.toAct(tb.thread, humans)
	n := h.logLen(game)

	h.restart()

	if got := h.logLen(game); got != n {
		t.Fatalf("after the restart the log has %d actions, want %d", got, n)
	}
	r := h.actOnce(who, kept)
	if strings.Contains(r.Text(), "earlier step") {
		t.Fatalf("a view posted before the restart was refused: %q", r.Text())
	}
	if h.logLen(game) <= n {
		t.Fatalf("the move from a view posted before the restart was not saved")
	}
	tableAfter := h.waitTable(tb.thread)
	if tableAfter.ID != tableBefore.ID {
		t.Errorf("the table message changed from %s to %s: old buttons would be lost", tableBefore.ID, tableAfter.ID)
	}
	h.play(tb.thread, humans, 5000)
	h.waitThread(tb.thread, "Game over")
	res, err := h.store.GameResult(h.ctx, game)
	if err != nil {
		t.Fatalf("no result in storage: %v", err)
	}
	if res.FinishedAt.IsZero() {
		t.Errorf("the result has no finishing time: %+v", res)
	}
	hands, err := h.store.Hands(h.ctx, game)
	if err != nil || len(hands) == 0 {
		t.Errorf("no hands recorded (%v)", err)
	}
	t.Logf("result %+v after %d hands", res, len(hands))
}
