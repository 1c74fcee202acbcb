package present

import (
	"strings"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/league/club"
	"github.com/pinochle-discord/pinochle/league/event"
)

var when = time.Date(2026, 3, 2, 19, 0, 0, 0, time.UTC)

// swissState is a Swiss event of four after one round: table 1's first side won, table
// 2's sides drew.
func swissState() club.State {
	st := club.State{Event: club.Event{ID: 1, Name: "Night *one*", Status: club.StatusRunning,
		Spec: event.Event{Format: event.Swiss, Entry: event.Individuals, Seats: 2, Rounds: 3}}}
	for i, n := range []string{"ana", "bob", "cid", "dan"} {
		st.Players = append(st.Players, club.Player{UserID: n, Name: strings.ToUpper(n[:1]) + n[1:], Entrant: n, Rating: float64(100 - i)})
	}
	r, err := st.Tournament().Pair()
	if err != nil {
		panic(err)
	}
	st.Rounds = []club.Round{{Round: r, OpenedAt: when, Deadline: when.Add(time.Hour), Tables: []club.Table{{Number: 1}, {Number: 2}}}}
	for _, tb := range r.Tables {
		res := event.Result{Round: 1, Table: tb.Number, Sides: []event.SideResult{{Outcome: event.Win, Points: 250}, {Outcome: event.Loss, Points: 100}}}
		if tb.Number == 2 {
			res.Sides = []event.SideResult{{Outcome: event.Draw, Points: 200}, {Outcome: event.Draw, Points: 200}}
		}
		st.Results = append(st.Results, club.Result{Result: res, How: club.HowPlayed})
	}
	return st
}

// TestStandingsEmbed: the standings rank with scores in halves, state the tiebreaks, count
// the rounds done, escape names, and name the leaders for the final's mention.
func TestStandingsEmbed(t *testing.T) {
	st := swissState()
	e, champions, err := StandingsEmbedOf(&st, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"🏆 **", " · 1 · 1–0–0 · Buchholz 0 · +150", " · ½ · 0–1–0"} {
		if !strings.Contains(e.Description, want) {
			t.Errorf("standings %q do not say %q", e.Description, want)
		}
	}
	if e.Title != `Standings · Night \*one\*` || !strings.HasPrefix(e.Footer.Text, "After round 1. ") || !strings.Contains(e.Footer.Text, "Buchholz") {
		t.Errorf("title %q, footer %q", e.Title, e.Footer.Text)
	}
	if len(champions) != 1 {
		t.Errorf("leaders %v, want the one winner of the two", champions)
	}
}

// TestTableCall: a table's announcement mentions exactly its players, side against side,
// with the deadline in every reader's own time.
func TestTableCall(t *testing.T) {
	st := swissState()
	r := st.Rounds[0]
	text, users := TableCall(&st.Event, r, r.Round.Tables[0], map[string][]string{"ana": {"ana"}, "bob": {"bob"}, "cid": {"cid"}, "dan": {"dan"}})
	if len(users) != 2 || !strings.Contains(text, "<@"+users[0]+"> **v** <@"+users[1]+">") || !strings.Contains(text, "<t:") {
		t.Errorf("TableCall = %q, %v", text, users)
	}
	for _, u := range []string{"ana", "bob", "cid", "dan"} {
		if strings.Contains(text, "<@"+u+">") != (u == users[0] || u == users[1]) {
			t.Errorf("TableCall %q and its mentions %v disagree about %s", text, users, u)
		}
	}
}

// TestDailyBoardSpoilerFree: the day's board shows no contract; a week's shows those of
// the days over.
func TestDailyBoardSpoilerFree(t *testing.T) {
	today := event.Date{Year: 2026, Month: 3, Day: 3}
	yesterday := event.Date{Year: 2026, Month: 3, Day: 2}
	deals := []club.DailyDeal{
		{Day: yesterday, HasPar: true, Par: 120, Contract: "seat 2 bid 250 in ♥, made"},
		{Day: today, HasPar: true, Par: 90, Contract: "seat 1 bid 300 in ♠, set"},
	}
	lines := []club.BoardLine{{UserID: "a", Name: "Ana", Rank: 1, Played: 2, Total: 40}}
	day := DailyBoard(false, today, today, lines, map[string]int{"a": 2}, deals[1:])
	if strings.Contains(day.Description, "♠") || strings.Contains(day.Description, "bid") || !strings.Contains(day.Description, "🔥 2 days") {
		t.Errorf("the day's board: %q", day.Description)
	}
	week := DailyBoard(true, yesterday, today, lines, nil, deals)
	if !strings.Contains(week.Description, "♥") || strings.Contains(week.Description, "♠") {
		t.Errorf("the week's board: %q", week.Description)
	}
}
