package event

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func TestValidate(t *testing.T) {
	cases := []struct {
		name string
		ev   Event
		want string // a part of the error, or "" for none
	}{
		{"round robin alone at two", Event{Format: RoundRobin, Entry: Individuals, Seats: 2}, ""},
		{"Swiss three-handed", Event{Format: Swiss, Entry: Individuals, Seats: 3, Rounds: 4}, ""},
		{"elimination of partnerships", Event{Format: Elimination, Entry: Partnerships, Seats: 6}, ""},
		{"duplicate with new partners", Event{Format: Duplicate, Entry: NewPartners, Seats: 4, Rounds: 3, Deals: 4}, ""},
		{"no format", Event{Entry: Individuals, Seats: 2}, "unknown format"},
		{"no entry", Event{Format: Swiss, Seats: 2, Rounds: 3}, "unknown entry"},
		{"alone at four", Event{Format: Swiss, Entry: Individuals, Seats: 4, Rounds: 3}, "players alone sit at tables of 2 or 3, not 4"},
		{"partnerships at two", Event{Format: Swiss, Entry: Partnerships, Seats: 2, Rounds: 3}, "fixed partnerships sit at tables of 4 or 6, not 2"},
		{"new partners at three", Event{Format: RoundRobin, Entry: NewPartners, Seats: 3}, "tables of 4 or 6, not 3"},
		{"elimination three-handed", Event{Format: Elimination, Entry: Individuals, Seats: 3}, "single elimination needs two entrants a table"},
		{"elimination with new partners", Event{Format: Elimination, Entry: NewPartners, Seats: 4}, "puts 4 at one"},
		{"Swiss without rounds", Event{Format: Swiss, Entry: Individuals, Seats: 2}, "needs its number of rounds"},
		{"negative rounds", Event{Format: RoundRobin, Entry: Individuals, Seats: 2, Rounds: -1}, "-1 rounds"},
		{"too many rounds", Event{Format: Swiss, Entry: Individuals, Seats: 2, Rounds: MaxRounds + 1}, "65 rounds"},
		{"duplicate without deals", Event{Format: Duplicate, Entry: Individuals, Seats: 2, Rounds: 1}, "1 to 36 deals a table, not 0"},
		{"deals outside duplicate", Event{Format: Swiss, Entry: Individuals, Seats: 2, Rounds: 3, Deals: 2}, "only a duplicate event"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.ev.Validate()
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("Validate() = %v, want nil", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want) || !errors.Is(err, ErrEvent)):
				t.Fatalf("Validate() = %v, want ErrEvent saying %q", err, c.want)
			}
		})
	}
}

func TestCheck(t *testing.T) {
	swiss := Event{Format: Swiss, Entry: Individuals, Seats: 2, Rounds: 3}
	fours := Event{Format: RoundRobin, Entry: Partnerships, Seats: 4}
	cases := []struct {
		name     string
		ev       Event
		entrants []Entrant
		want     string
		is       error
	}{
		{"eight alone", swiss, numbered(8), "", nil},
		{"the description first", Event{Format: Swiss, Entry: Individuals, Seats: 2}, numbered(8), "rounds", ErrEvent},
		{"too few", swiss, numbered(1), "needs at least 2 entrants, and has 1", ErrEntrants},
		{"as many rounds as a cycle", swiss, numbered(3), "", nil},
		{"more rounds than a cycle", swiss, numbered(2), "2 entrants play at most 1 round of Swiss, not 3", ErrEntrants},
		{"a whole round robin", fours, teams(5, 2), "", nil},
		{"round robin cut short", Event{Format: RoundRobin, Entry: Individuals, Seats: 2, Rounds: 3}, numbered(8), "", nil},
		{"round robin longer than a cycle", Event{Format: RoundRobin, Entry: Individuals, Seats: 2, Rounds: 8}, numbered(8), "at most 7 rounds", ErrEntrants},
		{"no ID", swiss, []Entrant{{ID: "a"}, {}}, "an entrant has no ID", ErrEntrants},
		{"entered twice", swiss, []Entrant{{ID: "a"}, {ID: "b"}, {ID: "a"}, {ID: "c"}}, `"a" is entered twice`, ErrEntrants},
		{"a rating that does not rank", swiss, []Entrant{{ID: "a"}, {ID: "b", Rating: math.NaN()}, {ID: "c"}, {ID: "d"}}, `"b" has no rating`, ErrEntrants},
		{"a partnership of one", fours, append(teams(3, 2), Entrant{ID: "solo", Players: []string{"x"}}), `partnership "solo" has 1 player, and a side of a 4-seat table has 2`, ErrEntrants},
		{"a partnership of three at four", fours, teams(4, 3), "has 3 players", ErrEntrants},
		{"a player in two partnerships", fours, append(teams(3, 2), Entrant{ID: "T9", Players: []string{"x", "T2b"}}), `player "T2b" is in both "T2" and "T9"`, ErrEntrants},
		{"a player with no ID", fours, append(teams(3, 2), Entrant{ID: "T9", Players: []string{"x", ""}}), "a player with no ID", ErrEntrants},
		{"a player alone bringing others", swiss, []Entrant{{ID: "a", Players: []string{"a", "b"}}, {ID: "c"}}, "cannot bring players", ErrEntrants},
		{"a player alone naming itself", swiss, []Entrant{{ID: "a", Players: []string{"a"}}, {ID: "c"}, {ID: "d"}, {ID: "e"}}, "", nil},
		{"three-handed needs three", Event{Format: RoundRobin, Entry: Individuals, Seats: 3}, numbered(2), "needs at least 3 entrants", ErrEntrants},
		{"new partners six-handed needs six", Event{Format: Swiss, Entry: NewPartners, Seats: 6, Rounds: 2}, numbered(5), "needs at least 6 entrants", ErrEntrants},
		{"duplicate needs two tables", Event{Format: Duplicate, Entry: Partnerships, Seats: 4, Rounds: 1, Deals: 2}, teams(3, 2), "needs at least 4 entrants, and has 3", ErrEntrants},
		{"duplicate three-handed", Event{Format: Duplicate, Entry: Individuals, Seats: 3, Rounds: 2, Deals: 3}, numbered(6), "", nil},
		{"a bracket's rounds", Event{Format: Elimination, Entry: Individuals, Seats: 2, Rounds: 4}, numbered(12), "", nil},
		{"a bracket's wrong rounds", Event{Format: Elimination, Entry: Individuals, Seats: 2, Rounds: 3}, numbered(12), "a bracket of 12 entrants plays 4 rounds, not 3", ErrEntrants},
		{"too many entrants", swiss, numbered(MaxEntrants + 1), "an event takes at most 512", ErrEntrants},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.ev.Check(c.entrants)
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("Check() = %v, want nil", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Fatalf("Check() = %v, want an error saying %q", err, c.want)
			case c.is != nil && !errors.Is(err, c.is):
				t.Fatalf("Check() = %v, want it to wrap %v", err, c.is)
			}
		})
	}
}

func TestRoundsFor(t *testing.T) {
	cases := []struct {
		ev   Event
		n    int
		want int
	}{
		{Event{Format: RoundRobin, Entry: Individuals, Seats: 2}, 6, 5},
		{Event{Format: RoundRobin, Entry: Individuals, Seats: 2}, 5, 5},
		{Event{Format: RoundRobin, Entry: Individuals, Seats: 2, Rounds: 2}, 6, 2},
		{Event{Format: RoundRobin, Entry: Individuals, Seats: 3}, 9, 4},
		{Event{Format: RoundRobin, Entry: Individuals, Seats: 3}, 10, 5},
		{Event{Format: RoundRobin, Entry: NewPartners, Seats: 4}, 8, 7},
		{Event{Format: RoundRobin, Entry: NewPartners, Seats: 6}, 12, 6},
		{Event{Format: Swiss, Entry: Individuals, Seats: 2, Rounds: 3}, 8, 3},
		{Event{Format: Elimination, Entry: Individuals, Seats: 2}, 12, 4},
		{Event{Format: Elimination, Entry: Individuals, Seats: 2}, 16, 4},
		{Event{Format: Elimination, Entry: Individuals, Seats: 2}, 2, 1},
		{Event{Format: Duplicate, Entry: Partnerships, Seats: 4, Deals: 2}, 8, 7},
		{Event{Format: RoundRobin, Entry: Individuals, Seats: 3}, 2, 0},
	}
	for _, c := range cases {
		if got := c.ev.RoundsFor(c.n); got != c.want {
			t.Errorf("%s %s at %d seats: RoundsFor(%d) = %d, want %d", c.ev.Format, c.ev.Entry, c.ev.Seats, c.n, got, c.want)
		}
	}
}

func TestSeeds(t *testing.T) {
	// Ratings order the entrants; equal ratings are drawn by the seed, the same way every
	// time and whatever order the entrants come in.
	ents := []Entrant{{ID: "low", Rating: 1}, {ID: "x"}, {ID: "y"}, {ID: "z"}, {ID: "top", Rating: 9}}
	tr := &Tournament{Event: Event{Format: RoundRobin, Entry: Individuals, Seats: 2, Seed: 7}, Entrants: ents}
	got, err := tr.Seeds()
	if err != nil {
		t.Fatal(err)
	}
	if got[0] != "top" || got[1] != "low" {
		t.Fatalf("Seeds() = %q, want top then low, then x, y and z drawn", got)
	}
	reversed := []Entrant{ents[4], ents[3], ents[2], ents[1], ents[0]}
	again, _ := (&Tournament{Event: tr.Event, Entrants: reversed}).Seeds()
	equal(t, "seeds of the entrants listed backwards", again, got)
	// Some seed draws x, y and z in another order: the draw depends on the seed.
	differ := false
	for seed := range uint64(20) {
		tr.Event.Seed = seed
		other, _ := tr.Seeds()
		differ = differ || other[2] != got[2] || other[3] != got[3]
	}
	if !differ {
		t.Error("twenty seeds all drew the same order of x, y and z")
	}
}

func TestOutcomesOf(t *testing.T) {
	cases := []struct {
		places []int
		want   []Outcome
	}{
		{[]int{1, 2}, []Outcome{Win, Loss}},
		{[]int{2, 1}, []Outcome{Loss, Win}},
		{[]int{1, 1}, []Outcome{Draw, Draw}},
		{[]int{2, 1, 3}, []Outcome{Loss, Win, Loss}},
		{[]int{1, 3, 1}, []Outcome{Draw, Loss, Draw}},
		{[]int{1, 1, 1}, []Outcome{Draw, Draw, Draw}},
	}
	for _, c := range cases {
		equal(t, "OutcomesOf", OutcomesOf(c.places), c.want)
	}
}

func TestNames(t *testing.T) {
	// Names read in a sentence; an unknown value says what it is.
	got := []string{
		RoundRobin.String(), Swiss.String(), Elimination.String(), Duplicate.String(), Format(9).String(),
		Individuals.String(), Partnerships.String(), NewPartners.String(), Entry(0).String(),
		Buchholz.String(), HeadToHead.String(), PointDifference.String(), Tiebreak(7).String(),
		Win.String(), Draw.String(), Loss.String(), Outcome(0).String(),
	}
	equal(t, "names", got, []string{
		"round robin", "Swiss", "single elimination", "duplicate", "Format(9)",
		"players alone", "fixed partnerships", "new partners every round", "Entry(0)",
		"Buchholz", "head-to-head", "point difference", "Tiebreak(7)",
		"win", "draw", "loss", "Outcome(0)",
	})
	equal(t, "Swiss tiebreaks", Event{Format: Swiss}.Tiebreaks(), []Tiebreak{Buchholz, HeadToHead, PointDifference})
	equal(t, "elimination tiebreaks", Event{Format: Elimination}.Tiebreaks(), nil)
}
