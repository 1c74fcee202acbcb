package computer

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
)

// randomDeals returns n deals of rules r dealt at random from rng, each with a random
// leader.
func randomDeals(r *engine.Rules, trump engine.Suit, rng *rand.Rand, n int) []deal {
	t := newCardTable(r, trump)
	var out []deal
	for range n {
		deck := r.Deck()
		rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		var hands [engine.MaxPlayers]engine.Hand
		for i, c := range deck {
			hands[i%r.Players][c]++
		}
		out = append(out, startDeal(t, rng.IntN(r.Players), &hands))
	}
	return out
}

// TestLegalMatchesEngine plays random deals of every preset under both play rules and
// every trump (none included) with the quick policy, and checks at every card that the
// deal's legal cards are the engine's.
func TestLegalMatchesEngine(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, preset := range engine.PresetNames() {
		for _, rule := range []engine.PlayRule{engine.MustWin, engine.MustTrump} {
			r := newRules(t, preset, nil)
			r.Play = rule
			for trump := engine.Spades; trump <= engine.NoSuit; trump++ {
				for _, d := range randomDeals(&r, trump, rng, 30) {
					for !d.over() {
						want := engine.LegalCards(&d.hands[d.seat], d.trick[:d.n], trump, rule)
						if got := d.legal(); got != want {
							t.Fatalf("%s, rule %v, trump %v, trick %v, hand %v: legal %v, the engine's %v",
								preset, rule, trump, d.trick[:d.n], d.hands[d.seat], got.Cards(), want.Cards())
						}
						// Play a random legal card, to reach every kind of trick.
						legal := d.legal().Cards()
						d.play(legal[rng.IntN(len(legal))])
					}
				}
			}
		}
	}
}

// TestQuickMatchesReference plays random deals of every preset, and of racehorse with each
// way of counting, and every trump (none included) with the quick policy, and checks each
// card it chooses against the policy written card by card from the hands
// (referenceQuick): the card sets and tables it runs on must not change what it plays.
func TestQuickMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var tables []engine.Rules
	for _, preset := range engine.PresetNames() {
		tables = append(tables, newRules(t, preset, nil))
	}
	for _, counters := range []string{engine.CountersFives, engine.CountersEleven, engine.CountersAKQJ} {
		tables = append(tables, newRules(t, "racehorse", map[string]string{"counters": counters}))
	}
	for _, r := range tables {
		preset := fmt.Sprint(r.Preset, r.RankValue)
		for trump := engine.Spades; trump <= engine.NoSuit; trump++ {
			for _, d := range randomDeals(&r, trump, rng, 30) {
				for !d.over() {
					want := referenceQuick(&d)
					if got := d.quick(); got != want {
						t.Fatalf("%s, trump %v, trick %v, hands %v: quick plays %v, the reference %v",
							preset, trump, d.trick[:d.n], d.hands[:r.Players], got, want)
					}
					d.play(want)
				}
			}
		}
	}
}

// referenceQuick is the quick policy as its doc says it, looking at every card of every
// hand: the rules of deal.quick without its card sets and tables.
func referenceQuick(d *deal) engine.Card {
	r, trump, seat := d.t.r, d.t.trump, d.seat
	h := &d.hands[seat]
	legal := engine.LegalCards(h, d.trick[:d.n], trump, r.Play)
	if legal.Len() == 1 {
		return onlyCard(legal)
	}
	discard := func(c engine.Card) int { return -discardCost(r, h, c, trump) }
	if d.n == 0 {
		// A card no other seat can beat, the most valuable plain-suit card first, else the
		// lowest such trump.
		best, bestScore, found := engine.Card(0), 0, false
		for c := engine.Card(0); c < engine.NumKinds; c++ {
			if !legal.Has(c) || !referenceTop(d, c, seat) {
				continue
			}
			score := 10*r.RankValue[c.Rank()] + int(c.Rank())
			if c.Suit() != trump {
				score += 100
				if !found || score > bestScore {
					best, bestScore, found = c, score, true
				}
			} else if !found {
				best, bestScore, found = c, score-1000, true
			}
		}
		if found {
			return best
		}
		return pick(legal, discard)
	}
	w := engine.TrickWinner(d.trick[:d.n], trump)
	win := d.trick[w]
	if r.TeamOf((d.leader+w)%r.Players) == r.TeamOf(seat) && referenceHolds(d, win, seat) {
		if c, ok := smear(r, legal, trump); ok {
			return c
		}
		return pick(legal, discard)
	}
	var winners engine.CardSet
	for c := engine.Card(0); c < engine.NumKinds; c++ {
		if legal.Has(c) && engine.Beats(c, win, trump) {
			winners = winners.Add(c)
		}
	}
	if winners != 0 {
		return pick(winners, func(c engine.Card) int { return -(10*int(c.Rank()) + r.RankValue[c.Rank()]) })
	}
	return pick(legal, discard)
}

// referenceTop reports whether card c, led by seat, cannot be beaten by any other seat's
// card of its suit or, for a plain suit, by a trump from a seat void in it.
func referenceTop(d *deal, c engine.Card, seat int) bool {
	s, trump := c.Suit(), d.t.trump
	for o := range d.t.r.Players {
		if o == seat {
			continue
		}
		h := &d.hands[o]
		for rk := c.Rank() + 1; rk <= engine.Ace; rk++ {
			if h.Has(engine.NewCard(rk, s)) {
				return false
			}
		}
		if s != trump && trump != engine.NoSuit && h.SuitCount(s) == 0 && h.SuitCount(trump) > 0 {
			return false
		}
	}
	return true
}

// referenceHolds reports whether no opponent of seat still to play to the trick holds a
// card that beats win and that it may play (of the suit led, or any when void in it).
func referenceHolds(d *deal, win engine.Card, seat int) bool {
	r := d.t.r
	lead := d.trick[0].Suit()
	for i := d.n + 1; i < r.Players; i++ {
		o := (d.leader + i) % r.Players
		if r.TeamOf(o) == r.TeamOf(seat) {
			continue
		}
		h := &d.hands[o]
		for c := engine.Card(0); c < engine.NumKinds; c++ {
			if h.Has(c) && engine.Beats(c, win, d.t.trump) && (h.SuitCount(lead) == 0 || c.Suit() == lead) {
				return false
			}
		}
	}
	return true
}

// TestSolverMatchesMinimax plays random deals of every preset with the quick policy to
// their last 8 to 12 cards, and checks the exact search's value of every legal card there
// against plain minimax over every legal card: its table, its keys and its skipping of
// cards that play alike must not change a value.
func TestSolverMatchesMinimax(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, preset := range engine.PresetNames() {
		r := newRules(t, preset, nil)
		for _, d := range randomDeals(&r, engine.Suit(rng.IntN(4)), rng, 300) {
			stop := 8 + rng.IntN(5)
			for d.cardsLeft() > stop {
				d.play(d.quick())
			}
			sc := scoring{r: &r, bidder: rng.IntN(2), bid: 10 * r.Scale(), moon: rng.IntN(4) == 0,
				meld: [2]int{rng.IntN(30), rng.IntN(30)}}
			for s := range r.Players {
				sc.seatMeld[s] = rng.IntN(15)
			}
			team := r.TeamOf(d.seat)
			sv := newSolver(&sc, team)
			sv.reset(&d)
			legal := d.legal()
			for c := engine.Card(0); c < engine.NumKinds; c++ {
				if !legal.Has(c) {
					continue
				}
				next := d
				next.play(c)
				if got, want := sv.solveAfter(&d, c), minimax(&sc, &next, team); got != want {
					t.Fatalf("%s, hands %v, %v played: solver %d, minimax %d", preset, d.hands[:r.Players], c, got, want)
				}
			}
		}
	}
}

// minimax returns the value of deal d to team, each team playing the best card for it.
func minimax(sc *scoring, d *deal, team int) int {
	if d.over() {
		return sc.value(d, team)
	}
	var values []int
	legal := d.legal()
	for c := engine.Card(0); c < engine.NumKinds; c++ {
		if legal.Has(c) {
			next := *d
			next.play(c)
			values = append(values, minimax(sc, &next, team))
		}
	}
	if d.t.r.TeamOf(d.seat) == team {
		return slices.Max(values)
	}
	return slices.Min(values)
}

// TestShuffleMatchesRand checks that shuffle draws and swaps as rand.Shuffle does.
func TestShuffleMatchesRand(t *testing.T) {
	for n := range 82 {
		a, b := rand.New(rand.NewPCG(uint64(n), 9)), rand.New(rand.NewPCG(uint64(n), 9))
		x, y := make([]engine.Card, n), make([]engine.Card, n)
		for i := range x {
			x[i], y[i] = engine.Card(i%engine.NumKinds), engine.Card(i%engine.NumKinds)
		}
		shuffle(a, x)
		b.Shuffle(len(y), func(i, j int) { y[i], y[j] = y[j], y[i] })
		if !slices.Equal(x, y) || a.Uint64() != b.Uint64() {
			t.Fatalf("%d cards: shuffle gives %v, rand.Shuffle %v", n, x, y)
		}
	}
}

// TestSuitsOf checks suitsOf against the suits of each card of sets of cards.
func TestSuitsOf(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 10000 {
		s := engine.CardSet(rng.Uint32() & (1<<engine.NumKinds - 1) & rng.Uint32())
		var want uint8
		for c := engine.Card(0); c < engine.NumKinds; c++ {
			if s.Has(c) {
				want |= 1 << c.Suit()
			}
		}
		if got := suitsOf(s); got != want {
			t.Fatalf("suitsOf(%v) = %04b, want %04b", s.Cards(), got, want)
		}
	}
}

// TestSuitLengths checks suitLengths against Hand.SuitCount on random hands of every deck.
func TestSuitLengths(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 10000 {
		var h engine.Hand
		for c := range h {
			h[c] = uint8(rng.IntN(5))
		}
		got := suitLengths(&h)
		for s := engine.Spades; s < engine.NoSuit; s++ {
			if int(got[s]) != h.SuitCount(s) {
				t.Fatalf("suitLengths(%v) = %v: %v has %d", h, got, s, h.SuitCount(s))
			}
		}
	}
}

// TestSuitMasks checks beneath, lowestOfSuits and cardsOfSuits card by card on random
// sets.
func TestSuitMasks(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for range 10000 {
		s := engine.CardSet(rng.Uint32() & (1<<engine.NumKinds - 1) & rng.Uint32())
		var want engine.CardSet
		for c := engine.Card(0); c < engine.NumKinds; c++ {
			for h := c + 1; h < engine.NumKinds && h.Suit() == c.Suit(); h++ {
				if s.Has(h) {
					want = want.Add(c)
				}
			}
		}
		if got := beneath(s); got != want {
			t.Fatalf("beneath(%v) = %v, want %v", s.Cards(), got.Cards(), want.Cards())
		}
		var lowest engine.CardSet
		for suit := engine.Spades; suit < engine.NoSuit; suit++ {
			if mine := s & suitCards(suit); mine != 0 {
				lowest = lowest.Add(lowestCard(mine))
			}
		}
		if got := lowestOfSuits(s); got != lowest {
			t.Fatalf("lowestOfSuits(%v) = %v, want %v", s.Cards(), got.Cards(), lowest.Cards())
		}
	}
	for suits := range uint8(16) {
		var want engine.CardSet
		for s := engine.Spades; s < engine.NoSuit; s++ {
			if suits&(1<<s) != 0 {
				want |= suitCards(s)
			}
		}
		if got := cardsOfSuits(suits | 0xF0); got != want {
			t.Errorf("cardsOfSuits(%04b) = %v, want %v", suits, got.Cards(), want.Cards())
		}
	}
}
