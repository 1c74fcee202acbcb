package commands

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pinochle-discord/pinochle/internal/words"
)

// pagePrefix names the encoding of a ranking's page buttons.
const pagePrefix = "lb1"

// Bounds of a page's offset: far beyond any server's number of players.
const (
	maxOffsetDigits = 7
	maxOffset       = 9_999_999
)

// PageID is the custom ID of a button that turns a ranking's page: the season it ranks
// (0 for overall) and the offset of the page's first player. Encoded "lb1:SEASON:OFFSET".
type PageID struct {
	Season int64
	Offset int
}

// String encodes the ID.
func (p PageID) String() string {
	return pagePrefix + ":" + strconv.FormatInt(p.Season, 10) + ":" + strconv.Itoa(p.Offset)
}

// ParsePageID reads a page button's custom ID strictly: the prefix, then the season and the
// offset as decimal numbers without signs or leading zeros.
func ParsePageID(s string) (PageID, error) {
	parts := strings.Split(s, ":")
	if len(parts) != 3 || parts[0] != pagePrefix {
		return PageID{}, fmt.Errorf("%w: %q is not a page button", ErrBadID, words.Truncate(s, 40))
	}
	season, err := parseDecimal(parts[1], maxGameDigits)
	if err != nil || season > maxGame {
		return PageID{}, fmt.Errorf("%w: season in %q", ErrBadID, words.Truncate(s, 40))
	}
	offset, err := parseDecimal(parts[2], maxOffsetDigits)
	if err != nil || offset > maxOffset {
		return PageID{}, fmt.Errorf("%w: offset in %q", ErrBadID, words.Truncate(s, 40))
	}
	return PageID{Season: season, Offset: int(offset)}, nil
}
