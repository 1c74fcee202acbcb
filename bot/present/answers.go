package present

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/pinochle-discord/pinochle/internal/words"
	"github.com/pinochle-discord/pinochle/table"
)

// Private answers the bot gives for itself, before or besides a table: to what it cannot
// read or do, and to the commands that are not a table's.
const (
	MsgUnreadable     = "I could not read that, so nothing was done. If it happens again, reload Discord and try again."
	MsgUnidentified   = "I could not tell who or where that came from, so nothing was done."
	MsgNotHere        = "I am not in this server, so I cannot do that here."
	MsgOtherGuild     = "That is not one of this server's tables or channels, so nothing was done."
	MsgGone           = "That game is not running any more."
	MsgBusy           = "That table is busy with other clicks right now, so nothing was done. Please try again in a moment."
	MsgNotInDM        = "Pinochle is played in a server's channels, not in direct messages."
	MsgUnknown        = "I do not know that command. Try `/pinochle rules`."
	MsgCmdChanged     = "If the command has changed since Discord loaded it, reload Discord and try again."
	MsgNotCreated     = "The table could not be created. Please try again."
	MsgNotOpened      = "The table could not be opened. Please try again."
	MsgCannotPost     = "I could not post the table here: check that I may send messages in this channel."
	MsgNotSavedNew    = "The table could not be saved. Please try again."
	MsgNoGameSeated   = "You are not seated at a game in this server. Start one with `/pinochle new`."
	MsgNoGameHere     = "There is no game in play here."
	MsgNoTableSeat    = "You are not seated at a table in this server."
	MsgNoTableOwn     = "There is no table of yours to abandon here. Use it in the table's thread."
	MsgNotInGame      = "You are not seated at a game in this server."
	MsgNoTables       = "You have no unfinished tables in this server. `/pinochle new` opens one."
	MsgNotifyOn       = "I will send you a direct message when it is your turn (if your DMs are open), besides the mention in the thread."
	MsgNotifyOff      = "No more direct messages: you get the mention in the thread only."
	MsgStatusTooOften = "You had a table posted again a moment ago: the table message is pinned in its thread. Try again in a minute."

	MsgSeasonStartManage = "Starting a league season needs the Manage Server permission."
	MsgSeasonEndManage   = "Ending a league season needs the Manage Server permission."
	MsgSeasonRunning     = "A season is already running, or that name is taken: `/league end` ends the current one."
	MsgNoSeasonRunning   = "No season is running. `/league start NAME` starts one."
	MsgNoSeasons         = "No league seasons yet. `/league start NAME` starts one."
	MsgSeasonNotHere     = "That season is not one of this server's."
	MsgSettingsManage    = "Changing the server's Pinochle settings needs the Manage Server permission."
	MsgChannelNotHere    = "That channel is not one of this server's, so nothing was changed."
	MsgGameNotHere       = "That game is not one of this server's."
	MsgNameGameReview    = "Name the game to review: `/pinochle review game:`."
	MsgNameGameExport    = "Name the game to export: `/pinochle export game:`."
)

// Refusal words what a command's options could not be read as (commands' errors).
func Refusal(err error) string { return words.Capitalise(err.Error()) }

// CommandRefused answers a command whose options are not those registered.
func CommandRefused(err error) string { return "⚠️ " + Refusal(err) + ". " + MsgCmdChanged }

// TooManyLobbies answers a host who holds open lobbies enough.
func TooManyLobbies(open int) string {
	return fmt.Sprintf("You already host %d open lobbies in this server: start or cancel one first (`/pinochle games` lists them).", open)
}

// NotThisChannel answers a new table in a channel the server keeps tables out of.
func NotThisChannel(channels []string) string {
	var cs []string
	for _, c := range channels {
		cs = append(cs, Channel(c))
	}
	return "Tables are not opened in this channel. Try " + strings.Join(cs, ", ") + "."
}

// TableOpen tells the host where their new table is.
func TableOpen(preset, channelID string) string {
	return fmt.Sprintf("Your %s table is open in %s: players press **Join**; you can add computer players or **Start** with computers in the empty seats.", preset, Channel(channelID))
}

// GameOn says, in place of a started lobby, where its game is played.
func GameOn(channelID string) string {
	return "The game is on: follow it in " + Channel(channelID) + "."
}

// SeasonNotStarted answers a season the store would not start.
func SeasonNotStarted(err error) string { return fmt.Sprintf("That season cannot be started: %v", err) }

// SeasonEnded tells who ended a season where its final standings are.
func SeasonEnded(name, channelID string) string {
	return fmt.Sprintf("Season **%s** ended; the final standings are posted in %s.", Escape(name), Channel(channelID))
}

// NoSuchSeason answers a season name the server does not have.
func NoSuchSeason(name string) string {
	return "There is no season called “" + Escape(name) + "” here. `/league history` lists them."
}

// NoCountedGames answers stats for a member without a counted game.
func NoCountedGames(userID string) string {
	return Mention(userID) + " has no counted games in this server yet."
}

// SettingsInvalid answers settings the store would not keep.
func SettingsInvalid(err error) string { return fmt.Sprintf("Those settings are not valid: %v", err) }

// NoHandToReview answers a review of a game with no finished hand.
func NoHandToReview(gameID int64) string {
	return fmt.Sprintf("No hand of game #%d has finished yet, and a hand in play cannot be reviewed.", gameID)
}

// HandNotReviewable answers a review of a hand not yet finished.
func HandNotReviewable(gameID int64, finished, hand int) string {
	return fmt.Sprintf("Game #%d has %d finished hands: hand %d cannot be reviewed yet.", gameID, finished, hand)
}

// NotFinishedExport answers an export of a game in play.
func NotFinishedExport(gameID int64) string {
	return fmt.Sprintf("Game #%d is not finished: only a finished game can be exported, since a hand in play must stay hidden. `/pinochle review` shows its finished hands.", gameID)
}

// ExportFile is the name of an exported game's file.
func ExportFile(gameID int64) string { return fmt.Sprintf("pinochle-game-%d.json", gameID) }

// Exported says what an exported game's file is and how to use it.
func Exported(gameID int64, preset string, hands int) string {
	return fmt.Sprintf("Game #%d (%s), %s: replay it with `pinochle replay %s`, or review it with `pinochle review`.",
		gameID, preset, words.Count(hands, "hand"), ExportFile(gameID))
}

// YourTables lists a member's tables, one line each.
func YourTables(lines []string) string {
	var b strings.Builder
	b.WriteString("**Your tables**")
	for _, l := range lines {
		b.WriteString("\n• " + l)
	}
	return b.String()
}

// TurnDM is the direct message that tells a player it is their turn at a table.
func TurnDM(g *table.Game) string {
	return fmt.Sprintf("🃏 It is your turn at Pinochle table #%d (%s): https://discord.com/channels/%s/%s", g.ID, g.Preset, g.GuildID, g.PostChannel())
}

// Channel is how a message names a channel: a link Discord shows by its name.
func Channel(channelID string) string { return "<#" + channelID + ">" }

// TableMoved is what a table message that was posted again below says: where it went.
func TableMoved(guildID, channelID, messageID string) string {
	return "The table has moved down: " + messageLink(guildID, table.Message{ChannelID: channelID, MessageID: messageID})
}

// NoteMessage is a Components V2 message of a line of text alone: what a table message
// posted anew is left saying, without buttons.
func NoteMessage(text string) Message {
	return Message{Components: []discordgo.MessageComponent{discordgo.TextDisplay{Content: text}}}
}

// messageLink is a link to a message.
func messageLink(guildID string, m table.Message) string {
	return "https://discord.com/channels/" + guildID + "/" + m.ChannelID + "/" + m.MessageID
}

// SeasonStarted announces a league season.
func SeasonStarted(name string) string {
	return "🏁 League season **" + Escape(name) + "** has started. Every finished game between people in this server counts for it until `/league end`."
}

// SeasonOver announces a season's end and its champions (user IDs), mentioned.
func SeasonOver(name string, champions []string) string {
	s := "🏁 Season **" + Escape(name) + "** is over."
	if len(champions) > 0 {
		var ms []string
		for _, c := range champions {
			ms = append(ms, Mention(c))
		}
		s += " Champion: " + strings.Join(ms, ", ") + " 🏆"
	}
	return s
}

// FinalStandingsTitle is the title of a season's final standings.
func FinalStandingsTitle(name string) string { return "Final standings · " + Escape(name) }
