package storage

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/table"
)

// benchLog returns a long legal log to save: the actions of a ten-hand racehorse game.
func benchLog(b *testing.B) []engine.Action {
	b.Helper()
	return playOut(b, mustRules(b, "racehorse", map[string]string{"hands": "10"}), 42, 0).Log()
}

// appender saves a log to a succession of games, starting a new game when the log runs out.
type appender struct {
	s   *DB
	log []engine.Action
	id  int64
	seq int
}

func (a *appender) next(b *testing.B, ctx context.Context, at time.Time) (int64, int, engine.Action) {
	if a.id == 0 || a.seq == len(a.log) {
		b.StopTimer()
		a.id, a.seq = startGame(b, a.s, newGame("racehorse", map[string]string{"hands": "10"}, 42, humans(4))).ID, 0
		b.StartTimer()
	}
	a.seq++
	return a.id, a.seq - 1, a.log[a.seq-1]
}

// BenchmarkSaveAction measures one durable SaveAction at a time: on SQLite with
// synchronous=FULL (what Open uses) and NORMAL for comparison, and on PostgreSQL (when
// PINOCHLE_TEST_DATABASE_URL is set); on SQLite FULL and PostgreSQL also fenced by a lease,
// as the bot saves. It reports the median and the 99th percentile.
func BenchmarkSaveAction(b *testing.B) {
	log := benchLog(b)
	ctx := context.Background()
	for _, sync := range []string{"FULL", "NORMAL"} {
		b.Run("sqlite-"+sync, func(b *testing.B) {
			s, err := open(ctx, filepath.Join(b.TempDir(), "bench.db"), sync)
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			benchSaveOneAtATime(b, s, s, log)
		})
	}
	b.Run("sqlite-FULL-fenced", func(b *testing.B) {
		s, err := open(ctx, filepath.Join(b.TempDir(), "bench.db"), "FULL")
		if err != nil {
			b.Fatal(err)
		}
		defer s.Close()
		benchSaveOneAtATime(b, s, benchFence(b, s), log)
	})
	b.Run("postgres", func(b *testing.B) {
		s := postgresBackend.open(b)
		benchSaveOneAtATime(b, s, s, log)
	})
	b.Run("postgres-fenced", func(b *testing.B) {
		s := postgresBackend.open(b)
		benchSaveOneAtATime(b, s, benchFence(b, s), log)
	})
}

// benchFence returns the store's writes fenced by a lease on shard 0 of 1 that holds
// throughout the benchmark.
func benchFence(b *testing.B, s *DB) Writer {
	b.Helper()
	l, err := s.AcquireShards(context.Background(), "bench", Shards{Count: 1, IDs: []int{0}}, t0, time.Hour)
	if err != nil {
		b.Fatal(err)
	}
	return s.Fenced(l, func() time.Time { return t0 })
}

// benchSaveOneAtATime saves through w the actions of games it creates on s.
func benchSaveOneAtATime(b *testing.B, s *DB, w Writer, log []engine.Action) {
	ctx := context.Background()
	ap := &appender{s: s, log: log}
	times := make([]time.Duration, 0, b.N)
	at := t0
	for b.Loop() {
		id, seq, a := ap.next(b, ctx, at)
		start := time.Now()
		if err := w.SaveAction(ctx, id, seq, a.Seat, a, at); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(start))
		at = at.Add(time.Second)
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(times[len(times)*99/100].Microseconds()), "p99-µs")
}

// BenchmarkSaveActionConcurrent100Games measures durable saves from 100 goroutines, each
// playing its own game, and reports actions per second across them.
func BenchmarkSaveActionConcurrent100Games(b *testing.B) {
	forEachBackendB(b, benchSaveActionConcurrent100Games)
}

func benchSaveActionConcurrent100Games(b *testing.B, db backend) {
	const games = 100
	log := benchLog(b)
	s := db.open(b)
	ctx := context.Background()
	ids := make([]int64, games)
	for i := range ids {
		ids[i] = startGame(b, s, newGame("racehorse", map[string]string{"hands": "10"}, 42, humans(4))).ID
	}
	seqs := make([]int, games)
	b.ResetTimer()
	start := time.Now()
	var wg sync.WaitGroup
	errs := make(chan error, games)
	for g := range games {
		n := b.N / games
		if g < b.N%games {
			n++
		}
		wg.Go(func() {
			for range n {
				seq := seqs[g]
				if seq == len(log) {
					// The log ran out (a long run): the goroutine starts a new game, whose
					// two writes count against it.
					ng := newGame("racehorse", map[string]string{"hands": "10"}, 42, humans(4))
					id, err := s.CreateGame(ctx, ng)
					if err == nil {
						ng.ID, ng.Status = id, table.StatusPlaying
						err = s.UpdateGame(ctx, ng)
					}
					if err != nil {
						errs <- fmt.Errorf("game %d: %w", g, err)
						return
					}
					ids[g], seqs[g], seq = id, 0, 0
				}
				a := log[seq]
				if err := s.SaveAction(ctx, ids[g], seq, a.Seat, a, t0); err != nil {
					errs <- err
					return
				}
				seqs[g]++
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	close(errs)
	for err := range errs {
		b.Fatal(err)
	}
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "actions/s")
}

// seedActiveGames writes n active games with realistic logs (every preset, cut at every
// point of a ten-hand game, about 300 actions on average) in one transaction.
func seedActiveGames(b *testing.B, s *DB, n int) int {
	b.Helper()
	ctx := context.Background()
	presets := engine.PresetNames()
	total := 0
	err := s.write(ctx, nil, func(tx *sql.Tx) error {
		full := make(map[string]*engine.Game)
		for i := range n {
			p := presets[i%len(presets)]
			opts := map[string]string{"hands": "10"}
			rules := mustRules(b, p, opts)
			if full[p] == nil {
				full[p] = playOut(b, rules, uint64(i), 0)
			}
			log := full[p].Log()
			cut := (i * 7919) % (len(log) + 1)
			g := newGame(p, opts, uint64(i%len(presets)), humans(rules.Players))
			g.Status = table.StatusPlaying
			js, _ := encodeOptions(opts)
			var id int64
			err := in(ctx, tx, s.wr.insertGame).QueryRowContext(ctx, g.GuildID, g.ChannelID, "", g.HostID, p, js,
				int64(g.Seed), string(g.Status), ms(t0), ms(t0), nil, 0, table.PolicyComputer, 0, 0, nil, 0, "{}").Scan(&id)
			if err != nil {
				return err
			}
			if err := s.writeSeatsAndMessages(ctx, tx, id, &g); err != nil {
				return err
			}
			ins := in(ctx, tx, s.wr.insertAction)
			for seq, a := range log[:cut] {
				aj, _ := json.Marshal(a)
				if _, err := ins.ExecContext(ctx, id, seq, a.Seat, string(aj), ms(t0)); err != nil {
					return err
				}
			}
			total += cut
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return total
}

// BenchmarkLoadActiveGames1000 measures a restart: loading 1,000 active games and replaying
// every log through the engine.
func BenchmarkLoadActiveGames1000(b *testing.B) { forEachBackendB(b, benchLoadActiveGames1000) }

func benchLoadActiveGames1000(b *testing.B, db backend) {
	s := db.open(b)
	total := seedActiveGames(b, s, 1000)
	ctx := context.Background()
	for b.Loop() {
		active, err := s.LoadActiveGames(ctx)
		if err != nil {
			b.Fatal(err)
		}
		if len(active) != 1000 {
			b.Fatalf("%d games", len(active))
		}
		for i := range active {
			if _, err := active[i].Replay(); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(total)/1000, "actions/game")
}

// seedRecords writes n players' records in a guild, overall and for one season.
func seedRecords(b *testing.B, s *DB, guild string, season int64, n int) {
	b.Helper()
	ctx := context.Background()
	err := s.write(ctx, nil, func(tx *sql.Tx) error {
		up := in(ctx, tx, s.wr.upsertRecord)
		for i := range n {
			r := league.Rating{Mu: 10 + float64(i%4000)/100, Sigma: 1 + float64(i%700)/100}
			for _, sc := range []int64{league.Overall, season} {
				if _, err := up.ExecContext(ctx, guild, sc, fmt.Sprintf("user%05d", i), fmt.Sprintf("Player %d", i),
					i%2, 1-i%2, 0, 12, 3, 2, 1, 3000, 800, 500, 400, r.Mu, r.Sigma, r.Display(), ms(t0)); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
}

// BenchmarkLeaderboard10000 measures the first page of a guild's leaderboard among 10,000
// players (and other guilds' players besides).
func BenchmarkLeaderboard10000(b *testing.B) { forEachBackendB(b, benchLeaderboard10000) }

func benchLeaderboard10000(b *testing.B, db backend) {
	s := db.open(b)
	ctx := context.Background()
	for i, g := range []string{"g1", "g2"} {
		se, err := s.StartSeason(ctx, g, "Spring", "c1", t0, time.Time{})
		if err != nil {
			b.Fatal(err)
		}
		seedRecords(b, s, g, se.ID, 10000/(i+1))
	}
	for _, offset := range []int{0, 9990} {
		b.Run(fmt.Sprintf("offset%d", offset), func(b *testing.B) {
			for b.Loop() {
				recs, err := s.Leaderboard(ctx, "g1", league.Overall, 10, offset)
				if err != nil {
					b.Fatal(err)
				}
				if len(recs) != 10 {
					b.Fatalf("%d records", len(recs))
				}
			}
		})
	}
	b.Run("stats", func(b *testing.B) {
		for b.Loop() {
			if _, err := s.PlayerStats(ctx, "g1", "user05000"); err != nil {
				b.Fatal(err)
			}
		}
	})
}
