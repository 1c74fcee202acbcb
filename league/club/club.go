// Package club is the record of a server's organised play as the store keeps it and the bot
// runs it: league events (their description, entrants, rounds, tables and results, and
// where the bot shows them) and the daily deal (each day's deal and everyone's play of it).
// The pure rules of an event (pairing, standings, matchpoints) are package event's; this
// package names what is kept around them, and the few plain functions that read it: who
// the entrants are, what a finished game means for its table, a player's streak of daily
// deals. It knows no database and no Discord.
package club

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/league/event"
	"github.com/pinochle-discord/pinochle/table"
)

// Status is where an event is in its life.
type Status string

// The statuses of an event.
const (
	// StatusSignup: entry is open until the event's start.
	StatusSignup Status = "signup"
	// StatusRunning: entry is closed and rounds are played.
	StatusRunning Status = "running"
	// StatusPaused: an organiser paused the event: no round opens and no deadline falls
	// until it resumes (games under way go on, and their results count).
	StatusPaused Status = "paused"
	// StatusFinished: every round is played, or an organiser ended the event; its
	// standings are final.
	StatusFinished Status = "finished"
	// StatusCancelled: the event could not run (too few entrants at the start, or a
	// format its entrants cannot play), or an organiser ended it before its start.
	StatusCancelled Status = "cancelled"
)

// Valid reports whether s is one of the statuses.
func (s Status) Valid() bool {
	switch s {
	case StatusSignup, StatusRunning, StatusPaused, StatusFinished, StatusCancelled:
		return true
	}
	return false
}

// Open reports whether the event is not over: signing up, running or paused.
func (s Status) Open() bool { return s == StatusSignup || s == StatusRunning || s == StatusPaused }

// Settle is what becomes of a table that has not finished at its round's deadline.
type Settle string

// The ways of settling an unfinished table.
const (
	// SettleComputer: computer players take every seat and finish the game; its result
	// stands as any other.
	SettleComputer Settle = "computer"
	// SettleForfeit: the side the game waits for at the deadline forfeits it (when it
	// waits for nobody, computer players finish it).
	SettleForfeit Settle = "forfeit"
)

// Valid reports whether s is one of the ways of settling.
func (s Settle) Valid() bool { return s == SettleComputer || s == SettleForfeit }

// Limits on what an event may be given.
const (
	// MaxNameLen is the longest name of an event, in characters.
	MaxNameLen = 80
	// MinRoundLength and MaxRoundLength bound a round's length.
	MinRoundLength = 10 * time.Minute
	MaxRoundLength = 14 * 24 * time.Hour
)

// Event is a league event as a server runs it: what it is (Spec, the rules of its tables),
// when and how it runs, who organises it and where the bot shows it.
type Event struct {
	ID        int64
	GuildID   string
	ChannelID string // where its sign-up, tables and standings are posted
	Name      string
	// Spec is the event's format, entry, table size, rounds, deals and seed, for package
	// event. Its Seed also decides the deals of a duplicate event.
	Spec event.Event
	// Preset and Options are the rules of its tables (engine.NewRules); Settings how the
	// bot runs them (the computer players' level, hints...). Settings.Unrated is set when
	// the event's games do not count for records and ratings (Counts is false).
	Preset   string
	Options  map[string]string
	Settings table.Settings
	// RoundLength is the time a round's tables have, from its opening to its deadline.
	RoundLength time.Duration
	// Start is when entry closes and the first round opens.
	Start time.Time
	// EntryLimit is the most entrants it takes (0: event.MaxEntrants).
	EntryLimit int
	// CheckIn makes entrants check in before the start: those who have not are left out.
	CheckIn bool
	// Counts makes its games count for the server's records and ratings, and its season.
	Counts bool
	// Settle is what becomes of the tables unfinished at a round's deadline.
	Settle Settle
	// OrganiserID is who created it; OrganiserRole, when set, is a role whose members
	// organise it too (besides those who may manage the server).
	OrganiserID   string
	OrganiserRole string
	Status        Status
	// PausedAt is when it was paused (StatusPaused), zero otherwise.
	PausedAt time.Time
	// ScheduledEventID is the Discord scheduled event made for it, if any; SignupMessage
	// and StandingsMessage are its messages in ChannelID.
	ScheduledEventID string
	SignupMessage    string
	StandingsMessage string
	CreatedAt        time.Time
	// EndedAt is when it finished or was cancelled; zero before.
	EndedAt time.Time
}

// Limit returns the most entrants the event takes.
func (e *Event) Limit() int {
	if e.EntryLimit <= 0 || e.EntryLimit > event.MaxEntrants {
		return event.MaxEntrants
	}
	return e.EntryLimit
}

// CheckInOpens is when entrants may check in: an hour before the start.
func (e *Event) CheckInOpens() time.Time { return e.Start.Add(-CheckInWindow) }

// CheckInWindow is how long before an event's start its entrants may check in.
const CheckInWindow = time.Hour

// PlayersPerEntrant returns how many players make one entrant: a side's players for fixed
// partnerships, one otherwise.
func (e *Event) PlayersPerEntrant() int {
	if e.Spec.Entry == event.Partnerships {
		return e.Spec.Seats / 2
	}
	return 1
}

// A Player is a player entered in an event.
type Player struct {
	UserID string
	// Name is the name they go by in the server, as they joined.
	Name string
	// Entrant is the ID of the entrant they belong to: their own user ID, or the
	// partnership's (the user ID of the player who entered it); Order their place in it.
	Entrant string
	Order   int
	// Rating ranks the entrant when seeding (a partnership's is its players' mean), set
	// when entry closes.
	Rating   float64
	JoinedAt time.Time
	// CheckedIn reports that they checked in (Event.CheckIn).
	CheckedIn bool
}

// Entrants returns the entrants the players make, in the order they joined: a player
// alone, or a partnership of the players sharing an entrant ID, in their order, rated by
// their mean rating.
func Entrants(players []Player) []event.Entrant {
	ps := slices.Clone(players)
	slices.SortStableFunc(ps, func(a, b Player) int {
		return cmp.Or(a.JoinedAt.Compare(b.JoinedAt), cmp.Compare(a.Entrant, b.Entrant), cmp.Compare(a.Order, b.Order))
	})
	var out []event.Entrant
	index := map[string]int{}
	count := map[string]int{}
	for _, p := range ps {
		i, ok := index[p.Entrant]
		if !ok {
			i = len(out)
			index[p.Entrant] = i
			out = append(out, event.Entrant{ID: p.Entrant})
		}
		out[i].Players = append(out[i].Players, p.UserID)
		out[i].Rating += p.Rating
		count[p.Entrant]++
	}
	for i := range out {
		out[i].Rating /= float64(count[out[i].ID])
		if len(out[i].Players) == 1 && out[i].Players[0] == out[i].ID {
			out[i].Players = nil // a player alone
		}
	}
	return out
}

// Names returns the players' names by user ID, and each entrant's: a player's name, or a
// partnership's players' names joined by " & ".
func Names(players []Player) map[string]string {
	out := map[string]string{}
	for _, p := range players {
		out[p.UserID] = p.Name
	}
	for _, en := range Entrants(players) {
		var ns []string
		for _, id := range en.Members() {
			ns = append(ns, out[id])
		}
		if len(en.Players) > 0 {
			out[en.ID] = joinNames(ns)
		}
	}
	return out
}

// joinNames joins names with " & ".
func joinNames(ns []string) string {
	s := ""
	for i, n := range ns {
		if i > 0 {
			s += " & "
		}
		s += n
	}
	return s
}

// Round is a round of an event as it runs: its pairing (event.Round), when it opened and
// its deadline, and the state of each of its tables.
type Round struct {
	event.Round
	OpenedAt time.Time
	Deadline time.Time
	// Tables are the state of the round's tables, one for each of Round.Tables, in order.
	Tables []Table
}

// Table is the state of one table of a round as the bot runs it.
type Table struct {
	Number int
	// Game is the game being played at the table (for a duplicate table, the game of its
	// current deal); 0 before one is opened, and again when the organiser has it replayed.
	Game int64
	// DealsDone counts the deals of a duplicate table with a result.
	DealsDone int
	// Message is the table's announcement in the event's channel, Thread the thread
	// started from it where its games are played.
	Message, Thread string
	// Reminders counts the reminders sent to its late players (0, 1 or 2).
	Reminders int
	// Settled reports that the table was settled at its deadline (Event.Settle).
	Settled bool
}

// How says how a table's result came about.
type How string

// The ways a table's result comes about.
const (
	HowPlayed  How = "played"  // its game finished, or was forfeited at its deadline
	HowVoid    How = "void"    // an organiser voided it, or nothing was played by the deadline
	HowAwarded How = "awarded" // an organiser awarded it to a side
)

// Result is a table's result as recorded, with how it came about.
type Result struct {
	event.Result
	How How
	At  time.Time
}

// DealResult is a duplicate table's result on one deal, with the game that played it.
type DealResult struct {
	event.DealResult
	Game int64
	At   time.Time
}

// State is an event with everything recorded of it: its players, its rounds (and their
// tables' state) and results so far.
type State struct {
	Event       Event
	Players     []Player
	Rounds      []Round
	Results     []Result
	DealResults []DealResult
}

// Tournament returns the state as package event reads it.
func (s *State) Tournament() *event.Tournament {
	t := &event.Tournament{Event: s.Event.Spec, Entrants: Entrants(s.Players)}
	for _, r := range s.Rounds {
		t.Rounds = append(t.Rounds, r.Round)
	}
	for _, r := range s.Results {
		t.Results = append(t.Results, r.Result)
	}
	for _, d := range s.DealResults {
		t.DealResults = append(t.DealResults, d.DealResult)
	}
	return t
}

// Current returns the last round paired, or nil before the first.
func (s *State) Current() *Round {
	if len(s.Rounds) == 0 {
		return nil
	}
	return &s.Rounds[len(s.Rounds)-1]
}

// Result returns the result of a table of a round, if it has one.
func (s *State) Result(round, tableNo int) (Result, bool) {
	for _, r := range s.Results {
		if r.Round == round && r.Table == tableNo {
			return r, true
		}
	}
	return Result{}, false
}

// Player returns an entered player.
func (s *State) Player(userID string) (Player, bool) {
	for _, p := range s.Players {
		if p.UserID == userID {
			return p, true
		}
	}
	return Player{}, false
}

// DealsOf returns the deal results of a table, in deal order.
func (s *State) DealsOf(round, tableNo int) []DealResult {
	var out []DealResult
	for _, d := range s.DealResults {
		if d.Round == round && d.Table == tableNo {
			out = append(out, d)
		}
	}
	slices.SortFunc(out, func(a, b DealResult) int { return cmp.Compare(a.Deal, b.Deal) })
	return out
}

// ErrNoResult: a game's result says nothing of a table's sides (it has no seats of them).
var ErrNoResult = errors.New("club: the game's result does not fit the table")

// SidePoints returns what each side of a table scored in a finished game: side i plays the
// engine's team direction[i] (in three-handed, seat direction[i]), or team (seat) i when
// direction is nil. The points are the final scores; their places are 1 for the
// first.
func SidePoints(res league.GameResult, sides int, direction []int) (points, places []int, err error) {
	dir := func(i int) int {
		if direction == nil {
			return i
		}
		return direction[i]
	}
	for i := range sides {
		d := dir(i)
		switch {
		case res.SeatScores != nil:
			if d < 0 || d >= len(res.SeatScores) || d >= len(res.Places) {
				return nil, nil, fmt.Errorf("%w: no seat %d", ErrNoResult, d)
			}
			points = append(points, res.SeatScores[d])
			places = append(places, res.Places[d])
		case d == 0 || d == 1:
			points = append(points, res.Scores[d])
			place := 1
			if res.Winner >= 0 && res.Winner != d {
				place = 2
			}
			places = append(places, place)
		default:
			return nil, nil, fmt.Errorf("%w: no team %d", ErrNoResult, d)
		}
	}
	return points, places, nil
}

// TableResult returns a table's result from its finished game, whose team (or seat, in
// three-handed) i is the table's side i.
func TableResult(round, tableNo, sides int, res league.GameResult) (event.Result, error) {
	points, places, err := SidePoints(res, sides, nil)
	if err != nil {
		return event.Result{}, err
	}
	out := event.Result{Round: round, Table: tableNo}
	for i, o := range event.OutcomesOf(places) {
		out.Sides = append(out.Sides, event.SideResult{Outcome: o, Points: points[i]})
	}
	return out, nil
}

// Awarded returns the result of a table an organiser awards to side winner of sides: it
// wins, the others lose, nobody scores points.
func Awarded(round, tableNo, sides, winner int) event.Result {
	out := event.Result{Round: round, Table: tableNo}
	for i := range sides {
		o := event.Loss
		if i == winner {
			o = event.Win
		}
		out.Sides = append(out.Sides, event.SideResult{Outcome: o})
	}
	return out
}
