package live_test

import (
	"testing"

	"github.com/pinochle-discord/pinochle/bot/live"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/table"
)

// assigned makes a lobby of preset whose seats people hold already, in thread "thread-a",
// with no lobby message: an event's table.
func (r *rig) assigned(preset string, people ...live.Person) int64 {
	r.t.Helper()
	rules, err := engine.NewRules(preset, map[string]string{"hands": "1"})
	if err != nil {
		r.t.Fatal(err)
	}
	g := table.Game{GuildID: "g1", ChannelID: "c1", ThreadID: "thread-a", HostID: "u-org", Preset: preset, Options: rules.Options,
		Seed: 11, Seats: make([]table.Seat, rules.Players), Status: table.StatusLobby, CreatedAt: r.clock.Now(),
		LastActivity: r.clock.Now(), Settings: table.Settings{Level: table.LevelEasy, Unrated: true}}
	for i, p := range people {
		g.Seats[i] = table.Seat{UserID: p.ID, Name: p.Name}
	}
	id, err := r.store.CreateGame(r.ctx, g)
	if err != nil {
		r.t.Fatal(err)
	}
	g.ID = id
	if err := r.rt.Add(g, nil); err != nil {
		r.t.Fatal(err)
	}
	if err := r.rt.Start(r.ctx); err != nil {
		r.t.Fatal(err)
	}
	r.handled()
	return id
}

// TestDealAssigned: a lobby whose seats were assigned deals at once and shows its table in
// its thread, without a lobby message; one with an open seat does not deal.
func TestDealAssigned(t *testing.T) {
	r := newRig(t)
	ana, bob := person("ana"), person("bob")
	open := r.assigned("two-handed", ana)
	if rep := r.do(open, live.DealAssigned{}); rep.Kind != live.ReplyNotice || rep.Notice.Fact != live.FactNobodySeated {
		t.Errorf("dealing with an open seat: %+v", rep)
	}
	id := r.assigned("two-handed", ana, bob)
	if rep := r.do(id, live.DealAssigned{}); rep.Kind != live.ReplyStarted {
		t.Fatalf("DealAssigned: %+v", rep)
	}
	all := r.fx.waitFor(t, "the table message to be asked for", func(all []live.Effect) bool {
		return count[live.PostTable](all, func(p live.PostTable) bool { return p.Channel == "thread-a" }) == 1
	})
	if !hasNote(all, live.NoteGameStarts) || count[live.CloseLobby](all, nil)+count[live.ShowLobby](all, nil) != 0 {
		t.Errorf("the start was not told in the thread, or a lobby message was shown:\n%s", describe(all))
	}
	if rep := r.do(id, live.DealAssigned{}); rep.Kind != live.ReplyNotice || rep.Notice.Fact != live.FactNotTaking {
		t.Errorf("dealing twice: %+v", rep)
	}
	g, err := r.store.GetGame(r.ctx, id)
	if err != nil || g.Status != table.StatusPlaying || !g.Settings.Unrated {
		t.Errorf("stored game %+v, %v", g, err)
	}
}

// TestSettle: at a deadline, the side the game waits for forfeits it, or computer players
// finish it for everyone; a game over is not settled again.
func TestSettle(t *testing.T) {
	r := newRig(t)
	ana, bob := person("ana"), person("bob")
	forfeit := r.assigned("two-handed", ana, bob)
	r.do(forfeit, live.DealAssigned{})
	if rep := r.do(forfeit, live.Settle{Forfeit: true}); rep.Kind != live.ReplyNotice || rep.Notice.Fact != live.FactClosed {
		t.Fatalf("Settle with a forfeit: %+v", rep)
	}
	res, err := r.store.GameResult(r.ctx, forfeit)
	if err != nil || !res.Forfeited || res.Counted {
		t.Errorf("forfeited game's result %+v, %v; want a forfeit that does not count", res, err)
	}
	if _, err := r.rt.Do(r.ctx, forfeit, live.Settle{}); err == nil {
		t.Errorf("a forfeited table still runs")
	}

	r2 := newRig(t)
	finish := r2.assigned("two-handed", ana, bob)
	r2.do(finish, live.DealAssigned{})
	if rep := r2.do(finish, live.Settle{}); rep.Kind != live.ReplyNotice || rep.Notice.Fact != live.FactLeftGame {
		t.Fatalf("Settle by computers: %+v", rep)
	}
	r2.fx.waitFor(t, "the computers to finish the game", func(all []live.Effect) bool { return hasNote(all, live.NoteFinished) })
	res, err = r2.store.GameResult(r2.ctx, finish)
	if err != nil || res.Forfeited {
		t.Errorf("finished game's result %+v, %v; want one played to its end", res, err)
	}
}
