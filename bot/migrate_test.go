package bot_test

import (
	"testing"

	"github.com/pinochle-discord/pinochle/fakediscord"
	"github.com/pinochle-discord/pinochle/storage"
	"github.com/pinochle-discord/pinochle/storage/pgtest"
)

// TestMigrateMidGameToPostgres plays part of a game on SQLite, stops the bot, copies the
// database to PostgreSQL as "pinochlebot migrate" does, and starts the bot on PostgreSQL:
// the game goes on from the same place, with the buttons already posted, to its result.
func TestMigrateMidGameToPostgres(t *testing.T) {
	pgURL := pgtest.URL(t)
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana, bob := h.user("ana"), h.user("bob")
	tb := h.newTable(ana, fakediscord.Opt("hands", 2))
	lobby := h.message(tb.lobbyID)
	h.click(bob, lobby.ID, buttonByLabel(t, lobby, "Join"))
	h.click(ana, lobby.ID, buttonByLabel(t, lobby, "Start"))
	game := h.tableGame(tb)
	humans := []fakediscord.User{ana, bob}
	for range 4 {
		u, view, _ := h.toAct(tb.thread, humans)
		h.actOnce(u, view)
	}
	who, kept, _ := h.toAct(tb.thread, humans)
	n := h.logLen(game)
	h.stop()

	src, err := storage.Open(h.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	dst, err := storage.Connect(h.ctx, pgURL)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := storage.Copy(h.ctx, src, dst, false)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Replayed != 1 || rep.Copied["actions"] != int64(n) {
		t.Errorf("copy report: %d games replayed, %d actions; want 1 and %d", rep.Replayed, rep.Copied["actions"], n)
	}
	src.Close()
	dst.Close()

	h.dbURL = pgURL
	h.start(h.opts.postWindow)
	if h.store.Backend() != "postgres" {
		t.Fatalf("the bot runs on %s", h.store.Backend())
	}
	if got := h.logLen(game); got != n {
		t.Fatalf("on PostgreSQL the log has %d actions, want %d", got, n)
	}
	h.actOnce(who, kept)
	if h.logLen(game) <= n {
		t.Fatal("a move on PostgreSQL was not saved")
	}
	h.play(tb.thread, humans, 5000)
	h.waitThread(tb.thread, "Game over")
	if _, err := h.store.GameResult(h.ctx, game); err != nil {
		t.Fatalf("no result on PostgreSQL: %v", err)
	}
}
