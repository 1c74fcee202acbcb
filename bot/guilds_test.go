package bot_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/pinochle-discord/pinochle/fakediscord"
)

// Every interaction is checked against the server it comes from: a table is played from
// its own server only, a server's settings name its own channels only, and nothing is done
// for a server the bot is not in.

// botRequest sends a REST request to the fake as the bot, as a modified bot or a script with
// its token could, and decodes the answer into out (when not nil).
func (h *harness) botRequest(method, path string, body, out any) {
	h.t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		h.t.Fatal(err)
	}
	req, err := http.NewRequestWithContext(h.ctx, method, h.srv.URL()+"/api/v9"+path, bytes.NewReader(b))
	if err != nil {
		h.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bot "+h.srv.Token())
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		h.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode/100 != 2 {
		h.t.Fatalf("%s %s: status %d: %s", method, path, resp.StatusCode, raw)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			h.t.Fatalf("%s %s: %v", method, path, err)
		}
	}
}

// forgedButtons is the components of a message that shows buttons of those custom IDs.
func forgedButtons(customIDs ...string) []map[string]any {
	var row []map[string]any
	for _, id := range customIDs {
		row = append(row, map[string]any{"type": 2, "style": 2, "label": "forged", "custom_id": id})
	}
	return []map[string]any{{"type": 1, "components": row}}
}

// TestGuildChecks runs the checks of the servers on one bot, one after the other (the
// harness's checks stop the test itself, so they are not subtests).
func TestGuildChecks(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	testClickFromAnotherGuild(t, h)
	testSettingsChannelOfAnotherGuild(t, h)
	testNotInGuild(t, h)
	testTablesOnlyInTheirChannels(t, h)
}

// testTablesOnlyInTheirChannels: once a server names its channels for tables, /pinochle
// new and /table play elsewhere are refused privately, naming the channel to use, and open
// nothing; in the channel named both still open a table.
func testTablesOnlyInTheirChannels(t *testing.T, h *harness) {
	mia := h.manager("mia")
	tables, err := h.srv.AddChannel(h.guild, "pinochle-tables")
	if err != nil {
		t.Fatal(err)
	}
	r, _ := h.slash(mia, h.channel, "pinochle", "settings", fakediscord.Opt("channel", tables.ID))
	h.private(mia, r, "")
	before, err := h.store.LoadActiveGames(h.ctx)
	if err != nil {
		t.Fatal(err)
	}
	ivy := h.user("ivy")
	r, _ = h.slash(ivy, h.channel, "pinochle", "new")
	h.private(ivy, r, "not opened in this channel")
	r, _ = h.slash(ivy, h.channel, "table", "play", fakediscord.Opt("preset", "racehorse"))
	h.private(ivy, r, "not opened in this channel")
	if !strings.Contains(r.Text(), "<#"+tables.ID+">") {
		t.Errorf("the refusal does not name the channel for tables: %q", r.Text())
	}
	if after, err := h.store.LoadActiveGames(h.ctx); err != nil || len(after) != len(before) {
		t.Errorf("refused commands left %d active games, %d before (%v)", len(after), len(before), err)
	}
	if _, err := h.newTableIn(ivy, tables.ID); err != nil {
		t.Errorf("/pinochle new in the channel for tables: %v", err)
	}
	r, _ = h.slash(h.user("jo"), tables.ID, "table", "play", fakediscord.Opt("preset", "racehorse"))
	if strings.Contains(r.Text(), "not opened in this channel") {
		t.Errorf("/table play in the channel for tables was refused: %q", r.Text())
	}
}

// testClickFromAnotherGuild: a lobby's Join shown in another server (a message the bot's
// token posted there) and clicked by someone of that server is refused privately, and the
// lobby stays as it was.
func testClickFromAnotherGuild(t *testing.T, h *harness) {
	tb := h.newTable(h.user("ana"))
	lobby := h.message(tb.lobbyID)
	join := buttonByLabel(t, lobby, "Join")
	game := gameOf(t, join)
	before := h.gameState(h.store, game)
	other := h.srv.AddGuild("elsewhere")
	ch, err := h.srv.AddChannel(other.ID, "general")
	if err != nil {
		t.Fatal(err)
	}
	var forged fakediscord.Message
	h.botRequest("POST", "/channels/"+ch.ID+"/messages", map[string]any{"content": "forged", "components": forgedButtons(join)}, &forged)
	stranger := h.user("stranger")
	r := h.click(stranger, forged.ID, join)
	h.private(stranger, r, "not one of this server's")
	h.settle()
	if after := h.gameState(h.store, game); after != before {
		t.Errorf("the click from another server changed the game:\nbefore %s\nafter  %s", before, after)
	}
	if now := h.message(tb.lobbyID); !reflect.DeepEqual(now.Components, lobby.Components) {
		t.Errorf("the lobby changed: %s", jsonOf(now.Embeds))
	}
}

// testSettingsChannelOfAnotherGuild: /pinochle settings refuses a channel of another
// server, changes nothing, and tables still open in the server's own channels.
func testSettingsChannelOfAnotherGuild(t *testing.T, h *harness) {
	mia := h.manager("mia")
	other := h.srv.AddGuild("elsewhere")
	ch, err := h.srv.AddChannel(other.ID, "general")
	if err != nil {
		t.Fatal(err)
	}
	r, _ := h.slash(mia, h.channel, "pinochle", "settings", fakediscord.Opt("channel", ch.ID))
	h.private(mia, r, "not one of this server's")
	st, err := h.store.Settings(h.ctx, h.guild)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Channels) != 0 {
		t.Errorf("the settings name channels %v", st.Channels)
	}
	h.newTable(h.user("bob"))
}

// testNotInGuild: from a server the bot has left (GUILD_DELETE), /pinochle settings,
// /league start and /pinochle notify are refused privately: nothing is written, nothing is
// posted there.
func testNotInGuild(t *testing.T, h *harness) {
	mia := h.manager("mia")
	gone := h.srv.AddGuild("gone")
	ch, err := h.srv.AddChannel(gone.ID, "general")
	if err != nil {
		t.Fatal(err)
	}
	if err := h.srv.Dispatch("GUILD_DELETE", map[string]any{"id": gone.ID}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		command, sub string
		opts         []fakediscord.Option
	}{
		{"pinochle", "settings", []fakediscord.Option{fakediscord.Opt("channel", ch.ID), fakediscord.Opt("computer_games", true)}},
		{"league", "start", []fakediscord.Option{fakediscord.Opt("name", "Spring")}},
		{"pinochle", "notify", []fakediscord.Option{fakediscord.Opt("dm", true)}},
	} {
		hd, err := h.srv.SlashCommand(mia, gone.ID, ch.ID, c.command, fakediscord.Sub(c.sub, c.opts...))
		r := h.wait(hd, err)
		h.private(mia, r, "not in this server")
	}
	h.settle()
	st, err := h.store.Settings(h.ctx, gone.ID)
	if err != nil {
		t.Fatal(err)
	}
	seasons, err := h.store.Seasons(h.ctx, gone.ID)
	if err != nil {
		t.Fatal(err)
	}
	dm, err := h.store.Notify(h.ctx, mia.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Channels) != 0 || st.ComputerGamesCount || len(seasons) != 0 || dm {
		t.Errorf("written for a server the bot is not in: channels %v, computer games count %v, seasons %v, DMs %v",
			st.Channels, st.ComputerGamesCount, seasons, dm)
	}
	for _, m := range h.srv.Messages(ch.ID) {
		if !m.Ephemeral() {
			t.Errorf("posted in a server the bot is not in: %q %s", m.Text(), jsonOf(m.Embeds))
		}
	}
}
