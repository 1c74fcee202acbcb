package duel

import (
	"math"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
)

func rules(tb testing.TB, preset string) engine.Rules {
	tb.Helper()
	r, err := engine.NewRules(preset, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

// TestSelfDuelIsZero: a player against itself on duplicate deals gives exactly zero, in
// every preset: each deal is played the same way twice with the teams swapped.
func TestSelfDuelIsZero(t *testing.T) {
	for _, preset := range engine.PresetNames() {
		for _, level := range []string{"random", "baseline", "normal"} {
			rep, err := Run(Config{Rules: rules(t, preset), A: level, B: level, Deals: 6, Seed: 3, SeedA: 9, SeedB: 9})
			if err != nil {
				t.Fatal(err)
			}
			for i, d := range rep.Diffs {
				if d != 0 {
					t.Fatalf("%s, %s against itself: deal %d differs by %v", preset, level, i, d)
				}
			}
			if rep.Mean != 0 || rep.Low != 0 || rep.High != 0 {
				t.Errorf("%s, %s: mean %v (%v to %v), want exactly 0", preset, level, rep.Mean, rep.Low, rep.High)
			}
			if rep.A.Hands != 12 || rep.B.Hands != 12 || rep.A.BidsWon != rep.B.BidsWon {
				t.Errorf("%s, %s: sides %+v and %+v", preset, level, rep.A, rep.B)
			}
		}
	}
}

// TestDuelSeesADifference: the harness tells a sensible player from a random one: the
// baseline beats random play with an interval above zero.
func TestDuelSeesADifference(t *testing.T) {
	rep, err := Run(Config{Rules: rules(t, "racehorse"), A: "baseline", B: "random", Deals: 60, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Low <= 0 {
		t.Errorf("baseline against random: %+.1f (%+.1f to %+.1f), want an interval above zero", rep.Mean, rep.Low, rep.High)
	}
	swapped, err := Run(Config{Rules: rules(t, "racehorse"), A: "random", B: "baseline", Deals: 60, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(swapped.Mean+rep.Mean) > 1e-9 {
		t.Errorf("swapping the sides gives %v, want %v", swapped.Mean, -rep.Mean)
	}
}

// TestMeanInterval checks the interval against figures worked by hand.
func TestMeanInterval(t *testing.T) {
	mean, low, high := meanInterval([]float64{1, 2, 3, 4})
	// sd = sqrt(5/3) = 1.29099, se = 0.645497, half = 1.26517
	if mean != 2.5 || math.Abs(low-1.23483) > 1e-4 || math.Abs(high-3.76517) > 1e-4 {
		t.Errorf("got %v (%v, %v)", mean, low, high)
	}
}

// TestRunRejects checks the config errors.
func TestRunRejects(t *testing.T) {
	if _, err := Run(Config{Rules: rules(t, "racehorse"), A: "expert", B: "baseline", Deals: 0}); err == nil {
		t.Error("zero deals accepted")
	}
	if _, err := Run(Config{Rules: rules(t, "racehorse"), A: "wizard", B: "baseline", Deals: 1}); err == nil {
		t.Error("unknown level accepted")
	}
}
