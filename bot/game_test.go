package bot_test

import (
	"strings"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/fakediscord"
)

// TestFullGames plays every preset from /pinochle new to the final result, with people and
// computer players, and checks what was public and what was private. The games are of two
// hands, three-handed's of one (its 15 tricks a hand take the longest, and its own tests
// play it over days): whole games of full length are played on the runtime (package
// table), and here the wiring is what is tested.
func TestFullGames(t *testing.T) {
	for _, preset := range engine.PresetNames() {
		t.Run(preset, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOptions{})
			ana, bob := h.user("ana"), h.user("bob")
			hands := 2
			if preset == "three-handed" {
				hands = 1
			}
			tb := h.newTable(ana, fakediscord.Opt("preset", preset), fakediscord.Opt("hands", hands))
			lobby := h.message(tb.lobbyID)
			r := h.click(bob, lobby.ID, buttonByLabel(t, lobby, "Join"))
			wants := []string{"Meld", "Trick:", "result", "wins the auction"}
			if preset == "two-handed" {
				// bob takes the last of two seats, and the game starts: no auction, meld is
				// laid trick by trick.
				wants = []string{"Trick:", "result", "The stock is drawn"}
			} else {
				r = h.click(ana, lobby.ID, buttonByLabel(t, lobby, "Start"))
			}
			if r.Type != 7 {
				t.Fatalf("the last click in the lobby answered type %d, want 7", r.Type)
			}
			n := h.play(tb.thread, []fakediscord.User{ana, bob}, 20000)
			h.waitThread(tb.thread, "Game over")
			text := h.threadText(tb.thread)
			for _, want := range wants {
				if !strings.Contains(text, want) {
					t.Errorf("the thread never showed %q", want)
				}
			}
			// The lobby in the channel ends with the result.
			if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool {
				m, ok := h.srv.Message(tb.lobbyID)
				return ok && len(m.Embeds) > 0 && strings.HasPrefix(m.Embeds[0].Description, "Finished: ")
			}); err != nil {
				t.Errorf("the lobby message never showed the result: %v", err)
			}
			t.Logf("%s: %d human actions", preset, n)
		})
	}
}
