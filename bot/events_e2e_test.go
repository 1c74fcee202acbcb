package bot_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/fakediscord"
	"github.com/pinochle-discord/pinochle/league/club"
	"github.com/pinochle-discord/pinochle/league/event"
)

// organiser returns a member of that name who may manage the server.
func (h *harness) organiser(name string) fakediscord.User {
	u := h.user(name)
	u.Permissions = fakediscord.PermManageGuild | fakediscord.DefaultPermissions
	h.users[name] = u
	return u
}

// members returns members named prefix1, prefix2, ... prefixN.
func (h *harness) members(prefix string, n int) []fakediscord.User {
	var out []fakediscord.User
	for i := range n {
		out = append(out, h.user(fmt.Sprintf("%s%d", prefix, i+1)))
	}
	return out
}

// eventCmd runs /league event SUB as user in the harness's channel.
func (h *harness) eventCmd(user fakediscord.User, sub string, opts ...fakediscord.Option) fakediscord.Response {
	h.t.Helper()
	r, _ := h.slash(user, h.channel, "league", "event", fakediscord.Sub(sub, opts...))
	return r
}

// botPosts returns the bot's messages in a channel whose content starts with prefix, or
// whose first embed's title does, in order.
func (h *harness) botPosts(channel, prefix string) []fakediscord.Message {
	var out []fakediscord.Message
	for _, m := range h.srv.Messages(channel) {
		if m.Ephemeral() || m.Author.ID != h.srv.BotUser().ID {
			continue
		}
		if strings.HasPrefix(m.Content, prefix) || (len(m.Embeds) > 0 && strings.HasPrefix(m.Embeds[0].Title, prefix)) {
			out = append(out, m)
		}
	}
	return out
}

// signup returns an event's sign-up message.
func (h *harness) signup(name string) fakediscord.Message {
	h.t.Helper()
	ms := h.botPosts(h.channel, "Event · "+name)
	if len(ms) != 1 {
		h.t.Fatalf("%d sign-up messages of %q", len(ms), name)
	}
	return ms[0]
}

// eventTable is a table of an event's round as its players see it.
type eventTable struct {
	msg     fakediscord.Message // the announcement, with the organisers' controls
	thread  string
	players []fakediscord.User // mentioned, in seat order of sides
}

// roundTables returns the tables of an event's round, from their announcements.
func (h *harness) roundTables(name string, round int) []eventTable {
	h.t.Helper()
	byID := map[string]fakediscord.User{}
	for _, u := range h.users {
		byID[u.ID] = u
	}
	var out []eventTable
	for _, m := range h.botPosts(h.channel, fmt.Sprintf("**%s · round %d · table", name, round)) {
		tb := eventTable{msg: m}
		for _, th := range h.srv.Threads() {
			if th.StarterMessageID == m.ID {
				tb.thread = th.ID
			}
		}
		if tb.thread == "" {
			h.t.Fatalf("the table of %q has no thread", m.Content)
		}
		for _, id := range m.AllowedMentions.Users {
			tb.players = append(tb.players, byID[id])
		}
		if !slices.Equal(m.AllowedMentions.Users, m.Pings.Users) && !sameSet(m.AllowedMentions.Users, m.Pings.Users) {
			h.t.Errorf("the table %q pings %v, and allows %v", m.Content, m.Pings.Users, m.AllowedMentions.Users)
		}
		out = append(out, tb)
	}
	return out
}

// sameSet reports whether a and b hold the same strings.
func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// away hands user's seat at the table of a thread to a computer player.
func (h *harness) away(user fakediscord.User, thread string) {
	h.t.Helper()
	r, _ := h.slash(user, thread, "pinochle", "away")
	if !r.Ephemeral {
		h.t.Fatalf("/pinochle away answered in public: %q", r.Content)
	}
}

// advance moves the clock on and waits for what falls due to be done.
func (h *harness) advance(d time.Duration) {
	h.t.Helper()
	h.clock.Advance(d)
	h.settle()
}

// eventState reads an event from the harness's store, by name.
func (h *harness) eventState(name string) club.State {
	h.t.Helper()
	evs, err := h.store.GuildEvents(context.Background(), h.guild, 20)
	if err != nil {
		h.t.Fatal(err)
	}
	for _, e := range evs {
		if e.Name == name {
			st, err := h.store.EventState(context.Background(), e.ID)
			if err != nil {
				h.t.Fatal(err)
			}
			return st
		}
	}
	h.t.Fatalf("no event %q", name)
	return club.State{}
}

// TestEventSwissNight: a Swiss night of eight people over three rounds of two-handed
// one-hand games, from sign-up to final standings, through the fake Discord on the fake
// clock: a table is voided, a side forfeits at the deadline, a late player is reminded
// and then plays, an old round's control changes nothing, and the bot restarts in the
// middle of a round. Bad input on the way is refused privately.
func TestEventSwissNight(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	org := h.organiser("org")
	ps := h.members("p", 8)
	const name = "Tuesday night"

	// A member without Manage Server cannot create one.
	r := h.eventCmd(ps[0], "create", fakediscord.Opt("name", name), fakediscord.Opt("format", "swiss"), fakediscord.Opt("start", "in 30m"))
	h.private(ps[0], r, present.MsgEventCreateManage)
	r = h.eventCmd(org, "create", fakediscord.Opt("name", name), fakediscord.Opt("format", "swiss"), fakediscord.Opt("start", "in 30m"),
		fakediscord.Opt("rounds", 3), fakediscord.Opt("preset", "two-handed"), fakediscord.Opt("options", "hands=1"),
		fakediscord.Opt("round", "1h"), fakediscord.Opt("deadline", "forfeit"), fakediscord.Opt("level", "easy"))
	if !strings.Contains(r.Content, "is created") {
		t.Fatalf("create answered %q", r.Content)
	}
	su := h.signup(name)
	join := buttonByLabel(t, su, "Join")
	for _, p := range ps {
		if r := h.click(p, su.ID, join); r.Type != fakediscord.ResponseUpdate {
			t.Fatalf("join answered %+v", r)
		}
	}
	twice, err := h.srv.Click(ps[2], su.ID, join)
	h.private(ps[2], h.wait(twice, err), present.MsgEventEntered)
	if got := h.signup(name).Embeds[0].Fields[0].Name; got != "Entrants (8)" {
		t.Errorf("the sign-up shows %q", got)
	}

	// The start: entry closes, round 1 opens with four tables in threads.
	h.advance(30 * time.Minute)
	if m := h.signup(name); len(m.Controls()) != 0 || !strings.Contains(m.Embeds[0].Description, "Entry is closed") {
		t.Errorf("the sign-up after the start: %+v", m)
	}
	// A Join kept on an old copy of the sign-up (as a modified client might show it).
	h.private(ps[2], h.click(ps[2], h.forge(twice, button(join)), join), present.MsgEventEntryClosed)
	tables := h.roundTables(name, 1)
	if len(tables) != 4 {
		t.Fatalf("round 1 has %d tables, want 4", len(tables))
	}
	for _, tb := range tables {
		if len(tb.players) != 2 {
			t.Fatalf("table %q mentions %d players", tb.msg.Content, len(tb.players))
		}
		h.waitTable(tb.thread)
	}
	// Table 1 and 2 play (their players hand their seats to computer players, which play
	// the hand at once); table 3 is voided before it plays; at table 4 one player plays and
	// the other never comes.
	for _, tb := range tables[:2] {
		h.away(tb.players[0], tb.thread)
		h.away(tb.players[1], tb.thread)
	}
	p3 := tables[2].players[0]
	h.private(p3, h.click(p3, tables[2].msg.ID, buttonByLabel(t, tables[2].msg, "Void")), present.MsgEventNotOrganiser)
	h.private(org, h.clickFinal(org, tables[2].msg.ID, buttonByLabel(t, tables[2].msg, "Void")), "is void")
	h.settle()
	h.away(tables[3].players[0], tables[3].thread)
	h.settle()

	// Half time: the absent player is reminded, in the thread, by name.
	h.advance(30 * time.Minute)
	absent := tables[3].players[1]
	h.waitThread(tables[3].thread, "⏰ <@"+absent.ID+">")
	// The deadline: the side the game waits for forfeits.
	h.advance(30 * time.Minute)
	st := h.eventState(name)
	if len(st.Results) != 4 {
		t.Fatalf("round 1 has %d results after its deadline, want 4: %+v", len(st.Results), st.Results)
	}
	if res, _ := st.Result(1, 3); !res.Void || res.How != club.HowVoid {
		t.Errorf("table 3's result %+v, want void", res)
	}
	if res, _ := st.Result(1, 4); res.Void || res.How != club.HowPlayed || res.Sides[1].Outcome != event.Loss {
		t.Errorf("table 4's result %+v, want the absent side's forfeit", res)
	}

	// Round 2 opens: a standings message comes with it. The bot restarts in the middle.
	tables = h.roundTables(name, 2)
	if len(tables) != 4 {
		t.Fatalf("round 2 has %d tables, want 4", len(tables))
	}
	if len(h.botPosts(h.channel, "Standings · "+name)) != 1 {
		t.Errorf("no standings message as round 2 opens")
	}
	old := h.roundTables(name, 1)[0]
	h.private(org, h.clickFinal(org, old.msg.ID, buttonByLabel(t, old.msg, "Replay")), present.MsgEventOldRound)
	for _, tb := range tables[:2] {
		h.away(tb.players[0], tb.thread)
		h.away(tb.players[1], tb.thread)
	}
	h.settle()
	h.restart()
	h.settle()
	for _, tb := range tables[2:] {
		h.away(tb.players[0], tb.thread)
	}
	// A late player: reminded at half time, then they play before the deadline.
	h.advance(30 * time.Minute)
	late := tables[2].players[1]
	h.waitThread(tables[2].thread, "⏰ <@"+late.ID+">")
	h.away(late, tables[2].thread)
	h.away(tables[3].players[1], tables[3].thread)
	h.settle()

	// Round 3 follows at once; it is played, and the final standings close the night.
	tables = h.roundTables(name, 3)
	if len(tables) != 4 {
		t.Fatalf("round 3 has %d tables, want 4", len(tables))
	}
	for _, tb := range tables {
		h.away(tb.players[0], tb.thread)
		h.away(tb.players[1], tb.thread)
	}
	h.settle()
	st = h.eventState(name)
	if st.Event.Status != club.StatusFinished || len(st.Rounds) != 3 || len(st.Results) != 12 {
		t.Fatalf("the event is %s with %d rounds and %d results, want finished with 3 and 12", st.Event.Status, len(st.Rounds), len(st.Results))
	}
	final := h.botPosts(h.channel, "🏆 **"+name+"** is over")
	if len(final) != 1 || len(final[0].Embeds) != 1 || !strings.HasPrefix(final[0].Embeds[0].Title, "Final standings") {
		t.Fatalf("final standings: %+v", final)
	}
	// Nobody met anyone twice (eight players, three rounds: no rematch is needed).
	met := map[[2]string]bool{}
	for _, rd := range st.Rounds {
		for _, tb := range rd.Round.Tables {
			k := [2]string{tb.Sides[0][0], tb.Sides[1][0]}
			slices.Sort(k[:])
			if met[k] {
				t.Errorf("round %d: %v meet again", rd.Number, k)
			}
			met[k] = true
		}
	}
	// The games did not count for ratings: the organiser left counts off.
	if recs, err := h.store.Leaderboard(context.Background(), h.guild, 0, 10, 0); err != nil || len(recs) != 0 {
		t.Errorf("the event's games count: %+v, %v", recs, err)
	}
}

// clickFinal clicks a button as user and returns the answer as it ends up: a deferred
// answer is read once its edit has filled it in.
func (h *harness) clickFinal(user fakediscord.User, messageID, customID string) fakediscord.Response {
	h.t.Helper()
	hd, err := h.srv.Click(user, messageID, customID)
	r := h.wait(hd, err)
	if r.Type == fakediscord.ResponseDeferred {
		var m fakediscord.Message
		if err := h.srv.WaitFor(h.ctx, func(*fakediscord.Server) bool {
			var ok bool
			m, ok = hd.Original()
			return ok && m.Flags&fakediscord.FlagLoading == 0
		}); err != nil {
			h.t.Fatalf("the deferred answer was never filled in: %v", err)
		}
		r.Content, r.Embeds, r.Components = m.Content, m.Embeds, m.Components
	}
	return r
}

// TestEventRoundRobinOverDays: an asynchronous round robin, a round a day, whose entrants
// check in the hour before the start (one does not, one leaves the server and both are
// left out), with a scheduled event in the server's list, a table that nobody plays
// finished by computer players at its deadline, a restart in the middle of a round, and
// games that count for ratings.
func TestEventRoundRobinOverDays(t *testing.T) {
	t.Parallel()
	// Discord makes scheduled events that start later than its own time: the bot's clock
	// starts at the fake's.
	h := newHarness(t, harnessOptions{start: time.Now().UTC().Truncate(time.Second)})
	h.srv.SetBotPermissions(h.guild, fakediscord.DefaultBotPermissions|fakediscord.PermManageEvents)
	org := h.organiser("org")
	ps := h.members("q", 6)
	const name = "March ladder"
	r := h.eventCmd(org, "create", fakediscord.Opt("name", name), fakediscord.Opt("format", "roundrobin"), fakediscord.Opt("start", "in 2h"),
		fakediscord.Opt("preset", "two-handed"), fakediscord.Opt("options", "hands=1"), fakediscord.Opt("round", "1d"),
		fakediscord.Opt("checkin", true), fakediscord.Opt("counts", true), fakediscord.Opt("level", "easy"))
	if !strings.Contains(r.Content, "is created") {
		t.Fatalf("create answered %q", r.Content)
	}
	if se := h.srv.ScheduledEvents(h.guild); len(se) != 1 || se[0].Name != name || se[0].Status != fakediscord.ScheduledStatusScheduled {
		t.Fatalf("scheduled events %+v", se)
	}
	su := h.signup(name)
	for _, p := range ps {
		h.click(p, su.ID, buttonByLabel(t, su, "Join"))
	}
	checkIn := buttonByLabel(t, su, "Check in")
	h.private(ps[0], h.click(ps[0], su.ID, checkIn), "Check-in opens")
	h.advance(time.Hour)
	for _, p := range append(slices.Clone(ps[:4]), ps[5]) {
		h.private(p, h.click(p, su.ID, checkIn), present.MsgEventCheckedIn)
	}
	h.private(h.user("stranger"), h.click(h.user("stranger"), su.ID, checkIn), present.MsgEventNotEntered)
	h.srv.RemoveMember(h.guild, ps[5].ID)
	h.advance(time.Hour)
	started := h.botPosts(h.channel, "🏁 Entry to **"+name+"** is closed")
	if len(started) != 1 || !strings.Contains(started[0].Content, "4 entrants") || !strings.Contains(started[0].Content, "q5") || !strings.Contains(started[0].Content, "q6") {
		t.Fatalf("the start says %+v", started)
	}
	if se := h.srv.ScheduledEvents(h.guild); se[0].Status != fakediscord.ScheduledStatusActive {
		t.Errorf("the scheduled event is %d at the start, want active", se[0].Status)
	}

	// Round 1: one table plays; nobody plays at the other, which computer players finish at
	// the day's end.
	tables := h.roundTables(name, 1)
	if len(tables) != 2 {
		t.Fatalf("round 1 has %d tables", len(tables))
	}
	h.away(tables[0].players[0], tables[0].thread)
	h.away(tables[0].players[1], tables[0].thread)
	h.advance(12 * time.Hour)
	h.waitThread(tables[1].thread, "⏰")
	h.advance(12 * time.Hour)
	st := h.eventState(name)
	if len(st.Results) != 2 || len(st.Rounds) != 2 {
		t.Fatalf("after a day: %d results, %d rounds; want 2 and 2", len(st.Results), len(st.Rounds))
	}

	// Round 2: one table plays, the bot restarts, the other plays the next day.
	tables = h.roundTables(name, 2)
	h.away(tables[0].players[0], tables[0].thread)
	h.away(tables[0].players[1], tables[0].thread)
	h.settle()
	h.restart()
	h.advance(20 * time.Hour)
	h.away(tables[1].players[0], tables[1].thread)
	h.away(tables[1].players[1], tables[1].thread)
	h.settle()

	// Round 3, and the end.
	tables = h.roundTables(name, 3)
	if len(tables) != 2 {
		t.Fatalf("round 3 has %d tables", len(tables))
	}
	for _, tb := range tables {
		h.away(tb.players[0], tb.thread)
		h.away(tb.players[1], tb.thread)
	}
	h.settle()
	st = h.eventState(name)
	if st.Event.Status != club.StatusFinished || len(st.Results) != 6 {
		t.Fatalf("the event is %s with %d results, want finished with 6", st.Event.Status, len(st.Results))
	}
	// Everyone met everyone once.
	met := map[[2]string]int{}
	for _, rd := range st.Rounds {
		for _, tb := range rd.Round.Tables {
			k := [2]string{tb.Sides[0][0], tb.Sides[1][0]}
			slices.Sort(k[:])
			met[k]++
		}
	}
	if len(met) != 6 {
		t.Errorf("%d pairs met, want all 6: %v", len(met), met)
	}
	if se := h.srv.ScheduledEvents(h.guild); se[0].Status != fakediscord.ScheduledStatusCompleted {
		t.Errorf("the scheduled event is %d at the end, want completed", se[0].Status)
	}
	recs, err := h.store.Leaderboard(context.Background(), h.guild, 0, 10, 0)
	if err != nil || len(recs) != 4 {
		t.Errorf("the event's games count for ratings: %d records, %v; want the 4 players'", len(recs), err)
	}
	if len(h.botPosts(h.channel, "🏆 **"+name+"** is over")) != 1 {
		t.Errorf("no final standings")
	}
}

// TestEventDuplicateRound: a duplicate round of four two-handed tables, two deals each:
// every table plays the same two deals, the hands turned from table to table, and each
// result is scored in matchpoints against the others on the same cards. The bot restarts
// in the middle of the round.
func TestEventDuplicateRound(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	org := h.organiser("org")
	ps := h.members("d", 8)
	const name = "Duplicate cup"
	r := h.eventCmd(org, "create", fakediscord.Opt("name", name), fakediscord.Opt("format", "duplicate"), fakediscord.Opt("start", "in 10m"),
		fakediscord.Opt("rounds", 1), fakediscord.Opt("deals", 2), fakediscord.Opt("preset", "two-handed"), fakediscord.Opt("round", "2h"),
		fakediscord.Opt("level", "easy"))
	if !strings.Contains(r.Content, "is created") {
		t.Fatalf("create answered %q", r.Content)
	}
	su := h.signup(name)
	for _, p := range ps {
		h.click(p, su.ID, buttonByLabel(t, su, "Join"))
	}
	h.advance(10 * time.Minute)
	tables := h.roundTables(name, 1)
	if len(tables) != 4 {
		t.Fatalf("%d tables, want 4", len(tables))
	}
	for k, tb := range tables {
		if labels := labels(tb.msg.Controls()); !slices.Equal(labels, []string{"Replay"}) {
			t.Errorf("a duplicate table's controls: %v, want Replay alone", labels)
		}
		// Each deal is a game of its own, in the table's thread: the players hand their
		// seats over for each.
		for deal := range 2 {
			for _, p := range tb.players {
				h.away(p, tb.thread)
			}
			h.settle()
			if k == 1 && deal == 0 {
				// The bot restarts in the middle of the round: between a table's deals,
				// with two tables still to play.
				h.restart()
			}
		}
	}
	st := h.eventState(name)
	if len(st.DealResults) != 8 || st.Event.Status != club.StatusFinished {
		t.Fatalf("%d deal results, event %s; want 8 and finished", len(st.DealResults), st.Event.Status)
	}
	// Every table played the same cards on each deal: the games' seeds are the round's.
	for _, d := range st.DealResults {
		g, err := h.store.GetGame(context.Background(), d.Game)
		if err != nil {
			t.Fatal(err)
		}
		if want := event.DealSeed(st.Event.Spec.Seed, 1, d.Deal); g.Seed != want {
			t.Errorf("table %d, deal %d played seed %d, want %d", d.Table, d.Deal, g.Seed, want)
		}
		tb := st.Rounds[0].Round.Tables[d.Table-1]
		for s, seat := range g.Seats {
			if seat.UserID != tb.Deals[d.Deal-1].Seats[s] {
				t.Errorf("table %d, deal %d: seat %d is %s, want %s", d.Table, d.Deal, s, seat.UserID, tb.Deals[d.Deal-1].Seats[s])
			}
		}
	}
	mps, err := st.Tournament().Matchpoints()
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, m := range mps {
		// Two deals, each compared with the three other tables that held the same hand.
		if m.Deals != 2 || m.Top != 2*2*3 {
			t.Errorf("%s: %d deals, top %d", m.Entrant, m.Deals, m.Top)
		}
		total += m.Matchpoints
	}
	// On each of two deals each hand is held at four tables: 4·3 matchpoints a hand, two
	// hands a deal.
	if total != 2*2*4*3 {
		t.Errorf("matchpoints add up to %d, want %d", total, 2*2*4*3)
	}
	final := h.botPosts(h.channel, "🏆 **"+name+"** is over")
	if len(final) != 1 || !strings.Contains(final[0].Embeds[0].Description, "%") {
		t.Errorf("final standings %+v", final)
	}
}
