// Package words holds the small helpers of English the bot's texts share: a sentence's
// capital, a count with its noun, lists joined as people write them, and a cut to a length
// counted as Discord counts (in characters). It knows nothing of the game.
package words

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Capitalise upper-cases the first letter of a sentence.
func Capitalise(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if size == 0 || r == utf8.RuneError {
		return s
	}
	return string(unicode.ToUpper(r)) + s[size:]
}

// Count writes a number of things named by a noun that takes an s: "1 hand", "2 hands",
// "0 games".
func Count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// Join joins items as a sentence lists them, with last before the last item: "a",
// "a and b", "a, b and c" for Join(items, "and").
func Join(items []string, last string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + last + " " + items[len(items)-1]
}

// Truncate cuts s to at most n characters (runes), as Discord counts its limits, marking
// the cut with an ellipsis.
func Truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	if n <= 0 {
		return ""
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}
