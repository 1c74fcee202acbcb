package bot_test

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pinochle-discord/pinochle/engine/record"
	"github.com/pinochle-discord/pinochle/fakediscord"
	"github.com/pinochle-discord/pinochle/table"
)

// findButton returns the first message of a channel with a button labelled label.
func (h *harness) findButton(channel, label string) (fakediscord.Message, string, bool) {
	for _, m := range h.srv.Messages(channel) {
		for _, c := range m.Controls() {
			if c.Label == label {
				return m, c.CustomID, true
			}
		}
	}
	return fakediscord.Message{}, "", false
}

// playUntilHand plays ana's turns (computers play the others) until the game is in hand n.
func (h *harness) playUntilHand(tb testTable, ana fakediscord.User, n int) {
	h.t.Helper()
	for range 400 {
		view, _ := h.myHand(ana, tb.thread)
		if strings.Contains(view.Text(), fmt.Sprintf("hand %d:", n)) {
			return
		}
		if len(actionControls(view.Components)) == 0 {
			h.t.Fatalf("ana has nothing to do before hand %d: %q", n, view.Text())
		}
		h.actOnce(ana, view)
	}
	h.t.Fatalf("hand %d never came", n)
}

// TestReviewAndScoreSheet: a finished hand's result post has Review and Score sheet
// buttons; the review shows every seat's dealt cards, the auction, passes, meld and
// tricks, privately and within Discord's limits, and pages through the finished hands
// only; /pinochle review refuses a hand in play and a game of another server; the table
// and the end of the game carry the score sheet; the finished game exports as a file that
// pinochle replay accepts.
func TestReviewAndScoreSheet(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana, bob := h.user("ana"), h.user("bob")
	tb := h.withComputers(ana, fakediscord.Opt("hands", 2), fakediscord.Opt("timer", "off"))
	game := h.tableGame(tb)
	h.playUntilHand(tb, ana, 2)
	var post fakediscord.Message
	var review string
	ok := false
	if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool {
		post, review, ok = h.findButton(tb.thread, "Review hand 1")
		return ok
	}); err != nil || !ok {
		t.Fatalf("waiting for a Review button after hand 1: %v: %s", err, tail(h.threadText(tb.thread), 500))
	}
	r := h.click(bob, post.ID, review)
	h.private(bob, r, "")
	text := embedText(r)
	for _, want := range []string{"Review · game #", "Deal", "Auction", "Meld", "Tricks", "Result"} {
		if !strings.Contains(text, want) {
			t.Errorf("the review lacks %q: %s", want, tail(text, 800))
		}
	}
	// The review pages only through finished hands: hand 2 is in play.
	r2, _ := h.slash(bob, h.channel, "pinochle", "review", fakediscord.Opt("game", int(game)), fakediscord.Opt("hand", 2))
	h.private(bob, r2, "cannot be reviewed yet")
	r3, _ := h.slash(bob, h.channel, "pinochle", "review", fakediscord.Opt("game", int(game)))
	h.private(bob, r3, "")
	for _, resp := range []fakediscord.Response{r, r3} {
		if len(resp.Embeds) != 1 || resp.Embeds[0].Footer == nil || resp.Embeds[0].Footer.Text != "Hand 1 of 1 finished" {
			t.Errorf("the review is not of hand 1 of 1 finished: %+v", resp.Embeds)
		}
	}

	// The score sheet, from the review, in place.
	sheet := ""
	for _, c := range flatten(r.Components) {
		if c.Label == "Score sheet" {
			sheet = c.CustomID
		}
	}
	s := h.click(bob, r.MessageID, sheet)
	if s.Type != 7 || !strings.Contains(embedText(s), "Score sheet · game #") || !strings.Contains(embedText(s), "` 1`") {
		t.Errorf("score sheet answered type %d: %s", s.Type, embedText(s))
	}
	if strings.Contains(embedText(s), "` 2`") {
		t.Errorf("the score sheet lists a hand in play: %s", embedText(s))
	}
	if _, _, ok := h.findButton(tb.thread, "Score sheet"); !ok {
		t.Error("no Score sheet button in the thread")
	}

	// A game in play cannot be exported.
	rx, _ := h.slash(bob, h.channel, "pinochle", "export", fakediscord.Opt("game", int(game)))
	h.private(bob, rx, "only a finished game can be exported")

	// Another server's game is refused.
	other := h.srv.AddGuild("elsewhere")
	oc, err := h.srv.AddChannel(other.ID, "cards")
	if err != nil {
		t.Fatal(err)
	}
	hd, err := h.srv.SlashCommand(bob, other.ID, oc.ID, "pinochle", fakediscord.Sub("review", fakediscord.Opt("game", int(game))))
	r4 := h.wait(hd, err)
	h.private(bob, r4, "not one of this server's")

	// At the end of the game, the result post carries the whole score sheet.
	h.play(tb.thread, []fakediscord.User{ana}, 400)
	all := func() string {
		var b strings.Builder
		for _, m := range h.srv.Messages(tb.thread) {
			b.WriteString(messageText(m) + "\n")
		}
		return b.String()
	}
	if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool { return strings.Contains(all(), "` 2`") }); err != nil {
		t.Fatalf("waiting for hand 2 on the score sheet: %v: %s", err, tail(all(), 600))
	}
	if text := all(); !strings.Contains(text, "Score sheet · game #") || !strings.Contains(text, "` 2`") {
		t.Errorf("the game's end shows no score sheet: %s", tail(text, 600))
	}

	// The finished game exports as a file that replays to its recorded results, as
	// pinochle replay checks it (record.File.Check; the tool's own tests run it on files
	// it exported).
	if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool {
		g, err := h.store.GetGame(h.ctx, game)
		return err == nil && g.Status == table.StatusFinished
	}); err != nil {
		t.Fatalf("waiting for game %d to be stored as finished: %v", game, err)
	}
	ex, _ := h.slash(bob, h.channel, "pinochle", "export", fakediscord.Opt("game", int(game)))
	h.private(bob, ex, "pinochle replay")
	if len(ex.Files) != 1 || !strings.HasSuffix(ex.Files[0].Name, ".json") {
		t.Fatalf("export attached %d files", len(ex.Files))
	}
	f, err := record.Decode(bytes.NewReader(ex.Files[0].Data))
	if err != nil {
		t.Fatalf("the exported file does not decode: %v", err)
	}
	if err := f.Check(); err != nil {
		t.Errorf("the exported game does not replay to its results: %v", err)
	}
	if len(f.Results) != 2 || f.Seats[0].Name != "ana" || !f.Seats[1].Computer {
		t.Errorf("exported %d hands, seats %+v", len(f.Results), f.Seats)
	}
}

// TestGameAutocomplete: typing in the game option suggests this server's recent games with
// their players, filtered by number or name; never another server's.
func TestGameAutocomplete(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana, bob := h.user("ana"), h.user("bob")
	ta := h.withComputers(ana)
	tb := h.withComputers(bob)
	ga, gb := h.tableGame(ta), h.tableGame(tb)
	ask := func(guild, channel, typed string) fakediscord.Response {
		hd, err := h.srv.Autocomplete(ana, guild, channel, "pinochle", "review", "game", typed)
		return h.wait(hd, err)
	}
	r := ask(h.guild, h.channel, "")
	if r.Type != 8 || len(r.Choices) != 2 || !strings.HasPrefix(r.Choices[0].Name, fmt.Sprintf("#%d ", gb)) {
		t.Fatalf("suggestions %d %+v, want the two games, newest first", r.Type, r.Choices)
	}
	if !strings.Contains(r.Choices[1].Name, "ana") || fmt.Sprint(r.Choices[1].Value) != fmt.Sprint(ga) {
		t.Errorf("suggestion %+v does not name ana's game %d", r.Choices[1], ga)
	}
	if r := ask(h.guild, h.channel, "bob"); len(r.Choices) != 1 || fmt.Sprint(r.Choices[0].Value) != fmt.Sprint(gb) {
		t.Errorf("typing bob suggests %+v", r.Choices)
	}
	other := h.srv.AddGuild("elsewhere")
	oc, err := h.srv.AddChannel(other.ID, "cards")
	if err != nil {
		t.Fatal(err)
	}
	if r := ask(other.ID, oc.ID, ""); len(r.Choices) != 0 {
		t.Errorf("another server is offered %+v", r.Choices)
	}
}

// TestRecordsHideHandInPlay: in partnership and six-handed (two and three seats a side),
// while hand 2 is in play, the review offers
// hand 1 only and refuses hand 2, the score sheet lists hand 1 only, and the game cannot
// be exported: no record shows a card of a hand still in play. By content: no answer
// (review, refusal, export, score sheet, a player's stats with their chart) holds any
// seat's cards of hand 2, written as the review writes a deal, as dealt or as held.
func TestRecordsHideHandInPlay(t *testing.T) {
	t.Parallel()
	// The fewest seats with a partner and the most.
	for _, preset := range []string{"partnership", "six-handed"} {
		t.Run(preset, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOptions{})
			ana, eve := h.user("ana"), h.user("eve")
			tb := h.withComputers(ana, fakediscord.Opt("preset", preset), fakediscord.Opt("hands", 2), fakediscord.Opt("timer", "off"))
			game := h.tableGame(tb)
			h.playUntilHand(tb, ana, 2)
			review, _ := h.slash(eve, h.channel, "pinochle", "review", fakediscord.Opt("game", int(game)))
			h.private(eve, review, "Hand 1 · dealt by")
			if footer(review) != "Hand 1 of 1 finished" || strings.Contains(answerText(review), "Hand 2") {
				t.Errorf("the review shows %+v, want hand 1 of 1", review.Embeds)
			}
			refused, _ := h.slash(eve, h.channel, "pinochle", "review", fakediscord.Opt("game", int(game)), fakediscord.Opt("hand", 2))
			h.private(eve, refused, "cannot be reviewed yet")
			export, _ := h.slash(eve, h.channel, "pinochle", "export", fakediscord.Opt("game", int(game)))
			h.private(eve, export, "only a finished game")
			if len(export.Files) != 0 {
				t.Error("a game in play was exported")
			}
			var tm fakediscord.Message
			if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool {
				m, ok := h.tableMessage(tb.thread)
				tm = m
				return ok && slices.Contains(labels(m.Controls()), "Score sheet")
			}); err != nil {
				t.Fatalf("waiting for the table message's score sheet button: %v", err)
			}
			s := h.click(eve, tm.ID, buttonByLabel(t, tm, "Score sheet"))
			h.private(eve, s, "")
			if text := embedText(s); !strings.Contains(text, "` 1`") || strings.Contains(text, "` 2`") {
				t.Errorf("the score sheet in hand 2: %s", text)
			}
			answers := map[string]fakediscord.Response{"review": review, "review of hand 2": refused, "export": export, "score sheet": s}

			// ana's record: a chart, which has no cards, and words that show none.
			others := []fakediscord.User{ana, h.user("bob"), h.user("cid"), h.user("dee")}
			h.seedGames(1, "1", func(_, s int) table.Seat { return table.Seat{UserID: others[s].ID, Name: others[s].Username} })
			st, _ := h.slash(ana, h.channel, "pinochle", "stats")
			h.private(ana, st, "Record of ana")
			pngOf(t, st, "rating.png")
			answers["stats"] = st

			// No answer shows a seat's cards of the hand in play, as the review would write
			// them, as dealt or as held now.
			cards := h.handInPlay(game)
			if len(cards) == 0 {
				t.Fatal("found no cards of the hand in play")
			}
			// The same writing finds the finished hand's deal in its review: the check can see.
			for seat, d := range h.recordedHands(game)[0].Dealt {
				if hand := record.DealText(d.Cards()); !strings.Contains(answerText(review), hand) {
					t.Errorf("the review of hand 1 does not show seat %d's deal %q", seat+1, hand)
				}
			}
			for what, r := range answers {
				text := answerText(r)
				for _, c := range cards {
					if strings.Contains(text, c) {
						t.Errorf("the %s shows cards of the hand in play: %q", what, c)
					}
				}
			}
		})
	}
}
