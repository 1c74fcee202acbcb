package present

import (
	"fmt"

	"github.com/pinochle-discord/pinochle/storage"
)

// Colours of the embeds: green while a table is open or in play, grey once it is over.
const (
	ColourActive = 0x2e7d32
	ColourOver   = 0x757575
)

// TeamName names a team for people.
func TeamName(team int) string { return "Team " + string(rune('A'+team)) }

// seatName is the name shown for a seat: its player, or "seat N" while it is open.
func seatName(meta *storage.Game, seat int) string {
	if seat < 0 || seat >= len(meta.Seats) {
		return "nobody"
	}
	s := meta.Seats[seat]
	switch {
	case s.IsOpen():
		return fmt.Sprintf("seat %d", seat+1)
	case s.IsComputer():
		return s.Name + " 🤖"
	case s.Away:
		return s.Name + " (away)"
	}
	return s.Name
}

// PlainName is a seat's name without markers, for sentences.
func PlainName(meta *storage.Game, seat int) string {
	if seat < 0 || seat >= len(meta.Seats) || meta.Seats[seat].IsOpen() {
		return fmt.Sprintf("seat %d", seat+1)
	}
	return meta.Seats[seat].Name
}
