package fakediscord_test

import (
	"slices"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/fakediscord"
)

// shardSession connects a discordgo session as shard id of count, and returns the guild IDs
// its READY listed and a channel of the guild IDs of the interactions it receives.
func shardSession(t *testing.T, srv *fakediscord.Server, id, count int) (ready <-chan []string, got <-chan string) {
	t.Helper()
	s := restSession(t, srv, srv.Token())
	s.ShardID, s.ShardCount = id, count
	s.StateEnabled = false
	r := make(chan []string, 1)
	g := make(chan string, 10)
	s.AddHandler(func(_ *discordgo.Session, e *discordgo.Ready) {
		var ids []string
		for _, gu := range e.Guilds {
			ids = append(ids, gu.ID)
		}
		r <- ids
	})
	s.AddHandler(func(_ *discordgo.Session, i *discordgo.InteractionCreate) { g <- i.GuildID })
	if err := s.Open(); err != nil {
		t.Fatalf("Open shard %d: %v", id, err)
	}
	t.Cleanup(func() { s.Close() })
	return r, g
}

// TestShards connects two shards: each READY lists only its guilds, an interaction goes to
// the shard of its guild only, and GET /gateway/bot recommends Options.Shards.
func TestShards(t *testing.T) {
	t.Parallel()
	ctx := testContext(t)
	srv, _ := newFake(t, fakediscord.Options{Shards: 2})
	g0 := srv.AddGuildOnShard("zero", 0, 2)
	g1 := srv.AddGuildOnShard("one", 1, 2)
	if fakediscord.ShardOf(g0.ID, 2) != 0 || fakediscord.ShardOf(g1.ID, 2) != 1 {
		t.Fatalf("guilds %s and %s are on shards %d and %d", g0.ID, g1.ID, fakediscord.ShardOf(g0.ID, 2), fakediscord.ShardOf(g1.ID, 2))
	}
	c0, err := srv.AddChannel(g0.ID, "tables")
	if err != nil {
		t.Fatal(err)
	}
	c1, err := srv.AddChannel(g1.ID, "tables")
	if err != nil {
		t.Fatal(err)
	}
	ready0, got0 := shardSession(t, srv, 0, 2)
	ready1, got1 := shardSession(t, srv, 1, 2)
	r0, r1 := recv(t, ctx, ready0, "READY 0"), recv(t, ctx, ready1, "READY 1")
	if !slices.Contains(r0, g0.ID) || slices.Contains(r0, g1.ID) {
		t.Errorf("shard 0's READY lists %v", r0)
	}
	if !slices.Contains(r1, g1.ID) || slices.Contains(r1, g0.ID) {
		t.Errorf("shard 1's READY lists %v", r1)
	}
	for _, g := range r0 {
		if slices.Contains(r1, g) {
			t.Errorf("guild %s is on both shards", g)
		}
	}
	s := restSession(t, srv, srv.Token())
	if _, err := s.ApplicationCommandBulkOverwrite(srv.AppID(), "", []*discordgo.ApplicationCommand{{Name: "ping", Description: "ping"}}); err != nil {
		t.Fatal(err)
	}
	u := srv.NewUser("ana")
	if _, err := srv.SlashCommand(u, g1.ID, c1.ID, "ping"); err != nil {
		t.Fatal(err)
	}
	if g := recv(t, ctx, got1, "the interaction on shard 1"); g != g1.ID {
		t.Errorf("shard 1 got an interaction of guild %s", g)
	}
	// Then one on shard 0: a connection delivers its events in order, so had shard 0 been
	// sent the first, it would get that one before this one.
	if _, err := srv.SlashCommand(u, g0.ID, c0.ID, "ping"); err != nil {
		t.Fatal(err)
	}
	if g := recv(t, ctx, got0, "the interaction on shard 0"); g != g0.ID {
		t.Errorf("shard 0 got an interaction of guild %s first", g)
	}
	gb, err := s.GatewayBot()
	if err != nil || gb.Shards != 2 {
		t.Errorf("GET /gateway/bot: %+v, %v; want 2 shards", gb, err)
	}
	if n := srv.ShardIdentifies(); n[[2]int{0, 2}] != 1 || n[[2]int{1, 2}] != 1 {
		t.Errorf("identifies by shard: %v", n)
	}
	noProblems(t, srv)
}

// TestInvalidShard: an IDENTIFY with a shard outside its count is closed with 4010
// (discordgo checks this itself, so a raw client sends it).
func TestInvalidShard(t *testing.T) {
	t.Parallel()
	srv, _ := newFake(t, fakediscord.Options{})
	ws, _ := dialGateway(t, srv)
	identify := map[string]any{"op": 2, "d": map[string]any{
		"token": "Bot " + srv.Token(), "intents": 1, "shard": []int{3, 2},
		"properties": map[string]string{"os": "linux", "browser": "test", "device": "test"},
	}}
	if err := ws.WriteJSON(identify); err != nil {
		t.Fatal(err)
	}
	if code := readUntilClose(t, ws, "after an IDENTIFY of shard [3, 2]"); code != 4010 {
		t.Errorf("connection closed with %d, want 4010", code)
	}
	wantProblem(t, srv, "shard [3, 2]")
}
