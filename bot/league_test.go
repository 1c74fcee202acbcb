package bot_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer/computertest"
	"github.com/pinochle-discord/pinochle/fakediscord"
	"github.com/pinochle-discord/pinochle/table"
)

// manager returns a user with Manage Server.
func (h *harness) manager(name string) fakediscord.User {
	u := h.user(name)
	u.Permissions = fakediscord.PermManageGuild | fakediscord.DefaultPermissions
	h.users[name] = u
	return u
}

// embedText is the text of a response's embeds.
func embedText(r fakediscord.Response) string {
	var b strings.Builder
	b.WriteString(r.Content)
	for _, e := range r.Embeds {
		b.WriteString("\n" + e.Title + "\n" + e.Description)
		for _, f := range e.Fields {
			b.WriteString("\n" + f.Name + ": " + f.Value)
		}
	}
	return b.String()
}

// TestLeagueSeason: a season started by a manager (and refused to others), two counted
// games, standings and leaderboard with the leader marked, the season's end posted with its
// champion where it started, and the history.
func TestLeagueSeason(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana, bob, mgr := h.user("ana"), h.user("bob"), h.manager("mia")

	r, _ := h.slash(ana, h.channel, "league", "start", fakediscord.Opt("name", "Autumn"))
	h.private(ana, r, "Manage Server")
	r, _ = h.slash(mgr, h.channel, "league", "start", fakediscord.Opt("name", "Autumn"))
	if r.Ephemeral || !strings.Contains(r.Text(), "Autumn") {
		t.Fatalf("/league start answered %q (ephemeral %v)", r.Text(), r.Ephemeral)
	}
	r, _ = h.slash(ana, h.channel, "pinochle", "settings", fakediscord.Opt("computer_games", true))
	h.private(ana, r, "Manage Server")
	r, _ = h.slash(mgr, h.channel, "pinochle", "settings", fakediscord.Opt("computer_games", true))
	if !r.Ephemeral {
		t.Errorf("the settings are shown publicly")
	}

	var games []int64
	for range 2 {
		tb := h.newTable(ana, fakediscord.Opt("hands", 1))
		lobby := h.message(tb.lobbyID)
		h.click(bob, lobby.ID, buttonByLabel(t, lobby, "Join"))
		h.click(ana, lobby.ID, buttonByLabel(t, lobby, "Start"))
		games = append(games, h.tableGame(tb))
		h.play(tb.thread, []fakediscord.User{ana, bob}, 2000)
		h.waitThread(tb.thread, "Game over")
	}
	for _, g := range games {
		res, err := h.store.GameResult(h.ctx, g)
		if err != nil || !res.Counted || res.SeasonID == 0 {
			t.Fatalf("game %d: result %+v (%v), want counted for the season", g, res, err)
		}
	}

	for _, cmd := range [][2]string{{"league", "standings"}, {"pinochle", "leaderboard"}} {
		r, _ := h.slash(bob, h.channel, cmd[0], cmd[1])
		text := embedText(r)
		if !strings.Contains(text, "ana") || !strings.Contains(text, "bob") || !strings.Contains(text, "🏆") {
			t.Errorf("/%s %s does not show both players and the leader: %q", cmd[0], cmd[1], text)
		}
	}
	// During a season, the leaderboard shows the season's standings and the overall one.
	r, _ = h.slash(bob, h.channel, "pinochle", "leaderboard")
	if len(r.Embeds) != 2 || !strings.Contains(r.Embeds[0].Title, "Autumn") || !strings.Contains(r.Embeds[1].Title, "overall") {
		var titles []string
		for _, e := range r.Embeds {
			titles = append(titles, e.Title)
		}
		t.Errorf("/pinochle leaderboard during a season shows %q, want the season's standings then overall", titles)
	}
	r, _ = h.slash(ana, h.channel, "pinochle", "stats")
	h.private(ana, r, "2 games")

	other, err := h.srv.AddChannel(h.guild, "elsewhere")
	if err != nil {
		t.Fatal(err)
	}
	h.clock.Advance(7 * 24 * time.Hour) // a week of league
	r, _ = h.slash(ana, other.ID, "league", "end")
	h.private(ana, r, "Manage Server")
	r, _ = h.slash(mgr, other.ID, "league", "end")
	h.private(mgr, r, "<#"+h.channel+">")
	if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool {
		for _, m := range h.srv.Messages(h.channel) {
			if strings.Contains(m.Text(), "Season **Autumn** is over") && strings.Contains(m.Text(), "Champion") {
				return true
			}
		}
		return false
	}); err != nil {
		t.Errorf("no final standings with the champion in the season's channel: %v", err)
	}
	r, _ = h.slash(bob, h.channel, "league", "history")
	if text := embedText(r); !strings.Contains(text, "Autumn") || !strings.Contains(text, "ended") {
		t.Errorf("/league history: %q", text)
	}
}

// TestCommands: /pinochle games, rules, status, hand, abandon and leave.
func TestCommands(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana, bob, cid, mgr := h.user("ana"), h.user("bob"), h.user("cid"), h.manager("mia")

	lobbyTable := h.newTable(ana)
	lobbyGame := gameOf(t, buttonByLabel(t, h.message(lobbyTable.lobbyID), "Join"))
	played := h.withComputers(ana)
	playedGame := h.tableGame(played)
	h.myHand(ana, played.thread) // once the computer players have moved
	r, _ := h.slash(ana, h.channel, "pinochle", "games")
	h.private(ana, r, "Your tables")
	lines := strings.Split(r.Text(), "\n")
	if len(lines) != 3 || !strings.Contains(lines[1], "**you**") || !strings.Contains(lines[2], "lobby") {
		t.Errorf("/pinochle games does not list ana's turn first: %q", r.Text())
	}

	r, _ = h.slash(bob, h.channel, "pinochle", "rules", fakediscord.Opt("preset", "double-deck"))
	h.private(bob, r, "double")

	r, _ = h.slash(ana, played.thread, "pinochle", "hand")
	h.private(ana, r, "Your hand")
	r, _ = h.slash(bob, played.thread, "pinochle", "hand")
	h.private(bob, r, "not seated")

	before := len(h.srv.Messages(played.thread))
	r, _ = h.slash(bob, played.thread, "pinochle", "status")
	h.private(bob, r, "table again")
	if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool { return len(h.srv.Messages(played.thread)) > before }); err != nil {
		t.Errorf("/pinochle status posted no table: %v", err)
	}

	// Abandon: not by someone else, by the host, and by a manager.
	r, _ = h.slash(bob, played.thread, "pinochle", "abandon")
	h.private(bob, r, "Only the table's host")
	r, _ = h.slash(ana, played.thread, "pinochle", "abandon")
	h.private(ana, r, "closed")
	if g, _ := h.store.GetGame(h.ctx, playedGame); g.Status != table.StatusAbandoned {
		t.Errorf("the host's abandon left status %s", g.Status)
	}
	r, _ = h.slash(mgr, lobbyTable.thread, "pinochle", "abandon")
	h.private(mgr, r, "closed")
	if g, _ := h.store.GetGame(h.ctx, lobbyGame); g.Status != table.StatusAbandoned {
		t.Errorf("the manager's abandon left status %s", g.Status)
	}

	// Leave: a lobby seat, then a seat in a game (handed to a computer player).
	tb := h.newTable(bob)
	lobby := h.message(tb.lobbyID)
	h.click(cid, lobby.ID, buttonByLabel(t, lobby, "Join"))
	r, _ = h.slash(cid, tb.thread, "pinochle", "leave")
	h.private(cid, r, "You left the table")
	game := gameOf(t, buttonByLabel(t, lobby, "Join"))
	if g, _ := h.store.GetGame(h.ctx, game); !g.Seats[1].IsOpen() {
		t.Errorf("cid's seat is not open after leaving: %+v", g.Seats)
	}
	h.click(bob, lobby.ID, buttonByLabel(t, lobby, "Start"))
	r, _ = h.slash(bob, tb.thread, "pinochle", "leave")
	h.private(bob, r, "computer player plays your seat")
	h.waitThread(tb.thread, "bob left the game")
}

// TestLobbyLimit: one person hosts at most three open lobbies in a server; the fourth is
// refused privately, and starting one makes room again. The lobby shows the table's options.
func TestLobbyLimit(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana := h.user("ana")
	var first testTable
	for k := range 3 {
		tb := h.newTable(ana, fakediscord.Opt("preset", "racehorse"), fakediscord.Opt("pass", 4))
		if k == 0 {
			first = tb
		}
	}
	lobby := h.message(first.lobbyID)
	if !strings.Contains(lobby.Text(), "pass=4") {
		t.Errorf("the lobby does not show the table's options: %q", lobby.Text())
	}
	r, _ := h.slash(ana, h.channel, "pinochle", "new")
	h.private(ana, r, "3 open lobbies")
	h.click(ana, lobby.ID, buttonByLabel(t, lobby, "Start"))
	h.newTable(ana)
}

// seedFinishedGames records n finished all-human games in the guild, played out by random
// computer choices, with four new players each.
func (h *harness) seedFinishedGames(n int) {
	h.t.Helper()
	h.seedGames(n, "2", func(k, s int) table.Seat {
		return table.Seat{UserID: fmt.Sprintf("9%03d%d", k, s), Name: fmt.Sprintf("seeded-%d-%d", k, s)}
	})
}

// seedGames records n finished racehorse games of the given number of hands, played by
// random players, with seat s of game k taken by seat(k, s). The clock moves a minute
// before each.
func (h *harness) seedGames(n int, hands string, seat func(k, s int) table.Seat) {
	h.t.Helper()
	h.seedPresetGames("racehorse", n, hands, seat)
}

// seedPresetGames is seedGames with games of a preset.
func (h *harness) seedPresetGames(preset string, n int, hands string, seat func(k, s int) table.Seat) {
	h.t.Helper()
	rules, err := engine.NewRules(preset, map[string]string{"hands": hands})
	if err != nil {
		h.t.Fatal(err)
	}
	for k := range n {
		h.clock.Advance(time.Minute)
		now := h.clock.Now()
		meta := table.Game{GuildID: h.guild, ChannelID: h.channel, HostID: "seed", Preset: preset,
			Options: map[string]string{"hands": hands}, Seed: uint64(k + 1), Seats: make([]table.Seat, rules.Players),
			Status: table.StatusPlaying, CreatedAt: now, LastActivity: now}
		for s := range meta.Seats {
			meta.Seats[s] = seat(k, s)
		}
		id, err := h.store.CreateGame(h.ctx, meta)
		if err != nil {
			h.t.Fatal(err)
		}
		g, err := engine.NewGame(rules, meta.Seed)
		if err != nil {
			h.t.Fatal(err)
		}
		h.playStored(id, g, computertest.New(h.t, "random", uint64(k)), now)
	}
}

// TestLeaderboardPages: a ranking longer than a page gets a Next button, which turns the
// page in place, and the last page a Previous one.
func TestLeaderboardPages(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	h.seedFinishedGames(5) // 20 players
	bob := h.user("bob")
	r, _ := h.slash(bob, h.channel, "pinochle", "leaderboard", fakediscord.Opt("season", "overall"))
	if r.Ephemeral || len(r.Embeds) != 1 || strings.Count(r.Embeds[0].Description, "\n") != 15 {
		t.Fatalf("first page: ephemeral %v, %d embeds, %q", r.Ephemeral, len(r.Embeds), embedText(r))
	}
	ctrls := flatten(r.Components)
	if len(ctrls) != 1 || !strings.Contains(ctrls[0].Label, "Next") {
		t.Fatalf("first page controls %v, want Next only", labels(ctrls))
	}
	next := h.click(bob, r.MessageID, ctrls[0].CustomID)
	if next.Type != 7 || !strings.Contains(next.Embeds[0].Description, "16.") || strings.Count(next.Embeds[0].Description, "\n") != 5 {
		t.Fatalf("second page: type %d, %q", next.Type, embedText(next))
	}
	if ctrls := flatten(next.Components); len(ctrls) != 1 || !strings.Contains(ctrls[0].Label, "Previous") {
		t.Fatalf("last page controls %v, want Previous only", labels(ctrls))
	}
}
