package event

import (
	"fmt"
	"slices"
)

// A Tournament is an event under way: its description, its entrants, the rounds paired so
// far and the results recorded so far. The caller stores each part and hands them all back;
// the methods check that they fit together and return an error wrapping ErrHistory, never
// a wrong answer, when they do not.
type Tournament struct {
	Event    Event
	Entrants []Entrant
	// Rounds are the rounds paired so far, as Pair returned them, round 1 first.
	Rounds []Round
	// Results are the tables' results recorded so far, in any order: at most one a table.
	Results []Result
	// DealResults are a duplicate event's results, one for each deal a table has played.
	DealResults []DealResult
}

// A Round is one round of an event: its tables and who sits out.
type Round struct {
	// Number is the round's number, from 1.
	Number int
	// Tables are the round's tables, table 1 first: in Elimination in bracket order, in
	// the other formats from the best-placed entrant down.
	Tables []Table
	// Byes are the entrants who sit the round out. A bye scores as a win without points
	// (see Standing); in Duplicate it scores nothing.
	Byes []string
}

// A Table is one table of a round: who plays on each side, and where they sit.
type Table struct {
	// Number is the table's number in its round, from 1.
	Number int
	// Sides are the entrant IDs of each side: side i plays the engine's team i (in
	// three-handed, seat i).
	Sides [][]string
	// Seats are the players' user IDs in the engine's seat order: side i's players sit at
	// seats i, i+2 and i+4 in the order its entrants list them (in three-handed, side i
	// at seat i). A duplicate table's seats change from deal to deal and are in Deals.
	Seats []string
	// Deals are the deals a duplicate table plays, in order; nil in the other formats.
	Deals []Deal
}

// A Deal is one deal a duplicate table plays: the first hand of engine.NewGame(rules,
// Seed), dealt the same way at every table of the round, and who holds which cards.
type Deal struct {
	Seed uint64
	// Seats are the players' user IDs in the engine's seat order for this deal.
	Seats []string
	// Direction[i] is the hand table side i holds on this deal: the engine's team (0 or 1)
	// whose seats it sits in, or in three-handed the seat. Results on the same deal and
	// direction are compared with each other (see Matchpoints).
	Direction []int
}

// Outcome is how a game ended for one side.
type Outcome uint8

const (
	// Win: the side won the table, alone.
	Win Outcome = iota + 1
	// Draw: the side shared first place (in three-handed with one other side, or both).
	Draw
	// Loss: another side finished ahead.
	Loss
)

// String returns "win", "draw" or "loss".
func (o Outcome) String() string {
	switch o {
	case Win:
		return "win"
	case Draw:
		return "draw"
	case Loss:
		return "loss"
	}
	return fmt.Sprintf("Outcome(%d)", uint8(o))
}

// OutcomesOf returns each side's outcome from its place at the end of a game, 1 for the
// first (league.Result.Places, read per side): a side alone in first place wins, sides
// sharing first place draw, and every other side loses.
func OutcomesOf(places []int) []Outcome {
	first := 0
	for _, p := range places {
		if p == 1 {
			first++
		}
	}
	out := make([]Outcome, len(places))
	for i, p := range places {
		switch {
		case p != 1:
			out[i] = Loss
		case first == 1:
			out[i] = Win
		default:
			out[i] = Draw
		}
	}
	return out
}

// A Result is how a table ended.
type Result struct {
	Round, Table int
	// Sides are each side's result, in the table's side order.
	Sides []SideResult
	// Void marks a table the organiser voided: it counts for nobody, its Sides are empty,
	// and its entrants have still met for pairing.
	Void bool
}

// A SideResult is one side's result at a table: its outcome, and the points it scored
// (its final score in the game, which may be negative; for a forfeit whatever the
// organiser's rule gives).
type SideResult struct {
	Outcome Outcome
	Points  int
}

// A DealResult is what a duplicate table scored on one deal.
type DealResult struct {
	Round, Table int
	// Deal is the deal's number in the table's Deals, from 1.
	Deal int
	// Points are the points each side scored on the deal, in the table's side order.
	Points []int
}

// key names a table of a round.
type key struct{ round, table int }

// state is a tournament checked and indexed: entrants in seed order, and what every
// entrant has done so far.
type state struct {
	ev      Event
	ents    []Entrant // in seed order
	index   map[string]int
	rounds  []Round
	tables  map[key]*Table
	results map[key]Result
	deals   map[dealKey]DealResult
	// meetings count, for every two entrants, the earlier tables at which they sat on
	// different sides (opposed) or on the same side (partnered), voided tables included.
	opposed, partnered [][]int
	// byes counts each entrant's byes; onSide[i][s] its tables on side s.
	byes   []int
	onSide [][3]int
}

// dealKey names a deal of a table of a round.
type dealKey struct{ round, table, deal int }

// load checks t and indexes it.
func (t *Tournament) load() (*state, error) {
	ev := t.Event
	if err := ev.Check(t.Entrants); err != nil {
		return nil, err
	}
	s := &state{ev: ev, ents: seeded(ev.Seed, t.Entrants)}
	n := len(s.ents)
	s.index = make(map[string]int, n)
	for i, en := range s.ents {
		s.index[en.ID] = i
	}
	s.opposed, s.partnered = square(n), square(n)
	s.byes, s.onSide = make([]int, n), make([][3]int, n)
	s.tables = make(map[key]*Table)
	if len(t.Rounds) > ev.RoundsFor(n) {
		return nil, fmt.Errorf("%w: %d rounds paired, and the event plays %d", ErrHistory, len(t.Rounds), ev.RoundsFor(n))
	}
	for i := range t.Rounds {
		if err := s.addRound(&t.Rounds[i], i+1); err != nil {
			return nil, fmt.Errorf("%w: round %d: %w", ErrHistory, i+1, err)
		}
	}
	s.rounds = t.Rounds
	s.results = make(map[key]Result, len(t.Results))
	for _, r := range t.Results {
		if err := s.checkResult(r); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrHistory, err)
		}
		if _, dup := s.results[key{r.Round, r.Table}]; dup {
			return nil, fmt.Errorf("%w: round %d, table %d has two results", ErrHistory, r.Round, r.Table)
		}
		s.results[key{r.Round, r.Table}] = r
	}
	s.deals = make(map[dealKey]DealResult, len(t.DealResults))
	for _, d := range t.DealResults {
		if err := s.checkDealResult(d); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrHistory, err)
		}
		k := dealKey{d.Round, d.Table, d.Deal}
		if _, dup := s.deals[k]; dup {
			return nil, fmt.Errorf("%w: round %d, table %d, deal %d has two results", ErrHistory, d.Round, d.Table, d.Deal)
		}
		s.deals[k] = d
	}
	return s, nil
}

// square returns an n by n matrix of zeros.
func square(n int) [][]int {
	cells := make([]int, n*n)
	m := make([][]int, n)
	for i := range m {
		m[i] = cells[i*n : (i+1)*n]
	}
	return m
}

// addRound checks round r, the number'th, and adds its meetings.
func (s *state) addRound(r *Round, number int) error {
	ev := s.ev
	if r.Number != number {
		return fmt.Errorf("numbered %d", r.Number)
	}
	seated := make(map[int]bool)
	sit := func(id string) (int, error) {
		i, ok := s.index[id]
		if !ok {
			return 0, fmt.Errorf("%q has not entered", id)
		}
		if seated[i] {
			return 0, fmt.Errorf("%q is seated twice", id)
		}
		seated[i] = true
		return i, nil
	}
	for ti := range r.Tables {
		tb := &r.Tables[ti]
		if tb.Number != ti+1 {
			return fmt.Errorf("table %d is numbered %d", ti+1, tb.Number)
		}
		if len(tb.Sides) != ev.sides() {
			return fmt.Errorf("table %d has %d sides, not %d", tb.Number, len(tb.Sides), ev.sides())
		}
		sides := make([][]int, len(tb.Sides))
		for si, side := range tb.Sides {
			if len(side) != ev.perSide() {
				return fmt.Errorf("table %d, side %d has %d entrants, not %d", tb.Number, si, len(side), ev.perSide())
			}
			for _, id := range side {
				i, err := sit(id)
				if err != nil {
					return fmt.Errorf("table %d: %w", tb.Number, err)
				}
				sides[si] = append(sides[si], i)
			}
		}
		if err := s.checkSeats(number, tb, sides); err != nil {
			return fmt.Errorf("table %d: %w", tb.Number, err)
		}
		s.tables[key{number, tb.Number}] = tb
		s.meet(sides)
	}
	for _, id := range r.Byes {
		i, err := sit(id)
		if err != nil {
			return fmt.Errorf("bye: %w", err)
		}
		s.byes[i]++
	}
	return nil
}

// checkSeats checks that a table of round number seats its sides' players as the event
// does, and in Duplicate deals the round's deals.
func (s *state) checkSeats(number int, tb *Table, sides [][]int) error {
	if s.ev.Format != Duplicate {
		if len(tb.Deals) != 0 {
			return fmt.Errorf("deals at a table of a %s event", s.ev.Format)
		}
		if !slices.Equal(tb.Seats, s.seats(sides, identity(len(sides)))) {
			return fmt.Errorf("seats %q do not seat its sides", tb.Seats)
		}
		return nil
	}
	if len(tb.Seats) != 0 {
		return fmt.Errorf("one seating for every deal at a duplicate table")
	}
	if len(tb.Deals) != s.ev.Deals {
		return fmt.Errorf("%d deals, and the event plays %d", len(tb.Deals), s.ev.Deals)
	}
	for di, d := range tb.Deals {
		if !isPermutation(d.Direction, len(sides)) {
			return fmt.Errorf("deal %d: directions %v do not give each side one hand", di+1, d.Direction)
		}
		if d.Seed != DealSeed(s.ev.Seed, number, di+1) {
			return fmt.Errorf("deal %d: seed %d is not the round's", di+1, d.Seed)
		}
		if !slices.Equal(d.Seats, s.seats(sides, d.Direction)) {
			return fmt.Errorf("deal %d: seats %q do not seat its sides", di+1, d.Seats)
		}
	}
	return nil
}

// isPermutation reports whether p holds each of 0 to n-1 once.
func isPermutation(p []int, n int) bool {
	if len(p) != n {
		return false
	}
	seen := make([]bool, n)
	for _, v := range p {
		if v < 0 || v >= n || seen[v] {
			return false
		}
		seen[v] = true
	}
	return true
}

// identity returns 0, 1, ..., n-1.
func identity(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	return p
}

// seats returns the user IDs in engine seat order of a table whose side i holds hand
// direction[i]: the players of a two-sided table's side sit in its team's seats (d, d+2,
// d+4) in order, and a three-handed side at seat d.
func (s *state) seats(sides [][]int, direction []int) []string {
	out := make([]string, s.ev.Seats)
	for si, side := range sides {
		d := direction[si]
		k := 0
		for _, i := range side {
			for _, p := range s.ents[i].Members() {
				out[d+k*len(sides)] = p
				k++
			}
		}
	}
	return out
}

// meet counts a table's meetings and the sides its entrants sat on.
func (s *state) meet(sides [][]int) {
	for si, side := range sides {
		for _, a := range side {
			s.onSide[a][si]++
			for sj, other := range sides {
				for _, b := range other {
					switch {
					case a == b:
					case si == sj:
						s.partnered[a][b]++
					default:
						s.opposed[a][b]++
					}
				}
			}
		}
	}
}

// met returns how often entrants a and b sat at the same table.
func (s *state) met(a, b int) int { return s.opposed[a][b] + s.partnered[a][b] }

// CheckResult reports whether r can be recorded: its table exists and has no result yet,
// it gives every side a result, and the outcomes agree (one winner and the rest losers,
// or sides sharing first place drawing and the rest losing). Results of a Duplicate event
// are DealResults, and an Elimination table cannot be drawn or voided: it needs a winner.
func (t *Tournament) CheckResult(r Result) error {
	s, err := t.load()
	if err != nil {
		return err
	}
	if _, dup := s.results[key{r.Round, r.Table}]; dup {
		return fmt.Errorf("%w: round %d, table %d already has a result", ErrHistory, r.Round, r.Table)
	}
	if err := s.checkResult(r); err != nil {
		return fmt.Errorf("%w: %w", ErrHistory, err)
	}
	return nil
}

// checkResult checks a result against the tables and the format.
func (s *state) checkResult(r Result) error {
	if s.ev.Format == Duplicate {
		return fmt.Errorf("round %d, table %d: a duplicate table reports its deals, not a result", r.Round, r.Table)
	}
	tb, ok := s.tables[key{r.Round, r.Table}]
	if !ok {
		return fmt.Errorf("round %d has no table %d", r.Round, r.Table)
	}
	if r.Void {
		if len(r.Sides) != 0 {
			return fmt.Errorf("round %d, table %d: a void table has no side results", r.Round, r.Table)
		}
		if s.ev.Format == Elimination {
			return fmt.Errorf("round %d, table %d: an elimination table cannot be void, someone must go through", r.Round, r.Table)
		}
		return nil
	}
	if len(r.Sides) != len(tb.Sides) {
		return fmt.Errorf("round %d, table %d: %d side results for %d sides", r.Round, r.Table, len(r.Sides), len(tb.Sides))
	}
	var wins, draws int
	for _, sr := range r.Sides {
		switch sr.Outcome {
		case Win:
			wins++
		case Draw:
			draws++
		case Loss:
		default:
			return fmt.Errorf("round %d, table %d: outcome %d is no win, draw or loss", r.Round, r.Table, sr.Outcome)
		}
	}
	switch {
	case wins > 1 || wins == 1 && draws > 0:
		return fmt.Errorf("round %d, table %d: %d winners and %d draws: one side wins alone, or the first sides draw", r.Round, r.Table, wins, draws)
	case wins == 0 && draws < 2:
		return fmt.Errorf("round %d, table %d: nobody won, and a draw needs two sides sharing first place", r.Round, r.Table)
	case s.ev.Format == Elimination && wins == 0:
		return fmt.Errorf("round %d, table %d: an elimination table cannot be drawn, someone must go through", r.Round, r.Table)
	}
	return nil
}

// CheckDealResult reports whether d can be recorded: the event is Duplicate, the deal
// exists at its table and has no result yet, and it gives every side its points.
func (t *Tournament) CheckDealResult(d DealResult) error {
	s, err := t.load()
	if err != nil {
		return err
	}
	if _, dup := s.deals[dealKey{d.Round, d.Table, d.Deal}]; dup {
		return fmt.Errorf("%w: round %d, table %d, deal %d already has a result", ErrHistory, d.Round, d.Table, d.Deal)
	}
	if err := s.checkDealResult(d); err != nil {
		return fmt.Errorf("%w: %w", ErrHistory, err)
	}
	return nil
}

// checkDealResult checks a deal's result against its table.
func (s *state) checkDealResult(d DealResult) error {
	if s.ev.Format != Duplicate {
		return fmt.Errorf("round %d, table %d: only a duplicate table reports deals", d.Round, d.Table)
	}
	tb, ok := s.tables[key{d.Round, d.Table}]
	if !ok {
		return fmt.Errorf("round %d has no table %d", d.Round, d.Table)
	}
	if d.Deal < 1 || d.Deal > len(tb.Deals) {
		return fmt.Errorf("round %d, table %d has no deal %d", d.Round, d.Table, d.Deal)
	}
	if len(d.Points) != len(tb.Sides) {
		return fmt.Errorf("round %d, table %d, deal %d: points for %d sides, and it has %d", d.Round, d.Table, d.Deal, len(d.Points), len(tb.Sides))
	}
	return nil
}

// Seeds returns the entrants' IDs in seed order, the strongest first: by rating, highest
// first, and entrants with equal ratings in an order drawn by the event's Seed.
func (t *Tournament) Seeds() ([]string, error) {
	if err := t.Event.Check(t.Entrants); err != nil {
		return nil, err
	}
	var ids []string
	for _, en := range seeded(t.Event.Seed, t.Entrants) {
		ids = append(ids, en.ID)
	}
	return ids, nil
}
