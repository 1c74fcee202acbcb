package present

import (
	"fmt"
	"strconv"
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

// stockResult describes a finished two-handed hand: each player's meld and tricks, and
// whether a claim to have gone out held.
func (n Narrator) stockResult(r *engine.Rules, res engine.HandResult) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s Trump %s.", n.style.strong(fmt.Sprintf("Hand %d result.", res.Hand)), res.Trump.Symbol())
	if res.Outcome == engine.OutcomeDeclaredOut {
		if res.Made {
			b.WriteString(" Declared out: the claim reaches the target and " + n.style.strong("wins") + ".")
		} else {
			b.WriteString(" Declared out: the claim falls short and " + n.style.strong("loses") + ".")
		}
	}
	for s := range r.Players {
		t := r.TeamOf(s)
		fmt.Fprintf(&b, "\n%s: meld %d + tricks %d → %+d, score %s", n.subject(s), res.SeatMeld[s], res.SeatPoints[s], res.Delta[t],
			n.style.strong(strconv.Itoa(res.Scores[t])))
	}
	return b.String()
}

// laid tells a meld laid on the table.
func (n Narrator) laid(v *engine.View, l engine.LaidMeld) string {
	m := l.Meld
	if l.Exchanged {
		return fmt.Sprintf("%s the %s %s for %d and %s the turned-up card in its place (meld %d this hand).",
			n.does(l.Seat, "lays", "lay"), n.style.strong("dix"), symbolsText(m.Cards()), m.Points,
			n.verb(l.Seat, "takes", "take"), v.LaidMeldPoints(l.Seat))
	}
	return fmt.Sprintf("%s %s %s for %d (meld %d this hand).", n.does(l.Seat, "lays", "lay"), n.style.strong(m.Name()),
		symbolsText(m.Cards()), m.Points, v.LaidMeldPoints(l.Seat))
}

// Dealt is the line that deals hand number hand, dealt by dealer; in two-handed, with its
// turned-up card when v is that hand's.
func (n Narrator) Dealt(v *engine.View, hand, dealer int) string {
	deals := n.name(dealer) + " " + n.verb(dealer, "deals", "deal")
	line := fmt.Sprintf("— Hand %d: %s. —", hand, deals)
	if !v.Rules().Stock || v.HandNo() != hand {
		return line
	}
	up, ok := v.TurnUp()
	if !ok {
		return line
	}
	line = fmt.Sprintf("— Hand %d: %s; %s is turned up: trump %s. —", hand, deals, up.Symbol(), up.Suit().Symbol())
	for _, l := range v.LaidMelds() {
		if l.Meld.Kind == engine.MeldDix {
			line += fmt.Sprintf(" The dix turned up scores %d for %s.", l.Meld.Points, n.name(l.Seat))
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
