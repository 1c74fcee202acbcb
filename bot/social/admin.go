package social

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/bot/who"
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

// LogAdmin adds a line to the server's admin log, saying in the bot's log when it cannot:
// the change it records is made.
func (l *Loop) LogAdmin(ctx context.Context, i *discordgo.Interaction, action league.Correction, detail string) {
	e := league.LogEntry{GuildID: i.GuildID, UserID: who.User(i).ID, Action: action, Detail: detail, At: l.now()}
	if err := l.store.LogAdmin(ctx, e); err != nil {
		l.log.Error("admin log", "guild", i.GuildID, "action", action, "err", err)
	}
}

// AdminExclude keeps a member off the leaderboard, or (include) puts them back.
func (l *Loop) AdminExclude(ctx context.Context, i *discordgo.Interaction, opts commands.Options, exclude bool) error {
	target, ok := commands.OptID(opts, commands.OptUser)
	if !ok {
		return l.reply(i, present.MsgUnreadable)
	}
	changed, err := l.store.SetExcluded(ctx, i.GuildID, target, who.User(i).ID, exclude, l.now())
	if err != nil {
		return l.failed(i, "exclude", err)
	}
	if !exclude {
		if changed {
			l.LogAdmin(ctx, i, league.CorrectInclude, target)
		}
		return l.reply(i, present.Included(target, changed))
	}
	if changed {
		l.LogAdmin(ctx, i, league.CorrectExclude, target)
	}
	return l.reply(i, present.Excluded(target, changed))
}

// AdminVoid takes a finished game's result back.
func (l *Loop) AdminVoid(ctx context.Context, i *discordgo.Interaction, opts commands.Options) error {
	game, ok := commands.OptInt(opts, commands.OptGame)
	if !ok {
		return l.reply(i, present.MsgUnreadable)
	}
	err := l.store.VoidGame(ctx, i.GuildID, game, who.User(i).ID, l.now())
	switch {
	case errors.Is(err, storage.ErrNotFound):
		return l.reply(i, present.MsgAdminGameNotHere)
	case errors.Is(err, storage.ErrNotPlaying):
		return l.reply(i, present.MsgAdminGameNotOver)
	case errors.Is(err, storage.ErrConflict):
		return l.reply(i, present.MsgAdminGameVoid)
	case err != nil:
		return l.failed(i, "void", err)
	}
	l.LogAdmin(ctx, i, league.CorrectVoid, strconv.FormatInt(game, 10))
	l.log.Info("game voided", "guild", i.GuildID, "game", game, "by", who.User(i).ID)
	return l.reply(i, present.Voided(game))
}

// AdminSeason renames, resets or ends the current season.
func (l *Loop) AdminSeason(ctx context.Context, i *discordgo.Interaction, opts commands.Options) error {
	action, _ := commands.OptString(opts, commands.OptAction)
	if action == commands.SeasonEnd {
		return l.endSeason(ctx, i, opts) // the bot's /league end, which logs it
	}
	season, err := l.store.CurrentSeason(ctx, i.GuildID, l.now())
	switch {
	case errors.Is(err, storage.ErrNotFound):
		return l.reply(i, present.MsgAdminNoSeason)
	case err != nil:
		return l.failed(i, "season", err)
	}
	switch action {
	case commands.SeasonRename:
		raw, ok := commands.OptString(opts, commands.OptName)
		if !ok {
			return l.reply(i, present.MsgAdminNameNeeded)
		}
		name, err := commands.SeasonName(raw)
		if err != nil {
			return l.reply(i, present.Refusal(err)+".")
		}
		err = l.store.RenameSeason(ctx, i.GuildID, season.ID, name)
		switch {
		case errors.Is(err, storage.ErrConflict):
			return l.reply(i, present.MsgAdminNameTaken)
		case err != nil:
			return l.failed(i, "rename season", err)
		}
		l.LogAdmin(ctx, i, league.CorrectSeasonRename, fmt.Sprintf("%s → %s", season.Name, name))
		return l.reply(i, present.SeasonRenamed(season.Name, name))
	case commands.SeasonReset:
		reset, err := l.store.ResetSeason(ctx, i.GuildID, l.now())
		if err != nil {
			return l.failed(i, "reset season", err)
		}
		l.LogAdmin(ctx, i, league.CorrectSeasonReset, reset.Name)
		return l.reply(i, present.SeasonReset(reset.Name, reset.Start))
	}
	return l.reply(i, present.MsgUnreadable)
}

// AdminLeaderboard hides the leaderboard or shows it.
func (l *Loop) AdminLeaderboard(ctx context.Context, i *discordgo.Interaction, opts commands.Options) error {
	visible, ok := commands.OptBool(opts, commands.OptVisible)
	if !ok {
		return l.reply(i, present.MsgUnreadable)
	}
	changed, err := l.store.SetBoardHidden(ctx, i.GuildID, who.User(i).ID, !visible, l.now())
	switch {
	case err != nil:
		return l.failed(i, "hide the board", err)
	case !changed:
		return l.reply(i, present.MsgAdminBoardAlready)
	case visible:
		l.LogAdmin(ctx, i, league.CorrectShow, "")
		return l.reply(i, present.MsgAdminBoardShown)
	}
	l.LogAdmin(ctx, i, league.CorrectHide, "")
	return l.reply(i, present.MsgAdminBoardHidden)
}

// AdminLog shows the admin log, privately.
func (l *Loop) AdminLog(ctx context.Context, i *discordgo.Interaction, _ commands.Options) error {
	entries, err := l.store.AdminLog(ctx, i.GuildID, adminLogSize)
	if err != nil {
		return l.failed(i, "admin log", err)
	}
	if len(entries) == 0 {
		return l.reply(i, present.MsgAdminLogEmpty)
	}
	return l.replyEmbed(i, present.AdminLogEmbed(entries))
}

// BoardHidden reports whether the server's admins hid its leaderboard, and then answers the
// member behind i so, privately (an admin with how to show it again): a ranking posted for
// the channel would show it to everyone.
func (l *Loop) BoardHidden(ctx context.Context, i *discordgo.Interaction) (bool, error) {
	hidden, err := l.store.BoardHidden(ctx, i.GuildID)
	switch {
	case err != nil:
		return true, l.failed(i, "board hidden", err)
	case !hidden:
		return false, nil
	case who.Manages(i):
		return true, l.reply(i, present.MsgBoardHiddenAdmin)
	}
	return true, l.reply(i, present.MsgBoardHidden)
}
