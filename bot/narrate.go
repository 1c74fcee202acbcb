package bot

import (
	"fmt"
	"github.com/bwmarrin/discordgo"
	"strings"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/storage"
)

// narration collects the public lines that describe actions as they are applied: what the
// thread shows. It never describes hidden cards: passes say how many cards, not which.
type narration struct {
	lines []string
	// events are what the actions narrated did, as the engine reported them: recording
	// reads the finished hands from them, as the narration did.
	events []engine.Event
	// buttons are the buttons of the post that ends with a line (a hand's result: its
	// review and the score sheet), by the line's text.
	buttons map[string][]discordgo.MessageComponent
	// sheet, once the game is over, is the score sheet to post with the result.
	sheet *discordgo.MessageEmbed
	// sheetButtons turn its pages.
	sheetButtons []discordgo.MessageComponent
}

// add describes action a, applied to g, from the events the engine reported for it.
func (n *narration) add(meta *storage.Game, g *engine.Game, a engine.Action, events []engine.Event) {
	who := plainName(meta, a.Seat)
	switch a.Kind {
	case engine.ActBid:
		n.say("%s bids %d.", who, a.Bid)
	case engine.ActPass:
		n.say("%s passes.", who)
	case engine.ActTrump:
		n.say("%s names **%s %s** trump.", who, a.Suit.Symbol(), a.Suit.Name())
	case engine.ActPlayHand:
		n.say("%s plays the hand.", who)
	case engine.ActThrowIn:
		n.say("%s throws in the hand.", who)
	case engine.ActShootMoon:
		n.say("%s **shoots the moon**: %s must take every trick.", who, teamName(g.Rules().TeamOf(a.Seat)))
	}
	n.events = append(n.events, events...)
	for _, e := range events {
		switch e.Kind {
		case engine.EventCardsPassed:
			n.say("%s passes %d cards to %s.", plainName(meta, e.Seat), e.Count, plainName(meta, e.To))
		case engine.EventTrickTaken:
			note := ""
			if e.Last {
				note = " (last trick)"
			}
			n.say("Trick: %s → **%s** takes %d%s.", playedText(meta, e.Trick), plainName(meta, e.Seat), e.Points, note)
		case engine.EventAuctionWon:
			if e.Forced {
				n.say("Nobody else bid: %s is stuck with **%d**.", plainName(meta, e.Seat), e.Bid)
			} else {
				n.say("%s wins the auction at **%d**.", plainName(meta, e.Seat), e.Bid)
			}
		case engine.EventMeldShown:
			n.meld(meta, g)
		case engine.EventHandFinished:
			n.handResult(meta, g, e.Result)
			if n.buttons == nil {
				n.buttons = map[string][]discordgo.MessageComponent{}
			}
			n.buttons[n.lines[len(n.lines)-1]] = sheetButtons(meta.ID, e.Result.Hand)
		case engine.EventGameOver:
			n.say("**Game over.** %s", resultLine(e.Scores, e.Winner))
			pages := max(1, (len(g.Results())+sheetPageSize-1)/sheetPageSize)
			n.sheet, n.sheetButtons = sheetMessage(meta, g.Results(), pages)
		case engine.EventHandDealt:
			n.say("— Hand %d: %s deals. —", e.Hand, plainName(meta, e.Seat))
		}
	}
}

func (n *narration) say(format string, args ...any) {
	n.lines = append(n.lines, fmt.Sprintf(format, args...))
}

// meld shows every seat's meld with its breakdown.
func (n *narration) meld(meta *storage.Game, g *engine.Game) {
	v := g.View(-1)
	var b strings.Builder
	fmt.Fprintf(&b, "**Meld** (trump %s):", g.Trump().Symbol())
	for _, m := range v.Melds() {
		fmt.Fprintf(&b, "\n• %s: **%d**", plainName(meta, m.Seat), m.Total)
		var parts []string
		for _, it := range m.Items {
			parts = append(parts, fmt.Sprintf("%s %d (%s)", it.Name(), it.Points, symbolsText(it.Cards())))
		}
		if len(parts) > 0 {
			b.WriteString(" — " + strings.Join(parts, ", "))
		}
		if m.WinsGame {
			b.WriteString(" — **wins the game!**")
		}
	}
	fmt.Fprintf(&b, "\n%s %d · %s %d", teamName(0), v.TeamMeld(0), teamName(1), v.TeamMeld(1))
	n.lines = append(n.lines, b.String())
}

// handResult describes a finished hand.
func (n *narration) handResult(meta *storage.Game, g *engine.Game, res engine.HandResult) {
	bt := res.BiddingTeam()
	var b strings.Builder
	fmt.Fprintf(&b, "**Hand %d result.** %s bid %d", res.Hand, plainName(meta, res.Bidder), res.Bid)
	if res.Trump != engine.NoSuit {
		fmt.Fprintf(&b, " in %s", res.Trump.Symbol())
	}
	switch res.Outcome {
	case engine.OutcomeThrownIn:
		b.WriteString(" and threw in.")
	case engine.OutcomeBoardSet:
		b.WriteString(": no marriage to name trump, **board set**.")
	case engine.OutcomeInstantWin:
		b.WriteString(": the runs in one hand **win the game**.")
	default:
		if res.Made {
			b.WriteString(" and **made it**.")
		} else {
			b.WriteString(" and was **set**.")
		}
	}
	for _, t := range []int{bt, 1 - bt} {
		saved := ""
		if !res.Saved[t] {
			saved = " (not saved)"
		}
		fmt.Fprintf(&b, "\n%s: meld %d + tricks %d%s → %+d, score **%d**", teamName(t), res.Meld[t], res.Tricks[t], saved, res.Delta[t], res.Scores[t])
	}
	n.lines = append(n.lines, b.String())
}
