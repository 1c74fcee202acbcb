package bot_test

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/record"
	"github.com/pinochle-discord/pinochle/fakediscord"
	"github.com/pinochle-discord/pinochle/table"
)

// The loop around games, end to end through the fake Discord: playing again, finding
// players, watching, leaving, and the admins' tools. Each test lets the fake refuse any
// message that pings someone it does not allow (AllowPings): the players of its tables,
// who may be told it is their turn, and the members who asked to be called.

// playAgainOffer waits for the Play again offer of a game in the channel and returns it.
func (h *harness) playAgainOffer(channel string, game int64) fakediscord.Message {
	h.t.Helper()
	want := commands.PlayAgainID{Game: game, Action: commands.AgainReady}.String()
	var offer fakediscord.Message
	if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool {
		for _, m := range h.srv.Messages(channel) {
			for _, c := range m.Controls() {
				if c.CustomID == want {
					offer = m
					return true
				}
			}
		}
		return false
	}); err != nil {
		h.t.Fatalf("no Play again offer for game %d in channel %s: %v", game, channel, err)
	}
	return offer
}

// nextThread waits until a Play again offer says where the next game is played, and
// returns that thread.
func (h *harness) nextThread(offerID string) string {
	h.t.Helper()
	var thread string
	if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool {
		m, ok := h.srv.Message(offerID)
		if !ok || !strings.Contains(m.Content, "is on in") {
			return false
		}
		thread = threadRef.FindStringSubmatch(m.Content)[1]
		return true
	}); err != nil {
		m, _ := h.srv.Message(offerID)
		h.t.Fatalf("the offer never said where the next game is: %q: %v", m.Content, err)
	}
	return thread
}

// TestPlayAgainThreeGames: a group plays three games in a row with Play again alone. Each
// next game keeps the preset, options and settings, turns the seats one place (the next
// dealer deals first), and starts once both players pressed Play again; a stranger's press,
// a second press and a guest's Start now are answered privately and change nothing.
func TestPlayAgainThreeGames(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana, bob, cy := h.user("ana"), h.user("bob"), h.user("cy")
	h.srv.AllowPings(ana.ID, bob.ID)
	tb := h.newTable(ana, fakediscord.Opt("preset", "two-handed"), fakediscord.Opt("hands", 1), fakediscord.Opt("level", "easy"))
	lobby := h.message(tb.lobbyID)
	h.click(bob, lobby.ID, buttonByLabel(t, lobby, "Join"))
	thread := tb.thread
	first, err := h.store.GetGame(h.ctx, h.tableGame(tb))
	if err != nil {
		t.Fatal(err)
	}
	game := first.ID
	for round := 1; round <= 3; round++ {
		h.play(thread, []fakediscord.User{ana, bob}, 2000)
		h.settle()
		g, err := h.store.GetGame(h.ctx, game)
		if err != nil || g.Status != table.StatusFinished {
			t.Fatalf("game %d of round %d: %v, %v", game, round, g.Status, err)
		}
		if round == 3 {
			break
		}
		offer := h.playAgainOffer(h.channel, game)
		if len(offer.Pings.Users) != 0 || strings.Contains(offer.Content, "<@") {
			t.Errorf("the offer mentions someone: %q", offer.Content)
		}
		ready := buttonByLabel(t, offer, "Play again")
		// A stranger cannot play it again, and the host alone starts it with computers.
		h.private(cy, h.click(cy, offer.ID, ready), "Only the players of that game")
		first := ana
		if g.Seats[0].UserID != ana.ID {
			first = bob // each game's first seat presses first
		}
		second := bob
		if first.ID == bob.ID {
			second = ana
		}
		if g.HostID != first.ID {
			h.private(first, h.click(first, offer.ID, buttonByLabel(t, offer, "Start now")), "Only the game's host")
		}
		r := h.click(first, offer.ID, ready)
		if r.Type != 7 || !strings.Contains(r.Content, "✅ "+first.Username) || !strings.Contains(r.Content, "⏳ "+second.Username) {
			t.Fatalf("the first press: type %d %q", r.Type, r.Content)
		}
		h.private(first, h.click(first, offer.ID, ready), "pressed **Play again** already")
		h.click(second, offer.ID, ready)
		next := h.nextThread(offer.ID)
		h.settle()
		if msg := h.message(offer.ID); len(msg.Controls()) != 0 {
			t.Errorf("the offer still has its buttons once the next game is on")
		}
		tm := h.waitTable(next)
		nextID := gameOf(t, buttonByLabel(t, tm, "My hand"))
		ng, err := h.store.GetGame(h.ctx, nextID)
		if err != nil {
			t.Fatal(err)
		}
		if ng.Preset != g.Preset || !maps.Equal(ng.Options, g.Options) || ng.Settings != g.Settings {
			t.Errorf("game %d is %s %v %+v, want game %d's %s %v %+v", nextID, ng.Preset, ng.Options, ng.Settings, game, g.Preset, g.Options, g.Settings)
		}
		if ng.Seats[0].UserID != g.Seats[1].UserID || ng.Seats[1].UserID != g.Seats[0].UserID || ng.Status != table.StatusPlaying {
			t.Errorf("game %d seats %v (%s), want game %d's turned one place: %v", nextID, ng.Seats, ng.Status, game, g.Seats)
		}
		game, thread = nextID, next
	}
	if n := len(h.srv.Threads()); n != 3 {
		t.Errorf("%d threads, want one a game", n)
	}
}

// TestPlayAgainStartNowAfterRestart: the offer survives a restart; the host's Start now
// deals the next game at once, with computer players in the seats of the players who did not
// press Play again, and the ready players in theirs.
func TestPlayAgainStartNowAfterRestart(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana, bob, cy := h.user("ana"), h.user("bob"), h.user("cy")
	h.srv.AllowPings(ana.ID, bob.ID, cy.ID)
	tb := h.newTable(ana, fakediscord.Opt("preset", "racehorse"), fakediscord.Opt("hands", 1), fakediscord.Opt("level", "easy"))
	lobby := h.message(tb.lobbyID)
	join := buttonByLabel(t, lobby, "Join")
	h.click(bob, lobby.ID, join)
	h.click(cy, lobby.ID, join)
	h.click(ana, lobby.ID, buttonByLabel(t, lobby, "Start"))
	game := h.tableGame(tb)
	h.play(tb.thread, []fakediscord.User{ana, bob, cy}, 3000)
	offer := h.playAgainOffer(h.channel, game)
	h.click(bob, offer.ID, buttonByLabel(t, offer, "Play again"))
	h.restart()
	h.click(ana, offer.ID, buttonByLabel(t, offer, "Start now"))
	next := h.nextThread(offer.ID)
	tm := h.waitTable(next)
	ng, err := h.store.GetGame(h.ctx, gameOf(t, buttonByLabel(t, tm, "My hand")))
	if err != nil {
		t.Fatal(err)
	}
	// Game 1's seats were ana, bob, cy and a computer; turned one place: bob, cy, computer, ana.
	want := []string{bob.ID, "", "", ana.ID}
	for s, seat := range ng.Seats {
		if seat.UserID != want[s] || (want[s] == "") != seat.IsComputer() {
			t.Errorf("seat %d of the next game: %+v, want user %q", s, seat, want[s])
		}
	}
	if ng.HostID != ana.ID || ng.Status != table.StatusPlaying {
		t.Errorf("the next game's host %s, status %s; want ana, playing", ng.HostID, ng.Status)
	}
}

// TestPlayAgainOfferLostIsPostedAtStart: a Play again offer lost between the game's end and
// its post (here Discord refuses it; a process killed then loses it the same way) is posted
// when the bot starts again, once, and works: both players press Play again and the next
// game deals. A restart after that posts no second offer.
func TestPlayAgainOfferLostIsPostedAtStart(t *testing.T) {
	t.Parallel()
	h, tr := faultHarness(t)
	ana, bob := h.user("ana"), h.user("bob")
	h.srv.AllowPings(ana.ID, bob.ID)
	tb := h.newTable(ana, fakediscord.Opt("preset", "two-handed"), fakediscord.Opt("hands", 1), fakediscord.Opt("level", "easy"))
	lobby := h.message(tb.lobbyID)
	h.click(bob, lobby.ID, buttonByLabel(t, lobby, "Join"))
	game := h.tableGame(tb)
	// The table plays in its thread: the next post in the channel is the offer.
	tr.inject(&fault{method: "POST", path: regexp.MustCompile(`^/api/v\d+/channels/` + h.channel + `/messages$`), status: 403,
		body: `{"code":50013,"message":"Missing Permissions"}`, times: 1})
	h.play(tb.thread, []fakediscord.User{ana, bob}, 2000)
	h.settle()
	// The offers of the game, with their buttons or, once played again, saying where.
	offers := func() int {
		n := 0
		for _, m := range h.srv.Messages(h.channel) {
			if strings.HasPrefix(m.Content, fmt.Sprintf("🔁 **Play again?** Game #%d ", game)) ||
				strings.HasPrefix(m.Content, fmt.Sprintf("🔁 Game #%d's players play again", game)) {
				n++
			}
		}
		return n
	}
	if n := offers(); n != 0 {
		t.Fatalf("%d offers posted through a refusal", n)
	}
	h.restart()
	offer := h.playAgainOffer(h.channel, game)
	ready := buttonByLabel(t, offer, "Play again")
	h.click(ana, offer.ID, ready)
	h.click(bob, offer.ID, ready)
	h.waitTable(h.nextThread(offer.ID))
	h.settle()
	h.restart()
	h.settle()
	if n := offers(); n != 1 {
		t.Errorf("%d offers of game %d, want 1", n, game)
	}
}

// pings lists everyone the bot's messages pinged so far, sorted, once each.
func (h *harness) pinged() []string {
	seen := map[string]bool{}
	for _, p := range h.srv.Pings() {
		for _, u := range p.Pings.Users {
			seen[u] = true
		}
	}
	return keys(seen)
}

// TestFindPlayersFillsAQuietChannel: in a quiet channel, /table play opens a table and calls
// the members who asked to be (each once, and nobody else: the fake refuses any other ping),
// who then take its seats with /table play until it deals. Asking twice, taking back what
// was never asked, and inviting a member who did not ask, or was called within the hour, are
// answered privately and mention nobody.
func TestFindPlayersFillsAQuietChannel(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	mia := h.manager("mia")
	ana, bob, cy, dan, eve, fay := h.user("ana"), h.user("bob"), h.user("cy"), h.user("dan"), h.user("eve"), h.user("fay")
	h.srv.AllowPings(bob.ID, cy.ID, dan.ID)
	// No turn is mentioned or timed in this server: the only pings are calls.
	r, _ := h.slash(mia, h.channel, "pinochle", "settings", fakediscord.Opt("ping", "never"), fakediscord.Opt("timer", "off"))
	h.private(mia, r, "")

	for _, u := range []fakediscord.User{bob, cy, dan, fay} {
		r, _ := h.slash(u, h.channel, "table", "call", fakediscord.Opt("on", true))
		h.private(u, r, "I will mention you")
	}
	r, _ = h.slash(bob, h.channel, "table", "call", fakediscord.Opt("on", true))
	h.private(bob, r, "on the call list already")
	r, _ = h.slash(fay, h.channel, "table", "call", fakediscord.Opt("on", false))
	h.private(fay, r, "No more calls")
	r, _ = h.slash(eve, h.channel, "table", "call", fakediscord.Opt("on", false))
	h.private(eve, r, "not on the call list")

	r, _ = h.slash(ana, h.channel, "table", "play", fakediscord.Opt("preset", "racehorse"))
	h.private(ana, r, "I called 3 members")
	h.settle()
	if got, want := h.pinged(), keys(map[string]bool{bob.ID: true, cy.ID: true, dan.ID: true}); !slices.Equal(got, want) {
		t.Fatalf("the call pinged %v, want bob, cy and dan", got)
	}
	var call fakediscord.Message
	for _, m := range h.srv.Messages(h.channel) {
		if strings.Contains(m.Content, "📣") {
			call = m
		}
	}
	if !strings.Contains(call.Content, "racehorse") || !strings.Contains(call.Content, "3 more players") {
		t.Errorf("the call says %q", call.Content)
	}
	for i, u := range []fakediscord.User{bob, cy, dan} {
		r, _ := h.slash(u, h.channel, "table", "play", fakediscord.Opt("preset", "racehorse"))
		want := "You sit at a **racehorse** table"
		if i == 2 {
			want = "You took the last seat"
		}
		h.private(u, r, want)
	}
	threads := h.srv.Threads()
	tm := h.waitTable(threads[0].ID)
	g, err := h.store.GetGame(h.ctx, gameOf(t, buttonByLabel(t, tm, "My hand")))
	if err != nil || g.Status != table.StatusPlaying {
		t.Fatalf("the table did not deal: %v, %v", g.Status, err)
	}
	for _, u := range []fakediscord.User{ana, bob, cy, dan} {
		if g.SeatOf(u.ID) < 0 {
			t.Errorf("%s has no seat: %v", u.Username, g.Seats)
		}
	}
	h.settle()
	if m := h.message(threads[0].StarterMessageID); len(m.Controls()) != 0 {
		t.Errorf("the lobby of a dealt game still has buttons: %v", labels(m.Controls()))
	}

	// Everyone who asked is at a table, or called within the hour: a new lobby calls nobody.
	r, _ = h.slash(eve, h.channel, "table", "play", fakediscord.Opt("preset", "racehorse"))
	h.private(eve, r, "Nobody who asked to be called is free")
	r, _ = h.slash(eve, h.channel, "table", "invite", fakediscord.UserOpt("user", fay))
	h.private(eve, r, "has not asked to be called")
	r, _ = h.slash(eve, h.channel, "table", "invite", fakediscord.UserOpt("user", bob))
	h.private(eve, r, "less than an hour ago")
	r, _ = h.slash(cy, h.channel, "table", "invite", fakediscord.UserOpt("user", dan))
	h.private(cy, r, "no open table here")
	h.settle()
	if got := h.pinged(); len(got) != 3 {
		t.Errorf("after the refusals, pinged %v", got)
	}
	h.clock.Advance(61 * time.Minute)
	r, _ = h.slash(eve, h.channel, "table", "invite", fakediscord.UserOpt("user", bob))
	h.private(eve, r, "I mentioned")
	h.settle()
	last := h.srv.Pings()[len(h.srv.Pings())-1]
	if !slices.Equal(last.Pings.Users, []string{bob.ID}) {
		t.Errorf("the invitation pinged %v, want bob alone", last.Pings.Users)
	}
}

// watchedVersions returns every version of a message: as first sent, then after each edit.
func (h *harness) watchedVersions(id string) []fakediscord.Message {
	var out []fakediscord.Message
	for _, e := range h.srv.Edits() {
		if e.MessageID != id {
			continue
		}
		if len(out) == 0 {
			out = append(out, e.Before)
		}
		out = append(out, e.After)
	}
	if len(out) == 0 {
		out = append(out, h.message(id))
	}
	return out
}

// handOf returns the hand a table message shows, from its heading.
func (h *harness) handOf(thread string) int {
	m, _ := h.tableMessage(thread)
	head, _, _ := strings.Cut(m.Text(), "\n")
	var n int
	if i := strings.LastIndex(head, "hand "); i >= 0 {
		fmt.Sscanf(head[i:], "hand %d", &n)
	}
	return n
}

// textDisplays returns the words of a Components V2 message's Text Displays, in order.
func textDisplays(cs []fakediscord.Component) []string {
	var out []string
	for _, c := range cs {
		if c.Type == fakediscord.ComponentTextDisplay {
			out = append(out, c.Content)
		}
		out = append(out, textDisplays(c.Components)...)
	}
	return out
}

// TestWatcherSeesNoCardItShouldNot: someone not seated follows a hand privately with the
// Watch button: their message shows the public table as it goes (as the table message
// does, and nothing more) and each seat's cards only once the hand is over; a player of the
// table is refused. At a table opened with kibitzing allowed, the watcher sees every seat's
// cards as they are.
func TestWatcherSeesNoCardItShouldNot(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana, bob, cy := h.user("ana"), h.user("bob"), h.user("cy")
	h.srv.AllowPings() // nobody: this table mentions no turn
	tb := h.newTable(ana, fakediscord.Opt("preset", "two-handed"), fakediscord.Opt("hands", 2), fakediscord.Opt("ping", "never"))
	lobby := h.message(tb.lobbyID)
	h.click(bob, lobby.ID, buttonByLabel(t, lobby, "Join"))
	tm := h.waitTable(tb.thread)
	game := gameOf(t, buttonByLabel(t, tm, "My hand"))
	h.private(ana, h.click(ana, tm.ID, buttonByLabel(t, tm, "Watch")), "You play at this table")

	w := h.wait(h.srv.Click(cy, tm.ID, buttonByLabel(t, tm, "Watch")))
	if !w.Ephemeral || w.Type != 4 {
		t.Fatalf("Watch answered type %d, ephemeral %v", w.Type, w.Ephemeral)
	}
	watch := w.MessageID
	users := []fakediscord.User{ana, bob}
	for range 500 {
		if h.handOf(tb.thread) == 2 {
			break
		}
		u, view, _ := h.toAct(tb.thread, users)
		h.actOnce(u, view)
	}
	if h.handOf(tb.thread) != 2 {
		t.Fatal("hand 1 never ended")
	}
	// A few moves into hand 2, then look at everything the watcher was shown.
	for range 3 {
		u, view, _ := h.toAct(tb.thread, users)
		h.actOnce(u, view)
	}
	h.settle(game)
	recs, err := h.store.LoadActions(h.ctx, game)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := h.store.GetGame(h.ctx, game)
	rules, _ := g.Rules()
	var log []engine.Action
	for _, r := range recs {
		log = append(log, r.Action)
	}
	dealt, err := record.HandAt(rules, g.Seed, log, 1)
	if err != nil {
		t.Fatal(err)
	}
	versions := h.watchedVersions(watch)
	if len(versions) < 3 {
		t.Fatalf("the watcher's message changed %d times over a hand", len(versions)-1)
	}
	for k, v := range versions {
		text := v.Text()
		if strings.Contains(text, "Hand 2 as dealt") || strings.Contains(text, "now**") {
			t.Errorf("version %d shows cards of the hand in play:\n%s", k, text)
		}
	}
	last := versions[len(versions)-1]
	text := last.Text()
	for s, name := range []string{"ana", "bob"} {
		var cards []string
		for _, c := range dealt.Dealt[s].Cards() {
			cards = append(cards, c.Symbol())
		}
		if want := name + ": " + strings.Join(cards, " "); !strings.Contains(text, want) {
			t.Errorf("the watcher does not see %s's hand 1 as dealt (%q):\n%s", name, want, text)
		}
	}
	// The public table is the table message's, word for word; the watcher's words add the
	// hands already over.
	tm, _ = h.tableMessage(tb.thread)
	table, watched := textDisplays(tm.Components), textDisplays(last.Components)
	if len(table) < 2 || len(watched) < 2 || !strings.HasPrefix(watched[1], table[1]) {
		t.Errorf("the watcher's table differs from the table message:\n%q\nvs\n%q", watched, table)
	}

	// Kibitzing allowed: every seat's cards, live.
	kb := h.newTable(ana, fakediscord.Opt("preset", "two-handed"), fakediscord.Opt("kibitz", true), fakediscord.Opt("ping", "never"))
	lobby = h.message(kb.lobbyID)
	h.click(bob, lobby.ID, buttonByLabel(t, lobby, "Join"))
	tm = h.waitTable(kb.thread)
	w = h.wait(h.srv.Click(cy, tm.ID, buttonByLabel(t, tm, "Watch")))
	if text := w.Text(); !strings.Contains(text, "Hand 1 now") || !strings.Contains(text, "kibitzing") {
		t.Errorf("a kibitzer does not see the hands live:\n%s", text)
	}
}

// TestWatchAfterRestart: a watcher's message says how old the table it shows is, so that
// one left behind by a restart (watchers are not kept: see bot/watch.go) reads as stale, not
// as the table now; its Refresh, and the table's Watch, work on the restarted bot, and the
// table follows the watcher again from there.
func TestWatchAfterRestart(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana, bob, cy := h.user("ana"), h.user("bob"), h.user("cy")
	h.srv.AllowPings(ana.ID, bob.ID) // the players may be mentioned, never the watcher
	tb := h.newTable(ana, fakediscord.Opt("preset", "two-handed"), fakediscord.Opt("hands", 1), fakediscord.Opt("ping", "never"),
		fakediscord.Opt("level", "easy"))
	lobby := h.message(tb.lobbyID)
	h.click(bob, lobby.ID, buttonByLabel(t, lobby, "Join"))
	tm := h.waitTable(tb.thread)
	w := h.wait(h.srv.Click(cy, tm.ID, buttonByLabel(t, tm, "Watch")))
	watch := w.MessageID
	if want := fmt.Sprintf("The table as of <t:%d:R>.", h.clock.Now().Unix()); !strings.Contains(w.Text(), want) {
		t.Fatalf("the watcher's message does not say how old it is (%q):\n%s", want, w.Text())
	}
	h.restart()
	h.clock.Advance(5 * time.Minute)
	users := []fakediscord.User{ana, bob}
	for range 4 {
		u, view, _ := h.toAct(tb.thread, users)
		h.actOnce(u, view)
	}
	h.settle()
	// Refresh brings the message up to date on the restarted bot, saying so.
	r := h.click(cy, watch, buttonByLabel(t, h.message(watch), "Refresh"))
	if r.Type != 7 || !strings.Contains(r.Text(), fmt.Sprintf("as of <t:%d:R>", h.clock.Now().Unix())) {
		t.Fatalf("Refresh after a restart answered type %d:\n%s", r.Type, r.Text())
	}
	// And the table follows it again: a trick or two later it has been edited.
	refreshed := len(h.watchedVersions(watch))
	for range 12 {
		u, view, _ := h.toAct(tb.thread, users)
		h.actOnce(u, view)
	}
	h.settle()
	if n := len(h.watchedVersions(watch)); n <= refreshed {
		t.Errorf("the watcher's message was not edited as the table moved on after its Refresh (%d versions, %d before)", n, refreshed)
	}
	// The table's Watch works on the restarted bot too.
	tm, _ = h.tableMessage(tb.thread)
	again := h.wait(h.srv.Click(cy, tm.ID, buttonByLabel(t, tm, "Watch")))
	if !again.Ephemeral || !strings.Contains(again.Text(), "Watching") {
		t.Errorf("Watch after a restart answered type %d: %q", again.Type, again.Text())
	}
}

// TestLeaveCountsAndComesBack: a player who leaves a game in play is replaced by a computer
// player and the table is told; back within the table's turn timer they have their seat
// again, after it they do not. The finished game counts the leaver's game left on the
// leaderboard and in their stats, and Play again does not wait for them.
func TestLeaveCountsAndComesBack(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana, bob := h.user("ana"), h.user("bob")
	h.srv.AllowPings(ana.ID, bob.ID)
	tb := h.newTable(ana, fakediscord.Opt("preset", "two-handed"), fakediscord.Opt("hands", 1), fakediscord.Opt("timer", "5m"),
		fakediscord.Opt("ping", "never"), fakediscord.Opt("level", "easy"))
	lobby := h.message(tb.lobbyID)
	h.click(bob, lobby.ID, buttonByLabel(t, lobby, "Join"))
	game := h.tableGame(tb)

	r, _ := h.slash(bob, tb.thread, "pinochle", "leave")
	h.private(bob, r, "You left the game")
	h.waitThread(tb.thread, "🚪 bob left the game")
	h.clock.Advance(4 * time.Minute)
	r, _ = h.slash(bob, tb.thread, "pinochle", "back")
	h.private(bob, r, "Welcome back")
	r, _ = h.slash(bob, tb.thread, "pinochle", "leave")
	h.private(bob, r, "You left the game")
	r, _ = h.slash(bob, tb.thread, "pinochle", "leave")
	h.private(bob, r, "You left that game already")
	h.clock.Advance(5*time.Minute + time.Second)
	r, _ = h.slash(bob, tb.thread, "pinochle", "back")
	h.private(bob, r, "too long ago")

	h.play(tb.thread, []fakediscord.User{ana}, 2000)
	h.settle()
	g, err := h.store.GetGame(h.ctx, game)
	if err != nil || g.Status != table.StatusFinished || !g.Seats[1].HasLeft() {
		t.Fatalf("game %v, bob's seat %+v, %v", g.Status, g.Seats[1], err)
	}
	r, _ = h.slash(ana, h.channel, "pinochle", "leaderboard")
	if text := messageText(fakediscord.Message{Content: r.Content, Embeds: r.Embeds}); !strings.Contains(text, "**bob** ·") || !strings.Contains(text, "1 left") {
		t.Errorf("the leaderboard does not count bob's game left:\n%s", text)
	}
	r, _ = h.slash(bob, h.channel, "pinochle", "stats")
	if text := messageText(fakediscord.Message{Content: r.Content, Embeds: r.Embeds}); !strings.Contains(text, "1 game left") {
		t.Errorf("bob's stats do not count his game left:\n%s", text)
	}

	offer := h.playAgainOffer(h.channel, game)
	if !strings.Contains(offer.Content, "🚪 bob") {
		t.Errorf("the offer does not show that bob left: %q", offer.Content)
	}
	h.click(ana, offer.ID, buttonByLabel(t, offer, "Play again"))
	next := h.nextThread(offer.ID)
	ng, err := h.store.GetGame(h.ctx, gameOf(t, buttonByLabel(t, h.waitTable(next), "My hand")))
	if err != nil || ng.Seats[0].UserID != "" || !ng.Seats[0].IsComputer() || ng.Seats[1].UserID != ana.ID {
		t.Errorf("the next game's seats %+v (%v): want a computer in bob's, ana in hers", ng.Seats, err)
	}
}

// TestAdminCorrectsABoard: a server's admin corrects its board: a member without Manage
// Server is refused every tool privately, changing nothing; a game's result is taken back
// (the board then counts the other games alone), a member is kept off the board and put
// back, the board is hidden and shown, the season renamed, reset and ended; the log says
// who did each, and when.
func TestAdminCorrectsABoard(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	mia, ana, bob := h.manager("mia"), h.user("ana"), h.user("bob")
	h.srv.AllowPings(ana.ID, bob.ID)
	var games []int64
	for range 2 {
		tb := h.newTable(ana, fakediscord.Opt("preset", "two-handed"), fakediscord.Opt("hands", 1), fakediscord.Opt("ping", "never"))
		lobby := h.message(tb.lobbyID)
		h.click(bob, lobby.ID, buttonByLabel(t, lobby, "Join"))
		games = append(games, h.tableGame(tb))
		h.play(tb.thread, []fakediscord.User{ana, bob}, 2000)
	}
	h.settle()
	board := func() string {
		r, _ := h.slash(mia, h.channel, "pinochle", "leaderboard", fakediscord.Opt("season", "overall"))
		return messageText(fakediscord.Message{Content: r.Content, Embeds: r.Embeds})
	}
	before := board()
	if !strings.Contains(before, "**ana** · rating") || !strings.Contains(before, "2 games") {
		t.Fatalf("the board before: %s", before)
	}
	for _, sub := range []fakediscord.Option{
		fakediscord.Sub("void", fakediscord.Opt("game", games[0])),
		fakediscord.Sub("exclude", fakediscord.UserOpt("user", bob)),
		fakediscord.Sub("leaderboard", fakediscord.Opt("visible", false)),
		fakediscord.Sub("season", fakediscord.Opt("action", "reset")),
		fakediscord.Sub("log"),
	} {
		r := h.wait(h.srv.SlashCommand(ana, h.guild, h.channel, "pinochle-admin", sub))
		h.private(ana, r, "Manage Server")
	}
	if after := board(); after != before {
		t.Errorf("a refused admin tool changed the board:\n%s\n%s", before, after)
	}

	admin := func(want string, opts ...fakediscord.Option) {
		t.Helper()
		r := h.wait(h.srv.SlashCommand(mia, h.guild, h.channel, "pinochle-admin", opts...))
		h.private(mia, r, want)
	}
	admin("no longer counts", fakediscord.Sub("void", fakediscord.Opt("game", games[0])))
	admin("taken back already", fakediscord.Sub("void", fakediscord.Opt("game", games[0])))
	admin("not one of this server's", fakediscord.Sub("void", fakediscord.Opt("game", 999)))
	if b := board(); !strings.Contains(b, "1 game,") || strings.Contains(b, "2 games") {
		t.Errorf("the board after the void still counts the game:\n%s", b)
	}
	admin("off the leaderboard now", fakediscord.Sub("exclude", fakediscord.UserOpt("user", bob)))
	admin("off the leaderboard already", fakediscord.Sub("exclude", fakediscord.UserOpt("user", bob)))
	if b := board(); strings.Contains(b, "**bob**") {
		t.Errorf("bob is on the board:\n%s", b)
	}
	admin("back on the leaderboard", fakediscord.Sub("include", fakediscord.UserOpt("user", bob)))
	admin("hidden now", fakediscord.Sub("leaderboard", fakediscord.Opt("visible", false)))
	r, _ := h.slash(ana, h.channel, "pinochle", "leaderboard")
	h.private(ana, r, "admins have hidden the leaderboard")
	admin("shown again", fakediscord.Sub("leaderboard", fakediscord.Opt("visible", true)))
	r, _ = h.slash(ana, h.channel, "pinochle", "leaderboard")
	if r.Ephemeral || !strings.Contains(messageText(fakediscord.Message{Embeds: r.Embeds}), "**bob**") {
		t.Errorf("the board shown again: %+v", r)
	}

	admin("No season is running", fakediscord.Sub("season", fakediscord.Opt("action", "reset")))
	h.clock.Advance(time.Minute) // a season starts after the games already counted
	r, _ = h.slash(mia, h.channel, "league", "start", fakediscord.Opt("name", "Spring"))
	if !strings.Contains(r.Content, "has started") {
		t.Fatalf("league start: %q", r.Content)
	}
	admin("is now called **Summer**", fakediscord.Sub("season", fakediscord.Opt("action", "rename"), fakediscord.Opt("name", "Summer")))
	admin("starts again", fakediscord.Sub("season", fakediscord.Opt("action", "reset")))
	h.clock.Advance(time.Minute)
	admin("ended", fakediscord.Sub("season", fakediscord.Opt("action", "end")))

	r = h.wait(h.srv.SlashCommand(mia, h.guild, h.channel, "pinochle-admin", fakediscord.Sub("log")))
	log := messageText(fakediscord.Message{Embeds: r.Embeds})
	for _, want := range []string{"took back the result of game #" + fmt.Sprint(games[0]), "took <@" + bob.ID + "> off", "put <@" + bob.ID + "> back",
		"hid the leaderboard", "showed the leaderboard", "started season **Spring**", "renamed a season: Spring → Summer",
		"reset the standings of season **Summer**", "ended season **Summer**", "<@" + mia.ID + ">"} {
		if !strings.Contains(log, want) {
			t.Errorf("the admin log does not say %q:\n%s", want, log)
		}
	}
	if !r.Ephemeral {
		t.Error("the admin log is shown publicly")
	}
}

// TestActivityAndHighlights: /table activity shows the server's games a week and its most
// active players, in words and as charts; /pinochle stats adds a player's highlights.
func TestActivityAndHighlights(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana, bob := h.user("ana"), h.user("bob")
	h.srv.AllowPings(ana.ID, bob.ID)
	r, _ := h.slash(ana, h.channel, "table", "activity")
	h.private(ana, r, "No finished games")
	for range 2 {
		tb := h.newTable(ana, fakediscord.Opt("preset", "two-handed"), fakediscord.Opt("hands", 1), fakediscord.Opt("ping", "never"))
		lobby := h.message(tb.lobbyID)
		h.click(bob, lobby.ID, buttonByLabel(t, lobby, "Join"))
		h.play(tb.thread, []fakediscord.User{ana, bob}, 2000)
	}
	h.settle()
	r, _ = h.slash(ana, h.channel, "table", "activity")
	text := messageText(fakediscord.Message{Content: r.Content, Embeds: r.Embeds})
	if r.Ephemeral || !strings.Contains(text, "2 games") || !strings.Contains(text, "1. ana · 2 games") && !strings.Contains(text, "1. bob · 2 games") {
		t.Errorf("activity:\n%s", text)
	}
	if len(r.Files) != 2 {
		t.Errorf("activity has %d charts, want 2 (weekly and most active)", len(r.Files))
	}
	r, _ = h.slash(bob, h.channel, "pinochle", "stats")
	text = messageText(fakediscord.Message{Embeds: r.Embeds})
	for _, want := range []string{"Highlights (2 games played)", "favourite: two-handed (2 games)", "best run", "0 games left"} {
		if !strings.Contains(text, want) {
			t.Errorf("bob's stats do not say %q:\n%s", want, text)
		}
	}
}
