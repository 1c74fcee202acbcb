package bot_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/fakediscord"
)

// Each misuse is answered privately, says what was wrong, and changes nothing: neither the
// game's log in storage nor what the table shows.

// tableGame returns the game ID of a table from its My hand button.
func (h *harness) tableGame(tb testTable) int64 {
	h.t.Helper()
	tm := h.waitTable(tb.thread)
	return gameOf(h.t, buttonByLabel(h.t, tm, "My hand"))
}

// TestMisuseNotSeatedMyHand: someone not at the table presses My hand.
func TestMisuseNotSeatedMyHand(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	tb := h.withComputers(h.user("ana"))
	game := h.tableGame(tb)
	eve := h.user("eve")
	before := h.public(game, tb)
	r, _ := h.myHand(eve, tb.thread)
	h.private(eve, r, "not seated")
	if len(r.Components) != 0 {
		t.Errorf("the refusal offers controls: %v", r.Components)
	}
	h.unchanged(game, tb, before)
}

// TestMisuseNotSeatedForgedControl: someone not at the table clicks a forged private control
// whose ID is exactly the one the player to act has now.
func TestMisuseNotSeatedForgedControl(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana, eve := h.user("ana"), h.user("eve")
	tb := h.withComputers(ana)
	game := h.tableGame(tb)
	view, _ := h.myHand(ana, tb.thread)
	valid := choose(actionControls(view.Components)).CustomID
	before := h.public(game, tb)
	_, hd := h.myHand(eve, tb.thread)
	msg := h.forge(hd, button(valid))
	r := h.click(eve, msg, valid)
	h.private(eve, r, "not seated")
	h.unchanged(game, tb, before)
}

// TestMisuseOutOfTurn: a seated player clicks a control of a view from an earlier step (after
// acting from another view), and a forged control of the current step that is not theirs.
func TestMisuseOutOfTurn(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	tb, users := h.fourHumans()
	game := h.tableGame(tb)
	first, old, _ := h.toAct(tb.thread, users)
	fresh, _ := h.myHand(first, tb.thread)
	h.actOnce(first, fresh)

	before := h.public(game, tb)
	// Another control of that earlier step than the one used (that one is answered as
	// done: TestMisuseDoubleClick).
	used, stale := choose(actionControls(old.Components)).CustomID, ""
	for _, c := range actionControls(old.Components) {
		if c.CustomID != used && c.Type == 2 {
			stale = c.CustomID
			break
		}
	}
	if stale == "" {
		t.Fatalf("the first view offers one control only: %q", old.Text())
	}
	r := h.click(first, old.MessageID, stale)
	h.private(first, r, "earlier step")
	h.unchanged(game, tb, before)

	// The control of whoever acts now, forged into the first player's own message.
	second, now, _ := h.toAct(tb.thread, users)
	if second.ID == first.ID {
		t.Fatalf("%s acts twice in a row", first.Username)
	}
	theirs := choose(actionControls(now.Components)).CustomID
	_, hd := h.myHand(first, tb.thread)
	before = h.public(game, tb)
	msg := h.forge(hd, button(theirs))
	r = h.click(first, msg, theirs)
	h.private(first, r, "⚠️")
	t.Logf("out of turn: %q", firstLine(r.Text()))
	if !strings.Contains(strings.ToLower(firstLine(r.Text())), "turn") {
		t.Errorf("the refusal does not say it is not their turn: %q", firstLine(r.Text()))
	}
	h.unchanged(game, tb, before)
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// TestMisuseEarlierHand: a control of the first hand clicked during the second.
func TestMisuseEarlierHand(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana := h.user("ana")
	tb := h.withComputers(ana)
	game := h.tableGame(tb)
	old, _ := h.myHand(ana, tb.thread)
	if !strings.Contains(old.Text(), "hand 1:") || len(actionControls(old.Components)) == 0 {
		t.Fatalf("ana's first view is not a turn of hand 1: %q", old.Text())
	}
	for range 200 {
		view, _ := h.myHand(ana, tb.thread)
		if strings.Contains(view.Text(), "hand 2:") && len(actionControls(view.Components)) > 0 {
			break
		}
		if len(actionControls(view.Components)) == 0 {
			t.Fatalf("ana has nothing to do: %q", view.Text())
		}
		h.actOnce(ana, view)
	}
	before := h.public(game, tb)
	c := choose(actionControls(old.Components)).CustomID
	r := h.click(ana, old.MessageID, c)
	h.private(ana, r, "earlier step")
	if !strings.Contains(r.Text(), "hand 2:") {
		t.Errorf("the refusal does not show the current hand: %q", r.Text())
	}
	h.unchanged(game, tb, before)
}

// TestMisuseDoubleClick: the same control clicked twice before the first answer: one move,
// and the other click is answered as done already.
func TestMisuseDoubleClick(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana := h.user("ana")
	tb := h.withComputers(ana)
	game := h.tableGame(tb)
	view, _ := h.myHand(ana, tb.thread)
	c := choose(actionControls(view.Components))
	n := h.logLen(game)
	hd1, err1 := h.srv.Click(ana, view.MessageID, c.CustomID)
	hd2, err2 := h.srv.Click(ana, view.MessageID, c.CustomID)
	r1, r2 := h.wait(hd1, err1), h.wait(hd2, err2)
	h.settle()
	// The first click and the computer players' answers to it are in the log.
	after := h.logLen(game)
	if after <= n {
		t.Fatalf("the log did not grow: %d actions", after)
	}
	done := 0
	for _, r := range []fakediscord.Response{r1, r2} {
		if !r.Ephemeral || r.Type != 7 {
			t.Errorf("answer type %d ephemeral=%v, want a private update", r.Type, r.Ephemeral)
		}
		if strings.Contains(r.Text(), "done already") {
			done++
		}
	}
	if done != 1 {
		t.Errorf("%d of the two clicks were answered as done already, want 1:\n%q\n%q", done, r1.Text(), r2.Text())
	}
	recs, err := h.store.LoadActions(h.ctx, game)
	if err != nil {
		t.Fatal(err)
	}
	id, _ := commands.ParseID(c.CustomID)
	mine := 0
	for _, rec := range recs[id.Step:] {
		if rec.Seat == 0 {
			mine++
		}
	}
	// ana's click was a pass in the auction: she acts at most once more in it.
	if id.Action == commands.ActPass && mine != 1 {
		t.Errorf("ana has %d actions since the click, want 1", mine)
	}
}

// TestMisuseForgedIDs: custom IDs the bot never made, or made for another game, or for the
// right step with a card that cannot be played.
func TestMisuseForgedIDs(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana, bob := h.user("ana"), h.user("bob")
	tb := h.withComputers(ana)
	other := h.withComputers(bob)
	game, otherGame := h.tableGame(tb), h.tableGame(other)

	// Play until ana has cards to play, so that a card can be illegal.
	var view fakediscord.Response
	for range 100 {
		view, _ = h.myHand(ana, tb.thread)
		if hasAction(view, commands.ActCard) {
			break
		}
		h.actOnce(ana, view)
	}
	if !hasAction(view, commands.ActCard) {
		t.Fatalf("ana never got to play a card: %q", view.Text())
	}
	cur, _ := commands.ParseID(actionControls(view.Components)[0].CustomID)
	inHand := map[string]bool{}
	var disabled string
	for _, c := range flatten(view.Components) {
		id, err := commands.ParseID(c.CustomID)
		if err != nil || id.Action != commands.ActCard {
			continue
		}
		inHand[id.Arg] = true
		if c.Disabled && disabled == "" {
			disabled = c.CustomID
		}
	}
	notHeld := ""
	for _, s := range []string{"S", "H", "D", "C"} {
		for _, r := range []string{"A", "10", "K", "Q", "J", "9"} {
			if !inHand[r+s] && notHeld == "" {
				notHeld = commands.ID{Game: game, Hand: cur.Hand, Step: cur.Step, Action: commands.ActCard, Arg: r + s}.String()
			}
		}
	}
	otherView, _ := h.myHand(bob, other.thread)
	otherID := choose(actionControls(otherView.Components)).CustomID

	cases := []struct {
		name, id, want string
	}{
		{"garbage", "hello", "not one this bot made"},
		{"unknown action", fmt.Sprintf("p1:%d:%d:%d:dance", game, cur.Hand, cur.Step), "not one this bot made"},
		{"too many fields", fmt.Sprintf("p1:%d:%d:%d:card:AS:x", game, cur.Hand, cur.Step), "not one this bot made"},
		{"another game", otherID, "not seated"},
		{"no such game", "p1:999999:1:0:pass", "not running"},
		{"card not held", notHeld, "⚠️"},
	}
	if disabled != "" {
		cases = append(cases, struct{ name, id, want string }{"card not allowed", disabled, "⚠️"})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := *h
			h.t = t
			before, otherBefore := h.public(game, tb), h.public(otherGame, other)
			_, hd := h.myHand(ana, tb.thread)
			msg := h.forge(hd, button(c.id))
			r := h.click(ana, msg, c.id)
			h.private(ana, r, c.want)
			t.Logf("%s: %q", c.name, firstLine(r.Text()))
			h.unchanged(game, tb, before)
			h.unchanged(otherGame, other, otherBefore)
		})
	}
}

// hasAction reports whether a private view offers an enabled control of that action.
func hasAction(r fakediscord.Response, a commands.Action) bool {
	for _, c := range actionControls(r.Components) {
		if id, err := commands.ParseID(c.CustomID); err == nil && id.Action == a && !c.Disabled {
			return true
		}
	}
	return false
}

// TestMisuseLobby: joining twice, and the host's buttons pressed by someone else.
func TestMisuseLobby(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	ana, bob := h.user("ana"), h.user("bob")
	tb := h.newTable(ana)
	lobby := h.message(tb.lobbyID)
	game := gameOf(t, buttonByLabel(t, lobby, "Join"))
	if r := h.click(bob, lobby.ID, buttonByLabel(t, lobby, "Join")); r.Type != 7 {
		t.Fatalf("Join answered type %d", r.Type)
	}
	cases := []struct {
		who         fakediscord.User
		label, want string
	}{
		{bob, "Join", "already in seat 2"},
		{ana, "Join", "already in seat 1"},
		{bob, "Start", "Only the host"},
		{bob, "Cancel", "Only the host"},
		{bob, "Add computer player", "Only the host"},
	}
	for _, c := range cases {
		t.Run(c.who.Username+" "+c.label, func(t *testing.T) {
			h := *h
			h.t = t
			before := h.public(game, tb)
			lobby := h.message(tb.lobbyID)
			r := h.click(c.who, lobby.ID, buttonByLabel(t, lobby, c.label))
			h.private(c.who, r, c.want)
			h.unchanged(game, tb, before)
		})
	}
}

// TestMisusePassWrongCount: a pass select submitted with fewer cards than the rule wants
// (a client that ignores the menu's limits).
func TestMisusePassWrongCount(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	tb, users := h.fourHumans(fakediscord.Opt("preset", "racehorse"))
	game := h.tableGame(tb)
	var who fakediscord.User
	var menu fakediscord.Component
	var hd *fakediscord.Handle
	for range 40 {
		u, view, vh := h.toAct(tb.thread, users)
		if c := choose(actionControls(view.Components)); c.Type == 3 {
			who, menu, hd = u, c, vh
			break
		}
		h.actOnce(u, view)
	}
	if hd == nil {
		t.Fatal("nobody was asked to pass cards")
	}
	want := *menu.MinValues
	forged := menu
	one, all := 1, len(menu.Options)
	forged.MinValues, forged.MaxValues = &one, &all
	before := h.public(game, tb)
	msg := h.forge(hd, forged)
	r := h.wait(h.srv.Select(who, msg, menu.CustomID, []string{menu.Options[0].Value}))
	h.private(who, r, "⚠️")
	t.Logf("1 card of %d: %q", want, firstLine(r.Text()))
	if !strings.Contains(firstLine(r.Text()), fmt.Sprint(want)) {
		t.Errorf("the refusal does not say how many cards to pass (%d): %q", want, firstLine(r.Text()))
	}
	h.unchanged(game, tb, before)
}
