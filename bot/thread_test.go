package bot_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pinochle-discord/pinochle/fakediscord"
)

// TestThreadPostsPerHand: a four-handed hand makes a few posts in its thread, not one per bid
// or trick (the table message shows each as it happens): at most 8 from the line that deals
// it to the line that deals the next, the hand's result always among them and before the
// next deal. Forced cards are played for the player without a refusal of their clicks.
func TestThreadPostsPerHand(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana := h.user("ana")
	tb := h.withComputers(ana, fakediscord.Opt("timer", "off"), fakediscord.Opt("hands", 4))
	const hands = 3
	for range 600 {
		view, _ := h.myHand(ana, tb.thread)
		if strings.Contains(view.Content, fmt.Sprintf("hand %d:", hands+1)) || gameOver(view.Content) {
			break
		}
		if len(actionControls(view.Components)) == 0 {
			t.Fatalf("ana has nothing to do: %q", view.Content)
		}
		if r := h.actOnce(ana, view); strings.Contains(r.Content, "earlier step") {
			t.Fatalf("a move was refused as stale: %q", r.Content)
		}
		// Every post out before her next move, as at a person's pace: the count is not
		// helped by posts that queued up and went out together.
		h.settle()
	}
	h.settle()
	// The thread's posts, by the hand they tell; the table message is not a post of a hand.
	tm, _ := h.tableMessage(tb.thread)
	perHand := map[int][]string{}
	hand := 1
	for _, m := range h.srv.Messages(tb.thread) {
		if m.Ephemeral() || m.ID == tm.ID {
			continue
		}
		for n := hand + 1; n <= hands+1; n++ {
			if strings.Contains(m.Content, fmt.Sprintf("Hand %d: ", n)) {
				hand = n
			}
		}
		perHand[hand] = append(perHand[hand], m.Content)
	}
	for n := 1; n <= hands; n++ {
		posts := perHand[n]
		if len(posts) > 8 {
			t.Errorf("hand %d made %d posts, want at most 8:\n%s", n, len(posts), strings.Join(posts, "\n---\n"))
		}
		// Grouped by the line that deals the next hand: a result in this group came before it.
		if !strings.Contains(strings.Join(posts, "\n"), fmt.Sprintf("**Hand %d result.**", n)) {
			t.Errorf("hand %d: its result is not told before the next deal:\n%s", n, strings.Join(posts, "\n---\n"))
		}
		t.Logf("hand %d: %d posts", n, len(posts))
	}
}
