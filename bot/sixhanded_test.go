package bot_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/fakediscord"
)

// TestSixHandedPassTogether checks the one moment several players act at once: in
// six-handed, every player of the bidding team passes cards at the same time, so a pass
// menu shown before a teammate passed must still work after.
func TestSixHandedPassTogether(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	tb, _, open := sixHandedAtPass(t, h)
	// The bot brings open private messages up to date while it may (15 minutes); past
	// that, the menus stay as they were shown, which is what a player who chose cards
	// before a teammate's pass arrived sends.
	h.clock.Advance(15 * time.Minute)
	for k, o := range open {
		r := h.actOnce(o.user, o.view)
		if strings.Contains(r.Text(), "earlier step") {
			t.Fatalf("pass %d of 3: the menu opened before the others passed was refused as stale: %q", k+1, r.Text())
		}
	}
	// The passes done, the meld is shown: on the table message at once.
	if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool {
		tm, _ := h.tableMessage(tb.thread)
		return strings.Contains(tm.Text(), "Meld")
	}); err != nil {
		t.Fatalf("the table never showed the meld: %v", err)
	}
}

// TestOpenHandFollowsTheTurn checks that a private hand left open gets its controls when the
// turn comes to it, without the player pressing anything.
func TestOpenHandFollowsTheTurn(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana, bob := h.user("ana"), h.user("bob")
	tb := h.newTable(ana, fakediscord.Opt("preset", "racehorse"), fakediscord.Opt("timer", "off"))
	lobby := h.message(tb.lobbyID)
	h.click(bob, lobby.ID, buttonByLabel(t, lobby, "Join"))
	h.click(ana, lobby.ID, buttonByLabel(t, lobby, "Start"))
	// Seat 1 (bob, left of the dealer) bids first; ana, the dealer, bids last.
	anaView, anaHandle := h.myHand(ana, tb.thread)
	if len(actionControls(anaView.Components)) != 0 {
		t.Fatalf("ana has controls before her turn: %q", anaView.Text())
	}
	bobView, _ := h.myHand(bob, tb.thread)
	h.actOnce(bob, bobView) // bob passes; the computers bid; then it is ana's turn
	if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool {
		m, ok := anaHandle.Original()
		return ok && len(actionControls(m.Components)) > 0 && strings.Contains(m.Text(), "Your turn to bid")
	}); err != nil {
		m, _ := anaHandle.Original()
		t.Fatalf("ana's open hand never got her controls: %v\n%q", err, m.Text())
	}
}

// opened is a player's private hand as it was opened.
type opened struct {
	user fakediscord.User
	view fakediscord.Response
}

// sixHandedAtPass seats six players at a six-handed table with no timer and plays the
// auction, with the clock stopped (every click is "now"), up to the pass. It returns the
// table, the players, and the private hands of the bidding team's three players, each
// opened with its pass menu before anyone passes.
func sixHandedAtPass(t *testing.T, h *harness) (testTable, []fakediscord.User, []opened) {
	t.Helper()
	var users []fakediscord.User
	for k := range 6 {
		users = append(users, h.user(fmt.Sprintf("p%d", k+1)))
	}
	tb := h.newTable(users[0], fakediscord.Opt("preset", "six-handed"), fakediscord.Opt("timer", "off"))
	lobby := h.message(tb.lobbyID)
	for _, u := range users[1:] {
		h.click(u, lobby.ID, buttonByLabel(t, lobby, "Join"))
	}
	hasMenu := func(r fakediscord.Response) bool {
		for _, c := range actionControls(r.Components) {
			if c.Type == 3 {
				return true
			}
		}
		return false
	}
	for range 60 {
		u, view, _ := h.toAct(tb.thread, users)
		if hasMenu(view) {
			break
		}
		h.actOnce(u, view)
	}
	var open []opened
	for _, u := range users {
		if r, _ := h.myHand(u, tb.thread); hasMenu(r) {
			open = append(open, opened{u, r})
		}
	}
	if len(open) != 3 {
		t.Fatalf("%d players have a pass menu, want the 3 of the bidding team", len(open))
	}
	return tb, users, open
}
