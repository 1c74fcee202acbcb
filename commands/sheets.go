package commands

import (
	"fmt"
	"strings"

	"github.com/pinochle-discord/pinochle/internal/words"
)

// sheetPrefix names the encoding of the buttons that open or page a game's records.
const sheetPrefix = "gv1"

// The records a SheetID opens.
const (
	// SheetScores is the score sheet: Page is the page, from 1.
	SheetScores = "sheet"
	// SheetReview is the review of a finished hand: Page is the hand number, from 1.
	SheetReview = "review"
)

// maxSheetPage bounds a page or hand number in an ID.
const (
	maxSheetPageDigits = 6
	maxSheetPage       = 999_999
)

// SheetID is the custom ID of a button that shows a game's score sheet or the review of
// one of its hands, valid at any time: "gv1:KIND:GAME:PAGE".
type SheetID struct {
	Kind string
	Game int64
	Page int
}

// String encodes the ID.
func (s SheetID) String() string {
	return fmt.Sprintf("%s:%s:%d:%d", sheetPrefix, s.Kind, s.Game, s.Page)
}

// ParseSheetID reads a sheet button's custom ID strictly: the prefix, a known kind, the
// game (from 1) and the page (from 1) as decimal numbers without signs or leading zeros.
func ParseSheetID(s string) (SheetID, error) {
	parts := strings.Split(s, ":")
	if len(parts) != 4 || parts[0] != sheetPrefix || (parts[1] != SheetScores && parts[1] != SheetReview) {
		return SheetID{}, fmt.Errorf("%w: %q is not a sheet button", ErrBadID, words.Truncate(s, 40))
	}
	game, err := parseDecimal(parts[2], maxGameDigits)
	if err != nil || game < 1 || game > maxGame {
		return SheetID{}, fmt.Errorf("%w: game in %q", ErrBadID, words.Truncate(s, 40))
	}
	page, err := parseDecimal(parts[3], maxSheetPageDigits)
	if err != nil || page < 1 || page > maxSheetPage {
		return SheetID{}, fmt.Errorf("%w: page in %q", ErrBadID, words.Truncate(s, 40))
	}
	return SheetID{Kind: parts[1], Game: game, Page: int(page)}, nil
}
