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

// New returns a computer player of the named level drawing from seed: "random" takes
// random legal actions; "baseline" and "easy" play by simple rules (Baseline); "normal"
// and "expert" search sampled deals (Expert), normal with a smaller budget. New also makes
// "ismcts", the expert with information-set MCTS card play (ISMCTS), kept to measure the
// expert's search against; it is not one of the Levels a table offers.
func New(level string, seed uint64) (Player, error) {
	switch level {
	case "random":
		return NewRandom(seed), nil
	case "baseline", "easy":
		return NewBaseline(seed), nil
	case "normal":
		return NewExpert(normalBudget, seed), nil
	case "expert":
		return NewExpert(expertBudget, seed), nil
	case "ismcts":
		return NewISMCTS(expertBudget, seed), nil
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
