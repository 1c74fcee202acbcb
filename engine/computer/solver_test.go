package computer

import "testing"

// TestSolverTable checks the exact search's transposition table: it holds what it was
// given through its growth past its first size, a new generation (forget) empties it,
// and a generation counter that wraps around does not bring old positions back.
func TestSolverTable(t *testing.T) {
	keyOf := func(i int) solverKey {
		return solverKey{played: [2]uint64{uint64(i) * 7, uint64(i % 3)}, points: [2]int16{int16(i % 251), 3},
			tricks: [2]int8{int8(i % 5), 1}, leader: int8(i % 4), seatPoints: [6]int16{5: int16(i % 7)}}
	}
	var tb solverTable
	tb.forget()
	n := 3*solverTableSize + 17
	for i := range n {
		k := keyOf(i)
		tb.store(&k, i, int8(i%3))
	}
	k := keyOf(5)
	tb.store(&k, -5, 2) // a second store of a key replaces its entry
	if tb.used != n || len(tb.slots) < 2*n {
		t.Fatalf("%d positions stored: %d used of %d slots", n, tb.used, len(tb.slots))
	}
	for i := range n {
		k := keyOf(i)
		value, kind := i, int8(i%3)
		if i == 5 {
			value, kind = -5, 2
		}
		if e := tb.lookup(&k); e == nil || int(e.value) != value || e.kind != kind {
			t.Fatalf("key %d: lookup %+v; want value %d, kind %d", i, e, value, kind)
		}
	}
	if k := keyOf(n); tb.lookup(&k) != nil {
		t.Fatalf("key %d was never stored but is found", n)
	}
	tb.forget()
	for i := range n {
		if k := keyOf(i); tb.lookup(&k) != nil {
			t.Fatalf("key %d is found after forget", i)
		}
	}
	// A position stored in generation 1 must not be found in the generation 1 that
	// follows the counter's wrap.
	var wrap solverTable
	wrap.forget()
	k = keyOf(1)
	wrap.store(&k, 1, 0)
	wrap.gen = ^uint32(0) // as if forgotten 2^32-2 times: the next forget wraps
	wrap.forget()
	if wrap.gen == 0 || wrap.lookup(&k) != nil {
		t.Fatalf("after the generation wrapped (now %d), key 1 is found: %v", wrap.gen, wrap.lookup(&k))
	}
}
