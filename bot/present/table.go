package present

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/internal/words"
	"github.com/pinochle-discord/pinochle/table"
)

// Table is the public table: everything every player may know, and the "My hand"
// button.
// v is the spectators' view (Game.View(-1)): the table never sees a hand.
func Table(meta *table.Game, v *engine.View) (*discordgo.MessageEmbed, []discordgo.MessageComponent) {
	rules := v.Rules()
	e := &discordgo.MessageEmbed{
		Title:       fmt.Sprintf("Pinochle · %s · hand %d", rules.Preset, v.HandNo()),
		Description: statusLine(meta, v),
		Color:       ColourActive,
	}
	abandoned := meta.Status == table.StatusAbandoned
	if abandoned {
		e.Description = "This game was abandoned."
	}
	if v.Over() || abandoned {
		e.Color = ColourOver
	}
	// The seats in playing order (play goes round them), each with its team.
	var seats []string
	for seat := range meta.Seats {
		marks := ""
		if seat == v.Dealer() {
			marks += " · dealer"
		}
		if seat == v.Bidder() && v.Phase() != engine.PhaseBidding {
			marks += " · bidder"
		}
		if slices.Contains(v.Waiting(), seat) {
			marks = " ▶" + marks
		}
		if rules.Players == 2 || rules.Solo {
			seats = append(seats, seatName(meta, seat)+marks) // each player a side of their own
			continue
		}
		seats = append(seats, fmt.Sprintf("%s (%s)%s", seatName(meta, seat), string(rune('A'+rules.TeamOf(seat))), marks))
	}
	e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Seats, in playing order", Value: strings.Join(seats, "\n"), Inline: true})
	score := fmt.Sprintf("%s **%d**\n%s **%d**", sideName(meta, 0), v.Scores()[0], sideName(meta, 1), v.Scores()[1])
	if rules.Solo {
		score = strings.ReplaceAll(seatScoresText(meta, v.SeatScores(), rules.Players), " · ", "\n")
	}
	e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Score", Value: score, Inline: true})
	if rules.Stock && !v.Over() {
		e.Fields = append(e.Fields, stockFields(meta, v)...)
	}
	if len(v.Auction()) > 0 && !v.Over() {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Auction", Value: auctionText(meta, v.Auction(), 16)})
	}
	if v.Bidder() >= 0 && v.Phase() != engine.PhaseBidding && !v.Over() {
		contract := fmt.Sprintf("%s bid %d", Name(meta, v.Bidder()), v.High())
		if v.Trump() != engine.NoSuit {
			contract += fmt.Sprintf(", trump %s %s", v.Trump().Symbol(), v.Trump().Name())
		}
		if v.Moon() {
			contract += ", shooting the moon"
		}
		if rules.Solo {
			contract += "; " + aloneText(meta, v.Bidder(), rules.Players)
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Contract", Value: contract})
	}
	if w, ok := widowText(meta, v); ok {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Widow", Value: w})
	}
	if len(v.Melds()) > 0 && !v.Over() {
		var parts []string
		for _, m := range v.Melds() {
			parts = append(parts, fmt.Sprintf("%s %d", Name(meta, m.Seat), m.Total))
		}
		value := strings.Join(parts, " · ")
		if !rules.Solo {
			value += fmt.Sprintf("\n%s %d · %s %d", TeamName(0), v.TeamMeld(0), TeamName(1), v.TeamMeld(1))
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Meld", Value: value})
	}
	if v.Phase() == engine.PhasePlay || v.Phase() == engine.PhaseMeld {
		trick := "—"
		if len(v.Trick()) > 0 {
			trick = playedText(meta, v.Trick())
		}
		value := "Now: " + trick
		if last, ok := v.LastTrick(); ok {
			value += fmt.Sprintf("\nLast: %s → %s", playedText(meta, last.Cards), Name(meta, last.Winner))
		}
		if rules.Solo {
			var parts []string
			for seat := range rules.Players {
				parts = append(parts, fmt.Sprintf("%s %d (%d points)", Name(meta, seat), v.TricksWon(seat), v.SeatPoints(seat)))
			}
			value += "\nTricks won: " + strings.Join(parts, " · ")
		} else {
			var tricks [2]int
			for seat := range rules.Players {
				tricks[rules.TeamOf(seat)] += v.TricksWon(seat)
			}
			value += fmt.Sprintf("\nTricks won: %s %d (%d points) · %s %d (%d points)",
				sideName(meta, 0), tricks[0], v.TrickPoints(0), sideName(meta, 1), tricks[1], v.TrickPoints(1))
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Trick", Value: value})
	}
	e.Footer = &discordgo.MessageEmbedFooter{Text: gameEndText(rules, v.HandNo()) + " · press “My hand” to see your cards and act"}
	if v.Over() || abandoned {
		e.Footer.Text = gameEndText(rules, v.HandNo())
		return e, []discordgo.MessageComponent{}
	}
	row := []discordgo.MessageComponent{
		discordgo.Button{Label: "My hand", Style: discordgo.PrimaryButton, CustomID: commands.ID{Game: meta.ID, Action: commands.ActHand}.String()},
		// For those not seated: the table privately, kept up to date (social.go).
		discordgo.Button{Label: "Watch", Style: discordgo.SecondaryButton, Emoji: &discordgo.ComponentEmoji{Name: "👀"},
			CustomID: commands.ID{Game: meta.ID, Action: commands.ActWatch}.String()},
	}
	if len(v.Results()) > 0 {
		row = append(row, discordgo.Button{Label: "Score sheet", Style: discordgo.SecondaryButton, Emoji: &discordgo.ComponentEmoji{Name: "📋"},
			CustomID: commands.SheetID{Kind: commands.SheetScores, Game: meta.ID, Page: (len(v.Results())-1)/SheetPageSize + 1}.String()})
	}
	rows := []discordgo.MessageComponent{discordgo.ActionsRow{Components: row}}
	return e, rows
}

// gameEndText says how the game ends.
func gameEndText(rules *engine.Rules, hand int) string {
	switch {
	case rules.Target == 0:
		return fmt.Sprintf("Hand %d of %d", hand, rules.Hands)
	case rules.Hands > 0:
		return fmt.Sprintf("Playing to %d, at most %s", rules.Target, words.Count(rules.Hands, "hand"))
	}
	return fmt.Sprintf("Playing to %d", rules.Target)
}

// statusLine says what the table is waiting for.
func statusLine(meta *table.Game, v *engine.View) string {
	if v.Over() {
		return viewResultLine(meta, v)
	}
	if s, ok := stockStatus(meta, v); ok {
		return s
	}
	turn := v.Turn()
	who := "**" + Name(meta, turn) + "**"
	switch v.Phase() {
	case engine.PhaseBidding:
		if v.High() == 0 {
			return fmt.Sprintf("▶ %s to bid (at least %d).", who, v.MinNextBid())
		}
		return fmt.Sprintf("▶ %s to bid or pass: the high bid is %d.", who, v.High())
	case engine.PhaseTrump:
		if _, ok := v.Widow(); ok {
			return fmt.Sprintf("▶ %s took the widow and names trump.", who)
		}
		return fmt.Sprintf("▶ %s names trump.", who)
	case engine.PhasePass:
		if v.Rules().PassStyle == engine.PassBury {
			return fmt.Sprintf("▶ %s buries %d cards.", who, v.Rules().PassCount)
		}
		if turn < 0 {
			var names []string
			for s := range meta.Seats {
				if slices.Contains(v.Waiting(), s) {
					names = append(names, "**"+Name(meta, s)+"**")
				}
			}
			verb := "pass"
			if len(names) == 1 {
				verb = "passes"
			}
			return fmt.Sprintf("▶ %s %s cards to their teammates.", andList(names), verb)
		}
		return fmt.Sprintf("▶ %s passes %d cards to %s.", who, v.Rules().PassCount, Name(meta, v.PassTarget(turn)))
	case engine.PhasePassBack:
		return fmt.Sprintf("▶ %s passes %d cards back to %s.", who, v.Rules().PassCount, Name(meta, v.PassTarget(turn)))
	case engine.PhaseDecide:
		return fmt.Sprintf("▶ %s decides: play the hand or throw it in.", who)
	case engine.PhasePlay:
		if len(v.Trick()) == 0 {
			return fmt.Sprintf("▶ %s leads.", who)
		}
		return fmt.Sprintf("▶ %s plays.", who)
	}
	return ""
}

// andList writes "a", "a and b" or "a, b and c".
func andList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
