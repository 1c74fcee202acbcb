package league

import (
	"reflect"
	"testing"
	"time"
)

// stored is what a store keeps of a game Decide decided: what Recount reads back.
func stored(id int64, at time.Time, in Input, out Outcome) Played {
	r := out.Result
	res := GameResult{GameID: id, Scores: r.Scores, Winner: r.Winner, Counted: r.Counted, SeasonID: r.Season,
		SeatScores: r.SeatScores, Places: r.Places}
	return Played{GameID: id, At: at, Rules: in.Game.Rules(), Seats: in.Seats, Hands: out.Hands, Result: res}
}

// TestRecountMatchesDecide: tallying a server's games again, in order, gives every record
// and rating the games gave as each was decided (to the bit), in every scope; and leaving
// a game out gives what playing the others alone gives.
func TestRecountMatchesDecide(t *testing.T) {
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	type game struct {
		preset string
		seats  []Seat
		season int64
	}
	games := []game{
		{"racehorse", []Seat{ana, ben, cy, dee}, 0},
		{"two-handed", []Seat{ana, {UserID: "ben", Name: "Ben", Left: true}}, 0},
		{"three-handed", []Seat{cy, ana, ben}, 2},
		{"racehorse", []Seat{dee, cy, ben, ana}, 2},
		{"six-handed", []Seat{ana, ben, cy, dee, {UserID: "eve", Name: "Eve"}, {UserID: "fay", Name: "Fay"}}, 2},
		{"double-deck", []Seat{ben, ana, dee, cy}, 0},
	}
	// decideAll decides the games in order, keeping ratings and records as a store would.
	decideAll := func(skip int) ([]Played, map[[2]string]Record) {
		ratings := map[int64]map[string]Rating{}
		records := map[[2]string]Record{}
		var playedGames []Played
		for i, g := range games {
			if i == skip {
				continue
			}
			eg := played(t, g.preset, map[string]string{"hands": "2"}, uint64(i+11), 0)
			in := Input{Game: eg, Seats: g.seats, Forfeit: NoForfeit, Season: g.season, Ratings: map[int64]map[string]Rating{}}
			for scope, rs := range ratings {
				in.Ratings[scope] = map[string]Rating{}
				for u, r := range rs {
					in.Ratings[scope][u] = r
				}
			}
			out, err := Decide(in)
			if err != nil {
				t.Fatalf("game %d: %v", i, err)
			}
			for _, rc := range out.Records {
				if ratings[rc.Scope] == nil {
					ratings[rc.Scope] = map[string]Rating{}
				}
				ratings[rc.Scope][rc.UserID] = rc.Rating
				k := [2]string{string(rune('0' + rc.Scope)), rc.UserID}
				r := records[k]
				if r.UserID == "" {
					r = Record{UserID: rc.UserID, SeasonID: rc.Scope}
				}
				add(&r, rc)
				records[k] = r
			}
			playedGames = append(playedGames, stored(int64(i+1), t0.Add(time.Duration(i)*time.Hour), in, out))
		}
		return playedGames, records
	}
	check := func(name string, skip int) {
		games, want := decideAll(skip)
		got, err := Recount(games)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(got.Records) != len(want) {
			t.Errorf("%s: %d records, want %d", name, len(got.Records), len(want))
		}
		for _, tr := range got.Records {
			w := want[[2]string{string(rune('0' + tr.Record.SeasonID)), tr.Record.UserID}]
			if !reflect.DeepEqual(tr.Record, w) {
				t.Errorf("%s: %s in scope %d:\n got %+v\nwant %+v", name, tr.Record.UserID, tr.Record.SeasonID, tr.Record, w)
			}
		}
		points := 0
		for _, p := range got.History {
			if p.Scope == Overall && p.UserID == "ana" {
				points++
			}
		}
		if wantPoints := len(games); points != wantPoints {
			t.Errorf("%s: ana has %d points of overall history, want one a game (%d)", name, points, wantPoints)
		}
	}
	check("every game", -1)
	check("without the first game", 0)
	check("without a season's game", 3)

	all, _ := decideAll(-1)
	var left int
	r, _ := Recount(all)
	for _, tr := range r.Records {
		if tr.Record.UserID == "ben" && tr.Record.SeasonID == Overall {
			left = tr.Record.Left
		}
	}
	if left != 1 {
		t.Errorf("ben left one game and his record says %d", left)
	}
	bad := all[0]
	bad.Seats = bad.Seats[:2]
	if _, err := Recount([]Played{bad}); err == nil {
		t.Error("a game whose seats do not fit its rules was recounted")
	}
}

func TestHighlight(t *testing.T) {
	at := time.Date(2026, 1, 5, 0, 0, 0, 0, time.UTC)
	o := func(preset string, f Verdict, left bool) Outing {
		at = at.Add(time.Hour)
		return Outing{At: at, Preset: preset, Verdict: f, Counted: true, Left: left}
	}
	cases := []struct {
		name string
		in   []Outing
		want Highlights
	}{
		{"no games", nil, Highlights{}},
		{"a run of wins", []Outing{o("racehorse", Lost, false), o("racehorse", Won, false), o("classic", Won, false), o("classic", Won, false)},
			Highlights{Games: 4, Favourite: "classic", FavouriteGames: 2, Streak: 3, BestStreak: 3}},
		{"losses after a best run", []Outing{o("a", Won, false), o("a", Won, false), o("b", Lost, true), o("b", Lost, false), o("b", Drew, false), o("b", Lost, false)},
			Highlights{Games: 6, Left: 1, Favourite: "b", FavouriteGames: 4, Streak: -1, BestStreak: 2}},
		{"a draw ends a run", []Outing{o("a", Won, false), o("a", Drew, false)},
			Highlights{Games: 2, Favourite: "a", FavouriteGames: 2, Streak: 0, BestStreak: 1}},
	}
	for _, c := range cases {
		if got := Highlight(c.in); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

func TestGamesPerWeek(t *testing.T) {
	now := time.Date(2026, 3, 12, 15, 0, 0, 0, time.UTC) // a Thursday
	times := []time.Time{
		now, now.Add(-72 * time.Hour), // this week (Monday 9th)
		time.Date(2026, 3, 8, 23, 59, 0, 0, time.UTC), // Sunday: the week before
		time.Date(2026, 2, 23, 0, 0, 0, 0, time.UTC),  // three weeks back, on its Monday
		time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC),   // too old
		now.Add(7 * 24 * time.Hour),                   // not yet
	}
	got := GamesPerWeek(times, now, 4)
	want := []int{0, 1, 1, 2}
	if len(got) != 4 {
		t.Fatalf("%d weeks", len(got))
	}
	for i, w := range got {
		if w.Games != want[i] || w.Start.Weekday() != time.Monday {
			t.Errorf("week %d from %v: %d games, want %d", i, w.Start, w.Games, want[i])
		}
	}
	if !got[3].Start.Equal(time.Date(2026, 3, 9, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("the current week starts %v", got[3].Start)
	}
	if GamesPerWeek(times, now, 0) != nil {
		t.Error("no weeks asked, some given")
	}
}

func TestMostActive(t *testing.T) {
	all := []Activity{{"u1", "bo", 3}, {"u2", "Al", 3}, {"u3", "cy", 7}, {"u4", "al", 3}}
	got := MostActive(all, 3)
	want := []string{"u3", "u2", "u4"}
	for i, a := range got {
		if a.UserID != want[i] {
			t.Errorf("place %d: %s, want %s (%v)", i+1, a.UserID, want[i], got)
		}
	}
	if len(MostActive(all, 10)) != 4 || all[0].UserID != "u1" {
		t.Error("MostActive changed its input or cut too much")
	}
}
