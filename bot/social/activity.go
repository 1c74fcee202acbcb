package social

import (
	"context"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/charts"
	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/bot/rest"
	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/league"
)

// The figures players like to look at beyond the leaderboard: a server's games a week and
// its most active players (/table activity), as text and as charts.

// Over what /table activity counts: the last activityWeeks weeks, and the members most
// active over the last activityDays days, activityTop of them.
const (
	activityWeeks = 8
	activityDays  = 30
	activityTop   = 10
)

// Activity shows the server's games a week and its most active players, for the
// channel, with a chart of each.
func (l *Loop) Activity(ctx context.Context, i *discordgo.Interaction, _ commands.Options) error {
	now := l.now()
	since := now.AddDate(0, 0, -7*activityWeeks)
	times, _, err := l.store.GuildActivity(ctx, i.GuildID, since)
	if err != nil {
		return l.failed(i, "activity", err)
	}
	_, players, err := l.store.GuildActivity(ctx, i.GuildID, now.AddDate(0, 0, -activityDays))
	if err != nil {
		return l.failed(i, "activity", err)
	}
	if len(times) == 0 {
		return l.reply(i, present.MsgActivityNone)
	}
	weeks := league.GamesPerWeek(times, now, activityWeeks)
	top := league.MostActive(players, activityTop)
	// Drawing takes a moment: the answer is deferred, then filled in.
	if err := rest.Respond(l.s, i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{}}); err != nil {
		return err
	}
	embeds := []*discordgo.MessageEmbed{present.ActivityEmbed(weeks, top)}
	var files []*discordgo.File
	var bars []charts.Bar
	for _, w := range weeks {
		bars = append(bars, charts.Bar{Name: w.Start.Format("2 Jan"), Value: float64(w.Games)})
	}
	if png, err := charts.Weekly("Games a week", bars); err == nil {
		files = append(files, present.ChartFile(embeds[0], "weekly.png", png))
	} else {
		l.log.Error("chart", "name", "weekly.png", "err", err)
	}
	bars = nil
	for _, a := range top {
		bars = append(bars, charts.Bar{Name: a.Name, Value: float64(a.Games)})
	}
	if len(bars) > 0 {
		if png, err := charts.MostActive("Most active players · last 30 days", bars); err == nil {
			active := &discordgo.MessageEmbed{Color: present.ColourActive}
			files = append(files, present.ChartFile(active, "active.png", png))
			embeds = append(embeds, active)
		} else {
			l.log.Error("chart", "name", "active.png", "err", err)
		}
	}
	return rest.EditResponse(l.s, l.appID(), i.Token, rest.IssuedAt(i), &discordgo.WebhookEdit{Embeds: &embeds, Files: files,
		AllowedMentions: &discordgo.MessageAllowedMentions{}})
}

// Highlights adds what a member's games say beyond their record (present.Highlights) to
// their stats, when the store can tell.
func (l *Loop) Highlights(ctx context.Context, guildID, userID string, r league.Record, e *discordgo.MessageEmbed) {
	outings, err := l.store.Outings(ctx, guildID, userID)
	if err != nil {
		l.log.Error("stats: highlights", "guild", guildID, "user", userID, "err", err)
		return
	}
	e.Fields = append([]*discordgo.MessageEmbedField{present.Highlights(league.Highlight(outings), r)}, e.Fields...)
}
