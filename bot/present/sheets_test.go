package present

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/table"
)

// buttons returns the labels and custom IDs of the buttons of components, row by row.
func buttons(t *testing.T, comps []discordgo.MessageComponent) (labels, ids []string) {
	t.Helper()
	for _, c := range comps {
		row, ok := c.(discordgo.ActionsRow)
		if !ok {
			t.Fatalf("component %T is not a row", c)
		}
		for _, c := range row.Components {
			b, ok := c.(discordgo.Button)
			if !ok {
				t.Fatalf("row component %T is not a button", c)
			}
			labels, ids = append(labels, b.Label), append(ids, b.CustomID)
		}
	}
	return labels, ids
}

// sheetHands returns n finished hands, alternating made and set, with running scores.
func sheetHands(n int) []engine.HandResult {
	hands := make([]engine.HandResult, n)
	var scores [2]int
	for i := range hands {
		made := i%2 == 0
		delta := [2]int{250, 40}
		if !made {
			delta = [2]int{-250, 40}
		}
		scores[0] += delta[0]
		scores[1] += delta[1]
		hands[i] = engine.HandResult{Hand: i + 1, Dealer: i % 4, Bidder: 0, Bid: 250, Trump: engine.Hearts,
			Made: made, Meld: [2]int{120, 40}, Tricks: [2]int{130, 20}, Delta: delta, Scores: scores}
	}
	return hands
}

// TestSheetPages: a score sheet lists twelve hands a page, keeps the page asked for within
// the pages there are, and offers the neighbouring pages.
func TestSheetPages(t *testing.T) {
	meta := &table.Game{ID: 7, Preset: "racehorse", Seats: []table.Seat{{UserID: "u", Name: "Ann"}, {UserID: "u", Name: "Bob"}, {UserID: "u", Name: "Cy"}, {UserID: "u", Name: "Di"}}}
	hands := sheetHands(25)
	cases := []struct {
		page      int
		first     string // the first hand listed
		lines     int    // hands listed
		footer    string
		labels    []string
		wantPages []int // the pages the buttons turn to
	}{
		{0, "` 1`", 12, "Page 1 of 3 · 25 hands", []string{"Later hands ▶"}, []int{2}},
		{1, "` 1`", 12, "Page 1 of 3 · 25 hands", []string{"Later hands ▶"}, []int{2}},
		{2, "`13`", 12, "Page 2 of 3 · 25 hands", []string{"◀ Earlier hands", "Later hands ▶"}, []int{1, 3}},
		{3, "`25`", 1, "Page 3 of 3 · 25 hands", []string{"◀ Earlier hands"}, []int{2}},
		{9, "`25`", 1, "Page 3 of 3 · 25 hands", []string{"◀ Earlier hands"}, []int{2}},
	}
	for _, tc := range cases {
		e, comps := Sheet(meta, hands, tc.page)
		if e.Title != "Score sheet · game #7 · racehorse" || e.Footer == nil || e.Footer.Text != tc.footer {
			t.Errorf("page %d: title %q, footer %+v; want footer %q", tc.page, e.Title, e.Footer, tc.footer)
		}
		lines := strings.Split(strings.TrimSuffix(e.Description, "\n"), "\n")
		if len(lines) != tc.lines+1 || !strings.HasPrefix(lines[1], tc.first) {
			t.Errorf("page %d lists %d hands from %q; want %d from %s", tc.page, len(lines)-1, lines[1], tc.lines, tc.first)
		}
		labels, ids := buttons(t, comps)
		var want []string
		for _, p := range tc.wantPages {
			want = append(want, commands.SheetID{Kind: commands.SheetScores, Game: 7, Page: p}.String())
		}
		if !slices.Equal(labels, tc.labels) || !slices.Equal(ids, want) {
			t.Errorf("page %d: buttons %q %q; want %q %q", tc.page, labels, ids, tc.labels, want)
		}
	}
	e, comps := Sheet(meta, nil, 1)
	if e.Description != "No hand has finished yet." || e.Footer != nil || comps == nil || len(comps) != 0 {
		t.Errorf("an empty sheet reads %q with footer %+v and %d components (nil %v)", e.Description, e.Footer, len(comps), comps == nil)
	}
}

// TestSheetLine: a score sheet's line says who dealt, the contract and how it ended, the
// meld and tricks of each team, the change and the score.
func TestSheetLine(t *testing.T) {
	meta := &table.Game{Seats: []table.Seat{{UserID: "u", Name: "Ann"}, {UserID: "u", Name: "Bob"}, {}, {UserID: "u", Name: "Di"}}}
	base := engine.HandResult{Hand: 3, Dealer: 2, Bidder: 1, Bid: 300, Trump: engine.Spades,
		Meld: [2]int{40, 150}, Tricks: [2]int{90, 160}, Delta: [2]int{130, 310}, Scores: [2]int{400, 720}}
	cases := []struct {
		change func(*engine.HandResult)
		want   string
	}{
		{func(h *engine.HandResult) { h.Made = true }, "` 3` seat 3 · Bob 300 ♠, made · meld 40 / 150 · tricks 90 / 160 · +130 / +310 → **400 / 720**"},
		{func(*engine.HandResult) {}, "` 3` seat 3 · Bob 300 ♠, **set** · meld 40 / 150 · tricks 90 / 160 · +130 / +310 → **400 / 720**"},
		{func(h *engine.HandResult) { h.Moon, h.Made = true, true }, "` 3` seat 3 · Bob 300 ♠, moon · meld 40 / 150 · tricks 90 / 160 · +130 / +310 → **400 / 720**"},
		{func(h *engine.HandResult) { h.Outcome = engine.OutcomeThrownIn }, "` 3` seat 3 · Bob 300 ♠, thrown in · meld 40 / 150 · tricks 90 / 160 · +130 / +310 → **400 / 720**"},
		{func(h *engine.HandResult) { h.Outcome, h.Trump = engine.OutcomeBoardSet, engine.NoSuit },
			"` 3` seat 3 · Bob 300, board set · meld 40 / 150 · tricks 90 / 160 · +130 / +310 → **400 / 720**"},
	}
	for _, tc := range cases {
		h := base
		tc.change(&h)
		if got := sheetLine(meta, h); got != tc.want {
			t.Errorf("got  %q\nwant %q", got, tc.want)
		}
	}
}

// TestSheetButtons: a hand's result offers its review and the score sheet's page that
// lists it.
func TestSheetButtons(t *testing.T) {
	for _, tc := range []struct{ hand, page int }{{1, 1}, {12, 1}, {13, 2}, {25, 3}} {
		labels, ids := buttons(t, SheetButtons(7, tc.hand))
		wantLabels := []string{fmt.Sprintf("Review hand %d", tc.hand), "Score sheet"}
		wantIDs := []string{commands.SheetID{Kind: commands.SheetReview, Game: 7, Page: tc.hand}.String(),
			commands.SheetID{Kind: commands.SheetScores, Game: 7, Page: tc.page}.String()}
		if !slices.Equal(labels, wantLabels) || !slices.Equal(ids, wantIDs) {
			t.Errorf("hand %d: %q %q; want %q %q", tc.hand, labels, ids, wantLabels, wantIDs)
		}
	}
}

// TestGameLabel: a suggestion names the game's number, preset, state, day and players, in
// at most Discord's 100 characters.
func TestGameLabel(t *testing.T) {
	day := time.Date(2026, 3, 9, 23, 30, 0, 0, time.FixedZone("east", 5*3600))
	cases := []struct {
		g    table.Game
		want string
	}{
		{table.Game{ID: 42, Preset: "classic", Status: table.StatusFinished, CreatedAt: day,
			Seats: []table.Seat{{UserID: "u", Name: "Ann"}, {Name: "Bot", Computer: table.LevelNormal}, {}, {UserID: "u4", Name: "Di", Away: true}}},
			"#42 classic (finished) 9 Mar · Ann, Bot, seat 3, Di"},
		{table.Game{ID: 5, Preset: "racehorse", Status: table.StatusPlaying, CreatedAt: day,
			Seats: []table.Seat{{UserID: "u", Name: strings.Repeat("♠", 60)}, {UserID: "u", Name: strings.Repeat("♥", 60)}}},
			"#5 racehorse (playing) 9 Mar · " + strings.Repeat("♠", 60) + ", " + strings.Repeat("♥", 6) + "…"},
	}
	for _, tc := range cases {
		got := GameLabel(&tc.g)
		if got != tc.want || utf8.RuneCountInString(got) > 100 {
			t.Errorf("got  %q (%d characters)\nwant %q", got, utf8.RuneCountInString(got), tc.want)
		}
	}
}

// TestEmbedGroups: embeds go to as few messages as Discord's limits allow, in order: ten
// to a message, and 6,000 characters.
func TestEmbedGroups(t *testing.T) {
	embed := func(chars int) *discordgo.MessageEmbed {
		return &discordgo.MessageEmbed{Title: "t", Description: strings.Repeat("x", chars-1)}
	}
	many := func(n, chars int) []*discordgo.MessageEmbed {
		var out []*discordgo.MessageEmbed
		for range n {
			out = append(out, embed(chars))
		}
		return out
	}
	for _, tc := range []struct {
		name   string
		embeds []*discordgo.MessageEmbed
		want   []int // embeds per message
	}{
		{"none", nil, nil},
		{"one", many(1, 100), []int{1}},
		{"eleven small", many(11, 10), []int{10, 1}},
		{"by characters", many(5, 1500), []int{4, 1}},
		{"exactly 6000", many(4, 1500), []int{4}},
	} {
		var got []int
		total := 0
		for _, g := range EmbedGroups(tc.embeds) {
			got = append(got, len(g))
			size := 0
			for _, e := range g {
				size += embedChars(e)
				if e != tc.embeds[total] {
					t.Errorf("%s: embeds out of order", tc.name)
				}
				total++
			}
			if size > 6000 {
				t.Errorf("%s: a message of %d characters", tc.name, size)
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%s: messages of %v embeds, want %v", tc.name, got, tc.want)
		}
	}
}

// TestNoBidderNoPanic: a hand without a bidder (two-handed's, Bidder -1) is written in the
// narration and the score sheet by each player's meld and tricks, never read by a bidding
// team.
func TestNoBidderNoPanic(t *testing.T) {
	meta := &table.Game{ID: 3, Preset: "two-handed", Seats: []table.Seat{{UserID: "1", Name: "ana"}, {UserID: "2", Name: "bob"}}}
	res := engine.HandResult{Hand: 1, Dealer: 0, Bidder: -1, Trump: engine.Hearts, SeatMeld: [engine.MaxPlayers]int{60, 20},
		SeatPoints: [engine.MaxPlayers]int{130, 120}, Meld: [2]int{60, 20}, Tricks: [2]int{130, 120}, Delta: [2]int{190, 140}, Scores: [2]int{190, 140}}
	rules, err := engine.NewRules("two-handed", nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.NewGame(rules, 1)
	if err != nil {
		t.Fatal(err)
	}
	pub := g.View(-1)
	var n Narration
	n.Add(meta, &pub, engine.Action{Seat: 1, Kind: engine.ActPlayCard}, []engine.Event{{Kind: engine.EventHandFinished, Result: res}})
	if got := strings.Join(n.Lines, "\n"); !strings.Contains(got, "ana: meld 60 + tricks 130 → +190, score **190**") {
		t.Errorf("narration %q", got)
	}
	e, _ := Sheet(meta, []engine.HandResult{res}, 1)
	if !strings.Contains(e.Description, "trump ♥ · meld 60 / 20") || !strings.Contains(e.Description, "each ana / bob") {
		t.Errorf("sheet %q", e.Description)
	}
}
