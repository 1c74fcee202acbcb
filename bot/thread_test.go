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
	h.playAtPace(tb, ana, hands, func(u fakediscord.User, view fakediscord.Response) {
		if r := h.actOnce(u, view); strings.Contains(r.Text(), "earlier step") {
			t.Fatalf("a move was refused as stale: %q", r.Text())
		}
	})
	perHand := h.postsByHand(tb, hands)
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

// playAtPace has user make its moves with move until hand hands+1 is dealt or the game
// ends, every post out before its next move, as at a person's pace: a count of posts is
// not helped by posts that queued up and went out together.
func (h *harness) playAtPace(tb testTable, user fakediscord.User, hands int, move func(fakediscord.User, fakediscord.Response)) {
	h.t.Helper()
	for range 600 {
		view, _ := h.myHand(user, tb.thread)
		if strings.Contains(view.Text(), fmt.Sprintf("hand %d:", hands+1)) || gameOver(view.Text()) {
			break
		}
		if len(actionControls(view.Components)) == 0 {
			h.t.Fatalf("%s has nothing to do: %q", user.Username, view.Text())
		}
		move(user, view)
		h.settle()
	}
	h.settle()
}

// postsByHand returns the thread's posts of hands 1 to hands, by the hand they tell: a post
// belongs to the hand the last "Hand N: " line before it deals. The table message is not a
// post of a hand.
func (h *harness) postsByHand(tb testTable, hands int) map[int][]string {
	tm, _ := h.tableMessage(tb.thread)
	perHand := map[int][]string{}
	hand := 1
	for _, m := range h.srv.Messages(tb.thread) {
		if m.Ephemeral() || m.ID == tm.ID {
			continue
		}
		// A post that ends a hand may open the next one with its deal: what comes before
		// the deal's line is the hand's, the rest the next hand's.
		part := m.Text()
		for n := hand + 1; n <= hands+1; n++ {
			if before, after, ok := strings.Cut(part, fmt.Sprintf("Hand %d: ", n)); ok {
				if strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(before), "—")) != "" {
					perHand[hand] = append(perHand[hand], before)
				}
				hand, part = n, after
			}
		}
		perHand[hand] = append(perHand[hand], part)
	}
	return perHand
}
