package present

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/pinochle-discord/pinochle/engine"
)

// Capitalise upper-cases the first letter of a sentence.
func Capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// Duration writes a timer for people in its largest whole unit: 15m, 12h, 3d; one that
// is not a whole number of minutes reads as time.Duration does (1m30s).
func Duration(d time.Duration) string {
	switch {
	case d%(24*time.Hour) == 0:
		return fmt.Sprintf("%dd", d/(24*time.Hour))
	case d%time.Hour == 0:
		return fmt.Sprintf("%dh", d/time.Hour)
	case d%time.Minute == 0:
		return fmt.Sprintf("%dm", d/time.Minute)
	}
	return d.Round(time.Second).String()
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

// Count writes a number of things named by a noun that takes an s: "1 hand", "2 hands",
// "0 games".
func Count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// symbolsText writes cards as symbols separated by spaces.
func symbolsText(cards []engine.Card) string {
	parts := make([]string, len(cards))
	for i, c := range cards {
		parts[i] = c.Symbol()
	}
	return strings.Join(parts, " ")
}
