package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/storage"
)

// The admins' tools (/pinochle-admin, Manage Server): members kept off the leaderboard and
// put back, a finished game's result taken back (every record and rating worked out again
// without it), the current season renamed, reset or ended, the leaderboard hidden, and a log
// of who did what and when. Each answer is private; each change is logged.

// adminLogSize is how many lines of the admin log /pinochle-admin log shows.
const adminLogSize = 25

// admin wraps an admin tool: it refuses members without Manage Server, privately, before
// anything is read or changed.
func admin(tool func(b *Bot, ctx context.Context, i *discordgo.Interaction, opts options) error) commandHandler {
	return func(b *Bot, ctx context.Context, i *discordgo.Interaction, opts options) error {
		if !canManage(i) {
			b.log.Warn("admin tool refused", "guild", i.GuildID, "user", userOf(i).ID)
			return b.reply(i, present.MsgAdminManage)
		}
		return tool(b, ctx, i, opts)
	}
}

// logAdmin adds a line to the server's admin log, saying in the bot's log when it cannot:
// the change it records is made.
func (b *Bot) logAdmin(ctx context.Context, i *discordgo.Interaction, action league.Correction, detail string) {
	e := league.LogEntry{GuildID: i.GuildID, UserID: userOf(i).ID, Action: action, Detail: detail, At: b.now()}
	if err := b.store.LogAdmin(ctx, e); err != nil {
		b.log.Error("admin log", "guild", i.GuildID, "action", action, "err", err)
	}
}

// cmdAdminExclude keeps a member off the leaderboard, or (include) puts them back.
func (b *Bot) cmdAdminExclude(ctx context.Context, i *discordgo.Interaction, opts options, exclude bool) error {
	target, ok := commands.OptID(opts, commands.OptUser)
	if !ok {
		return b.reply(i, present.MsgUnreadable)
	}
	changed, err := b.store.SetExcluded(ctx, i.GuildID, target, userOf(i).ID, exclude, b.now())
	if err != nil {
		return b.failed(i, "exclude", err)
	}
	if !exclude {
		if changed {
			b.logAdmin(ctx, i, league.CorrectInclude, target)
		}
		return b.reply(i, present.Included(target, changed))
	}
	if changed {
		b.logAdmin(ctx, i, league.CorrectExclude, target)
	}
	return b.reply(i, present.Excluded(target, changed))
}

// cmdAdminVoid takes a finished game's result back.
func (b *Bot) cmdAdminVoid(ctx context.Context, i *discordgo.Interaction, opts options) error {
	game, ok := commands.OptInt(opts, commands.OptGame)
	if !ok {
		return b.reply(i, present.MsgUnreadable)
	}
	err := b.store.VoidGame(ctx, i.GuildID, game, userOf(i).ID, b.now())
	switch {
	case errors.Is(err, storage.ErrNotFound):
		return b.reply(i, present.MsgAdminGameNotHere)
	case errors.Is(err, storage.ErrNotPlaying):
		return b.reply(i, present.MsgAdminGameNotOver)
	case errors.Is(err, storage.ErrConflict):
		return b.reply(i, present.MsgAdminGameVoid)
	case err != nil:
		return b.failed(i, "void", err)
	}
	b.logAdmin(ctx, i, league.CorrectVoid, strconv.FormatInt(game, 10))
	b.log.Info("game voided", "guild", i.GuildID, "game", game, "by", userOf(i).ID)
	return b.reply(i, present.Voided(game))
}

// cmdAdminSeason renames, resets or ends the current season.
func (b *Bot) cmdAdminSeason(ctx context.Context, i *discordgo.Interaction, opts options) error {
	action, _ := commands.OptString(opts, commands.OptAction)
	if action == commands.SeasonEnd {
		return b.cmdLeagueEnd(ctx, i, opts) // league.go, which logs it
	}
	season, err := b.store.CurrentSeason(ctx, i.GuildID, b.now())
	switch {
	case errors.Is(err, storage.ErrNotFound):
		return b.reply(i, present.MsgAdminNoSeason)
	case err != nil:
		return b.failed(i, "season", err)
	}
	switch action {
	case commands.SeasonRename:
		raw, ok := commands.OptString(opts, commands.OptName)
		if !ok {
			return b.reply(i, present.MsgAdminNameNeeded)
		}
		name, err := commands.SeasonName(raw)
		if err != nil {
			return b.reply(i, present.Refusal(err)+".")
		}
		err = b.store.RenameSeason(ctx, i.GuildID, season.ID, name)
		switch {
		case errors.Is(err, storage.ErrConflict):
			return b.reply(i, present.MsgAdminNameTaken)
		case err != nil:
			return b.failed(i, "rename season", err)
		}
		b.logAdmin(ctx, i, league.CorrectSeasonRename, fmt.Sprintf("%s → %s", season.Name, name))
		return b.reply(i, present.SeasonRenamed(season.Name, name))
	case commands.SeasonReset:
		reset, err := b.store.ResetSeason(ctx, i.GuildID, b.now())
		if err != nil {
			return b.failed(i, "reset season", err)
		}
		b.logAdmin(ctx, i, league.CorrectSeasonReset, reset.Name)
		return b.reply(i, present.SeasonReset(reset.Name, reset.Start))
	}
	return b.reply(i, present.MsgUnreadable)
}

// cmdAdminLeaderboard hides the leaderboard or shows it.
func (b *Bot) cmdAdminLeaderboard(ctx context.Context, i *discordgo.Interaction, opts options) error {
	visible, ok := commands.OptBool(opts, commands.OptVisible)
	if !ok {
		return b.reply(i, present.MsgUnreadable)
	}
	changed, err := b.store.SetBoardHidden(ctx, i.GuildID, userOf(i).ID, !visible, b.now())
	switch {
	case err != nil:
		return b.failed(i, "hide the board", err)
	case !changed:
		return b.reply(i, present.MsgAdminBoardAlready)
	case visible:
		b.logAdmin(ctx, i, league.CorrectShow, "")
		return b.reply(i, present.MsgAdminBoardShown)
	}
	b.logAdmin(ctx, i, league.CorrectHide, "")
	return b.reply(i, present.MsgAdminBoardHidden)
}

// cmdAdminLog shows the admin log, privately.
func (b *Bot) cmdAdminLog(ctx context.Context, i *discordgo.Interaction, _ options) error {
	entries, err := b.store.AdminLog(ctx, i.GuildID, adminLogSize)
	if err != nil {
		return b.failed(i, "admin log", err)
	}
	if len(entries) == 0 {
		return b.reply(i, present.MsgAdminLogEmpty)
	}
	return b.replyEmbed(i, true, present.AdminLogEmbed(entries))
}

// boardHidden reports whether the server's admins hid its leaderboard, and then answers the
// member behind i so, privately (an admin with how to show it again): a ranking posted for
// the channel would show it to everyone.
func (b *Bot) boardHidden(ctx context.Context, i *discordgo.Interaction) (bool, error) {
	hidden, err := b.store.BoardHidden(ctx, i.GuildID)
	switch {
	case err != nil:
		return true, b.failed(i, "board hidden", err)
	case !hidden:
		return false, nil
	case canManage(i):
		return true, b.reply(i, present.MsgBoardHiddenAdmin)
	}
	return true, b.reply(i, present.MsgBoardHidden)
}
