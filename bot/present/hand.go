package present

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/table"
)

// meldText writes a meld breakdown, one meld a line.
func meldText(total int, items []engine.MeldItem, winsGame bool) string {
	if len(items) == 0 {
		return "no meld"
	}
	var lines []string
	for _, it := range items {
		lines = append(lines, fmt.Sprintf("%s: %d (%s)", it.Name(), it.Points, symbolsText(it.Cards())))
	}
	lines = append(lines, fmt.Sprintf("total %d", total))
	if winsGame {
		lines = append(lines, "**these runs win the game!**")
	}
	return strings.Join(lines, "\n")
}

// HandOptions are what a private view shows beyond the game: Note heads it (an error or a
// notice); NextHand offers Next hand while the table pauses after a hand
// (live.Reply.NextHand); Chosen is the card chosen to play at a table that confirms cards
// (live.Reply.Chosen), played with its Play button.
type HandOptions struct {
	Note     string
	NextHand bool
	Chosen   engine.CardSet
}

// handText is a private view in words, in the parts a message lays out and cuts to fit.
type handText struct {
	// head is the note, the seat's cards and what came into the hand; middle the meld, the
	// stock and the trick; each ends with a line break.
	head, middle string
	// story is the story of the hand, which gives way, last lines first, to fit a limit.
	story []string
	// status says what the seat may do now, or whom the table waits for.
	status string
}

// handWords writes a private view in words, the cards of the hand and of the trick written
// by face; a nil face writes a hand as ranks by suit and other cards as engine.Card.Symbol.
func handWords(meta *table.Game, v *engine.View, opts HandOptions, face cardFace) handText {
	note, nextHand := opts.Note, opts.NextHand
	seat := v.Seat()
	var b strings.Builder
	if note != "" {
		b.WriteString(note + "\n\n")
	}
	got, gotLines := received(meta, v)
	if v.Rules().Solo {
		for c, n := range widowInHand(v) {
			got[c] += n
		}
		gotLines = append(gotLines, soloHandLines(meta, v)...)
	}
	if v.Rules().Stock || v.Rules().Solo {
		cards := v.Cards()
		if v.Rules().Stock {
			cards = stockCards(v)
		}
		fmt.Fprintf(&b, "**Your hand**, %s, hand %d:\n%s\n", Name(meta, seat), v.HandNo(), markedHandText(cards, got, face))
	} else {
		fmt.Fprintf(&b, "**Your hand**, %s (%s), hand %d:\n%s\n", Name(meta, seat), TeamName(v.Rules().TeamOf(seat)), v.HandNo(), markedHandText(v.Cards(), got, face))
	}
	for _, l := range gotLines {
		b.WriteString(l + "\n")
	}
	t := handText{head: b.String()}
	b.Reset()
	if v.Rules().Stock {
		if !v.Over() {
			b.WriteString(strings.Join(stockHandLines(meta, v), "\n") + "\n")
		}
	} else if m, shown := v.ShownMeld(seat); shown && !v.Over() {
		fmt.Fprintf(&b, "\n**Your meld** (trump %s):\n%s\n", v.Trump().Symbol(), meldText(m.Total, m.Items(), m.WinsGame))
	} else if v.Trump() != engine.NoSuit && !v.Over() {
		// Trump is named and cards are still being passed: the meld the hand holds now.
		hand := v.Hand()
		m := engine.CountMeld(&hand, v.Trump(), &v.Rules().Meld)
		when := "it counts after passing"
		if v.Rules().Solo {
			when = "it counts once the bidder has buried"
		}
		fmt.Fprintf(&b, "\n**Your meld as your hand stands** (trump %s; %s):\n%s\n", v.Trump().Symbol(), when, meldText(m.Total, m.Items(), m.WinsGame))
	}
	if v.Phase() == engine.PhasePlay && len(v.Trick()) > 0 {
		if face == nil {
			face = engine.Card.Symbol
		}
		fmt.Fprintf(&b, "\n**Trick:** %s\n", playedFaces(meta, v.Trick(), face))
	}
	t.middle = b.String()
	t.story = storyLines(meta, v)
	t.status = "\n" + privateStatus(meta, v)
	if nextHand {
		t.status += "\n⏸ The computer players wait a few seconds for everyone to read the last hand; **Next hand** deals on at once once every player at the table has pressed it."
	}
	return t
}

// handControls are the private view's controls: the seat's choices on its turn
// (commands.ControlsChosen), then a row of Refresh with, as they apply, Next hand, the
// chosen card's Play button and Hint.
func handControls(meta *table.Game, v *engine.View, opts HandOptions) []discordgo.MessageComponent {
	seat := v.Seat()
	// An away seat is played by a computer player: its owner sees the hand, never controls
	// that would race the computer's move.
	var components []discordgo.MessageComponent
	if !meta.Seats[seat].Away {
		components = commands.ControlsChosen(v, meta.ID, opts.Chosen)
	}
	if len(components) < 5 && !v.Over() {
		row := []discordgo.MessageComponent{
			discordgo.Button{Label: "Refresh", Style: discordgo.SecondaryButton, Emoji: &discordgo.ComponentEmoji{Name: "🔄"},
				CustomID: commands.ID{Game: meta.ID, Action: commands.ActRefresh}.String()},
		}
		if cards := opts.Chosen.Cards(); len(cards) == 1 && len(components) > 0 && v.Legal().Has(cards[0]) {
			row = append([]discordgo.MessageComponent{commands.PlayButton(v, meta.ID, cards[0])}, row...)
		}
		if opts.NextHand {
			row = append([]discordgo.MessageComponent{discordgo.Button{Label: "Next hand", Style: discordgo.PrimaryButton, Emoji: &discordgo.ComponentEmoji{Name: "▶️"},
				CustomID: commands.ID{Game: meta.ID, Action: commands.ActNextHand}.String()}}, row...)
		}
		if len(components) > 0 && meta.Settings.Hints && !meta.Seats[seat].Away {
			row = append(row, discordgo.Button{Label: "Hint", Style: discordgo.SecondaryButton, Emoji: &discordgo.ComponentEmoji{Name: "💡"},
				CustomID: commands.ID{Game: meta.ID, Hand: v.HandNo(), Step: v.Step(), Action: commands.ActHint}.String()})
		}
		components = append(components, discordgo.ActionsRow{Components: row})
	}
	return components
}

// privateStatus says what the seat may do now, or whom the table waits for.
func privateStatus(meta *table.Game, v *engine.View) string {
	if v.Over() {
		return viewResultLine(meta, v)
	}
	if !slices.Contains(v.Waiting(), v.Seat()) {
		return "Waiting: " + strings.TrimPrefix(statusLine(meta, v), "▶ ")
	}
	if meta.Seats[v.Seat()].Away {
		return "**Your turn:** a computer player is playing your seat while you are away (`/pinochle back` takes it back)."
	}
	if s, ok := stockPrivateStatus(v); ok {
		return s
	}
	switch v.Phase() {
	case engine.PhaseBidding:
		if v.High() == 0 {
			return fmt.Sprintf("**Your turn to bid** (at least %d).", v.MinNextBid())
		}
		return fmt.Sprintf("**Your turn to bid**: the high bid is %d; the next bid is %d.", v.High(), v.MinNextBid())
	case engine.PhaseTrump:
		if _, ok := v.Widow(); ok {
			return "**You won the bid and took the widow (★): name trump.**"
		}
		return "**You won the bid: name trump.**"
	case engine.PhasePass, engine.PhasePassBack:
		rule := v.PassRule()
		if v.PassTarget(v.Seat()) < 0 {
			return fmt.Sprintf("**Bury %d cards.** No one else sees them; their counters count for you in tricks. A buried card never melds.", rule.Count)
		}
		s := fmt.Sprintf("**Pass %d cards to %s.**", rule.Count, Name(meta, v.PassTarget(v.Seat())))
		if rule.Need > 0 {
			s += fmt.Sprintf(" At least %d of them must be cards outside your shown meld.", rule.Need)
		}
		return s
	case engine.PhaseDecide:
		return "**Play the hand, or throw it in?**"
	case engine.PhasePlay:
		if len(v.Trick()) == 0 {
			return "**Your lead.** Only the cards you may play are enabled."
		}
		return "**Your turn to play.** Only the cards you may play are enabled."
	}
	return ""
}
