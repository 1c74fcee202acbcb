package bot_test

import (
	"strings"
	"testing"

	"github.com/pinochle-discord/pinochle/fakediscord"
)

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
		t.Errorf("ana has moves while away: %q", view.Text())
	}
	r, _ = h.slash(ana, tb.thread, "pinochle", "back")
	h.private(ana, r, "yours again")
	h.waitThread(tb.thread, "ana is back")
	g, _ = h.store.GetGame(h.ctx, game)
	if g.Seats[0].Away {
		t.Errorf("storage still says ana is away")
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
	if dm := h.srv.DMs(ana.ID)[0]; !strings.Contains(dm.Text(), "your turn") || !strings.Contains(dm.Text(), ta.thread) {
		t.Errorf("the DM does not link the table: %q", dm.Text())
	}
	tb := h.withComputers(bob, fakediscord.Opt("ping", "always"))
	h.waitThread(tb.thread, "<@"+bob.ID+">, your turn")
	h.settle()
	if len(h.srv.DMs(bob.ID)) != 0 {
		t.Errorf("bob's closed DMs received %d messages", len(h.srv.DMs(bob.ID)))
	}
	for _, r := range h.srv.Responses() {
		if strings.Contains(r.Text(), "could not") || strings.Contains(r.Text(), "went wrong") {
			t.Errorf("someone was told about a failure: %q", r.Text())
		}
	}
}
