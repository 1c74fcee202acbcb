package bot

import (
	"context"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/bot/social"
)

// newSocial makes the loop around games (package social), with what it needs of the bot.
func (b *Bot) newSocial() *social.Loop {
	return social.New(social.Config{
		Session: b.s, Store: b.store, Poster: b.post, Tables: b.tables, Clock: b.clock, Log: b.log,
		Seed: b.cfg.Seed, Presets: b.cfg.Presets, AppID: func() string { return b.appID },
		InEvent: b.inEvent, OpenTable: b.openTable, Lobbies: b.openLobbies, MaxLobbies: maxOpenLobbies,
		EndSeason: b.cmdLeagueEnd, Background: b.background, Serves: b.serves,
	})
}

// inEvent reports whether a game is a league event's: its players do not play it again,
// nobody watches it, and leaving it is a forfeit. The events' runner knows its games.
func (b *Bot) inEvent(gameID int64) bool { return b.events != nil && b.events.InEvent(gameID) }

// loop is the route of a command that package social serves.
func loop(h func(*social.Loop, context.Context, *discordgo.Interaction, options) error) commandHandler {
	return func(b *Bot, ctx context.Context, i *discordgo.Interaction, opts options) error {
		return h(b.social, ctx, i, opts)
	}
}

// admin wraps an admin tool: it refuses members without Manage Server, privately, before
// anything is read or changed.
func admin(tool commandHandler) commandHandler {
	return func(b *Bot, ctx context.Context, i *discordgo.Interaction, opts options) error {
		if !canManage(i) {
			b.log.Warn("admin tool refused", "guild", i.GuildID, "user", userOf(i).ID)
			return b.reply(i, present.MsgAdminManage)
		}
		return tool(b, ctx, i, opts)
	}
}
