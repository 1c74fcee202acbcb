package table

import "github.com/pinochle-discord/pinochle/engine"

// Stamp is the step of a game a control was shown at.
type Stamp struct {
	// Hand is the hand number, or 0 for a control valid at any time.
	Hand int
	// Step is the log's length. With Hand at least 1, a Step of 0 is a real step: the
	// first action of the game.
	Step int
	// PassCards marks a control to pass cards: in six-handed passing, where a team passes
	// together, it stays current while only other seats pass.
	PassCards bool
}

// Current reports whether a control stamped s is still current for seat in g: its hand and
// step are the game's, or (see PassCards) only other seats' passes came since.
func (s Stamp) Current(g *engine.Game, seat int) bool {
	if s.Hand == 0 {
		return true
	}
	if s.Hand != g.HandNumber() {
		return false
	}
	if s.Step == g.LogLen() {
		return true
	}
	if !s.PassCards || s.Step > g.LogLen() || g.Phase() != engine.PhasePass ||
		g.Rules().PassStyle != engine.PassSixHanded || !g.Waiting(seat) {
		return false
	}
	for i := s.Step; i < g.LogLen(); i++ {
		if a, _ := g.LogAction(i); a.Kind != engine.ActPassCards || a.Seat == seat {
			return false
		}
	}
	return true
}
