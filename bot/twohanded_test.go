package bot_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/fakediscord"
)

// meldFirst picks a private view's control as a two-handed player would: a meld when one
// may be laid (the best, first), else what choose picks (Draw, the first enabled card).
func meldFirst(cs []fakediscord.Component) fakediscord.Component {
	for _, c := range cs {
		if id, err := commands.ParseID(c.CustomID); err == nil && id.Action == commands.ActMeld && !c.Disabled {
			return c
		}
	}
	return choose(cs)
}

// actTwoHanded makes one move from a private view, a meld when it may, and returns the view
// after it.
func (h *harness) actTwoHanded(user fakediscord.User, view fakediscord.Response) fakediscord.Response {
	h.t.Helper()
	c := meldFirst(actionControls(view.Components))
	r := h.click(user, view.MessageID, c.CustomID)
	if r.Type != 7 || strings.Contains(r.Text(), "⚠️") || strings.Contains(r.Text(), "earlier step") {
		h.t.Fatalf("move %s (%s) answered type %d: %q", c.CustomID, c.Label, r.Type, r.Text())
	}
	return r
}

// TestTwoHandedOverDays: two people play a whole two-handed game through the fake Discord,
// a move every 20 hours of the test's clock, with a 3-day turn timer: its reminder comes when
// a turn waits a day and a half, a player who asked for them gets direct messages, nobody's
// time runs out, a player away has the computer play her seat until she is back, and a
// restart in the middle of a hand loses nothing (a view shown before it still plays). Melds
// are laid and told, the stock runs out and is told, every hand's result is told with its
// review and score sheet, and the game ends.
func TestTwoHandedOverDays(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana, bob := h.user("ana"), h.user("bob")
	humans := []fakediscord.User{ana, bob}
	r, _ := h.slash(bob, h.channel, "pinochle", "notify", fakediscord.Opt("dm", true))
	h.private(bob, r, "direct message")
	tb := h.newTable(ana, fakediscord.Opt("preset", "two-handed"), fakediscord.Opt("timer", "3d"), fakediscord.Opt("hands", 1))
	lobby := h.message(tb.lobbyID)
	if got := labels(lobby.Controls()); !strings.Contains(strings.Join(got, "|"), "Sit in seat 2") {
		t.Errorf("the lobby of two offers %q", got)
	}
	if r := h.click(bob, lobby.ID, buttonByLabel(t, lobby, "Join")); r.Type != 7 {
		t.Fatalf("Join answered type %d", r.Type)
	}
	tm := h.waitTable(tb.thread)
	game := h.tableGame(tb)
	if text := tm.Text(); !strings.Contains(text, "two-handed") || !strings.Contains(text, "Trump and stock") {
		t.Fatalf("the table does not show two-handed's trump and stock: %s", text)
	}

	restarted, away, reminded := false, false, false
	for moves := 0; ; moves++ {
		if moves > 400 {
			t.Fatalf("the game did not end within %d moves", moves)
		}
		u, view, _ := h.toAct(tb.thread, humans)
		switch {
		case !reminded && moves == 5:
			// A turn that waits a day and a half is reminded of, once, and still is u's.
			h.clock.Advance(40 * time.Hour)
			h.settle(game)
			h.waitThread(tb.thread, fmt.Sprintf("<@%s>, reminder", u.ID))
			reminded = true
		case !restarted && strings.Contains(h.tableState(tb.thread), "cards left to draw") && moves > 20:
			// A restart in the middle of the stock's tricks: the view shown before it plays on.
			n := h.logLen(game)
			h.restart()
			if got := h.logLen(game); got != n {
				t.Fatalf("after the restart the log has %d actions, want %d", got, n)
			}
			restarted = true
		case !away && restarted && u.ID == ana.ID && strings.Contains(view.Text(), "the stock is gone"):
			// Away, once the stock is gone: the computer plays ana's seat until she is
			// back.
			n := h.logLen(game)
			r, _ := h.slash(ana, tb.thread, "pinochle", "away")
			h.private(ana, r, "computer player plays your seat")
			if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool { return h.logLen(game) > n }); err != nil {
				t.Fatalf("the computer did not move for ana: %v", err)
			}
			r, _ = h.slash(ana, tb.thread, "pinochle", "back")
			h.private(ana, r, "yours again")
			away = true
			continue
		}
		r := h.actTwoHanded(u, view)
		if gameOver(r.Text()) {
			break
		}
		h.clock.Advance(20 * time.Hour)
		h.settle(game)
	}
	h.waitThread(tb.thread, "Game over")
	if dms := h.srv.DMs(bob.ID); len(dms) == 0 || !strings.Contains(dms[0].Text(), "two-handed") {
		t.Errorf("bob, who asked for direct messages, got %d", len(dms))
	}
	if !restarted || !away || !reminded {
		t.Errorf("restarted %v, away %v, reminded %v: the game ended before the test did all", restarted, away, reminded)
	}
	text := h.threadText(tb.thread)
	for _, want := range []string{" lays **", "The stock is drawn", "**Hand 1 result.** Trump", "ana is away", "ana is back"} {
		if !strings.Contains(text, want) {
			t.Errorf("the thread never says %q:\n%s", want, tail(text, 3000))
		}
	}
	for _, bad := range []string{"time ran out", "bid", "Team A", "Team B"} {
		if strings.Contains(text, bad) {
			t.Errorf("the thread says %q:\n%s", bad, tail(text, 3000))
		}
	}
	// Each hand's result has its review and the score sheet, in the thread, for anyone.
	for _, m := range h.srv.Messages(tb.thread) {
		if !strings.Contains(m.Text(), "**Hand 1 result.**") {
			continue
		}
		r = h.click(bob, m.ID, buttonByLabel(t, m, "Review hand 1"))
		review := jsonOf(r.Embeds)
		for _, want := range []string{"Melds laid", "while the stock lasted", "once the stock was drawn", "Turned up"} {
			if !strings.Contains(review, want) {
				t.Errorf("the review of hand 1 lacks %q: %s", want, review)
			}
		}
	}
	if s := h.logs.String(); strings.Contains(s, "panic") {
		t.Errorf("the bot panicked:\n%s", s)
	}

	// What storage keeps of the game: its hands (the score sheet reads them), its result and
	// its export.
	if s := h.logs.String(); strings.Contains(s, "bidder -1 or dealer") {
		t.Fatalf("storage refused a hand:\n%s", s)
	}
	for _, m := range h.srv.Messages(tb.thread) {
		if strings.Contains(m.Text(), "**Hand 1 result.**") {
			r = h.click(bob, m.ID, buttonByLabel(t, m, "Score sheet"))
			if sheet := jsonOf(r.Embeds); !strings.Contains(sheet, "trump") || !strings.Contains(sheet, "ana / bob") {
				t.Errorf("the score sheet: %s", sheet)
			}
		}
	}
	res, err := h.store.GameResult(h.ctx, game)
	if err != nil || res.FinishedAt.IsZero() {
		t.Fatalf("no result in storage: %+v, %v", res, err)
	}
	r, _ = h.slash(bob, h.channel, "pinochle", "export", fakediscord.Opt("game", game))
	if len(r.Files) != 1 || !strings.Contains(string(r.Files[0].Data), `"two-handed"`) {
		t.Errorf("export answered %q with %d files", r.Text(), len(r.Files))
	}
}

// TestTwoHandedThreadPosts: a two-handed hand of 24 tricks and up to 12 melds makes a few
// posts in its thread, as a four-handed hand does (TestThreadPostsPerHand): the stock's
// tricks and melds once it is drawn, the last tricks with the result; the table message
// shows each trick and meld as it happens.
func TestTwoHandedThreadPosts(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana := h.user("ana")
	tb := h.withComputers(ana, fakediscord.Opt("preset", "two-handed"), fakediscord.Opt("timer", "off"), fakediscord.Opt("hands", 3))
	const hands = 1 // the first hand: a second adds nothing the first does not show
	h.playAtPace(tb, ana, hands, func(u fakediscord.User, view fakediscord.Response) { h.actTwoHanded(u, view) })
	perHand := h.postsByHand(tb, hands)
	for n := 1; n <= hands; n++ {
		posts := perHand[n]
		all := strings.Join(posts, "\n---\n")
		if len(posts) > 8 {
			t.Errorf("hand %d made %d posts, want at most 8:\n%s", n, len(posts), all)
		}
		for _, want := range []string{"The stock is drawn", fmt.Sprintf("**Hand %d result.**", n)} {
			if !strings.Contains(all, want) {
				t.Errorf("hand %d: %q is not told before the next deal:\n%s", n, want, all)
			}
		}
		t.Logf("hand %d: %d posts", n, len(posts))
	}
}

// TestTwoHandedTimeouts: a two-handed player whose time runs out when they are to meld has
// the computer choose for them, and the
// game goes on; at a table that forfeits, they forfeit alone, by name.
func TestTwoHandedTimeouts(t *testing.T) {
	t.Parallel()
	for _, policy := range []string{"computer", "forfeit"} {
		t.Run(policy, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOptions{})
			ana, bob := h.user("ana"), h.user("bob")
			humans := []fakediscord.User{ana, bob}
			tb := h.newTable(ana, fakediscord.Opt("preset", "two-handed"), fakediscord.Opt("timer", "1h"), fakediscord.Opt("timeout", policy))
			lobby := h.message(tb.lobbyID)
			h.click(bob, lobby.ID, buttonByLabel(t, lobby, "Join"))
			game := h.tableGame(tb)
			// Play to a trick's winner's choice of meld.
			var late fakediscord.User
			for range 60 {
				u, view, _ := h.toAct(tb.thread, humans)
				if strings.Contains(labels(flatten(view.Components))[0], "Draw") {
					late = u
					break
				}
				h.actTwoHanded(u, view)
				h.settle(game)
			}
			if late.ID == "" {
				t.Fatal("nobody took a trick while the stock lasted")
			}
			n := h.logLen(game)
			h.clock.Advance(time.Hour)
			h.settle(game)
			if policy == "forfeit" {
				h.waitThread(tb.thread, fmt.Sprintf("%s's time ran out: **%s forfeits**.", late.Username, late.Username))
				return
			}
			h.waitThread(tb.thread, fmt.Sprintf("%s's time ran out: a computer player moved for them.", late.Username))
			if got := h.logLen(game); got != n+1 {
				t.Fatalf("the log has %d actions after the timeout, want %d", got, n+1)
			}
			// The game goes on with the people.
			u, view, _ := h.toAct(tb.thread, humans)
			h.actTwoHanded(u, view)
		})
	}
}

// TestTwoHandedMisuse: meld and draw controls that are forged, out of turn or stale get a
// private answer and change nothing; a second click of Draw is answered as done.
func TestTwoHandedMisuse(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana, bob := h.user("ana"), h.user("bob")
	humans := []fakediscord.User{ana, bob}
	tb := h.newTable(ana, fakediscord.Opt("preset", "two-handed"), fakediscord.Opt("timer", "off"))
	lobby := h.message(tb.lobbyID)
	h.click(bob, lobby.ID, buttonByLabel(t, lobby, "Join"))
	game := h.tableGame(tb)
	var winner fakediscord.User
	var view fakediscord.Response
	for range 60 {
		winner, view, _ = h.toAct(tb.thread, humans)
		if hasAction(view, commands.ActDraw) {
			break
		}
		h.actTwoHanded(winner, view)
		h.settle(game)
	}
	if !hasAction(view, commands.ActDraw) {
		t.Fatal("nobody took a trick while the stock lasted")
	}
	draw := ""
	for _, c := range actionControls(view.Components) {
		if id, _ := commands.ParseID(c.CustomID); id.Action == commands.ActDraw {
			draw = c.CustomID
		}
	}
	at, _ := commands.ParseID(draw)
	meld := func(arg string) string {
		return commands.ID{Game: game, Hand: at.Hand, Step: at.Step, Action: commands.ActMeld, Arg: arg}.String()
	}
	loser := ana
	if winner.ID == ana.ID {
		loser = bob
	}
	cases := []struct {
		name string
		by   fakediscord.User
		id   string
		want string
	}{
		{"not a meld", winner, meld("AS-9H"), "⚠️"},
		{"a meld of cards not held", winner, meld("AS-AS-AH-AH-AD-AD-AC-AC"), "⚠️"},
		{"the winner's draw, by the other player", loser, draw, "⚠️"},
		{"a meld, by the other player", loser, meld("KS-QS"), "⚠️"},
		{"a draw of another hand", winner, commands.ID{Game: game, Hand: at.Hand + 1, Step: at.Step, Action: commands.ActDraw}.String(), "earlier step"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := *h
			h.t = t
			before := h.public(game, tb)
			_, own := h.myHand(c.by, tb.thread)
			msg := h.forge(own, button(c.id))
			r := h.click(c.by, msg, c.id)
			h.private(c.by, r, c.want)
			t.Logf("%s: %q", c.name, firstLine(r.Text()))
			h.unchanged(game, tb, before)
		})
	}
	// The Hint button asks the expert which meld to lay, edits the private hand with its
	// answer, and changes nothing at the table.
	before := h.public(game, tb)
	hv, _ := h.myHand(winner, tb.thread)
	r := h.click(winner, hv.MessageID, buttonByLabel(t, h.message(hv.MessageID), "Hint"))
	h.private(winner, r, "")
	if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool {
		return strings.Contains(h.message(hv.MessageID).Text(), "💡 **Hint:**")
	}); err != nil {
		t.Fatalf("no hint in the private hand: %v", err)
	}
	if m := h.message(hv.MessageID).Text(); !strings.Contains(m, "meld") && !strings.Contains(m, "Draw") && !strings.Contains(m, "draw") {
		t.Errorf("the hint does not speak of the meld: %q", m)
	}
	h.unchanged(game, tb, before)

	// Draw, then the same button again, then a meld button of that earlier step.
	r = h.click(winner, view.MessageID, draw)
	if r.Type != 7 || strings.Contains(r.Text(), "⚠️") {
		t.Fatalf("Draw answered %q", r.Text())
	}
	h.settle(game)
	before = h.public(game, tb)
	_, own := h.myHand(winner, tb.thread)
	r = h.click(winner, h.forge(own, button(draw)), draw)
	h.private(winner, r, "done already")
	r = h.click(winner, h.forge(own, button(meld("KS-QS"))), meld("KS-QS"))
	h.private(winner, r, "earlier step")
	h.unchanged(game, tb, before)
}
