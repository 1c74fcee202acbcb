package event

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// bruteMatching returns the size of a maximum matching of adj's active vertices, by
// trying every way to match or leave each vertex (over subsets, remembered).
func bruteMatching(adj [][]bool, active []bool) int {
	mask := 0
	for v, ok := range active {
		if ok {
			mask |= 1 << v
		}
	}
	memo := map[int]int{}
	var best func(mask int) int
	best = func(mask int) int {
		if mask == 0 {
			return 0
		}
		if b, ok := memo[mask]; ok {
			return b
		}
		v := bits.TrailingZeros(uint(mask))
		rest := mask &^ (1 << v)
		b := best(rest) // v unmatched
		for u := range adj {
			if rest&(1<<u) != 0 && adj[v][u] {
				b = max(b, 1+best(rest&^(1<<u)))
			}
		}
		memo[mask] = b
		return b
	}
	return best(mask)
}

// checkMatching fails the test unless m's matching is a matching of its graph's active
// vertices, of the size it says, and maximum.
func checkMatching(t *testing.T, m *matcher, what string) {
	t.Helper()
	pairs := 0
	for v, u := range m.mate {
		if u < 0 {
			continue
		}
		if !m.active[v] || !m.active[u] || m.mate[u] != v || !m.adj[v][u] {
			t.Fatalf("%s: %d matched to %d, which is no edge of the active graph", what, v, u)
		}
		pairs++
	}
	if pairs/2 != m.size {
		t.Fatalf("%s: %d pairs matched, and size says %d", what, pairs/2, m.size)
	}
	if want := bruteMatching(m.adj, append([]bool(nil), m.active...)); m.size != want {
		t.Fatalf("%s: a matching of %d, and the largest has %d", what, m.size, want)
	}
}

func TestMatcherIsMaximum(t *testing.T) {
	// Random graphs of up to 12 vertices (1,000 of them), dense and sparse; after each, vertices removed
	// one or two at a time, as Swiss pairing removes them.
	rng := rand.New(rand.NewPCG(1, 2))
	for range 1000 {
		n := 2 + rng.IntN(11)
		density := 1 + rng.IntN(9) // in tenths
		adj := make([][]bool, n)
		for v := range adj {
			adj[v] = make([]bool, n)
		}
		for v := range n {
			for u := v + 1; u < n; u++ {
				if rng.IntN(10) < density {
					adj[v][u], adj[u][v] = true, true
				}
			}
		}
		m := newMatcher(adj)
		m.maximize()
		checkMatching(t, m, "after maximize")
		for left := n; left > 0; {
			var vs []int
			for _, v := range []int{rng.IntN(n), rng.IntN(n)}[:1+rng.IntN(2)] {
				if m.active[v] && (len(vs) == 0 || vs[0] != v) {
					vs = append(vs, v)
				}
			}
			if len(vs) == 0 {
				continue
			}
			snap := m.save()
			m.remove(vs...)
			checkMatching(t, m, "after a removal")
			if rng.IntN(3) == 0 {
				m.restore(snap)
				checkMatching(t, m, "after a restore")
				continue
			}
			left -= len(vs)
		}
	}
}
