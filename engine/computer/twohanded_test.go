package computer

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
)

// playTwoHanded plays a two-handed game between two levels to its end, checking that
// every action they choose is legal, and returns it.
func playTwoHanded(t *testing.T, levels [2]string, seed uint64, hands int) *engine.Game {
	t.Helper()
	r, err := engine.NewRules("two-handed", map[string]string{"target": "0", "hands": itoa(hands)})
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.NewGame(r, seed)
	if err != nil {
		t.Fatal(err)
	}
	var players [2]Player
	for s, l := range levels {
		if players[s], err = New(l, seed+uint64(s)); err != nil {
			t.Fatal(err)
		}
	}
	for steps := 0; !g.Over(); steps++ {
		if steps > 10000 {
			t.Fatal("the game does not end")
		}
		seat := g.Turn()
		v := g.View(seat)
		a := players[seat].Choose(v)
		if err := g.Apply(a); err != nil {
			t.Fatalf("%s chose %s in phase %s: %v", levels[seat], a, g.Phase(), err)
		}
	}
	return g
}

func itoa(n int) string { return strconv.Itoa(n) }

func newTestRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 7)) }

// TestTwoHandedLevelsPlay plays two-handed games at every level.
func TestTwoHandedLevelsPlay(t *testing.T) {
	hands := 2
	if raceEnabled {
		hands = 1 // the expert's playouts are slow under the race detector
	}
	for i, l := range []string{"random", "baseline", "easy", "normal", "expert"} {
		g := playTwoHanded(t, [2]string{l, "baseline"}, uint64(i+1), hands)
		if len(g.Results()) != hands {
			t.Fatalf("%s: %d hands", l, len(g.Results()))
		}
	}
}

// bruteForce returns the points seat me takes from a play-off position by plain minimax.
func bruteForce(s *playOff, leader int, led *engine.Card, left int) int {
	if left == 0 {
		return 0
	}
	if led == nil {
		best := -1
		if leader != s.me {
			best = 1 << 14
		}
		for k := engine.Card(0); k < engine.NumKinds; k++ {
			if s.hands[leader][k] == 0 {
				continue
			}
			s.hands[leader][k]--
			c := k
			v := bruteForce(s, leader, &c, left-1)
			s.hands[leader][k]++
			if leader == s.me {
				best = max(best, v)
			} else {
				best = min(best, v)
			}
		}
		return best
	}
	follower := 1 - leader
	legal := engine.LegalCards(&s.hands[follower], []engine.Card{*led}, s.trump, s.rules.Play)
	best := -1
	if follower != s.me {
		best = 1 << 14
	}
	for _, k := range legal.Cards() {
		s.hands[follower][k]--
		winner := leader
		if engine.Beats(k, *led, s.trump) {
			winner = follower
		}
		points := s.rules.RankValue[led.Rank()] + s.rules.RankValue[k.Rank()]
		if left-1 == 0 {
			points += s.rules.LastTrick
		}
		v := bruteForce(s, winner, nil, left-1)
		if winner == s.me {
			v += points
		}
		s.hands[follower][k]++
		if follower == s.me {
			best = max(best, v)
		} else {
			best = min(best, v)
		}
	}
	return best
}

// TestExactPlayOff checks the exact search against plain minimax on small positions
// dealt at random: both must find the same value for the seat to lead.
func TestExactPlayOff(t *testing.T) {
	r, err := engine.NewRules("two-handed", nil)
	if err != nil {
		t.Fatal(err)
	}
	deck := r.Deck()
	for seed := uint64(1); seed <= 200; seed++ {
		rng := newTestRand(seed)
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		n := 2 + int(seed%4)
		s := &playOff{rules: &r, trump: engine.Suit(seed % 4), me: int(seed % 2), memo: map[playOffKey]playOffEntry{}}
		s.hands[0] = engine.HandOf(deck[:n]...)
		s.hands[1] = engine.HandOf(deck[n : 2*n]...)
		leader := int(seed/2) % 2
		want := bruteForce(s, leader, nil, 2*n)
		if got := s.lead(leader, 2*n, -1, 1<<14); got != want {
			t.Fatalf("seed %d: %s against %s, trump %s, seat %d leads: search %d, minimax %d",
				seed, s.hands[0], s.hands[1], s.trump, leader, got, want)
		}
	}
}

// TestTwoHandedDecisionsIgnoreHiddenCards checks that no level's two-handed decision
// depends on what its seat may not know: at decision points of random games, the other
// hand's hidden cards and the stock's face-down cards are dealt again (View.StockGame),
// the seat's view stays the same, and so must every level's choice.
func TestTwoHandedDecisionsIgnoreHiddenCards(t *testing.T) {
	r, err := engine.NewRules("two-handed", map[string]string{"hands": "1", "target": "0"})
	if err != nil {
		t.Fatal(err)
	}
	// The expert and IS-MCTS at a small budget: 6 samples a card with the stock, the exact
	// play-off whole.
	levels := privacyLevels()
	checked := map[string]int{}
	seeds := uint64(12)
	if raceEnabled {
		seeds = 6
	}
	for seed := uint64(1); seed <= seeds; seed++ {
		g, err := engine.NewGame(r, seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := newTestRand(seed)
		base := newBaseline(seed)
		for step := 0; !g.Over(); step++ {
			seat := g.Turn()
			v := g.View(seat)
			if step%5 == int(seed%5) {
				g2, ok := redealStock(t, &v, rng)
				if ok {
					kind := g.Phase().String()
					if g.Phase() == engine.PhasePlay && g.StockSize() == 0 {
						kind = "play-off"
					}
					checked[kind]++
					sameDecisions(t, fmt.Sprintf("seed %d, %s", seed, kind), levels, v, g2.View(seat))
				}
			}
			if err := g.Apply(base.Choose(v)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, k := range []string{"playing", "melding", "play-off"} {
		if checked[k] == 0 {
			t.Errorf("no %s decision checked: %v", k, checked)
		}
	}
}

// redealStock returns a game that looks the same as v to v's seat, with the other hand's
// hidden cards and the stock's face-down cards dealt again at random; false when they are
// already all known.
func redealStock(t *testing.T, v *engine.View, rng *rand.Rand) (*engine.Game, bool) {
	t.Helper()
	opp := 1 - v.Seat()
	unseen, known := unseenCards(v), v.KnownCards(opp)
	turn, inStock := v.TurnUp()
	pool := unseen.Cards()
	if len(pool) < 2 {
		return nil, false
	}
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	hidden := v.HandSize(opp) - known.Len()
	other := known
	for _, c := range pool[:hidden] {
		other[c]++
	}
	var stock []engine.Card
	if inStock {
		stock = append(append(stock, pool[hidden:]...), turn)
	}
	g, err := v.StockGame(other, stock)
	if err != nil {
		t.Fatalf("redeal: %v", err)
	}
	return g, true
}

// viewWithoutStep returns the view's JSON without its step.
func viewWithoutStep(t *testing.T, v engine.View) string {
	t.Helper()
	var m map[string]any
	b, err := json.Marshal(v)
	if err == nil {
		err = json.Unmarshal(b, &m)
	}
	if err != nil {
		t.Fatal(err)
	}
	delete(m, "step")
	b, err = json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// privacyLevel is a level a privacy test asks, and how to make its player afresh.
type privacyLevel struct {
	name string
	make func() Player
}

// privacyLevels returns every level the two- and three-handed privacy tests ask, each
// player seeded alike, the expert and IS-MCTS at a small budget: what is checked is what
// they read, not how much they search.
func privacyLevels() []privacyLevel {
	return []privacyLevel{
		{"random", func() Player { return newRandom(9) }},
		{"baseline", func() Player { return newBaseline(9) }},
		{"normal", func() Player { p, _ := New("normal", 9); return p }},
		{"expert", func() Player { return newExpert(smallBudget, 9) }},
		{"ismcts", func() Player { return newISMCTS(smallBudget, 9) }},
	}
}

// sameDecisions checks a game and its redeal at one decision: v and v2, the views of the
// same seat in each, must look the same (everything but the step, which a game built from
// a state counts from 0), and every level must choose the same in both; label names the
// decision in failures.
func sameDecisions(t *testing.T, label string, levels []privacyLevel, v, v2 engine.View) {
	t.Helper()
	if j1, j2 := viewWithoutStep(t, v), viewWithoutStep(t, v2); j1 != j2 {
		t.Fatalf("%s: the redealt game looks different to seat %d:\n%s\n%s", label, v.Seat(), j1, j2)
	}
	for _, l := range levels {
		a1, a2 := l.make().Choose(v), l.make().Choose(v2)
		if a1.String() != a2.String() || !equalCards(a1.Cards, a2.Cards) {
			t.Errorf("%s, %s: %v in one game, %v in the other", label, l.name, a1, a2)
		}
	}
}
