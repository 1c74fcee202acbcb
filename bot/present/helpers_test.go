package present

import "github.com/pinochle-discord/pinochle/engine"

func ptr[T any](v T) *T { return &v }

// waitingSeat returns a seat the game waits for (the first, when several may act).
func waitingSeat(g *engine.Game) int {
	for s := range g.Rules().Players {
		if g.Waiting(s) {
			return s
		}
	}
	return g.Turn()
}
