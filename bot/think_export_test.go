package bot

import (
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
)

// Hooks into the computer players' searches for the tests of package bot_test.

// SetDecide makes f stand in for the decision of every computer player that searches (the
// normal and expert levels), run where the search runs: off the table's writer, holding a
// place in the pool.
func SetDecide(b *Bot, f func(p computer.Player, v engine.View) engine.Action) {
	d := decideFunc(f)
	b.decide.Store(&d)
}

// SearchPool returns how many searches may run at once.
func SearchPool(b *Bot) int { return b.tables.Searches() }
