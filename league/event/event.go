// Package event runs the pure part of a league event: it checks that an event can run with
// its entrants, pairs each round (round robin, Swiss, single elimination, duplicate), seats
// every table, and turns recorded results into standings, a bracket or matchpoints. It also
// gives each server its daily deal and compares a daily result with the others.
//
// Nothing here reads a clock, a random source, a database or Discord: every function is a
// plain function of its arguments, and where the rules leave a choice to chance the event's
// Seed decides it, so that the same event, entrants and results always give the same round.
// The caller stores the rounds Pair returns and the results the tables report, and hands
// them back in a Tournament.
//
// # Tables and sides
//
// A table seats Event.Seats players in the engine's seat order. Its players form sides:
// two sides in two-handed (one player each), four-handed (partnerships of two: seats 0 and
// 2 against 1 and 3) and six-handed (partnerships of three: seats 0, 2 and 4 against 1, 3
// and 5) games, and three sides of one player in three-handed games, where every player
// scores alone. Side i of a table sits in the engine's team i (in three-handed, seat i).
// Seat 0 deals first.
//
// An entrant is what a side is made of: a player alone (Individuals, and NewPartners, where
// the players of a side change every round) or a fixed partnership (Partnerships).
package event

import (
	"errors"
	"fmt"
	"math"
)

// Format is how an event pairs its rounds and ranks its entrants.
type Format uint8

const (
	// RoundRobin: every entrant meets every other once. At two-sided tables the circle
	// method gives the schedule; at other tables (three-handed, new partners every round)
	// each round is chosen to balance meetings (see Tournament.Pair).
	RoundRobin Format = iota + 1
	// Swiss: a fixed number of rounds, each pairing entrants with equal scores while
	// nobody meets anyone twice when that can be avoided.
	Swiss
	// Elimination: single elimination. Entrants are seeded by rating into a bracket; a
	// table's loser is out and its winner meets the winner of the neighbouring table.
	Elimination
	// Duplicate: every table of a round plays the same deals, with the cards turned so
	// that each side holds each hand somewhere in the room, and each result is scored in
	// matchpoints against the others on the same cards.
	Duplicate
)

// String returns the format's name in lower case, as a sentence would use it.
func (f Format) String() string {
	switch f {
	case RoundRobin:
		return "round robin"
	case Swiss:
		return "Swiss"
	case Elimination:
		return "single elimination"
	case Duplicate:
		return "duplicate"
	}
	return fmt.Sprintf("Format(%d)", uint8(f))
}

// Entry is what an entrant is.
type Entry uint8

const (
	// Individuals: every entrant is one player, who plays alone (two- and three-handed).
	Individuals Entry = iota + 1
	// Partnerships: every entrant is a fixed partnership (four- and six-handed), whose
	// players sit in the order Entrant.Players lists them.
	Partnerships
	// NewPartners: every entrant is one player, drawn into a new partnership every round
	// (four- and six-handed). Results and standings belong to the players.
	NewPartners
)

// String returns the entry's name in lower case, as a sentence would use it.
func (e Entry) String() string {
	switch e {
	case Individuals:
		return "players alone"
	case Partnerships:
		return "fixed partnerships"
	case NewPartners:
		return "new partners every round"
	}
	return fmt.Sprintf("Entry(%d)", uint8(e))
}

// Limits on an event, so that no input makes pairing run for long.
const (
	// MaxEntrants is the most entrants an event takes.
	MaxEntrants = 512
	// MaxRounds is the most rounds an event plays.
	MaxRounds = 64
	// MaxDeals is the most deals a table of a duplicate round plays.
	MaxDeals = 36
)

// Errors the package returns, wrapped with what went wrong.
var (
	// ErrEvent: the event's description cannot run (an unknown format, a format that
	// does not suit the table, too many rounds).
	ErrEvent = errors.New("event: the event cannot run as described")
	// ErrEntrants: the event cannot run with these entrants (too few, a partnership of the
	// wrong size, a player entered twice).
	ErrEntrants = errors.New("event: the event cannot run with these entrants")
	// ErrHistory: the rounds or results given do not belong to the event (a table that
	// does not exist, a result whose sides do not add up, a result recorded twice).
	ErrHistory = errors.New("event: the rounds and results do not fit the event")
	// ErrRoundOpen: the next round depends on results an earlier round has not reported.
	ErrRoundOpen = errors.New("event: an earlier round is not finished")
	// ErrOver: the event has paired all its rounds.
	ErrOver = errors.New("event: every round has been paired")
	// ErrFormat: the operation does not apply to the event's format.
	ErrFormat = errors.New("event: not for this format")
)

// Event describes a league event: how it pairs, who enters and what a table is. The zero
// Event is not valid; Validate says why.
type Event struct {
	Format Format
	Entry  Entry
	// Seats is the number of seats at a table, the preset's engine.Rules.Players: 2 or 3
	// for Individuals, 4 or 6 for Partnerships and NewPartners (sides of 2 or 3).
	Seats int
	// Rounds is the number of rounds. RoundRobin and Duplicate take 0 for a whole cycle
	// (see RoundsFor), or fewer rounds than one; Swiss needs at least 1; Elimination takes
	// 0, or exactly the rounds its bracket has.
	Rounds int
	// Deals is the number of deals each table plays in a round of a Duplicate event (at
	// least 1; a multiple of the sides at a table gives every side each hand equally
	// often). It is 0 in other formats.
	Deals int
	// Seed decides what the rules leave to chance: the order of entrants with equal
	// ratings, the deals of a duplicate event, and where the search for tables of more
	// than two sides starts.
	Seed uint64
}

// Validate reports whether the event's description can run with some entrants: a known
// format and entry, a table the entry can sit at, and rounds and deals the format takes.
// Check also looks at the entrants.
func (e Event) Validate() error {
	switch e.Format {
	case RoundRobin, Swiss, Elimination, Duplicate:
	default:
		return fmt.Errorf("%w: unknown format %d", ErrEvent, e.Format)
	}
	switch e.Entry {
	case Individuals:
		if e.Seats != 2 && e.Seats != 3 {
			return fmt.Errorf("%w: players alone sit at tables of 2 or 3, not %d", ErrEvent, e.Seats)
		}
	case Partnerships, NewPartners:
		if e.Seats != 4 && e.Seats != 6 {
			return fmt.Errorf("%w: %s sit at tables of 4 or 6, not %d", ErrEvent, e.Entry, e.Seats)
		}
	default:
		return fmt.Errorf("%w: unknown entry %d", ErrEvent, e.Entry)
	}
	if e.Format == Elimination && !e.twoEntrantTables() {
		return fmt.Errorf("%w: single elimination needs two entrants a table, and %s at %d seats puts %d at one; play round robin or Swiss",
			ErrEvent, e.Entry, e.Seats, e.perTable())
	}
	switch {
	case e.Rounds < 0 || e.Rounds > MaxRounds:
		return fmt.Errorf("%w: %d rounds: an event plays 1 to %d", ErrEvent, e.Rounds, MaxRounds)
	case e.Rounds == 0 && e.Format == Swiss:
		return fmt.Errorf("%w: a Swiss event needs its number of rounds", ErrEvent)
	}
	switch {
	case e.Format == Duplicate && (e.Deals < 1 || e.Deals > MaxDeals):
		return fmt.Errorf("%w: a duplicate round plays 1 to %d deals a table, not %d", ErrEvent, MaxDeals, e.Deals)
	case e.Format != Duplicate && e.Deals != 0:
		return fmt.Errorf("%w: only a duplicate event plays a set number of deals", ErrEvent)
	}
	return nil
}

// Check reports whether the event can run with entrants: its description is valid, every
// entrant has an ID of its own, every partnership has a player for each seat of its side
// and no player is entered twice, ratings are finite numbers, and there are enough
// entrants for the format (MinEntrants) and its rounds (RoundsFor).
func (e Event) Check(entrants []Entrant) error {
	if err := e.Validate(); err != nil {
		return err
	}
	if len(entrants) > MaxEntrants {
		return fmt.Errorf("%w: %d entrants: an event takes at most %d", ErrEntrants, len(entrants), MaxEntrants)
	}
	ids := make(map[string]bool, len(entrants))
	players := make(map[string]string, len(entrants))
	for _, en := range entrants {
		if en.ID == "" {
			return fmt.Errorf("%w: an entrant has no ID", ErrEntrants)
		}
		if ids[en.ID] {
			return fmt.Errorf("%w: %q is entered twice", ErrEntrants, en.ID)
		}
		ids[en.ID] = true
		if math.IsNaN(en.Rating) || math.IsInf(en.Rating, 0) {
			return fmt.Errorf("%w: %q has no rating that ranks (%v)", ErrEntrants, en.ID, en.Rating)
		}
		if e.Entry == Partnerships {
			if len(en.Players) != e.Seats/2 {
				return fmt.Errorf("%w: partnership %q has %s, and a side of a %d-seat table has %d",
					ErrEntrants, en.ID, count(len(en.Players), "player"), e.Seats, e.Seats/2)
			}
		} else if len(en.Players) > 1 || len(en.Players) == 1 && en.Players[0] != en.ID {
			return fmt.Errorf("%w: %q enters alone and cannot bring players", ErrEntrants, en.ID)
		}
		for _, p := range en.Members() {
			if p == "" {
				return fmt.Errorf("%w: partnership %q has a player with no ID", ErrEntrants, en.ID)
			}
			if other, ok := players[p]; ok {
				return fmt.Errorf("%w: player %q is in both %q and %q", ErrEntrants, p, other, en.ID)
			}
			players[p] = en.ID
		}
	}
	if min := e.MinEntrants(); len(entrants) < min {
		return fmt.Errorf("%w: %s at %d seats needs at least %d entrants, and has %d",
			ErrEntrants, e.Format, e.Seats, min, len(entrants))
	}
	n := len(entrants)
	switch {
	case e.Format == Elimination && e.Rounds != 0 && e.Rounds != e.RoundsFor(n):
		return fmt.Errorf("%w: a bracket of %d entrants plays %s, not %d", ErrEntrants, n, count(e.RoundsFor(n), "round"), e.Rounds)
	case e.Format != Elimination && e.Rounds > e.cycle(n):
		return fmt.Errorf("%w: %d entrants play at most %s of %s, not %d", ErrEntrants, n, count(e.cycle(n), "round"), e.Format, e.Rounds)
	}
	return nil
}

// MinEntrants returns the fewest entrants the event runs with: enough for one table, and
// for Duplicate two tables, since a result on the same cards is scored against another.
func (e Event) MinEntrants() int {
	if e.Format == Duplicate {
		return 2 * e.perTable()
	}
	return e.perTable()
}

// RoundsFor returns the number of rounds the event plays with n entrants: Event.Rounds
// for Swiss; for Elimination the rounds of a bracket of n rounded up to a power of two;
// for RoundRobin and Duplicate Event.Rounds, or when it is 0 a whole cycle.
//
// At tables of two entrants a whole cycle takes n-1 rounds (n when n is odd, one entrant
// sitting out each round), after which everyone has met everyone. Elsewhere a cycle lasts
// until every player could have met every other once (three-handed, or six-handed with new
// partners: (n-1)/2 rounds rounded up) or partnered every other once (four-handed with new
// partners: n-1 rounds). Swiss may play as many rounds as a cycle at tables of two
// entrants, and n-1 elsewhere.
func (e Event) RoundsFor(n int) int {
	switch {
	case n < e.perTable():
		return 0
	case e.Format == Elimination:
		r := 0
		for 1<<r < n {
			r++
		}
		return r
	case e.Format == Swiss || e.Rounds > 0:
		return e.Rounds
	}
	return e.cycle(n)
}

// cycle returns the rounds of a whole round robin of n entrants, and for Swiss the most
// rounds it may play.
func (e Event) cycle(n int) int {
	switch {
	case e.twoEntrantTables():
		return n - 1 + n%2
	case e.Format == Swiss:
		return n - 1
	case e.Entry == NewPartners && e.Seats == 4:
		return n - 1
	}
	return n / 2 // (n-1)/2 rounded up
}

// sides returns the number of sides at a table.
func (e Event) sides() int {
	if e.Seats == 3 {
		return 3
	}
	return 2
}

// perSide returns the number of entrants on a side.
func (e Event) perSide() int {
	if e.Entry == NewPartners {
		return e.Seats / 2
	}
	return 1
}

// perTable returns the number of entrants at a table.
func (e Event) perTable() int { return e.sides() * e.perSide() }

// twoEntrantTables reports whether every table seats two entrants, one a side.
func (e Event) twoEntrantTables() bool { return e.perTable() == 2 }

// An Entrant is who enters an event: a player alone, or a fixed partnership.
type Entrant struct {
	// ID names the entrant in rounds, results and standings: a player's user ID, or
	// for a partnership a name the caller chooses, unique in the event.
	ID string
	// Players are a partnership's user IDs, in the order they sit; nil for a player alone.
	Players []string
	// Rating ranks the entrant when seeding: higher is stronger. Equal ratings (all zero
	// when the caller has none) are put in an order drawn by the event's Seed.
	Rating float64
}

// Members returns the user IDs of the players the entrant seats: a partnership's Players,
// or the player alone.
func (en Entrant) Members() []string {
	if len(en.Players) > 0 {
		return en.Players
	}
	return []string{en.ID}
}

// count returns n and noun, in the plural unless n is 1.
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
