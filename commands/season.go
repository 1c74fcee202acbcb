package commands

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// SeasonNameLimit is the longest name of a league season, in characters (runes), both in
// the options that take one (Discord enforces their max_length) and in SeasonName.
//
// It is 100, as long as a choice's name or value may be, so that any season can be offered
// as a suggestion and typed back into a season option; escaped for Markdown (at most
// twice as long) after "Final standings · ", it still fits an embed title's 256
// characters. Discord counts an option's length in characters; a name within the limit as
// Discord counts it is within it in runes too, so SeasonName never refuses what Discord
// let through.
const SeasonNameLimit = 100

// SeasonName reads a season's name as /league start gives it: without surrounding spaces,
// 1 to SeasonNameLimit characters, no line breaks or other control characters, and not
// "overall", which the season options keep for all time.
func SeasonName(s string) (string, error) {
	name := strings.TrimSpace(s)
	switch n := utf8.RuneCountInString(name); {
	case !utf8.ValidString(name):
		return "", errors.New("a season's name must be text")
	case n == 0 || n > SeasonNameLimit:
		return "", fmt.Errorf("give the season a name of 1 to %d characters (this one has %d)", SeasonNameLimit, n)
	case strings.IndexFunc(name, unicode.IsControl) >= 0:
		return "", errors.New("a season's name must stay on one line")
	case strings.EqualFold(name, SeasonOverall):
		return "", fmt.Errorf("%q stands for all time: give the season another name", SeasonOverall)
	}
	return name, nil
}
