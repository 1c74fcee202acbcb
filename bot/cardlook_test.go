package bot_test

import (
	"strings"
	"testing"

	"github.com/pinochle-discord/pinochle/fakediscord"
)

// TestOwnCardLook: a member's own card look (/pinochle cards) shows their private hand, its
// edits and the table they watch in their look, whatever the table's, while the table
// message keeps the table's: ana's hand in words at a table in pictures, and cy's hand in
// pictures at a table in words (the server's default). The look outlives a restart. (A look
// that is not one, which Discord does not send, is among FuzzCommandInteraction's seeds.)
func TestOwnCardLook(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{pictures: true})
	ana, bob, cy, dan, eve := h.user("ana"), h.user("bob"), h.user("cy"), h.user("dan"), h.user("eve")
	h.srv.AllowPings() // nobody: these tables mention no turn
	cards := func(u fakediscord.User, want string, opts ...fakediscord.Option) {
		t.Helper()
		r, _ := h.slash(u, h.channel, "pinochle", "cards", opts...)
		h.private(u, r, want)
	}
	cards(ana, "as each table shows them")
	cards(ana, "in words", fakediscord.Opt("look", "text"))
	cards(ana, "in words")
	cards(eve, "in words", fakediscord.Opt("look", "text"))
	// files counts the pictures a private view carries.
	files := func(who string, r fakediscord.Response) int {
		t.Helper()
		if !strings.Contains(r.Text(), "Your hand") && !strings.Contains(r.Text(), "Trick") {
			t.Errorf("%s's view has no words for the cards: %q", who, r.Text())
		}
		return len(r.Files)
	}

	// A table in pictures: ana's own hand in words, bob's in pictures.
	tb := h.newTable(ana, fakediscord.Opt("preset", "two-handed"), fakediscord.Opt("hands", 1), fakediscord.Opt("ping", "never"))
	lobby := h.message(tb.lobbyID)
	h.click(bob, lobby.ID, buttonByLabel(t, lobby, "Join"))
	tm := h.waitTable(tb.thread)
	game := gameOf(t, buttonByLabel(t, tm, "My hand"))
	if len(tm.Files) == 0 {
		t.Fatal("the table in pictures has none")
	}
	anaView, anaHd := h.myHand(ana, tb.thread)
	bobView, bobHd := h.myHand(bob, tb.thread)
	if n := files("ana", anaView); n != 0 {
		t.Errorf("ana's hand, in words by her choice, has %d pictures", n)
	}
	if n := files("bob", bobView); n == 0 {
		t.Error("bob's hand, in the table's pictures, has none")
	}
	// The one to play plays: the other's view is edited, still in their look.
	mover, other, otherHd, otherPictures := ana, bob, bobHd, true
	if len(actionControls(bobView.Components)) > 0 {
		mover, other, otherHd, otherPictures = bob, ana, anaHd, false
		h.actOnce(mover, bobView)
	} else {
		h.actOnce(mover, anaView)
	}
	h.settle(game)
	if m, ok := otherHd.Original(); !ok || !strings.Contains(m.Text(), "Trick") || (len(m.Files) > 0) != otherPictures {
		t.Errorf("%s's view edited after %s played: %d pictures (want pictures %v), words %q",
			other.Username, mover.Username, len(m.Files), otherPictures, m.Text())
	}
	if tm, _ := h.tableMessage(tb.thread); len(tm.Files) == 0 {
		t.Error("the table message lost its pictures to a player's look")
	}
	// eve, not seated, watches in words.
	w := h.click(eve, tm.ID, buttonByLabel(t, tm, "Watch"))
	if !w.Ephemeral || len(w.Files) != 0 || !strings.Contains(w.Text(), "Trick") {
		t.Errorf("eve watches with %d pictures (ephemeral %v): %q", len(w.Files), w.Ephemeral, w.Text())
	}

	// The reverse: a server whose tables show words, and cy who wants pictures.
	mgr := h.manager("mia")
	if r, _ := h.slash(mgr, h.channel, "pinochle", "settings", fakediscord.Opt("cards", "text")); !strings.Contains(r.Text(), "cards in words") {
		t.Fatalf("settings cards:text answered %q", r.Text())
	}
	cards(cy, "as pictures", fakediscord.Opt("look", "pictures"))
	tb2 := h.newTable(cy, fakediscord.Opt("preset", "two-handed"), fakediscord.Opt("hands", 1), fakediscord.Opt("ping", "never"))
	lobby2 := h.message(tb2.lobbyID)
	h.click(dan, lobby2.ID, buttonByLabel(t, lobby2, "Join"))
	tm2 := h.waitTable(tb2.thread)
	if len(tm2.Files) != 0 {
		t.Errorf("the table in words has %d pictures", len(tm2.Files))
	}
	cyView, _ := h.myHand(cy, tb2.thread)
	danView, _ := h.myHand(dan, tb2.thread)
	if n := files("cy", cyView); n == 0 {
		t.Error("cy's hand, in pictures by his choice, has none")
	}
	if n := files("dan", danView); n != 0 {
		t.Errorf("dan's hand, in the table's words, has %d pictures", n)
	}

	h.restart()
	cards(ana, "in words")
	cards(ana, "as each table shows them", fakediscord.Opt("look", "table"))
	if r, _ := h.myHand(ana, tb.thread); files("ana", r) == 0 {
		t.Error("ana's hand, back to the table's look, has no pictures")
	}
}
