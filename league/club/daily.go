package club

import (
	"cmp"
	"slices"
	"time"

	"github.com/pinochle-discord/pinochle/league/event"
)

// DailyDeal is a server's deal of one day: the same cards for everyone who plays it.
type DailyDeal struct {
	GuildID string
	Day     event.Date
	// Seed is event.DailySeed of the guild and day; Preset and Options the rules it is
	// played under (one hand), fixed by the first play of the day.
	Seed    uint64
	Preset  string
	Options map[string]string
	// Seat is the seat every player takes, against computer players in the others.
	Seat int
	// Par is what the expert computer player scores in Seat on this deal, and Contract
	// what its hand was played in (words for after the day); HasPar is false until it is
	// worked out.
	Par      int
	Contract string
	HasPar   bool
}

// PlayStatus is where a player is in the day's deal.
type PlayStatus string

// The statuses of a daily play.
const (
	PlayPlaying PlayStatus = "playing" // the hand is under way
	PlayDone    PlayStatus = "done"    // the hand is over and scored
)

// DailyPlay is one player's play of a day's deal.
type DailyPlay struct {
	GuildID string
	Day     event.Date
	UserID  string
	Name    string
	// Game is the game the deal is played in, which keeps its state over the day.
	Game   int64
	Status PlayStatus
	// Score is what the player's seat scored on the hand (PlayDone), and Contract what the
	// hand was played in, for after the day.
	Score     int
	Contract  string
	StartedAt time.Time
	// FinishedAt is when the hand ended; zero while it is played.
	FinishedAt time.Time
}

// Streak returns how many days in a row, ending today or yesterday, days (the days a
// player finished the deal, in any order) cover.
func Streak(days []event.Date, today event.Date) int {
	have := map[event.Date]bool{}
	for _, d := range days {
		have[d] = true
	}
	day := today
	if !have[day] {
		day = AddDays(day, -1)
	}
	n := 0
	for have[day] {
		n++
		day = AddDays(day, -1)
	}
	return n
}

// AddDays returns the date n days after d (before it, for n < 0).
func AddDays(d event.Date, n int) event.Date {
	return event.DateOf(time.Date(d.Year, d.Month, d.Day+n, 12, 0, 0, 0, time.UTC), time.UTC)
}

// WeekOf returns the Monday of d's week, and the days from it to d.
func WeekOf(d event.Date) (monday event.Date, days int) {
	t := time.Date(d.Year, d.Month, d.Day, 12, 0, 0, 0, time.UTC)
	back := (int(t.Weekday()) + 6) % 7 // Monday 0 ... Sunday 6
	return AddDays(d, -back), back + 1
}

// BoardLine is one player's line on a board of daily deals.
type BoardLine struct {
	UserID, Name string
	// Rank is the player's place, equal totals sharing it.
	Rank int
	// Played counts the deals they finished; Total is the sum of their scores less par
	// (versus par, so that days with a big par and days with a small one weigh alike).
	Played int
	Total  int
}

// Board ranks the plays of one or more days by their total versus par, best first: pars
// are by day. Plays not done, or on a day without a par yet, are left out.
func Board(plays []DailyPlay, pars map[event.Date]int) []BoardLine {
	byUser := map[string]*BoardLine{}
	var order []string
	for _, p := range plays {
		par, ok := pars[p.Day]
		if p.Status != PlayDone || !ok {
			continue
		}
		l, seen := byUser[p.UserID]
		if !seen {
			l = &BoardLine{UserID: p.UserID, Name: p.Name}
			byUser[p.UserID] = l
			order = append(order, p.UserID)
		}
		l.Played++
		l.Total += p.Score - par
		l.Name = p.Name
	}
	out := make([]BoardLine, 0, len(order))
	for _, u := range order {
		out = append(out, *byUser[u])
	}
	slices.SortStableFunc(out, func(a, b BoardLine) int {
		return cmp.Or(cmp.Compare(b.Total, a.Total), cmp.Compare(b.Played, a.Played))
	})
	for i := range out {
		out[i].Rank = i + 1
		if i > 0 && out[i].Total == out[i-1].Total && out[i].Played == out[i-1].Played {
			out[i].Rank = out[i-1].Rank
		}
	}
	return out
}
