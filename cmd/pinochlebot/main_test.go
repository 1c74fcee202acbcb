package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/fakediscord"
	"github.com/pinochle-discord/pinochle/storage"
	"github.com/pinochle-discord/pinochle/table"
)

// chdir runs the test in a fresh folder, so that no .env of the developer's is read.
func chdir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	t.Chdir(dir)
	return dir
}

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestMissingTokenExitsTwoWithOneLine(t *testing.T) {
	chdir(t)
	var stderr bytes.Buffer
	code := run(context.Background(), env(nil), &stderr)
	if code != 2 {
		t.Fatalf("exit status %d, want 2", code)
	}
	out := stderr.String()
	if strings.Count(out, "\n") != 1 || !strings.Contains(out, "DISCORD_TOKEN") || !strings.Contains(out, "discord.com/developers") {
		t.Fatalf("want one line naming DISCORD_TOKEN and where to get one, got %q", out)
	}
}

func TestBadLogLevel(t *testing.T) {
	chdir(t)
	var stderr bytes.Buffer
	code := run(context.Background(), env(map[string]string{"DISCORD_TOKEN": "x", "LOG_LEVEL": "loud"}), &stderr)
	if code != 2 || !strings.Contains(stderr.String(), "LOG_LEVEL") {
		t.Fatalf("exit %d, stderr %q; want 2 and a word on LOG_LEVEL", code, stderr.String())
	}
}

// TestChannelRate: CHANNEL_RATE is read as a number of posts a second, above 0 and at most
// the default; anything else stops the start with exit status 2 and the setting's name.
func TestChannelRate(t *testing.T) {
	chdir(t)
	for _, bad := range []string{"fast", "0", "-3", "50", "NaN"} {
		var stderr bytes.Buffer
		code := run(context.Background(), env(map[string]string{"DISCORD_TOKEN": "x", "CHANNEL_RATE": bad}), &stderr)
		if code != 2 || !strings.Contains(stderr.String(), "CHANNEL_RATE") {
			t.Errorf("CHANNEL_RATE=%s: exit %d, stderr %q; want 2 and a word on CHANNEL_RATE", bad, code, stderr.String())
		}
	}
	c, err := loadConfig(env(map[string]string{"DISCORD_TOKEN": "x", "CHANNEL_RATE": "22.5"}))
	if err != nil || c.channelRate != 22.5 || !c.cardEmojis {
		t.Errorf("CHANNEL_RATE=22.5: %v, card emojis %v, %v", c.channelRate, c.cardEmojis, err)
	}
	if c, err := loadConfig(env(map[string]string{"DISCORD_TOKEN": "x", "CARD_EMOJIS": "off"})); err != nil || c.cardEmojis {
		t.Errorf("CARD_EMOJIS=off: card emojis %v, %v", c.cardEmojis, err)
	}
	if _, err := loadConfig(env(map[string]string{"DISCORD_TOKEN": "x", "CARD_EMOJIS": "maybe"})); err == nil {
		t.Error("CARD_EMOJIS=maybe is taken")
	}
}

// TestDatabaseAndShardSettings reads DATABASE_URL, SHARD_COUNT and SHARD_IDS, and refuses
// bad ones with exit status 2 and the setting's name.
func TestDatabaseAndShardSettings(t *testing.T) {
	chdir(t)
	c, err := loadConfig(env(map[string]string{"DISCORD_TOKEN": "x", "DATABASE_URL": "postgres://u:secret@db/pinochle",
		"SHARD_COUNT": "4", "SHARD_IDS": "2-3"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.database() != "postgres://u:secret@db/pinochle" || c.shardCount != 4 || len(c.shardIDs) != 2 || c.shardIDs[0] != 2 {
		t.Errorf("config %+v", c)
	}
	for k, v := range map[string]string{"DATABASE_URL": "mysql://x", "SHARD_COUNT": "zero", "SHARD_IDS": "1"} {
		var stderr bytes.Buffer
		code := run(context.Background(), env(map[string]string{"DISCORD_TOKEN": "x", k: v}), &stderr)
		if code != 2 || !strings.Contains(stderr.String(), k) {
			t.Errorf("%s=%s: exit %d, stderr %q; want 2 naming %s", k, v, code, stderr.String(), k)
		}
	}
}

func TestConfigFromDotEnvAndEnvironment(t *testing.T) {
	dir := chdir(t)
	dotenv := "DISCORD_TOKEN=from-file\nDISCORD_GUILD_ID=42\nLOG_LEVEL=debug\n"
	if err := os.WriteFile(filepath.Join(dir, ".env"), []byte(dotenv), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := loadConfig(env(map[string]string{"DISCORD_TOKEN": "Bot from-env"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.token != "from-env" {
		t.Errorf("token %q: the environment should win over .env, without the Bot prefix", c.token)
	}
	if c.guildID != "42" || c.level.String() != "DEBUG" {
		t.Errorf("guild %q level %v: .env should fill what the environment lacks", c.guildID, c.level)
	}
	if c.dbPath != "data/pinochle.db" {
		t.Errorf("database path %q, want the default", c.dbPath)
	}
}

func TestTokenNeverLogged(t *testing.T) {
	chdir(t)
	const token = "very-secret-token-value"
	var stderr bytes.Buffer
	// An unreachable API: the start fails, and what is logged must not hold the token.
	code := run(context.Background(), env(map[string]string{
		"DISCORD_TOKEN": token, "DISCORD_API_URL": "http://127.0.0.1:1", "DATABASE_PATH": filepath.Join(t.TempDir(), "db", "p.db"),
	}), &stderr)
	if code != 1 {
		t.Fatalf("exit status %d, want 1 when Discord cannot be reached; log:\n%s", code, stderr.String())
	}
	if strings.Contains(stderr.String(), token) {
		t.Fatalf("the log holds the token:\n%s", stderr.String())
	}
}

// syncBuffer is a buffer safe for the logger's writes while the test reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestRunAndStop starts the bot against the fake Discord, then stops it as SIGTERM would:
// it logs each step of the start, exits 0, and leaves a database that opens again.
func TestRunAndStop(t *testing.T) {
	chdir(t)
	srv := fakediscord.New(t, fakediscord.Options{})
	dbPath := filepath.Join(t.TempDir(), "data", "pinochle.db")
	ctx, cancel := context.WithCancel(context.Background())
	var stderr syncBuffer
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, env(map[string]string{
			"DISCORD_TOKEN": srv.Token(), "DISCORD_API_URL": srv.URL(), "DATABASE_PATH": dbPath,
			"DISCORD_GUILD_ID": srv.DefaultGuild().ID,
		}), &stderr)
	}()
	wait, stop := context.WithTimeout(context.Background(), 20*time.Second)
	defer stop()
	if err := srv.WaitFor(wait, func(s *fakediscord.Server) bool { return s.Connected() > 0 }); err != nil {
		cancel()
		t.Fatalf("the bot never connected: %v\n%s", err, stderr.String())
	}
	if n := len(srv.Commands(srv.DefaultGuild().ID)); n == 0 {
		t.Errorf("no commands registered in the development guild")
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Fatalf("exit status %d, want 0\n%s", code, stderr.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the bot did not stop")
	}
	log := stderr.String()
	for _, step := range []string{"opened the database", "resumed games", "registered commands", "listening", "stopped"} {
		if !strings.Contains(log, step) {
			t.Errorf("the log has no line for %q:\n%s", step, log)
		}
	}
	if strings.Contains(log, srv.Token()) {
		t.Errorf("the log holds the token")
	}
	st, err := storage.Open(dbPath)
	if err != nil {
		t.Fatalf("the database does not open again: %v", err)
	}
	st.Close()
}

// TestSecondProcessOnSQLiteRefused starts a second bot on the SQLite file a running bot
// uses: it exits 1 at once, saying why, and the first keeps running.
func TestSecondProcessOnSQLiteRefused(t *testing.T) {
	chdir(t)
	srv := fakediscord.New(t, fakediscord.Options{})
	dbPath := filepath.Join(t.TempDir(), "data", "pinochle.db")
	settings := env(map[string]string{
		"DISCORD_TOKEN": srv.Token(), "DISCORD_API_URL": srv.URL(), "DATABASE_PATH": dbPath,
		"DISCORD_GUILD_ID": srv.DefaultGuild().ID,
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var first syncBuffer
	done := make(chan int, 1)
	go func() { done <- run(ctx, settings, &first) }()
	wait, stop := context.WithTimeout(context.Background(), 20*time.Second)
	defer stop()
	if err := srv.WaitFor(wait, func(s *fakediscord.Server) bool { return s.Connected() > 0 }); err != nil {
		t.Fatalf("the first bot never connected: %v\n%s", err, first.String())
	}
	var second syncBuffer
	if code := run(ctx, settings, &second); code != 1 {
		t.Errorf("second bot: exit status %d, want 1\n%s", code, second.String())
	}
	if !strings.Contains(second.String(), "in use by process") || !strings.Contains(second.String(), "one bot process serves one SQLite file") {
		t.Errorf("the second bot does not say why it stopped:\n%s", second.String())
	}
	select {
	case code := <-done:
		t.Fatalf("the first bot stopped (%d)", code)
	default:
	}
	cancel()
	if code := <-done; code != 0 {
		t.Errorf("first bot: exit status %d\n%s", code, first.String())
	}
}

// TestBackupWhileOpen copies a database that another store (the running bot) holds open,
// and the copy opens with the same games.
func TestBackupWhileOpen(t *testing.T) {
	chdir(t)
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "pinochle.db")
	live, err := storage.Open(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()
	now := time.Now()
	id, err := live.CreateGame(context.Background(), table.Game{
		GuildID: "g", ChannelID: "c", HostID: "h", Preset: "racehorse", Seed: 7,
		Seats: make([]table.Seat, 4), Status: table.StatusLobby, CreatedAt: now, LastActivity: now,
	})
	if err != nil {
		t.Fatal(err)
	}
	dest := filepath.Join(dir, "copy.db")
	var stderr bytes.Buffer
	if code := command(context.Background(), []string{"backup", dest}, env(map[string]string{"DATABASE_PATH": dbPath}), &stderr); code != 0 {
		t.Fatalf("backup exit %d: %s", code, stderr.String())
	}
	cp, err := storage.Open(dest)
	if err != nil {
		t.Fatalf("the copy does not open: %v", err)
	}
	defer cp.Close()
	if g, err := cp.GetGame(context.Background(), id); err != nil || g.Preset != "racehorse" {
		t.Fatalf("the copy lacks game %d: %+v, %v", id, g, err)
	}
	if code := command(context.Background(), []string{"backup"}, env(nil), &stderr); code != 2 {
		t.Errorf("backup without a file: exit %d, want 2", code)
	}
}

// TestBackupRefusesPostgres: with DATABASE_URL set, in the environment or in .env, backup
// refuses and points to pg_dump, rather than copying an SQLite file left at DATABASE_PATH.
func TestBackupRefusesPostgres(t *testing.T) {
	const dbURL = "postgres://pinochle:" + testPassword + "@db:5432/pinochle"
	for _, from := range []string{"environment", ".env"} {
		t.Run(from, func(t *testing.T) {
			dir := chdir(t)
			leftover := filepath.Join(dir, "old.db")
			s, err := storage.Open(leftover)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			vars := map[string]string{"DATABASE_PATH": leftover}
			if from == ".env" {
				if err := os.WriteFile(filepath.Join(dir, ".env"), []byte("DATABASE_URL="+dbURL+"\n"), 0o600); err != nil {
					t.Fatal(err)
				}
			} else {
				vars["DATABASE_URL"] = dbURL
			}
			dest := filepath.Join(dir, "copy.db")
			var stderr bytes.Buffer
			code := command(context.Background(), []string{"backup", dest}, env(vars), &stderr)
			if code != 2 {
				t.Errorf("exit %d, want 2\n%s", code, stderr.String())
			}
			msg := stderr.String()
			if !strings.Contains(msg, "pg_dump") || !strings.Contains(msg, "DATABASE_URL") {
				t.Errorf("the message does not point to pg_dump for DATABASE_URL: %q", msg)
			}
			if strings.Contains(msg, "DATABASE_PATH") || strings.Contains(msg, testPassword) {
				t.Errorf("the message names DATABASE_PATH or shows the password: %q", msg)
			}
			if _, err := os.Stat(dest); !os.IsNotExist(err) {
				t.Errorf("backup wrote %s (stat: %v)", dest, err)
			}
		})
	}
}
