package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/events"
	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/bot/rest"
	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/engine/record"
	"github.com/pinochle-discord/pinochle/storage"
	"github.com/pinochle-discord/pinochle/table"
)

// errNotHere refuses a game that is not one of the server's: the same answer whether it
// exists elsewhere or not at all.
var errNotHere = errors.New("no such game in this server")

// guildGame returns a game of the interaction's server that its user may look at: not
// someone else's daily deal on its day (events.KeptPrivate).
func (b *Bot) guildGame(ctx context.Context, i *discordgo.Interaction, id int64) (table.Game, error) {
	meta, err := b.store.GetGame(ctx, id)
	switch {
	case errors.Is(err, storage.ErrNotFound) || (err == nil && meta.GuildID != i.GuildID):
		return table.Game{}, errNotHere
	case err == nil && events.KeptPrivate(&meta, userOf(i).ID, b.now()):
		return table.Game{}, refusalError(present.MsgDailyKept)
	}
	return meta, err
}

// answerSheet answers with a sheet: a new private message from a public button or a
// command, the same private message updated from one of its own buttons.
func (b *Bot) answerSheet(i *discordgo.Interaction, data *discordgo.InteractionResponseData) error {
	kind := discordgo.InteractionResponseChannelMessageWithSource
	// A page of records replaces the private message of records clicked; a private hand
	// clicked (a Components V2 message, which embeds cannot replace) stays, and the records
	// come as a message of their own.
	if i.Type == discordgo.InteractionMessageComponent && i.Message != nil && i.Message.Flags&discordgo.MessageFlagsEphemeral != 0 &&
		i.Message.Flags&discordgo.MessageFlagsIsComponentsV2 == 0 {
		kind = discordgo.InteractionResponseUpdateMessage
	}
	data.Flags = discordgo.MessageFlagsEphemeral
	data.AllowedMentions = &discordgo.MessageAllowedMentions{}
	return rest.Respond(b.s, i, &discordgo.InteractionResponse{Type: kind, Data: data})
}

// onSheet answers a score sheet or review button.
func (b *Bot) onSheet(ctx context.Context, i *discordgo.Interaction, c commands.Control) error {
	id := c.(commands.SheetID)
	var data *discordgo.InteractionResponseData
	var err error
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
		return b.reply(i, present.MsgGameNotHere)
	case errors.As(err, &refusal):
		return b.reply(i, refusal.Error())
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
	e, comps := present.Sheet(&meta, hands, page)
	return &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}, Components: comps}, nil
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
		return nil, refusalError(present.NoHandToReview(gameID))
	case hand == 0:
		hand = n
	case hand > n:
		return nil, refusalError(present.HandNotReviewable(gameID, n, hand))
	}
	h, err := record.HandAt(rules, meta.Seed, actions, hand)
	if err != nil {
		return nil, fmt.Errorf("review game %d hand %d: %w", gameID, hand, err)
	}
	e, comps := present.Review(&meta, &h, hand, n)
	return &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}, Components: comps}, nil
}

// cmdReview answers /pinochle review game:ID [hand:N].
func (b *Bot) cmdReview(ctx context.Context, i *discordgo.Interaction, opts options) error {
	game, ok := commands.OptInt(opts, commands.OptGame)
	if !ok {
		return b.reply(i, present.MsgNameGameReview)
	}
	hand, _ := commands.OptInt(opts, commands.OptHand)
	data, err := b.reviewPage(ctx, i, game, int(hand))
	return b.answerSheetOr(i, data, err)
}

// maxChoices is how many suggestions an autocomplete answer may hold.
const maxChoices = 25

// onAutocomplete suggests games for the game option of /pinochle review and export: this
// server's recent played games, with their players and date, filtered by what is typed (a
// number's digits, or part of a player's name).
func (b *Bot) onAutocomplete(ctx context.Context, i *discordgo.Interaction) error {
	data, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
	if !ok || commands.CheckAutocompleteOffering(data, b.cfg.Presets) != nil {
		return b.refuse(i, present.MsgCmdChanged)
	}
	typed := ""
	for _, o := range flattenFocused(data.Options) {
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
			if events.KeptPrivate(&g, userOf(i).ID, b.now()) {
				continue
			}
			label := present.GameLabel(&g)
			if typed == "" || strings.HasPrefix(fmt.Sprint(g.ID), typed) || strings.Contains(strings.ToLower(label), typed) {
				choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: label, Value: g.ID})
			}
		}
	}
	if choices == nil {
		choices = []*discordgo.ApplicationCommandOptionChoice{}
	}
	return rest.Respond(b.s, i, &discordgo.InteractionResponse{
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

// cmdExport answers /pinochle export game:ID with the finished game as a JSON file (the
// format of engine/record, documented in docs/export.md), privately. A game still being
// played, or abandoned with a hand unfinished, is refused: its file would show cards of a
// hand in play.
func (b *Bot) cmdExport(ctx context.Context, i *discordgo.Interaction, opts options) error {
	game, ok := commands.OptInt(opts, commands.OptGame)
	if !ok {
		return b.reply(i, present.MsgNameGameExport)
	}
	meta, err := b.guildGame(ctx, i, game)
	if err != nil {
		return b.answerSheetOr(i, nil, err)
	}
	if meta.Status != table.StatusFinished {
		return b.reply(i, present.NotFinishedExport(meta.ID))
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
		seats[s] = record.Seat{Name: present.PlainName(&meta, s), Computer: seat.IsComputer()}
	}
	f := record.FromGame(g, fmt.Sprint(meta.ID), seats, meta.CreatedAt, meta.EndedAt)
	var buf bytes.Buffer
	if err := record.Encode(&buf, f); err != nil {
		return b.failed(i, "export", err)
	}
	return rest.Respond(b.s, i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{
			Content:         present.Exported(meta.ID, meta.Preset, len(f.Results)),
			Files:           []*discordgo.File{{Name: present.ExportFile(meta.ID), ContentType: "application/json", Reader: &buf}},
			Flags:           discordgo.MessageFlagsEphemeral,
			AllowedMentions: &discordgo.MessageAllowedMentions{},
		},
	})
}
