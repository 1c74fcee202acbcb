package league

import (
	"slices"
	"strings"
	"time"
)

// Verdict is how a game ended for one player.
type Verdict int

// How a game may end for a player.
const (
	Won Verdict = iota + 1
	Drew
	Lost
)

// Outing is one finished game of a player, as their history lists it.
type Outing struct {
	GameID  int64
	At      time.Time
	Preset  string
	Verdict Verdict
	// Counted reports whether the game counts for records and ratings; Left whether the
	// player left it before its end.
	Counted bool
	Left    bool
}

// Highlights are what a player's history says beyond their record: the figures players like
// to look at.
type Highlights struct {
	// Games counts every finished game, counted or not; Left those the player left.
	Games, Left int
	// Favourite is the preset played most (the most recently played of those tied), in
	// FavouriteGames games; "" without games.
	Favourite      string
	FavouriteGames int
	// Streak is the current run: wins in a row when positive, losses in a row when
	// negative, 0 after a draw or without games. BestStreak is the longest run of wins.
	Streak, BestStreak int
}

// Highlight works out a player's highlights from their finished games, oldest first.
func Highlight(outings []Outing) Highlights {
	var h Highlights
	byPreset := map[string]int{}
	last := map[string]int{} // the index of each preset's latest game
	run := 0
	for i, o := range outings {
		h.Games++
		if o.Left {
			h.Left++
		}
		byPreset[o.Preset]++
		last[o.Preset] = i
		switch o.Verdict {
		case Won:
			run = max(run, 0) + 1
		case Lost:
			run = min(run, 0) - 1
		default:
			run = 0
		}
		h.BestStreak = max(h.BestStreak, run)
	}
	h.Streak = run
	for p, n := range byPreset {
		if n > h.FavouriteGames || (n == h.FavouriteGames && last[p] > last[h.Favourite]) {
			h.Favourite, h.FavouriteGames = p, n
		}
	}
	return h
}

// WeekCount is how many games finished in the week that starts at Start (a Monday, 00:00
// UTC).
type WeekCount struct {
	Start time.Time
	Games int
}

// GamesPerWeek counts the games that finished at the times given in each of the last weeks
// weeks up to now, the oldest week first; the last is the week now falls in. Times outside
// those weeks are left out.
func GamesPerWeek(finished []time.Time, now time.Time, weeks int) []WeekCount {
	if weeks <= 0 {
		return nil
	}
	current := weekStart(now)
	out := make([]WeekCount, weeks)
	for i := range out {
		out[i].Start = current.AddDate(0, 0, -7*(weeks-1-i))
	}
	for _, t := range finished {
		w := weekStart(t)
		k := weeks - 1 - int(current.Sub(w).Hours()/(24*7)+0.5)
		if k >= 0 && k < weeks && out[k].Start.Equal(w) {
			out[k].Games++
		}
	}
	return out
}

// weekStart returns the Monday 00:00 UTC that starts t's week.
func weekStart(t time.Time) time.Time {
	t = t.UTC()
	day := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	back := (int(day.Weekday()) + 6) % 7 // days since Monday
	return day.AddDate(0, 0, -back)
}

// Activity is how many games a member finished in a server over a time.
type Activity struct {
	UserID, Name string
	Games        int
}

// MostActive returns the n members with the most games, most first, ties by name then ID.
func MostActive(all []Activity, n int) []Activity {
	out := slices.Clone(all)
	slices.SortFunc(out, func(a, b Activity) int {
		if a.Games != b.Games {
			return b.Games - a.Games
		}
		if c := strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)); c != 0 {
			return c
		}
		return strings.Compare(a.UserID, b.UserID)
	})
	return out[:min(n, len(out))]
}
