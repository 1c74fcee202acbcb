package fakediscord_test

import (
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/fakediscord"
)

// TestMembers: a user is a member until they leave, then Unknown Member; the roles set for
// a member come with them.
func TestMembers(t *testing.T) {
	t.Parallel()
	sp, _ := testSpec(t)
	srv, _ := newFake(t, fakediscord.Options{Spec: sp})
	bot := restSession(t, srv, srv.Token())
	g := srv.DefaultGuild().ID
	ana := srv.NewUser("ana")
	srv.SetMemberRoles(g, ana.ID, "777")
	m, err := bot.GuildMember(g, ana.ID)
	if err != nil || m.User == nil || m.User.ID != ana.ID || !slices.Equal(m.Roles, []string{"777"}) {
		t.Fatalf("GuildMember = %+v, %v", m, err)
	}
	srv.RemoveMember(g, ana.ID)
	var rest *discordgo.RESTError
	if _, err := bot.GuildMember(g, ana.ID); !errors.As(err, &rest) || rest.Message == nil || rest.Message.Code != discordgo.ErrCodeUnknownMember {
		t.Errorf("a member who left: %v, want Unknown Member", err)
	}
	if _, err := bot.GuildMember("1", ana.ID); !errors.As(err, &rest) || rest.Message == nil || rest.Message.Code != discordgo.ErrCodeUnknownGuild {
		t.Errorf("an unknown guild: %v, want Unknown Guild", err)
	}
}

// TestScheduledEvents: without MANAGE_EVENTS the bot makes none; with it, an external event
// needs its end and location, and its status moves only as Discord lets it.
func TestScheduledEvents(t *testing.T) {
	t.Parallel()
	sp, _ := testSpec(t)
	srv, _ := newFake(t, fakediscord.Options{Spec: sp})
	bot := restSession(t, srv, srv.Token())
	g := srv.DefaultGuild().ID
	start := time.Now().Add(time.Hour).UTC().Truncate(time.Second)
	end := start.Add(2 * time.Hour)
	params := &discordgo.GuildScheduledEventParams{Name: "Tuesday night", ScheduledStartTime: &start, ScheduledEndTime: &end,
		PrivacyLevel: discordgo.GuildScheduledEventPrivacyLevelGuildOnly, EntityType: discordgo.GuildScheduledEventEntityTypeExternal,
		EntityMetadata: &discordgo.GuildScheduledEventEntityMetadata{Location: "#general"}}
	var rest *discordgo.RESTError
	if _, err := bot.GuildScheduledEventCreate(g, params); !errors.As(err, &rest) || rest.Response.StatusCode != 403 {
		t.Errorf("without MANAGE_EVENTS: %v, want 403", err)
	}
	srv.SetBotPermissions(g, fakediscord.DefaultBotPermissions|fakediscord.PermManageEvents)
	noEnd := *params
	noEnd.ScheduledEndTime = nil
	if _, err := bot.GuildScheduledEventCreate(g, &noEnd); !errors.As(err, &rest) || rest.Response.StatusCode != 400 {
		t.Errorf("an external event without its end: %v, want 400", err)
	}
	if p := srv.TakeProblems(); len(p) != 1 {
		t.Errorf("the refusal is recorded as a problem of the bot's: %q", p)
	}
	se, err := bot.GuildScheduledEventCreate(g, params)
	if err != nil || se.Status != discordgo.GuildScheduledEventStatusScheduled || se.Name != "Tuesday night" {
		t.Fatalf("GuildScheduledEventCreate = %+v, %v", se, err)
	}
	status := func(s discordgo.GuildScheduledEventStatus) error {
		_, err := bot.GuildScheduledEventEdit(g, se.ID, &discordgo.GuildScheduledEventParams{Status: s})
		return err
	}
	if err := status(discordgo.GuildScheduledEventStatusCompleted); !errors.As(err, &rest) || rest.Response.StatusCode != 400 {
		t.Errorf("a scheduled event completed before it began: %v, want 400", err)
	}
	for _, s := range []discordgo.GuildScheduledEventStatus{discordgo.GuildScheduledEventStatusActive, discordgo.GuildScheduledEventStatusCompleted} {
		if err := status(s); err != nil {
			t.Errorf("to status %d: %v", s, err)
		}
	}
	if got := srv.ScheduledEvents(g); len(got) != 1 || got[0].Status != fakediscord.ScheduledStatusCompleted {
		t.Errorf("ScheduledEvents = %+v", got)
	}
	if _, err := bot.GuildScheduledEventEdit(g, "123", &discordgo.GuildScheduledEventParams{Status: 2}); !errors.As(err, &rest) || rest.Response.StatusCode != 404 {
		t.Errorf("an unknown scheduled event: %v, want 404", err)
	}
}
