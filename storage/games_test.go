package storage

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/table"
)

func TestOpenCreatesFolderAndFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "a", "b", "pinochle.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("database file not created: %v", err)
	}
	var mode string
	var fk, sync int
	if err := s.w.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil {
		t.Fatal(err)
	}
	if err := s.w.QueryRow("PRAGMA foreign_keys").Scan(&fk); err != nil {
		t.Fatal(err)
	}
	if err := s.w.QueryRow("PRAGMA synchronous").Scan(&sync); err != nil {
		t.Fatal(err)
	}
	if mode != "wal" || fk != 1 || sync != 2 {
		t.Errorf("journal_mode %s, foreign_keys %d, synchronous %d; want wal, 1, 2 (FULL)", mode, fk, sync)
	}
	// Readers cannot write.
	if _, err := s.r.Exec("DELETE FROM games"); err == nil {
		t.Error("a reading connection accepted a write")
	}
}

func TestPathFromEnv(t *testing.T) {
	t.Setenv("DATABASE_PATH", "")
	if p := PathFromEnv(); p != "data/pinochle.db" {
		t.Errorf("default path %q", p)
	}
	t.Setenv("DATABASE_PATH", "/srv/x.db")
	if p := PathFromEnv(); p != "/srv/x.db" {
		t.Errorf("path %q, want DATABASE_PATH", p)
	}
}

func TestPathWithSpecialCharacters(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "a?b#c %d", "x.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("database not at %s: %v", path, err)
	}
}

func TestGameRoundTrip(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testGameRoundTrip)
}

func testGameRoundTrip(t *testing.T, db backend) {
	s := db.open(t)
	ctx := context.Background()
	g := table.Game{
		GuildID: "111", ChannelID: "222", HostID: "333", Preset: "partnership",
		Options: map[string]string{"hands": "5", "pass": "3"}, Seed: 1<<63 + 12345,
		Seats:  []table.Seat{{UserID: "333", Name: "Ana"}, {}, {Computer: table.LevelEasy, Name: "Bot"}, {UserID: "444", Name: "Ben"}},
		Status: table.StatusLobby, CreatedAt: t0,
		Messages: map[table.MessageRole]table.Message{"lobby": {ChannelID: "222", MessageID: "999"}},
		Settings: table.Settings{Level: table.LevelExpert, Hints: false, Ping: table.PingNever, Autoplay: true,
			Timer: 36*time.Hour + 1500*time.Microsecond, Timeout: table.PolicyForfeit, Pace: table.PaceQuick},
	}
	id, err := s.CreateGame(ctx, g)
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.GetGame(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	want := g
	want.ID, want.LastActivity = id, t0
	want.Settings.Timer = 36*time.Hour + time.Millisecond // kept to the millisecond
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got  %+v\nwant %+v", got, want)
	}

	// Seats fill, a thread and a table message appear, the game starts.
	got.Seats[1] = table.Seat{UserID: "555", Name: "Cy"}
	got.ThreadID = "777"
	got.Messages["table"] = table.Message{ChannelID: "777", MessageID: "888"}
	delete(got.Messages, "lobby")
	got.Status = table.StatusPlaying
	got.LastActivity = t0.Add(time.Minute)
	got.Seats[3].Away = true
	got.Turn = table.TurnState{Seq: 17, Seat: 2, Started: t0.Add(90 * time.Second), Reminders: 2}
	got.Told = 14
	got.Settings = table.Settings{Level: table.LevelEasy, Hints: true, Ping: table.PingAlways, Autoplay: false,
		Timer: 2 * time.Minute, Timeout: table.PolicyComputer, Pace: table.PaceSlow}
	if err := s.UpdateGame(ctx, got); err != nil {
		t.Fatal(err)
	}
	again, err := s.GetGame(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(again, got) {
		t.Fatalf("after update got  %+v\nwant %+v", again, got)
	}
	active, err := s.LoadActiveGames(ctx)
	if err != nil || len(active) != 1 || !reflect.DeepEqual(active[0].Game, got) {
		t.Fatalf("active games %+v, %v; want %+v", active, err, got)
	}
	// The timer stops, the player comes back, the level, ping mode and policy are left to
	// their defaults.
	got.Turn = table.TurnState{}
	got.Seats[3].Away = false
	got.Settings.Level, got.Settings.Ping, got.Settings.Timeout = "", "", ""
	if err := s.UpdateGame(ctx, got); err != nil {
		t.Fatal(err)
	}
	again, err = s.GetGame(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	got.Settings.Level, got.Settings.Ping, got.Settings.Timeout = table.DefaultLevel, table.PingAuto, table.PolicyComputer
	if !reflect.DeepEqual(again, got) {
		t.Fatalf("after second update got  %+v\nwant %+v", again, got)
	}

	if _, err := s.GetGame(ctx, id+1); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing game: %v, want ErrNotFound", err)
	}
	missing := got
	missing.ID = id + 1
	if err := s.UpdateGame(ctx, missing); !errors.Is(err, ErrNotFound) {
		t.Errorf("update of a missing game: %v, want ErrNotFound", err)
	}
}

func TestCreateGameRejects(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testCreateGameRejects)
}

func testCreateGameRejects(t *testing.T, db backend) {
	s := db.open(t)
	ctx := context.Background()
	ok := newGame("racehorse", nil, 1, humans(4))
	cases := map[string]func(g *table.Game){
		"no guild":       func(g *table.Game) { g.GuildID = "" },
		"unknown preset": func(g *table.Game) { g.Preset = "bezique" },
		"bad option":     func(g *table.Game) { g.Options = map[string]string{"pass": "7"} },
		"too few seats":  func(g *table.Game) { g.Seats = g.Seats[:3] },
		"user twice":     func(g *table.Game) { g.Seats[1].UserID = g.Seats[0].UserID },
		"user and bot":   func(g *table.Game) { g.Seats[2].Computer = table.LevelNormal },
		"no time":        func(g *table.Game) { g.CreatedAt = time.Time{} },
		"bad status":     func(g *table.Game) { g.Status = "paused" },
		"finished":       func(g *table.Game) { g.Status = table.StatusFinished },
		"message without": func(g *table.Game) {
			g.Messages = map[table.MessageRole]table.Message{table.RoleTable: {ChannelID: "c"}}
		},
		"message role": func(g *table.Game) {
			g.Messages = map[table.MessageRole]table.Message{"pinned": {ChannelID: "c", MessageID: "m"}}
		},
		"bot away":         func(g *table.Game) { g.Seats[2] = table.Seat{Computer: table.LevelEasy, Away: true} },
		"unknown computer": func(g *table.Game) { g.Seats[2] = table.Seat{Computer: "random"} },
		"legacy computer":  func(g *table.Game) { g.Seats[2] = table.Seat{Computer: "baseline"} },
		"open seat away":   func(g *table.Game) { g.Seats[2] = table.Seat{Away: true} },
		"negative timeout": func(g *table.Game) { g.Settings.Timer = -time.Second },
		"unknown policy":   func(g *table.Game) { g.Settings.Timeout = "pause" },
		"unknown level":    func(g *table.Game) { g.Settings.Level = "godlike" },
		"unknown ping":     func(g *table.Game) { g.Settings.Ping = "sometimes" },
		"unknown pace":     func(g *table.Game) { g.Settings.Pace = "lazy" },
		"turn seat":        func(g *table.Game) { g.Turn = table.TurnState{Seat: 4, Started: t0} },
		"turn seq":         func(g *table.Game) { g.Turn = table.TurnState{Seq: -1} },
		"reminders":        func(g *table.Game) { g.Turn = table.TurnState{Reminders: -1} },
		"told":             func(g *table.Game) { g.Told = -1 },
	}
	for name, change := range cases {
		g := ok
		g.Seats = append([]table.Seat(nil), ok.Seats...)
		change(&g)
		if _, err := s.CreateGame(ctx, g); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v, want ErrInvalid", name, err)
		}
	}
	if _, err := s.CreateGame(ctx, ok); err != nil {
		t.Errorf("valid game: %v", err)
	}
}

func TestSaveActionOrder(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testSaveActionOrder)
}

func testSaveActionOrder(t *testing.T, db backend) {
	s := db.open(t)
	ctx := context.Background()
	rules := mustRules(t, "racehorse", nil)
	eg := playOut(t, rules, 7, 20)
	log := eg.Log()
	g := newGame("racehorse", nil, 7, humans(4))
	id, err := s.CreateGame(ctx, g)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SaveAction(ctx, id, 0, log[0].Seat, log[0], t0); !errors.Is(err, ErrNotPlaying) {
		t.Fatalf("action in the lobby: %v, want ErrNotPlaying", err)
	}
	g, _ = s.GetGame(ctx, id)
	g.Status = table.StatusPlaying
	if err := s.UpdateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	for i := range 10 {
		if err := s.SaveAction(ctx, id, i, log[i].Seat, log[i], t0.Add(time.Duration(i)*time.Second)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.SaveAction(ctx, id, 9, log[9].Seat, log[9], t0); !errors.Is(err, ErrOutOfOrder) {
		t.Errorf("duplicate: %v, want ErrOutOfOrder", err)
	}
	if err := s.SaveAction(ctx, id, 11, log[11].Seat, log[11], t0); !errors.Is(err, ErrOutOfOrder) {
		t.Errorf("gap: %v, want ErrOutOfOrder", err)
	}
	if err := s.SaveAction(ctx, id, 10, log[10].Seat+1, log[10], t0); !errors.Is(err, ErrInvalid) {
		t.Errorf("seat not the action's: %v, want ErrInvalid", err)
	}
	if err := s.SaveAction(ctx, id+1, 0, log[0].Seat, log[0], t0); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing game: %v, want ErrNotFound", err)
	}
	recs, err := s.LoadActions(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 10 {
		t.Fatalf("%d actions, want 10", len(recs))
	}
	for i, r := range recs {
		if r.Seq != i || r.Seat != log[i].Seat || !reflect.DeepEqual(r.Action, log[i]) || !r.At.Equal(t0.Add(time.Duration(i)*time.Second)) {
			t.Errorf("action %d: got %+v, want %v at %v", i, r, log[i], t0.Add(time.Duration(i)*time.Second))
		}
	}
	got, _ := s.GetGame(ctx, id)
	if !got.LastActivity.Equal(t0.Add(9 * time.Second)) {
		t.Errorf("last activity %v, want the last action's time", got.LastActivity)
	}
	// Once actions are logged, the rules and seed are fixed and the game stays out of the lobby.
	for name, change := range map[string]func(*table.Game){
		"seed":    func(g *table.Game) { g.Seed++ },
		"preset":  func(g *table.Game) { g.Preset = "classic" },
		"options": func(g *table.Game) { g.Options = map[string]string{"target": "1000"} },
		"lobby":   func(g *table.Game) { g.Status = table.StatusLobby },
	} {
		g := got
		change(&g)
		if err := s.UpdateGame(ctx, g); !errors.Is(err, ErrInvalid) {
			t.Errorf("changing %s with a log: %v, want ErrInvalid", name, err)
		}
	}
	// An abandoned game takes no more actions and no more changes.
	got.Status = table.StatusAbandoned
	if err := s.UpdateGame(ctx, got); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveAction(ctx, id, 10, log[10].Seat, log[10], t0); !errors.Is(err, ErrNotPlaying) {
		t.Errorf("action of an abandoned game: %v, want ErrNotPlaying", err)
	}
	ab, _ := s.GetGame(ctx, id)
	if !ab.EndedAt.Equal(got.LastActivity) {
		t.Errorf("abandoned at %v, want its last activity %v", ab.EndedAt, got.LastActivity)
	}
	ab.Status = table.StatusPlaying
	if err := s.UpdateGame(ctx, ab); !errors.Is(err, ErrNotPlaying) {
		t.Errorf("reviving an abandoned game: %v, want ErrNotPlaying", err)
	}
	// The log is append-only even to SQL.
	if _, err := s.w.Exec("UPDATE actions SET seat = 3 WHERE game_id = ?", id); err == nil {
		t.Error("the log accepted an update")
	}
}

func TestLoadActiveGames(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testLoadActiveGames)
}

func testLoadActiveGames(t *testing.T, db backend) {
	s := db.open(t)
	ctx := context.Background()
	presets := []string{"racehorse", "classic", "partnership", "double-deck", "six-handed"}
	type want struct {
		game table.Game
		eg   *engine.Game
	}
	var wants []want
	for i, p := range presets {
		rules := mustRules(t, p, nil)
		eg := playOut(t, rules, uint64(100+i), 40+30*i)
		g := startGame(t, s, newGame(p, nil, uint64(100+i), humans(rules.Players)))
		saveLog(t, s, g.ID, eg, t0)
		g.LastActivity = t0.Add(time.Duration(eg.LogLen()-1) * time.Second)
		wants = append(wants, want{g, eg})
	}
	// A lobby, a finished and an abandoned game: only the lobby is active.
	lobbyID, err := s.CreateGame(ctx, newGame("classic", map[string]string{"target": "500"}, 5, humans(4)))
	if err != nil {
		t.Fatal(err)
	}
	lobby, _ := s.GetGame(ctx, lobbyID)
	done := startGame(t, s, newGame("racehorse", map[string]string{"hands": "1"}, 9, humans(4)))
	saveLog(t, s, done.ID, playOut(t, mustRules(t, "racehorse", map[string]string{"hands": "1"}), 9, 0), t0)
	if _, err := s.EndGame(ctx, done.ID, t0.Add(time.Hour), league.Finish); err != nil {
		t.Fatal(err)
	}
	gone := startGame(t, s, newGame("racehorse", nil, 10, humans(4)))
	gone.Status = table.StatusAbandoned
	if err := s.UpdateGame(ctx, gone); err != nil {
		t.Fatal(err)
	}

	active, err := s.LoadActiveGames(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(active) != len(wants)+1 {
		t.Fatalf("%d active games, want %d", len(active), len(wants)+1)
	}
	for i, w := range wants {
		a := active[i]
		if !reflect.DeepEqual(a.Game, w.game) {
			t.Errorf("game %d: got %+v\nwant %+v", i, a.Game, w.game)
		}
		eg, err := a.Replay()
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		if eg.Name(0) != "P1" {
			t.Errorf("game %d: seat 0 named %q, want P1", i, eg.Name(0))
		}
		eg.SetNames(nil) // the replayed game has the seats' names; the one played here none
		got, want := viewJSON(t, eg), viewJSON(t, w.eg)
		if got != want || eg.LogLen() != w.eg.LogLen() {
			t.Errorf("game %d replays to another state", i)
		}
	}
	last := active[len(active)-1]
	if !reflect.DeepEqual(last.Game, lobby) || len(last.Actions) != 0 {
		t.Errorf("lobby game: got %+v with %d actions, want %+v", last.Game, len(last.Actions), lobby)
	}
	if eg, err := last.Replay(); err != nil || eg.LogLen() != 0 || eg.Rules().Target != 500 {
		t.Errorf("lobby game replays to %v, %v", eg, err)
	}
}

// TestBackupWhileWriting copies an SQLite database while actions are being saved. A
// PostgreSQL store refuses, pointing to pg_dump.
func TestBackupWhileWriting(t *testing.T) {
	t.Parallel()
	t.Run("postgres", func(t *testing.T) {
		s := postgresBackend.open(t)
		err := s.Backup(context.Background(), filepath.Join(t.TempDir(), "copy.db"))
		if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "pg_dump") {
			t.Errorf("Backup on PostgreSQL: %v, want ErrInvalid naming pg_dump", err)
		}
	})
	s := sqliteBackend.open(t)
	ctx := context.Background()
	rules := mustRules(t, "racehorse", nil)
	eg := playOut(t, rules, 3, 200)
	g := startGame(t, s, newGame("racehorse", nil, 3, humans(4)))
	log := eg.Log()
	for i := range 100 {
		if err := s.SaveAction(ctx, g.ID, i, log[i].Seat, log[i], t0); err != nil {
			t.Fatal(err)
		}
	}
	done := make(chan error)
	go func() {
		for i := 100; i < 200; i++ {
			if err := s.SaveAction(ctx, g.ID, i, log[i].Seat, log[i], t0); err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}()
	dest := filepath.Join(t.TempDir(), "backups", "copy.db")
	if err := s.Backup(ctx, dest); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if err := s.Backup(ctx, dest); !errors.Is(err, ErrConflict) {
		t.Errorf("backup over an existing file: %v, want ErrConflict", err)
	}
	b, err := Open(dest)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	recs, err := b.LoadActions(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	// The copy is a snapshot: at least the actions saved before it began, in order.
	if len(recs) < 100 || len(recs) > 200 {
		t.Fatalf("backup holds %d actions, want 100 to 200", len(recs))
	}
	if _, err := g.Replay(Actions(recs)); err != nil {
		t.Fatal(err)
	}
}

// TestRecentGames: a guild's played games, newest first, limited; lobbies, abandoned games
// and other guilds' games are left out.
func TestRecentGames(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testRecentGames)
}

func testRecentGames(t *testing.T, db backend) {
	s := db.open(t)
	ctx := context.Background()
	seats := []table.Seat{{UserID: "u1", Name: "Ana"}, {Computer: table.LevelEasy, Name: "C2"}, {Computer: table.LevelNormal, Name: "C3"}, {Computer: table.LevelExpert, Name: "C4"}}
	var ids []int64
	for k, st := range []table.Status{table.StatusPlaying, table.StatusLobby, table.StatusPlaying, table.StatusAbandoned, table.StatusPlaying} {
		g := newGame("racehorse", nil, uint64(k), seats)
		g.Status, g.CreatedAt = st, t0.Add(time.Duration(k)*time.Minute)
		if st == table.StatusAbandoned {
			g.EndedAt = g.CreatedAt
		}
		id, err := s.CreateGame(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	other := newGame("racehorse", nil, 9, seats)
	other.GuildID, other.Status = "g2", table.StatusPlaying
	if _, err := s.CreateGame(ctx, other); err != nil {
		t.Fatal(err)
	}
	got, err := s.RecentGames(ctx, "g1", 2)
	if err != nil || len(got) != 2 || got[0].ID != ids[4] || got[1].ID != ids[2] || got[0].Seats[0].Name != "Ana" {
		t.Fatalf("recent games %+v, %v; want games %d and %d", got, err, ids[4], ids[2])
	}
	all, err := s.RecentGames(ctx, "g1", 25)
	if err != nil || len(all) != 3 {
		t.Fatalf("all recent games: %d, %v; want 3", len(all), err)
	}
}

// viewJSON returns seat 0's view of g as JSON: everything the seat may know, so that two
// games that agree on it are the same game to that seat.
func viewJSON(t *testing.T, g *engine.Game) string {
	t.Helper()
	b, err := json.Marshal(g.View(0))
	if err != nil {
		t.Fatalf("view as JSON: %v", err)
	}
	return string(b)
}
