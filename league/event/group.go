package event

// Costs of a round at tables of more than two entrants, from the worst down. A repeat
// costs its weight once for each time the pair met before.
const (
	// costRepeat: two entrants meet again (three-handed), or partner again.
	costRepeat = 1 << 40
	// costOpponent: two players with new partners meet again as opponents.
	costOpponent = 1 << 24
	// costSpread: each half point between two entrants at a Swiss table.
	costSpread = 1 << 8
	// costBalance: each half point between the sides of a Swiss table with new partners.
	costBalance = 1
)

// searchBudget is the most swaps a round's search for tables tries, over all its starts;
// it bounds the search by work, never by time, so that it is deterministic.
const searchBudget = 1 << 19

// searchStarts is the most orders the search starts from.
const searchStarts = 8

// A groupJob is a search for a round's tables of more than two entrants.
type groupJob struct {
	// blocks are the entrants to seat, in order (the best-ranked first): each block sits
	// on one side together, and all blocks have one size, which divides a side's.
	blocks [][]int
	// score is every entrant's score in half points in Swiss, nil in a round robin.
	score []int
	round int
}

// group seats a job's blocks at tables, as Pair describes, and returns the tables' sides.
func (s *state) group(job groupJob) [][][]int {
	if len(job.blocks) == 0 {
		return nil
	}
	g := grouper{s: s, job: job, sides: s.ev.sides()}
	g.perSide = s.ev.perSide() / len(job.blocks[0])
	g.perTable = g.sides * g.perSide
	rng := stream{mix(s.ev.Seed ^ mix(uint64(job.round)))}
	var best []int
	var bestCost int64
	budget := searchBudget
	for start := 0; start < searchStarts && budget > 0; start++ {
		order := identity(len(job.blocks))
		if start > 0 {
			g.shuffle(order, &rng)
		}
		cost := g.descend(order, &budget)
		if best == nil || cost < bestCost {
			best, bestCost = order, cost
		}
		if cost == 0 {
			break
		}
	}
	var tables [][][]int
	for t := 0; t < len(best); t += g.perTable {
		sides := make([][]int, g.sides)
		for k := range g.perTable {
			si := k / g.perSide
			sides[si] = append(sides[si], job.blocks[best[t+k]]...)
		}
		tables = append(tables, sides)
	}
	return tables
}

// grouper searches for tables: an order of blocks is a seating, places t*perTable to
// (t+1)*perTable-1 being table t's, perSide to a side.
type grouper struct {
	s                        *state
	job                      groupJob
	sides, perSide, perTable int
}

// shuffle draws a new order, keeping blocks with different scores in the job's order, so
// that a Swiss search starts from score groups.
func (g *grouper) shuffle(order []int, rng *stream) {
	for lo := 0; lo < len(order); {
		hi := lo + 1
		for hi < len(order) && g.blockScore(order[hi]) == g.blockScore(order[lo]) {
			hi++
		}
		for i := hi - 1; i > lo; i-- {
			j := lo + rng.intn(i-lo+1)
			order[i], order[j] = order[j], order[i]
		}
		lo = hi
	}
}

// blockScore returns a block's score in Swiss, 0 in a round robin.
func (g *grouper) blockScore(b int) int {
	if g.job.score == nil {
		return 0
	}
	n := 0
	for _, i := range g.job.blocks[b] {
		n += g.job.score[i]
	}
	return n
}

// descend swaps blocks between places while a swap lowers the cost, trying swaps in a
// fixed order and spending budget, and returns the cost of the seating it ends with.
func (g *grouper) descend(order []int, budget *int) int64 {
	tables := len(order) / g.perTable
	costs := make([]int64, tables)
	for t := range costs {
		costs[t] = g.tableCost(order[t*g.perTable : (t+1)*g.perTable])
	}
	for improved := true; improved && *budget > 0; {
		improved = false
		for a := 0; a < len(order) && *budget > 0; a++ {
			for b := a + 1; b < len(order) && *budget > 0; b++ {
				ta, tb := a/g.perTable, b/g.perTable
				if ta == tb && (a%g.perTable)/g.perSide == (b%g.perTable)/g.perSide {
					continue // the same side: nothing changes
				}
				*budget--
				order[a], order[b] = order[b], order[a]
				ca := g.tableCost(order[ta*g.perTable : (ta+1)*g.perTable])
				cb := ca
				if tb != ta {
					cb = g.tableCost(order[tb*g.perTable : (tb+1)*g.perTable])
				}
				before, after := costs[ta]+costs[tb], ca+cb
				if ta == tb {
					before, after = costs[ta], ca
				}
				if after < before {
					costs[ta], costs[tb] = ca, cb
					improved = true
					continue
				}
				order[a], order[b] = order[b], order[a]
			}
		}
	}
	var total int64
	for _, c := range costs {
		total += c
	}
	return total
}

// tableCost returns the cost of a table whose places hold blocks.
func (g *grouper) tableCost(blocks []int) int64 {
	s := g.s
	var cost int64
	var sideScore [3]int
	lo, hi := -1, -1
	for k, bk := range blocks {
		sk := k / g.perSide
		for _, a := range g.job.blocks[bk] {
			if g.job.score != nil {
				sideScore[sk] += g.job.score[a]
			}
			for l := k; l < len(blocks); l++ {
				for _, b := range g.job.blocks[blocks[l]] {
					if b == a || l == k && b < a {
						continue
					}
					switch {
					case l/g.perSide == sk:
						cost += costRepeat * int64(s.partnered[a][b])
					case g.sides == 3:
						cost += costRepeat * int64(s.opposed[a][b])
					default:
						cost += costOpponent * int64(s.opposed[a][b])
					}
				}
			}
		}
		if g.job.score != nil {
			for _, a := range g.job.blocks[bk] {
				if lo < 0 || g.job.score[a] < lo {
					lo = g.job.score[a]
				}
				hi = max(hi, g.job.score[a])
			}
		}
	}
	if g.job.score == nil {
		return cost
	}
	cost += costSpread * int64(hi-lo)
	if g.sides == 2 && g.perSide*len(g.job.blocks[0]) > 1 {
		d := sideScore[0] - sideScore[1]
		cost += costBalance * int64(max(d, -d))
	}
	return cost
}
