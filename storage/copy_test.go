package storage

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/table"
)

// seedForCopy fills a database with some of everything: finished games with hands, results,
// records, ratings and rating history, a season, an unfinished game, a lobby, guild settings
// and a player's choice.
func seedForCopy(t *testing.T, s *DB) {
	t.Helper()
	ctx := context.Background()
	if _, err := s.StartSeason(ctx, "g1", "Autumn", "c1", t0, time.Time{}); err != nil {
		t.Fatal(err)
	}
	rules := mustRules(t, "racehorse", map[string]string{"hands": "1"})
	for i := range 3 {
		eg := playOut(t, rules, uint64(10+i), 0)
		playFinished(t, s, "g1", eg, []table.Seat{ana, ben, cy, dee}, t0.Add(time.Duration(i+1)*time.Hour))
	}
	long := mustRules(t, "partnership", nil)
	eg := playOut(t, long, 77, 40)
	g := startGame(t, s, newGame("partnership", nil, 77, []table.Seat{ana, ben, cy, dee}))
	saveLog(t, s, g.ID, eg, t0.Add(5*time.Hour))
	lobby := newGame("classic", map[string]string{"target": "500"}, 5, humans(4))
	if _, err := s.CreateGame(ctx, lobby); err != nil {
		t.Fatal(err)
	}
	st := table.DefaultGuildSettings()
	st.DefaultPreset, st.ComputerGamesCount, st.Channels = "classic", true, []string{"c1", "c2"}
	if err := s.UpdateSettings(ctx, "g1", st, t0); err != nil {
		t.Fatal(err)
	}
	if err := s.SetNotify(ctx, "ana", true, t0); err != nil {
		t.Fatal(err)
	}
	if err := s.SetCardsPreference(ctx, "ana", table.CardsPreference{Own: true, Cards: table.CardsText}, t0); err != nil {
		t.Fatal(err)
	}
}

// TestCopy copies a database to each backend and back: everything the bot reads is the same
// in the copy, new games get new ids, a second copy is refused, and a merge copies nothing.
func TestCopy(t *testing.T) {
	t.Parallel()
	for _, from := range backends {
		for _, to := range backends {
			t.Run(from.name+"-to-"+to.name, func(t *testing.T) {
				ctx := context.Background()
				src := from.open(t)
				seedForCopy(t, src)
				dst := to.open(t)
				rep, err := Copy(ctx, src, dst, false)
				if err != nil {
					t.Fatal(err)
				}
				if rep.Replayed != 2 || rep.Copied["actions"] == 0 || rep.Copied["actions"] != rep.Source["actions"] {
					t.Errorf("report %+v", rep)
				}
				same := func(what string, get func(s *DB) (any, error)) {
					t.Helper()
					a, err1 := get(src)
					b, err2 := get(dst)
					if err1 != nil || err2 != nil || !reflect.DeepEqual(a, b) {
						t.Errorf("%s: source %+v (%v), copy %+v (%v)", what, a, err1, b, err2)
					}
				}
				same("leaderboard", func(s *DB) (any, error) { return s.Leaderboard(ctx, "g1", league.Overall, 10, 0) })
				same("standings", func(s *DB) (any, error) { return s.Standings(ctx, "g1", 1, 10, 0) })
				same("seasons", func(s *DB) (any, error) { return s.Seasons(ctx, "g1") })
				same("result", func(s *DB) (any, error) { return s.GameResult(ctx, 2) })
				same("hands", func(s *DB) (any, error) { return s.Hands(ctx, 1) })
				same("active games", func(s *DB) (any, error) { return s.LoadActiveGames(ctx) })
				same("settings", func(s *DB) (any, error) { return s.Settings(ctx, "g1") })
				same("notify", func(s *DB) (any, error) { return s.Notify(ctx, "ana") })
				same("cards preference", func(s *DB) (any, error) { return s.CardsPreference(ctx, "ana") })
				same("rating history", func(s *DB) (any, error) { return s.RatingHistory(ctx, "g1", league.Overall, "ana") })
				same("player stats", func(s *DB) (any, error) { return s.PlayerStats(ctx, "g1", "ben") })

				// The copy goes on: its unfinished game takes actions, new games get new ids.
				id, err := dst.CreateGame(ctx, newGame("racehorse", nil, 1, humans(4)))
				if err != nil || id != 6 {
					t.Errorf("a new game in the copy: id %d, %v; want 6", id, err)
				}
				if _, err := Copy(ctx, src, dst, false); !errors.Is(err, ErrTargetNotEmpty) {
					t.Errorf("copy into a non-empty database: %v, want ErrTargetNotEmpty", err)
				}
				rep, err = Copy(ctx, src, dst, true)
				if err != nil {
					t.Fatal(err)
				}
				for table, n := range rep.Copied {
					if n != 0 {
						t.Errorf("a second copy (merge) wrote %d rows of %s", n, table)
					}
				}
			})
		}
	}
}

// TestCopyMergeRefusesDifferentGame merges into a target whose game 1 differs from the
// source's game 1 only in its seed: the merge is refused, naming the game and the column,
// and writes nothing, not even the rows it could have added; once the game is the same on
// both sides, the merge adds the missing rows, and a second merge adds nothing.
func TestCopyMergeRefusesDifferentGame(t *testing.T) {
	t.Parallel()
	for _, from := range backends {
		for _, to := range backends {
			t.Run(from.name+"-to-"+to.name, func(t *testing.T) {
				ctx := context.Background()
				src := from.open(t)
				seedForCopy(t, src)
				dst := to.open(t)
				if _, err := Copy(ctx, src, dst, false); err != nil {
					t.Fatal(err)
				}
				exec := func(q string) {
					t.Helper()
					if _, err := dst.w.ExecContext(ctx, dst.d.rebind(q)); err != nil {
						t.Fatal(err)
					}
				}
				// A row the merge would add, and game 1 made another game.
				exec("DELETE FROM player_prefs")
				exec("UPDATE games SET seed = seed + 1 WHERE id = 1")
				before, err := dst.counts(ctx)
				if err != nil {
					t.Fatal(err)
				}
				_, err = Copy(ctx, src, dst, true)
				if !errors.Is(err, ErrConflict) || !strings.Contains(err.Error(), "game 1 ") ||
					!strings.Contains(err.Error(), "seed") {
					t.Fatalf("merge with a different game 1: %v; want ErrConflict naming game 1 and its seed", err)
				}
				after, err := dst.counts(ctx)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(before, after) {
					t.Errorf("the refused merge wrote rows: before %v, after %v", before, after)
				}

				exec("UPDATE games SET seed = seed - 1 WHERE id = 1")
				rep, err := Copy(ctx, src, dst, true)
				if err != nil {
					t.Fatalf("merge with the same games: %v", err)
				}
				for _, table := range copyTables {
					want := int64(0)
					if table == "player_prefs" {
						want = 1
					}
					if rep.Copied[table] != want {
						t.Errorf("merge copied %d rows of %s, want %d", rep.Copied[table], table, want)
					}
				}
				if on, err := dst.Notify(ctx, "ana"); err != nil || !on {
					t.Errorf("after the merge, ana's notify = %v, %v; want true", on, err)
				}
				rep, err = Copy(ctx, src, dst, true)
				if err != nil {
					t.Fatalf("second merge: %v", err)
				}
				for table, n := range rep.Copied {
					if n != 0 {
						t.Errorf("a second merge wrote %d rows of %s", n, table)
					}
				}
			})
		}
	}
}

// TestCopyMergeRefusesForeignIDs merges into targets that hold their own game 1 or season 1
// (another server's, as when merging two bots' databases): the merge is refused, naming the
// game or season, and the target is left as it was.
func TestCopyMergeRefusesForeignIDs(t *testing.T) {
	t.Parallel()
	forEachBackend(t, func(t *testing.T, db backend) {
		ctx := context.Background()
		src := sqliteBackend.open(t)
		seedForCopy(t, src)

		dst := db.open(t)
		other := newGame("classic", nil, 99, humans(4))
		other.GuildID, other.ChannelID = "g9", "c9"
		id, err := dst.CreateGame(ctx, other)
		if err != nil || id != 1 {
			t.Fatalf("the target's game: id %d, %v", id, err)
		}
		_, err = Copy(ctx, src, dst, true)
		if !errors.Is(err, ErrConflict) || !strings.Contains(err.Error(), "game 1 ") ||
			!strings.Contains(err.Error(), "guild_id") {
			t.Fatalf("merge over another server's game 1: %v; want ErrConflict naming game 1", err)
		}
		g, err := dst.GetGame(ctx, 1)
		if err != nil || g.GuildID != "g9" || g.Preset != "classic" || g.Status != table.StatusLobby {
			t.Errorf("the target's game 1 changed: %+v, %v", g, err)
		}
		if n, err := dst.counts(ctx); err != nil || n["games"] != 1 || n["actions"] != 0 || n["hands"] != 0 {
			t.Errorf("the refused merge wrote rows: %v, %v", n, err)
		}

		dst = db.open(t)
		if _, err := dst.StartSeason(ctx, "g9", "Spring", "c9", t0, time.Time{}); err != nil {
			t.Fatal(err)
		}
		_, err = Copy(ctx, src, dst, true)
		if !errors.Is(err, ErrConflict) || !strings.Contains(err.Error(), "season 1 ") {
			t.Fatalf("merge over another server's season 1: %v; want ErrConflict naming season 1", err)
		}
		if n, err := dst.counts(ctx); err != nil || n["games"] != 0 || n["seasons"] != 1 {
			t.Errorf("the refused merge wrote rows: %v, %v", n, err)
		}
	})
}
