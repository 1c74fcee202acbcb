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
	// Discord's own heartbeat interval: discordgo heartbeats on the wall clock and
	// reconnects when an acknowledgement is 5 intervals late, so a short interval would make
	// this test depend on the machine's speed. TestHeartbeats checks the acknowledgements.
	srv, _ := newFake(t, fakediscord.Options{})
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

	// discordgo heartbeats as soon as it has identified.
	waitFor(t, ctx, srv, "discordgo's first heartbeat", func(s *fakediscord.Server) bool { return s.Heartbeats() >= 1 })
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

// TestHeartbeats: HELLO announces the configured interval, and every heartbeat is
// acknowledged at once, before IDENTIFY as after it.
func TestHeartbeats(t *testing.T) {
	t.Parallel()
	srv, _ := newFake(t, fakediscord.Options{HeartbeatInterval: 45 * time.Second})
	ws, interval := dialGateway(t, srv)
	if interval != 45*time.Second {
		t.Errorf("HELLO announces a heartbeat interval of %v, want 45s", interval)
	}
	heartbeat := func(seq any) {
		t.Helper()
		if err := ws.WriteJSON(map[string]any{"op": 1, "d": seq}); err != nil {
			t.Fatalf("send heartbeat: %v", err)
		}
		if p := readPayload(t, ws, "a heartbeat ACK"); p.Op != 11 {
			t.Fatalf("answer to a heartbeat = op %d %s, want op 11", p.Op, p.D)
		}
	}
	heartbeat(nil)
	if err := ws.WriteJSON(map[string]any{"op": 2, "d": map[string]any{
		"token": "Bot " + srv.Token(), "intents": 1,
		"properties": map[string]string{"os": "linux", "browser": "test", "device": "test"},
	}}); err != nil {
		t.Fatal(err)
	}
	if p := readPayload(t, ws, "READY"); p.Op != 0 || p.T != "READY" || p.S == nil || *p.S != 1 {
		t.Fatalf("answer to IDENTIFY = op %d %q seq %v, want READY with seq 1", p.Op, p.T, p.S)
	}
	if p := readPayload(t, ws, "GUILD_CREATE"); p.T != "GUILD_CREATE" {
		t.Fatalf("after READY: op %d %q, want GUILD_CREATE", p.Op, p.T)
	}
	heartbeat(2)
	heartbeat(2)
	if n := srv.Heartbeats(); n != 3 {
		t.Errorf("Heartbeats() = %d, want 3", n)
	}
	noProblems(t, srv)
}

func TestGatewayWrongToken(t *testing.T) {
	t.Parallel()
	srv, _ := newFake(t, fakediscord.Options{})
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
	// An interval of an hour: discordgo heartbeats once when a connection is complete and
	// not again during the test, so each heartbeat marks a connection complete (see steady).
	srv, _ := newFake(t, fakediscord.Options{HeartbeatInterval: time.Hour, Logf: t.Logf})
	errs := make(chan error, 10)
	_, ev := openBot(t, srv, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		errs <- s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "pong"},
		})
	})
	recv(t, ctx, ev.ready, "READY")
	hb := steady(t, ctx, srv, 0, "the first connection")
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
	recv(t, ctx, ev.resumed, "RESUMED after a dropped connection")
	if resp, err := h.Wait(ctx); err != nil || resp.Content != "pong" {
		t.Fatalf("interaction sent while disconnected: %+v, %v", resp, err)
	}
	if err := recv(t, ctx, errs, "respond result"); err != nil {
		t.Errorf("InteractionRespond: %v", err)
	}
	hb = steady(t, ctx, srv, hb, "the connection after the drop")
	if srv.Identifies() != 1 || srv.Resumes() != 1 {
		t.Errorf("after a dropped connection: %d identifies, %d resumes; want 1 and 1", srv.Identifies(), srv.Resumes())
	}

	// Op 7: discordgo closes with 1012 and resumes.
	srv.RequestReconnect()
	recv(t, ctx, ev.resumed, "RESUMED after op 7")
	hb = steady(t, ctx, srv, hb, "the connection after op 7")
	if srv.Identifies() != 1 || srv.Resumes() != 2 {
		t.Errorf("after op 7: %d identifies, %d resumes; want 1 and 2", srv.Identifies(), srv.Resumes())
	}

	// An invalidated session: RESUME gets op 9 and discordgo identifies
	// again, receiving a second READY.
	srv.InvalidateSessions()
	srv.DropConnections()
	recv(t, ctx, ev.ready, "second READY")
	steady(t, ctx, srv, hb, "the connection after the invalidation")
	if srv.Identifies() != 2 || srv.Resumes() != 2 || srv.Connected() != 1 {
		t.Errorf("after an invalidated session: %d identifies, %d resumes, %d connected; want 2, 2 and 1",
			srv.Identifies(), srv.Resumes(), srv.Connected())
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

// steady waits for the heartbeat after the first n, which on a fake whose heartbeat
// interval outlasts the test is the one discordgo sends when a connection is complete, and
// returns the new count. A test must not cut a connection before: discordgo's Open runs
// READY's or RESUMED's handlers before it starts the connection's heartbeat, and a
// heartbeat started on a connection already cut fails its first write, closes whatever
// connection the session has by then with code 1000 (which ends the session on Discord)
// and reconnects a second time.
func steady(t *testing.T, ctx context.Context, srv *fakediscord.Server, n int, what string) int {
	t.Helper()
	waitFor(t, ctx, srv, "the first heartbeat of "+what, func(s *fakediscord.Server) bool { return s.Heartbeats() > n })
	return srv.Heartbeats()
}

func TestInjectWithoutSession(t *testing.T) {
	t.Parallel()
	srv, _ := newFake(t, fakediscord.Options{})
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
