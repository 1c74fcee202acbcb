package bot_test

import (
	"strings"
	"testing"
	"time"

	live1 "github.com/pinochle-discord/pinochle/bot/live"
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
// move every eight seconds) costs at most 14 channel calls: the thread tells a hand in one
// post, and the public table follows it trick by trick while each player's own view
// follows every card. (docs/benchmarks.md has the figure.)
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
	byName := map[string]fakediscord.User{}
	for _, u := range users {
		byName[u.Username] = u
	}
	// Each move is made by whom the last answer says the table waits for (toAct asks
	// everyone when it does not say).
	next, known := users[0], false
	for moves := 0; ; moves++ {
		if moves > 2000 {
			t.Fatal("the game does not end")
		}
		advance(h, fake, 8*time.Second)
		u, view := next, fakediscord.Response{}
		if known {
			view, _ = h.myHand(u, tb.thread)
		}
		if len(actionControls(view.Components)) == 0 {
			u, view, _ = h.toAct(tb.thread, users)
		}
		r := h.actOnce(u, view)
		h.settle()
		if strings.Contains(r.Text(), "🏆") || strings.Contains(r.Text(), "drawn") {
			break
		}
		m := waitingName.FindStringSubmatch(r.Text())
		known = m != nil && byName[m[1]].ID != ""
		if known {
			next = byName[m[1]]
		}
	}
	h.waitThread(tb.thread, "Game over")
	h.settle()
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
	t.Logf("%d channel calls over %d hands: %.1f a hand", calls, hands, float64(calls)/hands)
	// The floor of a trick-by-trick public table: the meld, twelve tricks (the last with
	// the hand's result) and one post of the hand's story, 14 a hand.
	if perHand := float64(calls) / hands; perHand > 14.5 {
		t.Errorf("%.1f channel calls a hand, want at most 14: %v", perHand, kinds)
	}
}

// TestStatusLimited: /pinochle status, which any member in a thread may run, posts the
// table anew (a post, a pin, an unpin and an edit) at most once a minute for a member and
// once every two minutes for a table; past either limit it answers privately, with where
// the table is, and spends no channel call.
func TestStatusLimited(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana, eve := h.user("ana"), h.user("eve")
	tb := h.withComputers(ana, fakediscord.Opt("timer", "off"))
	h.settle()
	r, _ := h.slash(ana, tb.thread, "pinochle", "status")
	h.private(ana, r, "table again")
	h.settle()
	from := len(h.srv.Requests())
	r, _ = h.slash(ana, tb.thread, "pinochle", "status")
	h.private(ana, r, "a moment ago")
	r, _ = h.slash(eve, tb.thread, "pinochle", "status")
	h.private(eve, r, "posted again a moment ago: https://discord.com/channels/")
	h.settle()
	if n := channelCalls(h, from); n != 0 {
		t.Errorf("refused asks spent %d channel calls", n)
	}
	h.clock.Advance(live1.RepostGap)
	r, _ = h.slash(eve, tb.thread, "pinochle", "status")
	h.private(eve, r, "table again")
	h.settle()
	if n := channelCalls(h, from); n == 0 {
		t.Error("once the gap is over the table was not posted again")
	}
}
