package present

import (
	"fmt"

	"github.com/pinochle-discord/pinochle/table"
)

// Colours of embeds and of Components V2 messages: green while a table is open or in play,
// grey once it is over.
const (
	ColourActive = 0x2e7d32
	ColourOver   = 0x757575
)

// TeamName names a team for people.
func TeamName(team int) string { return "Team " + string(rune('A'+team)) }

// seatName is the name shown for a seat in Markdown: its player, escaped and marked as a
// computer or away, or "seat N" while it is open.
func seatName(meta *table.Game, seat int) string {
	if seat < 0 || seat >= len(meta.Seats) {
		return "nobody"
	}
	s := meta.Seats[seat]
	switch {
	case s.IsOpen():
		return fmt.Sprintf("seat %d", seat+1)
	case s.IsComputer():
		return Escape(s.Name) + " 🤖"
	case s.Away:
		return Escape(s.Name) + " (away)"
	}
	return Escape(s.Name)
}

// Name is a seat's name without markers, for sentences in Markdown (a message's content,
// an embed's text): the player's name escaped, so that it reads as written.
func Name(meta *table.Game, seat int) string {
	return Escape(PlainName(meta, seat))
}

// PlainName is a seat's name without markers, as the player wrote it: for text that
// Discord shows as it is, such as a suggestion's label or a file, never for Markdown.
func PlainName(meta *table.Game, seat int) string {
	if seat < 0 || seat >= len(meta.Seats) || meta.Seats[seat].IsOpen() {
		return fmt.Sprintf("seat %d", seat+1)
	}
	return meta.Seats[seat].Name
}
