package engine

import (
	"math/rand/v2"
	"testing"
)

// TestHandCounting compares Hand.moveTo, Hand.remove and Hand.Len, which work eight counts
// at a time, with the same count by count, on random hands with counts of every size,
// those of no deck (32 and more, 128 and more) included.
func TestHandCounting(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 30000 {
		var h, dst, o Hand
		top := []int{3, 5, 40, 256}[i%4]
		for c := range h {
			h[c], dst[c] = uint8(rng.IntN(top)), uint8(rng.IntN(top))
			o[c] = uint8(rng.IntN(int(h[c]) + 1))
		}
		wantH, wantDst, wantLen := h, dst, 0
		for c := range o {
			wantH[c] -= o[c]
			wantDst[c] += o[c]
			wantLen += int(h[c])
		}
		if n := h.Len(); n != wantLen {
			t.Fatalf("%v.Len() = %d, want %d", h, n, wantLen)
		}
		rest := h
		rest.remove(&o)
		if rest != wantH {
			t.Fatalf("%v less %v gives %v, want %v", h, o, rest, wantH)
		}
		h0, dst0 := h, dst
		h.moveTo(&dst, &o)
		if h != wantH || dst != wantDst {
			t.Fatalf("moving %v from %v to %v gives %v and %v, want %v and %v", o, h0, dst0, h, dst, wantH, wantDst)
		}
	}
}

// TestMeldUsedWithinHand checks what passRule relies on to take a meld's cards out of a
// hand eight counts at a time: the cards a meld uses are cards the hand holds, on random
// hands of every deck, in every trump and none, with each preset's meld table and with
// royal marriages beside runs scoring nothing.
func TestMeldUsedWithinHand(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var tables []MeldTable
	for _, name := range presetNames {
		r, err := NewRules(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		m := r.Meld
		tables = append(tables, m)
		m.RoyalBesideRun = !m.RoyalBesideRun
		tables = append(tables, m)
	}
	for i := range 20000 {
		var h Hand
		copies := 2 + 2*(i%2) // single deck, double deck
		for range 12 + rng.IntN(9) {
			c := Card(rng.IntN(NumKinds))
			if int(h[c]) < copies {
				h[c]++
			}
		}
		table := &tables[i%len(tables)]
		for trump := Spades; trump <= NoSuit; trump++ {
			m := CountMeld(&h, trump, table)
			if used := m.Used(); !h.Contains(&used) {
				t.Fatalf("the meld of %v in %v uses %v, cards the hand does not hold", h, trump, used)
			}
		}
	}
}
