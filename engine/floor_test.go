package engine

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// BenchmarkPlayFloor measures the floor under BenchmarkRandomHand, as issue 15 defines
// it: one shuffle and 48 plays of a few bit operations. Each hand is the game's own
// shuffle of the racehorse deck, dealt four ways, then 48 cards, each a uniformly random
// legal card by the game's own rule (follow, beat, trump), drawn as the random player
// draws it, with the trick's winner leading the next. Nothing else is done: no auction,
// no meld, no check, no log, no view, no score. Run beside BenchmarkRandomHand, in the
// same command, it turns hands/s, which this virtual machine varies by a third from one
// hour to the next, into a fraction of the floor measured in the same minutes.
func BenchmarkPlayFloor(b *testing.B) {
	r, err := NewRules("racehorse", nil)
	if err != nil {
		b.Fatal(err)
	}
	g := &Game{rules: r, seed: 1}
	deck := r.Deck()
	var choice rand.PCG
	choice.Seed(1, 2)
	intn := func(n int) int {
		hi, _ := bits.Mul64(choice.Uint64(), uint64(n))
		return int(hi)
	}
	trump := Spades
	b.ReportAllocs()
	for hand := 0; b.Loop(); hand++ {
		g.shuffle(deck, hand)
		var hands [4]Hand
		for i, c := range deck {
			hands[i&3][c]++
		}
		var trick [4]Card
		n, win, turn, leader := 0, 0, 0, 0
		for range len(deck) {
			held := hands[turn].Set()
			legal := held
			if n > 0 {
				legal = legalCards(held, trick[0].Suit(), trick[win], trump, r.Play)
			}
			set := uint32(legal)
			for k := intn(bits.OnesCount32(set)); k > 0; k-- {
				set &= set - 1
			}
			c := Card(bits.TrailingZeros32(set))
			hands[turn][c]--
			if n > 0 && Beats(c, trick[win], trump) {
				win = n
			}
			trick[n] = c
			n++
			if turn = (turn + 1) % 4; n == 4 {
				leader = (leader + win) % 4
				n, win, turn = 0, 0, leader
			}
		}
		for s := range hands {
			if hands[s] != (Hand{}) {
				b.Fatalf("hand %d: seat %d kept cards after 48 plays", hand, s)
			}
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "hands/s")
}
