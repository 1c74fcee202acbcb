package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/fakediscord"
)

// hostileName is a display name that is Markdown: unescaped, it makes every line that
// starts with it a heading with a masked link.
const hostileName = "# Alice [claim](https://evil.example/x)"

// hostileSeason is a season's name that is Markdown.
const hostileSeason = "-# Spring ||[win](https://evil.example/y)||"

// TestHostileNamesReachDiscordEscaped: a player whose name is Markdown plays a counted game
// in a league season whose name is Markdown too. The lobby, the table, the thread's
// narration, the standings, the history and the season's end show both names escaped
// (reading as written), never raw, and every message that shows them still allows no
// mention.
func TestHostileNamesReachDiscordEscaped(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	alice, mgr := h.user(hostileName), h.manager("mia")
	name, season := present.Escape(hostileName), present.Escape(hostileSeason)

	r, _ := h.slash(mgr, h.channel, "pinochle", "settings", fakediscord.Opt("computer_games", true))
	if !r.Ephemeral {
		t.Errorf("the settings are shown publicly")
	}
	r, _ = h.slash(mgr, h.channel, "league", "start", fakediscord.Opt("name", hostileSeason))
	if r.Ephemeral || !strings.Contains(r.Text(), "**"+season+"**") || strings.Contains(r.Text(), hostileSeason) {
		t.Fatalf("/league start answered %q (ephemeral %v), want the season's name escaped: %q", r.Text(), r.Ephemeral, season)
	}

	tb := h.withComputers(alice, fakediscord.Opt("hands", 1))
	lobby := h.message(tb.lobbyID)
	if text := messageText(lobby); !strings.Contains(text, name) || strings.Contains(text, hostileName) {
		t.Errorf("the lobby does not name %q escaped: %q", hostileName, text)
	}
	h.play(tb.thread, []fakediscord.User{alice}, 2000)
	h.waitThread(tb.thread, "Ratings:")
	shown := 0
	for _, m := range append(h.srv.Messages(tb.thread), lobby) {
		// What Discord renders as Markdown: the pictures' alt text is shown as it is, and
		// holds the name as typed.
		text := m.Markdown()
		if strings.Contains(text, hostileName) {
			t.Errorf("message %s shows the name raw: %q", m.ID, text)
		}
		if !strings.Contains(text, name) {
			continue
		}
		shown++
		if am := m.AllowedMentions; am == nil || len(am.Parse) > 0 || len(am.Roles) > 0 {
			t.Errorf("message %s names the player and allows mentions %+v", m.ID, am)
		}
	}
	if shown < 3 {
		t.Errorf("only %d messages name the player escaped; thread:\n%s", shown, tail(h.threadText(tb.thread), 2000))
	}
	if !strings.Contains(h.threadText(tb.thread), "Ratings: "+name) {
		t.Errorf("the ratings do not name the player escaped:\n%s", tail(h.threadText(tb.thread), 2000))
	}

	r, _ = h.slash(mgr, h.channel, "league", "standings")
	if text := embedText(r); !strings.Contains(text, season) || !strings.Contains(text, "**"+name+"**") ||
		strings.Contains(text, hostileName) || strings.Contains(text, hostileSeason) {
		t.Errorf("/league standings: %q, want %q and %q", text, season, name)
	}
	r, _ = h.slash(alice, h.channel, "pinochle", "stats")
	if text := embedText(r); !strings.Contains(text, "Record of "+name) || !strings.Contains(text, season) {
		t.Errorf("/pinochle stats: %q", text)
	}
	r, _ = h.slash(mgr, h.channel, "league", "history")
	if text := embedText(r); !strings.Contains(text, "**"+season+"**") || !strings.Contains(text, "leader "+name) {
		t.Errorf("/league history: %q", text)
	}
	h.clock.Advance(24 * time.Hour) // a season ends after it starts
	r, _ = h.slash(mgr, h.channel, "league", "end")
	h.private(mgr, r, season)
	var end fakediscord.Message
	if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool {
		for _, m := range h.srv.Messages(h.channel) {
			if strings.Contains(m.Text(), "is over") {
				end = m
				return true
			}
		}
		return false
	}); err != nil {
		t.Fatalf("no end of the season posted: %v", err)
	}
	if text := messageText(end); !strings.Contains(text, "Season **"+season+"** is over") ||
		!strings.Contains(text, "Final standings · "+season) || strings.Contains(text, hostileSeason) {
		t.Errorf("the season's end reads %q", text)
	}
}

// TestSeasonNameCountsCharacters: a season's name is limited to 100 characters, as the
// command's option is, whatever their size in bytes.
func TestSeasonNameCountsCharacters(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	mgr := h.manager("mia")
	for _, tc := range []struct {
		name string
		ok   bool
	}{
		{strings.Repeat("é", 101), false},
		{"Overall", false},
		{strings.Repeat("é", 100), true}, // 200 bytes
	} {
		r, _ := h.slash(mgr, h.channel, "league", "start", fakediscord.Opt("name", tc.name))
		if started := !r.Ephemeral && strings.Contains(r.Text(), "has started"); started != tc.ok {
			t.Errorf("/league start name: %d characters (%d bytes) answered %q (ephemeral %v), want started %v",
				len([]rune(tc.name)), len(tc.name), r.Text(), r.Ephemeral, tc.ok)
		}
	}
}
