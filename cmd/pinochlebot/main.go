// Command pinochlebot runs the Pinochle bot: it hosts games in the channels of the Discord
// servers it is invited to.
//
// Settings come from the environment and from a .env file in the working folder (the
// environment wins):
//
//	DISCORD_TOKEN     the bot token (required)
//	DISCORD_APP_ID    the application ID (optional: asked of Discord otherwise)
//	DISCORD_GUILD_ID  register the commands in this one server only, instantly (development)
//	DATABASE_PATH     the SQLite database (default data/pinochle.db)
//	DATABASE_URL      a PostgreSQL database (postgres://...), used instead of SQLite
//	SHARD_COUNT       the number of Discord shards in all, or auto (Discord's recommendation)
//	SHARD_IDS         the shards this process serves: 3, 0,2,5 or 0-3 (default: all)
//	LOG_LEVEL         debug, info, warn or error (default info)
//	DISCORD_API_URL   send REST calls, and so the gateway discovery, to this base URL
//
// SIGINT and SIGTERM finish the actions in flight, close the database and exit 0.
//
// "pinochlebot backup FILE" writes a consistent copy of the SQLite database to FILE, also
// while the bot runs (SQLite's VACUUM INTO), and exits. With DATABASE_URL set it refuses
// and points to pg_dump, PostgreSQL's own backup.
//
// "pinochlebot migrate --from data/pinochle.db --to postgres://..." copies every game,
// result, rating, season and setting from one database into another (either may be SQLite
// or PostgreSQL) and checks the copy; the target must be empty unless --merge is given.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/joho/godotenv"

	"github.com/pinochle-discord/pinochle/bot"
	"github.com/pinochle-discord/pinochle/storage"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if len(os.Args) > 1 {
		os.Exit(command(ctx, os.Args[1:], os.Getenv, os.Stderr))
	}
	os.Exit(run(ctx, os.Getenv, os.Stderr))
}

// command runs a subcommand of the bot's binary and returns the exit status.
func command(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) int {
	if args[0] == "migrate" {
		return migrateCommand(ctx, args[1:], stderr)
	}
	if args[0] != "backup" || len(args) != 2 {
		fmt.Fprintln(stderr, "usage: pinochlebot (runs the bot), pinochlebot backup FILE (copies the SQLite database),\n"+
			"       or pinochlebot migrate --from DATABASE --to DATABASE [--merge] (copies one database into another)")
		return 2
	}
	get, err := settingsReader(getenv)
	if err != nil {
		fmt.Fprintln(stderr, "pinochlebot:", strings.TrimPrefix(err.Error(), "usage: "))
		return 2
	}
	if get("DATABASE_URL") != "" {
		// The bot runs on PostgreSQL: an SQLite file left at DATABASE_PATH is not its data.
		fmt.Fprintln(stderr, "pinochlebot: backup copies an SQLite database, but DATABASE_URL selects PostgreSQL:\n"+
			"back it up with pg_dump, for instance: pg_dump --format=custom --file=pinochle.dump \"$DATABASE_URL\"")
		return 2
	}
	path := get("DATABASE_PATH")
	if path == "" {
		path = storage.DefaultPath
	}
	if _, err := os.Stat(path); err != nil {
		fmt.Fprintf(stderr, "pinochlebot: no database at %s (set DATABASE_PATH)\n", path)
		return 2
	}
	store, err := storage.Open(path)
	if err != nil {
		fmt.Fprintln(stderr, "pinochlebot: open the database:", err)
		return 1
	}
	defer store.Close()
	if err := store.Backup(ctx, args[1]); err != nil {
		fmt.Fprintln(stderr, "pinochlebot: backup:", err)
		return 1
	}
	fmt.Fprintf(stderr, "pinochlebot: copied %s to %s\n", path, args[1])
	return 0
}

// migrateCommand copies one database into another: "migrate --from data/pinochle.db --to
// postgres://...". Either side may be an SQLite file or a PostgreSQL URL. The target must be
// empty unless --merge is given; the copy is checked (counts, and a replay of every
// unfinished game) before it reports success.
func migrateCommand(ctx context.Context, args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	from := fs.String("from", "", "the database to copy: an SQLite file or a postgres:// URL")
	to := fs.String("to", "", "the database to copy into: an SQLite file or a postgres:// URL")
	merge := fs.Bool("merge", false, "copy into a database that already holds data, keeping its rows and adding the missing ones")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *from == "" || *to == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: pinochlebot migrate --from DATABASE --to DATABASE [--merge]")
		return 2
	}
	if *from == *to {
		fmt.Fprintln(stderr, "pinochlebot: migrate: --from and --to are the same database")
		return 2
	}
	for _, target := range []string{*from, *to} {
		if storage.IsPostgresURL(target) {
			continue
		}
		if target == *from {
			if _, err := os.Stat(target); err != nil {
				fmt.Fprintf(stderr, "pinochlebot: migrate: no database at %s\n", target)
				return 2
			}
		}
		// A bot still running on an SQLite file would go on writing it after the copy.
		unlock, err := storage.LockFile(target)
		if err != nil {
			fmt.Fprintf(stderr, "pinochlebot: migrate: %v (stop the bot first)\n", err)
			return 1
		}
		defer unlock()
	}
	src, err := storage.Connect(ctx, *from)
	if err != nil {
		fmt.Fprintln(stderr, "pinochlebot: migrate: open the source:", err)
		return 1
	}
	defer src.Close()
	dst, err := storage.Connect(ctx, *to)
	if err != nil {
		fmt.Fprintln(stderr, "pinochlebot: migrate: open the target:", err)
		return 1
	}
	defer dst.Close()
	rep, err := storage.Copy(ctx, src, dst, *merge)
	if err != nil {
		fmt.Fprintln(stderr, "pinochlebot: migrate:", err)
		return 1
	}
	fmt.Fprintf(stderr, "pinochlebot: copied %s to %s\n", src.Path(), dst.Path())
	fmt.Fprintf(stderr, "%-16s %10s %10s %10s\n", "table", "source", "copied", "target")
	for _, t := range rep.Tables {
		fmt.Fprintf(stderr, "%-16s %10d %10d %10d\n", t, rep.Source[t], rep.Copied[t], rep.Target[t])
	}
	fmt.Fprintf(stderr, "checked: every table's rows are in the target; %d unfinished games replay to the same log\n", rep.Replayed)
	return 0
}

// config is the bot's settings, read from the environment.
type config struct {
	token, appID, guildID, apiURL, dbPath string
	dbURL                                 string // PostgreSQL; empty for SQLite at dbPath
	shardCount                            int
	shardIDs                              []int
	level                                 slog.Level
	channelRate                           float64 // CHANNEL_RATE; 0 for the process's shards' part of the default
	cardEmojis                            bool    // CARD_EMOJIS, on unless "off"
	pictures                              bool    // PICTURES, on unless "off"
}

// database returns what to open: the PostgreSQL URL, or else the SQLite path.
func (c config) database() string {
	if c.dbURL != "" {
		return c.dbURL
	}
	return c.dbPath
}

// errUsage marks a settings problem: exit status 2.
var errUsage = errors.New("usage")

// settingsReader returns a function that reads a setting from the environment or, where the
// environment lacks it, from a .env file in the working folder.
func settingsReader(getenv func(string) string) (func(string) string, error) {
	env := map[string]string{}
	if f, err := godotenv.Read(); err == nil {
		env = f
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%w: .env: %v", errUsage, err)
	}
	return func(k string) string {
		if v := getenv(k); v != "" {
			return strings.TrimSpace(v)
		}
		return strings.TrimSpace(env[k])
	}, nil
}

// loadConfig reads the settings. A .env file, if present, fills what the environment lacks.
func loadConfig(getenv func(string) string) (config, error) {
	get, err := settingsReader(getenv)
	if err != nil {
		return config{}, err
	}
	c := config{
		token: get("DISCORD_TOKEN"), appID: get("DISCORD_APP_ID"), guildID: get("DISCORD_GUILD_ID"),
		apiURL: get("DISCORD_API_URL"), dbPath: get("DATABASE_PATH"), dbURL: get("DATABASE_URL"),
	}
	if c.token == "" {
		return c, fmt.Errorf("%w: DISCORD_TOKEN is not set: create a bot at https://discord.com/developers/applications (Bot → Reset Token) and put DISCORD_TOKEN=... in .env (see .env.example)", errUsage)
	}
	c.token = strings.TrimPrefix(c.token, "Bot ")
	if c.dbPath == "" {
		c.dbPath = storage.DefaultPath
	}
	if c.dbURL != "" && !storage.IsPostgresURL(c.dbURL) {
		return c, fmt.Errorf("%w: DATABASE_URL must start with postgres:// (an SQLite file goes in DATABASE_PATH)", errUsage)
	}
	if c.shardCount, c.shardIDs, err = bot.ParseShards(get("SHARD_COUNT"), get("SHARD_IDS")); err != nil {
		return c, fmt.Errorf("%w: %v", errUsage, err)
	}
	if r := get("CHANNEL_RATE"); r != "" {
		if c.channelRate, err = strconv.ParseFloat(r, 64); err != nil || !(c.channelRate > 0 && c.channelRate <= bot.DefaultChannelRate) {
			return c, fmt.Errorf("%w: CHANNEL_RATE %q: a number of posts and edits a second above 0 and at most %d (processes that share a token divide %d)",
				errUsage, r, bot.DefaultChannelRate, bot.DefaultChannelRate)
		}
	}
	for _, sw := range []struct {
		name string
		on   *bool
	}{{"CARD_EMOJIS", &c.cardEmojis}, {"PICTURES", &c.pictures}} {
		switch v := get(sw.name); v {
		case "", "on":
			*sw.on = true
		case "off":
		default:
			return c, fmt.Errorf("%w: %s %q: on or off", errUsage, sw.name, v)
		}
	}
	if lv := get("LOG_LEVEL"); lv != "" {
		if err := c.level.UnmarshalText([]byte(lv)); err != nil {
			return c, fmt.Errorf("%w: LOG_LEVEL %q: use debug, info, warn or error", errUsage, lv)
		}
	}
	return c, nil
}

// run starts the bot and serves until ctx ends. It returns the exit status.
func run(ctx context.Context, getenv func(string) string, stderr io.Writer) int {
	cfg, err := loadConfig(getenv)
	if err != nil {
		fmt.Fprintln(stderr, "pinochlebot:", strings.TrimPrefix(err.Error(), "usage: "))
		return 2
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: cfg.level}))
	if cfg.dbURL == "" {
		// One process per SQLite file: a second one would write the same games.
		unlock, err := storage.LockFile(cfg.dbPath)
		if err != nil {
			log.Error("open the database", "path", cfg.dbPath, "err", err)
			return 1
		}
		defer unlock()
	}
	store, err := storage.Connect(ctx, cfg.database())
	if err != nil {
		log.Error("open the database", "database", storage.Redact(cfg.database()), "err", err)
		return 1
	}
	log.Info("opened the database", "backend", store.Backend(), "database", store.Path(), "schema", storage.SchemaVersion())
	b, err := bot.New(bot.Config{
		Token: cfg.token, AppID: cfg.appID, GuildID: cfg.guildID, APIURL: cfg.apiURL, Store: store, Logger: log,
		ShardCount: cfg.shardCount, ShardIDs: cfg.shardIDs, ChannelRate: cfg.channelRate, CardEmojis: cfg.cardEmojis, Pictures: cfg.pictures,
	})
	if err == nil {
		err = b.Start(ctx)
	}
	if err != nil {
		log.Error("start", "err", err)
		if b != nil {
			_ = b.Close(context.Background())
		}
		_ = store.Close()
		return 1
	}
	status := 0
	select {
	case <-ctx.Done():
		log.Info("stopping: finishing the actions in flight")
	case <-b.Done():
		log.Error("the bot stopped on its own", "err", b.Err())
		status = 1
	}
	closeCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := b.Close(closeCtx); err != nil {
		log.Error("stop", "err", err)
		status = 1
	}
	if err := store.Close(); err != nil {
		log.Error("close the database", "err", err)
		status = 1
	}
	log.Info("stopped")
	return status
}
