package computer

import (
	"fmt"
	"strings"

	"github.com/pinochle-discord/pinochle/engine"
)

// The levels of computer player, weakest first.
var levels = []string{"random", "baseline", "easy", "normal", "expert"}

// Levels returns the names New accepts, weakest first.
func Levels() []string { return append([]string(nil), levels...) }

// UnknownLevelError reports a level New does not know.
type UnknownLevelError struct {
	Level string
}

func (e *UnknownLevelError) Error() string {
	return fmt.Sprintf("unknown computer level %q: choose one of %s", e.Level, strings.Join(levels, ", "))
}

// OptionError reports an option New was given that the level does not take, such as
// WithBudget for a level that does not search.
type OptionError struct {
	Level  string
	Option string
}

func (e *OptionError) Error() string {
	return fmt.Sprintf("computer level %q does not take the option %s", e.Level, e.Option)
}

// An Option changes the player New makes.
type Option func(*options)

type options struct {
	budget    Budget
	hasBudget bool
}

// WithBudget makes a searching player ("normal" or "expert") search with budget b instead
// of its level's. New refuses it for the other levels with an *OptionError.
func WithBudget(b Budget) Option {
	return func(o *options) { o.budget, o.hasBudget = b, true }
}

// New returns a computer player of the named level drawing from seed: "random" takes
// random legal actions; "baseline" and "easy" play by simple rules (Baseline); "normal"
// and "expert" search sampled deals (Expert), normal with a smaller budget. The players
// kept only to measure these against are made by the duel package, with NewExpert and
// NewISMCTS.
//
// A level New does not know gives an *UnknownLevelError; an option the level does not take
// gives an *OptionError.
func New(level string, seed uint64, opts ...Option) (Player, error) {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	budget := func(b Budget) Budget {
		if o.hasBudget {
			return o.budget
		}
		return b
	}
	switch level {
	case "random", "baseline", "easy":
		if o.hasBudget {
			return nil, &OptionError{Level: level, Option: "WithBudget"}
		}
		if level == "random" {
			return newRandom(seed), nil
		}
		return newBaseline(seed), nil
	case "normal":
		return newExpert(budget(normalBudget), seed), nil
	case "expert":
		return newExpert(budget(expertBudget), seed), nil
	}
	return nil, &UnknownLevelError{Level: level}
}

// Hinter is a player that can say why it chooses what it does.
type Hinter interface {
	Player
	// Hint returns the action the player would take for the view's seat and one line
	// saying why.
	Hint(v engine.View) (engine.Action, string)
}

var (
	_ Hinter = (*Expert)(nil)
	_ Hinter = (*ISMCTS)(nil)
)
