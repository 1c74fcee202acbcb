package bot_test

import (
	"bytes"
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/bot/charts"
	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/fakediscord"
	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/table"
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
	h.seedGames(6, "1", func(_, s int) table.Seat { return table.Seat{UserID: players[s].ID, Name: players[s].Username} })
	hist, err := h.store.RatingHistory(h.ctx, h.guild, league.Overall, players[0].ID)
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

// ratingSeries is a player's rating over their counted games in one scope, as the stats
// chart draws it, with the number of games it holds.
func (h *harness) ratingSeries(name string, season int64, userID string) charts.Series {
	h.t.Helper()
	hist, err := h.store.RatingHistory(h.ctx, h.guild, season, userID)
	if err != nil {
		h.t.Fatal(err)
	}
	s := charts.Series{Name: name}
	for k, p := range hist {
		s.Points = append(s.Points, charts.Point{X: float64(k + 1), Y: p.Rating.Display()})
	}
	return s
}

// TestChartsOtherPlayerInSeason: /pinochle stats user:<other player> shows that player's
// record and chart; while a league season runs, the chart has both series, overall (every
// counted game) and the season's (its games only), a point per counted game: it is the
// very picture charts.RatingHistory draws of them, and not the overall series alone.
func TestChartsOtherPlayerInSeason(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	mgr := h.manager("mia")
	players := []fakediscord.User{h.user("ana"), h.user("bob"), h.user("cid"), h.user("dee")}
	seat := func(_, s int) table.Seat { return table.Seat{UserID: players[s].ID, Name: players[s].Username} }
	h.seedGames(2, "1", seat) // before the season: overall only
	h.clock.Advance(time.Minute)
	if r, _ := h.slash(mgr, h.channel, "league", "start", fakediscord.Opt("name", "Autumn")); r.Type != 4 || !strings.Contains(r.Text(), "Autumn") {
		t.Fatalf("/league start answered type %d: %q", r.Type, r.Text())
	}
	h.seedGames(3, "1", seat)
	season, err := h.store.CurrentSeason(h.ctx, h.guild, h.clock.Now())
	if err != nil {
		t.Fatalf("no season running: %v", err)
	}
	bob := players[1]
	overall := h.ratingSeries("overall", league.Overall, bob.ID)
	inSeason := h.ratingSeries(season.Name, season.ID, bob.ID)
	if len(overall.Points) != 5 || len(inSeason.Points) != 3 {
		t.Fatalf("bob's counted games: %d overall, %d in the season; want 5 and 3", len(overall.Points), len(inSeason.Points))
	}

	r, _ := h.slash(players[0], h.channel, "pinochle", "stats", fakediscord.UserOpt("user", bob))
	h.private(players[0], r, "Record of bob")
	pngOf(t, r, "rating.png")
	if !strings.Contains(embedText(r), "Autumn") {
		t.Errorf("the stats do not show the season: %s", embedText(r))
	}
	both, err := charts.RatingHistory("Rating of bob", []charts.Series{overall, inSeason})
	if err != nil {
		t.Fatal(err)
	}
	alone, err := charts.RatingHistory("Rating of bob", []charts.Series{overall})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(both, alone) {
		t.Fatal("the chart with the season's series draws the same as without: the comparison shows nothing")
	}
	if !bytes.Equal(r.Files[0].Data, both) {
		t.Errorf("the attached chart is not bob's two series of 5 and 3 points (%d bytes; those draw %d, overall alone %d)",
			len(r.Files[0].Data), len(both), len(alone))
	}
}

// TestChartsThreeHanded: after three-handed games, where every player scores alone, the
// season's standings chart has a bar for each of the three players, by name as written
// (a picture needs no Markdown escapes), while the text beside it escapes the name; each
// player's rating chart has a point per counted three-handed game, overall and in the
// season.
func TestChartsThreeHanded(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	mgr := h.manager("mia")
	const odd = "c*i*d_|x"
	players := []fakediscord.User{h.user("ana"), h.user("bob"), h.user(odd)}
	if r, _ := h.slash(mgr, h.channel, "league", "start", fakediscord.Opt("name", "Autumn")); r.Type != 4 {
		t.Fatalf("/league start answered type %d", r.Type)
	}
	const games = 4
	h.seedPresetGames("three-handed", games, "1", func(_, s int) table.Seat {
		return table.Seat{UserID: players[s].ID, Name: players[s].Username}
	})
	season, err := h.store.CurrentSeason(h.ctx, h.guild, h.clock.Now())
	if err != nil {
		t.Fatalf("no season running: %v", err)
	}

	r, _ := h.slash(mgr, h.channel, "league", "standings")
	pngOf(t, r, "standings.png")
	if text := embedText(r); !strings.Contains(text, present.Escape(odd)) || strings.Contains(text, odd) || strings.Contains(text, "Team") {
		t.Errorf("the standings' text does not escape %q, or speaks of teams:\n%s", odd, text)
	}
	recs, err := h.store.Leaderboard(h.ctx, h.guild, season.ID, charts.MaxBars, 0)
	if err != nil {
		t.Fatal(err)
	}
	var bars []charts.Bar
	names := map[string]bool{}
	for _, rec := range recs {
		bars = append(bars, charts.Bar{Name: rec.Name, Value: rec.Rating.Display()})
		names[rec.Name] = true
	}
	if len(bars) != 3 || !names["ana"] || !names["bob"] || !names[odd] {
		t.Fatalf("the season's standings are %+v, want ana, bob and %q", bars, odd)
	}
	want, err := charts.Standings("Standings · Autumn", bars)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(r.Files[0].Data, want) {
		t.Errorf("the standings chart is not the three players' bars, named as written (%d bytes; those draw %d)", len(r.Files[0].Data), len(want))
	}

	r, _ = h.slash(players[0], h.channel, "pinochle", "stats", fakediscord.UserOpt("user", players[2]))
	h.private(players[0], r, "")
	pngOf(t, r, "rating.png")
	if text := embedText(r); !strings.Contains(text, "Record of "+present.Escape(odd)) {
		t.Errorf("the stats do not name %q escaped:\n%s", odd, text)
	}
	overall := h.ratingSeries("overall", league.Overall, players[2].ID)
	inSeason := h.ratingSeries(season.Name, season.ID, players[2].ID)
	if len(overall.Points) != games || len(inSeason.Points) != games {
		t.Fatalf("%s's counted games: %d overall, %d in the season; want %d", odd, len(overall.Points), len(inSeason.Points), games)
	}
	want, err = charts.RatingHistory("Rating of "+odd, []charts.Series{overall, inSeason})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(r.Files[0].Data, want) {
		t.Errorf("the rating chart is not %q's %d three-handed games, overall and in the season", odd, games)
	}
}
