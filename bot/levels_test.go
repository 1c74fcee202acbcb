package bot_test

import (
	"database/sql"
	"maps"
	"slices"
	"sync"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
	"github.com/pinochle-discord/pinochle/fakediscord"
	"github.com/pinochle-discord/pinochle/table"
)

// seatSearches stands in for the computer players' searches (harness.setDecide) and counts
// them by seat: the seats whose player searches are those at the normal or expert level.
// Each decision is the easy level's, at once.
type seatSearches struct {
	mu    sync.Mutex
	seats map[int]int
}

func (s *seatSearches) decide(_ computer.Player, v engine.View) engine.Action {
	s.mu.Lock()
	if s.seats == nil {
		s.seats = map[int]int{}
	}
	s.seats[v.Seat()]++
	s.mu.Unlock()
	p, err := computer.New(string(table.LevelEasy), uint64(v.Seat()))
	if err != nil {
		// decide runs on the bot's goroutines, where the test cannot be failed.
		panic(err)
	}
	return p.Choose(v)
}

// searched returns the seats that searched, in order.
func (s *seatSearches) searched() []int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Sorted(maps.Keys(s.seats))
}

// TestComputerSeatLevels: the bot seats computer players at the table's level and stores it
// with each seat; after a restart each plays at its seat's stored level, whatever the
// table's, and a seat the previous program stored as "baseline" plays at the table's level,
// as it did before the restart.
func TestComputerSeatLevels(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOptions{})
	h.setDecide((&seatSearches{}).decide)
	ana := h.user("ana")
	tb := h.withComputers(ana, fakediscord.Opt("level", "normal"), fakediscord.Opt("hands", 1),
		fakediscord.Opt("timer", "off"), fakediscord.Opt("autoplay", false))
	game := h.tableGame(tb)
	levels := func() []table.Level {
		t.Helper()
		meta, err := h.store.GetGame(h.ctx, game)
		if err != nil {
			t.Fatal(err)
		}
		var out []table.Level
		for _, s := range meta.Seats {
			out = append(out, s.Computer)
		}
		return out
	}
	if got, want := levels(), []table.Level{"", table.LevelNormal, table.LevelNormal, table.LevelNormal}; !slices.Equal(got, want) {
		t.Fatalf("seats stored at %q, want %q", got, want)
	}

	// Stop while the table waits for ana, so that no computer player moves as the bot
	// starts again; then make seat 2 easy, and seat 3 what the previous program stored.
	h.toAct(tb.thread, []fakediscord.User{ana})
	h.stop()
	db, err := sql.Open("sqlite3", h.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	for seat, stored := range map[int]string{1: "easy", 2: "baseline"} {
		if _, err := db.Exec("UPDATE game_seats SET computer = ? WHERE game_id = ? AND seat = ?", stored, game, seat); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	h.start(h.opts.postWindow)
	after := &seatSearches{}
	h.setDecide(after.decide)
	if got, want := levels(), []table.Level{"", table.LevelEasy, table.LevelNormal, table.LevelNormal}; !slices.Equal(got, want) {
		t.Fatalf("after the restart seats read as %q, want %q", got, want)
	}

	h.play(tb.thread, []fakediscord.User{ana}, 5000)
	h.waitThread(tb.thread, "Game over")
	// Counting from 0: seat 1, made easy, decides at once; seat 2, stored as "baseline",
	// searches at the table's level, as seat 3 does at its own.
	if got, want := after.searched(), []int{2, 3}; !slices.Equal(got, want) {
		t.Errorf("after the restart seats %v searched, want %v", got, want)
	}
}
