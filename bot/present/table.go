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

// tableTitle is the table's title: the preset and the hand.
func tableTitle(v *engine.View) string {
	return fmt.Sprintf("Pinochle · %s · hand %d", v.Rules().Preset, v.HandNo())
}

// tableButtons are the table's buttons: "My hand", "Watch" for those not seated, and the
// score sheet once a hand is over.
func tableButtons(meta *table.Game, v *engine.View) []discordgo.MessageComponent {
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
	return row
}

// field is a titled part of a message's words, written as a paragraph of its Text Display
// (paragraphs).
type field struct {
	name, value string
}

// cardFace writes a card in text: engine.Card.Symbol ("A♠"), or a card emoji (Look.face).
type cardFace func(engine.Card) string

// tableFields are the parts of the public table in words: the seats, the score, the stock,
// the auction, the contract, the widow, the meld and the trick, each where it applies, the
// cards of the trick written by face.
func tableFields(meta *table.Game, v *engine.View, face cardFace) []field {
	rules := v.Rules()
	var fields []field
	// The seats in playing order (play goes round them), each with its team.
	var seats []string
	waiting := v.Waiting()
	for seat := range meta.Seats {
		marks := ""
		if seat == v.Dealer() {
			marks += " · dealer"
		}
		if seat == v.Bidder() && v.Phase() != engine.PhaseBidding {
			marks += " · bidder"
		}
		if slices.Contains(waiting, seat) {
			marks = " ▶" + marks
		}
		if rules.Players == 2 || rules.Solo {
			seats = append(seats, seatName(meta, seat)+marks) // each player a side of their own
			continue
		}
		seats = append(seats, fmt.Sprintf("%s (%s)%s", seatName(meta, seat), string(rune('A'+rules.TeamOf(seat))), marks))
	}
	fields = append(fields, field{"Seats, in playing order", strings.Join(seats, "\n")})
	score := fmt.Sprintf("%s **%d**\n%s **%d**", sideName(meta, 0), v.Scores()[0], sideName(meta, 1), v.Scores()[1])
	if rules.Solo {
		score = strings.ReplaceAll(seatScoresText(meta, v.SeatScores(), rules.Players), " · ", "\n")
	}
	fields = append(fields, field{"Score", score})
	if rules.Stock && !v.Over() {
		for _, f := range stockFields(meta, v) {
			fields = append(fields, field{f.Name, f.Value})
		}
	}
	if len(v.Auction()) > 0 && !v.Over() {
		fields = append(fields, field{name: "Auction", value: auctionText(meta, v.Auction(), 16)})
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
		fields = append(fields, field{name: "Contract", value: contract})
	}
	if w, ok := widowText(meta, v); ok {
		fields = append(fields, field{name: "Widow", value: w})
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
		fields = append(fields, field{name: "Meld", value: value})
	}
	if v.Phase() == engine.PhasePlay || v.Phase() == engine.PhaseMeld {
		trick := "—"
		if len(v.Trick()) > 0 {
			trick = playedFaces(meta, v.Trick(), face)
		}
		value := "Now: " + trick
		if last, ok := v.LastTrick(); ok {
			value += fmt.Sprintf("\nLast: %s → %s", playedFaces(meta, last.Cards, face), Name(meta, last.Winner))
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
		fields = append(fields, field{name: "Trick", value: value})
	}
	return fields
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

// playedFaces lists the cards of a trick, written by face, with who played them.
func playedFaces(meta *table.Game, cards []engine.Played, face cardFace) string {
	parts := make([]string, len(cards))
	for i, p := range cards {
		parts[i] = Name(meta, p.Seat) + " " + face(p.Card)
	}
	return strings.Join(parts, " · ")
}

// andList writes "a", "a and b" or "a, b and c".
func andList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
