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
// thread shows. It never describes hidden cards: passes say how many cards, not which.
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
	who := Name(meta, a.Seat)
	switch a.Kind {
	case engine.ActBid:
		n.Say("%s bids %d.", who, a.Bid)
	case engine.ActPass:
		n.Say("%s passes.", who)
	case engine.ActTrump:
		n.Say("%s names **%s %s** trump.", who, a.Suit.Symbol(), a.Suit.Name())
	case engine.ActPlayHand:
		n.Say("%s plays the hand.", who)
	case engine.ActThrowIn:
		n.Say("%s throws in the hand.", who)
	case engine.ActShootMoon:
		n.Say("%s **shoots the moon**: %s must take every trick.", who, TeamName(pub.Rules().TeamOf(a.Seat)))
	}
	n.Events = append(n.Events, events...)
	if (a.Kind == engine.ActMeld || a.Kind == engine.ActDraw) && pub.Rules().Stock && pub.StockSize() == 0 && pub.HandNo() > 0 {
		defer n.Say("The stock is drawn: %s took the last card, the one turned up. The cards on the table go back to the hands; the last 12 tricks follow suit, beat and trump.", Name(meta, 1-a.Seat))
	}
	for _, e := range events {
		switch e.Kind {
		case engine.EventCardsPassed:
			if e.To < 0 {
				// A bury: how many, never which.
				n.Say("%s buries %d cards.", Name(meta, e.Seat), e.Count)
				continue
			}
			n.Say("%s passes %d cards to %s.", Name(meta, e.Seat), e.Count, Name(meta, e.To))
		case engine.EventTrickTaken:
			note := ""
			if e.Last {
				note = " (last trick)"
			}
			n.Say("Trick: %s → **%s** takes %d%s.", playedText(meta, e.Trick), Name(meta, e.Seat), e.Points, note)
		case engine.EventAuctionWon:
			if e.Forced {
				n.Say("Nobody else bid: %s is stuck with **%d**.", Name(meta, e.Seat), e.Bid)
			} else {
				n.Say("%s wins the auction at **%d**.", Name(meta, e.Seat), e.Bid)
			}
		case engine.EventWidowTaken:
			n.Say("%s takes the widow: %s, and %s.", Name(meta, e.Seat), symbolsText(e.Cards),
				strings.TrimPrefix(aloneText(meta, e.Seat, pub.Rules().Players), Name(meta, e.Seat)+" "))
		case engine.EventMeldShown:
			n.meld(meta, pub)
		case engine.EventHandFinished:
			if pub.Rules().Solo && e.Result.Bidder >= 0 {
				n.soloResult(meta, pub.Rules(), e.Result)
			} else if pub.Rules().Stock || e.Result.Bidder < 0 {
				// No auction, so no bidding team to read the result by.
				n.stockResult(meta, pub.Rules(), e.Result)
			} else {
				n.handResult(meta, e.Result)
			}
			if n.Buttons == nil {
				n.Buttons = map[string][]discordgo.MessageComponent{}
			}
			n.Buttons[n.Lines[len(n.Lines)-1]] = SheetButtons(meta.ID, e.Result.Hand)
		case engine.EventGameOver:
			if pub.Rules().Solo {
				n.Say("**Game over.** %s", SoloResultLine(meta, pub.SeatScores(), pub.Rules().Players, e.Winner))
			} else {
				n.Say("**Game over.** %s", ResultLine(meta, e.Scores, e.Winner))
			}
			results := pub.Results()
			pages := max(1, (len(results)+SheetPageSize-1)/SheetPageSize)
			n.Sheets = n.Sheets[:0]
			for p := 1; p <= pages; p++ {
				e, _ := Sheet(meta, results, p)
				n.Sheets = append(n.Sheets, e)
			}
		case engine.EventHandDealt:
			n.Lines = append(n.Lines, dealtLine(meta, pub, e))
		case engine.EventMeldLaid:
			n.laid(meta, pub, e.Laid)
		}
	}
}

// Say adds a line, formatted as fmt.Sprintf does.
func (n *Narration) Say(format string, args ...any) {
	n.Lines = append(n.Lines, fmt.Sprintf(format, args...))
}

// meld shows every seat's meld with its breakdown.
func (n *Narration) meld(meta *table.Game, v *engine.View) {
	var b strings.Builder
	fmt.Fprintf(&b, "**Meld** (trump %s):", v.Trump().Symbol())
	for _, m := range v.Melds() {
		fmt.Fprintf(&b, "\n• %s: **%d**", Name(meta, m.Seat), m.Total)
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
	if !v.Rules().Solo {
		fmt.Fprintf(&b, "\n%s %d · %s %d", TeamName(0), v.TeamMeld(0), TeamName(1), v.TeamMeld(1))
	}
	n.Lines = append(n.Lines, b.String())
}

// handResult describes a finished hand: how it ended and, for each team, what it scored
// and why, so that a line never shows a saving rule beside a gain or a choice the rules
// made.
func (n *Narration) handResult(meta *table.Game, res engine.HandResult) {
	rules, err := meta.Rules()
	if err != nil {
		rules = engine.Rules{} // the lines say less about saving, nothing false
	}
	bt := res.BiddingTeam()
	ot := 1 - bt
	var b strings.Builder
	fmt.Fprintf(&b, "**Hand %d result.** %s bid %d", res.Hand, Name(meta, res.Bidder), res.Bid)
	if res.Trump != engine.NoSuit {
		fmt.Fprintf(&b, " in %s", res.Trump.Symbol())
	}
	team := func(t int, format string, args ...any) {
		fmt.Fprintf(&b, "\n%s: %s → %+d, score **%d**", TeamName(t), fmt.Sprintf(format, args...), res.Delta[t], res.Scores[t])
	}
	switch res.Outcome {
	case engine.OutcomeThrownIn, engine.OutcomeBoardSet:
		switch {
		case res.Outcome == engine.OutcomeBoardSet:
			b.WriteString(": no marriage to name trump, **board set**.")
		case res.Forced:
			b.WriteString(": out of reach even with every trick, so the rules **threw it in**.")
		default:
			b.WriteString(" and **threw in**.")
		}
		team(bt, "the bid is lost")
		kept := fmt.Sprintf("meld %d counts", res.Meld[ot])
		if res.Meld[ot] == 0 {
			kept = "no meld to count"
		}
		if res.Tricks[ot] > 0 {
			kept += fmt.Sprintf(", and %d for the throw-in", res.Tricks[ot])
		}
		team(ot, "%s", kept)
	case engine.OutcomeInstantWin:
		b.WriteString(": the runs in one hand **win the game**.")
		for _, t := range []int{bt, ot} {
			team(t, "meld %d", res.Meld[t])
		}
	default:
		if res.Made {
			b.WriteString(" and **made it**.")
		} else {
			fmt.Fprintf(&b, " and was **set**: the side had meld %d and tricks %d.", res.Meld[bt], res.Tricks[bt])
		}
		for _, t := range []int{bt, ot} {
			switch {
			case t == bt && !res.Made:
				team(t, "set")
			case t == ot && !res.Made && rules.SetGivesOpponents:
				team(t, "meld %d + tricks %d, and the bid %d", res.Meld[t], res.Tricks[t], res.Bid)
			case !res.Saved[t]:
				team(t, "meld and tricks lost (%s)", notSaved(&rules))
			default:
				team(t, "meld %d + tricks %d", res.Meld[t], res.Tricks[t])
			}
		}
		if rules.Save == engine.SavePerPlayer {
			// Each player keeps their meld only by taking a counter or the last trick.
			for s := range rules.Players {
				if res.SeatMeld[s] > 0 && !res.SeatSaved[s] {
					fmt.Fprintf(&b, "\n%s's meld of %d is lost: %s.", Name(meta, s), res.SeatMeld[s], notSaved(&rules))
				}
			}
		}
	}
	n.Lines = append(n.Lines, b.String())
}

// notSaved says why a side (or a player) kept nothing of its meld and tricks, by the rule
// of the table.
func notSaved(r *engine.Rules) string {
	switch r.Save {
	case engine.SaveAnyTrick:
		return "took no trick"
	case engine.SaveCounters20:
		return "took less than 20 in counters"
	}
	return "took no counter and not the last trick"
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
