package event

// matcher keeps a maximum matching of a graph's active vertices, by Edmonds' blossom
// algorithm: a matching is maximum when no augmenting path (an alternating path between
// two unmatched vertices) is left, and a search for one from a vertex shrinks each odd
// cycle it meets (a blossom) to a single vertex. Swiss pairing asks it how many pairs of
// entrants who have not met the rest of a field can still make.
type matcher struct {
	adj    [][]bool // adj[a][b]: a and b may be matched
	active []bool
	mate   []int // mate[v], or -1
	size   int   // matched pairs

	// scratch for a search
	base, parent []int
	used, inPath []bool
	inBlossom    []bool
	queue        []int
}

// newMatcher returns a matcher of the graph adj with every vertex active and none matched.
func newMatcher(adj [][]bool) *matcher {
	n := len(adj)
	m := &matcher{
		adj: adj, active: make([]bool, n), mate: make([]int, n),
		base: make([]int, n), parent: make([]int, n),
		used: make([]bool, n), inPath: make([]bool, n), inBlossom: make([]bool, n),
	}
	for v := range n {
		m.active[v], m.mate[v] = true, -1
	}
	return m
}

// maximize augments the matching until it is maximum, first matching what it can
// greedily. One search from each unmatched vertex is then enough: a vertex with no
// augmenting path keeps none after others augment.
func (m *matcher) maximize() {
	for v := range m.mate { // a greedy start leaves the searches less to do
		if m.active[v] && m.mate[v] < 0 {
			for u, ok := range m.adj[v] {
				if ok && u != v && m.active[u] && m.mate[u] < 0 {
					m.mate[v], m.mate[u] = u, v
					m.size++
					break
				}
			}
		}
	}
	for v := range m.mate {
		if m.active[v] && m.mate[v] < 0 && m.augment(v) {
			m.size++
		}
	}
}

// remove deactivates the given vertices, unmatching them and their mates, and restores a
// maximum matching of the active vertices left. The matching can grow back by at most the
// number of mates set free (a matching of what is left, with the pairs matched within the
// removed vertices, is one of the whole graph), so the search stops there; until then it
// searches from every unmatched vertex, the freed mates first.
func (m *matcher) remove(vs ...int) {
	var freed []int
	for _, v := range vs {
		m.active[v] = false
	}
	for _, v := range vs {
		if u := m.mate[v]; u >= 0 {
			m.mate[u], m.mate[v] = -1, -1
			m.size--
			if m.active[u] {
				freed = append(freed, u)
			}
		}
	}
	gain := 0
	try := func(u int) {
		if gain < len(freed) && m.active[u] && m.mate[u] < 0 && m.augment(u) {
			m.size++
			gain++
		}
	}
	for _, u := range freed {
		try(u)
	}
	for u := range m.mate {
		try(u)
	}
}

// snapshot is a matcher's state, to try a removal and undo it.
type snapshot struct {
	mate   []int
	active []bool
	size   int
}

// save returns the matcher's state.
func (m *matcher) save() snapshot {
	return snapshot{append([]int(nil), m.mate...), append([]bool(nil), m.active...), m.size}
}

// restore returns the matcher to a saved state.
func (m *matcher) restore(s snapshot) {
	copy(m.mate, s.mate)
	copy(m.active, s.active)
	m.size = s.size
}

// augment searches for an augmenting path from the unmatched vertex root and, if it finds
// one, flips it, matching root, and reports true.
func (m *matcher) augment(root int) bool {
	for u, ok := range m.adj[root] { // the shortest path first: an unmatched neighbour
		if ok && u != root && m.active[u] && m.mate[u] < 0 {
			m.mate[root], m.mate[u] = u, root
			return true
		}
	}
	end := m.search(root)
	if end < 0 {
		return false
	}
	for v := end; v >= 0; {
		pv := m.parent[v]
		next := m.mate[pv]
		m.mate[v], m.mate[pv] = pv, v
		v = next
	}
	return true
}

// search grows an alternating tree from root by breadth-first search, shrinking
// blossoms, and returns the unmatched vertex an augmenting path ends at, or -1.
func (m *matcher) search(root int) int {
	for v := range m.base {
		m.base[v], m.parent[v], m.used[v] = v, -1, false
	}
	m.used[root] = true
	m.queue = append(m.queue[:0], root)
	for head := 0; head < len(m.queue); head++ {
		v := m.queue[head]
		for to, ok := range m.adj[v] {
			if !ok || !m.active[to] || m.base[v] == m.base[to] || m.mate[v] == to {
				continue
			}
			if to == root || m.mate[to] >= 0 && m.parent[m.mate[to]] >= 0 {
				m.shrink(v, to)
				continue
			}
			if m.parent[to] < 0 {
				m.parent[to] = v
				if m.mate[to] < 0 {
					return to
				}
				u := m.mate[to]
				m.used[u] = true
				m.queue = append(m.queue, u)
			}
		}
	}
	return -1
}

// shrink contracts the blossom that the edge v-to closes into its base, and queues its
// vertices that were not yet outer.
func (m *matcher) shrink(v, to int) {
	b := m.commonBase(v, to)
	clear(m.inBlossom)
	m.markPath(v, b, to)
	m.markPath(to, b, v)
	for u := range m.base {
		if m.inBlossom[m.base[u]] {
			m.base[u] = b
			if !m.used[u] {
				m.used[u] = true
				m.queue = append(m.queue, u)
			}
		}
	}
}

// commonBase returns the base of the nearest common ancestor of a and b in the tree.
func (m *matcher) commonBase(a, b int) int {
	clear(m.inPath)
	for {
		a = m.base[a]
		m.inPath[a] = true
		if m.mate[a] < 0 {
			break
		}
		a = m.parent[m.mate[a]]
	}
	for {
		b = m.base[b]
		if m.inPath[b] {
			return b
		}
		b = m.parent[m.mate[b]]
	}
}

// markPath marks the blossom's vertices on the path from v up to its base b, pointing
// their parents back along the blossom so that a path through it can be flipped.
func (m *matcher) markPath(v, b, child int) {
	for m.base[v] != b {
		m.inBlossom[m.base[v]], m.inBlossom[m.base[m.mate[v]]] = true, true
		m.parent[v] = child
		child = m.mate[v]
		v = m.parent[m.mate[v]]
	}
}
