package present

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/table"
)

// Narration collects the public lines that describe actions as they are applied: what the
// thread shows, in a Narrator's words (Markdown, addressing no one). It never describes
// hidden cards: passes say how many cards, not which.
type Narration struct {
	// Lines are the lines to post, in order.
	Lines []string
	// Events are what the actions narrated did, as the engine reported them: recording
	// reads the finished hands from them, as the narration did.
	Events []engine.Event
	// Buttons are the buttons of the post that ends with a line (a hand's result: its
	// review and the score sheet), by the line's text.
	Buttons map[string][]discordgo.MessageComponent
	// Sheets, once the game is over, are the whole score sheet to post with the result,
	// a page an embed.
	Sheets []*discordgo.MessageEmbed
}

// Add describes action a from the events the engine reported for it; pub is the game's
// public view right after it.
func (n *Narration) Add(meta *table.Game, pub *engine.View, a engine.Action, events []engine.Event) {
	nr := tableNarrator(meta)
	n.Lines = append(n.Lines, nr.Action(pub, a, events)...)
	n.Events = append(n.Events, events...)
	for _, e := range events {
		switch e.Kind {
		case engine.EventHandFinished:
			if n.Buttons == nil {
				n.Buttons = map[string][]discordgo.MessageComponent{}
			}
			n.Buttons[nr.result(pub.Rules(), e.Result)] = SheetButtons(meta.ID, e.Result.Hand)
		case engine.EventGameOver:
			results := pub.Results()
			pages := max(1, (len(results)+SheetPageSize-1)/SheetPageSize)
			n.Sheets = n.Sheets[:0]
			for p := 1; p <= pages; p++ {
				e, _ := Sheet(meta, results, p)
				n.Sheets = append(n.Sheets, e)
			}
		}
	}
}

// Say adds a line, formatted as fmt.Sprintf does.
func (n *Narration) Say(format string, args ...any) {
	n.Lines = append(n.Lines, fmt.Sprintf(format, args...))
}

// tableNarrator is the narrator of a table's thread: Markdown, each seat named by its
// player (an open seat "seat N"), addressing no one.
func tableNarrator(meta *table.Game) Narrator {
	names := make([]string, len(meta.Seats))
	for s := range names {
		names[s] = PlainName(meta, s)
	}
	return NewNarrator(Markdown, names)
}

// ResultLine says how a finished game ended.
func ResultLine(meta *table.Game, s [2]int, winner int) string {
	return tableNarrator(meta).gameResult(len(meta.Seats), s, winner)
}

// auctionText lists the last n entries of an auction.
func auctionText(meta *table.Game, auction []engine.Bid, n int) string {
	return tableNarrator(meta).Auction(auction, n)
}

// playedText lists the cards of a trick with who played them.
func playedText(meta *table.Game, cards []engine.Played) string {
	return tableNarrator(meta).Played(cards)
}

// Finished tells what a finished game did to the ratings, or that it does not count.
func (n *Narration) Finished(meta *table.Game, fin league.Recorded) {
	if len(fin.Changes) > 0 {
		var parts []string
		for _, c := range fin.Changes {
			parts = append(parts, fmt.Sprintf("%s %.0f → %.0f", nameOfUser(meta, c.UserID), c.Before.Display(), c.After.Display()))
		}
		n.Say("Ratings: %s.", strings.Join(parts, " · "))
	} else if !fin.Result.Counted {
		n.Say("This game does not count for the leaderboard (computer players).")
	}
}

// nameOfUser returns the name of the seat a user holds, escaped for Markdown.
func nameOfUser(meta *table.Game, userID string) string {
	for _, s := range meta.Seats {
		if s.UserID == userID {
			return Escape(s.Name)
		}
	}
	return "someone"
}
