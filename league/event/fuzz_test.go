package event

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"testing"
)

// FuzzEvent runs random events from sign-up to the last round, recording random results
// (and some that do not fit, and a garbled history), and checks what must hold of any
// event: nobody is seated twice in a round, Swiss makes no rematch a pairing of the round
// could avoid and gives a second bye only when it must, every game is counted once for
// each player in it, and the standings, bracket and matchpoints add up.
func FuzzEvent(f *testing.F) {
	f.Add(uint8(1), uint8(0), uint8(8), uint8(3), uint8(0), uint64(1))   // Swiss of 8
	f.Add(uint8(1), uint8(0), uint8(7), uint8(6), uint8(0), uint64(2))   // Swiss of 7, byes
	f.Add(uint8(1), uint8(0), uint8(4), uint8(9), uint8(0), uint64(3))   // Swiss to the end
	f.Add(uint8(1), uint8(1), uint8(10), uint8(4), uint8(0), uint64(4))  // Swiss three-handed
	f.Add(uint8(1), uint8(3), uint8(9), uint8(3), uint8(0), uint64(5))   // Swiss with new partners
	f.Add(uint8(0), uint8(0), uint8(9), uint8(0), uint8(0), uint64(6))   // round robin, odd
	f.Add(uint8(0), uint8(2), uint8(6), uint8(0), uint8(0), uint64(7))   // round robin of teams
	f.Add(uint8(0), uint8(1), uint8(11), uint8(0), uint8(0), uint64(8))  // three-handed cycle
	f.Add(uint8(0), uint8(4), uint8(13), uint8(2), uint8(0), uint64(9))  // six-handed, new partners
	f.Add(uint8(2), uint8(0), uint8(12), uint8(0), uint8(0), uint64(10)) // a bracket of 12
	f.Add(uint8(2), uint8(2), uint8(5), uint8(0), uint8(0), uint64(11))  // a bracket of teams
	f.Add(uint8(3), uint8(2), uint8(8), uint8(2), uint8(1), uint64(12))  // duplicate teams
	f.Add(uint8(3), uint8(1), uint8(7), uint8(2), uint8(2), uint64(13))  // duplicate three-handed
	f.Add(uint8(3), uint8(3), uint8(9), uint8(1), uint8(3), uint64(14))  // duplicate, new partners
	f.Add(uint8(255), uint8(9), uint8(0), uint8(200), uint8(77), uint64(15))
	f.Fuzz(func(t *testing.T, format, entry, n, rounds, deals uint8, seed uint64) {
		runRandomEvent(t, format, entry, n, rounds, deals, seed)
	})
}

func TestRandomEvents(t *testing.T) {
	// The fuzz test's checks over two hundred events drawn from a fixed stream.
	rng := stream{2026}
	for range 200 {
		b := rng.next()
		runRandomEvent(t, uint8(b%4), uint8(b>>8%5), uint8(b>>16), uint8(b>>24), uint8(b>>32), rng.next())
		if t.Failed() {
			return
		}
	}
}

// tablesOf lists the entry and seats an event may have, valid first.
var tablesOf = []struct {
	entry Entry
	seats int
}{{Individuals, 2}, {Individuals, 3}, {Partnerships, 4}, {NewPartners, 4}, {NewPartners, 6}, {Partnerships, 6}}

// runRandomEvent runs one event drawn from its arguments and checks it, as FuzzEvent says.
func runRandomEvent(t *testing.T, format, entry, nb, rounds, deals uint8, seed uint64) {
	rng := stream{seed}
	ev := Event{Seed: seed}
	if format >= 250 { // anything at all: only errors, never a panic
		ev.Format, ev.Entry, ev.Seats, ev.Rounds, ev.Deals = Format(entry%6), Entry(nb%5), int(rounds%9), int(rounds)-100, int(deals)-10
	} else {
		ev.Format = Format(format%4) + 1
		tb := tablesOf[int(entry)%len(tablesOf)]
		ev.Entry, ev.Seats = tb.entry, tb.seats
		if ev.Format == Elimination && ev.Entry == NewPartners || ev.Format == Elimination && ev.Seats == 3 {
			ev.Entry, ev.Seats = Individuals, 2
		}
		if ev.Format == Duplicate {
			ev.Deals = 1 + int(deals)%4
		}
	}
	n := 2 + int(nb)%13
	var ents []Entrant
	if ev.Entry == Partnerships {
		ents = teams(n, ev.Seats/2)
	} else {
		ents = numbered(n)
	}
	for i := range ents {
		ents[i].Rating = float64(rng.intn(4)) // many equal: the draw orders them
	}
	cycle := ev.cycle(n)
	switch {
	case format >= 250:
	case ev.Format == Swiss:
		ev.Rounds = 1 + int(rounds)%max(cycle, 1)
	case ev.Format != Elimination:
		ev.Rounds = int(rounds) % (cycle + 1)
	}
	tr := &Tournament{Event: ev, Entrants: ents}
	if err := ev.Check(ents); err != nil {
		if _, perr := tr.Pair(); perr == nil {
			t.Fatalf("%+v with %d entrants: Check says %v, and Pair pairs", ev, n, err)
		}
		_, serr := tr.Standings()
		_, merr := tr.Matchpoints()
		_, berr := tr.Bracket()
		if serr == nil || merr == nil || berr == nil {
			t.Fatalf("%+v: Check says %v, and the results are read", ev, err)
		}
		return
	}
	what := fmt.Sprintf("%s, %s at %d seats, %d entrants, %d rounds, seed %d", ev.Format, ev.Entry, ev.Seats, n, ev.Rounds, seed)
	for {
		if ev.Format == Swiss && len(tr.Rounds) > 0 && len(tr.Rounds) < ev.Rounds && rng.intn(4) == 0 {
			// Pair too early: one table of the last round has no result yet.
			last := tr.Rounds[len(tr.Rounds)-1]
			if len(last.Tables) > 0 {
				saved := tr.Results
				tr.Results = slices.DeleteFunc(slices.Clone(tr.Results), func(r Result) bool { return r.Round == last.Number && r.Table == 1 })
				if _, err := tr.Pair(); !errors.Is(err, ErrRoundOpen) {
					t.Fatalf("%s: Pair with round %d open: %v, want ErrRoundOpen", what, last.Number, err)
				}
				tr.Results = saved
			}
		}
		wantRematches, byeOK := -1, func(string) bool { return true }
		if ev.Format == Swiss && ev.twoEntrantTables() {
			wantRematches, byeOK = swissBest(tr)
		}
		r, err := tr.Pair()
		if errors.Is(err, ErrOver) {
			break
		}
		if err != nil {
			t.Fatalf("%s: round %d: %v", what, len(tr.Rounds)+1, err)
		}
		checkRound(t, what, tr, r)
		if wantRematches >= 0 {
			got := 0
			for _, tb := range r.Tables {
				if metBefore(tr.Rounds, tb.Sides[0][0], tb.Sides[1][0]) {
					got++
				}
			}
			if got != wantRematches {
				t.Fatalf("%s: round %d makes %d rematches, and %d can be had: %q", what, r.Number, got, wantRematches, sides(r))
			}
			for _, id := range r.Byes {
				if !byeOK(id) {
					t.Fatalf("%s: round %d gives %s a bye another, with fewer, could take: %q", what, r.Number, id, sides(r))
				}
			}
		}
		tr.Rounds = append(tr.Rounds, r)
		recordRound(t, what, tr, r, &rng)
		if len(tr.Rounds) > MaxRounds {
			t.Fatalf("%s: %d rounds paired", what, len(tr.Rounds))
		}
	}
	if ev.Format != Elimination && len(tr.Rounds) != ev.RoundsFor(n) {
		t.Fatalf("%s: %d rounds paired, and RoundsFor says %d", what, len(tr.Rounds), ev.RoundsFor(n))
	}
	if ev.Format == RoundRobin && ev.twoEntrantTables() && ev.Rounds == 0 {
		opposed, _ := meetings(tr.Rounds)
		everyPair(idsOf(ents), func(k string) {
			if opposed[k] != 1 {
				t.Fatalf("%s: a whole round robin in which %s met %d times", what, k, opposed[k])
			}
		})
	}
	checkTotals(t, what, tr)
	garble(t, what, tr, &rng)
}

// checkRound checks that a round seats every entrant at most once, with tables of the
// event's shape, and in every format but Elimination seats or gives a bye to everyone.
func checkRound(t *testing.T, what string, tr *Tournament, r Round) {
	t.Helper()
	ev := tr.Event
	seen := map[string]int{}
	for _, tb := range r.Tables {
		if len(tb.Sides) != ev.sides() {
			t.Fatalf("%s: round %d, table %d has %d sides", what, r.Number, tb.Number, len(tb.Sides))
		}
		for _, side := range tb.Sides {
			if len(side) != ev.perSide() {
				t.Fatalf("%s: round %d, table %d has a side of %d", what, r.Number, tb.Number, len(side))
			}
			for _, id := range side {
				seen[id]++
			}
		}
		players := map[string]bool{}
		seatings := [][]string{tb.Seats}
		if ev.Format == Duplicate {
			seatings = nil
			for _, d := range tb.Deals {
				seatings = append(seatings, d.Seats)
				if !isPermutation(d.Direction, ev.sides()) || d.Seed != DealSeed(ev.Seed, r.Number, len(seatings)) {
					t.Fatalf("%s: round %d, table %d, deal %d: directions %v, seed %d", what, r.Number, tb.Number, len(seatings), d.Direction, d.Seed)
				}
			}
			if len(seatings) != ev.Deals {
				t.Fatalf("%s: round %d, table %d plays %d deals", what, r.Number, tb.Number, len(seatings))
			}
		}
		for _, seats := range seatings {
			if len(seats) != ev.Seats {
				t.Fatalf("%s: round %d, table %d seats %d", what, r.Number, tb.Number, len(seats))
			}
			for _, p := range seats {
				players[p] = true
			}
		}
		if len(players) != ev.Seats {
			t.Fatalf("%s: round %d, table %d seats %d players: %q", what, r.Number, tb.Number, len(players), seatings)
		}
	}
	for _, id := range r.Byes {
		seen[id]++
	}
	for id, k := range seen {
		if k > 1 {
			t.Fatalf("%s: round %d seats %s %d times: %q, byes %q", what, r.Number, id, k, sides(r), r.Byes)
		}
	}
	if ev.Format != Elimination && len(seen) != len(tr.Entrants) {
		t.Fatalf("%s: round %d seats %d of %d entrants", what, r.Number, len(seen), len(tr.Entrants))
	}
	if ev.Format != Elimination && len(r.Byes) >= ev.perTable() {
		t.Fatalf("%s: round %d leaves out %d, enough for a table", what, r.Number, len(r.Byes))
	}
	if ev.Format == Duplicate && len(r.Tables) < 2 {
		t.Fatalf("%s: a duplicate round of %d tables", what, len(r.Tables))
	}
}

// recordRound records random results of a round: some void, and in Duplicate some deals
// unreported. It checks that CheckResult takes each, and refuses a second.
func recordRound(t *testing.T, what string, tr *Tournament, r Round, rng *stream) {
	t.Helper()
	ev := tr.Event
	for _, tb := range r.Tables {
		if ev.Format == Duplicate {
			for j := range tb.Deals {
				if rng.intn(8) == 0 {
					continue
				}
				d := DealResult{Round: r.Number, Table: tb.Number, Deal: j + 1}
				for range tb.Sides {
					d.Points = append(d.Points, rng.intn(7)*10-20)
				}
				if err := tr.CheckDealResult(d); err != nil {
					t.Fatalf("%s: %+v: %v", what, d, err)
				}
				tr.DealResults = append(tr.DealResults, d)
			}
			continue
		}
		res := Result{Round: r.Number, Table: tb.Number}
		switch k := len(tb.Sides); {
		case ev.Format != Elimination && rng.intn(10) == 0:
			res.Void = true
		default:
			outcome := make([]Outcome, k)
			for i := range outcome {
				outcome[i] = Loss
			}
			if ev.Format != Elimination && rng.intn(4) == 0 {
				for _, i := range []int{rng.intn(k), rng.intn(k), rng.intn(k)} {
					outcome[i] = Draw
				}
			}
			if draws := countOf(outcome, Draw); draws < 2 {
				if draws == 1 {
					outcome[slices.Index(outcome, Draw)] = Loss
				}
				outcome[rng.intn(k)] = Win
			}
			for _, o := range outcome {
				res.Sides = append(res.Sides, SideResult{Outcome: o, Points: rng.intn(50)*10 - 100})
			}
		}
		if err := tr.CheckResult(res); err != nil {
			t.Fatalf("%s: %+v: %v", what, res, err)
		}
		tr.Results = append(tr.Results, res)
		if err := tr.CheckResult(res); err == nil {
			t.Fatalf("%s: a second result for round %d, table %d was taken", what, r.Number, tb.Number)
		}
	}
}

// countOf counts o in outcomes.
func countOf(outcomes []Outcome, o Outcome) int {
	n := 0
	for _, x := range outcomes {
		if x == o {
			n++
		}
	}
	return n
}

// metBefore reports whether a and b sat at one table in rounds.
func metBefore(rounds []Round, a, b string) bool {
	for _, r := range rounds {
		for _, tb := range r.Tables {
			var ha, hb bool
			for _, side := range tb.Sides {
				ha = ha || slices.Contains(side, a)
				hb = hb || slices.Contains(side, b)
			}
			if ha && hb {
				return true
			}
		}
	}
	return false
}

// swissBest returns, by trying every pairing, the fewest rematches the next round of a
// Swiss event at two-entrant tables can make, and which entrants may sit out: one who,
// sitting out, lets the round make that few, and nobody with fewer byes could.
func swissBest(tr *Tournament) (int, func(string) bool) {
	ids := idsOf(tr.Entrants)
	n := len(ids)
	met := make([][]bool, n)
	byes := make([]int, n)
	for i := range met {
		met[i] = make([]bool, n)
		for j := range met[i] {
			met[i][j] = metBefore(tr.Rounds, ids[i], ids[j])
		}
	}
	for _, r := range tr.Rounds {
		for _, id := range r.Byes {
			byes[slices.Index(ids, id)]++
		}
	}
	memo := make([]int, 1<<n)
	for i := range memo {
		memo[i] = -1
	}
	var best func(mask int) int
	best = func(mask int) int {
		if mask == 0 {
			return 0
		}
		if memo[mask] >= 0 {
			return memo[mask]
		}
		i := bits.TrailingZeros(uint(mask))
		out := n
		for rest := mask &^ (1 << i); rest != 0; rest &= rest - 1 {
			j := bits.TrailingZeros(uint(rest))
			c := best(mask &^ (1 << i) &^ (1 << j))
			if met[i][j] {
				c++
			}
			out = min(out, c)
		}
		memo[mask] = out
		return out
	}
	all := 1<<n - 1
	if n%2 == 0 {
		return best(all), func(string) bool { return false }
	}
	without := make([]int, n)
	least := n
	for v := range n {
		without[v] = best(all &^ (1 << v))
		least = min(least, without[v])
	}
	return least, func(id string) bool {
		v := slices.Index(ids, id)
		if without[v] != least {
			return false
		}
		for u := range n {
			if byes[u] < byes[v] && without[u] == least {
				return false
			}
		}
		return true
	}
}

// checkTotals checks the standings, bracket or matchpoints of a finished event against
// what the rounds and results say, counted here independently.
func checkTotals(t *testing.T, what string, tr *Tournament) {
	t.Helper()
	ev := tr.Event
	if ev.Format == Duplicate {
		checkMatchpoints(t, what, tr)
		return
	}
	st, err := tr.Standings()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if len(st) != len(tr.Entrants) {
		t.Fatalf("%s: %d standings for %d entrants", what, len(st), len(tr.Entrants))
	}
	// Every entrant's games, counted from the tables: each once.
	games, byes := map[string]int{}, map[string]int{}
	score2 := map[string]int{}
	opponents := map[string][]string{}
	res := map[[2]int]Result{}
	for _, r := range tr.Results {
		res[[2]int{r.Round, r.Table}] = r
	}
	var sumFor, sumAgainst, winsNoBye, losses, draws int
	for _, r := range tr.Rounds {
		for _, id := range r.Byes {
			byes[id]++
			score2[id] += 2
		}
		for _, tb := range r.Tables {
			x, ok := res[[2]int{r.Number, tb.Number}]
			if !ok || x.Void {
				continue
			}
			for si, side := range tb.Sides {
				for _, id := range side {
					games[id]++
					score2[id] += map[Outcome]int{Win: 2, Draw: 1}[x.Sides[si].Outcome]
					for sj, other := range tb.Sides {
						if sj != si {
							opponents[id] = append(opponents[id], other...)
						}
					}
				}
			}
		}
	}
	seen := map[string]bool{}
	for k, s := range st {
		if seen[s.Entrant] {
			t.Fatalf("%s: %s stands twice", what, s.Entrant)
		}
		seen[s.Entrant] = true
		switch {
		case s.Played != s.Wins+s.Draws+s.Losses:
			t.Fatalf("%s: %s played %d, and won, drew and lost %d", what, s.Entrant, s.Played, s.Wins+s.Draws+s.Losses)
		case s.Played-s.Byes != games[s.Entrant] || s.Byes != byes[s.Entrant]:
			t.Fatalf("%s: %s played %d games and %d byes, and sat at %d tables with results and had %d byes",
				what, s.Entrant, s.Played-s.Byes, s.Byes, games[s.Entrant], byes[s.Entrant])
		case s.Score*2 != float64(score2[s.Entrant]) || s.Score != float64(s.Wins)+float64(s.Draws)/2:
			t.Fatalf("%s: %s scores %g, with %d wins and %d draws", what, s.Entrant, s.Score, s.Wins, s.Draws)
		case k == 0 && s.Rank != 1, k > 0 && s.Rank < st[k-1].Rank:
			t.Fatalf("%s: ranks %d after %d", what, s.Rank, st[max(k-1, 0)].Rank)
		case ev.Format != Elimination && k > 0 && s.Rank != k+1 && s.Rank != st[k-1].Rank:
			t.Fatalf("%s: rank %d in place %d after %d", what, s.Rank, k+1, st[k-1].Rank)
		}
		buch := 0.0
		for _, o := range opponents[s.Entrant] {
			buch += float64(score2[o]) / 2
		}
		if s.Buchholz != buch {
			t.Fatalf("%s: %s has Buchholz %g, and its opponents scored %g", what, s.Entrant, s.Buchholz, buch)
		}
		sumFor += s.PointsFor
		sumAgainst += s.PointsAgainst
		winsNoBye += s.Wins - s.Byes
		losses += s.Losses
		draws += s.Draws
	}
	if ev.twoEntrantTables() && (sumFor != sumAgainst || winsNoBye != losses || draws%2 != 0) {
		t.Fatalf("%s: points %d for and %d against, %d wins and %d losses, %d draws", what, sumFor, sumAgainst, winsNoBye, losses, draws)
	}
	if ev.Format != Swiss && ev.Format != RoundRobin {
		checkBracket(t, what, tr, st)
		return
	}
	// Each tiebreak separates only what the ones before leave level.
	for k := 1; k < len(st); k++ {
		a, b := st[k-1], st[k]
		switch {
		case a.Score < b.Score,
			a.Score == b.Score && ev.Format == Swiss && a.Buchholz < b.Buchholz:
			t.Fatalf("%s: %+v above %+v", what, a, b)
		case a.Rank == b.Rank && (a.Score != b.Score || a.Buchholz != b.Buchholz && ev.Format == Swiss ||
			a.HeadToHead != b.HeadToHead || a.PointDifference() != b.PointDifference()):
			t.Fatalf("%s: %+v and %+v share a rank", what, a, b)
		}
	}
}

// checkBracket checks an elimination's bracket: everyone out once, a champion who won
// every match it played, and places by the round each lost in.
func checkBracket(t *testing.T, what string, tr *Tournament, st []Standing) {
	t.Helper()
	b, err := tr.Bracket()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if b.Champion == "" {
		t.Fatalf("%s: a bracket played to the end with no champion", what)
	}
	for _, s := range st {
		if s.Entrant == b.Champion && (s.Losses != 0 || s.Rank != 1) {
			t.Fatalf("%s: the champion %s lost %d and ranks %d", what, s.Entrant, s.Losses, s.Rank)
		}
		if s.Entrant != b.Champion && (s.Losses != 1 || s.Rank == 1) {
			t.Fatalf("%s: %s lost %d and ranks %d, and is not the champion", what, s.Entrant, s.Losses, s.Rank)
		}
	}
	for _, p := range b.Places {
		if p.Entrant != b.Champion && p.Place != b.Size>>p.Out+1 {
			t.Fatalf("%s: %+v in a bracket of %d", what, p, b.Size)
		}
	}
}

// checkMatchpoints checks a duplicate event's matchpoints: they add up to n(n-1) on
// every hand n results were compared on, and every percentage is between 0 and 100.
func checkMatchpoints(t *testing.T, what string, tr *Tournament) {
	t.Helper()
	mp, err := tr.Matchpoints()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	tables := map[[2]int]Table{}
	for _, r := range tr.Rounds {
		for _, tb := range r.Tables {
			tables[[2]int{r.Number, tb.Number}] = tb
		}
	}
	holders := map[[3]int]int{} // round, deal, direction: results
	players := map[[3]int]int{} // and the entrants who held them
	for _, d := range tr.DealResults {
		tb := tables[[2]int{d.Round, d.Table}]
		for si, side := range tb.Sides {
			h := [3]int{d.Round, d.Deal, tb.Deals[d.Deal-1].Direction[si]}
			holders[h]++
			players[h] += len(side)
		}
	}
	want := 0
	for h, k := range holders {
		if k > 1 {
			want += (k - 1) * players[h] // k results of players[h]/k entrants each
		}
	}
	got := 0
	for _, m := range mp {
		got += m.Matchpoints
		if m.Percent < 0 || m.Percent > 100 || m.Matchpoints > m.Top {
			t.Fatalf("%s: %+v", what, m)
		}
	}
	if got != want {
		t.Fatalf("%s: %d matchpoints, and the hands hold %d", what, got, want)
	}
}

// garble spoils a copy of the finished event's history in one random way and checks that
// every method refuses it, or at least does not panic.
func garble(t *testing.T, what string, tr *Tournament, rng *stream) {
	t.Helper()
	if len(tr.Rounds) == 0 {
		return
	}
	g := &Tournament{Event: tr.Event, Entrants: tr.Entrants, Results: tr.Results, DealResults: tr.DealResults}
	for _, r := range tr.Rounds {
		c := r
		c.Tables = nil
		for _, tb := range r.Tables {
			tb.Sides = slices.Clone(tb.Sides)
			for i := range tb.Sides {
				tb.Sides[i] = slices.Clone(tb.Sides[i])
			}
			c.Tables = append(c.Tables, tb)
		}
		g.Rounds = append(g.Rounds, c)
	}
	r := &g.Rounds[rng.intn(len(g.Rounds))]
	switch rng.intn(4) {
	case 0:
		r.Number++
	case 1:
		if len(r.Tables) > 0 {
			r.Tables[0].Sides[0][0] = "stranger"
		}
	case 2:
		if len(r.Tables) > 1 {
			r.Tables[0].Sides[0][0] = r.Tables[1].Sides[0][0] // one entrant at two tables
		}
	case 3:
		g.Results = append(slices.Clone(g.Results), Result{Round: r.Number, Table: rng.intn(5), Sides: []SideResult{{Outcome: Outcome(rng.intn(5))}}})
	}
	g.Pair()
	g.Standings()
	g.Bracket()
	g.Matchpoints()
	g.Schedule()
}
