package storage

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
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

// seeds put data in a database at each version, with the columns that version has: seeds[v]
// runs once migration v is applied. Later migrations must keep this data. They are written
// in SQL both databases accept (after the dialect's rebind): TRUE for a boolean, a CAST
// where PostgreSQL would take a parameter for a 32-bit integer.
var seeds = map[int][]string{
	1: {
		`INSERT INTO games (id, guild_id, channel_id, thread_id, host_id, preset, options, seed, status, created_at,
			last_activity) VALUES (1, 'g1', 'c1', 't1', 'u1', 'racehorse', '{"hands":"1"}', 9, 'playing', ?1, ?1)`,
		`INSERT INTO game_seats (game_id, seat, user_id, name, computer) VALUES (1, 0, 'u1', 'P1', ''),
			(1, 1, '', 'Bot', 'baseline'), (1, 2, 'u3', 'P3', ''), (1, 3, '', '', '')`,
		`INSERT INTO game_messages (game_id, role, channel_id, message_id) VALUES (1, 'table', 't1', 'm1')`,
	},
	2: {
		`INSERT INTO seasons (id, guild_id, name, start_at, end_at) VALUES (1, 'g1', 'Old', ?1, CAST(?1 AS BIGINT) + 1000)`,
		`INSERT INTO player_records (guild_id, season_id, user_id, name, games, wins, mu, sigma, rating, updated_at)
			VALUES ('g1', 0, 'u9', 'Nine', 4, 3, 30, 5, 15, ?1)`,
	},
	3: {
		`INSERT INTO guild_settings (guild_id, default_preset, default_options, turn_timeout_ms, computer_games_count,
			updated_at) VALUES ('g1', 'classic', '{"target":"500"}', 120000, TRUE, ?1)`,
		`INSERT INTO guild_channels (guild_id, channel_id) VALUES ('g1', 'c1'), ('g1', 'c2')`,
	},
	4: {
		`INSERT INTO player_prefs (user_id, notify_dm, updated_at) VALUES ('u1', TRUE, ?1)`,
	},
	5: {
		`UPDATE games SET table_settings = '{"level":"expert"}' WHERE id = 1`,
		`UPDATE guild_settings SET table_defaults = '{"hints":"off"}' WHERE guild_id = 'g1'`,
	},
	6: {
		`INSERT INTO rating_history (guild_id, season_id, user_id, game_id, at, mu, sigma, rating) VALUES ('g1', 0, 'u9', 1, ?1, 30, 5, 15)`,
	},
	7: {
		`INSERT INTO shard_leases (shard_count, shard_id, owner, acquired_at, expires_at) VALUES (1, 0, 'old', ?1, ?1)`,
	},
	8: {
		`UPDATE shard_leases SET token = 3 WHERE owner = 'old'`,
	},
	9: {
		`UPDATE hands SET forced = TRUE WHERE game_id = 1 AND hand = 0`,
	},
	10: {
		// No game of version 10 has finished: the columns and table are there to write.
		`UPDATE hand_seats SET delta = 0, score = 0 WHERE game_id = 1`,
		`DELETE FROM game_seat_results WHERE game_id = 1`,
	},
	11: {
		`INSERT INTO events (id, guild_id, channel_id, name, format, entry, seats, rounds, deals, seed, preset, options,
			table_settings, round_ms, start_at, settle, organiser_id, status, created_at)
			VALUES (1, 'g1', 'c1', 'Open', 2, 1, 4, 3, 0, 5, 'racehorse', '{}', '{}', 3600000, ?1, 'computer', 'u1', 'signup', ?1)`,
		`INSERT INTO event_players (event_id, user_id, name, entrant, seat_order, joined_at) VALUES (1, 'u1', 'P1', 'u1', 0, ?1)`,
	},
	12: {
		`INSERT INTO daily_deals (guild_id, day, seed, preset, seat) VALUES ('g1', '2025-03-01', 7, 'racehorse', 1)`,
		`INSERT INTO daily_plays (guild_id, day, user_id, name, game_id, status, started_at)
			VALUES ('g1', '2025-03-01', 'u1', 'P1', 1, 'playing', ?1)`,
	},
	13: {
		`INSERT INTO player_calls (guild_id, user_id, since) VALUES ('g1', 'u1', ?1)`,
		`INSERT INTO admin_log (guild_id, user_id, action, detail, at) VALUES ('g1', 'u1', 'exclude', 'u9', ?1)`,
	},
	14: {
		`UPDATE games SET told = 5 WHERE id = 1`,
	},
	15: {
		`INSERT INTO player_prefs (user_id, notify_dm, cards, updated_at) VALUES ('u2', FALSE, 'four', ?1)`,
	},
	16: {
		`INSERT INTO guild_organisers (guild_id, role_id, by_id, at) VALUES ('g1', 'r1', 'u1', ?1)`,
		`INSERT INTO play_again_offers (game_id, message_id, at) VALUES (1, 'm9', ?1)`,
	},
}

// seedLogLen is the number of actions seeded with game 1.
const seedLogLen = 12

// TestMigrateFromEveryVersion builds a database at every earlier version k (the first k
// migrations only), puts data in it, and checks that opening it upgrades it with the data
// intact. PostgreSQL's migrations are SQLite's, one for one (TestMigrationsNumbered), and a
// PostgreSQL database may be at any earlier version too, so both run it.
func TestMigrateFromEveryVersion(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testMigrateFromEveryVersion)
}

func testMigrateFromEveryVersion(t *testing.T, b backend) {
	n := SchemaVersion()
	if n < 4 || len(seeds) != n {
		t.Fatalf("schema version %d with seeds for %d versions: give every migration its seed", n, len(seeds))
	}
	ctx := context.Background()
	log := playOut(t, mustRules(t, "racehorse", oneHand), 9, seedLogLen).Log()
	d, driver := &sqliteDialect, "sqlite3"
	if b.name == postgresBackend.name {
		d, driver = &postgresDialect, "pgx"
	}
	for k := 0; k <= n; k++ {
		target := b.target(t)
		source := target
		if d == &sqliteDialect {
			if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
				t.Fatal(err)
			}
			source = dsn(target, "_foreign_keys=1&_journal_mode=WAL")
		}
		db, err := sql.Open(driver, source)
		if err != nil {
			t.Fatal(err)
		}
		if err := migrate(ctx, db, d, k); err != nil {
			t.Fatalf("version %d: %v", k, err)
		}
		for v := 1; v <= k; v++ {
			for _, q := range seeds[v] {
				var args []any // ?1 is t0; PostgreSQL refuses an argument a statement lacks
				if strings.Contains(q, "?1") {
					args = append(args, ms(t0))
				}
				if _, err := db.Exec(d.rebind(q), args...); err != nil {
					t.Fatalf("version %d: seed %d: %v", k, v, err)
				}
			}
			if v == 1 {
				for i, a := range log {
					js, _ := json.Marshal(a)
					if _, err := db.Exec(d.rebind(`INSERT INTO actions (game_id, seq, seat, action, at) VALUES (1, ?, ?, ?, ?)`),
						i, a.Seat, string(js), ms(t0)+int64(i)); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
		var version int
		if err := db.QueryRow("SELECT COALESCE(MAX(version), 0) FROM schema_migrations").Scan(&version); err != nil || version != k {
			t.Fatalf("built version %d, want %d (%v)", version, k, err)
		}
		db.Close()

		s, err := Connect(ctx, target)
		if err != nil {
			t.Fatalf("upgrading from version %d: %v", k, err)
		}
		checkSeeded(t, s, k, log)
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		// Opening again changes nothing.
		s, err = Connect(ctx, target)
		if err != nil {
			t.Fatalf("reopening after upgrading from version %d: %v", k, err)
		}
		checkSeeded(t, s, k, log)
		s.Close()
	}
}

// checkSeeded checks, through the store, the data seeded at versions up to k.
func checkSeeded(t *testing.T, s *DB, k int, log []engine.Action) {
	t.Helper()
	ctx := context.Background()
	var versions int
	if err := s.r.QueryRow("SELECT COUNT(*) FROM schema_migrations").Scan(&versions); err != nil || versions != SchemaVersion() {
		t.Errorf("from version %d: %d migrations recorded, want %d (%v)", k, versions, SchemaVersion(), err)
	}
	g, err := s.GetGame(ctx, 1)
	if k < 1 {
		if !errors.Is(err, ErrNotFound) {
			t.Errorf("empty database has game 1: %v", err)
		}
	} else {
		want := table.Game{ID: 1, GuildID: "g1", ChannelID: "c1", ThreadID: "t1", HostID: "u1", Preset: "racehorse",
			Options: oneHand, Seed: 9, Status: table.StatusPlaying, CreatedAt: t0,
			LastActivity: t0.Add(time.Duration(len(log)-1) * time.Millisecond),
			// The bot stored every computer player as "baseline", which played at the
			// table's level: the seat reads as that level.
			Seats:    []table.Seat{{UserID: "u1", Name: "P1"}, {Name: "Bot", Computer: table.DefaultLevel}, {UserID: "u3", Name: "P3"}, {}},
			Messages: map[table.MessageRole]table.Message{"table": {ChannelID: "t1", MessageID: "m1"}},
			// Tables stored before they had settings (version 5) run as the defaults
			// say, with no timer: the column's default.
			Settings: table.Settings{Level: table.DefaultLevel, Hints: true, Ping: table.PingAuto, Autoplay: true, Timeout: table.PolicyComputer, Pace: table.PaceNormal}}
		if k >= 5 {
			want.Settings.Level, want.Seats[1].Computer = table.LevelExpert, table.LevelExpert
		}
		if k >= 14 {
			want.Told = 5
		}
		if err != nil || !reflect.DeepEqual(g, want) {
			t.Errorf("from version %d: game %+v, %v\nwant %+v", k, g, err, want)
		}
		recs, err := s.LoadActions(ctx, 1)
		if err != nil || len(recs) != len(log) {
			t.Fatalf("from version %d: %d actions, %v", k, len(recs), err)
		}
		if _, err := g.Replay(Actions(recs)); err != nil {
			t.Errorf("from version %d: %v", k, err)
		}
	}
	seasons, err := s.Seasons(ctx, "g1")
	board, err2 := s.Leaderboard(ctx, "g1", league.Overall, 10, 0)
	if err != nil || err2 != nil {
		t.Fatal(err, err2)
	}
	if k >= 2 {
		wantSeason := []league.Season{{ID: 1, GuildID: "g1", Name: "Old", Start: t0, End: t0.Add(time.Second)}}
		if !reflect.DeepEqual(seasons, wantSeason) {
			t.Errorf("from version %d: seasons %+v", k, seasons)
		}
		if len(board) != 1 || board[0].UserID != "u9" || board[0].Games != 4 || board[0].Wins != 3 ||
			board[0].Rating != (league.Rating{Mu: 30, Sigma: 5}) || board[0].PointsFor != 0 {
			t.Errorf("from version %d: leaderboard %+v", k, board)
		}
	} else if len(seasons) != 0 || len(board) != 0 {
		t.Errorf("from version %d: seasons %+v, leaderboard %+v", k, seasons, board)
	}
	st, err := s.Settings(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	want := table.DefaultGuildSettings()
	if k >= 3 {
		want = table.GuildSettings{DefaultPreset: "classic", DefaultOptions: map[string]string{"target": "500"},
			TableDefaults: table.Settings{Level: table.DefaultLevel, Hints: true, Ping: table.PingAuto, Autoplay: true,
				Timer: 2 * time.Minute, Timeout: table.PolicyComputer, Pace: table.PaceNormal},
			ComputerGamesCount: true, Channels: []string{"c1", "c2"}}
	}
	if k >= 5 {
		want.TableDefaults.Hints, want.HintsChosen = false, true
	}
	if !reflect.DeepEqual(st, want) {
		t.Errorf("from version %d: settings %+v, want %+v", k, st, want)
	}
	dm, err := s.Notify(ctx, "u1")
	if err != nil || dm != (k >= 4) {
		t.Errorf("from version %d: notify %v, %v", k, dm, err)
	}
	// A player's look: none for those who chose turn DMs before there were looks.
	if p, err := s.CardsPreference(ctx, "u1"); err != nil || p != (table.CardsPreference{}) {
		t.Errorf("from version %d: u1's cards preference %+v, %v; want none", k, p, err)
	}
	wantLook := table.CardsPreference{}
	if k >= 15 {
		wantLook = table.CardsPreference{Own: true, Cards: table.CardsFourColour}
	}
	if p, err := s.CardsPreference(ctx, "u2"); err != nil || p != wantLook {
		t.Errorf("from version %d: u2's cards preference %+v, %v; want %+v", k, p, err, wantLook)
	}
	if role, err := s.OrganiserRole(ctx, "g1"); err != nil || (role == "r1") != (k >= 16) {
		t.Errorf("from version %d: organiser role %q, %v", k, role, err)
	}
	var leases []string
	rows, err := s.r.Query("SELECT owner, expires_at, token FROM shard_leases")
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var owner string
		var expires, token int64
		if err := rows.Scan(&owner, &expires, &token); err != nil {
			t.Fatal(err)
		}
		leases = append(leases, fmt.Sprintf("%s until %d, token %d", owner, expires, token))
	}
	if err := closeRows(rows); err != nil {
		t.Fatal(err)
	}
	var wantLeases []string
	switch {
	case k >= 8:
		wantLeases = []string{fmt.Sprintf("old until %d, token 3", ms(t0))}
	case k == 7: // a lease taken before leases had tokens
		wantLeases = []string{fmt.Sprintf("old until %d, token 0", ms(t0))}
	}
	if !reflect.DeepEqual(leases, wantLeases) {
		t.Errorf("from version %d: leases %q, want %q", k, leases, wantLeases)
	}
}

func TestSchemaTooNew(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "new.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.w.Exec("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, '9999_future', 0)",
		SchemaVersion()+1); err != nil {
		t.Fatal(err)
	}
	s.Close()
	_, err = Open(path)
	if !errors.Is(err, ErrSchemaTooNew) || !strings.Contains(err.Error(), "newer version") {
		t.Fatalf("opening a newer database: %v, want ErrSchemaTooNew with advice", err)
	}
	// The database is left as it was.
	db, err := sql.Open("sqlite3", dsn(path, "mode=ro"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var v int
	if err := db.QueryRow("SELECT MAX(version) FROM schema_migrations").Scan(&v); err != nil || v != SchemaVersion()+1 {
		t.Errorf("version %d after the refusal (%v)", v, err)
	}
}

// TestMigrationsNumbered checks that each database's migrations are numbered without gaps
// and that PostgreSQL's are SQLite's, one for one, under the same names.
func TestMigrationsNumbered(t *testing.T) {
	t.Parallel()
	lite, err := migrations(&sqliteDialect)
	if err != nil {
		t.Fatal(err)
	}
	pg, err := migrations(&postgresDialect)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range lite {
		if m.version != i+1 || !strings.HasPrefix(m.name, fmt.Sprintf("%04d_", i+1)) {
			t.Errorf("migration %d is %s", i+1, m.name)
		}
	}
	if len(pg) != len(lite) {
		t.Fatalf("%d PostgreSQL migrations, %d SQLite ones", len(pg), len(lite))
	}
	for i := range lite {
		if pg[i].name != lite[i].name {
			t.Errorf("PostgreSQL migration %d is %s, SQLite's %s", i+1, pg[i].name, lite[i].name)
		}
	}
}

// TestMigrateTogether opens one fresh PostgreSQL database from several stores at once, as
// shard processes starting together do: each succeeds, and every migration is applied once.
func TestMigrateTogether(t *testing.T) {
	t.Parallel()
	target := postgresBackend.target(t)
	const stores = 6
	errs := make(chan error, stores)
	for range stores {
		go func() {
			s, err := Connect(context.Background(), target)
			if err == nil {
				err = s.Close()
			}
			errs <- err
		}()
	}
	for range stores {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	db, err := sql.Open("pgx", target)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n, max int
	if err := db.QueryRow("SELECT COUNT(*), MAX(version) FROM schema_migrations").Scan(&n, &max); err != nil {
		t.Fatal(err)
	}
	if n != SchemaVersion() || max != SchemaVersion() {
		t.Errorf("schema_migrations holds %d rows up to %d, want %d", n, max, SchemaVersion())
	}
}
