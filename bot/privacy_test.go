package bot_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pinochle-discord/pinochle/fakediscord"
)

// handBlock finds the cards of a private view: "**Your hand**, NAME (TEAM), hand N:" and
// one line per suit.
var handBlock = regexp.MustCompile(`\*\*Your hand\*\*, ([^(]+) \([^)]*\), hand (\d+):\n((?:[♠♥♦♣] [^\n]*\n?)+)`)

// handOwner finds whose hand a private view shows.
var handOwner = regexp.MustCompile(`\*\*Your hand\*\*, ([^(]+) \(`)

// TestPrivacy plays a whole game and checks that hands stay private: every message that
// shows a hand is ephemeral and answered its seat's own user; no public message (channel,
// thread, direct message) shows a hand as it was dealt; the log holds neither the token nor
// a hand.
func TestPrivacy(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana, bob := h.user("ana"), h.user("bob")
	h.slash(ana, h.channel, "pinochle", "notify", fakediscord.Opt("dm", true))
	h.slash(bob, h.channel, "pinochle", "notify", fakediscord.Opt("dm", true))
	tb := h.newTable(ana, fakediscord.Opt("hands", 2))
	lobby := h.message(tb.lobbyID)
	h.click(bob, lobby.ID, buttonByLabel(t, lobby, "Join"))
	h.click(ana, lobby.ID, buttonByLabel(t, lobby, "Start"))
	humans := []fakediscord.User{ana, bob}

	dealt := map[string]string{} // "user hand" → the hand as first shown
	over := false
	for step := 0; step < 2000 && !over; step++ {
		moved := false
		// A computer player's move may end the game between two looks: the table then
		// has no My hand to press.
		if tm := h.waitTable(tb.thread); !slices.ContainsFunc(tm.Controls(), func(c fakediscord.Component) bool { return c.Label == "My hand" }) {
			over = gameOver(tm.Text())
			if !over {
				t.Fatalf("the table has no My hand and does not say the game is over:\n%s", tm.Text())
			}
			break
		}
		for _, u := range humans {
			view, _ := h.myHand(u, tb.thread)
			if m := handBlock.FindStringSubmatch(view.Text()); m != nil {
				key := u.Username + " " + m[2]
				if _, ok := dealt[key]; !ok {
					dealt[key] = strings.TrimSpace(m[3])
				}
			}
			if gameOver(view.Text()) {
				over = true
				break
			}
			if len(actionControls(view.Components)) > 0 {
				// The move may end the game (its last cards forced and played at once),
				// after which the table has no My hand to press.
				over = gameOver(h.actOnce(u, view).Text())
				moved = true
				break
			}
		}
		if !moved && !over {
			v1, _ := h.myHand(ana, tb.thread)
			v2, _ := h.myHand(bob, tb.thread)
			t.Fatalf("nobody can move and the game is not over:\n%s\n%s", v1.Text(), v2.Text())
		}
	}
	if !over {
		t.Fatal("the game did not end")
	}
	h.waitThread(tb.thread, "Game over")
	h.settle()
	if len(dealt) < 4 {
		t.Fatalf("saw %d dealt hands, want at least 4: %v", len(dealt), dealt)
	}

	byName := map[string]fakediscord.User{"ana": ana, "bob": bob}
	var public []fakediscord.Message
	var channels = []string{h.channel, tb.thread}
	for _, u := range humans {
		if c, ok := h.srv.DMChannel(u.ID); ok {
			channels = append(channels, c.ID)
		}
	}
	dms := 0
	for _, c := range channels {
		for _, m := range h.srv.Messages(c) {
			text := messageText(m)
			if strings.Contains(text, "Your hand") {
				hm := handOwner.FindStringSubmatch(text)
				if hm == nil {
					t.Errorf("message %s says Your hand without whose: %q", m.ID, tail(text, 300))
					continue
				}
				if !m.Ephemeral() {
					t.Errorf("message %s in %s shows a hand and is public: %q", m.ID, c, tail(text, 300))
				}
				owner, ok := byName[strings.TrimSpace(hm[1])]
				if m.InteractionMetadata == nil || !ok || m.InteractionMetadata.User.ID != owner.ID {
					t.Errorf("message %s shows %s's hand to someone else", m.ID, hm[1])
				}
				continue
			}
			if !m.Ephemeral() {
				public = append(public, m)
			}
		}
	}
	for _, u := range humans {
		dms += len(h.srv.DMs(u.ID))
		public = append(public, h.srv.DMs(u.ID)...)
	}
	if dms == 0 {
		t.Errorf("no turn DM was sent, so DMs were not checked")
	}
	for _, m := range public {
		text := messageText(m)
		for key, hand := range dealt {
			if strings.Contains(text, hand) {
				t.Errorf("public message %s shows %s's hand %q", m.ID, key, hand)
			}
		}
		if strings.Contains(text, h.srv.Token()) {
			t.Errorf("public message %s shows the bot token", m.ID)
		}
	}
	logs := h.logs.String()
	if logs == "" {
		t.Fatal("the bot logged nothing")
	}
	if strings.Contains(logs, h.srv.Token()) {
		t.Errorf("the log shows the bot token")
	}
	if strings.Contains(logs, "itok-") {
		t.Errorf("the log shows an interaction token")
	}
	for key, hand := range dealt {
		if strings.Contains(logs, hand) {
			t.Errorf("the log shows %s's hand", key)
		}
		for _, line := range strings.Split(hand, "\n") {
			if strings.Count(line, " ") >= 3 && strings.Contains(logs, line) {
				t.Errorf("the log shows a line of %s's hand: %q", key, line)
			}
		}
	}
	t.Logf("%d dealt hands checked against %d public messages and %d bytes of log", len(dealt), len(public), len(logs))
}

// messageText is everything a message shows in text.
func messageText(m fakediscord.Message) string {
	var b strings.Builder
	b.WriteString(m.Text()) // content, embeds, text displays and the pictures' alt text
	for _, c := range flatten(m.Components) {
		b.WriteString("\n" + c.Label)
		for _, o := range c.Options {
			b.WriteString(" " + o.Label)
		}
	}
	return b.String()
}

// gameOver reports whether a private view says the game is over.
func gameOver(content string) bool {
	return strings.Contains(content, "🏆") || strings.Contains(content, "drawn") || strings.Contains(content, "not running")
}
