package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
	"github.com/pinochle-discord/pinochle/storage"
	"github.com/pinochle-discord/pinochle/storage/pgtest"
	"github.com/pinochle-discord/pinochle/table"
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
	seats := []table.Seat{{UserID: "u1", Name: "Ana"}, {Computer: table.LevelEasy}, {UserID: "u2", Name: "Bo"}, {Computer: table.LevelExpert}}
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	id, err := s.CreateGame(ctx, table.Game{GuildID: "g", ChannelID: "c", HostID: "u1", Preset: "racehorse",
		Seed: 9, Seats: seats, Status: table.StatusPlaying, CreatedAt: at})
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
	p, err := computer.New("random", 1)
	if err != nil {
		t.Fatal(err)
	}
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

// testPassword is the password the tests put in PostgreSQL URLs. Under the test server's
// trust authentication PostgreSQL never asks for it, so a URL with it still connects.
const testPassword = "s3cretPW"

// withPassword returns a PostgreSQL URL with testPassword as its user's password.
func withPassword(t *testing.T, target string) string {
	t.Helper()
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	u.User = url.UserPassword(u.User.Username(), testPassword)
	return u.String()
}

// captureStd redirects the process's standard output and error, and the default logger,
// until the test ends or the returned function is called; that function returns what was
// written to them.
func captureStd(t *testing.T) func() string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, stderr, logger := os.Stdout, os.Stderr, slog.Default()
	os.Stdout, os.Stderr = w, w
	slog.SetDefault(slog.New(slog.NewTextHandler(w, nil)))
	got := make(chan string)
	go func() {
		b, _ := io.ReadAll(r)
		got <- string(b)
	}()
	var once sync.Once
	var out string
	restore := func() string {
		once.Do(func() {
			os.Stdout, os.Stderr = stdout, stderr
			slog.SetDefault(logger)
			w.Close()
			out = <-got
			r.Close()
		})
		return out
	}
	t.Cleanup(func() { restore() })
	return restore
}

func TestMigrateCommand(t *testing.T) {
	for _, to := range []string{"sqlite", "postgres"} {
		t.Run(to, func(t *testing.T) {
			var target string
			if to == "postgres" {
				// A password that trust authentication ignores: it must show nowhere.
				target = withPassword(t, pgtest.URL(t))
			} else {
				target = filepath.Join(t.TempDir(), "copy.db")
			}
			from := seedDatabase(t)
			ctx := context.Background()
			std := captureStd(t)
			var out, all bytes.Buffer
			if code := command(ctx, []string{"migrate", "--from", from, "--to", target}, nil, &out); code != 0 {
				t.Fatalf("migrate: exit %d\n%s", code, out.String())
			}
			for _, want := range []string{"actions", "30", "1 unfinished games replay"} {
				if !strings.Contains(out.String(), want) {
					t.Errorf("the report lacks %q:\n%s", want, out.String())
				}
			}
			if to == "postgres" && !strings.Contains(out.String(), "postgres:xxxxx@") {
				t.Errorf("the report does not name the target with its password masked:\n%s", out.String())
			}
			all.Write(out.Bytes())
			out.Reset()
			if code := command(ctx, []string{"migrate", "--from", from, "--to", target}, nil, &out); code != 1 ||
				!strings.Contains(out.String(), "not empty") {
				t.Errorf("a second migrate: exit %d, %q; want 1 and a word on the target not being empty", code, out.String())
			}
			all.Write(out.Bytes())
			out.Reset()
			if code := command(ctx, []string{"migrate", "--from", from, "--to", target, "--merge"}, nil, &out); code != 0 {
				t.Errorf("migrate --merge: exit %d\n%s", code, out.String())
			}
			all.Write(out.Bytes())
			// Back from the target, so that it is read as a source too.
			out.Reset()
			back := filepath.Join(t.TempDir(), "back.db")
			if code := command(ctx, []string{"migrate", "--from", target, "--to", back}, nil, &out); code != 0 {
				t.Errorf("migrate back: exit %d\n%s", code, out.String())
			}
			all.Write(out.Bytes())
			all.WriteString(std())
			if strings.Contains(all.String(), testPassword) {
				t.Errorf("the output shows the password:\n%s", all.String())
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
	var out bytes.Buffer
	for name, args := range cases {
		out.Reset()
		if code := command(ctx, args, nil, &out); code != 2 {
			t.Errorf("%s: exit %d, want 2\n%s", name, code, out.String())
		}
	}
	// An unreachable PostgreSQL: the error says so without the URL's password.
	out.Reset()
	std := captureStd(t)
	code := command(ctx, []string{"migrate", "--from", seedDatabase(t), "--to",
		"postgres://postgres:" + testPassword + "@127.0.0.1:1/x?connect_timeout=5"}, nil, &out)
	if code != 1 || !strings.Contains(out.String(), "open the target") {
		t.Errorf("unreachable target: exit %d, %q; want 1 and a word on the target", code, out.String())
	}
	if all := out.String() + std(); strings.Contains(all, testPassword) {
		t.Errorf("unreachable target: the output shows the password:\n%s", all)
	}
	// A bot still running on the source holds it: migrate refuses rather than copy a
	// database that goes on changing.
	from := seedDatabase(t)
	unlock, err := storage.LockFile(from)
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	out.Reset()
	if code := command(ctx, []string{"migrate", "--from", from, "--to", filepath.Join(dir, "c.db")}, nil, &out); code != 1 ||
		!strings.Contains(out.String(), "stop the bot first") {
		t.Errorf("source in use: exit %d, %q", code, out.String())
	}
}
