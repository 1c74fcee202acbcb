package present

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/record"
	"github.com/pinochle-discord/pinochle/internal/words"
	"github.com/pinochle-discord/pinochle/table"
)

// SheetPageSize is how many hands one page of a score sheet lists.
const SheetPageSize = 12

// Sheet is page page (counted from 1, kept within the pages there are) of the score sheet
// of hands, with buttons to turn it.
func Sheet(meta *table.Game, hands []engine.HandResult, page int) (*discordgo.MessageEmbed, []discordgo.MessageComponent) {
	pages := max(1, (len(hands)+SheetPageSize-1)/SheetPageSize)
	page = min(max(page, 1), pages)
	e := &discordgo.MessageEmbed{
		Title: fmt.Sprintf("Score sheet · game #%d · %s", meta.ID, meta.Preset),
		Color: ColourActive,
	}
	if len(hands) == 0 {
		e.Description = "No hand has finished yet."
		return e, []discordgo.MessageComponent{}
	}
	var b strings.Builder
	rules, err := meta.Rules()
	stock := err == nil && rules.Stock
	solo := err == nil && rules.Solo
	switch {
	case solo:
		var names []string
		for seat := range rules.Players {
			names = append(names, Name(meta, seat))
		}
		fmt.Fprintf(&b, "`hand` dealer · bid · meld · tricks · change → **score**, each %s\n", strings.Join(names, " / "))
	case stock:
		fmt.Fprintf(&b, "`hand` dealer · trump · meld · tricks · change → **score**, each %s / %s\n", sideName(meta, 0), sideName(meta, 1))
	default:
		fmt.Fprintf(&b, "`hand` dealer · bid · meld · tricks · change → **score**, each %s / %s\n", sideName(meta, 0), sideName(meta, 1))
	}
	for _, h := range hands[(page-1)*SheetPageSize : min(len(hands), page*SheetPageSize)] {
		if solo && h.Bidder >= 0 {
			b.WriteString(soloSheetLine(meta, rules.Players, h) + "\n")
			continue
		}
		if stock || h.Bidder < 0 {
			b.WriteString(stockSheetLine(meta, h) + "\n")
			continue
		}
		b.WriteString(sheetLine(meta, h) + "\n")
	}
	e.Description = b.String()
	e.Footer = &discordgo.MessageEmbedFooter{Text: fmt.Sprintf("Page %d of %d · %s", page, pages, words.Count(len(hands), "hand"))}
	return e, pager(commands.SheetScores, meta.ID, page, pages, "Earlier hands", "Later hands")
}

// sheetLine is one hand of a score sheet.
func sheetLine(meta *table.Game, h engine.HandResult) string {
	return fmt.Sprintf("`%2d` %s · %s · meld %d / %d · tricks %d / %d · %+d / %+d → **%d / %d**",
		h.Hand, Name(meta, h.Dealer), bidSummary(meta, h), h.Meld[0], h.Meld[1], h.Tricks[0], h.Tricks[1],
		h.Delta[0], h.Delta[1], h.Scores[0], h.Scores[1])
}

// bidSummary is a hand's bid on a score sheet: the bidder, the bid, trump and how it ended.
func bidSummary(meta *table.Game, h engine.HandResult) string {
	bid := fmt.Sprintf("%s %d", Name(meta, h.Bidder), h.Bid)
	if h.Trump != engine.NoSuit {
		bid += " " + h.Trump.Symbol()
	}
	switch {
	case h.Outcome == engine.OutcomeThrownIn:
		bid += ", thrown in"
	case h.Outcome == engine.OutcomeBoardSet:
		bid += ", board set"
	case h.Moon:
		bid += ", moon"
	case h.Made:
		bid += ", made"
	default:
		bid += ", **set**"
	}
	return bid
}

// pager returns the buttons that turn a sheet's pages: the previous and the next page,
// each when there is one.
func pager(kind string, game int64, page, pages int, prev, next string) []discordgo.MessageComponent {
	var buttons []discordgo.MessageComponent
	if page > 1 {
		buttons = append(buttons, discordgo.Button{Label: "◀ " + prev, Style: discordgo.SecondaryButton,
			CustomID: commands.SheetID{Kind: kind, Game: game, Page: page - 1}.String()})
	}
	if page < pages {
		buttons = append(buttons, discordgo.Button{Label: next + " ▶", Style: discordgo.SecondaryButton,
			CustomID: commands.SheetID{Kind: kind, Game: game, Page: page + 1}.String()})
	}
	if len(buttons) == 0 {
		return []discordgo.MessageComponent{}
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: buttons}}
}

// Review is the review of one finished hand h, hand number hand of the n finished: the
// cards dealt, the auction, the passes, the meld, every trick and the result, with buttons
// to the previous and next hands and to the score sheet.
func Review(meta *table.Game, h *record.Hand, hand, n int) (*discordgo.MessageEmbed, []discordgo.MessageComponent) {
	// The names go in escaped, so that the review counts the escapes in its limits; a name
	// the review cuts may end in an escape's backslash before the ellipsis, which then only
	// escapes the ellipsis.
	names := make([]string, len(meta.Seats))
	for s := range meta.Seats {
		names[s] = Name(meta, s)
	}
	e := &discordgo.MessageEmbed{
		Title: fmt.Sprintf("Review · game #%d · %s", meta.ID, words.Truncate(h.Title(names), 200)),
		Color: ColourActive,
	}
	for _, sec := range h.Sections(names) {
		value := sec.Text()
		if value == "" {
			value = "—"
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: words.Truncate(sec.Title, 256), Value: words.Truncate(value, 1024)})
	}
	e.Footer = &discordgo.MessageEmbedFooter{Text: fmt.Sprintf("Hand %d of %d finished", hand, n)}
	var row discordgo.ActionsRow
	if comps := pager(commands.SheetReview, meta.ID, hand, n, "Previous hand", "Next hand"); len(comps) > 0 {
		row = comps[0].(discordgo.ActionsRow)
	}
	row.Components = append(row.Components, discordgo.Button{Label: "Score sheet", Style: discordgo.SecondaryButton,
		CustomID: commands.SheetID{Kind: commands.SheetScores, Game: meta.ID, Page: (hand-1)/SheetPageSize + 1}.String()})
	return e, []discordgo.MessageComponent{row}
}

// SheetButtons are the buttons of a finished hand's result post: its review and the score
// sheet.
func SheetButtons(game int64, hand int) []discordgo.MessageComponent {
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: fmt.Sprintf("Review hand %d", hand), Style: discordgo.SecondaryButton, Emoji: &discordgo.ComponentEmoji{Name: "🔎"},
			CustomID: commands.SheetID{Kind: commands.SheetReview, Game: game, Page: hand}.String()},
		discordgo.Button{Label: "Score sheet", Style: discordgo.SecondaryButton, Emoji: &discordgo.ComponentEmoji{Name: "📋"},
			CustomID: commands.SheetID{Kind: commands.SheetScores, Game: game, Page: (hand-1)/SheetPageSize + 1}.String()},
	}}}
}

// scoreSheetButton is the button of a finished hand's result post where the hand has no

// GameLabel names a game in a suggestion: its number, preset, status, players and date,
// within Discord's 100 characters.
func GameLabel(g *table.Game) string {
	var names []string
	for s := range g.Seats {
		names = append(names, PlainName(g, s))
	}
	state := "playing"
	if g.Status == table.StatusFinished {
		state = "finished"
	}
	label := fmt.Sprintf("#%d %s (%s) %s · %s", g.ID, g.Preset, state, g.CreatedAt.UTC().Format("2 Jan"), strings.Join(names, ", "))
	return words.Truncate(label, 100)
}

// Discord's limits on the embeds of one message.
const (
	maxEmbeds      = 10
	maxEmbedsChars = 6000
)

// EmbedGroups splits embeds into the messages they need, in order: at most ten embeds and
// 6,000 characters of titles, descriptions, fields and footers to a message.
func EmbedGroups(embeds []*discordgo.MessageEmbed) [][]*discordgo.MessageEmbed {
	var out [][]*discordgo.MessageEmbed
	var cur []*discordgo.MessageEmbed
	size := 0
	for _, e := range embeds {
		n := embedChars(e)
		if len(cur) > 0 && (len(cur) == maxEmbeds || size+n > maxEmbedsChars) {
			out, cur, size = append(out, cur), nil, 0
		}
		cur, size = append(cur, e), size+n
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// embedChars counts an embed's characters as Discord does toward a message's 6,000.
func embedChars(e *discordgo.MessageEmbed) int {
	n := utf8.RuneCountInString(e.Title) + utf8.RuneCountInString(e.Description)
	if e.Footer != nil {
		n += utf8.RuneCountInString(e.Footer.Text)
	}
	if e.Author != nil {
		n += utf8.RuneCountInString(e.Author.Name)
	}
	for _, f := range e.Fields {
		n += utf8.RuneCountInString(f.Name) + utf8.RuneCountInString(f.Value)
	}
	return n
}
