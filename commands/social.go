package commands

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/internal/words"
)

// The loop around games has two commands of its own. /pinochle is near Discord's 4,000
// characters a command, and the two read better apart: /table is what a member does
// around tables (find one, be called to one, watch one, see the server's activity), and
// /pinochle-admin is the tools of a server's admins, which Discord shows only to members
// with Manage Server (default_member_permissions) unless the server chooses otherwise; the
// bot checks the permission itself in any case.
const (
	CommandTable = "table"
	CommandAdmin = "pinochle-admin"
)

// Subcommands of /table.
const (
	SubTablePlay     = "play"
	SubTableCall     = "call"
	SubTableInvite   = "invite"
	SubTableWatch    = "watch"
	SubTableActivity = "activity"
)

// Subcommands of /pinochle-admin.
const (
	SubAdminExclude     = "exclude"
	SubAdminInclude     = "include"
	SubAdminVoid        = "void"
	SubAdminSeason      = "season"
	SubAdminLeaderboard = "leaderboard"
	SubAdminLog         = "log"
)

// Options of the social commands.
const (
	OptOn      = "on"
	OptAction  = "action"
	OptVisible = "visible"
	OptKibitz  = "kibitz"
)

// Values of the action option of /pinochle-admin season.
const (
	SeasonRename = "rename"
	SeasonReset  = "reset"
	SeasonEnd    = "end"
)

// socialDefinitions returns /table and /pinochle-admin.
func socialDefinitions(presets []string) []*discordgo.ApplicationCommand {
	guildOnly := []discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	guildInstall := []discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall}
	manage := int64(discordgo.PermissionManageGuild)
	user := func(desc string) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: OptUser, Description: desc, Required: true}
	}
	return []*discordgo.ApplicationCommand{
		{
			Type:             discordgo.ChatApplicationCommand,
			Name:             CommandTable,
			Description:      "Find players, join or watch a table of Pinochle",
			Contexts:         &guildOnly,
			IntegrationTypes: &guildInstall,
			Options: []*discordgo.ApplicationCommandOption{
				sub(SubTablePlay, "Sit at an open table here with room, or open one and call players",
					presetOption(presets, false)),
				sub(SubTableCall, "Choose whether you are mentioned when a table here looks for players",
					&discordgo.ApplicationCommandOption{
						Type: discordgo.ApplicationCommandOptionBoolean, Name: OptOn,
						Description: "Mention me (at most once an hour) when a table looks for players", Required: true,
					}),
				sub(SubTableInvite, "Mention a member who asked to be called to your open table",
					user("The member to call")),
				sub(SubTableWatch, "Follow the game in this thread privately"),
				sub(SubTableActivity, "This server's games a week and most active players"),
			},
		},
		{
			Type:                     discordgo.ChatApplicationCommand,
			Name:                     CommandAdmin,
			Description:              "Correct this server's Pinochle board (Manage Server)",
			Contexts:                 &guildOnly,
			IntegrationTypes:         &guildInstall,
			DefaultMemberPermissions: &manage,
			Options: []*discordgo.ApplicationCommandOption{
				sub(SubAdminExclude, "Keep a member off the leaderboard", user("The member")),
				sub(SubAdminInclude, "Put a member back on the leaderboard", user("The member")),
				sub(SubAdminVoid, "Take a finished game's result back; ratings are worked out again", gameOption()),
				sub(SubAdminSeason, "Rename, reset or end the current season",
					stringOption(OptAction, "What to do", choice("rename it", SeasonRename),
						choice("reset its standings", SeasonReset), choice("end it", SeasonEnd)),
					&discordgo.ApplicationCommandOption{
						Type: discordgo.ApplicationCommandOptionString, Name: OptName,
						Description: "The new name (rename)", MinLength: ptr(1), MaxLength: SeasonNameLimit,
					}),
				sub(SubAdminLeaderboard, "Hide or show the leaderboard",
					&discordgo.ApplicationCommandOption{
						Type: discordgo.ApplicationCommandOptionBoolean, Name: OptVisible,
						Description: "Whether members may see the leaderboard", Required: true,
					}),
				sub(SubAdminLog, "Who did what to the board, and when"),
			},
		},
	}
}

// kibitzOption lets watchers see every seat's cards as the hand is played.
func kibitzOption() *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionBoolean, Name: OptKibitz,
		Description: "Watchers see every hand live",
	}
}

// playAgainPrefix names the encoding of the Play again buttons, which are about a finished
// game rather than a table in play: "pa1:GAME:ACTION".
const playAgainPrefix = "pa1"

// The actions of a Play again button.
const (
	// AgainReady: a player of the game asks for the next one.
	AgainReady = "ready"
	// AgainStart: the host starts the next game now, computer players in the seats of
	// those who have not asked.
	AgainStart = "start"
)

// PlayAgainID is the custom ID of a Play again button: the finished game and what it does.
type PlayAgainID struct {
	Game   int64
	Action string
}

// RoutePlayAgain is the route of the Play again buttons.
const RoutePlayAgain Route = playAgainPrefix + ":again"

// Route returns the route of a Play again button.
func (PlayAgainID) Route() Route { return RoutePlayAgain }

// String encodes the ID as "pa1:GAME:ACTION".
func (p PlayAgainID) String() string {
	return playAgainPrefix + ":" + strconv.FormatInt(p.Game, 10) + ":" + p.Action
}

// ParsePlayAgainID reads a Play again button's custom ID strictly.
func ParsePlayAgainID(s string) (PlayAgainID, error) {
	parts := strings.Split(s, ":")
	if len(parts) != 3 || parts[0] != playAgainPrefix {
		return PlayAgainID{}, fmt.Errorf("%w: %q is not a Play again button", ErrBadID, words.Truncate(s, 40))
	}
	game, err := parseDecimal(parts[1], maxGameDigits)
	if err != nil || game < 1 || game > maxGame {
		return PlayAgainID{}, fmt.Errorf("%w: game in %q", ErrBadID, words.Truncate(s, 40))
	}
	if parts[2] != AgainReady && parts[2] != AgainStart {
		return PlayAgainID{}, fmt.Errorf("%w: action in %q", ErrBadID, words.Truncate(s, 40))
	}
	return PlayAgainID{Game: game, Action: parts[2]}, nil
}
