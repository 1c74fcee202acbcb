package storage

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"
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
		playFinished(t, s, "g1", eg, []Seat{ana, ben, cy, dee}, t0.Add(time.Duration(i+1)*time.Hour))
	}
	long := mustRules(t, "partnership", nil)
	eg := playOut(t, long, 77, 40)
	g := startGame(t, s, newGame("partnership", nil, 77, []Seat{ana, ben, cy, dee}))
	saveLog(t, s, g.ID, eg, t0.Add(5*time.Hour))
	lobby := newGame("classic", map[string]string{"target": "500"}, 5, humans(4))
	if _, err := s.CreateGame(ctx, lobby); err != nil {
		t.Fatal(err)
	}
	st := DefaultSettings()
	st.DefaultPreset, st.ComputerGamesCount, st.Channels = "classic", true, []string{"c1", "c2"}
	if err := s.UpdateSettings(ctx, "g1", st, t0); err != nil {
		t.Fatal(err)
	}
	if err := s.SetNotify(ctx, "ana", true, t0); err != nil {
		t.Fatal(err)
	}
}

// TestCopy copies a database to each backend and back: everything the bot reads is the same
// in the copy, new games get new ids, a second copy is refused, and a merge copies nothing.
func TestCopy(t *testing.T) {
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
				same("leaderboard", func(s *DB) (any, error) { return s.Leaderboard(ctx, "g1", Overall, 10, 0) })
				same("standings", func(s *DB) (any, error) { return s.Standings(ctx, "g1", 1, 10, 0) })
				same("seasons", func(s *DB) (any, error) { return s.Seasons(ctx, "g1") })
				same("result", func(s *DB) (any, error) { return s.GameResult(ctx, 2) })
				same("hands", func(s *DB) (any, error) { return s.Hands(ctx, 1) })
				same("active games", func(s *DB) (any, error) { return s.LoadActiveGames(ctx) })
				same("settings", func(s *DB) (any, error) { return s.Settings(ctx, "g1") })
				same("notify", func(s *DB) (any, error) { return s.Notify(ctx, "ana") })
				same("rating history", func(s *DB) (any, error) { return s.RatingHistory(ctx, "g1", Overall, "ana") })
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
