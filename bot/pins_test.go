package bot_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	live1 "github.com/pinochle-discord/pinochle/bot/live"
	"github.com/pinochle-discord/pinochle/fakediscord"
)

// pinnedIn returns the pinned messages of a thread.
func (h *harness) pinnedIn(thread string) []fakediscord.Message {
	var out []fakediscord.Message
	for _, m := range h.srv.Messages(thread) {
		if m.Pinned {
			out = append(out, m)
		}
	}
	return out
}

// deprecatedPin matches discordgo's deprecated pin route.
var deprecatedPin = regexp.MustCompile(`^/api/v\d+/channels/\d+/pins/`)

// TestOnlyLiveTablePinned: the table is pinned through Discord's current route, and each
// /pinochle status, which posts it again, moves the pin to the new copy: one pin, the live
// table, however often it is asked for.
func TestOnlyLiveTablePinned(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana := h.user("ana")
	tb := h.withComputers(ana, fakediscord.Opt("timer", "off"))
	h.settle()
	for i := range 3 {
		h.clock.Advance(live1.RepostGap) // a table is posted anew on request once a gap at most
		r, _ := h.slash(ana, tb.thread, "pinochle", "status")
		h.private(ana, r, "table again")
		h.settle()
		pins := h.pinnedIn(tb.thread)
		live, _ := h.tableMessage(tb.thread)
		if len(pins) != 1 || pins[0].ID != live.ID {
			var ids []string
			for _, p := range pins {
				ids = append(ids, p.ID)
			}
			t.Fatalf("after /pinochle status #%d: pinned %v, want only the live table %s", i+1, ids, live.ID)
		}
	}
	pinRequests := 0
	for _, r := range h.srv.Requests() {
		if deprecatedPin.MatchString(r.Path) {
			t.Errorf("%s %s: the deprecated pin route", r.Method, r.Path)
		}
		if strings.Contains(r.Path, "/messages/pins/") {
			pinRequests++
		}
	}
	if pinRequests != 7 { // the first pin, then a pin and an unpin for each status
		t.Errorf("%d requests on the pin route, want 7", pinRequests)
	}
}

// TestPinWithoutPermission: a bot with Manage Messages but not Pin Messages (which alone
// lets a bot pin since February 2026) posts the table unpinned, says so once in the log,
// and does not ask Discord again at every table: refused requests count against a bot.
func TestPinWithoutPermission(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	h.srv.SetBotPermissions(h.guild, fakediscord.DefaultBotPermissions&^fakediscord.PermPinMessages)
	ana := h.user("ana")
	tb := h.withComputers(ana, fakediscord.Opt("timer", "off"))
	h.settle()
	h.slash(ana, tb.thread, "pinochle", "status")
	other := h.withComputers(h.user("bob"), fakediscord.Opt("timer", "off"))
	h.settle()
	for _, th := range []string{tb.thread, other.thread} {
		if p := h.pinnedIn(th); len(p) != 0 {
			t.Errorf("thread %s has %d pins without the permission", th, len(p))
		}
		if _, ok := h.tableMessage(th); !ok {
			t.Errorf("thread %s has no table", th)
		}
	}
	refused := 0
	for _, r := range h.srv.Requests() {
		if strings.Contains(r.Path, "/pins/") && r.Status == http.StatusForbidden {
			refused++
		}
	}
	if refused != 1 {
		t.Errorf("%d pin requests refused, want 1: the bot should stop asking", refused)
	}
	if n := strings.Count(h.logs.String(), "Pin Messages permission"); n != 1 {
		t.Errorf("the log says %d times that pins are refused, want once", n)
	}
}
