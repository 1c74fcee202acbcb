package computer

import (
	"errors"
	"reflect"
	"slices"
	"testing"
)

// TestNew checks the one way to make a player: every level makes a player
// of its type with its budget, an unknown level is an *UnknownLevelError, WithBudget sets
// a searching level's budget and is refused with an *OptionError by the others.
func TestNew(t *testing.T) {
	custom := expertBudget
	custom.PlaySamples, custom.AuctionSamples, custom.Risk = 3, 5, 0.25

	// budgetOf returns the budget of a searching player, and false for the others.
	budgetOf := func(p Player) (Budget, bool) {
		switch p := p.(type) {
		case *Expert:
			return p.budget, true
		case *ISMCTS:
			return p.budget, true
		}
		return Budget{}, false
	}

	for _, tc := range []struct {
		name    string
		level   string
		opts    []Option
		want    reflect.Type // nil: an error is expected
		budget  Budget       // a searching player's budget
		unknown bool         // the error is an *UnknownLevelError
		option  bool         // the error is an *OptionError
	}{
		{name: "random", level: "random", want: reflect.TypeFor[*Random]()},
		{name: "baseline", level: "baseline", want: reflect.TypeFor[*Baseline]()},
		{name: "easy", level: "easy", want: reflect.TypeFor[*Baseline]()},
		{name: "normal", level: "normal", want: reflect.TypeFor[*Expert](), budget: normalBudget},
		{name: "expert", level: "expert", want: reflect.TypeFor[*Expert](), budget: expertBudget},
		{name: "duel-only ismcts", level: "ismcts", unknown: true},
		{name: "duel-only expert-v1", level: "expert-v1", unknown: true},
		{name: "duel-only normal-v1", level: "normal-v1", unknown: true},
		{name: "expert with budget", level: "expert", opts: []Option{WithBudget(custom)},
			want: reflect.TypeFor[*Expert](), budget: custom},
		{name: "normal with budget", level: "normal", opts: []Option{WithBudget(custom)},
			want: reflect.TypeFor[*Expert](), budget: custom},
		{name: "last budget wins", level: "expert", opts: []Option{WithBudget(normalBudget), WithBudget(custom)},
			want: reflect.TypeFor[*Expert](), budget: custom},
		{name: "random with budget", level: "random", opts: []Option{WithBudget(custom)}, option: true},
		{name: "baseline with budget", level: "baseline", opts: []Option{WithBudget(custom)}, option: true},
		{name: "easy with budget", level: "easy", opts: []Option{WithBudget(custom)}, option: true},
		{name: "unknown", level: "grandmaster", unknown: true},
		{name: "empty", level: "", unknown: true},
		{name: "unknown with budget", level: "Expert", opts: []Option{WithBudget(custom)}, unknown: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := New(tc.level, 1, tc.opts...)
			if tc.want == nil {
				if p != nil || err == nil {
					t.Fatalf("New(%q) = %T, %v; want an error", tc.level, p, err)
				}
				var ul *UnknownLevelError
				if errors.As(err, &ul) != tc.unknown || (tc.unknown && ul.Level != tc.level) {
					t.Errorf("New(%q): %v (%T); UnknownLevelError wanted: %v", tc.level, err, err, tc.unknown)
				}
				var oe *OptionError
				if errors.As(err, &oe) != tc.option || (tc.option && (oe.Level != tc.level || oe.Option != "WithBudget")) {
					t.Errorf("New(%q): %v (%T); OptionError wanted: %v", tc.level, err, err, tc.option)
				}
				if err.Error() == "" {
					t.Error("empty error message")
				}
				return
			}
			if err != nil {
				t.Fatalf("New(%q): %v", tc.level, err)
			}
			if got := reflect.TypeOf(p); got != tc.want {
				t.Fatalf("New(%q) is a %v, want a %v", tc.level, got, tc.want)
			}
			b, searching := budgetOf(p)
			if searching && b != tc.budget {
				t.Errorf("New(%q) searches with %+v, want %+v", tc.level, b, tc.budget)
			}
		})
	}
}

// TestNewLevelsListed checks that every level a table offers is one New makes, and that
// the duel's own levels are not offered.
func TestNewLevelsListed(t *testing.T) {
	for _, l := range Levels() {
		if _, err := New(l, 1); err != nil {
			t.Errorf("New(%q): %v", l, err)
		}
	}
	for _, l := range []string{"ismcts", "expert-v1", "normal-v1"} {
		if slices.Contains(Levels(), l) {
			t.Errorf("Levels offers %q", l)
		}
	}
}

// TestNormalBounds: the normal level bounds its raises and spares a trick.
func TestNormalBounds(t *testing.T) {
	if b := normalBudget; !b.BoundRaises || !b.SpareTrick {
		t.Errorf("the normal level does not bound its raises or spare a trick: %+v", b)
	}
}
