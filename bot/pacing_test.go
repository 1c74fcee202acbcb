package bot_test

import "testing"

// TestPostsKeepDiscordsPace runs a table at Discord's own pace, 5 messages per channel in
// 5 seconds, which the other tests shorten: computer players move at once, so the thread's
// posts outrun the limit unless the bot paces them, and the fake reports every message over
// it as a problem, failing the test.
func TestPostsKeepDiscordsPace(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{realPacing: true})
	ana := h.user("ana")
	tb := h.withComputers(ana)
	// Ana plays until the thread holds enough posts to need more than one window.
	const want = 12
	for range 200 {
		if len(h.srv.Messages(tb.thread)) >= want {
			return
		}
		view, _ := h.myHand(ana, tb.thread)
		h.actOnce(ana, view)
	}
	t.Fatalf("after 200 of ana's moves the thread holds %d messages, want %d", len(h.srv.Messages(tb.thread)), want)
}
