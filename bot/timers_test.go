package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/fakediscord"
	"github.com/pinochle-discord/pinochle/storage"
)

// waitCount waits until the thread's text holds s exactly n times, then checks that it stays
// so once the bot's queued messages have gone out.
func (h *harness) waitCount(thread, s string, n int) {
	h.t.Helper()
	if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool {
		return strings.Count(h.threadText(thread), s) >= n
	}); err != nil {
		h.t.Fatalf("thread never said %q %d times: %v\n%s", s, n, err, tail(h.threadText(thread), 2000))
	}
	h.settle()
	if got := strings.Count(h.threadText(thread), s); got != n {
		h.t.Fatalf("thread says %q %d times, want %d:\n%s", s, got, n, tail(h.threadText(thread), 2000))
	}
}

// TestTimerReminders: the player to act is mentioned once when the turn starts, reminded at
// half time and shortly before the end, each once; then a computer player moves for them.
func TestTimerReminders(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana := h.user("ana")
	tb := h.withComputers(ana, fakediscord.Opt("timer", "15m"), fakediscord.Opt("ping", "always"))
	game := h.tableGame(tb)
	mention := "<@" + ana.ID + ">, your turn"
	h.waitCount(tb.thread, mention, 1)
	if err := h.clock.waitArmed(h.ctx, 1); err != nil {
		t.Fatal(err)
	}
	n := h.logLen(game)

	h.clock.Advance(7 * time.Minute)
	h.settle()
	if c := strings.Count(h.threadText(tb.thread), "reminder"); c != 0 {
		t.Fatalf("reminded %d times before half time", c)
	}
	h.clock.Advance(31 * time.Second) // 7m31s: half time passed
	h.waitCount(tb.thread, "reminder", 1)
	h.clock.Advance(5 * time.Minute) // 12m31s: nothing new
	h.waitCount(tb.thread, "reminder", 1)
	h.clock.Advance(time.Minute) // 13m31s: the last reminder (1m30s before the end)
	h.waitCount(tb.thread, "reminder", 2)
	if !strings.Contains(h.threadText(tb.thread), "1 minutes") && !strings.Contains(h.threadText(tb.thread), "seconds left") {
		t.Logf("last reminder: %s", tail(h.threadText(tb.thread), 300))
	}
	h.clock.Advance(time.Minute) // 14m31s
	h.waitCount(tb.thread, "reminder", 2)
	if got := h.logLen(game); got != n {
		t.Fatalf("the game moved before the time ran out: %d → %d actions", n, got)
	}
	h.clock.Advance(30 * time.Second) // 15m01s: time is up
	h.waitThread(tb.thread, "time ran out: a computer player moved for them")
	if got := h.logLen(game); got <= n {
		t.Fatalf("no move was made for ana")
	}
	h.waitCount(tb.thread, "time ran out", 1)
	// The mention of the turn before, once; a new turn of ana's may have been announced.
	if c := strings.Count(h.threadText(tb.thread), mention); c < 1 || c > 2 {
		t.Errorf("ana was mentioned %d times", c)
	}
}

// TestTimerForfeit: with timeout:forfeit, the team of the player whose time ran out forfeits,
// the thread says so, storage has the result, and the finished game's thread is archived.
func TestTimerForfeit(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana := h.user("ana")
	tb := h.withComputers(ana, fakediscord.Opt("timer", "15m"), fakediscord.Opt("timeout", "forfeit"), fakediscord.Opt("ping", "always"))
	game := h.tableGame(tb)
	h.waitThread(tb.thread, "<@"+ana.ID+">, your turn")
	if err := h.clock.waitArmed(h.ctx, 1); err != nil {
		t.Fatal(err)
	}
	h.clock.Advance(16 * time.Minute)
	h.waitThread(tb.thread, "forfeits")
	res, err := h.store.GameResult(h.ctx, game)
	if err != nil {
		t.Fatalf("no result: %v", err)
	}
	if !res.Forfeited || res.Winner != 1 {
		t.Errorf("result %+v, want team B (1) winning by forfeit", res)
	}
	g, err := h.store.GetGame(h.ctx, game)
	if err != nil || g.Status != storage.StatusFinished {
		t.Errorf("game status %q (%v), want finished", g.Status, err)
	}
	if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool {
		c, ok := h.srv.Channel(tb.thread)
		return ok && c.ThreadMetadata != nil && c.ThreadMetadata.Archived
	}); err != nil {
		t.Errorf("the finished game's thread was not archived: %v", err)
	}
	archived := false
	for _, e := range h.srv.ChannelEdits() {
		archived = archived || e.ChannelID == tb.thread && e.After.ThreadMetadata != nil && e.After.ThreadMetadata.Archived
	}
	if !archived {
		t.Errorf("no channel edit archived the thread")
	}
	if h.clock.Armed() != 0 {
		t.Errorf("%d timers still armed after the game ended", h.clock.Armed())
	}
}

// TestAwayAndBack: /pinochle away hands the seat to the computer, which moves at once on
// that seat's turn; /pinochle back takes it back.
func TestAwayAndBack(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana, bob := h.user("ana"), h.user("bob")
	tb := h.newTable(ana)
	lobby := h.message(tb.lobbyID)
	h.click(bob, lobby.ID, buttonByLabel(t, lobby, "Join"))
	h.click(ana, lobby.ID, buttonByLabel(t, lobby, "Start"))
	game := h.tableGame(tb)
	for range 50 {
		u, view, _ := h.toAct(tb.thread, []fakediscord.User{ana, bob})
		if u.ID == ana.ID {
			break
		}
		h.actOnce(u, view)
	}
	n := h.logLen(game)
	r, _ := h.slash(ana, tb.thread, "pinochle", "away")
	h.private(ana, r, "computer player plays your seat")
	h.waitThread(tb.thread, "ana is away")
	// The computer player thinks off the table's writer: its move follows shortly.
	if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool { return h.logLen(game) > n }); err != nil {
		t.Fatalf("the computer did not move for ana (%d actions): %v", h.logLen(game), err)
	}
	g, _ := h.store.GetGame(h.ctx, game)
	if !g.Seats[0].Away {
		t.Errorf("storage does not say ana is away")
	}
	view, _ := h.myHand(ana, tb.thread)
	if len(actionControls(view.Components)) > 0 {
		t.Errorf("ana has moves while away: %q", view.Content)
	}
	r, _ = h.slash(ana, tb.thread, "pinochle", "back")
	h.private(ana, r, "yours again")
	h.waitThread(tb.thread, "ana is back")
	g, _ = h.store.GetGame(h.ctx, game)
	if g.Seats[0].Away {
		t.Errorf("storage still says ana is away")
	}
}

// TestTimerRestart: deadlines survive restarts. While the bot is stopped one table's turn
// runs out and another's is still pending: at start the overdue one is applied at once
// (reminders whose turn has already ended are not sent) and the pending one is armed again;
// a reminder that fell due while the bot was stopped is sent at once at the next start.
func TestTimerRestart(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana, bob := h.user("ana"), h.user("bob")
	short := h.withComputers(ana, fakediscord.Opt("timer", "15m"), fakediscord.Opt("ping", "always"))
	long := h.withComputers(bob, fakediscord.Opt("timer", "1h"))
	h.waitThread(short.thread, "<@"+ana.ID+">, your turn")
	// bob has just clicked Start: at a slow table his mention waits a minute after his
	// last click. Move the clock only once his turn has begun and its timer is armed (one
	// timer a table): a timer armed while the clock moves would be due a minute late.
	if err := h.clock.waitArmed(h.ctx, 2); err != nil {
		t.Fatalf("waiting for both tables' timers before moving the clock: %v", err)
	}
	h.clock.Advance(time.Minute)
	h.waitThread(long.thread, "<@"+bob.ID+">, your turn")
	if err := h.clock.waitArmed(h.ctx, 2); err != nil {
		t.Fatal(err)
	}
	shortGame, longGame := h.tableGame(short), h.tableGame(long)
	n, m := h.logLen(shortGame), h.logLen(longGame)

	h.stop()
	h.clock.Advance(15 * time.Minute) // 16m
	h.start(0)

	h.waitThread(short.thread, "time ran out")
	if h.logLen(shortGame) <= n {
		t.Errorf("no move was made for ana after the restart")
	}
	if strings.Contains(h.threadText(short.thread), "reminder") {
		t.Errorf("a reminder was sent for a turn that had already run out")
	}
	if strings.Contains(h.threadText(long.thread), "reminder") || h.logLen(longGame) != m {
		t.Errorf("the long table moved or was reminded before half time")
	}
	if err := h.clock.waitArmed(h.ctx, 2); err != nil {
		t.Fatalf("the deadlines were not armed again: %v", err)
	}

	// Half of the long table's hour passes while the bot is stopped.
	h.stop()
	h.clock.Advance(15 * time.Minute) // 31m
	h.start(0)
	h.waitCount(long.thread, "reminder", 1)
	if h.logLen(longGame) != m {
		t.Errorf("the long table moved before its time ran out")
	}
	h.clock.Advance(29 * time.Minute) // 1h: the second reminder, 1h−6m
	h.waitCount(long.thread, "reminder", 2)
	h.clock.Advance(time.Minute) // 1h01m
	h.waitThread(long.thread, "time ran out")
}

// TestIdleLobbyCloses: a lobby nobody touches closes after a day.
func TestIdleLobbyCloses(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	tb := h.newTable(h.user("ana"))
	game := gameOf(t, buttonByLabel(t, h.message(tb.lobbyID), "Join"))
	if err := h.clock.waitArmed(h.ctx, 1); err != nil {
		t.Fatalf("the lobby's timer: %v", err)
	}
	h.clock.Advance(23 * time.Hour)
	h.settle()
	if g, _ := h.store.GetGame(h.ctx, game); g.Status != storage.StatusLobby {
		t.Fatalf("the lobby closed early: %s", g.Status)
	}
	h.clock.Advance(time.Hour + time.Minute)
	h.waitThread(tb.thread, "closed after a day")
	if g, _ := h.store.GetGame(h.ctx, game); g.Status != storage.StatusAbandoned {
		t.Errorf("status %s, want abandoned", g.Status)
	}
	if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool {
		return len(h.message(tb.lobbyID).Controls()) == 0
	}); err != nil {
		t.Errorf("the closed lobby still has buttons")
	}
}

// TestNotifyDM: with /pinochle notify dm:true a turn sends a DM; when DMs fail the mention
// stands and nobody sees an error.
func TestNotifyDM(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana, bob := h.user("ana"), h.user("bob")
	for _, u := range []fakediscord.User{ana, bob} {
		r, _ := h.slash(u, h.channel, "pinochle", "notify", fakediscord.Opt("dm", true))
		h.private(u, r, "direct message")
	}
	h.srv.FailDMs(bob.ID, true)
	ta := h.withComputers(ana)
	if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool { return len(h.srv.DMs(ana.ID)) > 0 }); err != nil {
		t.Fatalf("no DM for ana's turn: %v", err)
	}
	if dm := h.srv.DMs(ana.ID)[0]; !strings.Contains(dm.Content, "your turn") || !strings.Contains(dm.Content, ta.thread) {
		t.Errorf("the DM does not link the table: %q", dm.Content)
	}
	tb := h.withComputers(bob, fakediscord.Opt("ping", "always"))
	h.waitThread(tb.thread, "<@"+bob.ID+">, your turn")
	h.settle()
	if len(h.srv.DMs(bob.ID)) != 0 {
		t.Errorf("bob's closed DMs received %d messages", len(h.srv.DMs(bob.ID)))
	}
	for _, r := range h.srv.Responses() {
		if strings.Contains(r.Content, "could not") || strings.Contains(r.Content, "went wrong") {
			t.Errorf("someone was told about a failure: %q", r.Content)
		}
	}
}
