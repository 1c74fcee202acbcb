package event

import (
	"cmp"
	"slices"
)

// pairSwiss pairs round number of a Swiss event, as Pair describes.
func (s *state) pairSwiss(number int) pairing {
	n := len(s.ents)
	recs := s.records()
	score := make([]int, n)
	for i, r := range recs {
		score[i] = r.score2
	}
	order := identity(n) // seed order, then by score
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(score[b], score[a]) })
	p := pairing{rank: rankOf(order, n)}
	if !s.ev.twoEntrantTables() {
		seated, byes := s.sitOut(order)
		p.byes = byes
		p.tables = s.group(groupJob{blocks: singles(seated), score: score, round: number})
		return p
	}

	// Entrants who have not met may meet; m keeps a maximum matching of them among the
	// entrants not paired yet, whose size says how few rematches the rest can make do with.
	adj := make([][]bool, n)
	for a := range adj {
		adj[a] = make([]bool, n)
		for b := range adj[a] {
			adj[a][b] = a != b && s.met(a, b) == 0
		}
	}
	m := newMatcher(adj)
	m.maximize()
	unpaired := order
	if n%2 == 1 {
		cands := slices.Clone(order)
		slices.Reverse(cands)
		slices.SortStableFunc(cands, func(a, b int) int { return cmp.Compare(s.byes[a], s.byes[b]) })
		for _, v := range cands {
			snap, before := m.save(), m.size
			if m.remove(v); m.size == before {
				p.byes = []int{v}
				break
			}
			m.restore(snap)
		}
		if len(p.byes) == 0 { // cannot happen: a vertex a maximum matching leaves out fits
			p.byes = cands[:1]
		}
		unpaired = slices.DeleteFunc(slices.Clone(order), func(i int) bool { return i == p.byes[0] })
	}
	// g keeps a maximum matching of the score group alone, rebuilt for each group: the
	// most pairs the group can make within itself without a rematch.
	var g *matcher
	groupScore := -1
	for len(unpaired) > 0 {
		top := unpaired[0]
		cands := swissCandidates(unpaired, score)
		group := scoreGroup(unpaired, score)
		if g == nil || score[top] != groupScore {
			g, groupScore = newMatcher(adj), score[top]
			for v := range g.active {
				g.active[v] = slices.Contains(group, v)
			}
			g.maximize()
		}
		pick := -1
		fits := func(x *matcher, c int) bool {
			need := x.size - 1 // a new meeting uses a pair the matching may have counted
			if s.met(top, c) > 0 {
				need = x.size // a rematch leaves the others to find every pair they had
			}
			snap := x.save()
			x.remove(top, c)
			ok := x.size >= need
			x.restore(snap)
			return ok
		}
		for _, c := range cands[:len(group)-1] { // first, keep the group's pairs
			if fits(g, c) && fits(m, c) {
				pick = c
				break
			}
		}
		for k := 0; pick < 0 && k < len(cands); k++ {
			if fits(m, cands[k]) {
				pick = cands[k]
			}
		}
		if pick < 0 {
			pick = cands[0] // cannot happen: the matching pairs top with someone
		}
		m.remove(top, pick)
		if g.active[pick] {
			g.remove(top, pick)
		} else {
			g.remove(top)
		}
		p.tables = append(p.tables, [][]int{{top}, {pick}})
		unpaired = slices.DeleteFunc(unpaired[1:], func(i int) bool { return i == pick })
	}
	return p
}

// scoreGroup returns the entrants of unpaired (in rank order) with the first's score.
func scoreGroup(unpaired []int, score []int) []int {
	g := 1
	for g < len(unpaired) && score[unpaired[g]] == score[unpaired[0]] {
		g++
	}
	return unpaired[:g]
}

// swissCandidates returns the opponents the first of unpaired (the entrants not paired
// yet, in rank order) may meet, in the order it prefers them: its score group's entrant
// half the group below it, those below that, those above that from the nearest up, then
// the entrants of lower groups in rank order.
func swissCandidates(unpaired []int, score []int) []int {
	g := len(scoreGroup(unpaired, score))
	out := make([]int, 0, len(unpaired)-1)
	for k := max(g/2, 1); k < g; k++ {
		out = append(out, unpaired[k])
	}
	for k := g/2 - 1; k >= 1; k-- {
		out = append(out, unpaired[k])
	}
	return append(out, unpaired[g:]...)
}
