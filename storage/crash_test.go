package storage

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"reflect"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/table"
)

// crashEnv names the database a helper process writes to (TestHelperProcess).
const crashEnv = "PINOCHLE_STORAGE_CRASH_DB"

// crashOpts are the rules of the games the crash test plays: long games, so that the logs
// do not run out.
var crashOpts = map[string]string{"hands": "60", "target": "0"}

// crashLog returns the whole log of the crash test's game with the given seed.
func crashLog(tb testing.TB, seed uint64) []engine.Action {
	return playOut(tb, mustRules(tb, "racehorse", crashOpts), seed, 0).Log()
}

// TestHelperProcess is the crash test's child: it appends each active game's log, one
// goroutine per game, printing "saved <game> <seq>" right after each SaveAction returns,
// until it is killed.
func TestHelperProcess(t *testing.T) {
	t.Parallel()
	target := os.Getenv(crashEnv)
	if target == "" {
		return
	}
	ctx := context.Background()
	s, err := Connect(ctx, target)
	if err != nil {
		fmt.Println("error", err)
		os.Exit(2)
	}
	active, err := s.LoadActiveGames(ctx)
	if err != nil {
		fmt.Println("error", err)
		os.Exit(2)
	}
	logs := make([][]engine.Action, len(active))
	for i, ag := range active {
		logs[i] = crashLog(t, ag.Game.Seed)
	}
	fmt.Println("ready")
	var wg sync.WaitGroup
	for i, ag := range active {
		wg.Go(func() {
			for seq := len(ag.Actions); seq < len(logs[i]); seq++ {
				a := logs[i][seq]
				if err := s.SaveAction(ctx, ag.Game.ID, seq, a.Seat, a, t0.Add(time.Duration(seq)*time.Second)); err != nil {
					fmt.Println("error", err)
					os.Exit(2)
				}
				fmt.Printf("saved %d %d\n", ag.Game.ID, seq)
			}
		})
	}
	wg.Wait()
	fmt.Println("done")
	os.Exit(0)
}

// TestCrashSafety kills a process that is saving actions (SIGKILL, at random moments, in
// several rounds) and checks after each kill that every action it reported saved is there,
// in order, and that every game replays through the engine.
func TestCrashSafety(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testCrashSafety)
}

func testCrashSafety(t *testing.T, db backend) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	const games, rounds = 4, 5
	path := db.target(t)
	s, err := Connect(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	ids := make([]int64, games)
	want := make(map[int64][]engine.Action)
	for i := range ids {
		seed := uint64(100 + i)
		ids[i] = startGame(t, s, newGame("racehorse", crashOpts, seed, humans(4))).ID
		want[ids[i]] = crashLog(t, seed)
	}
	s.Close()

	seed := uint64(time.Now().UnixNano())
	t.Logf("kill times drawn from seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	reported := make(map[int64]int) // game -> number of actions reported saved
	total := 0
	for round := range rounds {
		cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$", "-test.count=1")
		cmd.Env = append(os.Environ(), crashEnv+"="+path)
		cmd.Stderr = os.Stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := make(chan string, 1024)
		go func() {
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				lines <- sc.Text()
			}
			close(lines)
		}()
		saved := 0
		parse := func(line string) {
			var id int64
			var seq int
			switch {
			case line == "ready", line == "done", strings.HasPrefix(line, "PASS"), strings.HasPrefix(line, "ok"):
			case strings.HasPrefix(line, "saved "):
				if _, err := fmt.Sscanf(line, "saved %d %d", &id, &seq); err != nil {
					t.Fatalf("child wrote %q", line)
				}
				if seq != reported[id] {
					t.Fatalf("child saved action %d of game %d after %d", seq, id, reported[id])
				}
				reported[id] = seq + 1
				saved++
			default:
				t.Fatalf("child wrote %q", line)
			}
		}
		// Wait until the child is ready, then let it write for 100 to 400 ms.
		ready := time.After(30 * time.Second)
	wait:
		for {
			select {
			case line, ok := <-lines:
				if !ok {
					t.Fatalf("round %d: the child stopped before it was ready: %v", round, cmd.Wait())
				}
				parse(line)
				if line == "ready" {
					break wait
				}
			case <-ready:
				cmd.Process.Kill()
				t.Fatalf("round %d: the child was not ready in 30 s", round)
			}
		}
		time.Sleep(time.Duration(100+rng.IntN(301)) * time.Millisecond)
		if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		for line := range lines {
			parse(line)
		}
		cmd.Wait()
		total += saved
		t.Logf("round %d: %d actions reported saved before the kill", round, saved)

		s, err := Connect(context.Background(), path)
		if err != nil {
			t.Fatalf("round %d: reopening: %v", round, err)
		}
		for _, id := range ids {
			recs, err := s.LoadActions(context.Background(), id)
			if err != nil {
				t.Fatal(err)
			}
			if len(recs) < reported[id] {
				t.Errorf("round %d: game %d holds %d actions; %d were reported saved", round, id, len(recs), reported[id])
			}
			for i, r := range recs {
				if r.Seq != i || !reflect.DeepEqual(r.Action, want[id][i]) {
					t.Fatalf("round %d: game %d action %d is %+v, want %v", round, id, i, r, want[id][i])
				}
			}
			g, err := s.GetGame(context.Background(), id)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := g.Replay(Actions(recs)); err != nil {
				t.Errorf("round %d: game %d: %v", round, id, err)
			}
			// An action saved but not yet reported counts as reported from now on.
			reported[id] = len(recs)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
	}
	if total == 0 {
		t.Error("the child saved nothing in any round: the test proved nothing")
	}
}

// TestConcurrentGames writes 50 games at once, each from its own goroutine, while others
// read, and checks that every log is complete and in order.
func TestConcurrentGames(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testConcurrentGames)
}

func testConcurrentGames(t *testing.T, db backend) {
	const games, actions = 50, 30
	s := db.open(t)
	ctx := context.Background()
	presets := engine.PresetNames()
	type game struct {
		g   table.Game
		log []engine.Action
	}
	gs := make([]game, games)
	for i := range gs {
		p := presets[i%len(presets)]
		rules := mustRules(t, p, nil)
		gs[i] = game{startGame(t, s, newGame(p, nil, uint64(i), humans(rules.Players))), playOut(t, rules, uint64(i), actions).Log()}
	}
	var wg sync.WaitGroup
	errs := make(chan error, games+2)
	stop := make(chan struct{})
	for i := range gs {
		wg.Go(func() {
			g := gs[i].g
			for seq, a := range gs[i].log {
				if err := s.SaveAction(ctx, g.ID, seq, a.Seat, a, t0.Add(time.Duration(seq)*time.Second)); err != nil {
					errs <- err
					return
				}
				if seq%10 == 9 { // the bot restarts the turn timer now and then
					g.Turn = table.TurnState{Seq: seq + 1, Seat: a.Seat, Started: t0.Add(time.Duration(seq) * time.Second)}
					g.LastActivity = t0.Add(time.Duration(seq) * time.Second)
					if err := s.UpdateGame(ctx, g); err != nil {
						errs <- err
						return
					}
				}
			}
		})
	}
	var readers sync.WaitGroup
	for r := range 2 {
		readers.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				var err error
				if r == 0 {
					_, err = s.LoadActiveGames(ctx)
				} else {
					_, err = s.LoadActions(ctx, gs[0].g.ID)
				}
				if err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(stop)
	readers.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	active, err := s.LoadActiveGames(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(active) != games {
		t.Fatalf("%d active games, want %d", len(active), games)
	}
	for i, ag := range active {
		if ag.Game.ID != gs[i].g.ID || !reflect.DeepEqual(ag.Actions, gs[i].log) {
			t.Errorf("game %d: %d actions, want its %d in order", ag.Game.ID, len(ag.Actions), len(gs[i].log))
		}
		if ag.Game.Turn.Seq != actions {
			t.Errorf("game %d: turn timer %+v", ag.Game.ID, ag.Game.Turn)
		}
		if _, err := ag.Replay(); err != nil {
			t.Error(err)
		}
	}
}
