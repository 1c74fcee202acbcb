package bot

import (
	"context"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/live"
	"github.com/pinochle-discord/pinochle/bot/post"
	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/commands"
)

// Watching a table: someone not seated at a game in play follows it privately, from the
// table message's Watch button or /table watch in its thread. The table keeps the
// watcher's message up to date (live.EditWatch) while its token may edit it; what it shows
// is the public table, each hand once it is over, and every seat's cards live only at a
// table opened with kibitzing allowed. A player of the table cannot watch it, and nobody
// watches a league event's game or someone's daily deal.
//
// Watchers live in the table's memory only, as the players' own private views do: after a
// restart the table follows none of them until they press Refresh (or Watch) again. Keeping
// them would mean storing interaction tokens, which let whoever holds them edit the
// message, for messages Discord lets the bot edit for 15 minutes at most, to save one click
// after a restart. Instead a watcher's message says how old the table it shows is (the
// table as of a relative time), so that one a restart left behind reads as stale, and its
// Refresh works on the restarted bot.

// watchRoute serves the Watch button, and the Refresh button of a watcher's message (which
// then updates in place).
func watchRoute() controlRoute {
	return controlRoute{handle: func(b *Bot, ctx context.Context, i *discordgo.Interaction, c commands.Control) error {
		id := c.(commands.ID)
		if b.inEvent(id.Game) {
			return b.reply(i, present.MsgWatchEvent)
		}
		if b.privateTable(id.Game) {
			return b.reply(i, present.MsgDailyKept) // no message shows such a button: a forged click
		}
		return b.command(ctx, i, id.Game, live.Watch{By: personOf(i), Token: i.Token}, true)
	}}
}

// cmdTableWatch watches the game of the thread (or channel) the command is used in.
func (b *Bot) cmdTableWatch(ctx context.Context, i *discordgo.Interaction, _ options) error {
	tables := b.tables.Tables(func(s *live.Summary) bool {
		return s.Game.GuildID == i.GuildID && s.Playing && s.Game.PostChannel() == i.ChannelID && !s.Game.Settings.Private
	})
	if len(tables) == 0 {
		return b.reply(i, present.MsgWatchNoTable)
	}
	id := tables[len(tables)-1].Game.ID
	if b.inEvent(id) {
		return b.reply(i, present.MsgWatchEvent)
	}
	return b.command(ctx, i, id, live.Watch{By: personOf(i), Token: i.Token}, false)
}

// editWatch brings a watcher's private message up to date, drawn when the edit goes out in
// the watcher's own card look.
func (b *Bot) editWatch(e live.EditWatch) {
	b.post.Enqueue("view:"+e.Token, &post.Message{View: &post.View{AppID: b.appID, Token: e.Token, Issued: e.Issued, Answered: b.answering(e.Token),
		Render: func() present.Message {
			return present.WatchMessage(b.painter, &e.Game, &e.Watching, b.ownLook(b.ctx, &e.Game, e.User)) // cardlook.go
		},
	}})
}

// privateTable reports whether a game in play is a private table's (the daily deal), which
// nobody watches.
func (b *Bot) privateTable(id int64) bool {
	return len(b.tables.Tables(func(s *live.Summary) bool { return s.Game.ID == id && s.Game.Settings.Private })) > 0
}
