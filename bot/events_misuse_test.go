package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/fakediscord"
	"github.com/pinochle-discord/pinochle/league/club"
	"github.com/pinochle-discord/pinochle/league/event"
)

// TestEventMisuse: what a member may not do, or what cannot be done, is refused privately
// and changes nothing: creating or ending an event without being an organiser, a partner
// who is oneself, a bot or gone from the server, joining twice, pausing what is not
// running; an event whose entrants cannot make its tables is cancelled at its start,
// saying why. A member of the event's organiser role may run it.
func TestEventMisuse(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	org := h.organiser("org")
	ps := h.members("m", 5)
	const name = "Pairs night"
	r := h.eventCmd(org, "create", fakediscord.Opt("name", name), fakediscord.Opt("format", "roundrobin"), fakediscord.Opt("start", "in 1h"),
		fakediscord.Opt("preset", "classic"), fakediscord.Opt("entry", "partners"), fakediscord.Opt("role", "4242"))
	if !strings.Contains(r.Content, "is created") {
		t.Fatalf("create answered %q", r.Content)
	}
	h.private(org, h.eventCmd(org, "create", fakediscord.Opt("name", name), fakediscord.Opt("format", "swiss"),
		fakediscord.Opt("start", "in 1h"), fakediscord.Opt("rounds", 2)), present.MsgEventNameTaken)
	h.private(org, h.eventCmd(org, "create", fakediscord.Opt("name", "Bad"), fakediscord.Opt("format", "elimination"),
		fakediscord.Opt("start", "in 1h"), fakediscord.Opt("preset", "classic")), "Single elimination needs two entrants a table")
	h.private(ps[0], h.eventCmd(ps[0], "end"), present.MsgEventNotOrganiser)
	h.private(org, h.eventCmd(org, "pause"), present.MsgEventNotRunning)

	// A partnership enters by choosing its partner in a private menu.
	su := h.signup(name)
	join := buttonByLabel(t, su, "Join")
	menu := h.click(ps[0], su.ID, join)
	if !menu.Ephemeral || len(flatten(menu.Components)) != 1 {
		t.Fatalf("join in a partnership event answered %+v", menu)
	}
	partner := flatten(menu.Components)[0].CustomID
	choose := func(u fakediscord.User, values ...string) fakediscord.Response {
		t.Helper()
		return h.wait(h.srv.Select(u, menu.MessageID, partner, values))
	}
	h.private(ps[0], choose(ps[0], ps[0].ID), present.MsgEventPartnerSelf)
	h.private(ps[0], choose(ps[0], h.srv.BotUser().ID), present.MsgEventPartnerBot)
	h.srv.RemoveMember(h.guild, ps[4].ID)
	h.private(ps[0], choose(ps[0], ps[4].ID), present.MsgEventMemberLeft)
	if r := choose(ps[0], ps[1].ID); !strings.Contains(r.Content, "You are entered") {
		t.Fatalf("choosing a partner answered %q", r.Content)
	}
	h.settle() // the sign-up is edited once the partnership is in
	if got := h.signup(name).Embeds[0].Fields[0].Value; !strings.Contains(got, "m1 & m2") {
		t.Errorf("the sign-up lists %q", got)
	}
	h.private(ps[1], h.click(ps[1], su.ID, join), present.MsgEventEntered)
	menu2 := h.click(ps[2], su.ID, join)
	h.private(ps[2], h.wait(h.srv.Select(ps[2], menu2.MessageID, partner, []string{ps[1].ID})), present.MsgEventPartnerTaken)
	h.private(ps[3], h.click(ps[3], su.ID, buttonByLabel(t, su, "Leave")), present.MsgEventNotEntered)

	// At the start, one partnership cannot make a table: the event is cancelled, saying
	// why, and its sign-up closes.
	h.advance(time.Hour)
	cancelled := h.botPosts(h.channel, "**"+name+"** is cancelled")
	if len(cancelled) != 1 || !strings.Contains(cancelled[0].Content, "needs at least 2 entrants") {
		t.Fatalf("the cancellation says %+v", cancelled)
	}
	if st := h.eventState(name); st.Event.Status != club.StatusCancelled {
		t.Errorf("the event is %s", st.Event.Status)
	}

	// An organiser role runs an event: its member ends it before its start.
	r = h.eventCmd(org, "create", fakediscord.Opt("name", "Role night"), fakediscord.Opt("format", "swiss"), fakediscord.Opt("rounds", 1),
		fakediscord.Opt("start", "in 2h"), fakediscord.Opt("preset", "two-handed"), fakediscord.Opt("role", "4242"))
	if !strings.Contains(r.Content, "is created") {
		t.Fatalf("create answered %q", r.Content)
	}
	h.private(ps[3], h.eventCmd(ps[3], "end", fakediscord.Opt("event", "Role night")), present.MsgEventNotOrganiser)
	h.srv.SetMemberRoles(h.guild, ps[3].ID, "4242")
	h.private(ps[3], h.eventCmd(ps[3], "end", fakediscord.Opt("event", "Role night")), "is over")
	if st := h.eventState("Role night"); st.Event.Status != club.StatusCancelled {
		t.Errorf("the event ended before its start is %s, want cancelled", st.Event.Status)
	}
}

// TestEventElimination: a single elimination of four, seeded, over two rounds: an organiser
// awards a table, pauses and resumes the event (its deadline moves by the pause), and a
// forged Void of an elimination table is refused, for someone must go through.
func TestEventElimination(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	org := h.organiser("org")
	ps := h.members("e", 4)
	const name = "Knockout"
	h.eventCmd(org, "create", fakediscord.Opt("name", name), fakediscord.Opt("format", "elimination"), fakediscord.Opt("start", "in 5m"),
		fakediscord.Opt("preset", "two-handed"), fakediscord.Opt("options", "hands=1"), fakediscord.Opt("level", "easy"))
	su := h.signup(name)
	for _, p := range ps {
		h.click(p, su.ID, buttonByLabel(t, su, "Join"))
	}
	h.advance(5 * time.Minute)
	tables := h.roundTables(name, 1)
	if len(tables) != 2 {
		t.Fatalf("%d tables in round 1", len(tables))
	}
	if labels := labels(tables[0].msg.Controls()); len(labels) != 3 || labels[2] != "Replay" {
		t.Errorf("an elimination table's controls: %v", labels)
	}
	st := h.eventState(name)
	forged := commands.EventID{Action: commands.EventVoid, Event: st.Event.ID, Round: 1, Table: 1}.String()
	stamp, herr := h.srv.SlashCommand(org, h.guild, h.channel, "league", fakediscord.Sub("event", fakediscord.Sub("standings")))
	h.wait(stamp, herr)
	h.private(org, h.clickFinal(org, h.forge(stamp, button(forged)), forged), present.MsgEventEliminationNo)

	// Pause: the clock stops; resume: the deadline moves on by the pause.
	before := h.eventState(name).Rounds[0].Deadline
	h.private(org, h.eventCmd(org, "pause"), "is paused")
	h.advance(2 * time.Hour)
	h.private(org, h.eventCmd(org, "resume"), "runs again")
	if after := h.eventState(name).Rounds[0].Deadline; !after.Equal(before.Add(2 * time.Hour)) {
		t.Errorf("the deadline after a pause of 2h: %v, want %v", after, before.Add(2*time.Hour))
	}
	award := buttonByLabel(t, tables[0].msg, "Award to "+tables[0].players[1].Username)
	h.private(org, h.clickFinal(org, tables[0].msg.ID, award), "awarded")
	h.away(tables[1].players[0], tables[1].thread)
	h.away(tables[1].players[1], tables[1].thread)
	h.settle()
	final := h.roundTables(name, 2)
	if len(final) != 1 {
		t.Fatalf("%d tables in the final", len(final))
	}
	for _, p := range final[0].players {
		h.away(p, final[0].thread)
	}
	h.settle()
	st = h.eventState(name)
	if st.Event.Status != club.StatusFinished {
		t.Fatalf("the event is %s", st.Event.Status)
	}
	if res, _ := st.Result(1, 1); res.How != club.HowAwarded || res.Sides[1].Outcome != event.Win {
		t.Errorf("the awarded table: %+v", res)
	}
	if len(h.botPosts(h.channel, "🏆 **"+name+"** is over")) != 1 {
		t.Errorf("no final standings")
	}
}

// TestEventServerOrganiserRole: a server's admins name an organiser role once, and its
// members then create and run every event without Manage Server; the role survives a
// restart, is in the admin log, and naming none takes it back. Naming it takes Manage
// Server, @everyone cannot be it, and a role and none at once are refused.
func TestEventServerOrganiserRole(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	mia, ola, pat := h.organiser("mia"), h.user("ola"), h.user("pat")
	const role = "5151"
	h.srv.SetMemberRoles(h.guild, ola.ID, role)
	create := func(u fakediscord.User, name string) fakediscord.Response {
		t.Helper()
		return h.eventCmd(u, "create", fakediscord.Opt("name", name), fakediscord.Opt("format", "swiss"), fakediscord.Opt("rounds", 1),
			fakediscord.Opt("start", "in 2h"), fakediscord.Opt("preset", "two-handed"))
	}
	h.private(ola, create(ola, "Before"), present.MsgEventCreateManage)
	h.private(ola, h.eventCmd(ola, "organisers", fakediscord.Opt("role", role)), present.MsgOrganisersManage)
	h.private(mia, h.eventCmd(mia, "organisers", fakediscord.Opt("role", h.guild)), present.MsgOrganisersEveryone)
	h.private(mia, h.eventCmd(mia, "organisers", fakediscord.Opt("role", role), fakediscord.Opt("none", true)), present.MsgOrganisersBoth)
	h.private(mia, h.eventCmd(mia, "organisers"), "names no organiser role")
	h.private(mia, h.eventCmd(mia, "organisers", fakediscord.Opt("role", role)), "Done. <@&"+role+"> organises")
	h.private(mia, h.eventCmd(mia, "organisers", fakediscord.Opt("role", role)), "Nothing changed")

	h.restart()
	if r := create(ola, "Role night"); !strings.Contains(r.Content, "is created") {
		t.Fatalf("a member of the server's organiser role creating an event: %q", r.Content)
	}
	if st := h.eventState("Role night"); st.Event.OrganiserID != ola.ID {
		t.Errorf("the event's organiser is %s, want ola", st.Event.OrganiserID)
	}
	// Another member of the role runs an event they did not create.
	h.srv.SetMemberRoles(h.guild, pat.ID, role)
	h.private(pat, h.eventCmd(pat, "end", fakediscord.Opt("event", "Role night")), "is over")

	log := h.wait(h.srv.SlashCommand(mia, h.guild, h.channel, "pinochle-admin", fakediscord.Sub("log")))
	if text := log.Text(); !strings.Contains(text, "named <@&"+role+"> the organiser role") {
		t.Errorf("the admin log does not tell the role named:\n%s", text)
	}
	h.private(mia, h.eventCmd(mia, "organisers", fakediscord.Opt("none", true)), "names no organiser role")
	h.private(ola, create(ola, "After"), present.MsgEventCreateManage)
}
