package live_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/bot/live"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
	"github.com/pinochle-discord/pinochle/table"
)

// mentions counts the turn mentions of a user: the turn lines of narrations and the later
// mentions of a quiet turn (reminders are not counted).
func mentions(all []live.Effect, userID string) int {
	n := 0
	for _, e := range all {
		switch e := e.(type) {
		case live.Narrate:
			if slices.Contains(e.Turn, userID) {
				n++
			}
		case live.Mention:
			if slices.Contains(e.Users, userID) {
				n++
			}
		}
	}
	return n
}

// act makes a legal move for p, as a person who opens their hand and clicks would (two
// commands), and returns the view after it.
func (r *rig) act(id int64, p live.Person) engine.View {
	r.t.Helper()
	v := r.view(id, p).View
	if !v.MyTurn() {
		r.t.Fatalf("%s has no move", p.Name)
	}
	chooser, err := computer.New("random", uint64(v.Step()))
	if err != nil {
		r.t.Fatal(err)
	}
	rep := r.do(id, moveFor(p, &v, chooser.Choose(v)))
	if rep.Kind != live.ReplyView || rep.Notice.Fact != live.FactNone {
		r.t.Fatalf("%s's move: %+v", p.Name, rep)
	}
	return rep.View
}

// TestQuietTurns: the turn mentions of one player at a table of computer players, step by
// step on the clock, for each policy. Her last command before the first step is Start, at
// the time her first turn begins.
func TestQuietTurns(t *testing.T) {
	type step struct {
		advance time.Duration
		act     bool
		want    int
	}
	act := func(d time.Duration, want int) step { return step{advance: d, act: true, want: want} }
	wait := func(d time.Duration, want int) step { return step{advance: d, want: want} }
	cases := []struct {
		name     string
		settings table.Settings
		steps    []step
	}{
		{"quick player is never mentioned", table.Settings{},
			[]step{act(20*time.Second, 0), act(40*time.Second, 0), act(20*time.Second, 0), act(44*time.Second, 0), act(20*time.Second, 0), wait(20*time.Second, 0)}},
		{"slow player once, a minute after their last command", table.Settings{},
			[]step{wait(50*time.Second, 0), wait(11*time.Second, 1), wait(3*time.Minute, 1)}},
		{"slow player at a long-timer table, postponed past a recent command", table.Settings{Timer: 24 * time.Hour},
			[]step{wait(0, 0), wait(59*time.Second, 0), wait(2*time.Second, 1), wait(time.Hour, 1),
				// The next turn begins right after her own move: not at once either.
				act(0, 1), wait(59*time.Second, 1), wait(2*time.Second, 2), wait(2*time.Hour, 2)}},
		{"always: at once, every turn, once", table.Settings{Ping: table.PingAlways},
			[]step{wait(0, 1), wait(3*time.Minute, 1), act(0, 2), wait(3*time.Minute, 2)}},
		{"never", table.Settings{Ping: table.PingNever, Timer: 24 * time.Hour},
			[]step{wait(time.Hour, 0), act(0, 0), wait(2*time.Hour, 0)}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := newRig(t)
			ana := person("ana")
			s := tc.settings
			s.Level = "easy"
			if s.Ping == "" {
				s.Ping = table.PingAuto
			}
			// No forced card is played for her: each of her turns waits for her.
			id := r.lobby("racehorse", ana, s)
			r.do(id, live.Start{By: ana})
			r.post(id, true)
			if v := r.view(id, ana).View; !v.MyTurn() {
				t.Fatalf("the game does not wait for ana")
			}
			for k, st := range tc.steps {
				r.advance(st.advance)
				if st.act {
					r.act(id, ana)
				}
				if got := mentions(r.fx.list(), ana.ID); got != st.want {
					t.Fatalf("step %d (+%v, act %v): mentioned %d times, want %d\n%s", k+1, st.advance, st.act, got, st.want, describe(r.fx.list()))
				}
			}
		})
	}
}

// TestForfeit: with the forfeit policy, the team of the person whose time ran out forfeits:
// the thread, the table and the lobby say so, and the result is saved.
func TestForfeit(t *testing.T) {
	r := newRig(t)
	ana := person("ana")
	id := r.lobby("racehorse", ana, table.Settings{Level: "easy", Timer: 15 * time.Minute, Timeout: table.PolicyForfeit, Ping: table.PingNever})
	r.do(id, live.Start{By: ana})
	r.post(id, true)
	r.advance(16 * time.Minute)
	all := r.fx.list()
	if count[live.Remind](all, func(r live.Remind) bool { return r.Forfeit }) != 2 {
		t.Errorf("want two reminders that say the team will forfeit:\n%s", describe(all))
	}
	var ended []live.Ending
	for _, e := range all {
		switch e := e.(type) {
		case live.CloseTable:
			ended = append(ended, e.End)
		case live.CloseLobby:
			ended = append(ended, e.End)
		}
	}
	if len(ended) != 2 || ended[0].Kind != live.EndForfeit || ended[0].Team != 0 || ended[1] != ended[0] {
		t.Errorf("table and lobby closed as %+v, want both a forfeit of team 0", ended)
	}
	res, err := r.store.GameResult(r.ctx, id)
	if err != nil || !res.Forfeited || res.Winner != 1 {
		t.Errorf("result %+v (%v), want team 1 winning by forfeit", res, err)
	}
}

// TestIdleLobbyCloses: a lobby nobody touches closes after a day; a join puts it off.
func TestIdleLobbyCloses(t *testing.T) {
	r := newRig(t)
	ana := person("ana")
	id := r.lobby("racehorse", ana, baseline)
	r.advance(23 * time.Hour)
	r.do(id, live.Join{By: person("bob"), Seat: -1})
	r.advance(23 * time.Hour)
	if g, _ := r.store.GetGame(r.ctx, id); g.Status != table.StatusLobby {
		t.Fatalf("the lobby closed a day after it opened, though bob joined: %s", g.Status)
	}
	r.advance(time.Hour + time.Minute)
	if g, _ := r.store.GetGame(r.ctx, id); g.Status != table.StatusAbandoned {
		t.Fatalf("status %s a day after the last join, want abandoned", g.Status)
	}
	if !hasNote(r.fx.list(), live.NoteEnded) || count[live.CloseLobby](r.fx.list(), func(c live.CloseLobby) bool { return c.End.Kind == live.EndExpired }) != 1 {
		t.Errorf("the thread or the lobby was not told:\n%s", describe(r.fx.list()))
	}
}

// TestForcedCardPlayed: a person's only legal card is played for them the moment their turn
// comes, with no pause for a click to race and no notice in the thread; with autoplay off the
// table waits for them. A second click of a card already played is answered as done.
func TestForcedCardPlayed(t *testing.T) {
	for _, on := range []bool{true, false} {
		t.Run(fmt.Sprintf("autoplay %v", on), func(t *testing.T) { testForcedCard(t, on) })
	}
}

func testForcedCard(t *testing.T, on bool) {
	r := newRig(t)
	ana := person("ana")
	id := r.lobby("racehorse", ana, table.Settings{Level: "easy", Autoplay: on, Ping: table.PingNever})
	r.do(id, live.Start{By: ana})
	r.post(id, true)
	// Her last card of every hand that is played is forced.
	ownPlays, clickedTwice := 0, false
	for range 1000 {
		if g, err := r.store.GetGame(r.ctx, id); err != nil || g.Status != table.StatusPlaying {
			break // the game is over, and its table gone
		}
		v := r.view(id, ana).View
		if v.MyTurn() && v.Phase() == engine.PhasePlay && v.Legal().Len() == 1 {
			if on {
				t.Fatalf("the table waits for ana's forced card at step %d", v.Step())
			}
			return // autoplay off: her turn waits for her
		}
		if !v.MyTurn() {
			t.Fatalf("the game waits for someone else at step %d", v.Step())
		}
		if v.Phase() != engine.PhasePlay {
			r.act(id, ana)
			continue
		}
		ownPlays++
		m := moveFor(ana, &v, engine.Action{Kind: engine.ActPlayCard, Card: v.Legal().Cards()[0]})
		if rep := r.do(id, m); rep.Kind != live.ReplyView || rep.Notice.Fact != live.FactNone {
			t.Fatalf("ana's card: %+v", rep)
		}
		if !clickedTwice {
			clickedTwice = true
			rep := r.do(id, m)
			if rep.Kind != live.ReplyView || rep.Notice.Fact != live.FactPlayedAlready {
				t.Errorf("the same card clicked again: %+v, want it answered as played already", rep.Notice)
			}
		}
	}
	if !on {
		t.Fatal("ana never had a forced card")
	}
	recs, err := r.store.LoadActions(r.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	played := 0
	for _, rec := range recs {
		if rec.Action.Kind == engine.ActPlayCard && rec.Action.Seat == 0 {
			played++
		}
	}
	if played == 0 || ownPlays >= played {
		t.Errorf("ana's seat played %d cards, %d of them by her: no forced card was played for her", played, ownPlays)
	}
	if s := describe(r.fx.list()); strings.Contains(s, "only card") {
		t.Errorf("the thread was told of a forced card:\n%s", s)
	}
}

// TestRepostWhenNotPinned: a table message that could not be pinned is posted again once
// enough posts have gone below it, and the old copy becomes a link to the new one.
func TestRepostWhenNotPinned(t *testing.T) {
	r := newRig(t)
	ana := person("ana")
	id := r.lobby("racehorse", ana, table.Settings{Level: "easy", Ping: table.PingNever})
	r.do(id, live.Start{By: ana})
	r.post(id, false)
	for range 100 {
		if count[live.PostTable](r.fx.list(), func(p live.PostTable) bool { return p.Replaces != nil }) > 0 {
			break
		}
		r.act(id, ana)
	}
	all := r.fx.list()
	var repost *live.PostTable
	for _, e := range all {
		if p, ok := e.(live.PostTable); ok && p.Replaces != nil {
			repost = &p
		}
	}
	if repost == nil || repost.Replaces.MessageID != "table-msg" {
		t.Fatalf("the unpinned table was not posted again:\n%s", describe(all))
	}
	r.do(id, live.Posted{Message: table.Message{ChannelID: repost.Channel, MessageID: "table-2"}, Replaces: repost.Replaces, Pinned: true})
	if count[live.MovedTable](r.fx.list(), func(m live.MovedTable) bool {
		return m.Old.MessageID == "table-msg" && m.New.MessageID == "table-2"
	}) != 1 {
		t.Errorf("the old copy was not turned into a link to the new one")
	}
	g, _ := r.store.GetGame(r.ctx, id)
	if g.Messages[table.RoleTable].MessageID != "table-2" {
		t.Errorf("the store keeps table message %+v", g.Messages[table.RoleTable])
	}
}

// TestUnpinnedAfterRestart: a restarted bot knows from the store that the table message
// could not be pinned, and posts it again as it scrolls away.
func TestUnpinnedAfterRestart(t *testing.T) {
	r := newRig(t)
	ana := person("ana")
	id := r.lobby("racehorse", ana, table.Settings{Level: "easy", Ping: table.PingNever})
	r.do(id, live.Start{By: ana})
	r.post(id, false)
	r.restart()
	for range 100 {
		if count[live.PostTable](r.fx.list(), nil) > 0 {
			return
		}
		r.act(id, ana)
	}
	t.Fatalf("the unpinned table was never posted again after the restart:\n%s", describe(r.fx.list()))
}

// TestHint: a hint comes as an edit of the message clicked, from the expert's search; hints
// are refused when the table has them off or it is not the person's turn.
func TestHint(t *testing.T) {
	r := newRig(t)
	ana := person("ana")
	id := r.lobby("racehorse", ana, table.Settings{Level: "easy", Hints: true, Ping: table.PingNever})
	r.do(id, live.Start{By: ana})
	r.post(id, true)
	v := r.view(id, ana).View
	if rep := r.do(id, live.Hint{By: ana, Token: "tok", At: stampOf(&v, false)}); rep.Kind != live.ReplyDeferred {
		t.Fatalf("hint: %+v", rep)
	}
	all := r.fx.waitFor(t, "the hint", func(all []live.Effect) bool {
		return count[live.EditView](all, func(e live.EditView) bool { return e.Token == "tok" }) > 0
	})
	for _, e := range all {
		if ev, ok := e.(live.EditView); ok && ev.Token == "tok" && (ev.Notice.Fact != live.FactHint || ev.Notice.Hint == "") {
			t.Errorf("hint notice %+v", ev.Notice)
		}
	}
	off := r.lobby("racehorse", person("bob"), table.Settings{Level: "easy"})
	r.do(off, live.Start{By: person("bob")})
	w := r.view(off, person("bob")).View
	if rep := r.do(off, live.Hint{By: person("bob"), At: stampOf(&w, false)}); rep.Notice.Fact != live.FactHintsOff {
		t.Errorf("hint at a table without hints: %+v", rep)
	}
}

// TestQuietTurnsSixHandedPass: in six-handed the bidding team's three players pass at the
// same time. Each is mentioned once for the pass: a teammate's pass does not begin a new
// turn for the others, so the slowest passer is not mentioned again; nor is the open view
// of one still choosing redrawn under them.
func TestQuietTurnsSixHandedPass(t *testing.T) {
	r := newRig(t)
	var people []live.Person
	for k := range 6 {
		people = append(people, person(fmt.Sprintf("p%d", k+1)))
	}
	id := r.lobby("six-handed", people[0], table.Settings{Level: "easy", Ping: table.PingAuto})
	for _, p := range people[1:] {
		r.do(id, live.Join{By: p, Seat: -1})
	}
	r.post(id, true)
	// Everyone acts at once when their turn comes, until the bidding team is to pass.
	var passers []live.Person
	var views []engine.View
	for range 100 {
		passers, views = nil, nil
		var next live.Person
		for _, p := range people {
			v := r.view(id, p).View
			if v.MyTurn() {
				next = p
				if v.Phase() == engine.PhasePass {
					passers, views = append(passers, p), append(views, v)
				}
			}
		}
		if len(passers) > 0 || next.ID == "" {
			break
		}
		r.act(id, next)
	}
	if len(passers) != 3 {
		t.Fatalf("%d players are to pass, want the 3 of the bidding team", len(passers))
	}
	token := func(p live.Person) string { return "token-" + p.ID }
	for _, p := range passers {
		r.do(id, live.ShowHand{By: p, Token: token(p)}) // their hands open, to be kept up to date
	}
	redrawn := func(p live.Person) int {
		return count(r.fx.list(), func(e live.EditView) bool { return e.Token == token(p) })
	}
	before := map[string]int{}
	for _, p := range passers {
		before[p.ID] = mentions(r.fx.list(), p.ID)
	}
	check := func(when string, want ...int) {
		t.Helper()
		for k, p := range passers {
			if got := mentions(r.fx.list(), p.ID) - before[p.ID]; got != want[k] {
				t.Errorf("%s: passer %d mentioned %d times, want %d", when, k+1, got, want[k])
			}
		}
	}
	// Each passes from the view already open: opening it again would be a command.
	pass := func(k int) {
		chooser, _ := computer.New("random", 1)
		if rep := r.do(id, moveFor(passers[k], &views[k], chooser.Choose(views[k]))); rep.Notice.Fact != live.FactNone {
			t.Fatalf("passer %d: %+v", k+1, rep)
		}
	}
	check("as the pass begins", 0, 0, 0)
	r.advance(61 * time.Second)
	check("a minute later", 1, 1, 1)
	pass(0)
	for _, p := range passers[1:] {
		if n := redrawn(p); n != 0 {
			t.Errorf("%s's open pass menu was redrawn %d times after a teammate passed", p.Name, n)
		}
	}
	r.advance(61 * time.Second)
	check("a minute after the first pass", 1, 1, 1)
	pass(1)
	r.advance(2 * time.Minute)
	check("two minutes after the second pass", 1, 1, 1)
	pass(2)
	if v := r.view(id, passers[0]).View; v.Phase() == engine.PhasePass {
		t.Errorf("the team passed and the game still waits for passes")
	}
}

// TestComputerPace: at a table where a person plays, each computer move waits its pause on
// the clock (a bid or a card the Move pause, the lead after a trick the Trick pause, the
// first move of a hand the Hand pause), never less; a person's own move waits for nothing.
// After a hand, Next hand from every person deals on at once.
func TestComputerPace(t *testing.T) {
	r := newRig(t)
	r.pauses = live.DefaultPauses
	r.restart()
	p := live.DefaultPauses(table.PaceNormal)
	ana := person("ana")
	id := r.lobby("racehorse", ana, table.Settings{Level: "easy", Pace: table.PaceNormal, Ping: table.PingNever})
	r.do(id, live.Start{By: ana})
	r.post(id, true)
	seen := map[string]int{}
	for range 600 {
		shown := r.view(id, ana)
		v := shown.View
		if v.Over() || v.HandNo() > 3 {
			break
		}
		if v.MyTurn() {
			r.act(id, ana) // answered at once: nothing of hers waits
			continue
		}
		// A computer player is to move: the pause it waits depends on what the last action
		// ended.
		kind, pause := "move", p.Move
		switch {
		case v.Phase() == engine.PhaseBidding && len(v.Auction()) == 0 && v.HandNo() > 1:
			kind, pause = "hand", p.Hand
		case v.Phase() == engine.PhasePlay && len(v.Trick()) == 0 && v.NumTricks() > 0:
			kind, pause = "trick", p.Trick
		}
		if shown.NextHand != (kind == "hand") {
			t.Fatalf("step %d, a %s pause: the view offers Next hand: %v", v.Step(), kind, shown.NextHand)
		}
		before := r.logLen(id)
		if kind == "hand" && seen["hand"] == 0 {
			// The first time, ana asks for the next hand: it is dealt on at once.
			rep := r.do(id, live.NextHand{By: ana})
			if rep.Kind != live.ReplyView {
				t.Fatalf("Next hand: %+v", rep)
			}
			if err := r.rt.WaitIdle(r.ctx); err != nil {
				t.Fatal(err)
			}
			if r.logLen(id) == before {
				t.Fatalf("Next hand from the only person at the table did not deal on")
			}
			seen[kind]++
			continue
		}
		r.advance(pause - time.Millisecond)
		if got := r.logLen(id); got != before {
			t.Fatalf("step %d: a computer player moved %v into a %s pause of %v", before, pause-time.Millisecond, kind, pause)
		}
		r.advance(time.Millisecond)
		if got := r.logLen(id); got == before {
			t.Fatalf("step %d: no computer player moved once the %s pause of %v was over", before, kind, pause)
		}
		seen[kind]++
	}
	for k, want := range map[string]int{"move": 1, "trick": 1, "hand": 2} {
		if seen[k] < want {
			t.Errorf("no %s pause was seen (%v)", k, seen)
		}
	}
}

// TestOpenViewFollowsTheGame: a person's open hand is brought up to date each time their
// turn comes again, also after a computer player moved for them when their time ran out.
func TestOpenViewFollowsTheGame(t *testing.T) {
	r := newRig(t)
	ana := person("ana")
	id := r.lobby("racehorse", ana, table.Settings{Level: "easy", Timer: 2 * time.Minute, Timeout: table.PolicyComputer, Ping: table.PingNever})
	r.do(id, live.Start{By: ana})
	r.post(id, true)
	if rep := r.do(id, live.ShowHand{By: ana, Token: "ana-token"}); !rep.View.MyTurn() {
		t.Fatal("the game does not wait for ana")
	}
	edits := func() int {
		return count(r.fx.list(), func(e live.EditView) bool { return e.Token == "ana-token" })
	}
	for turn := 1; turn <= 3; turn++ {
		before, step := edits(), r.logLen(id)
		r.advance(2 * time.Minute) // her time runs out; a computer player moves for her
		if r.logLen(id) == step {
			t.Fatalf("turn %d: nobody moved for ana when her time ran out", turn)
		}
		if v := r.view(id, ana).View; v.Over() || !v.MyTurn() {
			break // the hand's auction or the game has moved past her
		}
		if edits() == before {
			t.Fatalf("turn %d: her turn came again and her open hand was not brought up to date", turn)
		}
	}
}

// TestConfirmCards: at a table that confirms cards, a card button chooses the card and
// plays nothing, another button chooses another, and only the Play button plays; at a table
// that does not, the card button plays at once.
func TestConfirmCards(t *testing.T) {
	for _, confirm := range []bool{true, false} {
		t.Run(fmt.Sprintf("confirm %v", confirm), func(t *testing.T) {
			r := newRig(t)
			ana := person("ana")
			id := r.lobby("racehorse", ana, table.Settings{Level: "easy", Ping: table.PingNever, Confirm: confirm})
			r.do(id, live.Start{By: ana})
			r.post(id, true)
			for range 300 {
				v := r.view(id, ana).View
				if v.Over() {
					t.Fatal("the game ended before ana had a choice of cards")
				}
				if !v.MyTurn() {
					t.Fatalf("the game waits for someone else at step %d", v.Step())
				}
				if v.Phase() != engine.PhasePlay || v.Legal().Len() < 2 {
					r.act(id, ana)
					continue
				}
				cards := v.Legal().Cards()
				step := r.logLen(id)
				click := func(c engine.Card, choose bool) live.Reply {
					m := moveFor(ana, &v, engine.Action{Kind: engine.ActPlayCard, Card: c})
					m.Choose = choose
					return r.do(id, m)
				}
				rep := click(cards[0], true)
				if !confirm {
					if r.logLen(id) == step {
						t.Fatal("a card button did not play the card at a table that does not confirm")
					}
					return
				}
				if r.logLen(id) != step || rep.Chosen != engine.CardSet(0).Add(cards[0]) {
					t.Fatalf("choosing %s: log %d → %d, chosen %v", cards[0].Symbol(), step, r.logLen(id), rep.Chosen.Cards())
				}
				rep = click(cards[1], true)
				if r.logLen(id) != step || rep.Chosen != engine.CardSet(0).Add(cards[1]) {
					t.Fatalf("choosing %s instead: log %d → %d, chosen %v", cards[1].Symbol(), step, r.logLen(id), rep.Chosen.Cards())
				}
				if rep := click(cards[1], false); rep.Notice.Fact != live.FactNone || r.logLen(id) == step {
					t.Fatalf("Play %s: %+v, log %d → %d", cards[1].Symbol(), rep.Notice, step, r.logLen(id))
				}
				if a, _ := r.actionAt(id, step); a.Card != cards[1] || a.Seat != 0 {
					t.Errorf("played %s, want the card chosen last, %s", a.Card.Symbol(), cards[1].Symbol())
				}
				return
			}
			t.Fatal("ana never had a choice of cards")
		})
	}
}

// actionAt returns the action at step i of a game's log as stored.
func (r *rig) actionAt(id int64, i int) (engine.Action, bool) {
	r.t.Helper()
	recs, err := r.store.LoadActions(r.ctx, id)
	if err != nil || i >= len(recs) {
		return engine.Action{}, false
	}
	return recs[i].Action, true
}

// TestQuietTurnsThreeHanded: at a three-handed table the bidder's steps after the auction
// (naming trump with the widow in hand, the bury, playing or throwing in, the first lead) are
// each a turn of hers, begun by her own move: a bidder who takes her time is mentioned once a
// step, a minute after her last command; one who acts within a minute of her last move never is, though 45 seconds have passed. The computer
// players' auctions, widows and buries mention no one.
func TestQuietTurnsThreeHanded(t *testing.T) {
	for _, tc := range []struct {
		name  string
		think time.Duration // how long ana waits at each step of hers as the bidder
		want  int           // her mentions after the four steps
	}{
		{"bidder within a minute of her last move", 50 * time.Second, 0},
		{"slow bidder", 61 * time.Second, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := newRig(t)
			ana := person("ana")
			id := r.lobby("three-handed", ana, table.Settings{Level: "easy", Ping: table.PingAuto, Timer: 10 * time.Minute})
			r.do(id, live.Start{By: ana})
			r.post(id, true)
			// ana passes every auction, and plays every other turn at once, until the
			// auction leaves her with the bid.
			var v engine.View
			for range 2000 {
				if err := r.rt.WaitIdle(r.ctx); err != nil {
					t.Fatal(err)
				}
				v = r.view(id, ana).View
				if v.Over() {
					t.Fatal("the game ended before ana was left with the bid")
				}
				if !v.MyTurn() {
					r.advance(0)
					continue
				}
				if v.Phase() == engine.PhaseTrump {
					break
				}
				if v.Phase() == engine.PhaseBidding {
					if rep := r.do(id, moveFor(ana, &v, engine.Action{Kind: engine.ActPass})); rep.Notice.Fact != live.FactNone {
						t.Fatalf("ana's pass: %+v", rep)
					}
					continue
				}
				r.act(id, ana)
			}
			if v.Phase() != engine.PhaseTrump || !v.MyTurn() {
				t.Fatalf("ana never won the widow: %v", v.Phase())
			}
			if got := mentions(r.fx.list(), ana.ID); got != 0 {
				t.Fatalf("ana, who acted at once, was mentioned %d times before her widow\n%s", got, describe(r.fx.list()))
			}
			// Her four steps as the bidder, each from the view she opens when she acts.
			var steps []engine.Phase
			for len(steps) < 4 {
				r.advance(tc.think)
				v = r.view(id, ana).View
				if !v.MyTurn() {
					t.Fatalf("after %v the game does not wait for the bidder", steps)
				}
				steps = append(steps, v.Phase())
				var a engine.Action
				switch v.Phase() {
				case engine.PhaseDecide:
					a = engine.Action{Kind: engine.ActPlayHand}
				default:
					chooser, err := computer.New("random", uint64(v.Step()))
					if err != nil {
						t.Fatal(err)
					}
					a = chooser.Choose(v)
				}
				if rep := r.do(id, moveFor(ana, &v, a)); rep.Notice.Fact != live.FactNone {
					t.Fatalf("ana's %v: %+v", v.Phase(), rep)
				}
			}
			want := []engine.Phase{engine.PhaseTrump, engine.PhasePass, engine.PhaseDecide, engine.PhasePlay}
			if !slices.Equal(steps, want) {
				t.Errorf("the bidder's steps were %v, want %v", steps, want)
			}
			if got := mentions(r.fx.list(), ana.ID); got != tc.want {
				t.Errorf("the bidder who waited %v at each of her steps was mentioned %d times, want %d\n%s", tc.think, got, tc.want, describe(r.fx.list()))
			}
		})
	}
}
