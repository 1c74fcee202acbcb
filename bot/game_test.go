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
			h := newHarness(t, harnessOptions{pictures: true})
			ana, bob := h.user("ana"), h.user("bob")
			// One hand: the games of more hands than one are played in the tests of Play
			// again, of the channel's budget and of tables kept over days.
			tb := h.newTable(ana, fakediscord.Opt("preset", preset), fakediscord.Opt("hands", 1))
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
				return ok && strings.Contains(m.Text(), "Finished: ")
			}); err != nil {
				t.Errorf("the lobby message never showed the result: %v", err)
			}
			t.Logf("%s: %d human actions", preset, n)
		})
	}
}

// TestFullGamesInWords: a server that shows cards as text alone (/pinochle settings cards:
// text) plays every preset to its end with no picture anywhere: the table, the lobby and
// the private views carry their words, and no message uploads a file.
func TestFullGamesInWords(t *testing.T) {
	for _, preset := range engine.PresetNames() {
		t.Run(preset, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOptions{pictures: true})
			mgr := h.manager("mia")
			if r, _ := h.slash(mgr, h.channel, "pinochle", "settings", fakediscord.Opt("cards", "text")); !strings.Contains(r.Text(), "cards in words") {
				t.Fatalf("settings cards:text answered %q", r.Text())
			}
			ana := h.user("ana")
			tb := h.withComputers(ana, fakediscord.Opt("preset", preset), fakediscord.Opt("hands", 1), fakediscord.Opt("timer", "off"))
			h.play(tb.thread, []fakediscord.User{ana}, 20000)
			h.waitThread(tb.thread, "Game over")
			h.settle()
			for _, m := range h.srv.Messages(tb.thread) {
				if len(m.Files) > 0 || len(m.Attachments) > 0 {
					t.Errorf("message %s has files: %v", m.ID, m.Attachments)
				}
			}
			for _, r := range h.srv.Responses() {
				if len(r.Files) > 0 {
					t.Errorf("an answer uploaded files: %q", r.Text())
				}
			}
			if tm, ok := h.tableMessage(tb.thread); !ok || !strings.Contains(tm.Text(), "Game over") && !strings.Contains(tm.Text(), "Finished") && !strings.Contains(tm.Text(), "wins") {
				t.Errorf("the table message does not tell the game's end in words: %q", tm.Text())
			}
		})
	}
}
