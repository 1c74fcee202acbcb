package present

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/table"
)

// Two-handed Pinochle (engine.Rules.Stock) has no auction and no partners: each player is a
// side of their own, and meld is laid on the table, one meld after each trick won while the
// stock lasts. What here differs from the partnership presets is written in this file.

// sideName names a side: the player at a table of two, else the team.
func sideName(meta *table.Game, side int) string {
	if len(meta.Seats) == 2 {
		return Name(meta, side)
	}
	return TeamName(side)
}

// stockFields are the public table's fields of a two-handed hand: the trump and the stock,
// and each player's cards on the table with the meld they have scored this hand.
func stockFields(meta *table.Game, v *engine.View) []*discordgo.MessageEmbedField {
	var stock string
	if up, ok := v.TurnUp(); ok {
		stock = fmt.Sprintf("Trump %s %s · turned up %s under the stock · **%d** cards left to draw",
			v.Trump().Symbol(), v.Trump().Name(), up.Symbol(), v.StockSize())
	} else {
		stock = fmt.Sprintf("Trump %s %s · the stock is gone: follow suit, beat and trump", v.Trump().Symbol(), v.Trump().Name())
	}
	fields := []*discordgo.MessageEmbedField{{Name: "Trump and stock", Value: stock}}
	var lines []string
	for seat := range v.Rules().Players {
		lines = append(lines, fmt.Sprintf("%s: %s · meld **%d** this hand", Name(meta, seat), tabledText(v, seat), v.LaidMeldPoints(seat)))
	}
	fields = append(fields, &discordgo.MessageEmbedField{Name: "Meld on the table", Value: strings.Join(lines, "\n")})
	return fields
}

// tabledText writes a seat's cards on the table, or says there are none.
func tabledText(v *engine.View, seat int) string {
	t := v.Tabled(seat)
	if cards := t.Cards(); len(cards) > 0 {
		return symbolsText(cards)
	}
	if v.StockSize() == 0 {
		return "*back in the hand*"
	}
	return "*nothing*"
}

// stockStatus says what a two-handed table waits for, where it differs from statusLine.
func stockStatus(meta *table.Game, v *engine.View) (string, bool) {
	if v.Phase() != engine.PhaseMeld {
		return "", false
	}
	return fmt.Sprintf("▶ **%s** took the trick: lays a meld or draws.", Name(meta, v.Turn())), true
}

// stockHandLines are the private hand's lines of a two-handed hand between the cards and
// the story: the cards on the table apart from the rest, the other player's, trump and the
// stock, and the meld each has scored.
func stockHandLines(meta *table.Game, v *engine.View) []string {
	seat := v.Seat()
	other := 1 - seat
	var out []string
	if t := v.Tabled(seat); len(t.Cards()) > 0 {
		out = append(out, "**On the table** (yours, still in your hand): "+symbolsText(t.Cards()))
	}
	if t := v.Tabled(other); len(t.Cards()) > 0 {
		out = append(out, fmt.Sprintf("**%s's table:** %s", Name(meta, other), symbolsText(t.Cards())))
	}
	if up, ok := v.TurnUp(); ok {
		out = append(out, fmt.Sprintf("**Trump** %s · turned up %s · **%d** cards in the stock", v.Trump().Symbol(), up.Symbol(), v.StockSize()))
	} else {
		out = append(out, fmt.Sprintf("**Trump** %s · the stock is gone: follow suit, beat and trump if you can", v.Trump().Symbol()))
	}
	out = append(out, fmt.Sprintf("**Meld this hand:** you %d · %s %d", v.LaidMeldPoints(seat), Name(meta, other), v.LaidMeldPoints(other)))
	return out
}

// stockCards returns the cards of the seat's hand that are not on the table.
func stockCards(v *engine.View) []engine.Card {
	h := v.Hand()
	t := v.Tabled(v.Seat())
	for c, n := range t {
		h[c] -= min(h[c], n)
	}
	return h.Cards()
}

// stockPrivateStatus says what the seat may do now in a two-handed hand, where it differs
// from privateStatus.
func stockPrivateStatus(v *engine.View) (string, bool) {
	switch {
	case v.Phase() == engine.PhaseMeld:
		if len(v.MeldChoices()) == 0 {
			return "**You took the trick.** You have no meld to lay: **Draw**.", true
		}
		return "**You took the trick:** lay one meld on the table (at least one new card from your hand), or **Draw** without one.", true
	case v.Phase() == engine.PhasePlay && v.StockSize() > 0:
		if len(v.Trick()) == 0 {
			return "**Your lead.** While the stock lasts any card may be played, from your hand or the table.", true
		}
		return "**Your turn to play.** While the stock lasts any card may be played: no need to follow suit.", true
	}
	return "", false
}

// stockResult describes a finished two-handed hand: each player's meld and tricks.
func (n *Narration) stockResult(meta *table.Game, rules *engine.Rules, res engine.HandResult) {
	var b strings.Builder
	fmt.Fprintf(&b, "**Hand %d result.** Trump %s.", res.Hand, res.Trump.Symbol())
	for s := range rules.Players {
		t := rules.TeamOf(s)
		fmt.Fprintf(&b, "\n%s: meld %d + tricks %d → %+d, score **%d**", Name(meta, s), res.SeatMeld[s], res.SeatPoints[s], res.Delta[t], res.Scores[t])
	}
	n.Lines = append(n.Lines, b.String())
}

// laid tells a meld laid on the table.
func (n *Narration) laid(meta *table.Game, pub *engine.View, l engine.LaidMeld) {
	who := Name(meta, l.Seat)
	m := l.Meld
	if l.Exchanged {
		n.Say("%s lays the **dix** %s for %d and takes the turned-up card in its place (meld %d this hand).",
			who, symbolsText(m.Cards()), m.Points, pub.LaidMeldPoints(l.Seat))
		return
	}
	n.Say("%s lays **%s** %s for %d (meld %d this hand).", who, m.Name(), symbolsText(m.Cards()), m.Points, pub.LaidMeldPoints(l.Seat))
}

// dealtLine is the line that deals a hand; in two-handed, with its turned-up card.
func dealtLine(meta *table.Game, pub *engine.View, e engine.Event) string {
	line := fmt.Sprintf("— Hand %d: %s deals. —", e.Hand, Name(meta, e.Seat))
	if !pub.Rules().Stock || pub.HandNo() != e.Hand {
		return line
	}
	up, ok := pub.TurnUp()
	if !ok {
		return line
	}
	line = fmt.Sprintf("— Hand %d: %s deals; %s is turned up: trump %s. —", e.Hand, Name(meta, e.Seat), up.Symbol(), up.Suit().Symbol())
	for _, l := range pub.LaidMelds() {
		if l.Meld.Kind == engine.MeldDix {
			line += fmt.Sprintf(" The dix turned up scores %d for %s.", l.Meld.Points, Name(meta, l.Seat))
		}
	}
	return line
}

// stockSheetLine is one two-handed hand of a score sheet.
func stockSheetLine(meta *table.Game, h engine.HandResult) string {
	return fmt.Sprintf("`%2d` %s · trump %s · meld %d / %d · tricks %d / %d · %+d / %+d → **%d / %d**",
		h.Hand, Name(meta, h.Dealer), h.Trump.Symbol(), h.Meld[0], h.Meld[1], h.Tricks[0], h.Tricks[1],
		h.Delta[0], h.Delta[1], h.Scores[0], h.Scores[1])
}
