package duel

import (
	"slices"
	"testing"

	"github.com/pinochle-discord/pinochle/engine/computer"
)

// TestNewPlayer: every level of the duel makes a player; the duel's own levels are not
// levels a table offers, and computer.New does not make them; an unknown level is refused.
func TestNewPlayer(t *testing.T) {
	for _, l := range Levels() {
		if p, err := NewPlayer(l, 1); err != nil || p == nil {
			t.Errorf("NewPlayer(%q) = %v, %v", l, p, err)
		}
	}
	for l := range duelOnly {
		if slices.Contains(computer.Levels(), l) {
			t.Errorf("a table may seat the duel's own level %q", l)
		}
		if _, err := computer.New(l, 1); err == nil {
			t.Errorf("computer.New makes the duel's own level %q", l)
		}
		if !slices.Contains(Levels(), l) {
			t.Errorf("Levels leaves out %q", l)
		}
	}
	for _, l := range []string{"", "Expert", "expert-v0"} {
		if p, err := NewPlayer(l, 1); err == nil {
			t.Errorf("NewPlayer(%q) = %T, want an error", l, p)
		}
	}
}

// TestV1Budgets: "expert-v1" keeps the expert's budget of before its search was made
// faster, and "normal-v1" the normal level's of before its raises were bounded, field by
// field, whatever the levels' budgets become; "ismcts" searches with the expert's.
func TestV1Budgets(t *testing.T) {
	for _, c := range []struct {
		level string
		want  computer.Budget
	}{
		{"expert-v1", computer.Budget{PlaySamples: 200, AuctionSamples: 300, PassSamples: 60, ExactCards: 16,
			Confidence: 0.50, PartnerConfidence: 0.80, Risk: 0.25}},
		{"normal-v1", computer.Budget{PlaySamples: 6, AuctionSamples: 64, ExactCards: 4,
			Confidence: 0.50, PartnerConfidence: 0.80, Risk: 0.25, Readable: true, Hopeless: 0.10}},
		{"ismcts", computer.ExpertBudget()},
	} {
		p, err := NewPlayer(c.level, 1)
		if err != nil {
			t.Fatal(err)
		}
		var got computer.Budget
		switch p := p.(type) {
		case *computer.Expert:
			got = p.Budget()
		case *computer.ISMCTS:
			got = p.Budget()
		default:
			t.Fatalf("%s is a %T, want a searching player", c.level, p)
		}
		if got != c.want {
			t.Errorf("%s searches with %+v, want %+v", c.level, got, c.want)
		}
	}
}
