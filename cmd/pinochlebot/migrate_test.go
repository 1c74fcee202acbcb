package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
	"github.com/pinochle-discord/pinochle/storage"
	"github.com/pinochle-discord/pinochle/storage/pgtest"
)

// seedDatabase writes an SQLite database with one game in progress, and returns its path.
func seedDatabase(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "data", "pinochle.db")
	s, err := storage.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	seats := []storage.Seat{{UserID: "u1", Name: "Ana"}, {Computer: "baseline"}, {UserID: "u2", Name: "Bo"}, {Computer: "baseline"}}
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	id, err := s.CreateGame(ctx, storage.Game{GuildID: "g", ChannelID: "c", HostID: "u1", Preset: "racehorse",
		Seed: 9, Seats: seats, Status: storage.StatusPlaying, CreatedAt: at})
	if err != nil {
		t.Fatal(err)
	}
	rules, err := engine.NewRules("racehorse", nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.NewGame(rules, 9)
	if err != nil {
		t.Fatal(err)
	}
	p := computer.NewRandom(1)
	for seq := range 30 {
		a := p.Choose(g.View(g.Turn()))
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
		if err := s.SaveAction(ctx, id, seq, a.Seat, a, at); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

func TestMigrateCommand(t *testing.T) {
	for _, to := range []string{"sqlite", "postgres"} {
		t.Run(to, func(t *testing.T) {
			var target string
			if to == "postgres" {
				target = pgtest.URL(t)
			} else {
				target = filepath.Join(t.TempDir(), "copy.db")
			}
			from := seedDatabase(t)
			ctx := context.Background()
			var out bytes.Buffer
			if code := command(ctx, []string{"migrate", "--from", from, "--to", target}, nil, &out); code != 0 {
				t.Fatalf("migrate: exit %d\n%s", code, out.String())
			}
			for _, want := range []string{"actions", "30", "1 unfinished games replay"} {
				if !strings.Contains(out.String(), want) {
					t.Errorf("the report lacks %q:\n%s", want, out.String())
				}
			}
			out.Reset()
			if code := command(ctx, []string{"migrate", "--from", from, "--to", target}, nil, &out); code != 1 ||
				!strings.Contains(out.String(), "not empty") {
				t.Errorf("a second migrate: exit %d, %q; want 1 and a word on the target not being empty", code, out.String())
			}
			out.Reset()
			if code := command(ctx, []string{"migrate", "--from", from, "--to", target, "--merge"}, nil, &out); code != 0 {
				t.Errorf("migrate --merge: exit %d\n%s", code, out.String())
			}
			if strings.Contains(out.String(), "password") {
				t.Error("the report shows a password")
			}
		})
	}
}

func TestMigrateCommandRefuses(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	cases := map[string][]string{
		"no target":      {"migrate", "--from", "x.db"},
		"missing source": {"migrate", "--from", filepath.Join(dir, "none.db"), "--to", filepath.Join(dir, "b.db")},
		"same database":  {"migrate", "--from", "a.db", "--to", "a.db"},
		"unknown flag":   {"migrate", "--from", "a.db", "--to", "b.db", "--force"},
	}
	for name, args := range cases {
		var out bytes.Buffer
		if code := command(ctx, args, nil, &out); code != 2 {
			t.Errorf("%s: exit %d, want 2\n%s", name, code, out.String())
		}
	}
	// A bot still running on the source holds it: migrate refuses rather than copy a
	// database that goes on changing.
	from := seedDatabase(t)
	unlock, err := storage.LockFile(from)
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	var out bytes.Buffer
	if code := command(ctx, []string{"migrate", "--from", from, "--to", filepath.Join(dir, "c.db")}, nil, &out); code != 1 ||
		!strings.Contains(out.String(), "stop the bot first") {
		t.Errorf("source in use: exit %d, %q", code, out.String())
	}
}
