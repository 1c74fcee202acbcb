package bot_test

import (
	"bytes"
	"image/png"
	"testing"

	"github.com/pinochle-discord/pinochle/bot/charts"
	"github.com/pinochle-discord/pinochle/bot/fakediscord"
	"github.com/pinochle-discord/pinochle/storage"
)

// pngOf checks that an answer carries one PNG of the charts' size, shown in its embed.
func pngOf(t *testing.T, r fakediscord.Response, name string) {
	t.Helper()
	if len(r.Files) != 1 || r.Files[0].Name != name || r.Files[0].ContentType != "image/png" {
		t.Fatalf("answer files %+v, want %s", r.Files, name)
	}
	img, err := png.Decode(bytes.NewReader(r.Files[0].Data))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if b := img.Bounds(); b.Dx() != charts.Width || b.Dy() != charts.Height {
		t.Errorf("%s is %dx%d", name, b.Dx(), b.Dy())
	}
	if len(r.Embeds) == 0 || r.Embeds[0].Image == nil || r.Embeds[0].Image.URL != "attachment://"+name {
		t.Errorf("the embed does not show %s: %+v", name, r.Embeds)
	}
}

// TestCharts: /pinochle stats attaches the player's rating over their games (overall and
// the season's), with the text kept; /league standings the season's standings; a player
// with no counted game gets words only.
func TestCharts(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	mgr := h.manager("mia")
	players := []fakediscord.User{h.user("ana"), h.user("bob"), h.user("cid"), h.user("dee")}
	if r, _ := h.slash(mgr, h.channel, "league", "start", fakediscord.Opt("name", "Autumn")); r.Type != 4 {
		t.Fatalf("/league start answered type %d", r.Type)
	}
	h.seedGames(6, "1", func(_, s int) storage.Seat { return storage.Seat{UserID: players[s].ID, Name: players[s].Username} })
	hist, err := h.store.RatingHistory(h.ctx, h.guild, storage.Overall, players[0].ID)
	if err != nil || len(hist) != 6 {
		t.Fatalf("ana's rating history: %d points, %v; want 6", len(hist), err)
	}
	r, _ := h.slash(players[0], h.channel, "pinochle", "stats")
	h.private(players[0], r, "")
	pngOf(t, r, "rating.png")
	if text := embedText(r); text == "" {
		t.Error("the stats lost their text")
	}
	r, _ = h.slash(players[1], h.channel, "league", "standings")
	pngOf(t, r, "standings.png")
	r, _ = h.slash(mgr, h.channel, "pinochle", "stats")
	if len(r.Files) != 0 {
		t.Errorf("a player without games got %d files", len(r.Files))
	}
}
