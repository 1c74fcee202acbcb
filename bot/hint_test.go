package bot_test

import (
	"strings"
	"testing"

	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/fakediscord"
)

// hintButton returns the custom ID of the Hint button in a private view, or "".
func hintButton(r fakediscord.Response) string {
	for _, c := range flatten(r.Components) {
		if id, err := commands.ParseID(c.CustomID); err == nil && id.Action == commands.ActHint {
			return c.CustomID
		}
	}
	return ""
}

// TestHint: on your turn the private hand has a Hint button; it answers privately, in
// place, with the expert's choice and why, and changes nothing at the table. A stale hint,
// a hint off your turn and a hint from someone not seated are refused privately; a table
// with hints off shows no button and refuses a forged one.
func TestHint(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana, bob := h.user("ana"), h.user("bob")
	tb := h.newTable(ana, fakediscord.Opt("level", "expert"))
	lobby := h.message(tb.lobbyID)
	if text := messageText(lobby); !strings.Contains(text, "Computer players: expert") {
		t.Errorf("the lobby does not show the level: %q", text)
	}
	h.click(ana, lobby.ID, buttonByLabel(t, lobby, "Start"))
	h.waitTable(tb.thread)
	game := h.tableGame(tb)
	_, view, _ := h.toAct(tb.thread, []fakediscord.User{ana})
	older, _ := h.myHand(ana, tb.thread)
	hint := hintButton(view)
	if hint == "" {
		t.Fatalf("no Hint button on ana's turn: %v", labels(view.Components))
	}
	before := h.public(game, tb)
	r := h.click(ana, view.MessageID, hint)
	h.private(ana, r, "")
	// The hint is acknowledged at once (type 6) and the private hand then edited in place.
	var m fakediscord.Message
	if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool {
		m = h.message(view.MessageID)
		return strings.Contains(m.Text(), "💡 **Hint:**")
	}); err != nil {
		t.Fatalf("no hint in the private hand: %v", err)
	}
	if r.Type != 6 || len(actionControls(m.Components)) == 0 {
		t.Errorf("the hint answered type %d, its hand without the controls: %q", r.Type, m.Text())
	}
	line := m.Text()[strings.Index(m.Text(), "**Hint:**"):]
	line = line[:strings.Index(line, "\n")]
	if !strings.Contains(line, "%") || !strings.Contains(line, "sampled deals") {
		t.Errorf("the hint does not say why: %q", line)
	}
	if after := h.public(game, tb); after != before {
		t.Error("a hint changed the table")
	}

	r = h.click(bob, view.MessageID, hint)
	h.private(bob, r, "not seated")

	// Once ana has moved, the Hint button of her other, older view is stale.
	h.actOnce(ana, view)
	r = h.click(ana, older.MessageID, hintButton(older))
	h.private(ana, r, "earlier step")

	// A table without hints has no button, and a forged one is refused.
	off := h.withComputers(bob, fakediscord.Opt("hints", false))
	_, bview, bhd := h.toAct(off.thread, []fakediscord.User{bob})
	if hintButton(bview) != "" {
		t.Errorf("hints are off, yet the hand has a Hint button")
	}
	id, err := commands.ParseID(actionControls(bview.Components)[0].CustomID)
	if err != nil {
		t.Fatal(err)
	}
	id.Action, id.Arg = commands.ActHint, ""
	msg := h.forge(bhd, button(id.String()))
	r = h.click(bob, msg, id.String())
	h.private(bob, r, "Hints are off")
}

// TestTablePinned: the live table message is pinned in its thread.
func TestTablePinned(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	tb := h.withComputers(h.user("ana"))
	if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool {
		m, ok := h.tableMessage(tb.thread)
		return ok && m.Pinned
	}); err != nil {
		t.Errorf("the table message is not pinned: %v", err)
	}
}

// TestTableRepostedWhenNotPinned: without the permission to pin, the table is posted again
// at the bottom as the narration scrolls it away, and every older copy becomes a link with
// no buttons: one live copy at all times.
func TestTableRepostedWhenNotPinned(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	h.srv.RefusePins(true)
	ana := h.user("ana")
	tb := h.withComputers(ana, fakediscord.Opt("timer", "off"))
	moved := func() bool {
		for _, m := range h.srv.Messages(tb.thread) {
			if strings.Contains(m.Text(), "The table has moved down: https://discord.com/channels/") {
				return true
			}
		}
		return false
	}
	for range 30 {
		view, _ := h.myHand(ana, tb.thread)
		if len(actionControls(view.Components)) == 0 {
			break
		}
		h.actOnce(ana, view)
	}
	if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool { return moved() }); err != nil {
		t.Fatalf("the unpinned table was never posted again: %v", err)
	}
	h.settle()
	live := 0
	for _, m := range h.srv.Messages(tb.thread) {
		for _, c := range m.Controls() {
			if c.Label == "My hand" {
				live++
			}
		}
		if strings.HasPrefix(m.Text(), "The table has moved down") && len(m.Controls()) != 0 {
			t.Errorf("a moved copy keeps live buttons: %v", labels(m.Controls()))
		}
	}
	if live != 1 {
		t.Errorf("%d copies of the table with a My hand button, want 1", live)
	}
}
