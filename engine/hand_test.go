package engine

import (
	"math/rand/v2"
	"testing"
)

// TestHandMoveTo compares Hand.moveTo, which moves eight counts at a time, with a move
// count by count, on random hands with counts of every size, those of no deck (128 and
// more) included.
func TestHandMoveTo(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 20000 {
		var h, dst, o Hand
		top := []int{3, 5, 256}[i%3]
		for c := range h {
			h[c], dst[c] = uint8(rng.IntN(top)), uint8(rng.IntN(top))
			o[c] = uint8(rng.IntN(int(h[c]) + 1))
		}
		wantH, wantDst := h, dst
		for c := range o {
			wantH[c] -= o[c]
			wantDst[c] += o[c]
		}
		h0, dst0 := h, dst
		h.moveTo(&dst, &o)
		if h != wantH || dst != wantDst {
			t.Fatalf("moving %v from %v to %v gives %v and %v, want %v and %v", o, h0, dst0, h, dst, wantH, wantDst)
		}
	}
}
