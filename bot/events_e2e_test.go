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
