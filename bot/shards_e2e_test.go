package bot_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/bot"
	live1 "github.com/pinochle-discord/pinochle/bot/live"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/fakediscord"
	"github.com/pinochle-discord/pinochle/storage"
	"github.com/pinochle-discord/pinochle/storage/pgtest"
	"github.com/pinochle-discord/pinochle/table"
)

// shardProcEnv carries a shard process's settings (TestShardProcess) as JSON.
const shardProcEnv = "PINOCHLE_TEST_SHARD_PROCESS"

type shardProc struct {
	API, Token, Database string
	Count                int
	IDs                  []int
	LeaseTTL             time.Duration
}

// TestShardProcess is a bot process of the shard test: it serves the shards it is given on
// the fake Discord and the database named in its environment, prints "ready" once started,
// and runs until it is killed.
func TestShardProcess(t *testing.T) {
	raw := os.Getenv(shardProcEnv)
	if raw == "" {
		return
	}
	var c shardProc
	if err := json.Unmarshal([]byte(raw), &c); err != nil {
		fmt.Println("error", err)
		os.Exit(2)
	}
	ctx := context.Background()
	store, err := storage.Connect(ctx, c.Database)
	if err != nil {
		fmt.Println("error", err)
		os.Exit(2)
	}
	b, err := bot.New(bot.Config{Token: c.Token, APIURL: c.API, Store: store, ShardCount: c.Count, ShardIDs: c.IDs,
		LeaseTTL: c.LeaseTTL, Pauses: func(table.Pace) live1.Pauses { return live1.Pauses{} }, Logger: slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))})
	if err == nil {
		err = b.Start(ctx)
	}
	if err != nil {
		fmt.Println("error", err)
		os.Exit(2)
	}
	fmt.Println("ready")
	<-b.Done()
	fmt.Println("stopped", b.Err())
	os.Exit(1)
}

// startShardProcess starts a bot process for shards and waits until it is ready.
func startShardProcess(t *testing.T, c shardProc) *exec.Cmd {
	t.Helper()
	raw, _ := json.Marshal(c)
	cmd := exec.Command(os.Args[0], "-test.run=^TestShardProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), shardProcEnv+"="+string(raw))
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		line := sc.Text()
		if line == "ready" {
			return cmd
		}
		if strings.HasPrefix(line, "error") {
			t.Fatalf("shard process: %s", line)
		}
	}
	t.Fatal("the shard process ended before it was ready")
	return nil
}

// TestShardsTwoProcesses runs two bot processes, one per shard, on one PostgreSQL database:
// this test's own bot for shard 0, and a child process for shard 1. Tables in a guild of
// each shard are played; the child is killed (SIGKILL) in the middle of its game, just
// after a move while its computer players take the turns that follow, and started again,
// which takes its former lease over at once (the same host, its process gone); its game
// continues from every action acknowledged before the kill to its result. The child also
// serves a three-handed table, killed with the rest once a widow is taken and buried: it
// too plays on to its result, and its thread tells each hand's widow and bury once. Every
// game's log then runs 0..n−1 without a gap or a repeat, replays through the engine to the
// recorded hands and result (and each player's score where each scores alone), and holds
// exactly the moves the test made for its people: no action was applied twice. A
// misconfigured process started with shard 1 while the child holds it is refused, naming
// the holder.
func TestShardsTwoProcesses(t *testing.T) {
	pgURL := pgtest.URL(t)
	t.Parallel()
	// Long enough that a renewal late by a busy machine (the race detector, parallel tests,
	// other work on both cores) does not lose the lease: at 5 seconds, a start at a load of 9
	// on two cores found the lease lapsed. The restart and the refusal each wait about this
	// long.
	const ttl = 12 * time.Second
	// Every interaction answered, not how fast (as the harness's own fakes; newHarness).
	srv := fakediscord.New(t, fakediscord.Options{Shards: 2, InteractionTimeout: testTimeout})
	g0 := srv.AddGuildOnShard("zero", 0, 2)
	g1 := srv.AddGuildOnShard("one", 1, 2)
	c0, err := srv.AddChannel(g0.ID, "tables")
	if err != nil {
		t.Fatal(err)
	}
	c1, err := srv.AddChannel(g1.ID, "tables")
	if err != nil {
		t.Fatal(err)
	}
	// Shard 0, in this process: it registers the commands.
	h0 := newHarness(t, harnessOptions{server: srv, dbURL: pgURL, shardCount: 2, shardIDs: []int{0}, leaseTTL: ttl})
	h0.guild, h0.channel = g0.ID, c0.ID
	// Shard 1, a child process; h1 drives its guild and reads the database.
	child := shardProc{API: srv.URL(), Token: srv.Token(), Database: pgURL, Count: 2, IDs: []int{1}, LeaseTTL: ttl}
	proc := startShardProcess(t, child)
	h1 := &harness{t: t, ctx: h0.ctx, srv: srv, store: h0.store, guild: g1.ID, channel: c1.ID,
		users: map[string]fakediscord.User{}, clock: h0.clock, logs: h0.logs}

	// A table in each guild, each served by its own process.
	ana, bob := h0.user("ana"), h0.user("bob")
	cy, dee := h1.user("cy"), h1.user("dee")
	// Every action of a person's seat is a move the test made: no forced card is played
	// for them, and no turn runs out.
	opts := []fakediscord.Option{fakediscord.Opt("hands", 1), fakediscord.Opt("autoplay", false), fakediscord.Opt("timer", "off")}
	t0 := h0.newTable(ana, opts...)
	lobby := h0.message(t0.lobbyID)
	h0.click(bob, lobby.ID, buttonByLabel(t, lobby, "Join"))
	h0.click(ana, lobby.ID, buttonByLabel(t, lobby, "Start"))
	game0 := h0.tableGame(t0)

	t1 := h1.newTable(cy, opts...)
	lobby = h1.message(t1.lobbyID)
	h1.click(dee, lobby.ID, buttonByLabel(t, lobby, "Join"))
	h1.click(cy, lobby.ID, buttonByLabel(t, lobby, "Start"))
	game1 := h1.tableGame(t1)
	humans1 := []fakediscord.User{cy, dee}

	// A three-handed table in the child's guild: two people and an easy computer player, which
	// decides at once. Of two hands, so that a first hand thrown in after its bury does not
	// end the game before the kill.
	eve, fay := h1.user("eve"), h1.user("fay")
	opts2 := []fakediscord.Option{fakediscord.Opt("preset", "three-handed"), fakediscord.Opt("level", "easy"), fakediscord.Opt("hands", 2),
		fakediscord.Opt("autoplay", false), fakediscord.Opt("timer", "off")}
	t2 := h1.newTable(eve, opts2...)
	lobby = h1.message(t2.lobbyID)
	h1.click(fay, lobby.ID, buttonByLabel(t, lobby, "Join"))
	h1.click(eve, lobby.ID, buttonByLabel(t, lobby, "Start"))
	game2 := h1.tableGame(t2)
	humans2 := []fakediscord.User{eve, fay}
	// One move before the refusal below: a game of one hand asks each person at least once
	// in its auction, so the game is still running after it, however the computer players
	// (dealt from a random seed in the child) bid; after five, a hand they threw in could
	// have ended it.
	moves1 := 0
	u, view, _ := h1.toAct(t1.thread, humans1)
	h1.actOnce(u, view)
	moves1++

	// The misconfigured second process for shard 1 is refused while the child holds it.
	bad, err := storage.Connect(h0.ctx, pgURL)
	if err != nil {
		t.Fatal(err)
	}
	defer bad.Close()
	b, err := bot.New(bot.Config{Token: srv.Token(), APIURL: srv.URL(), Store: bad, ShardCount: 2, ShardIDs: []int{1}, LeaseTTL: ttl})
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Start(h0.ctx); err == nil || !strings.Contains(err.Error(), "shard 1 of 2") {
		t.Errorf("a second process for shard 1 started (%v); want a refusal naming the shard", err)
	}
	_ = b.Close(h0.ctx)

	// Kill the child in the middle of its game, while it plays: at once after a move whose
	// answer shows a computer player to act, so that the child is deciding for it or saving
	// its move. Then start it again.
	for try := 0; ; try++ {
		u, view, _ := h1.toAct(t1.thread, humans1)
		r := h1.actOnce(u, view)
		moves1++
		if strings.Contains(r.Text(), "Waiting: **Computer") {
			break
		}
		if try == 20 {
			t.Log("no move was followed by a computer player's turn: the kill lands between moves")
			break
		}
	}
	// The three-handed table is played on until a widow is taken and buried and the hand
	// is in play: its bidder's hidden cards, the widow and the defenders' view of it are
	// then all in the log the child restarts from. (Its easy computer player moves before
	// the answer, so no answer waits for it.)
	moves2 := 0
	for try := 0; ; try++ {
		u, view, _ := h1.toAct(t2.thread, humans2)
		r := h1.actOnce(u, view)
		moves2++
		buried := strings.Contains(r.Text(), "**Buried** (seen by you alone") || strings.Contains(r.Text(), "buried 3 cards")
		inPlay := strings.Contains(r.Text(), "Only the cards you may play") || strings.Contains(r.Text(), "**Trick:**") || strings.Contains(r.Text(), "**Last trick:**")
		if buried && inPlay {
			break
		}
		if try == 40 {
			t.Fatalf("after %d moves the three-handed hand is not in play after its bury:\n%s", moves2, r.Text())
		}
	}
	acknowledged, acknowledged2 := h1.logLen(game1), h1.logLen(game2)
	if err := proc.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = proc.Wait()
	startShardProcess(t, child)
	if got := h1.logLen(game1); got < acknowledged {
		t.Fatalf("after the kill the log has %d actions; %d were acknowledged", got, acknowledged)
	}
	if got := h1.logLen(game2); got < acknowledged2 {
		t.Fatalf("after the kill the three-handed log has %d actions; %d were acknowledged", got, acknowledged2)
	}
	if r, _ := h1.myHand(eve, t2.thread); strings.HasPrefix(r.Text(), "That game is") {
		t.Fatalf("after the restart the three-handed table answers %q", r.Text())
	}
	moves1 += h1.play(t1.thread, humans1, 5000)
	h1.waitThread(t1.thread, "Game over")
	moves2 += h1.play(t2.thread, humans2, 5000)
	h1.waitThread(t2.thread, "Game over")
	text := h1.threadText(t2.thread)
	for want, n := range map[string]int{" takes the widow: ": 2, " buries 3 cards.": 2, "**Hand 1 result.**": 1, "**Hand 2 result.**": 1} {
		if got := strings.Count(text, want); got != n {
			t.Errorf("the three-handed thread says %q %d times, want %d:\n%s", want, got, n, tail(text, 3000))
		}
	}
	noTeams(t, "the three-handed thread", text)
	moves0 := h0.play(t0.thread, []fakediscord.User{ana, bob}, 5000)
	h0.waitThread(t0.thread, "Game over")
	h0.checkLog(game0, moves0)
	h0.checkLog(game1, moves1)
	h0.checkLog(game2, moves2)
	// Only the process with shard 0 registered the commands, once; the child did not, nor
	// after its restart.
	puts := 0
	for _, r := range srv.Requests() {
		if r.Method == "PUT" && strings.HasSuffix(r.Path, "/commands") {
			puts++
		}
	}
	if puts != 1 {
		t.Errorf("the commands were registered %d times, want once", puts)
	}
	active, err := h0.store.LoadActiveGames(h0.ctx)
	if err != nil || len(active) != 0 {
		t.Errorf("%d games still active (%v)", len(active), err)
	}
}

// TestAutoShardsOneProcess runs one bot with SHARD_COUNT=auto on SQLite: it asks the fake
// Discord for its recommended count (2), opens a session per shard, and serves tables in
// guilds of both shards from one process and one file.
func TestAutoShardsOneProcess(t *testing.T) {
	t.Parallel()
	// Every interaction answered, not how fast (as the harness's own fakes; newHarness).
	srv := fakediscord.New(t, fakediscord.Options{Shards: 2, InteractionTimeout: testTimeout})
	h := newHarness(t, harnessOptions{server: srv, shardCount: bot.AutoShards})
	if n := srv.ShardIdentifies(); n[[2]int{0, 2}] != 1 || n[[2]int{1, 2}] != 1 {
		t.Fatalf("sessions identified as %v, want shards 0 and 1 of 2", n)
	}
	for k := range 2 {
		g := srv.AddGuildOnShard(fmt.Sprintf("guild %d", k), k, 2)
		c, err := srv.AddChannel(g.ID, "tables")
		if err != nil {
			t.Fatal(err)
		}
		h.guild, h.channel = g.ID, c.ID
		host := h.user(fmt.Sprintf("host%d", k))
		if _, err := h.playAlone(host, c.ID); err != nil {
			t.Errorf("a table on shard %d: %v", k, err)
		}
	}
}

// checkLog checks a finished game's log in storage: its sequence numbers run 0..n−1
// without a gap or a repeat; it replays through the engine to the game's end, with the
// hands and the result storage recorded; and the actions of people's seats are exactly
// the moves the test made for them (moves), so that none was applied twice.
func (h *harness) checkLog(game int64, moves int) {
	h.t.Helper()
	meta, err := h.store.GetGame(h.ctx, game)
	if err != nil {
		h.t.Fatalf("game %d: %v", game, err)
	}
	recs, err := h.store.LoadActions(h.ctx, game)
	if err != nil {
		h.t.Fatalf("game %d: %v", game, err)
	}
	actions := make([]engine.Action, len(recs))
	human := 0
	for i, r := range recs {
		if r.Seq != i {
			h.t.Errorf("game %d: entry %d of the log has seq %d", game, i, r.Seq)
		}
		if r.Seat != r.Action.Seat {
			h.t.Errorf("game %d: entry %d is seat %d's, its action seat %d's", game, i, r.Seat, r.Action.Seat)
		}
		if meta.Seats[r.Seat].IsHuman() {
			human++
		}
		actions[i] = r.Action
	}
	g, err := meta.Replay(actions)
	if err != nil {
		h.t.Fatalf("game %d: the log does not replay: %v", game, err)
	}
	if !g.Over() {
		h.t.Errorf("game %d: the log of %d actions replays to a game not over", game, len(actions))
	}
	res, err := h.store.GameResult(h.ctx, game)
	if err != nil {
		h.t.Fatalf("game %d has no result: %v", game, err)
	}
	if g.Scores() != res.Scores || g.Winner() != res.Winner {
		h.t.Errorf("game %d: the log replays to %v (winner %d), the result says %v (winner %d)",
			game, g.Scores(), g.Winner(), res.Scores, res.Winner)
	}
	if sc := g.SeatScores(); g.Rules().Solo && !slices.Equal(sc[:g.Rules().Players], res.SeatScores) {
		h.t.Errorf("game %d: the log replays to the players' scores %v, the result says %v", game, sc[:g.Rules().Players], res.SeatScores)
	}
	hands, err := h.store.Hands(h.ctx, game)
	if err != nil {
		h.t.Fatalf("game %d: %v", game, err)
	}
	if !slices.Equal(hands, g.Results()) {
		h.t.Errorf("game %d: the recorded hands\n%+v\ndiffer from the replayed ones\n%+v", game, hands, g.Results())
	}
	h.t.Logf("game %d: %d actions, %d of them people's", game, len(recs), human)
	if human != moves {
		h.t.Errorf("game %d: %d actions of people's seats in the log; the test made %d moves", game, human, moves)
	}
}
