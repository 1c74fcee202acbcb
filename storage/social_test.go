package storage

import (
	"context"
	"database/sql"
	"errors"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/table"
)

// finishGame plays a game of preset with seats to its end in s, finishing at at.
func finishGame(t *testing.T, s *DB, preset string, seed uint64, seats []table.Seat, at time.Time) int64 {
	t.Helper()
	opts := map[string]string{"hands": "1"}
	g := startGame(t, s, newGame(preset, opts, seed, seats))
	eg := playOut(t, mustRules(t, preset, opts), seed, 0)
	saveLog(t, s, g.ID, eg, at.Add(-time.Hour))
	if _, err := s.EndGame(context.Background(), g.ID, at, league.Finish); err != nil {
		t.Fatal(err)
	}
	return g.ID
}

// board returns a guild's whole ranking of a season.
func board(t *testing.T, s *DB, season int64) []league.Record {
	t.Helper()
	recs, err := s.Leaderboard(context.Background(), "g1", season, 100, 0)
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

func TestPlayAgain(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testPlayAgain)
}

func testPlayAgain(t *testing.T, b backend) {
	s := b.open(t)
	ctx := context.Background()
	id := finishGame(t, s, "two-handed", 3, humans(2), t0)
	for _, c := range []struct {
		user  string
		added bool
		err   error
	}{{"u1", true, nil}, {"u1", false, nil}, {"u9", false, ErrInvalid}, {"u2", true, nil}} {
		added, err := s.AskPlayAgain(ctx, id, c.user, t0.Add(time.Minute))
		if added != c.added || !errors.Is(err, c.err) {
			t.Errorf("AskPlayAgain(%s) = %v, %v; want %v, %v", c.user, added, err, c.added, c.err)
		}
	}
	ready, next, err := s.PlayAgain(ctx, id)
	if err != nil || !slices.Equal(ready, []string{"u1", "u2"}) || next != 0 {
		t.Errorf("PlayAgain = %v, %d, %v", ready, next, err)
	}
	playing := startGame(t, s, newGame("two-handed", nil, 4, humans(2)))
	if _, err := s.AskPlayAgain(ctx, playing.ID, "u1", t0); !errors.Is(err, ErrNotPlaying) {
		t.Errorf("play again after a game in play: %v", err)
	}
	// One claim at a time; a stale one is taken over; the next game is recorded once.
	if err := s.ClaimNextGame(ctx, id, t0, time.Minute); err != nil {
		t.Fatal(err)
	}
	if err := s.ClaimNextGame(ctx, id, t0.Add(30*time.Second), time.Minute); !errors.Is(err, ErrConflict) {
		t.Errorf("a second claim: %v", err)
	}
	if err := s.ReleaseNextGame(ctx, id); err != nil {
		t.Fatal(err)
	}
	if err := s.ClaimNextGame(ctx, id, t0.Add(40*time.Second), time.Minute); err != nil {
		t.Errorf("a claim after a release: %v", err)
	}
	if err := s.ClaimNextGame(ctx, id, t0.Add(2*time.Minute), time.Minute); err != nil {
		t.Errorf("taking over a stale claim: %v", err)
	}
	if err := s.SetNextGame(ctx, id, playing.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.SetNextGame(ctx, id, playing.ID+1); !errors.Is(err, ErrConflict) {
		t.Errorf("a second next game: %v", err)
	}
	if err := s.ClaimNextGame(ctx, id, t0.Add(time.Hour), time.Minute); !errors.Is(err, ErrConflict) {
		t.Errorf("a claim once the next game is open: %v", err)
	}
	if _, next, _ := s.PlayAgain(ctx, id); next != playing.ID {
		t.Errorf("next game %d, want %d", next, playing.ID)
	}
}

func TestCalls(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testCalls)
}

func testCalls(t *testing.T, b backend) {
	s := b.open(t)
	ctx := context.Background()
	for _, c := range []struct {
		guild, user string
		on, changed bool
	}{{"g1", "a", true, true}, {"g1", "a", true, false}, {"g1", "b", true, true}, {"g1", "c", true, true},
		{"g1", "d", true, true}, {"g1", "d", false, true}, {"g1", "d", false, false}, {"g2", "e", true, true}} {
		changed, err := s.SetCalls(ctx, c.guild, c.user, c.on, t0)
		if err != nil || changed != c.changed {
			t.Errorf("SetCalls(%s, %s, %v) = %v, %v; want %v", c.guild, c.user, c.on, changed, err, c.changed)
		}
	}
	if on, err := s.Calls(ctx, "g1", "a"); !on || err != nil {
		t.Errorf("a asked to be called: %v, %v", on, err)
	}
	if on, _ := s.Calls(ctx, "g1", "d"); on {
		t.Error("d, who took it back, is to be called")
	}
	got, err := s.CallPlayers(ctx, "g1", []string{"b"}, 5, t0, time.Hour)
	if err != nil || !slices.Equal(got, []string{"a", "c"}) {
		t.Errorf("first call: %v, %v; want a and c (b skipped, d out, e another guild's)", got, err)
	}
	if got, _ := s.CallPlayers(ctx, "g1", nil, 5, t0.Add(59*time.Minute), time.Hour); !slices.Equal(got, []string{"b"}) {
		t.Errorf("within the hour: %v, want b alone", got)
	}
	got, _ = s.CallPlayers(ctx, "g1", nil, 1, t0.Add(time.Hour), time.Hour)
	if !slices.Equal(got, []string{"a"}) {
		t.Errorf("an hour later, one at most: %v, want a (called longest ago, first to opt in)", got)
	}
	if called, err := s.CallMember(ctx, "g1", "c", t0.Add(time.Hour), time.Hour); !called || err != nil {
		t.Errorf("calling c an hour later: %v, %v", called, err)
	}
	if called, err := s.CallMember(ctx, "g1", "c", t0.Add(90*time.Minute), time.Hour); called || err != nil {
		t.Errorf("calling c again within the hour: %v, %v", called, err)
	}
	if _, err := s.CallMember(ctx, "g1", "d", t0.Add(2*time.Hour), time.Hour); !errors.Is(err, ErrNotFound) {
		t.Errorf("calling d, who took it back: %v", err)
	}
}

func TestAdminCorrections(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testAdminCorrections)
}

func testAdminCorrections(t *testing.T, b backend) {
	s := b.open(t)
	ctx := context.Background()
	season, err := s.StartSeason(ctx, "g1", "Spring", "c1", t0, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	seats := humans(4)
	left := humans(2)
	left[1].Away, left[1].Left = true, t0
	var ids []int64
	for i := range 5 {
		at := t0.Add(time.Duration(i+1) * time.Hour)
		if i == 2 {
			ids = append(ids, finishGame(t, s, "two-handed", uint64(20+i), left, at))
			continue
		}
		if i == 3 {
			ids = append(ids, finishGame(t, s, "three-handed", uint64(20+i), humans(3), at))
			continue
		}
		ids = append(ids, finishGame(t, s, "racehorse", uint64(20+i), seats, at))
	}
	overall, inSeason := board(t, s, league.Overall), board(t, s, season.ID)
	if len(overall) != 4 || len(inSeason) != 4 {
		t.Fatalf("%d players overall and %d in the season, want 4", len(overall), len(inSeason))
	}
	// A recount with nothing taken away gives the board as it was, to the bit.
	if err := s.write(ctx, nil, func(tx *sql.Tx) error { return s.recount(ctx, tx, "g1") }); err != nil {
		t.Fatal(err)
	}
	if got := board(t, s, league.Overall); !reflect.DeepEqual(got, overall) {
		t.Errorf("recounted board:\n got %+v\nwant %+v", got, overall)
	}
	st, _ := s.PlayerStats(ctx, "g1", "u2")
	if st.Overall.Left != 1 {
		t.Errorf("u2 left a game; the record says %d", st.Overall.Left)
	}

	// Excluding a member takes them off the board and its ranks, and not their record.
	if changed, err := s.SetExcluded(ctx, "g1", "u1", "admin", true, t0); !changed || err != nil {
		t.Fatalf("exclude: %v, %v", changed, err)
	}
	if changed, _ := s.SetExcluded(ctx, "g1", "u1", "admin", true, t0); changed {
		t.Error("excluding twice changed something")
	}
	got := board(t, s, league.Overall)
	if len(got) != 3 || slices.ContainsFunc(got, func(r league.Record) bool { return r.UserID == "u1" }) || got[0].Rank != 1 {
		t.Errorf("board without u1: %+v", got)
	}
	if ex, _ := s.Excluded(ctx, "g1"); !slices.Equal(ex, []string{"u1"}) {
		t.Errorf("excluded: %v", ex)
	}
	if _, err := s.PlayerStats(ctx, "g1", "u1"); err != nil {
		t.Errorf("the excluded member's record: %v", err)
	}
	if changed, _ := s.SetExcluded(ctx, "g1", "u1", "admin", false, t0); !changed {
		t.Error("taking u1 back changed nothing")
	}
	if got := board(t, s, league.Overall); !reflect.DeepEqual(got, overall) {
		t.Errorf("board with u1 back:\n got %+v\nwant %+v", got, overall)
	}

	// Voiding a game gives the board of the other games alone: compare with a database
	// where it was never played.
	if err := s.VoidGame(ctx, "g1", ids[1], "admin", t0.Add(10*time.Hour)); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		guild string
		id    int64
		err   error
	}{{"g1", ids[1], ErrConflict}, {"g2", ids[0], ErrNotFound}, {"g1", 999, ErrNotFound}} {
		if err := s.VoidGame(ctx, c.guild, c.id, "admin", t0); !errors.Is(err, c.err) {
			t.Errorf("void game %d in %s: %v, want %v", c.id, c.guild, err, c.err)
		}
	}
	if v, _ := s.Voided(ctx, ids[1]); !v {
		t.Error("the voided game is not void")
	}
	fresh := b.open(t)
	if _, err := fresh.StartSeason(ctx, "g1", "Spring", "c1", t0, time.Time{}); err != nil {
		t.Fatal(err)
	}
	for i := range 5 {
		at := t0.Add(time.Duration(i+1) * time.Hour)
		switch i {
		case 1:
		case 2:
			finishGame(t, fresh, "two-handed", uint64(20+i), left, at)
		case 3:
			finishGame(t, fresh, "three-handed", uint64(20+i), humans(3), at)
		default:
			finishGame(t, fresh, "racehorse", uint64(20+i), seats, at)
		}
	}
	for _, sc := range []int64{league.Overall, season.ID} {
		want, got := board(t, fresh, sc), board(t, s, sc)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("scope %d after the void:\n got %+v\nwant %+v", sc, got, want)
		}
	}
	h, err := s.RatingHistory(ctx, "g1", league.Overall, "u1")
	if err != nil || len(h) != 4 {
		t.Errorf("u1's history after the void: %d points, %v; want 4 (every game but the voided one)", len(h), err)
	}
	outings, err := s.Outings(ctx, "g1", "u2")
	if err != nil || len(outings) != 4 || !outings[1].Left || outings[1].Preset != "two-handed" {
		t.Errorf("u2's games: %+v, %v", outings, err)
	}
	times, active, err := s.GuildActivity(ctx, "g1", t0)
	if err != nil || len(times) != 4 || len(active) != 4 {
		t.Errorf("activity: %v, %+v, %v", times, active, err)
	}

	// Seasons: renamed, then reset.
	if err := s.RenameSeason(ctx, "g1", season.ID, "Summer"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.StartSeason(ctx, "g2", "Other", "c", t0, time.Time{}); err != nil {
		t.Fatal(err)
	}
	if err := s.RenameSeason(ctx, "g2", season.ID, "Stolen"); !errors.Is(err, ErrNotFound) {
		t.Errorf("renaming another guild's season: %v", err)
	}
	reset, err := s.ResetSeason(ctx, "g1", t0.Add(20*time.Hour))
	if err != nil || reset.ID != season.ID || reset.Name != "Summer" || !reset.Start.Equal(t0.Add(20*time.Hour)) {
		t.Fatalf("reset: %+v, %v", reset, err)
	}
	if got := board(t, s, season.ID); len(got) != 0 {
		t.Errorf("the reset season still ranks %d players", len(got))
	}
	if got := board(t, s, league.Overall); len(got) != 4 {
		t.Errorf("the reset took %d players off the overall board", 4-len(got))
	}
	if _, err := s.ResetSeason(ctx, "g2", t0.Add(-time.Hour)); !errors.Is(err, ErrNotFound) {
		t.Errorf("reset with no season running: %v", err)
	}
	if _, err := s.EndSeason(ctx, "g1", t0.Add(21*time.Hour)); err != nil {
		t.Fatal(err)
	}
	autumn, err := s.StartSeason(ctx, "g1", "Autumn", "c1", t0.Add(22*time.Hour), time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.RenameSeason(ctx, "g1", autumn.ID, "summer"); !errors.Is(err, ErrConflict) {
		t.Errorf("renaming to a taken name: %v", err)
	}

	// The leaderboard may be hidden, and the log says who did what.
	if changed, _ := s.SetBoardHidden(ctx, "g1", "admin", true, t0); !changed {
		t.Error("hiding changed nothing")
	}
	if hidden, _ := s.BoardHidden(ctx, "g1"); !hidden {
		t.Error("the board is not hidden")
	}
	for i, a := range []league.Correction{league.CorrectExclude, league.CorrectVoid} {
		if err := s.LogAdmin(ctx, league.LogEntry{GuildID: "g1", UserID: "admin", Action: a, Detail: "x", At: t0.Add(time.Duration(i) * time.Minute)}); err != nil {
			t.Fatal(err)
		}
	}
	log, err := s.AdminLog(ctx, "g1", 10)
	if err != nil || len(log) != 2 || log[0].Action != league.CorrectVoid || !log[1].At.Equal(t0) {
		t.Errorf("admin log: %+v, %v", log, err)
	}
	if _, err := s.AdminLog(ctx, "g1", 0); !errors.Is(err, ErrInvalid) {
		t.Errorf("a log of no lines: %v", err)
	}
}

// socialWrites are the writes of the loop around games, in an order that lets each go
// through under a lease that holds, once game (of guild g1, whose players are u1 to u4) has
// finished and a season runs in g1 from a minute past t0; s reads the season.
func socialWrites(ctx context.Context, s *DB, game int64) []namedWrite {
	return []namedWrite{
		{"AskPlayAgain", func(w Writer) error {
			_, err := w.AskPlayAgain(ctx, game, "u1", t0.Add(3*time.Minute))
			return err
		}},
		{"ClaimNextGame", func(w Writer) error { return w.ClaimNextGame(ctx, game, t0.Add(3*time.Minute), time.Minute) }},
		{"ReleaseNextGame", func(w Writer) error { return w.ReleaseNextGame(ctx, game) }},
		{"RecordOffer", func(w Writer) error { return w.RecordOffer(ctx, game, "m1", t0.Add(3*time.Minute)) }},
		{"SetNextGame", func(w Writer) error {
			if err := w.ClaimNextGame(ctx, game, t0.Add(3*time.Minute), time.Minute); err != nil {
				return err
			}
			return w.SetNextGame(ctx, game, game)
		}},
		{"SetCalls", func(w Writer) error {
			_, err := w.SetCalls(ctx, "g1", "u5", true, t0)
			return err
		}},
		{"CallPlayers", func(w Writer) error {
			_, err := w.CallPlayers(ctx, "g1", nil, 3, t0.Add(time.Hour), time.Hour)
			return err
		}},
		{"CallMember", func(w Writer) error {
			_, err := w.CallMember(ctx, "g1", "u5", t0.Add(3*time.Hour), time.Hour)
			return err
		}},
		{"SetExcluded", func(w Writer) error {
			_, err := w.SetExcluded(ctx, "g1", "u2", "admin", true, t0)
			return err
		}},
		{"SetBoardHidden", func(w Writer) error {
			_, err := w.SetBoardHidden(ctx, "g1", "admin", true, t0)
			return err
		}},
		{"VoidGame", func(w Writer) error { return w.VoidGame(ctx, "g1", game, "admin", t0.Add(4*time.Minute)) }},
		{"RenameSeason", func(w Writer) error {
			se, err := s.CurrentSeason(ctx, "g1", t0.Add(4*time.Minute))
			if err != nil {
				return err
			}
			return w.RenameSeason(ctx, "g1", se.ID, "Renamed")
		}},
		{"ResetSeason", func(w Writer) error {
			_, err := w.ResetSeason(ctx, "g1", t0.Add(5*time.Minute))
			return err
		}},
		{"LogAdmin", func(w Writer) error {
			return w.LogAdmin(ctx, league.LogEntry{GuildID: "g1", UserID: "admin", Action: league.CorrectVoid, Detail: "1", At: t0})
		}},
	}
}

// TestUnofferedGames: the games a Play again offer is still to be posted for are those
// finished since the time asked, with no offer recorded, not played again, not forfeited.
func TestUnofferedGames(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testUnofferedGames)
}

func testUnofferedGames(t *testing.T, b backend) {
	s := b.open(t)
	ctx := context.Background()
	since := t0.Add(-24 * time.Hour)
	want := finishGame(t, s, "two-handed", 3, humans(2), t0)
	finishGame(t, s, "two-handed", 5, humans(2), since.Add(-time.Minute)) // too old
	offered := finishGame(t, s, "two-handed", 6, humans(2), t0)
	if err := s.RecordOffer(ctx, offered, "m6", t0); err != nil {
		t.Fatal(err)
	}
	again := finishGame(t, s, "two-handed", 7, humans(2), t0)
	if err := s.ClaimNextGame(ctx, again, t0, time.Minute); err != nil {
		t.Fatal(err)
	}
	forfeited := startGame(t, s, newGame("two-handed", map[string]string{"hands": "1"}, 8, humans(2)))
	if _, err := s.EndGame(ctx, forfeited.ID, t0, league.Forfeit(0)); err != nil {
		t.Fatal(err)
	}
	startGame(t, s, newGame("two-handed", nil, 9, humans(2))) // in play
	ids := func() []int64 {
		t.Helper()
		gs, err := s.UnofferedGames(ctx, since)
		if err != nil {
			t.Fatal(err)
		}
		var out []int64
		for _, g := range gs {
			if g.Status != table.StatusFinished {
				t.Errorf("game %d is %s", g.ID, g.Status)
			}
			out = append(out, g.ID)
		}
		return out
	}
	if got := ids(); !slices.Equal(got, []int64{want}) {
		t.Fatalf("UnofferedGames = %v, want [%d]", got, want)
	}
	if err := s.RecordOffer(ctx, want, "", t0); err != nil { // needs none
		t.Fatal(err)
	}
	if err := s.RecordOffer(ctx, want, "m3", t0.Add(time.Minute)); err != nil { // recorded twice: the last stands
		t.Fatal(err)
	}
	if got := ids(); len(got) != 0 {
		t.Errorf("UnofferedGames after recording the offer = %v", got)
	}
}
