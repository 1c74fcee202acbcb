package bot_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/fakediscord"
)

// Routes of the fake, for the faults injected below.
const (
	routeCallback = "POST /interactions/{iid}/{token}/callback"
	routeEdit     = "PATCH /webhooks/{app}/{token}/messages/{mid}"
	routePost     = "POST /channels/{cid}/messages"
)

// timedHarness is a harness whose fake Discord keeps time on a manual clock that starts
// where the bot's does, so that the bot's waits and Discord's deadlines run on one time,
// moved by the test (advance).
func timedHarness(t *testing.T) (*harness, *fakediscord.ManualClock) {
	fake := fakediscord.NewManualClock(harnessStart)
	h := newHarness(t, harnessOptions{fake: fakediscord.Options{Clock: fake}})
	// The fake counts a channel's messages per window on its clock, which these tests move
	// only for the bot's own waits, while the poster paces on the wall clock: the excess it
	// sees is not what they test. Every other problem still fails the test. (Cleanups run
	// last first: this one before the harness's check.)
	t.Cleanup(func() {
		for _, p := range h.srv.TakeProblems() {
			if !strings.Contains(p, " messages in ") {
				t.Errorf("fake Discord problem: %s", p)
			}
		}
	})
	return h, fake
}

// advance moves the bot's clock and the fake's together.
func advance(h *harness, fake *fakediscord.ManualClock, d time.Duration) {
	fake.Advance(d)
	h.clock.Advance(d)
}

// armedSignal returns a channel closed at the next timer armed on the clock.
func (c *fakeClock) armedSignal() <-chan struct{} {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.armed
}

// moveUntil advances both clocks by step each time the bot has a timer due within step (a
// wait of its own), until done holds; it fails the test if that never comes. No real time
// is waited: each step follows a timer armed or a change at the fake.
func moveUntil(h *harness, fake *fakediscord.ManualClock, step time.Duration, what string, done func() bool) {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(h.ctx, testTimeout)
	defer cancel()
	for !done() {
		armed, changed := h.clock.armedSignal(), h.srv.Changed()
		if h.clock.dueWithin(step) {
			advance(h, fake, step)
			continue
		}
		if done() {
			return
		}
		select {
		case <-armed:
		case <-changed:
		case <-ctx.Done():
			h.t.Fatalf("waiting for %s: %v", what, ctx.Err())
		}
	}
}

// requestsTo counts the requests on paths holding part, by status, from the since'th
// request the fake served on.
func requestsTo(h *harness, since int, method, part string) map[int]int {
	out := map[int]int{}
	for _, r := range h.srv.Requests()[since:] {
		if r.Method == method && strings.Contains(r.Path, part) {
			out[r.Status]++
		}
	}
	return out
}

// TestAnswerRetriedWithinDeadline: an interaction's answer that gets a 429 whose
// retry_after (0.8 s) still fits its 3 seconds is sent again once that has passed, on the
// bot's clock, and arrives in time; one whose retry_after (5 s) does not is not waited for.
func TestAnswerRetriedWithinDeadline(t *testing.T) {
	t.Parallel()
	h, fake := timedHarness(t)
	ana := h.user("ana")
	tb := h.withComputers(ana, fakediscord.Opt("timer", "off"))
	h.settle()
	tm, _ := h.tableMessage(tb.thread)

	h.srv.InjectRateLimit(fakediscord.RateLimit{Route: routeCallback, RetryAfter: 800 * time.Millisecond})
	hd, err := h.srv.Click(ana, tm.ID, buttonByLabel(t, tm, "My hand"))
	if err != nil {
		t.Fatal(err)
	}
	moveUntil(h, fake, 800*time.Millisecond, "the answer sent again", func() bool { _, ok := hd.Response(); return ok })
	if r, _ := hd.Response(); r.Type != 4 || !r.Ephemeral || r.Latency >= 3*time.Second {
		t.Errorf("answer type %d ephemeral %v after %v, want a private message within 3s", r.Type, r.Ephemeral, r.Latency)
	}
	if got := requestsTo(h, 0, "POST", "/callback"); got[429] != 1 {
		t.Errorf("callbacks by status %v, want one 429", got)
	}

	// 5 seconds do not fit: the bot does not wait, Discord reports the interaction unanswered.
	h.srv.InjectRateLimit(fakediscord.RateLimit{Route: routeCallback, RetryAfter: 5 * time.Second})
	hd, err = h.srv.Click(ana, tm.ID, buttonByLabel(t, tm, "My hand"))
	if err != nil {
		t.Fatal(err)
	}
	if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool { return requestsTo(h, 0, "POST", "/callback")[429] == 2 }); err != nil {
		t.Fatal(err)
	}
	h.settle()
	if h.clock.dueWithin(5 * time.Second) {
		t.Error("the bot waits on a retry_after that cannot fit")
	}
	fake.Advance(3 * time.Second)
	var unanswered, others []string
	for _, p := range h.srv.TakeProblems() {
		switch {
		case strings.Contains(p, "not answered"):
			unanswered = append(unanswered, p)
		case !strings.Contains(p, " messages in "): // pacing: see timedHarness
			others = append(others, p)
		}
	}
	if len(unanswered) != 1 || len(others) > 0 {
		t.Errorf("problems %q and %q, want the interaction reported unanswered, and nothing else", unanswered, others)
	}
}

// TestEditRetried: an edit of an interaction's original answer that gets a 429 is sent
// again after its retry_after (2 s), well within the token's 15 minutes: /pinochle new's
// deferred answer does not stay on "thinking...".
func TestEditRetried(t *testing.T) {
	t.Parallel()
	h, fake := timedHarness(t)
	h.srv.InjectRateLimit(fakediscord.RateLimit{Route: routeEdit, RetryAfter: 2 * time.Second})
	hd, err := h.srv.SlashCommand(h.user("ana"), h.guild, h.channel, "pinochle", fakediscord.Sub("new"))
	if err != nil {
		t.Fatal(err)
	}
	moveUntil(h, fake, 2*time.Second, "the deferred answer filled in", func() bool {
		m, ok := hd.Original()
		// The fake logs a request once it has answered it: wait for the log too.
		return ok && strings.Contains(m.Text(), "<#") && requestsTo(h, 0, "PATCH", "/messages/@original")[200] > 0
	})
	if got := requestsTo(h, 0, "PATCH", "/messages/@original"); got[429] != 1 || got[200] != 1 {
		t.Errorf("edits by status %v, want one 429 then one 200", got)
	}
}

// TestGlobalLimitHonoured: after a global 429, the post waits out retry_after and goes
// out; meanwhile the interaction's answer, which the global limit does not cover, is not
// held back.
func TestGlobalLimitHonoured(t *testing.T) {
	t.Parallel()
	h, fake := timedHarness(t)
	ana := h.user("ana")
	tb := h.withComputers(ana, fakediscord.Opt("timer", "off"))
	h.settle()
	since := len(h.srv.Requests())
	h.srv.InjectRateLimit(fakediscord.RateLimit{Global: true, RetryAfter: time.Second})
	r, _ := h.slash(ana, tb.thread, "pinochle", "status") // answered while the post waits
	h.private(ana, r, "table again")
	moveUntil(h, fake, time.Second, "the table posted again", func() bool {
		return requestsTo(h, since, "POST", "/channels/"+tb.thread+"/messages")[200] > 0
	})
	h.settle()
	if got := requestsTo(h, since, "POST", "/channels/"+tb.thread+"/messages"); got[429] != 1 || got[200] != 1 {
		t.Errorf("posts by status %v, want one 429 then one 200", got)
	}
}

// TestPostRetriedOnce: a post that fails with a 500 after Discord made the message is sent
// again with the same nonce, and Discord makes no second copy: one live table.
func TestPostRetriedOnce(t *testing.T) {
	t.Parallel()
	h, fake := timedHarness(t)
	ana := h.user("ana")
	tb := h.withComputers(ana, fakediscord.Opt("timer", "off"))
	h.settle()
	since := len(h.srv.Requests())
	h.srv.InjectFault(fakediscord.Fault{Route: routePost, Applied: true})
	h.slash(ana, tb.thread, "pinochle", "status")
	moveUntil(h, fake, time.Second, "the post sent again", func() bool {
		got := requestsTo(h, since, "POST", "/channels/"+tb.thread+"/messages")
		return got[500] == 1 && got[200] > 0
	})
	h.settle()
	if got := requestsTo(h, since, "POST", "/channels/"+tb.thread+"/messages"); got[500] != 1 || got[200] != 1 {
		t.Errorf("posts by status %v, want one 500 then one 200", got)
	}
	live := 0
	for _, m := range h.srv.Messages(tb.thread) {
		for _, c := range m.Controls() {
			if c.Label == "My hand" {
				live++
			}
		}
	}
	if live != 1 {
		t.Errorf("%d live tables in the thread, want 1", live)
	}
}

// TestTableRepostedAfterFailures: a table message Discord fails to make, again and again
// (five 502s, more than one request's retries), is posted again a while later: the table
// can be played.
func TestTableRepostedAfterFailures(t *testing.T) {
	t.Parallel()
	h, fake := timedHarness(t)
	ana := h.user("ana")
	tb := h.newTable(ana, fakediscord.Opt("timer", "off"))
	h.settle()
	lobby := h.message(tb.lobbyID)
	h.srv.InjectFault(fakediscord.Fault{Route: routePost, Status: 502, Count: 5})
	h.click(ana, lobby.ID, buttonByLabel(t, lobby, "Start"))
	moveUntil(h, fake, 5*time.Second, "the table message", func() bool { _, ok := h.tableMessage(tb.thread); return ok })
	h.settle()
	if !strings.Contains(h.logs.String(), "the table message could not be posted: trying again") {
		t.Error("the log does not say the table message is posted again")
	}
}

// dueWithin reports whether a timer falls due within d.
func (c *fakeClock) dueWithin(d time.Duration) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, t := range c.pending {
		if !t.stopped && !t.at.After(c.now.Add(d)) {
			return true
		}
	}
	return false
}
