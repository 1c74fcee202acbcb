package present

import (
	"fmt"
	"strings"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
)

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

// symbolsText writes cards as symbols separated by spaces.
func symbolsText(cards []engine.Card) string {
	parts := make([]string, len(cards))
	for i, c := range cards {
		parts[i] = c.Symbol()
	}
	return strings.Join(parts, " ")
}
