package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/fakediscord"
)

// waitHumanTurn waits, without clicking at the table, until the game's turn timer shows
// that it waits for a person.
func (h *harness) waitHumanTurn(game int64) {
	h.t.Helper()
	for range 5000 {
		g, err := h.store.GetGame(h.ctx, game)
		if err != nil {
			h.t.Fatal(err)
		}
		if !g.Turn.Started.IsZero() && g.Turn.Seq == h.logLen(game) {
			h.settle()
			return
		}
		time.Sleep(2 * time.Millisecond)
	}
	h.t.Fatal("the game never waited for a person")
}

// TestQuietTurnsSlowPlayer: at a live table (turn mentions "auto", a 10-minute timer) a
// player who does nothing is mentioned once, a minute after their last click at the table
// (the grace period is 45 seconds), and never again that turn.
func TestQuietTurnsSlowPlayer(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana := h.user("ana")
	tb := h.withComputers(ana) // ana's last click: Start, now
	game := h.tableGame(tb)
	h.waitHumanTurn(game)
	mention := "<@" + ana.ID + ">, your turn"
	if c := strings.Count(h.threadText(tb.thread), mention); c != 0 {
		t.Fatalf("mentioned %d times as the turn began", c)
	}
	h.clock.Advance(50 * time.Second)
	h.settle()
	if c := strings.Count(h.threadText(tb.thread), mention); c != 0 {
		t.Fatalf("mentioned %d times 50 s after clicking Start", c)
	}
	h.clock.Advance(11 * time.Second)
	h.waitCount(tb.thread, mention, 1)
	h.clock.Advance(3 * time.Minute)
	h.settle()
	if c := strings.Count(h.threadText(tb.thread), mention); c != 1 {
		t.Errorf("mentioned %d times in one turn, want 1", c)
	}
}

// TestQuietTurnsQuickPlayer: a player who acts within the grace period is never
// mentioned, turn after turn.
func TestQuietTurnsQuickPlayer(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	bob := h.user("bob")
	tb := h.withComputers(bob)
	game := h.tableGame(tb)
	for range 8 {
		h.waitHumanTurn(game)
		h.clock.Advance(20 * time.Second)
		h.settle()
		view, _ := h.myHand(bob, tb.thread)
		if len(actionControls(view.Components)) == 0 {
			break
		}
		h.actOnce(bob, view)
	}
	if c := strings.Count(h.threadText(tb.thread), "<@"+bob.ID+">"); c != 0 {
		t.Errorf("a quick player was mentioned %d times", c)
	}
}

// TestQuietTurnsPolicies: "always" mentions at once, "never" not even after an hour, and
// "auto" at a table with a timer of an hour or more mentions without a grace period, but
// never within a minute of the player's last click (here, Start).
func TestQuietTurnsPolicies(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana, bob, cid := h.user("ana"), h.user("bob"), h.user("cid")
	always := h.withComputers(ana, fakediscord.Opt("ping", "always"))
	never := h.withComputers(bob, fakediscord.Opt("ping", "never"), fakediscord.Opt("timer", "1d"))
	slow := h.withComputers(cid, fakediscord.Opt("timer", "1d"))
	h.waitThread(always.thread, "<@"+ana.ID+">, your turn")
	h.waitHumanTurn(h.tableGame(slow))
	if strings.Contains(h.threadText(slow.thread), "<@"+cid.ID+">") {
		t.Errorf("cid was mentioned at once, right after clicking Start")
	}
	h.waitHumanTurn(h.tableGame(never))
	h.clock.Advance(time.Minute)
	h.waitCount(slow.thread, "<@"+cid.ID+">, your turn", 1)
	h.clock.Advance(time.Hour)
	h.settle()
	if strings.Contains(h.threadText(never.thread), "<@"+bob.ID+">") {
		t.Errorf("turn mentions never, yet bob was mentioned")
	}
	if c := strings.Count(h.threadText(slow.thread), "<@"+cid.ID+">, your turn"); c != 1 {
		t.Errorf("cid was mentioned %d times in one turn, want 1", c)
	}
	// The server's default: new tables take it, and the lobby says so.
	mgr := h.manager("mia")
	if r, _ := h.slash(mgr, h.channel, "pinochle", "settings", fakediscord.Opt("ping", "never"), fakediscord.Opt("level", "expert")); !strings.Contains(embedText(r), "turn mentions: never") {
		t.Errorf("settings do not show the new default: %q", embedText(r))
	}
	lobby := h.newTable(mgr)
	if text := messageText(h.message(lobby.lobbyID)); !strings.Contains(text, "Computer players: expert") || !strings.Contains(text, "turn mentions: never") {
		t.Errorf("a new table does not take the server's defaults: %q", text)
	}
}

// forcedView plays ana's turns until her private hand offers exactly one card to play,
// and returns that view; false when the game ends first.
func (h *harness) forcedView(tb testTable, ana fakediscord.User) (fakediscord.Response, bool) {
	h.t.Helper()
	for range 300 {
		view, _ := h.myHand(ana, tb.thread)
		ctrls := actionControls(view.Components)
		if len(ctrls) == 0 {
			return view, false
		}
		enabled := 0
		for _, c := range ctrls {
			if id, err := commands.ParseID(c.CustomID); err == nil && id.Action == commands.ActCard && !c.Disabled {
				enabled++
			}
		}
		if enabled == 1 {
			return view, true
		}
		h.actOnce(ana, view)
	}
	return fakediscord.Response{}, false
}

// TestAutoplay: a forced card is played for the player after a short pause, with a line in
// the thread; with autoplay off it waits for the player.
func TestAutoplay(t *testing.T) {
	t.Parallel()
	for _, on := range []bool{true, false} {
		h := newHarness(t, harnessOptions{})
		ana := h.user("ana")
		tb := h.withComputers(ana, fakediscord.Opt("autoplay", on), fakediscord.Opt("timer", "off"))
		game := h.tableGame(tb)
		if _, ok := h.forcedView(tb, ana); !ok {
			t.Fatal("ana never had a forced card")
		}
		n := h.logLen(game)
		h.clock.Advance(3 * time.Second)
		h.settle()
		moved := h.logLen(game) > n
		if moved != on {
			t.Errorf("autoplay %v: the forced card was played: %v", on, moved)
		}
		if on {
			h.waitThread(tb.thread, "only card")
		}
	}
}
