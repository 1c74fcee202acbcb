package present

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/present/picture"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/table"
)

// File names of the pictures a table message shows: the same name always holds the same
// kind of picture, and no two pictures of a message share one.
const (
	TableFile    = "table.png"
	ResultFile   = "result.png"
	GameOverFile = "gameover.png"
	HandFile     = "hand.png"
)

// TableMessage is the public table as a Components V2 message: a heading with what the
// table waits for; the table as a picture (the trick with who played which card, trump, the
// contract and the scores, the meld while it is shown, two-handed's turned card, stock and
// melds on the table, three-handed's widow), with the last hand's result beside it from the
// end of a hand until the next hand's first card, or the game's end and its last hand once
// it is over; the same in words; and the "My hand" and score sheet buttons. pub is the
// spectators' view (Game.View(-1)). With look.Pictures false, or a nil p, it is words only.
func TableMessage(p *Painter, meta *table.Game, pub *engine.View, look Look) Message {
	d := tableDraft(meta, pub, look)
	if !pub.Over() && meta.Status != table.StatusAbandoned {
		d.rows = tableRows(meta, pub)
	}
	return d.message(d.paint(p, look))
}

// ClosedTableMessage is the table once it has ended (finished, forfeited, cancelled,
// abandoned or closed): why says how (EndWhy), in place of what the table waits for; the
// pictures and words show the table as it ended, and there are no buttons.
func ClosedTableMessage(p *Painter, meta *table.Game, pub *engine.View, why string, look Look) Message {
	d := tableDraft(meta, pub, look)
	d.head = "## " + tableTitle(pub) + "\n" + why
	d.colour = ColourOver
	d.foot = smallPrint(gameEndText(pub.Rules(), pub.HandNo()))
	return d.message(d.paint(p, look))
}

// tableRows are the table message's buttons, in a row.
func tableRows(meta *table.Game, v *engine.View) []discordgo.MessageComponent {
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: tableButtons(meta, v)}}
}

// tableDraft lays out the public table, without its buttons.
func tableDraft(meta *table.Game, v *engine.View, look Look) draft {
	rules := v.Rules()
	d := draft{colour: ColourActive, head: "## " + tableTitle(v) + "\n" + statusLine(meta, v)}
	abandoned := meta.Status == table.StatusAbandoned
	if abandoned {
		d.head = "## " + tableTitle(v) + "\nThis game was abandoned."
	}
	if v.Over() || abandoned {
		d.colour = ColourOver
	}
	names := plainNames(meta)
	fields := tableFields(meta, v, look.face())
	if meldShown(v) {
		for i := range fields {
			if fields[i].name == "Meld" {
				fields[i].value = meldShownText(meta, v, look.face())
			}
		}
	}
	res, showResult := lastResult(v)
	if showResult {
		fields = append(fields, field{name: fmt.Sprintf("Hand %d result", res.Hand), value: resultText(meta, rules, res)})
	}
	d.body = paragraphs(fields)
	switch {
	case v.Over():
		d.shots = append(d.shots, shot{GameOverFile, picture.GameOverOf(v, names)})
		d.foot = smallPrint(gameEndText(rules, v.HandNo()))
	default:
		d.shots = append(d.shots, shot{TableFile, picture.TableOf(v, names, 0, look.Deck)})
		d.foot = smallPrint(gameEndText(rules, v.HandNo()) + " · press “My hand” to see your cards and act")
	}
	if showResult {
		d.shots = append(d.shots, shot{ResultFile, picture.ResultOf(v, names, len(v.Results())-1, look.Deck)})
	}
	if abandoned {
		d.foot = smallPrint(gameEndText(rules, v.HandNo()))
	}
	return d
}

// lastResult returns the last finished hand's result while the table shows it: from the
// end of a hand until the first card of the next is played, and at the game's end.
func lastResult(v *engine.View) (engine.HandResult, bool) {
	results := v.Results()
	if len(results) == 0 {
		return engine.HandResult{}, false
	}
	last := results[len(results)-1]
	return last, v.Over() || (v.HandNo() > last.Hand && v.NumTricks() == 0 && len(v.Trick()) == 0)
}

// meldShown reports whether the table shows each seat's meld as cards: from when meld is
// shown until the first card is played (as picture.TableOf draws it).
func meldShown(v *engine.View) bool {
	return v.MeldShown() && !v.Over() && v.NumTricks() == 0 && len(v.Trick()) == 0 && !v.Rules().Stock
}

// meldShownText writes each seat's shown meld, meld by meld with its cards, and the teams'
// totals.
func meldShownText(meta *table.Game, v *engine.View, face cardFace) string {
	var lines []string
	for _, sm := range v.Melds() {
		m, ok := v.ShownMeld(sm.Seat)
		if !ok {
			continue
		}
		line := fmt.Sprintf("%s %d", Name(meta, sm.Seat), m.Total)
		var items []string
		for _, it := range m.Items() {
			cards := make([]string, 0, 8)
			for _, c := range it.Cards() {
				cards = append(cards, face(c))
			}
			items = append(items, fmt.Sprintf("%s %d (%s)", it.Name(), it.Points, strings.Join(cards, " ")))
		}
		if len(items) > 0 {
			line += ": " + strings.Join(items, ", ")
		}
		if m.WinsGame {
			line += "; **these runs win the game!**"
		}
		lines = append(lines, line)
	}
	if !v.Rules().Solo {
		lines = append(lines, fmt.Sprintf("%s %d · %s %d", TeamName(0), v.TeamMeld(0), TeamName(1), v.TeamMeld(1)))
	}
	return strings.Join(lines, "\n")
}

// resultText writes a finished hand's result: the contract and how it went, then each
// side's meld and tricks, change and score.
func resultText(meta *table.Game, rules *engine.Rules, res engine.HandResult) string {
	var b strings.Builder
	switch {
	case res.Bidder >= 0:
		b.WriteString(bidSummary(meta, res) + ".")
	case res.Trump != engine.NoSuit:
		fmt.Fprintf(&b, "Trump %s.", res.Trump.Symbol())
	}
	if rules.Solo {
		for s := range rules.Players {
			fmt.Fprintf(&b, "\n%s: meld %d + tricks %d → %+d, score **%d**", Name(meta, s), res.SeatMeld[s], res.SeatPoints[s], res.SeatDelta[s], res.SeatScores[s])
		}
		return strings.TrimPrefix(b.String(), "\n")
	}
	for side := range 2 {
		fmt.Fprintf(&b, "\n%s: meld %d + tricks %d → %+d, score **%d**", sideName(meta, side), res.Meld[side], res.Tricks[side], res.Delta[side], res.Scores[side])
	}
	return strings.TrimPrefix(b.String(), "\n")
}

// plainNames are the seats' names as the players wrote them, for pictures and their alt
// text (which are not Markdown): controls and invisible characters dropped, a computer's
// name marked.
func plainNames(meta *table.Game) []string {
	names := make([]string, len(meta.Seats))
	for s := range meta.Seats {
		names[s] = strings.Map(func(r rune) rune {
			if invisible(r) {
				return -1
			}
			return r
		}, PlainName(meta, s))
	}
	return names
}
