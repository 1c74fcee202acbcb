package bot_test

import (
	"strings"
	"testing"

	"github.com/pinochle-discord/pinochle/bot"
	"github.com/pinochle-discord/pinochle/fakediscord"
)

// TestCardEmojis: a bot that shows cards as emojis creates the application's card emojis,
// both decks' 24 faces, once: a bot that starts again finds them and creates none.
func TestCardEmojis(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{configure: func(c *bot.Config) { c.CardEmojis = true }})
	if err := h.srv.WaitFor(h.ctx, func(s *fakediscord.Server) bool { return len(s.AppEmojis()) == 48 }); err != nil {
		t.Fatalf("the card emojis were not all created: %d of 48: %v", len(h.srv.AppEmojis()), err)
	}
	names := map[string]bool{}
	for _, e := range h.srv.AppEmojis() {
		names[e.Name] = true
	}
	for _, want := range []string{"p_AS", "p_10H", "p_9C", "p_QD_4"} {
		if !names[want] {
			t.Errorf("no emoji %s among %v", want, names)
		}
	}
	h.stop()
	since := len(h.srv.Requests())
	h.start(h.opts.postWindow)
	// The new bot lists the emojis once it is up.
	if err := h.srv.WaitFor(h.ctx, func(s *fakediscord.Server) bool {
		for _, r := range s.Requests()[since:] {
			if r.Method == "GET" && strings.HasSuffix(r.Path, "/emojis") {
				return true
			}
		}
		return false
	}); err != nil {
		t.Fatalf("the restarted bot never listed its emojis: %v", err)
	}
	if err := bot.Settle(h.ctx, h.bot); err != nil {
		t.Fatal(err)
	}
	for _, r := range h.srv.Requests()[since:] {
		if r.Method == "POST" && strings.HasSuffix(r.Path, "/emojis") {
			t.Errorf("a restarted bot created an emoji again: %s %s", r.Method, r.Path)
		}
	}
	if n := len(h.srv.AppEmojis()); n != 48 {
		t.Errorf("%d emojis after a restart, want 48", n)
	}
}
