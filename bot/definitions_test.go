package bot_test

import (
	"context"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/fakediscord"
	"github.com/pinochle-discord/pinochle/table"
)

// TestDefinitionsOnFakeDiscord registers the bot's real command definitions, which the
// fake checks against Discord's limits, and reads an injected /pinochle new back through
// the commands package.
func TestDefinitionsOnFakeDiscord(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	// The fake's clock stands still: the handler's answer is in time however slow the machine.
	srv := fakediscord.New(t, fakediscord.Options{Clock: fakediscord.NewManualClock(time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC))})
	type result struct {
		sub   string
		table commands.Table
		err   error
	}
	got := make(chan result, 1)
	ready := make(chan struct{}, 1)
	s, err := discordgo.New("Bot " + srv.Token())
	if err != nil {
		t.Fatal(err)
	}
	s.Client = srv.Client()
	s.Client.Timeout = testTimeout
	s.AddHandler(func(*discordgo.Session, *discordgo.Ready) { ready <- struct{}{} })
	s.AddHandler(func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		sub, opts := commands.Flatten(i.ApplicationCommandData())
		server := table.DefaultGuildSettings()
		server.DefaultPreset = "classic"
		tbl, err := commands.NewTableRequest(opts, commands.Defaults{Server: server})
		got <- result{sub, tbl, err}
		if err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "table opened"},
		}); err != nil {
			t.Errorf("respond: %v", err)
		}
	})
	if err := s.Open(); err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer s.Close()
	select {
	case <-ready:
	case <-ctx.Done():
		t.Fatalf("waiting for READY: %v", ctx.Err())
	}

	if _, err := s.ApplicationCommandBulkOverwrite(srv.AppID(), "", commands.Definitions()); err != nil {
		t.Fatalf("registering commands.Definitions: %v (problems %q)", err, srv.TakeProblems())
	}
	guild := srv.DefaultGuild().ID
	if _, err := s.ApplicationCommandBulkOverwrite(srv.AppID(), guild, commands.Definitions()); err != nil {
		t.Fatalf("registering guild commands: %v (problems %q)", err, srv.TakeProblems())
	}
	h, err := srv.SlashCommand(srv.NewUser("alice"), guild, srv.DefaultChannel().ID, "pinochle",
		fakediscord.Sub("new", fakediscord.Opt("preset", "partnership"), fakediscord.Opt("target", 2000),
			fakediscord.Opt("moon", true), fakediscord.Opt("timer", "1d"), fakediscord.Opt("timeout", "forfeit")))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	var r result
	select {
	case r = <-got:
	case <-ctx.Done():
		t.Fatalf("waiting for the handler's reading of /pinochle new: %v", ctx.Err())
	}
	if r.err != nil || r.sub != "new" || r.table.Preset != "partnership" || r.table.Options["target"] != "2000" ||
		r.table.Options["moon"] != "on" || r.table.Settings.Timer.Hours() != 24 || r.table.Settings.Timeout != table.PolicyForfeit {
		t.Errorf("read %q %+v, %v", r.sub, r.table, r.err)
	}
	if _, err := srv.SlashCommand(srv.NewUser("bob"), "", "", "pinochle", fakediscord.Sub("status")); err == nil {
		t.Error("the fake injected a guild-only command in a DM")
	}
	if p := srv.TakeProblems(); len(p) > 0 {
		t.Errorf("fake Discord problems: %q", p)
	}
}
