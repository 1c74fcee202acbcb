package bot_test

import (
	"testing"

	"github.com/pinochle-discord/pinochle/fakediscord"
)

// TestRequestsMatchDiscordSpec plays a game through the fake Discord holding every request
// to Discord's OpenAPI document: none is refused (the harness fails the test on any
// problem), and what the document does not define but Discord ignores is listed in the
// test's log. Every harness test holds the bot to the document; this one says so when it
// cannot, for want of the shared folder beside the module.
func TestRequestsMatchDiscordSpec(t *testing.T) {
	t.Parallel()
	if _, err := loadSpec(); err != nil {
		t.Skipf("skipped: %v", err)
	}
	h := newHarness(t, harnessOptions{})
	ana, bob := h.user("ana"), h.user("bob")
	tb := h.newTable(ana, fakediscord.Opt("hands", 1))
	lobby := h.message(tb.lobbyID)
	h.click(bob, lobby.ID, buttonByLabel(t, lobby, "Join"))
	h.click(ana, lobby.ID, buttonByLabel(t, lobby, "Start"))
	h.play(tb.thread, []fakediscord.User{ana, bob}, 20000)
	h.waitThread(tb.thread, "Game over")
	h.settle()
	if p := h.srv.Problems(); len(p) > 0 {
		t.Fatalf("requests refused: %q", p)
	}
	n := len(h.srv.Requests())
	if n < 50 {
		t.Errorf("only %d requests checked", n)
	}
	t.Logf("%d requests checked against Discord's OpenAPI document", n)
	for _, u := range h.srv.Undefined() {
		t.Logf("not in the document, ignored by Discord: %s", u)
	}
}
