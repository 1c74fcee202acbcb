package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/fakediscord"
)

// channelCalls counts the requests to channels since from: posts, edits, pins and thread
// changes, which share the bot token's global budget (interaction answers and their edits
// do not, nor do direct messages' channel opening).
func channelCalls(h *harness, from int) int {
	n := 0
	for _, r := range h.srv.Requests()[from:] {
		if r.Method != "GET" && strings.Contains(r.Path, "/channels/") {
			n++
		}
	}
	return n
}

// TestChannelCallsPerHand: a four-handed hand played by four people at a person's pace (a
// move every eight seconds) costs at most about 12 channel calls: the thread tells a hand
// in a few posts, and the public table follows it trick by trick while each player's own
// view follows every card.
func TestChannelCallsPerHand(t *testing.T) {
	t.Parallel()
	h, fake := timedHarness(t)
	users := []fakediscord.User{h.user("ana"), h.user("bob"), h.user("cy"), h.user("di")}
	const hands = 3
	tb := h.newTable(users[0], fakediscord.Opt("preset", "partnership"), fakediscord.Opt("hands", hands), fakediscord.Opt("timer", "off"))
	lobby := h.message(tb.lobbyID)
	for _, u := range users[1:] {
		h.click(u, lobby.ID, buttonByLabel(t, lobby, "Join"))
	}
	h.waitTable(tb.thread)
	h.settle()
	from := len(h.srv.Requests())
	for moves := 0; !strings.Contains(h.threadText(tb.thread), "Game over"); moves++ {
		if moves > 2000 {
			t.Fatal("the game does not end")
		}
		advance(h, fake, 8*time.Second)
		u, view, _ := h.toAct(tb.thread, users)
		h.actOnce(u, view)
		h.settle()
	}
	calls := channelCalls(h, from)
	kinds := map[string]int{}
	for _, r := range h.srv.Requests()[from:] {
		if r.Method != "GET" && strings.Contains(r.Path, "/channels/") {
			k := r.Method + " messages"
			if strings.Contains(r.Path, "/pins") {
				k = r.Method + " pins"
			} else if !strings.Contains(r.Path, "/messages") {
				k = r.Method + " channel"
			}
			kinds[k]++
		}
	}
	t.Logf("by kind: %v", kinds)
	for _, m := range h.srv.Messages(tb.thread) {
		if m.Ephemeral() {
			continue
		}
		t.Logf("post %s (%d chars): %.120q", m.ID, len(m.Content), m.Content)
	}
	t.Logf("%d channel calls over %d hands: %.1f a hand", calls, hands, float64(calls)/hands)
	if perHand := float64(calls) / hands; perHand > 14 {
		t.Errorf("%.1f channel calls a hand, want at most about 12", perHand)
	}
}
