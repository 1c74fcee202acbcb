package bot_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/fakediscord"
)

// turnMentions counts the turn mentions of a user in a thread: the lines "<@id>, …, your
// turn: press My hand" that name them (a timer's reminders are not counted).
func (h *harness) turnMentions(thread, userID string) int {
	n := 0
	for _, line := range strings.Split(h.threadText(thread), "\n") {
		if strings.Contains(line, "your turn: press") && strings.Contains(line, "<@"+userID+">") {
			n++
		}
	}
	return n
}

// expectMentions waits until the user has been mentioned want times in the thread, then
// checks, once the bot's messages have gone out, that it was not more.
func (h *harness) expectMentions(thread string, user string, want int, when string) {
	h.t.Helper()
	if want > 0 {
		_ = h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool { return h.turnMentions(thread, user) >= want })
	}
	h.settle()
	if got := h.turnMentions(thread, user); got != want {
		h.t.Errorf("%s: mentioned %d times, want %d\n%s", when, got, want, tail(h.threadText(thread), 1500))
	}
}

// quietStep is one step of a turn-mention scenario on the injected clock: the clock moves
// on by advance, then the player makes a move if act is set (and the test waits for their
// next turn), and the player has then been mentioned want times in all.
type quietStep struct {
	advance time.Duration
	act     bool
	want    int
}

// TestQuietTurnsTable: the turn mentions of one player at a table of computer players,
// step by step on the bot's clock, for each policy. The player's last click before the
// first step is Start, at the time the first turn begins.
func TestQuietTurnsTable(t *testing.T) {
	t.Parallel()
	act := func(d time.Duration, want int) quietStep { return quietStep{advance: d, act: true, want: want} }
	wait := func(d time.Duration, want int) quietStep { return quietStep{advance: d, want: want} }
	cases := []struct {
		name  string
		opts  []fakediscord.Option
		steps []quietStep
	}{
		{"quick player is never mentioned", nil,
			[]quietStep{act(20*time.Second, 0), act(40*time.Second, 0), act(20*time.Second, 0), act(44*time.Second, 0), act(20*time.Second, 0), wait(20*time.Second, 0)}},
		{"slow player once, a minute after their last click", nil,
			[]quietStep{wait(50*time.Second, 0), wait(11*time.Second, 1), wait(3*time.Minute, 1)}},
		{"slow player at a long-timer table, postponed past a recent click", []fakediscord.Option{fakediscord.Opt("timer", "1d")},
			[]quietStep{wait(0, 0), wait(59*time.Second, 0), wait(2*time.Second, 1), wait(time.Hour, 1),
				// The next turn begins right after the player's own move: not at once either.
				act(0, 1), wait(59*time.Second, 1), wait(2*time.Second, 2), wait(2*time.Hour, 2)}},
		{"always: at once, every turn, once", []fakediscord.Option{fakediscord.Opt("ping", "always")},
			[]quietStep{wait(0, 1), wait(3*time.Minute, 1), act(0, 2), wait(3*time.Minute, 2)}},
		{"never", []fakediscord.Option{fakediscord.Opt("ping", "never"), fakediscord.Opt("timer", "1d")},
			[]quietStep{wait(time.Hour, 0), act(0, 0), wait(2*time.Hour, 0)}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOptions{})
			ana := h.user("ana")
			// A forced card would be played for her after two seconds: off, so that each of
			// her turns waits for her.
			tb := h.withComputers(ana, append([]fakediscord.Option{fakediscord.Opt("autoplay", false)}, tc.opts...)...)
			game := h.tableGame(tb)
			h.waitHumanTurn(game)
			for k, st := range tc.steps {
				h.clock.Advance(st.advance)
				if st.act {
					view, _ := h.myHand(ana, tb.thread)
					if len(actionControls(view.Components)) == 0 {
						t.Fatalf("step %d: ana has no move: %q", k+1, view.Content)
					}
					h.actOnce(ana, view)
					h.waitHumanTurn(game)
				}
				h.expectMentions(tb.thread, ana.ID, st.want, fmt.Sprintf("step %d (+%v, act %v)", k+1, st.advance, st.act))
			}
		})
	}
}

// TestQuietTurnsSixHandedSlowPasser: in six-handed, the bidding team's three players pass
// at the same time. Each is mentioned once for the pass: a teammate's pass does not begin
// a new turn for the others, so the slowest passer is not mentioned again.
func TestQuietTurnsSixHandedSlowPasser(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	tb, users, passers := sixHandedAtPass(t, h)
	before := map[string]int{}
	for _, u := range users {
		before[u.ID] = h.turnMentions(tb.thread, u.ID)
	}
	check := func(when string, want ...int) {
		t.Helper()
		for k, p := range passers {
			h.expectMentions(tb.thread, p.user.ID, before[p.user.ID]+want[k], fmt.Sprintf("%s, passer %d", when, k+1))
		}
	}
	// pass passes the cards of passer k from the private message it opened, as it stands
	// now: the bot keeps open messages up to date, and opening it again would be a click.
	pass := func(k int) {
		m := h.message(passers[k].view.MessageID)
		h.actOnce(passers[k].user, fakediscord.Response{MessageID: m.ID, Components: m.Components})
	}
	check("as the pass begins", 0, 0, 0)
	h.clock.Advance(61 * time.Second)
	check("a minute later", 1, 1, 1)
	pass(0)
	h.clock.Advance(61 * time.Second)
	check("a minute after the first pass", 1, 1, 1)
	pass(1)
	h.clock.Advance(2 * time.Minute)
	check("two minutes after the second pass", 1, 1, 1)
	pass(2)
	h.waitThread(tb.thread, "**Meld**")
}
