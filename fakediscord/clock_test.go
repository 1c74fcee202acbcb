package fakediscord_test

import (
	"slices"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/fakediscord"
)

// TestManualClock: Advance makes the calls due on the way in the order they are due, each
// with the clock at its time, including calls arranged by other calls; a stopped call is
// never made; nothing moves without Advance.
func TestManualClock(t *testing.T) {
	t.Parallel()
	start := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	clk := fakediscord.NewManualClock(start)
	type call struct {
		name string
		at   time.Duration
	}
	var calls []call
	record := func(name string) func() {
		return func() { calls = append(calls, call{name, clk.Now().Sub(start)}) }
	}
	clk.AfterFunc(3*time.Second, record("c"))
	clk.AfterFunc(time.Second, record("a"))
	clk.AfterFunc(3*time.Second, record("d")) // due with c, arranged after it
	stopped := clk.AfterFunc(2*time.Second, record("never"))
	clk.AfterFunc(2*time.Second, func() {
		record("b")()
		clk.AfterFunc(500*time.Millisecond, record("b+")) // due on the way: made
		clk.AfterFunc(10*time.Second, record("late"))     // due after: pending
	})
	if !stopped.Stop() {
		t.Error("Stop of a pending call reported false")
	}
	if stopped.Stop() {
		t.Error("a second Stop reported true")
	}
	if clk.Now() != start || clk.Pending() != 4 {
		t.Fatalf("before Advance: now %v, %d pending; want the start and 4", clk.Now(), clk.Pending())
	}

	clk.Advance(999 * time.Millisecond)
	if len(calls) != 0 {
		t.Fatalf("calls before they were due: %v", calls)
	}
	clk.Advance(4*time.Second + time.Millisecond) // to 5s
	want := []call{{"a", time.Second}, {"b", 2 * time.Second}, {"b+", 2500 * time.Millisecond}, {"c", 3 * time.Second}, {"d", 3 * time.Second}}
	if !slices.Equal(calls, want) {
		t.Errorf("calls = %v, want %v", calls, want)
	}
	if got := clk.Now().Sub(start); got != 5*time.Second {
		t.Errorf("after Advance the clock is at %v, want 5s", got)
	}
	if clk.Pending() != 1 {
		t.Errorf("%d calls pending, want the one due at 12s", clk.Pending())
	}

	// A call due now is made by the next Advance, even of nothing; time never goes back.
	calls = nil
	clk.AfterFunc(0, record("now"))
	clk.Advance(-time.Hour)
	if !slices.Equal(calls, []call{{"now", 5 * time.Second}}) {
		t.Errorf("calls = %v, want one at 5s", calls)
	}
}
