// Package computer holds the engine's computer players: a random player that takes
// uniformly random legal actions, and a baseline player that plays sensibly.
//
// A player chooses from what its seat may know, by type: it is handed the seat's
// engine.View (its own hand, the public table and the public history of the hand, its own
// passes), never the game itself.
package computer

import (
	"context"

	"github.com/pinochle-discord/pinochle/engine"
)

// Player chooses an action for a seat that is expected to act.
type Player interface {
	// Choose returns a legal action for the view's seat; v is Game.View of that seat.
	Choose(v engine.View) engine.Action
}

// A Searcher is a Player that searches long enough for its caller to want to stop it: a
// table that ends or moves on while a computer player thinks for it.
type Searcher interface {
	Player
	// ChooseContext is Choose, given up part way once ctx is done, with ctx's cause as
	// the error.
	ChooseContext(ctx context.Context, v engine.View) (engine.Action, error)
}
