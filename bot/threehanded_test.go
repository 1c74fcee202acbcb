package bot_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/fakediscord"
)

// threeHumans opens a three-handed table of ana, bob and cid: the game starts as cid takes
// the last seat.
func (h *harness) threeHumans(opts ...fakediscord.Option) (testTable, []fakediscord.User) {
	h.t.Helper()
	users := []fakediscord.User{h.user("ana"), h.user("bob"), h.user("cid")}
	tb := h.newTable(users[0], append([]fakediscord.Option{fakediscord.Opt("preset", "three-handed")}, opts...)...)
	lobby := h.message(tb.lobbyID)
	join := buttonByLabel(h.t, lobby, "Join")
	for _, u := range users[1:] {
		if r := h.click(u, lobby.ID, join); r.Type != 7 {
			h.t.Fatalf("Join answered type %d, want 7", r.Type)
		}
	}
	h.waitTable(tb.thread)
	return tb, users
}

// teamWords are words of the team presets that a three-handed table never shows: every
// player scores alone.
var teamWords = []string{"Team A", "Team B", "partner", "teammate", "your side", " (A)", " (B)"}

// noTeams fails the test if text speaks of teams.
func noTeams(t *testing.T, where, text string) {
	t.Helper()
	for _, w := range teamWords {
		if strings.Contains(text, w) {
			t.Errorf("%s says %q:\n%s", where, w, tail(text, 2000))
		}
	}
}

// TestThreeHandedOverDays: three people play a whole three-handed game of one hand through
// the fake Discord, a move every 20 hours of the test's clock, with a 3-day turn timer: its
// reminder comes when a turn waits a day and a half, a player who asked for them gets direct
// messages, a player away has the computer play her seat until she is back, and a restart
// in the middle of a hand loses nothing. The bidder sees the widow in hand as it names
// trump, buries with a menu worded so, and sees what is at stake for each player before it
// plays or throws in; the others see the widow and that 3 cards were buried, never which.
// The thread tells the widow, the bury, everyone's meld, each trick, each hand's result per
// player and the end; no line speaks of teams. Storage keeps every player's score and
// place, the score sheet lists each player's, and the export holds the game.
func TestThreeHandedOverDays(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana, bob, cid := h.user("ana"), h.user("bob"), h.user("cid")
	humans := []fakediscord.User{ana, bob, cid}
	r, _ := h.slash(bob, h.channel, "pinochle", "notify", fakediscord.Opt("dm", true))
	h.private(bob, r, "direct message")
	tb := h.newTable(ana, fakediscord.Opt("preset", "three-handed"), fakediscord.Opt("timer", "3d"), fakediscord.Opt("hands", 1))
	lobby := h.message(tb.lobbyID)
	if got := strings.Join(labels(lobby.Controls()), "|"); !strings.Contains(got, "Sit in seat 3") || strings.Contains(got, "Team") {
		t.Errorf("the lobby of three offers %q", got)
	}
	noTeams(t, "the lobby", jsonOf(lobby.Embeds))
	for _, u := range []fakediscord.User{bob, cid} {
		if r := h.click(u, lobby.ID, buttonByLabel(t, lobby, "Join")); r.Type != 7 {
			t.Fatalf("Join answered type %d", r.Type)
		}
	}
	tm := h.waitTable(tb.thread)
	game := h.tableGame(tb)
	if e := tm.Text(); !strings.Contains(e, "three-handed") || !strings.Contains(e, "ana **0**") || !strings.Contains(e, "cid **0**") {
		t.Fatalf("the table does not show three-handed with a score for each: %s", e)
	}

	restarted, away, reminded, listed := false, false, false, false
	sawTrump, sawBury, sawStake, sawBuried, sawWidow := false, false, false, false, false
	for moves := 0; ; moves++ {
		if moves > 400 {
			t.Fatalf("the game did not end within %d moves", moves)
		}
		u, view, _ := h.toAct(tb.thread, humans)
		noTeams(t, u.Username+"'s hand", view.Text())
		switch c := choose(actionControls(view.Components)); {
		case strings.Contains(view.Text(), "took the widow (★): name trump"):
			sawTrump = true
			if !strings.Contains(view.Text(), "★ **Widow**, taken by you") || !strings.Contains(view.Text(), "(with the widow, before you bury)") {
				t.Errorf("the bidder naming trump does not see the widow in hand:\n%s", view.Text())
			}
		case c.Type == 3:
			sawBury = true
			if !strings.Contains(c.Placeholder, "bury") || *c.MinValues != 3 || *c.MaxValues != 3 || len(c.Options) != 18 {
				t.Errorf("the bury menu: %q, %d to %d of %d cards", c.Placeholder, *c.MinValues, *c.MaxValues, len(c.Options))
			}
			if !strings.Contains(view.Text(), "**Bury 3 cards.**") {
				t.Errorf("the bidder to bury is told:\n%s", view.Text())
			}
		case hasAction(view, commands.ActThrowIn):
			sawStake = true
			for _, want := range []string{"**At stake:**", "**Throwing in:** you -", "(their meld)", "**Playing and being set:**"} {
				if !strings.Contains(view.Text(), want) {
					t.Errorf("the bidder deciding is not told %q:\n%s", want, view.Text())
				}
			}
		}
		if strings.Contains(view.Text(), "**Buried** (seen by you alone") {
			sawBuried = true
		}
		if strings.Contains(view.Text(), "; ") && strings.Contains(view.Text(), "buried 3 cards") {
			sawWidow = true // a defender sees the widow and the bury's count
		}
		switch {
		case !reminded && moves == 3:
			h.clock.Advance(40 * time.Hour)
			h.settle(game)
			h.waitThread(tb.thread, fmt.Sprintf("<@%s>, reminder", u.ID))
			reminded = true
		case !listed && strings.Contains(h.tableState(tb.thread), "Tricks won"):
			// /pinochle games lists the table with a score for each player.
			r, _ := h.slash(cid, h.channel, "pinochle", "games")
			h.private(cid, r, "scores 0–0–0")
			listed = true
		case !restarted && strings.Contains(h.tableState(tb.thread), "Tricks won") && moves > 20:
			n := h.logLen(game)
			h.restart()
			if got := h.logLen(game); got != n {
				t.Fatalf("after the restart the log has %d actions, want %d", got, n)
			}
			restarted = true
		case !away && restarted && u.ID == ana.ID && moves > 30:
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
		r := h.actOnce(u, view)
		if gameOver(r.Text()) {
			break
		}
		h.clock.Advance(20 * time.Hour)
		h.settle(game)
	}
	h.waitThread(tb.thread, "Game over")
	if !restarted || !away || !reminded || !listed {
		t.Errorf("restarted %v, away %v, reminded %v, listed %v: the game ended before the test did all", restarted, away, reminded, listed)
	}
	// The auction's passes leave the last player stuck, so every hand has a bidder among
	// the people: each step of the widow is seen by someone.
	if !sawTrump || !sawBury || !sawStake || !sawBuried || !sawWidow {
		t.Errorf("trump %v, bury %v, stake %v, buried %v, widow %v: a step of the widow was never shown", sawTrump, sawBury, sawStake, sawBuried, sawWidow)
	}
	if dms := h.srv.DMs(bob.ID); len(dms) == 0 || !strings.Contains(dms[0].Text(), "three-handed") {
		t.Errorf("bob, who asked for direct messages, got %d", len(dms))
	}
	text := h.threadText(tb.thread)
	for _, want := range []string{"takes the widow: ", "buries 3 cards.", "plays alone against", "**Meld** (trump",
		"Trick: ", "**Hand 1 result.**", "ana is away", "ana is back", "**Game over.**"} {
		if !strings.Contains(text, want) {
			t.Errorf("the thread never says %q:\n%s", want, tail(text, 3000))
		}
	}
	noTeams(t, "the thread", text)
	if strings.Contains(text, "time ran out") {
		t.Errorf("someone's time ran out:\n%s", tail(text, 2000))
	}
	// Each hand's result tells every player's change and score, with its review (the
	// widow, the bury, the bidder alone) and the score sheet.
	for _, m := range h.srv.Messages(tb.thread) {
		if !strings.Contains(m.Text(), "**Hand 1 result.**") {
			continue
		}
		for _, u := range humans {
			if !strings.Contains(m.Text(), "\n"+u.Username+": ") {
				t.Errorf("hand 1's result has no line for %s: %q", u.Username, m.Text())
			}
		}
		r = h.click(bob, m.ID, buttonByLabel(t, m, "Review hand 1"))
		review := jsonOf(r.Embeds)
		for _, want := range []string{"Widow", "Bury", " buries ", " alone: meld "} {
			if !strings.Contains(review, want) {
				t.Errorf("the review of hand 1 lacks %q: %s", want, review)
			}
		}
		r = h.click(bob, m.ID, buttonByLabel(t, m, "Score sheet"))
		if sheet := jsonOf(r.Embeds); !strings.Contains(sheet, "ana / bob / cid") {
			t.Errorf("the score sheet: %s", sheet)
		}
	}
	r, _ = h.slash(bob, h.channel, "pinochle", "review", fakediscord.Opt("game", game))
	if review := jsonOf(r.Embeds); !strings.Contains(review, "Bury") {
		t.Errorf("/pinochle review of the game: %q %s", r.Text(), review)
	}

	// The lobby ends with the result; storage keeps each player's score and place.
	if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool {
		m, ok := h.srv.Message(tb.lobbyID)
		return ok && strings.Contains(m.Text(), "Finished: ")
	}); err != nil {
		t.Errorf("the lobby message never showed the result: %v", err)
	}
	res, err := h.store.GameResult(h.ctx, game)
	if err != nil || res.FinishedAt.IsZero() {
		t.Fatalf("no result in storage: %+v, %v", res, err)
	}
	if len(res.SeatScores) != 3 || len(res.Places) != 3 || !res.Counted {
		t.Errorf("the result in storage: %+v", res)
	}
	final := h.threadText(tb.thread)
	for s, sc := range res.SeatScores {
		if want := fmt.Sprintf("%s **%d**", humans[s].Username, sc); !strings.Contains(final, want) {
			t.Errorf("the game's end does not say %q", want)
		}
	}
	if !strings.Contains(final, "Ratings: ") {
		t.Errorf("the thread does not tell the ratings of a game of three people:\n%s", tail(final, 1500))
	}
	r, _ = h.slash(bob, h.channel, "pinochle", "export", fakediscord.Opt("game", game))
	if len(r.Files) != 1 || !strings.Contains(string(r.Files[0].Data), `"three-handed"`) || !strings.Contains(string(r.Files[0].Data), `"seat_scores"`) {
		t.Errorf("export answered %q with %d files", r.Text(), len(r.Files))
	}
	// The game of one hand counts once for each player, in words that count it so.
	r, _ = h.slash(bob, h.channel, "pinochle", "stats")
	if text := embedText(r); !strings.Contains(text, "\n1 game: ") || !strings.Contains(text, "\n1 hand, bid ") {
		t.Errorf("bob's stats after one game of one hand:\n%s", text)
	}
	r, _ = h.slash(bob, h.channel, "pinochle", "leaderboard")
	if text := embedText(r); strings.Count(text, " · 1 game, ") != 3 {
		t.Errorf("the leaderboard after one game of three:\n%s", text)
	}
	if s := h.logs.String(); strings.Contains(s, "panic") || strings.Contains(s, "level=ERROR") {
		t.Errorf("the bot logged an error:\n%s", s)
	}
}

// TestThreeHandedWithComputers: one person and two computer players play three-handed from
// /pinochle new to the end; the game does not count, and says so.
func TestThreeHandedWithComputers(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana := h.user("ana")
	tb := h.withComputers(ana, fakediscord.Opt("preset", "three-handed"), fakediscord.Opt("hands", 2), fakediscord.Opt("timer", "off"))
	game := h.tableGame(tb)
	n := h.play(tb.thread, []fakediscord.User{ana}, 2000)
	h.waitThread(tb.thread, "Game over")
	text := h.threadText(tb.thread)
	for _, want := range []string{"takes the widow: ", "buries 3 cards.", "**Hand 2 result.**", "does not count"} {
		if !strings.Contains(text, want) {
			t.Errorf("the thread never says %q:\n%s", want, tail(text, 3000))
		}
	}
	noTeams(t, "the thread", text)
	res, err := h.store.GameResult(h.ctx, game)
	if err != nil || res.Counted || len(res.SeatScores) != 3 {
		t.Errorf("the result in storage: %+v, %v", res, err)
	}
	if s := h.logs.String(); strings.Contains(s, "panic") || strings.Contains(s, "level=ERROR") {
		t.Errorf("the bot logged an error:\n%s", s)
	}
	t.Logf("%d human actions", n)
}

// TestThreeHandedThreadPosts: a three-handed hand of 15 tricks makes a few posts in its
// thread, within the budget of a four-handed hand (TestThreadPostsPerHand): the widow, the
// bury and the meld are told with the moves around them.
func TestThreeHandedThreadPosts(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana := h.user("ana")
	tb := h.withComputers(ana, fakediscord.Opt("preset", "three-handed"), fakediscord.Opt("timer", "off"), fakediscord.Opt("hands", 3))
	const hands = 1 // the first hand: a second adds nothing the first does not show
	h.playAtPace(tb, ana, hands, func(u fakediscord.User, view fakediscord.Response) { h.actOnce(u, view) })
	perHand := h.postsByHand(tb, hands)
	for n := 1; n <= hands; n++ {
		posts := perHand[n]
		all := strings.Join(posts, "\n---\n")
		if len(posts) > 8 {
			t.Errorf("hand %d made %d posts, want at most 8:\n%s", n, len(posts), all)
		}
		for _, want := range []string{"takes the widow", "buries 3 cards", fmt.Sprintf("**Hand %d result.**", n)} {
			if !strings.Contains(all, want) {
				t.Errorf("hand %d: %q is not told before the next deal:\n%s", n, want, all)
			}
		}
		t.Logf("hand %d: %d posts", n, len(posts))
	}
}

// TestThreeHandedBuryMisuse: bury menus that are forged, out of turn, of the wrong size or
// stale get a private answer and change nothing; a second submission of the same bury is
// answered as done.
func TestThreeHandedBuryMisuse(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	tb, users := h.threeHumans(fakediscord.Opt("timer", "off"))
	game := h.tableGame(tb)
	var bidder fakediscord.User
	var view fakediscord.Response
	var hd *fakediscord.Handle
	var menu fakediscord.Component
	for range 20 {
		u, v, vh := h.toAct(tb.thread, users)
		if c := choose(actionControls(v.Components)); c.Type == 3 {
			bidder, view, hd, menu = u, v, vh, c
			break
		}
		h.actOnce(u, v)
		h.settle(game)
	}
	if hd == nil {
		t.Fatal("no bidder was asked to bury")
	}
	at, err := commands.ParseID(menu.CustomID)
	if err != nil {
		t.Fatal(err)
	}
	other := users[0]
	if other.ID == bidder.ID {
		other = users[1]
	}
	values := func(n int) []string {
		var out []string
		for _, o := range menu.Options[:n] {
			out = append(out, o.Value)
		}
		return out
	}
	// forged submits values through a menu that offers them, as a modified client might.
	forged := func(h *harness, by fakediscord.User, customID string, vals []string) fakediscord.Response {
		h.t.Helper()
		_, own := h.myHand(by, tb.thread)
		m := menu
		m.CustomID = customID
		m.Options = append([]fakediscord.SelectOption(nil), menu.Options...)
		offered := map[string]bool{}
		for _, o := range m.Options {
			offered[o.Value] = true
		}
		for _, v := range vals {
			if !offered[v] {
				offered[v] = true
				m.Options = append(m.Options, fakediscord.SelectOption{Label: v, Value: v})
			}
		}
		one, all := 1, len(m.Options)
		m.MinValues, m.MaxValues = &one, &all
		msg := h.forge(own, m)
		return h.wait(h.srv.Select(by, msg, customID, vals))
	}
	stale := commands.ID{Game: game, Hand: at.Hand, Step: at.Step - 1, Action: commands.ActPassCards}.String()
	cases := []struct {
		name   string
		by     fakediscord.User
		id     string
		values []string
		want   string
	}{
		{"two cards", bidder, menu.CustomID, values(2), "⚠️ Bury exactly 3 cards."},
		{"four cards", bidder, menu.CustomID, values(4), "⚠️ Bury exactly 3 cards."},
		{"cards not held", bidder, menu.CustomID, []string{"AS#2", "AS#3", "AH#3"}, "⚠️ You can only bury cards you hold."},
		{"the same card twice", bidder, menu.CustomID, []string{menu.Options[0].Value, menu.Options[0].Value, menu.Options[1].Value}, "⚠️"},
		{"by a defender", other, menu.CustomID, values(3), "⚠️"},
		{"of an earlier step", bidder, stale, values(3), "earlier step"},
		{"of another game", bidder, commands.ID{Game: game + 100, Hand: at.Hand, Step: at.Step, Action: commands.ActPassCards}.String(), values(3), ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := *h
			h.t = t
			before := h.public(game, tb)
			r := forged(&h, c.by, c.id, c.values)
			h.private(c.by, r, c.want)
			t.Logf("%s: %q", c.name, firstLine(r.Text()))
			h.unchanged(game, tb, before)
		})
	}
	// The bury itself, then the same menu again: done already.
	r := h.wait(h.srv.Select(bidder, view.MessageID, menu.CustomID, values(3)))
	if r.Type != 7 || strings.Contains(r.Text(), "⚠️") {
		t.Fatalf("the bury answered %q", r.Text())
	}
	if !strings.Contains(r.Text(), "**Buried** (seen by you alone") {
		t.Errorf("the bidder's hand after the bury does not show its buried cards:\n%s", r.Text())
	}
	h.settle(game)
	before := h.public(game, tb)
	r = forged(h, bidder, menu.CustomID, values(3))
	h.private(bidder, r, "done already")
	h.unchanged(game, tb, before)
	// The others see that 3 cards were buried, never which.
	buried := strings.Split(strings.TrimSpace(r.Text()[strings.Index(r.Text(), "**Buried**"):]), "\n")[0]
	for _, u := range users {
		if u.ID == bidder.ID {
			continue
		}
		v, _ := h.myHand(u, tb.thread)
		if strings.Contains(v.Text(), "**Buried**") || !strings.Contains(v.Text(), "buried 3 cards") {
			t.Errorf("%s's hand after the bury:\n%s", u.Username, v.Text())
		}
	}
	if text := h.threadText(tb.thread) + h.tableState(tb.thread); strings.Contains(text, buried) {
		t.Errorf("the table shows the bidder's %q", buried)
	}
}

// TestThreeHandedForfeit: at a table that forfeits, a three-handed player whose time runs
// out forfeits alone, by name, and storage places that seat last.
func TestThreeHandedForfeit(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	tb, users := h.threeHumans(fakediscord.Opt("timer", "1h"), fakediscord.Opt("timeout", "forfeit"))
	game := h.tableGame(tb)
	late, _, _ := h.toAct(tb.thread, users)
	h.clock.Advance(time.Hour)
	h.settle(game)
	h.waitThread(tb.thread, fmt.Sprintf("%s's time ran out: **%s forfeits**.", late.Username, late.Username))
	noTeams(t, "the thread", h.threadText(tb.thread))
	res, err := h.store.GameResult(h.ctx, game)
	if err != nil || !res.Forfeited || len(res.Places) != 3 {
		t.Fatalf("the result in storage: %+v, %v", res, err)
	}
	for s, u := range users {
		if u.ID == late.ID && res.Places[s] != 3 {
			t.Errorf("%s forfeited and is placed %d", u.Username, res.Places[s])
		}
	}
	if m, ok := h.srv.Message(tb.lobbyID); !ok || !strings.Contains(m.Text(), late.Username+" forfeited") {
		t.Errorf("the lobby does not tell the forfeit: %s", jsonOf(m.Embeds))
	}
}

// TestThreeHandedLateBury: a bidder whose time runs out as it is to bury has the computer
// bury for it, told as any bury (how many, never which), and the game goes on.
func TestThreeHandedLateBury(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	tb, users := h.threeHumans(fakediscord.Opt("timer", "1h"), fakediscord.Opt("timeout", "computer"))
	game := h.tableGame(tb)
	var late fakediscord.User
	for range 20 {
		u, v, _ := h.toAct(tb.thread, users)
		if c := choose(actionControls(v.Components)); c.Type == 3 {
			late = u
			break
		}
		h.actOnce(u, v)
		h.settle(game)
	}
	if late.ID == "" {
		t.Fatal("no bidder was asked to bury")
	}
	n := h.logLen(game)
	h.clock.Advance(time.Hour)
	h.settle(game)
	h.waitThread(tb.thread, fmt.Sprintf("%s's time ran out: a computer player moved for them.", late.Username))
	if got := h.logLen(game); got != n+1 {
		t.Fatalf("the log has %d actions after the timeout, want %d", got, n+1)
	}
	h.waitThread(tb.thread, late.Username+" buries 3 cards.")
	v, _ := h.myHand(late, tb.thread)
	if !strings.Contains(v.Text(), "**Buried** (seen by you alone") {
		t.Errorf("the late bidder's hand does not show what the computer buried:\n%s", v.Text())
	}
	u, view, _ := h.toAct(tb.thread, users)
	h.actOnce(u, view)
}
