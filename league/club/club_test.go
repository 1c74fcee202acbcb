package club

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/league/event"
)

var t0 = time.Date(2026, 3, 2, 19, 0, 0, 0, time.UTC)

// TestEntrants: players alone are entrants of their own, in the order they joined;
// partnerships gather their players in order, rated by their mean.
func TestEntrants(t *testing.T) {
	players := []Player{
		{UserID: "b", Entrant: "a", Order: 1, Rating: 20, JoinedAt: t0},
		{UserID: "c", Entrant: "c", Rating: 5, JoinedAt: t0.Add(time.Minute)},
		{UserID: "a", Entrant: "a", Order: 0, Rating: 10, JoinedAt: t0},
	}
	got := Entrants(players)
	want := []event.Entrant{{ID: "a", Players: []string{"a", "b"}, Rating: 15}, {ID: "c", Rating: 5}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Entrants = %+v, want %+v", got, want)
	}
	names := Names([]Player{{UserID: "a", Name: "Ana", Entrant: "a"}, {UserID: "b", Name: "Bob", Entrant: "a", Order: 1}, {UserID: "c", Name: "Cid", Entrant: "c"}})
	if names["a"] != "Ana & Bob" || names["b"] != "Bob" || names["c"] != "Cid" {
		t.Errorf("Names = %v", names)
	}
}

// TestTableResult reads a finished game for its table: team games by team, three-handed by
// seat, a forfeit as the winner said, a shared first place as a draw.
func TestTableResult(t *testing.T) {
	tests := []struct {
		name  string
		res   league.GameResult
		sides int
		want  []event.SideResult
	}{
		{"team 1 wins", league.GameResult{Scores: [2]int{120, 250}, Winner: 1}, 2,
			[]event.SideResult{{Outcome: event.Loss, Points: 120}, {Outcome: event.Win, Points: 250}}},
		{"a draw", league.GameResult{Scores: [2]int{300, 300}, Winner: -1}, 2,
			[]event.SideResult{{Outcome: event.Draw, Points: 300}, {Outcome: event.Draw, Points: 300}}},
		{"a forfeit at lower points", league.GameResult{Scores: [2]int{500, 20}, Winner: 1, Forfeited: true}, 2,
			[]event.SideResult{{Outcome: event.Loss, Points: 500}, {Outcome: event.Win, Points: 20}}},
		{"three-handed", league.GameResult{Winner: 2, SeatScores: []int{10, 40, 90}, Places: []int{3, 2, 1}}, 3,
			[]event.SideResult{{Outcome: event.Loss, Points: 10}, {Outcome: event.Loss, Points: 40}, {Outcome: event.Win, Points: 90}}},
		{"three-handed, two share first", league.GameResult{Winner: -1, SeatScores: []int{60, 60, 5}, Places: []int{1, 1, 3}}, 3,
			[]event.SideResult{{Outcome: event.Draw, Points: 60}, {Outcome: event.Draw, Points: 60}, {Outcome: event.Loss, Points: 5}}},
	}
	for _, tc := range tests {
		got, err := TableResult(2, 3, tc.sides, tc.res)
		if err != nil || got.Round != 2 || got.Table != 3 || !reflect.DeepEqual(got.Sides, tc.want) {
			t.Errorf("%s: %+v, %v; want sides %+v", tc.name, got, err, tc.want)
		}
	}
	if _, err := TableResult(1, 1, 3, league.GameResult{Scores: [2]int{1, 2}}); !errors.Is(err, ErrNoResult) {
		t.Errorf("a team game for three sides: %v, want ErrNoResult", err)
	}
}

// TestSidePoints turns the hands of a duplicate deal: side i's points are those of the
// team it held.
func TestSidePoints(t *testing.T) {
	points, places, err := SidePoints(league.GameResult{Scores: [2]int{30, 210}, Winner: 1}, 2, []int{1, 0})
	if err != nil || !reflect.DeepEqual(points, []int{210, 30}) || !reflect.DeepEqual(places, []int{1, 2}) {
		t.Errorf("SidePoints = %v %v %v", points, places, err)
	}
}

// TestAwarded: the side awarded wins, the others lose, without points.
func TestAwarded(t *testing.T) {
	got := Awarded(1, 2, 3, 1)
	want := []event.SideResult{{Outcome: event.Loss}, {Outcome: event.Win}, {Outcome: event.Loss}}
	if !reflect.DeepEqual(got.Sides, want) {
		t.Errorf("Awarded = %+v", got)
	}
}

func date(y int, m time.Month, d int) event.Date { return event.Date{Year: y, Month: m, Day: d} }

// TestStreak counts the days in a row up to today, or yesterday while today is not played
// yet, across a month's end.
func TestStreak(t *testing.T) {
	days := []event.Date{date(2026, 2, 27), date(2026, 2, 28), date(2026, 3, 1), date(2026, 2, 25)}
	tests := []struct {
		today event.Date
		want  int
	}{
		{date(2026, 3, 1), 3},
		{date(2026, 3, 2), 3}, // today not played yet: the streak still stands
		{date(2026, 3, 3), 0},
		{date(2026, 2, 26), 1}, // yesterday, the 25th
	}
	for _, tc := range tests {
		if got := Streak(days, tc.today); got != tc.want {
			t.Errorf("Streak on %s = %d, want %d", tc.today, got, tc.want)
		}
	}
}

// TestWeekOf: weeks start on Monday.
func TestWeekOf(t *testing.T) {
	tests := []struct {
		d      event.Date
		monday event.Date
		days   int
	}{
		{date(2026, 3, 2), date(2026, 3, 2), 1}, // a Monday
		{date(2026, 3, 8), date(2026, 3, 2), 7}, // a Sunday
		{date(2026, 3, 1), date(2026, 2, 23), 7},
	}
	for _, tc := range tests {
		m, n := WeekOf(tc.d)
		if m != tc.monday || n != tc.days {
			t.Errorf("WeekOf(%s) = %s, %d; want %s, %d", tc.d, m, n, tc.monday, tc.days)
		}
	}
}

// TestBoard ranks by the total versus each day's par, more deals first among equals, and
// leaves out plays under way or without par.
func TestBoard(t *testing.T) {
	d1, d2 := date(2026, 3, 2), date(2026, 3, 3)
	plays := []DailyPlay{
		{UserID: "a", Name: "Ana", Day: d1, Status: PlayDone, Score: 250},
		{UserID: "b", Name: "Bob", Day: d1, Status: PlayDone, Score: 300},
		{UserID: "a", Name: "Ana", Day: d2, Status: PlayDone, Score: 100},
		{UserID: "c", Name: "Cid", Day: d2, Status: PlayDone, Score: 150},
		{UserID: "d", Name: "Dan", Day: d2, Status: PlayPlaying},
		{UserID: "e", Name: "Eve", Day: date(2026, 3, 4), Status: PlayDone, Score: 900},
	}
	got := Board(plays, map[event.Date]int{d1: 250, d2: 100})
	want := []BoardLine{
		{UserID: "b", Name: "Bob", Rank: 1, Played: 1, Total: 50},
		{UserID: "c", Name: "Cid", Rank: 1, Played: 1, Total: 50},
		{UserID: "a", Name: "Ana", Rank: 3, Played: 2, Total: 0},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Board = %+v\nwant %+v", got, want)
	}
}
