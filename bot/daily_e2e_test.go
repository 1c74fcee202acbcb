package bot_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
	"github.com/pinochle-discord/pinochle/fakediscord"
	"github.com/pinochle-discord/pinochle/league/club"
	"github.com/pinochle-discord/pinochle/league/event"
)

// daily runs /league daily as user and returns its private answer.
func (h *harness) daily(user fakediscord.User) fakediscord.Response {
	h.t.Helper()
	r, _ := h.slash(user, h.channel, "league", "daily")
	if !r.Ephemeral {
		h.t.Fatalf("/league daily answered in public: %q", r.Content)
	}
	return r
}

// playPrivate plays a private hand from its view to its end (at most moves moves), taking
// the simplest legal move each time the view offers one, and returns the moves made.
func (h *harness) playPrivate(user fakediscord.User, view fakediscord.Response, moves int) int {
	h.t.Helper()
	id := view.MessageID
	for n := 0; n < moves; n++ {
		h.settle()
		m := h.message(id)
		if len(actionControls(m.Components)) == 0 {
			return n
		}
		h.actOnce(user, fakediscord.Response{MessageID: id, Components: m.Components})
	}
	return moves
}

// easyDecisions make the searching computer players (the daily deal's experts, and par's)
// decide as the easy player does, so that the test does not wait for their searches.
func easyDecisions(p computer.Player, v engine.View) engine.Action {
	easy, _ := computer.New("easy", 1)
	return easy.Choose(v)
}

// TestDailyDeal: three people play the server's deal of the day privately, against
// computer players, one of them across a restart; each is compared with par and the
// others, a second play shows the result and starts nothing, the board is public and
// spoiler-free, and the next day brings a new deal and a streak.
func TestDailyDeal(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	h.setDecide(easyDecisions)
	ana, bob, cid := h.user("ana"), h.user("bob"), h.user("cid")
	public := func() int {
		n := 0
		for _, m := range h.srv.Messages(h.channel) {
			if !m.Ephemeral() {
				n++
			}
		}
		return n
	}
	publicBefore := public()

	r := h.daily(ana)
	if len(actionControls(r.Components)) == 0 && !strings.Contains(r.Content, "Waiting") {
		t.Fatalf("the first view of the daily deal: %q", r.Content)
	}
	if n := h.playPrivate(ana, r, 200); n == 0 || n == 200 {
		t.Fatalf("ana's hand took %d moves", n)
	}
	h.private(ana, h.daily(ana), "you scored")

	// Bob plays a few moves, the bot restarts, and he picks his hand up where he left it.
	r = h.daily(bob)
	if n := h.playPrivate(bob, r, 3); n != 3 {
		t.Fatalf("bob's hand ended after %d moves", n)
	}
	h.restart()
	h.setDecide(easyDecisions)
	r = h.daily(bob)
	if len(actionControls(r.Components)) == 0 {
		t.Fatalf("bob's hand after the restart: %q", r.Content)
	}
	h.playPrivate(bob, r, 200)
	h.playPrivate(cid, h.daily(cid), 200)
	h.settle()

	day := event.DateOf(harnessStart, nil)
	plays, err := h.store.DailyPlays(context.Background(), h.guild, day, day)
	if err != nil || len(plays) != 3 {
		t.Fatalf("daily plays %+v, %v; want 3", plays, err)
	}
	seeds := map[uint64]bool{}
	for _, p := range plays {
		if p.Status != club.PlayDone {
			t.Errorf("%s's play is %s", p.Name, p.Status)
		}
		g, err := h.store.GetGame(context.Background(), p.Game)
		if err != nil {
			t.Fatal(err)
		}
		seeds[g.Seed] = true
		if !g.Settings.Private || !g.Settings.Unrated {
			t.Errorf("the daily game %d is not private and unrated: %+v", g.ID, g.Settings)
		}
	}
	if len(seeds) != 1 || !seeds[event.DailySeed(h.guild, day)] {
		t.Errorf("the three played seeds %v, want the day's one", seeds)
	}
	deal, err := h.store.DailyDeal(context.Background(), h.guild, day)
	if err != nil || !deal.HasPar {
		t.Fatalf("the day's deal %+v, %v: want its par", deal, err)
	}
	// A second play shows the result, privately, and starts nothing.
	again := h.daily(ana)
	h.private(ana, again, "Par is")
	h.private(ana, again, "of 3")
	if plays, _ := h.store.DailyPlays(context.Background(), h.guild, day, day); len(plays) != 3 {
		t.Errorf("a second play made %d plays", len(plays))
	}
	// Nothing of the deal was posted in public: no table, no thread, no narration.
	if n := public(); n != publicBefore {
		t.Errorf("the daily deal posted %d public messages", n-publicBefore)
	}
	if len(h.srv.Threads()) != 0 {
		t.Errorf("the daily deal opened threads")
	}
	// The board is public and spoiler-free: names and scores against par, no cards nor
	// contracts.
	b, _ := h.slash(ana, h.channel, "league", "board")
	if b.Ephemeral || len(b.Embeds) != 1 {
		t.Fatalf("the board: %+v", b)
	}
	text := b.Embeds[0].Description
	for _, n := range []string{"ana", "bob", "cid", "against par"} {
		if !strings.Contains(text, n) {
			t.Errorf("the board does not say %q: %q", n, text)
		}
	}
	for _, spoiler := range []string{"bid", "♠", "♥", "♦", "♣"} {
		if strings.Contains(text, spoiler) {
			t.Errorf("the board gives away %q on the day: %q", spoiler, text)
		}
	}

	// The next day: a new deal, and Ana's streak.
	h.advance(24 * time.Hour)
	h.playPrivate(ana, h.daily(ana), 200)
	next := event.DateOf(harnessStart.Add(24*time.Hour), nil)
	if d, err := h.store.DailyDeal(context.Background(), h.guild, next); err != nil || d.Seed == deal.Seed {
		t.Errorf("the next day's deal %+v, %v: want a new seed", d, err)
	}
	w, _ := h.slash(ana, h.channel, "league", "board", fakediscord.Opt("period", "week"))
	if text := w.Embeds[0].Description; !strings.Contains(text, "🔥 2 days") || !strings.Contains(text, "over 2 deals") {
		t.Errorf("the week's board: %q", text)
	}
	h.private(ana, h.daily(ana), "2 days in a row")
}

// TestDailyDealKeptPrivate: someone's game of the daily deal is theirs alone until the day
// is over. Another member cannot watch it from the channel it was started in, nor review,
// page through or export it; /pinochle away there does not hand it to a computer player;
// its player finds it in /pinochle games with the way back to it. The next day anyone may
// review it.
func TestDailyDealKeptPrivate(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	h.setDecide(easyDecisions)
	ana, bob := h.user("ana"), h.user("bob")
	r := h.daily(ana)
	if n := h.playPrivate(ana, r, 2); n != 2 {
		t.Fatalf("ana's hand ended after %d moves", n)
	}
	day := event.DateOf(harnessStart, nil)
	play, err := h.store.DailyPlay(context.Background(), h.guild, day, ana.ID)
	if err != nil {
		t.Fatal(err)
	}
	game := int(play.Game)
	kept := func(when string) {
		t.Helper()
		w, _ := h.slash(bob, h.channel, "table", "watch")
		h.private(bob, w, "no game in play")
		for _, sub := range []string{"review", "export"} {
			r, _ := h.slash(bob, h.channel, "pinochle", sub, fakediscord.Opt("game", game))
			h.private(bob, r, "stays private until the day is over")
			if len(r.Embeds) != 0 || len(r.Files) != 0 {
				t.Errorf("%s: /pinochle %s of ana's daily game showed %d embeds, %d files", when, sub, len(r.Embeds), len(r.Files))
			}
		}
	}
	kept("during ana's hand")

	g, _ := h.slash(ana, h.channel, "pinochle", "games")
	h.private(ana, g, "your daily deal: `/league daily` resumes it")
	away, _ := h.slash(ana, h.channel, "pinochle", "away")
	h.private(ana, away, "You are not seated at a game")
	h.settle()
	if m, err := h.store.GetGame(context.Background(), play.Game); err != nil || m.Seats[m.SeatOf(ana.ID)].Away {
		t.Fatalf("/pinochle away reached ana's daily game: %+v, %v", m.Seats, err)
	}

	// Ana picks her hand up and finishes it: it stays hers for the rest of the day.
	if n := h.playPrivate(ana, h.daily(ana), 200); n == 0 || n == 200 {
		t.Fatalf("ana's hand took %d more moves", n)
	}
	h.private(ana, h.daily(ana), "you scored")
	kept("after ana's hand")
	mine, _ := h.slash(ana, h.channel, "pinochle", "review", fakediscord.Opt("game", game))
	if len(mine.Embeds) != 1 {
		t.Errorf("ana cannot review her own daily game: %q", mine.Text())
	}

	// The next day the deal is no secret: anyone may review it.
	h.advance(24 * time.Hour)
	next, _ := h.slash(bob, h.channel, "pinochle", "review", fakediscord.Opt("game", game))
	if len(next.Embeds) != 1 || strings.Contains(next.Text(), "stays private") {
		t.Errorf("the next day bob cannot review ana's daily game: %q", next.Text())
	}
}
