package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/storage"
	"github.com/pinochle-discord/pinochle/table"
)

// leaderboardSize is how many players a leaderboard or standings shows.
const leaderboardSize = 15

// cmdLeaderboard shows the guild's ranking: with no season named, the current season's
// standings (when a season runs) and the overall leaderboard; else the season named, or
// "overall".
func (b *Bot) cmdLeaderboard(ctx context.Context, i *discordgo.Interaction, opts options) error {
	if name, ok := optString(opts, commands.OptSeason); ok {
		return b.showStandings(ctx, i, name, false)
	}
	return b.showStandings(ctx, i, "", true)
}

// cmdStandings shows a season's standings (the current one by default).
func (b *Bot) cmdStandings(ctx context.Context, i *discordgo.Interaction, opts options) error {
	name, _ := optString(opts, commands.OptSeason)
	return b.showStandings(ctx, i, name, false)
}

// showStandings answers, for the channel, with the ranking of the season named ("" for the
// current one, overall when none runs) and, with overallToo, the overall leaderboard beside
// a season's standings.
func (b *Bot) showStandings(ctx context.Context, i *discordgo.Interaction, name string, overallToo bool) error {
	season, err := b.seasonFor(ctx, i.GuildID, name)
	if errors.Is(err, errNoSeason) {
		return b.reply(i, "There is no season called “%s” here. `/league history` lists them.", present.Escape(name))
	}
	if err != nil {
		return b.failed(i, "season", err)
	}
	seasons := []league.Season{season}
	if overallToo && season.ID != league.Overall {
		seasons = append(seasons, league.Season{ID: league.Overall, Name: "overall"})
	}
	if len(seasons) == 1 {
		data, err := b.standingsPage(ctx, i.GuildID, season, 0)
		if err != nil {
			return b.failed(i, "leaderboard", err)
		}
		// As for stats: defer, draw, then fill the answer in.
		if err := respond(b.s, i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{}}); err != nil {
			return err
		}
		png, err := b.standingsChart(ctx, i.GuildID, season)
		b.attachChart(data, "standings.png", png, err)
		return editResponse(b.s, b.appID, i.Token, issuedAt(i), &discordgo.WebhookEdit{Content: &data.Content, Embeds: &data.Embeds,
			Components: &data.Components, Files: data.Files, AllowedMentions: &discordgo.MessageAllowedMentions{}})
	}
	var embeds []*discordgo.MessageEmbed
	for _, s := range seasons {
		recs, err := b.store.Leaderboard(ctx, i.GuildID, s.ID, leaderboardSize, 0)
		if err != nil {
			return b.failed(i, "leaderboard", err)
		}
		embeds = append(embeds, standingsEmbed(s, recs))
	}
	return respond(b.s, i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Embeds: embeds, AllowedMentions: &discordgo.MessageAllowedMentions{}},
	})
}

// standingsPage is one page of a ranking, from offset, with buttons to the pages before and
// after it where there are any.
func (b *Bot) standingsPage(ctx context.Context, guildID string, season league.Season, offset int) (*discordgo.InteractionResponseData, error) {
	recs, err := b.store.Leaderboard(ctx, guildID, season.ID, leaderboardSize+1, offset)
	if err != nil {
		return nil, err
	}
	more := len(recs) > leaderboardSize
	if more {
		recs = recs[:leaderboardSize]
	}
	data := &discordgo.InteractionResponseData{
		Embeds:          []*discordgo.MessageEmbed{standingsEmbed(season, recs)},
		Components:      []discordgo.MessageComponent{},
		AllowedMentions: &discordgo.MessageAllowedMentions{},
	}
	var buttons []discordgo.MessageComponent
	if offset > 0 {
		buttons = append(buttons, discordgo.Button{Label: "◀ Previous", Style: discordgo.SecondaryButton,
			CustomID: commands.PageID{Season: season.ID, Offset: max(0, offset-leaderboardSize)}.String()})
	}
	if more {
		buttons = append(buttons, discordgo.Button{Label: "Next ▶", Style: discordgo.SecondaryButton,
			CustomID: commands.PageID{Season: season.ID, Offset: offset + leaderboardSize}.String()})
	}
	if len(buttons) > 0 {
		data.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: buttons}}
	}
	return data, nil
}

// onPage turns a ranking's page: the message updates in place.
func (b *Bot) onPage(ctx context.Context, i *discordgo.Interaction, customID string) error {
	id, err := commands.ParsePageID(customID)
	if err != nil {
		return b.reply(i, present.MsgForged)
	}
	season := league.Season{ID: league.Overall, Name: "overall"}
	if id.Season != league.Overall {
		seasons, err := b.store.Seasons(ctx, i.GuildID)
		if err != nil {
			return b.failed(i, "seasons", err)
		}
		found := false
		for _, s := range seasons {
			if s.ID == id.Season {
				season, found = s, true
			}
		}
		if !found {
			return b.reply(i, "That season is not one of this server's.")
		}
	}
	data, err := b.standingsPage(ctx, i.GuildID, season, id.Offset)
	if err != nil {
		return b.failed(i, "leaderboard", err)
	}
	return respond(b.s, i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: data})
}

// standingsEmbed writes a ranking: rating, games, wins, win rate, points for and against,
// bids made and set, with the leader marked.
func standingsEmbed(season league.Season, recs []league.Record) *discordgo.MessageEmbed {
	title := "Leaderboard · overall"
	if season.ID != league.Overall {
		title = "Standings · " + present.Escape(season.Name)
	}
	e := &discordgo.MessageEmbed{Title: title, Color: present.ColourActive}
	if len(recs) == 0 {
		e.Description = "No counted games yet."
		return e
	}
	var b strings.Builder
	for _, r := range recs {
		mark := fmt.Sprintf("%d.", r.Rank)
		if r.Rank == 1 {
			mark = "🏆"
		}
		fmt.Fprintf(&b, "%s **%s** · rating %.0f · %s, %d won (%.0f%%) · points %d/%d · bids %d made, %d set\n",
			mark, present.Escape(r.Name), r.Rating.Display(), present.Count(r.Games, "game"), r.Wins, 100*r.WinRate(), r.PointsFor, r.PointsAgainst, r.BidsMade, r.BidsSet)
	}
	e.Description = present.Truncate(b.String(), 4000)
	e.Footer = &discordgo.MessageEmbedFooter{Text: "Rating: a skill estimate (mean − 3σ) over team, two- and three-player games; points: own side's / best opponent's final scores, in tens."}
	return e
}

// cmdStats shows a player's record, privately.
func (b *Bot) cmdStats(ctx context.Context, i *discordgo.Interaction, opts options) error {
	user := userOf(i)
	if id, ok := optID(opts, commands.OptUser); ok {
		user = &discordgo.User{ID: id}
	}
	st, err := b.store.PlayerStats(ctx, i.GuildID, user.ID)
	if errors.Is(err, storage.ErrNotFound) {
		return b.reply(i, "<@%s> has no counted games in this server yet.", user.ID)
	}
	if err != nil {
		return b.failed(i, "stats", err)
	}
	r := st.Overall
	e := &discordgo.MessageEmbed{
		Title: "Record of " + present.Escape(r.Name),
		Color: present.ColourActive,
		Description: fmt.Sprintf("Rank %d · rating %.0f\n%s: %d won, %d lost, %d drawn (%.0f%%)\n%s, bid %d: %d made, %d set\nMeld: %.0f a hand on average, %d at best",
			r.Rank, r.Rating.Display(), present.Count(r.Games, "game"), r.Wins, r.Losses, r.Draws, 100*r.WinRate(), present.Count(r.Hands, "hand"), r.HandsBid, r.BidsMade, r.BidsSet, r.AverageMeld(), r.HighMeld),
	}
	for _, s := range st.Seasons {
		if len(e.Fields) == 10 {
			break
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: present.Escape(s.Season.Name),
			Value: fmt.Sprintf("rank %d · rating %.0f · %s, %d won", s.Record.Rank, s.Record.Rating.Display(), present.Count(s.Record.Games, "game"), s.Record.Wins), Inline: true})
	}
	// Drawing the chart may take longer than Discord waits for an answer under load: the
	// answer is deferred, then filled in.
	if err := respond(b.s, i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}}); err != nil {
		return err
	}
	data := &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}}
	png, err := b.ratingChart(ctx, i.GuildID, user.ID, r.Name)
	b.attachChart(data, "rating.png", png, err)
	return editResponse(b.s, b.appID, i.Token, issuedAt(i), &discordgo.WebhookEdit{Embeds: &data.Embeds, Files: data.Files,
		AllowedMentions: &discordgo.MessageAllowedMentions{}})
}

// cmdSettings shows or changes the guild's settings (Manage Server).
func (b *Bot) cmdSettings(ctx context.Context, i *discordgo.Interaction, opts options) error {
	if !canManage(i) {
		return b.reply(i, "Changing the server's Pinochle settings needs the Manage Server permission.")
	}
	st, err := b.store.Settings(ctx, i.GuildID)
	if err != nil {
		return b.failed(i, "settings", err)
	}
	if ch, ok := optID(opts, commands.OptChannel); ok && !b.channelIn(i.GuildID, ch) {
		return b.reply(i, "That channel is not one of this server's, so nothing was changed.")
	}
	if len(opts) > 0 {
		if st, err = applySettings(st, opts); err != nil {
			return b.reply(i, "%s", present.Capitalise(err.Error()))
		}
		if err := b.store.UpdateSettings(ctx, i.GuildID, st, b.now()); err != nil {
			if errors.Is(err, storage.ErrInvalid) {
				return b.reply(i, "Those settings are not valid: %v", err)
			}
			return b.failed(i, "settings", err)
		}
	}
	return b.replyEmbed(i, true, settingsEmbed(st))
}

// applySettings changes settings by a /pinochle settings command's options.
func applySettings(st table.GuildSettings, opts options) (table.GuildSettings, error) {
	if preset, ok := optString(opts, commands.OptPreset); ok {
		if _, err := engine.NewRules(preset, nil); err != nil {
			return st, err
		}
		st.DefaultPreset = preset
		st.DefaultOptions = nil
	}
	if text, ok := optString(opts, commands.OptOptions); ok {
		parsed, err := commands.ParseOptions(text)
		if err != nil {
			return st, err
		}
		if err := commands.ValidateOptions(st.DefaultPreset, parsed); err != nil {
			return st, err
		}
		st.DefaultOptions = parsed
	}
	if counts, ok := optBool(opts, commands.OptComputerGames); ok {
		st.ComputerGamesCount = counts
	}
	if ch, ok := optID(opts, commands.OptChannel); ok {
		action := commands.ChannelAdd
		if a, ok := optString(opts, commands.OptChannelAction); ok {
			action = a
		}
		switch action {
		case commands.ChannelAdd:
			if !slices.Contains(st.Channels, ch) {
				st.Channels = append(st.Channels, ch)
			}
		case commands.ChannelRemove:
			st.Channels = slices.DeleteFunc(st.Channels, func(c string) bool { return c == ch })
		}
	}
	if a, _ := optString(opts, commands.OptChannelAction); a == commands.ChannelClear {
		st.Channels = nil
	}
	table, err := commands.ParseTableSettings(opts, st.TableDefaults)
	if err != nil {
		return st, err
	}
	st.TableDefaults = table
	if _, ok := opts[commands.OptHints]; ok {
		st.HintsChosen = true
	}
	return st, nil
}

// settingsEmbed shows a guild's settings.
func settingsEmbed(st table.GuildSettings) *discordgo.MessageEmbed {
	opts := "none"
	if len(st.DefaultOptions) > 0 {
		opts = commands.FormatOptions(st.DefaultOptions)
	}
	timer := "none"
	if d := st.TableDefaults.Timer; d > 0 {
		timer = present.Duration(d) + ", then " + present.PolicyText(st.TableDefaults.Timeout)
	}
	chans := "every channel"
	if len(st.Channels) > 0 {
		var c []string
		for _, id := range st.Channels {
			c = append(c, "<#"+id+">")
		}
		chans = strings.Join(c, " ")
	}
	counts := "no"
	if st.ComputerGamesCount {
		counts = "yes"
	}
	return &discordgo.MessageEmbed{
		Title: "Pinochle settings",
		Color: present.ColourActive,
		Fields: []*discordgo.MessageEmbedField{
			{Name: "Default preset", Value: st.DefaultPreset, Inline: true},
			{Name: "Default options", Value: opts, Inline: true},
			{Name: "Turn timer", Value: timer, Inline: true},
			{Name: "Games with computer players count", Value: counts, Inline: true},
			{Name: "Channels", Value: chans, Inline: true},
			{Name: "New tables", Value: commands.TableSettingsText(st.TableDefaults) + hintsNote(st), Inline: true},
		},
	}
}

// hintsNote explains the default of hints when the server has not chosen.
func hintsNote(st table.GuildSettings) string {
	if st.HintsChosen {
		return ""
	}
	return " (off during a league season)"
}
