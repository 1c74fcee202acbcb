package commands

import (
	"errors"
	"testing"
)

// TestParseControl: every kind of custom ID the bot makes reads back as itself, through one
// parser, with its route; anything else is refused.
func TestParseControl(t *testing.T) {
	for _, c := range []struct {
		id    string
		want  Control
		route Route
	}{
		{ID{Game: 12, Hand: 2, Step: 57, Action: ActBid, Arg: "260"}.String(), ID{Game: 12, Hand: 2, Step: 57, Action: ActBid, Arg: "260"}, "p1:bid"},
		{ID{Game: 3, Action: ActJoin}.String(), ID{Game: 3, Action: ActJoin}, "p1:join"},
		{PageID{Season: 4, Offset: 20}.String(), PageID{Season: 4, Offset: 20}, RoutePage},
		{SheetID{Kind: SheetReview, Game: 9, Page: 2}.String(), SheetID{Kind: SheetReview, Game: 9, Page: 2}, RouteReview},
		{SheetID{Kind: SheetScores, Game: 9, Page: 1}.String(), SheetID{Kind: SheetScores, Game: 9, Page: 1}, RouteSheet},
	} {
		got, err := ParseControl(c.id)
		if err != nil || got != c.want || got.Route() != c.route {
			t.Errorf("ParseControl(%q) = %#v (route %q), %v; want %#v (route %q)", c.id, got, routeOf(got), err, c.want, c.route)
		}
	}
	for _, bad := range []string{"", "p1", "p2:1:0:0:join", "lb1:4", "gv1:sheet:0:1", "x:y", "join", "p1:1:0:0:join:extra"} {
		if got, err := ParseControl(bad); err == nil || !errors.Is(err, ErrBadID) {
			t.Errorf("ParseControl(%q) = %#v, %v; want ErrBadID", bad, got, err)
		}
	}
}

// routeOf is a control's route, "" for none.
func routeOf(c Control) Route {
	if c == nil {
		return ""
	}
	return c.Route()
}

// TestRoutesCoverActions: Routes names every action and every other button, once.
func TestRoutesCoverActions(t *testing.T) {
	routes := Routes()
	seen := map[Route]bool{}
	for _, r := range routes {
		if seen[r] {
			t.Errorf("route %q listed twice", r)
		}
		seen[r] = true
	}
	for a := range actionArgs {
		if !seen[RouteOf(a)] {
			t.Errorf("action %q has no route", a)
		}
	}
	for _, r := range []Route{RoutePage, RouteSheet, RouteReview} {
		if !seen[r] {
			t.Errorf("route %q missing", r)
		}
	}
}

// FuzzParseControl: no custom ID crashes the parser, and what it accepts encodes back to
// the same string.
func FuzzParseControl(f *testing.F) {
	for _, s := range []string{"p1:1:0:0:join", "lb1:0:20", "gv1:review:3:1", "p1:5:2:9:card:10H", ":", "gv1::1:1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseControl(s)
		if err != nil {
			return
		}
		if got := c.(interface{ String() string }).String(); got != s {
			t.Fatalf("ParseControl(%q) = %#v, which encodes as %q", s, c, got)
		}
	})
}
