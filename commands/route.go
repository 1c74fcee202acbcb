package commands

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pinochle-discord/pinochle/internal/words"
)

// A Control is what a custom ID says: a control of a game (ID), a page of a ranking (PageID)
// or a game's records (SheetID). Its Route names the handler that serves it.
type Control interface {
	Route() Route
}

// A Route names what a control does, across every kind of custom ID the bot makes: the
// key of the bot's route table. It is the ID's prefix and its action, such as "p1:bid",
// "lb1:page" or "gv1:review".
type Route string

// Route returns the route of a game's control: its action.
func (id ID) Route() Route { return Route(idPrefix + ":" + string(id.Action)) }

// Route returns the route of a ranking's page button.
func (PageID) Route() Route { return RoutePage }

// Route returns the route of a records button: its kind.
func (s SheetID) Route() Route { return Route(sheetPrefix + ":" + s.Kind) }

// RouteOf returns the route of a game's control that does a.
func RouteOf(a Action) Route { return ID{Action: a}.Route() }

// The routes of the buttons that are not a game's controls.
const (
	RoutePage   Route = pagePrefix + ":page"
	RouteSheet  Route = sheetPrefix + ":" + SheetScores
	RouteReview Route = sheetPrefix + ":" + SheetReview
)

// grammar lists the kinds of custom ID the bot makes, by prefix, each with its strict
// parser. A prefix names its encoding and version: an older encoding stays here for as
// long as messages that carry it may be clicked.
var grammar = map[string]func(string) (Control, error){
	idPrefix:        func(s string) (Control, error) { return ParseID(s) },
	pagePrefix:      func(s string) (Control, error) { return ParsePageID(s) },
	sheetPrefix:     func(s string) (Control, error) { return ParseSheetID(s) },
	eventPrefix:     func(s string) (Control, error) { return ParseEventID(s) },
	playAgainPrefix: func(s string) (Control, error) { return ParsePlayAgainID(s) },
}

// ParseControl reads any custom ID the bot makes, by its prefix, strictly: anything else is
// an error wrapping ErrBadID, a control the bot did not make (or no longer reads).
func ParseControl(s string) (Control, error) {
	prefix, _, ok := strings.Cut(s, ":")
	parse, known := grammar[prefix]
	if !ok || !known {
		return nil, fmt.Errorf("%w: %q", ErrBadID, words.Truncate(s, 40))
	}
	return parse(s)
}

// Routes returns every route a custom ID the bot makes may take, sorted: the bot's route
// table serves each.
func Routes() []Route {
	routes := append([]Route{RoutePage, RouteSheet, RouteReview, RoutePlayAgain}, eventRoutes()...)
	for a := range actionArgs {
		routes = append(routes, RouteOf(a))
	}
	slices.Sort(routes)
	return routes
}
