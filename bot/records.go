package bot

import (
	"context"
	"errors"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/bot/rest"
	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/storage"
)

// leaderboardSize is how many players a leaderboard or standings shows.
const leaderboardSize = 15

// cmdLeaderboard shows the guild's ranking: with no season named, the current season's
// standings (when a season runs) and the overall leaderboard; else the season named, or
// "overall".
func (b *Bot) cmdLeaderboard(ctx context.Context, i *discordgo.Interaction, opts options) error {
	if name, ok := commands.OptString(opts, commands.OptSeason); ok {
		return b.showStandings(ctx, i, name, false)
	}
	return b.showStandings(ctx, i, "", true)
}

// cmdStandings shows a season's standings (the current one by default).
func (b *Bot) cmdStandings(ctx context.Context, i *discordgo.Interaction, opts options) error {
	name, _ := commands.OptString(opts, commands.OptSeason)
	return b.showStandings(ctx, i, name, false)
}

// showStandings answers, for the channel, with the ranking of the season named ("" for the
// current one, overall when none runs) and, with overallToo, the overall leaderboard beside
// a season's standings.
func (b *Bot) showStandings(ctx context.Context, i *discordgo.Interaction, name string, overallToo bool) error {
	if hidden, err := b.social.BoardHidden(ctx, i); hidden {
		return err
	}
	season, err := b.seasonFor(ctx, i.GuildID, name)
	if errors.Is(err, errNoSeason) {
		return b.reply(i, present.NoSuchSeason(name))
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
		if err := rest.Respond(b.s, i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{}}); err != nil {
			return err
		}
		png, err := b.standingsChart(ctx, i.GuildID, season)
		b.attachChart(data, "standings.png", png, err)
		return rest.EditResponse(b.s, b.appID, i.Token, rest.IssuedAt(i), &discordgo.WebhookEdit{Content: &data.Content, Embeds: &data.Embeds,
			Components: &data.Components, Files: data.Files, AllowedMentions: &discordgo.MessageAllowedMentions{}})
	}
	var embeds []*discordgo.MessageEmbed
	for _, s := range seasons {
		recs, err := b.store.Leaderboard(ctx, i.GuildID, s.ID, leaderboardSize, 0)
		if err != nil {
			return b.failed(i, "leaderboard", err)
		}
		embeds = append(embeds, present.StandingsEmbed(s, recs))
	}
	return rest.Respond(b.s, i, &discordgo.InteractionResponse{
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
		Embeds:          []*discordgo.MessageEmbed{present.StandingsEmbed(season, recs)},
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
func (b *Bot) onPage(ctx context.Context, i *discordgo.Interaction, c commands.Control) error {
	id := c.(commands.PageID)
	if hidden, err := b.social.BoardHidden(ctx, i); hidden {
		return err
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
			return b.reply(i, present.MsgSeasonNotHere)
		}
	}
	data, err := b.standingsPage(ctx, i.GuildID, season, id.Offset)
	if err != nil {
		return b.failed(i, "leaderboard", err)
	}
	return rest.Respond(b.s, i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: data})
}

// cmdStats shows a player's record, privately.
func (b *Bot) cmdStats(ctx context.Context, i *discordgo.Interaction, opts options) error {
	user := userOf(i)
	if id, ok := commands.OptID(opts, commands.OptUser); ok {
		user = &discordgo.User{ID: id}
	}
	st, err := b.store.PlayerStats(ctx, i.GuildID, user.ID)
	if errors.Is(err, storage.ErrNotFound) {
		return b.reply(i, present.NoCountedGames(user.ID))
	}
	if err != nil {
		return b.failed(i, "stats", err)
	}
	r := st.Overall
	e := present.StatsEmbed(st)
	b.social.Highlights(ctx, i.GuildID, user.ID, r, e)
	// Drawing the chart may take longer than Discord waits for an answer under load: the
	// answer is deferred, then filled in.
	if err := rest.Respond(b.s, i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}}); err != nil {
		return err
	}
	data := &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}}
	png, err := b.ratingChart(ctx, i.GuildID, user.ID, r.Name)
	b.attachChart(data, "rating.png", png, err)
	return rest.EditResponse(b.s, b.appID, i.Token, rest.IssuedAt(i), &discordgo.WebhookEdit{Embeds: &data.Embeds, Files: data.Files,
		AllowedMentions: &discordgo.MessageAllowedMentions{}})
}

// cmdSettings shows or changes the guild's settings (Manage Server).
func (b *Bot) cmdSettings(ctx context.Context, i *discordgo.Interaction, opts options) error {
	if !canManage(i) {
		return b.reply(i, present.MsgSettingsManage)
	}
	st, err := b.store.Settings(ctx, i.GuildID)
	if err != nil {
		return b.failed(i, "settings", err)
	}
	if ch, ok := commands.OptID(opts, commands.OptChannel); ok && !b.channelIn(i.GuildID, ch) {
		return b.reply(i, present.MsgChannelNotHere)
	}
	if len(opts) > 0 {
		if st, err = commands.ApplyGuildSettings(st, opts); err != nil {
			return b.reply(i, present.Refusal(err))
		}
		if err := b.store.UpdateSettings(ctx, i.GuildID, st, b.now()); err != nil {
			if errors.Is(err, storage.ErrInvalid) {
				return b.reply(i, present.SettingsInvalid(err))
			}
			return b.failed(i, "settings", err)
		}
	}
	return b.replyEmbed(i, true, present.SettingsEmbed(st))
}
