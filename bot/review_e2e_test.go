package bot_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
	"github.com/pinochle-discord/pinochle/engine/computer/computertest"
	"github.com/pinochle-discord/pinochle/engine/record"
	"github.com/pinochle-discord/pinochle/fakediscord"
	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/storage"
	"github.com/pinochle-discord/pinochle/table"
)

// seedGame records a finished game of this server, of the preset with the options,
// played from the seed by computer players in every seat (named "Player number 1" and so on, as long as real names), and returns
// its ID.
func (h *harness) seedGame(preset string, opts map[string]string, seed uint64) int64 {
	h.t.Helper()
	rules, err := engine.NewRules(preset, opts)
	if err != nil {
		h.t.Fatal(err)
	}
	now := h.clock.Now()
	meta := table.Game{GuildID: h.guild, ChannelID: h.channel, HostID: "seed", Preset: preset,
		Options: opts, Seed: seed, Seats: make([]table.Seat, rules.Players),
		Status: table.StatusPlaying, CreatedAt: now, LastActivity: now}
	names := seedNames(rules.Players)
	for s := range meta.Seats {
		meta.Seats[s] = table.Seat{UserID: fmt.Sprintf("seed-%d", s+1), Name: names[s]}
	}
	id, err := h.store.CreateGame(h.ctx, meta)
	if err != nil {
		h.t.Fatal(err)
	}
	g, err := engine.NewGame(rules, seed)
	if err != nil {
		h.t.Fatal(err)
	}
	h.playStored(id, g, computertest.New(h.t, "baseline", seed), now)
	return id
}

// playStored plays game id, g in memory, to its end with player in every seat, saving each
// action in storage, and ends the game there.
func (h *harness) playStored(id int64, g *engine.Game, player computer.Player, now time.Time) {
	h.t.Helper()
	for !g.Over() {
		seat := g.Turn()
		for s := range g.Rules().Players {
			if g.Waiting(s) {
				seat = s
			}
		}
		a := player.Choose(g.View(seat))
		if err := h.store.SaveAction(h.ctx, id, g.LogLen(), seat, a, now); err != nil {
			h.t.Fatal(err)
		}
		if err := g.Apply(a); err != nil {
			h.t.Fatal(err)
		}
	}
	if _, err := h.store.EndGame(h.ctx, id, now, league.Finish); err != nil {
		h.t.Fatal(err)
	}
}

// seedNames are the names of the seats of a game seedGame records.
func seedNames(players int) []string {
	out := make([]string, players)
	for s := range out {
		out[s] = fmt.Sprintf("Player number %d", s+1)
	}
	return out
}

// recordedHands returns the finished hands of a game as engine/record rebuilds them.
func (h *harness) recordedHands(game int64) []record.Hand {
	h.t.Helper()
	meta, rules, recs := h.storedGame(game)
	actions := storage.Actions(recs)
	n, err := record.Count(rules, meta.Seed, actions)
	if err != nil {
		h.t.Fatal(err)
	}
	out := make([]record.Hand, n)
	for k := range n {
		if out[k], err = record.HandAt(rules, meta.Seed, actions, k+1); err != nil {
			h.t.Fatal(err)
		}
	}
	return out
}

// withinLimits checks, as Discord would, that an answer's text fits its limits (counted in
// characters): content 2,000; per embed a title of 256, a description of 4,096, at most 25
// fields of 256 and 1,024, a footer of 2,048, and 6,000 in all.
func withinLimits(t *testing.T, what string, r fakediscord.Response) {
	t.Helper()
	n := utf8.RuneCountInString
	if n(r.Content) > 2000 {
		t.Errorf("%s: content of %d characters", what, n(r.Content))
	}
	for _, e := range r.Embeds {
		total := n(e.Title) + n(e.Description)
		if n(e.Title) > 256 || n(e.Description) > 4096 || len(e.Fields) > 25 {
			t.Errorf("%s: title %d, description %d characters, %d fields", what, n(e.Title), n(e.Description), len(e.Fields))
		}
		for _, f := range e.Fields {
			total += n(f.Name) + n(f.Value)
			if n(f.Name) > 256 || n(f.Value) > 1024 || strings.TrimSpace(f.Value) == "" {
				t.Errorf("%s: field %q has a name of %d and a value of %d characters", what, f.Name, n(f.Name), n(f.Value))
			}
		}
		if e.Footer != nil {
			total += n(e.Footer.Text)
		}
		if total > 6000 {
			t.Errorf("%s: the embed has %d characters", what, total)
		}
	}
}

// footer returns the footer of an answer's first embed.
func footer(r fakediscord.Response) string {
	if len(r.Embeds) == 0 || r.Embeds[0].Footer == nil {
		return ""
	}
	return r.Embeds[0].Footer.Text
}

// labelled returns the custom ID of an answer's control with that label, or "".
func labelled(r fakediscord.Response, label string) string {
	for _, c := range flatten(r.Components) {
		if c.Label == label {
			return c.CustomID
		}
	}
	return ""
}

// TestReviewDoubleDeckKeepsEveryTrick: the review of a double-deck hand played out (by
// computer players) lists
// all 20 tricks, each with its cards, winner mark and points, although a group of tricks
// takes more than 1,024 bytes (suit symbols are 3 bytes each; Discord counts characters).
func TestReviewDoubleDeckKeepsEveryTrick(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	bob := h.user("bob")
	game := h.seedGame("double-deck", map[string]string{"target": "0", "hands": "3"}, 3)
	checked := 0
	for _, hand := range h.recordedHands(game) {
		if len(hand.Tricks) != 20 {
			continue // thrown in or a board set: no tricks
		}
		checked++
		r, _ := h.slash(bob, h.channel, "pinochle", "review", fakediscord.Opt("game", int(game)), fakediscord.Opt("hand", hand.Number))
		h.private(bob, r, fmt.Sprintf("Hand %d · dealt by", hand.Number))
		withinLimits(t, fmt.Sprintf("review of hand %d", hand.Number), r)
		longest := 0 // in bytes, of a group of tricks as the record renders it
		for _, sec := range hand.Sections(seedNames(4)) {
			if strings.HasPrefix(sec.Title, "Trick") {
				longest = max(longest, len(sec.Text()))
			}
		}
		if longest <= 1024 {
			t.Errorf("hand %d: no group of tricks is over 1,024 bytes (%d), so the test shows nothing", hand.Number, longest)
		}
		var lines []string
		for _, e := range r.Embeds {
			for _, f := range e.Fields {
				if strings.HasPrefix(f.Name, "Trick") {
					lines = append(lines, strings.Split(f.Value, "\n")...)
				}
			}
		}
		if len(lines) != 20 {
			t.Errorf("hand %d: the review shows %d trick lines, want 20:\n%s", hand.Number, len(lines), strings.Join(lines, "\n"))
		}
		for k, tr := range hand.Tricks {
			cards := make([]string, len(tr.Cards))
			for i, p := range tr.Cards {
				cards[i] = `.+ ` + regexp.QuoteMeta(p.Card.Symbol())
			}
			want := regexp.MustCompile(fmt.Sprintf(`^%d\. %s → .+ takes %d$`, tr.Number, strings.Join(cards, ", "), tr.Points))
			if k >= len(lines) || !want.MatchString(lines[k]) {
				got := "(missing)"
				if k < len(lines) {
					got = lines[k]
				}
				t.Errorf("hand %d trick %d: the review shows %q, want %s", hand.Number, tr.Number, got, want)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no hand of the game was played out, so no trick was reviewed")
	}
}

// TestSheetAndReviewPaging: the score sheet of a 14-hand game (played by computer
// players) takes two pages, turned in place (type 7 updates of the private message) with Later hands and Earlier hands; the review
// turns hand by hand with Next hand and Previous hand; every answer fits Discord's limits.
func TestSheetAndReviewPaging(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	bob := h.user("bob")
	game := h.seedGame("racehorse", map[string]string{"target": "0", "hands": "14"}, 7)
	if n := len(h.recordedHands(game)); n != 14 {
		t.Fatalf("the game has %d finished hands, want 14", n)
	}
	r, _ := h.slash(bob, h.channel, "pinochle", "review", fakediscord.Opt("game", int(game)), fakediscord.Opt("hand", 1))
	h.private(bob, r, "Hand 1 · dealt by")
	withinLimits(t, "review of hand 1", r)
	msg := r.MessageID

	// The review, hand by hand.
	for _, step := range []struct {
		label string
		hand  int
	}{{"Next hand ▶", 2}, {"Next hand ▶", 3}, {"Next hand ▶", 4}, {"◀ Previous hand", 3}, {"◀ Previous hand", 2}} {
		id := labelled(r, step.label)
		if id == "" {
			t.Fatalf("the review has no %q: %v", step.label, labels(flatten(r.Components)))
		}
		r = h.click(bob, msg, id)
		if r.Type != 7 || r.MessageID != msg {
			t.Fatalf("%s answered type %d on message %s, want an update (7) of %s", step.label, r.Type, r.MessageID, msg)
		}
		h.private(bob, r, fmt.Sprintf("Hand %d · dealt by", step.hand))
		withinLimits(t, fmt.Sprintf("review of hand %d", step.hand), r)
		if want := fmt.Sprintf("Hand %d of 14 finished", step.hand); footer(r) != want {
			t.Errorf("after %s the footer is %q, want %q", step.label, footer(r), want)
		}
	}

	// The score sheet, from the review, then page by page.
	sheetLines := regexp.MustCompile("(?m)^`\\s*(\\d+)`")
	shown := func(r fakediscord.Response) []string {
		var out []string
		for _, m := range sheetLines.FindAllStringSubmatch(r.Embeds[0].Description, -1) {
			out = append(out, m[1])
		}
		return out
	}
	handsFrom := func(from, to int) []string {
		var out []string
		for k := from; k <= to; k++ {
			out = append(out, fmt.Sprint(k))
		}
		return out
	}
	r = h.click(bob, msg, labelled(r, "Score sheet"))
	for _, step := range []struct {
		label  string // the control clicked next
		footer string
		hands  []string
	}{
		{"Later hands ▶", "Page 1 of 2 · 14 hands", handsFrom(1, 12)},
		{"◀ Earlier hands", "Page 2 of 2 · 14 hands", handsFrom(13, 14)},
		{"", "Page 1 of 2 · 14 hands", handsFrom(1, 12)},
	} {
		if r.Type != 7 || r.MessageID != msg || len(r.Embeds) != 1 {
			t.Fatalf("the score sheet answered type %d on message %s with %d embeds, want an update of %s", r.Type, r.MessageID, len(r.Embeds), msg)
		}
		h.private(bob, r, "Score sheet · game #")
		withinLimits(t, step.footer, r)
		if footer(r) != step.footer || fmt.Sprint(shown(r)) != fmt.Sprint(step.hands) {
			t.Errorf("score sheet %q lists hands %v, want %q with %v", footer(r), shown(r), step.footer, step.hands)
		}
		if step.label == "" {
			break
		}
		if n := len(flatten(r.Components)); n != 1 {
			t.Errorf("%s: %d controls %v, want %q only", step.footer, n, labels(flatten(r.Components)), step.label)
		}
		id := labelled(r, step.label)
		if id == "" {
			t.Fatalf("%s has no %q", step.footer, step.label)
		}
		r = h.click(bob, msg, id)
	}
}

// handInPlay returns the cards of every seat in the hand being played, as the review would
// write them (record.DealText) and as plain symbols: each seat's hand as dealt, and as it
// holds it now (after any pass).
func (h *harness) handInPlay(game int64) []string {
	h.t.Helper()
	meta, rules, recs := h.storedGame(game)
	g, err := engine.NewGame(rules, meta.Seed)
	if err != nil {
		h.t.Fatal(err)
	}
	var out []string
	write := func() {
		for s := range rules.Players {
			hand := g.Hand(s)
			cards := hand.Cards()
			syms := make([]string, len(cards))
			for i, c := range cards {
				syms[i] = c.Symbol()
			}
			out = append(out, record.DealText(cards), strings.Join(syms, " "))
		}
	}
	dealt := -1 // the hand whose deal was written
	for _, a := range storage.Actions(recs) {
		if g.HandNumber() != dealt {
			out, dealt = out[:0], g.HandNumber()
			write()
		}
		if err := g.Apply(a); err != nil {
			h.t.Fatal(err)
		}
	}
	if g.HandNumber() != dealt {
		out = out[:0]
	}
	write()
	return out
}

// answerText is everything an answer shows in text: its content, embeds (titles,
// descriptions, fields, footers) and the labels of its controls.
func answerText(r fakediscord.Response) string {
	var b strings.Builder
	b.WriteString(r.Text())
	for _, e := range r.Embeds {
		b.WriteString("\n" + e.Title + "\n" + e.Description)
		for _, f := range e.Fields {
			b.WriteString("\n" + f.Name + "\n" + f.Value)
		}
		if e.Footer != nil {
			b.WriteString("\n" + e.Footer.Text)
		}
	}
	for _, c := range flatten(r.Components) {
		b.WriteString("\n" + c.Label)
		for _, o := range c.Options {
			b.WriteString(" " + o.Label)
		}
	}
	return b.String()
}

// storedGame returns a game as storage holds it: its meta, its rules and its action log.
func (h *harness) storedGame(game int64) (table.Game, engine.Rules, []storage.ActionRecord) {
	h.t.Helper()
	meta, err := h.store.GetGame(h.ctx, game)
	if err != nil {
		h.t.Fatal(err)
	}
	rules, err := meta.Rules()
	if err != nil {
		h.t.Fatal(err)
	}
	recs, err := h.store.LoadActions(h.ctx, game)
	if err != nil {
		h.t.Fatal(err)
	}
	return meta, rules, recs
}
