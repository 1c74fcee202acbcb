package fakediscord_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/fakediscord"
)

// TestPings: whom a message pings, as Discord parses it: the mentions in its content (with
// Components V2, in its text displays; never in embeds), under its allowed_mentions or
// Discord's defaults (every kind for channel messages, users only for an interaction's
// messages), and in DMs never @everyone or roles. An edit that changes the text parses it
// anew, by its own allowed_mentions or the defaults.
func TestPings(t *testing.T) {
	t.Parallel()
	f := newV2Fixture(t, fakediscord.Options{})
	ana, bob := f.user, f.srv.NewUser("bob")
	const role = "1111111111111111111"
	text := fmt.Sprintf("<@%s> <@!%s> <@&%s> @everyone", ana.ID, bob.ID, role)
	none := &discordgo.MessageAllowedMentions{}
	users := []discordgo.AllowedMentionType{discordgo.AllowedMentionTypeUsers}
	all := fakediscord.Pings{Users: sorted(ana.ID, bob.ID), Roles: []string{role}, Everyone: true}
	channel := func(content string, am *discordgo.MessageAllowedMentions, cs ...discordgo.MessageComponent) func(string) (string, error) {
		return func(ch string) (string, error) {
			flags := discordgo.MessageFlags(0)
			if len(cs) > 0 {
				flags = v2
			}
			m, err := f.bot.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Content: content, Components: cs, AllowedMentions: am, Flags: flags})
			if err != nil {
				return "", err
			}
			return m.ID, nil
		}
	}
	answer := func(content string, am *discordgo.MessageAllowedMentions) func(string) (string, error) {
		return func(ch string) (string, error) {
			i := f.interaction(t, ch)
			err := f.bot.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: content, AllowedMentions: am}})
			if err != nil {
				return "", err
			}
			m, err := f.bot.InteractionResponse(i)
			if err != nil {
				return "", err
			}
			return m.ID, nil
		}
	}
	cases := []struct {
		name string
		send func(ch string) (string, error)
		want fakediscord.Pings
	}{
		{"a channel message without allowed_mentions", channel(text, nil), all},
		{"parse nothing", channel(text, none), fakediscord.Pings{}},
		{"parse users", channel(text, &discordgo.MessageAllowedMentions{Parse: users}), fakediscord.Pings{Users: sorted(ana.ID, bob.ID)}},
		{"users listed", channel(text, &discordgo.MessageAllowedMentions{Users: []string{bob.ID, "2222222222222222222"}}), fakediscord.Pings{Users: []string{bob.ID}}},
		{"roles listed and everyone", channel(text, &discordgo.MessageAllowedMentions{Roles: []string{role},
			Parse: []discordgo.AllowedMentionType{discordgo.AllowedMentionTypeEveryone}}), fakediscord.Pings{Roles: []string{role}, Everyone: true}},
		{"@here", channel("@here, game on", nil), fakediscord.Pings{Everyone: true}},
		{"an embed pings nobody", func(ch string) (string, error) {
			m, err := f.bot.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Embeds: embeds(1, text)})
			if err != nil {
				return "", err
			}
			return m.ID, nil
		}, fakediscord.Pings{}},
		{"text displays", channel("", nil, discordgo.TextDisplay{Content: "<@" + ana.ID + ">"},
			container(discordgo.TextDisplay{Content: "@everyone"}, row(button("<@"+bob.ID+">", "b")))),
			fakediscord.Pings{Users: []string{ana.ID}, Everyone: true}},
		{"an interaction's answer without allowed_mentions", answer(text, nil), fakediscord.Pings{Users: sorted(ana.ID, bob.ID)}},
		{"an interaction's answer parsing everything", answer(text, &discordgo.MessageAllowedMentions{
			Parse: []discordgo.AllowedMentionType{discordgo.AllowedMentionTypeUsers, discordgo.AllowedMentionTypeRoles, discordgo.AllowedMentionTypeEveryone}}), all},
		{"a DM", func(string) (string, error) {
			dm, err := f.bot.UserChannelCreate(ana.ID)
			if err != nil {
				return "", err
			}
			m, err := f.bot.ChannelMessageSend(dm.ID, text)
			if err != nil {
				return "", err
			}
			return m.ID, nil
		}, fakediscord.Pings{Users: sorted(ana.ID, bob.ID)}},
	}
	for _, tc := range cases {
		id, err := tc.send(f.channel(t))
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		m := mustMessage(t, f.srv, id)
		if !samePings(m.Pings, tc.want) {
			t.Errorf("%s: pings %+v, want %+v", tc.name, m.Pings, tc.want)
		}
		// The message object says the same.
		got, err := f.bot.ChannelMessage(m.ChannelID, id)
		if err != nil {
			t.Fatal(err)
		}
		var mentioned []string
		for _, u := range got.Mentions {
			mentioned = append(mentioned, u.ID)
		}
		slices.Sort(mentioned)
		if !slices.Equal(mentioned, tc.want.Users) || !slices.Equal(got.MentionRoles, tc.want.Roles) || got.MentionEveryone != tc.want.Everyone {
			t.Errorf("%s: message mentions %v, roles %v, everyone %v", tc.name, mentioned, got.MentionRoles, got.MentionEveryone)
		}
	}

	// An edit parses the text anew, by its allowed_mentions or Discord's defaults, not by
	// those the message was sent with.
	ch := f.channel(t)
	m, err := f.bot.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Content: text, AllowedMentions: none})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.bot.ChannelMessageEditComplex(&discordgo.MessageEdit{Channel: ch, ID: m.ID, Content: ptr("<@" + bob.ID + "> again")}); err != nil {
		t.Fatal(err)
	}
	if got := mustMessage(t, f.srv, m.ID).Pings; !samePings(got, fakediscord.Pings{Users: []string{bob.ID}}) {
		t.Errorf("after an edit without allowed_mentions: %+v, want bob", got)
	}
	if _, err := f.bot.ChannelMessageEditComplex(&discordgo.MessageEdit{Channel: ch, ID: m.ID, Content: ptr(text), AllowedMentions: none}); err != nil {
		t.Fatal(err)
	}
	if got := mustMessage(t, f.srv, m.ID).Pings; !got.Empty() {
		t.Errorf("after an edit parsing nothing: %+v", got)
	}
	// The record: every creation and edit that pinged someone, in order.
	recs := f.srv.Pings()
	if n := len(recs); n < 2 || recs[n-1].MessageID != m.ID || recs[n-1].Via != "channel" || recs[0].Via != "create" {
		t.Errorf("Pings() = %+v", recs)
	}
	noProblems(t, f.srv)
}

func sorted(ids ...string) []string {
	out := slices.Clone(ids)
	slices.Sort(out)
	return out
}

func samePings(a, b fakediscord.Pings) bool {
	return slices.Equal(a.Users, b.Users) && slices.Equal(a.Roles, b.Roles) && a.Everyone == b.Everyone
}

// TestAllowedMentionsRefused: allowed_mentions that Discord refuses as ambiguous (parse
// with the list of the same kind) is refused, 400 and 50035.
func TestAllowedMentionsRefused(t *testing.T) {
	t.Parallel()
	f := newV2Fixture(t, fakediscord.Options{})
	for _, tc := range []struct {
		name string
		am   *discordgo.MessageAllowedMentions
		want string
	}{
		{"parse users and users", &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{discordgo.AllowedMentionTypeUsers}, Users: []string{f.user.ID}},
			`parse holds "users" and users lists some`},
		{"parse roles and roles", &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{discordgo.AllowedMentionTypeRoles}, Roles: []string{"1"}},
			`parse holds "roles" and roles lists some`},
	} {
		_, err := f.bot.ChannelMessageSendComplex(f.channel(t), &discordgo.MessageSend{Content: "hi", AllowedMentions: tc.am})
		if re := restErr(t, err); re.Response.StatusCode != 400 || re.Message.Code != 50035 {
			t.Errorf("%s: %d %d, want 400 50035", tc.name, re.Response.StatusCode, re.Message.Code)
		}
		wantProblem(t, f.srv, tc.want)
	}
}

// TestAllowPings: once a test declares whom messages may ping, a message (new, or as an
// edit leaves it, on any route) that would ping anyone else is refused and fails the test;
// one that mentions them harmlessly is not.
func TestAllowPings(t *testing.T) {
	t.Parallel()
	f := newV2Fixture(t, fakediscord.Options{})
	ana, bob := f.user, f.srv.NewUser("bob")
	// Before AllowPings nothing is refused.
	if _, err := f.bot.ChannelMessageSend(f.channel(t), "<@"+bob.ID+">"); err != nil {
		t.Fatal(err)
	}
	f.srv.AllowPings(ana.ID)
	none := &discordgo.MessageAllowedMentions{}
	for _, tc := range []struct {
		name    string
		content string
		am      *discordgo.MessageAllowedMentions
		want    string // the problem when refused
	}{
		{"ana", "<@" + ana.ID + "> to play", nil, ""},
		{"bob", "<@" + bob.ID + "> to play", nil, "pings user " + bob.ID + ", whom the test did not allow"},
		{"bob, not parsed", "<@" + bob.ID + "> to play", none, ""},
		{"@everyone", "@everyone", nil, "pings @everyone or @here"},
		{"@everyone, not parsed", "@everyone", none, ""},
		{"a role", "<@&123456789012345678>", nil, "pings role 123456789012345678"},
	} {
		for _, r := range v2Routes[:3] {
			what := tc.name + " by " + r.name
			ch := f.channel(t)
			var err error
			switch r.name {
			case "channel message":
				_, err = f.bot.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Content: tc.content, AllowedMentions: tc.am})
			case "interaction answer":
				err = f.bot.InteractionRespond(f.interaction(t, ch), &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
					Data: &discordgo.InteractionResponseData{Content: tc.content, AllowedMentions: orUsersAndEveryone(tc.am)}})
			case "follow-up":
				i := f.interaction(t, ch)
				if err := f.bot.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}); err != nil {
					t.Fatal(err)
				}
				_, err = f.bot.FollowupMessageCreate(i, true, &discordgo.WebhookParams{Content: tc.content, AllowedMentions: orUsersAndEveryone(tc.am)})
			}
			if tc.want == "" {
				if err != nil {
					t.Errorf("%s: %v", what, err)
				}
				continue
			}
			if re := restErr(t, err); re.Response.StatusCode != 400 || re.Message.Code != 50035 {
				t.Errorf("%s: %d %d, want 400 50035", what, re.Response.StatusCode, re.Message.Code)
			}
			wantProblem(t, f.srv, tc.want)
		}
	}
	// An edit that would ping bob is refused too, and the message left as it was.
	ch := f.channel(t)
	m, err := f.bot.ChannelMessageSend(ch, "table")
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.bot.ChannelMessageEdit(ch, m.ID, "<@"+bob.ID+">")
	if re := restErr(t, err); re.Message.Code != 50035 {
		t.Errorf("edit pinging bob: code %d, want 50035", re.Message.Code)
	}
	wantProblem(t, f.srv, "pings user "+bob.ID)
	if got := mustMessage(t, f.srv, m.ID); got.Content != "table" {
		t.Errorf("the refused edit changed the message to %q", got.Content)
	}
	// Allowing bob later lets him be pinged.
	f.srv.AllowPings(bob.ID)
	if _, err := f.bot.ChannelMessageEdit(ch, m.ID, "<@"+bob.ID+">"); err != nil {
		t.Errorf("edit pinging bob once allowed: %v", err)
	}
	noProblems(t, f.srv)
}

// orUsersAndEveryone is am, or, when nil, the allowed_mentions that lets an interaction's
// message ping users, roles and everyone as a channel message does by default.
func orUsersAndEveryone(am *discordgo.MessageAllowedMentions) *discordgo.MessageAllowedMentions {
	if am != nil {
		return am
	}
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{
		discordgo.AllowedMentionTypeUsers, discordgo.AllowedMentionTypeRoles, discordgo.AllowedMentionTypeEveryone}}
}
