package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/internal/words"
	"github.com/pinochle-discord/pinochle/league"

	"github.com/pinochle-discord/pinochle/bot/post"
	"github.com/pinochle-discord/pinochle/bot/rest"
	"github.com/pinochle-discord/pinochle/storage"
)

// cmdLeagueStart opens a season (Manage Server).
func (b *Bot) cmdLeagueStart(ctx context.Context, i *discordgo.Interaction, opts options) error {
	if !canManage(i) {
		return b.reply(i, present.MsgSeasonStartManage)
	}
	raw, _ := commands.OptString(opts, commands.OptName)
	name, err := commands.SeasonName(raw)
	if err != nil {
		return b.reply(i, present.Refusal(err)+".")
	}
	s, err := b.store.StartSeason(ctx, i.GuildID, name, i.ChannelID, b.now(), time.Time{})
	switch {
	case errors.Is(err, storage.ErrConflict):
		return b.reply(i, present.MsgSeasonRunning)
	case errors.Is(err, storage.ErrInvalid):
		return b.reply(i, present.SeasonNotStarted(err))
	case err != nil:
		return b.failed(i, "league start", err)
	}
	b.social.LogAdmin(ctx, i, league.CorrectSeasonStart, s.Name)
	return rest.Respond(b.s, i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{
			Content:         present.SeasonStarted(s.Name),
			AllowedMentions: &discordgo.MessageAllowedMentions{},
		},
	})
}

// cmdLeagueEnd ends the running season (Manage Server) and posts its final standings and
// champions in the channel where it was started.
func (b *Bot) cmdLeagueEnd(ctx context.Context, i *discordgo.Interaction, _ options) error {
	if !canManage(i) {
		return b.reply(i, present.MsgSeasonEndManage)
	}
	s, err := b.store.EndSeason(ctx, i.GuildID, b.now())
	switch {
	case errors.Is(err, storage.ErrNotFound):
		return b.reply(i, present.MsgNoSeasonRunning)
	case err != nil:
		return b.failed(i, "league end", err)
	}
	b.social.LogAdmin(ctx, i, league.CorrectSeasonEnd, s.Name)
	recs, err := b.store.Standings(ctx, i.GuildID, s.ID, leaderboardSize, 0)
	if err != nil {
		return b.failed(i, "standings", err)
	}
	e := present.StandingsEmbed(s, recs)
	e.Title = present.FinalStandingsTitle(s.Name)
	var champions []string
	for _, r := range recs {
		if r.Rank == 1 {
			champions = append(champions, r.UserID)
		}
	}
	content := present.SeasonOver(s.Name, champions)
	channel := s.ChannelID
	if channel == "" {
		channel = i.ChannelID
	}
	b.post.Enqueue(channel, &post.Message{Content: content, Embeds: []*discordgo.MessageEmbed{e}, Mentions: userIDs(recs[:min(1, len(recs))])})
	return b.reply(i, present.SeasonEnded(s.Name, channel))
}

// userIDs lists the users of records.
func userIDs(recs []league.Record) []string {
	var out []string
	for _, r := range recs {
		out = append(out, r.UserID)
	}
	return out
}

// cmdHistory lists the guild's seasons.
func (b *Bot) cmdHistory(ctx context.Context, i *discordgo.Interaction, _ options) error {
	seasons, err := b.store.Seasons(ctx, i.GuildID)
	if err != nil {
		return b.failed(i, "seasons", err)
	}
	if len(seasons) == 0 {
		return b.reply(i, present.MsgNoSeasons)
	}
	hidden, err := b.store.BoardHidden(ctx, i.GuildID) // no leader is named while the board is hidden
	if err != nil {
		return b.failed(i, "board hidden", err)
	}
	var lines []string
	for _, s := range seasons {
		end := "running"
		if !s.End.IsZero() {
			end = "ended " + s.End.UTC().Format("2 Jan 2006")
		}
		line := fmt.Sprintf("• **%s**: from %s, %s", present.Escape(s.Name), s.Start.UTC().Format("2 Jan 2006"), end)
		if recs, err := b.store.Standings(ctx, i.GuildID, s.ID, 1, 0); err == nil && len(recs) > 0 && !hidden {
			line += fmt.Sprintf(" · leader %s (%.0f)", present.Escape(recs[0].Name), recs[0].Rating.Display())
		}
		lines = append(lines, line)
	}
	return b.replyEmbed(i, false, &discordgo.MessageEmbed{Title: "League seasons", Color: present.ColourActive, Description: words.Truncate(strings.Join(lines, "\n"), 4000)})
}
