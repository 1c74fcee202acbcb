package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/record"
	"github.com/pinochle-discord/pinochle/storage"
)

// sheetPageSize is how many hands one page of a score sheet lists.
const sheetPageSize = 12

// errNotHere refuses a game that is not one of the server's: the same answer whether it
// exists elsewhere or not at all.
var errNotHere = errors.New("no such game in this server")

// guildGame returns a game of the interaction's server.
func (b *Bot) guildGame(ctx context.Context, i *discordgo.Interaction, id int64) (storage.Game, error) {
	meta, err := b.store.GetGame(ctx, id)
	if errors.Is(err, storage.ErrNotFound) || (err == nil && meta.GuildID != i.GuildID) {
		return storage.Game{}, errNotHere
	}
	return meta, err
}

// answerSheet answers with a sheet: a new private message from a public button or a
// command, the same private message updated from one of its own buttons.
func (b *Bot) answerSheet(i *discordgo.Interaction, data *discordgo.InteractionResponseData) error {
	kind := discordgo.InteractionResponseChannelMessageWithSource
	if i.Type == discordgo.InteractionMessageComponent && i.Message != nil && i.Message.Flags&discordgo.MessageFlagsEphemeral != 0 {
		kind = discordgo.InteractionResponseUpdateMessage
	}
	data.Flags = discordgo.MessageFlagsEphemeral
	data.AllowedMentions = &discordgo.MessageAllowedMentions{}
	return respond(b.s, i, &discordgo.InteractionResponse{Type: kind, Data: data})
}

// onSheet answers a score sheet or review button.
func (b *Bot) onSheet(ctx context.Context, i *discordgo.Interaction, customID string) error {
	id, err := commands.ParseSheetID(customID)
	if err != nil {
		return b.reply(i, msgForged)
	}
	var data *discordgo.InteractionResponseData
	if id.Kind == commands.SheetScores {
		data, err = b.sheetPage(ctx, i, id.Game, id.Page)
	} else {
		data, err = b.reviewPage(ctx, i, id.Game, id.Page)
	}
	return b.answerSheetOr(i, data, err)
}

// answerSheetOr answers with data, or privately with what went wrong.
func (b *Bot) answerSheetOr(i *discordgo.Interaction, data *discordgo.InteractionResponseData, err error) error {
	var refusal refusalError
	switch {
	case errors.Is(err, errNotHere):
		return b.reply(i, "That game is not one of this server's.")
	case errors.As(err, &refusal):
		return b.reply(i, "%s", refusal.Error())
	case err != nil:
		return b.failed(i, "game records", err)
	}
	return b.answerSheet(i, data)
}

// refusalError is an answer for the player: nothing failed, there is just nothing to show.
type refusalError string

func (e refusalError) Error() string { return string(e) }

// sheetPage is one page of a game's score sheet: a line per finished hand. Only finished
// hands are ever listed, so it shows nothing of a hand in play.
func (b *Bot) sheetPage(ctx context.Context, i *discordgo.Interaction, gameID int64, page int) (*discordgo.InteractionResponseData, error) {
	meta, err := b.guildGame(ctx, i, gameID)
	if err != nil {
		return nil, err
	}
	hands, err := b.store.Hands(ctx, gameID)
	if err != nil {
		return nil, fmt.Errorf("score sheet of game %d: %w", gameID, err)
	}
	e, comps := sheetMessage(&meta, hands, page)
	return &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}, Components: comps}, nil
}

// sheetMessage is a page of a score sheet, with buttons to turn it.
func sheetMessage(meta *storage.Game, hands []engine.HandResult, page int) (*discordgo.MessageEmbed, []discordgo.MessageComponent) {
	pages := max(1, (len(hands)+sheetPageSize-1)/sheetPageSize)
	page = min(max(page, 1), pages)
	e := &discordgo.MessageEmbed{
		Title: fmt.Sprintf("Score sheet · game #%d · %s", meta.ID, meta.Preset),
		Color: colourActive,
	}
	if len(hands) == 0 {
		e.Description = "No hand has finished yet."
		return e, []discordgo.MessageComponent{}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "`hand` dealer · bid · meld %s–%s · tricks · change → **score**\n", teamName(0), teamName(1))
	for _, h := range hands[(page-1)*sheetPageSize : min(len(hands), page*sheetPageSize)] {
		b.WriteString(sheetLine(meta, h) + "\n")
	}
	e.Description = b.String()
	e.Footer = &discordgo.MessageEmbedFooter{Text: fmt.Sprintf("Page %d of %d · %d hands", page, pages, len(hands))}
	return e, pager(commands.SheetScores, meta.ID, page, pages, "Earlier hands", "Later hands")
}

// sheetLine is one hand of a score sheet.
func sheetLine(meta *storage.Game, h engine.HandResult) string {
	bid := fmt.Sprintf("%s %d", plainName(meta, h.Bidder), h.Bid)
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
	return fmt.Sprintf("`%2d` %s · %s · meld %d–%d · tricks %d–%d · %+d/%+d → **%d–%d**",
		h.Hand, plainName(meta, h.Dealer), bid, h.Meld[0], h.Meld[1], h.Tricks[0], h.Tricks[1],
		h.Delta[0], h.Delta[1], h.Scores[0], h.Scores[1])
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

// reviewPage is the review of one finished hand: the cards dealt, the auction, the passes,
// the meld, every trick and the result. A hand in play is never reviewed: record returns
// only finished hands.
func (b *Bot) reviewPage(ctx context.Context, i *discordgo.Interaction, gameID int64, hand int) (*discordgo.InteractionResponseData, error) {
	meta, err := b.guildGame(ctx, i, gameID)
	if err != nil {
		return nil, err
	}
	rules, err := meta.Rules()
	if err != nil {
		return nil, err
	}
	recs, err := b.store.LoadActions(ctx, gameID)
	if err != nil {
		return nil, fmt.Errorf("review game %d: %w", gameID, err)
	}
	actions := storage.Actions(recs)
	n, err := record.Count(rules, meta.Seed, actions)
	if err != nil {
		return nil, fmt.Errorf("review game %d: %w", gameID, err)
	}
	switch {
	case n == 0:
		return nil, refusalError(fmt.Sprintf("No hand of game #%d has finished yet, and a hand in play cannot be reviewed.", gameID))
	case hand == 0:
		hand = n
	case hand > n:
		return nil, refusalError(fmt.Sprintf("Game #%d has %d finished hands: hand %d cannot be reviewed yet.", gameID, n, hand))
	}
	h, err := record.HandAt(rules, meta.Seed, actions, hand)
	if err != nil {
		return nil, fmt.Errorf("review game %d hand %d: %w", gameID, hand, err)
	}
	names := make([]string, len(meta.Seats))
	for s := range meta.Seats {
		names[s] = plainName(&meta, s)
	}
	e := &discordgo.MessageEmbed{
		Title: fmt.Sprintf("Review · game #%d · %s", meta.ID, truncate(h.Title(names), 200)),
		Color: colourActive,
	}
	for _, sec := range h.Sections(names) {
		value := sec.Text()
		if value == "" {
			value = "—"
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: truncate(sec.Title, 256), Value: truncate(value, 1024)})
	}
	e.Footer = &discordgo.MessageEmbedFooter{Text: fmt.Sprintf("Hand %d of %d finished", hand, n)}
	var row discordgo.ActionsRow
	if comps := pager(commands.SheetReview, meta.ID, hand, n, "Previous hand", "Next hand"); len(comps) > 0 {
		row = comps[0].(discordgo.ActionsRow)
	}
	row.Components = append(row.Components, discordgo.Button{Label: "Score sheet", Style: discordgo.SecondaryButton,
		CustomID: commands.SheetID{Kind: commands.SheetScores, Game: meta.ID, Page: (hand-1)/sheetPageSize + 1}.String()})
	return &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}, Components: []discordgo.MessageComponent{row}}, nil
}

// cmdReview answers /pinochle review game:ID [hand:N].
func (b *Bot) cmdReview(ctx context.Context, i *discordgo.Interaction, opts options) error {
	o, ok := opts[commands.OptGame]
	if !ok {
		return b.reply(i, "Name the game to review: `/pinochle review game:`.")
	}
	hand := 0
	if h, ok := opts[commands.OptHand]; ok {
		hand = int(h.IntValue())
	}
	data, err := b.reviewPage(ctx, i, o.IntValue(), hand)
	return b.answerSheetOr(i, data, err)
}

// sheetButtons are the buttons of a finished hand's result post: its review and the score
// sheet.
func sheetButtons(game int64, hand int) []discordgo.MessageComponent {
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: fmt.Sprintf("Review hand %d", hand), Style: discordgo.SecondaryButton, Emoji: &discordgo.ComponentEmoji{Name: "🔎"},
			CustomID: commands.SheetID{Kind: commands.SheetReview, Game: game, Page: hand}.String()},
		discordgo.Button{Label: "Score sheet", Style: discordgo.SecondaryButton, Emoji: &discordgo.ComponentEmoji{Name: "📋"},
			CustomID: commands.SheetID{Kind: commands.SheetScores, Game: game, Page: (hand-1)/sheetPageSize + 1}.String()},
	}}}
}

// maxChoices is how many suggestions an autocomplete answer may hold.
const maxChoices = 25

// onAutocomplete suggests games for the game option of /pinochle review and export: this
// server's recent played games, with their players and date, filtered by what is typed (a
// number's digits, or part of a player's name).
func (b *Bot) onAutocomplete(ctx context.Context, i *discordgo.Interaction) error {
	typed := ""
	for _, o := range flattenFocused(i.ApplicationCommandData().Options) {
		if o.Name == commands.OptGame {
			typed = strings.ToLower(strings.TrimSpace(fmt.Sprint(o.Value)))
		}
	}
	var choices []*discordgo.ApplicationCommandOptionChoice
	if i.GuildID != "" {
		games, err := b.store.RecentGames(ctx, i.GuildID, 100)
		if err != nil {
			b.log.Error("autocomplete", "guild", i.GuildID, "err", err)
		}
		for _, g := range games {
			if len(choices) == maxChoices {
				break
			}
			label := gameLabel(&g)
			if typed == "" || strings.HasPrefix(fmt.Sprint(g.ID), typed) || strings.Contains(strings.ToLower(label), typed) {
				choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: label, Value: g.ID})
			}
		}
	}
	if choices == nil {
		choices = []*discordgo.ApplicationCommandOptionChoice{}
	}
	return respond(b.s, i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: choices},
	})
}

// flattenFocused returns the options of a command's data, those of its subcommand
// included.
func flattenFocused(opts []*discordgo.ApplicationCommandInteractionDataOption) []*discordgo.ApplicationCommandInteractionDataOption {
	var out []*discordgo.ApplicationCommandInteractionDataOption
	for _, o := range opts {
		out = append(out, o)
		out = append(out, flattenFocused(o.Options)...)
	}
	return out
}

// gameLabel names a game in a suggestion: its number, preset, status, players and date,
// within Discord's 100 characters.
func gameLabel(g *storage.Game) string {
	var names []string
	for s := range g.Seats {
		names = append(names, plainName(g, s))
	}
	state := "playing"
	if g.Status == storage.StatusFinished {
		state = "finished"
	}
	label := fmt.Sprintf("#%d %s (%s) %s · %s", g.ID, g.Preset, state, g.CreatedAt.UTC().Format("2 Jan"), strings.Join(names, ", "))
	return truncate(label, 100)
}

// cmdExport answers /pinochle export game:ID with the finished game as a JSON file (the
// format of engine/record, documented in docs/export.md), privately. A game still being
// played, or abandoned with a hand unfinished, is refused: its file would show cards of a
// hand in play.
func (b *Bot) cmdExport(ctx context.Context, i *discordgo.Interaction, opts options) error {
	o, ok := opts[commands.OptGame]
	if !ok {
		return b.reply(i, "Name the game to export: `/pinochle export game:`.")
	}
	meta, err := b.guildGame(ctx, i, o.IntValue())
	if err != nil {
		return b.answerSheetOr(i, nil, err)
	}
	if meta.Status != storage.StatusFinished {
		return b.reply(i, "Game #%d is not finished: only a finished game can be exported, since a hand in play must stay hidden. `/pinochle review` shows its finished hands.", meta.ID)
	}
	recs, err := b.store.LoadActions(ctx, meta.ID)
	if err != nil {
		return b.failed(i, "export", err)
	}
	g, err := meta.Replay(storage.Actions(recs))
	if err != nil {
		return b.failed(i, "export", err)
	}
	seats := make([]record.Seat, len(meta.Seats))
	for s, seat := range meta.Seats {
		seats[s] = record.Seat{Name: plainName(&meta, s), Computer: seat.IsComputer()}
	}
	f := record.FromGame(g, fmt.Sprint(meta.ID), seats, meta.CreatedAt, meta.EndedAt)
	var buf bytes.Buffer
	if err := record.Encode(&buf, f); err != nil {
		return b.failed(i, "export", err)
	}
	return respond(b.s, i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{
			Content: fmt.Sprintf("Game #%d (%s), %d hands: replay it with `pinochle replay pinochle-game-%d.json`, or review it with `pinochle review`.",
				meta.ID, meta.Preset, len(f.Results), meta.ID),
			Files:           []*discordgo.File{{Name: fmt.Sprintf("pinochle-game-%d.json", meta.ID), ContentType: "application/json", Reader: &buf}},
			Flags:           discordgo.MessageFlagsEphemeral,
			AllowedMentions: &discordgo.MessageAllowedMentions{},
		},
	})
}
