package fakediscord_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/fakediscord"
)

func TestConnect(t *testing.T) {
	t.Parallel()
	ctx := testContext(t)
	srv := fakediscord.New(t, fakediscord.Options{HeartbeatInterval: 20 * time.Millisecond})
	bot, ev := openBot(t, srv, nil)

	r := recv(t, ctx, ev.ready, "READY")
	if r.version != 9 || r.user.ID != srv.BotUser().ID || !r.user.Bot {
		t.Errorf("READY = v%d user %+v, want v9 and bot user %s", r.version, r.user, srv.BotUser().ID)
	}
	if r.appID != srv.AppID() {
		t.Errorf("READY application = %q, want %s", r.appID, srv.AppID())
	}
	if r.sessionID == "" {
		t.Error("READY without session_id")
	}
	guild := srv.DefaultGuild()
	if len(r.guilds) != 1 || r.guilds[0].id != guild.ID || !r.guilds[0].unavailable {
		t.Errorf("READY guilds = %+v, want guild %s unavailable", r.guilds, guild.ID)
	}
	g := recv(t, ctx, ev.guilds, "GUILD_CREATE")
	if g.id != guild.ID || g.name != "Test Guild" || g.unavailable || len(g.channels) != 1 || g.channels[0] != "general" {
		t.Errorf("GUILD_CREATE = %+v, want the default guild with #general", g)
	}
	if got, want := srv.Intents(), int(discordgo.IntentsAllWithoutPrivileged); got != want {
		t.Errorf("Intents() = %d, want discordgo's default %d", got, want)
	}

	// Heartbeats keep flowing and are acknowledged: no reconnect happens.
	if err := srv.WaitFor(ctx, func(s *fakediscord.Server) bool { return s.Heartbeats() >= 3 }); err != nil {
		t.Fatal(err)
	}
	if srv.Identifies() != 1 || srv.Resumes() != 0 || srv.Connected() != 1 {
		t.Errorf("identifies %d resumes %d connected %d, want 1 0 1", srv.Identifies(), srv.Resumes(), srv.Connected())
	}

	me, err := bot.User("@me")
	if err != nil || me.ID != srv.BotUser().ID {
		t.Errorf("User(@me) = %+v, %v", me, err)
	}
	gb, err := bot.GatewayBot()
	if err != nil || gb.URL != srv.GatewayURL()+"/" || gb.Shards != 1 {
		t.Errorf("GatewayBot() = %+v, %v", gb, err)
	}

	// The bot's own messages come back as MESSAGE_CREATE, as on Discord.
	sent, err := bot.ChannelMessageSend(srv.DefaultChannel().ID, "hello")
	if err != nil {
		t.Fatal(err)
	}
	m := recv(t, ctx, ev.messages, "MESSAGE_CREATE")
	if m.id != sent.ID || m.authorID != srv.BotUser().ID {
		t.Errorf("MESSAGE_CREATE = %s by %s, want %s by the bot", m.id, m.authorID, sent.ID)
	}

	// Arbitrary events reach the bot's handlers.
	if err := srv.Dispatch("MESSAGE_CREATE", map[string]any{
		"id": "42", "channel_id": srv.DefaultChannel().ID, "content": "injected",
		"author": map[string]any{"id": "7", "username": "carol"},
	}); err != nil {
		t.Fatal(err)
	}
	m = recv(t, ctx, ev.messages, "dispatched MESSAGE_CREATE")
	if m.id != "42" || m.content != "injected" || m.authorName != "carol" {
		t.Errorf("dispatched message = %+v", m)
	}
	noProblems(t, srv)
}

func TestGatewayWrongToken(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t, fakediscord.Options{})
	bot := restSession(t, srv, "not-the-token")
	if err := bot.Open(); err == nil {
		bot.Close()
		t.Fatal("Open with a wrong token succeeded")
	}
	if srv.Identifies() != 0 {
		t.Errorf("Identifies() = %d, want 0", srv.Identifies())
	}
	wantProblem(t, srv, "IDENTIFY with wrong token")
}

func TestReconnect(t *testing.T) {
	t.Parallel()
	ctx := testContext(t)
	clk := newClock()
	srv := fakediscord.New(t, fakediscord.Options{Clock: clk, Logf: t.Logf})
	errs := make(chan error, 10)
	_, ev := openBot(t, srv, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		errs <- s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "pong"},
		})
	})
	recv(t, ctx, ev.ready, "READY")
	bot := restSession(t, srv, srv.Token())
	if _, err := bot.ApplicationCommandBulkOverwrite(srv.AppID(), "", []*discordgo.ApplicationCommand{
		{Name: "ping", Description: "Ping the bot"},
	}); err != nil {
		t.Fatal(err)
	}
	alice := srv.NewUser("alice")
	guild, channel := srv.DefaultGuild().ID, srv.DefaultChannel().ID

	// A network failure: discordgo reconnects and resumes, and receives
	// the interaction dispatched while it was away.
	srv.DropConnections()
	h, err := srv.SlashCommand(alice, guild, channel, "ping")
	if err != nil {
		t.Fatal(err)
	}
	back(t, ctx, ev, "after a dropped connection")
	if resp, err := h.Wait(ctx); err != nil || resp.Content != "pong" {
		t.Fatalf("interaction sent while disconnected: %+v, %v", resp, err)
	}
	if err := recv(t, ctx, errs, "respond result"); err != nil {
		t.Errorf("InteractionRespond: %v", err)
	}
	// Counts are lower bounds: discordgo's heartbeat goroutine of a dead
	// connection sends its first heartbeat at once, and when that fails
	// (websocket: close sent) it closes whatever connection the session has
	// by then and reconnects again, so a loaded machine sees extra
	// reconnections.
	if srv.Resumes() < 1 {
		t.Errorf("Resumes() = %d, want at least 1", srv.Resumes())
	}

	// Op 7: discordgo closes with 1012 and resumes.
	srv.RequestReconnect()
	back(t, ctx, ev, "after op 7")
	if srv.Resumes() < 2 {
		t.Errorf("Resumes() = %d, want at least 2", srv.Resumes())
	}
	// Drain what the reconnections above may have left, so that the READY awaited next is
	// the one of the new session.
	for len(ev.ready) > 0 {
		<-ev.ready
	}

	// An invalidated session: RESUME gets op 9 and discordgo identifies
	// again, receiving a second READY.
	srv.InvalidateSessions()
	srv.DropConnections()
	recv(t, ctx, ev.ready, "second READY")
	if srv.Identifies() < 2 {
		t.Errorf("Identifies() = %d, want at least 2", srv.Identifies())
	}
	if err := srv.WaitFor(ctx, func(s *fakediscord.Server) bool { return s.Connected() == 1 }); err != nil {
		t.Fatal(err)
	}
	h, err = srv.SlashCommand(alice, guild, channel, "ping")
	if err != nil {
		t.Fatal(err)
	}
	if resp, err := h.Wait(ctx); err != nil || resp.Content != "pong" {
		t.Fatalf("interaction after re-identify: %+v, %v", resp, err)
	}
	if err := recv(t, ctx, errs, "respond result"); err != nil {
		t.Errorf("InteractionRespond: %v", err)
	}
	noProblems(t, srv)
}

// back waits until discordgo is connected again: RESUMED, or a READY when a race between
// discordgo's reconnections made it identify again (the counts are checked apart).
func back(t *testing.T, ctx context.Context, ev *events, what string) {
	t.Helper()
	select {
	case <-ev.resumed:
	case <-ev.ready:
	case <-ctx.Done():
		t.Fatalf("waiting to be connected again %s: %v", what, ctx.Err())
	}
}

func TestInjectWithoutSession(t *testing.T) {
	t.Parallel()
	srv := fakediscord.New(t, fakediscord.Options{})
	bot := restSession(t, srv, srv.Token())
	if _, err := bot.ApplicationCommandBulkOverwrite(srv.AppID(), "", []*discordgo.ApplicationCommand{
		{Name: "ping", Description: "Ping the bot"},
	}); err != nil {
		t.Fatal(err)
	}
	_, err := srv.SlashCommand(srv.NewUser("alice"), srv.DefaultGuild().ID, srv.DefaultChannel().ID, "ping")
	if err == nil || !strings.Contains(err.Error(), "no gateway session") {
		t.Errorf("SlashCommand without a connected bot: %v, want a no-session error", err)
	}
}
