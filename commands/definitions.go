package commands

import (
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/table"
)

// Command names.
const (
	CommandPinochle = "pinochle"
	CommandLeague   = "league"
)

// Subcommands of /pinochle.
const (
	SubNew         = "new"
	SubHand        = "hand"
	SubStatus      = "status"
	SubRules       = "rules"
	SubLeaderboard = "leaderboard"
	SubStats       = "stats"
	SubLeave       = "leave"
	SubAbandon     = "abandon"
	SubSettings    = "settings"
	SubNotify      = "notify"
	SubAway        = "away"
	SubBack        = "back"
	SubGames       = "games"
	SubReview      = "review"
	SubExport      = "export"
	SubCards       = "cards"
)

// Subcommands of /league.
const (
	SubLeagueStart     = "start"
	SubLeagueEnd       = "end"
	SubLeagueStandings = "standings"
	SubLeagueHistory   = "history"
)

// Option names.
const (
	OptPreset        = "preset"
	OptTarget        = "target"
	OptHands         = "hands"
	OptPass          = "pass"
	OptMinBid        = "minbid"
	OptCounters      = "counters"
	OptMoon          = "moon"
	OptTimer         = "timer"
	OptTimeout       = "timeout"
	OptSeason        = "season"
	OptUser          = "user"
	OptOptions       = "options"
	OptCards         = "cards"
	OptComputerGames = "computer_games"
	OptChannel       = "channel"
	OptChannelAction = "channel_action"
	OptDM            = "dm"
	OptName          = "name"
	OptLevel         = "level"
	OptHints         = "hints"
	OptPing          = "ping"
	OptAutoplay      = "autoplay"
	OptPace          = "pace"
	OptConfirm       = "confirm"
	OptGame          = "game"
	OptHand          = "hand"
	OptLook          = "look"
)

// Values of the channel_action option of /pinochle settings.
const (
	ChannelAdd    = "add"
	ChannelRemove = "remove"
	ChannelClear  = "clear"
)

// SeasonOverall is the season option's value for all-time results.
const SeasonOverall = "overall"

// timerChoices are the turn timers offered as choices, name and value. It
// is never modified.
var timerChoices = [][2]string{
	{"1 minute", "1m"}, {"5 minutes", "5m"}, {"15 minutes", "15m"}, {"1 hour", "1h"}, {"12 hours", "12h"},
	{"1 day", "1d"}, {"3 days", "3d"}, {"7 days", "7d"}, {"no timer", "off"},
}

// Definitions returns the bot's application commands, /pinochle and
// /league, ready for a bulk overwrite. Both belong to the bot's guild install
// only (integration_types [0]), so that turning on User Install would not
// offer them in servers without the bot, and are usable by every member of a
// guild and never in DMs (contexts [0], which replaces the deprecated
// dm_permission); the bot checks Manage Server itself for the subcommands
// that need it. Each call returns new values.
func Definitions() []*discordgo.ApplicationCommand {
	return DefinitionsOffering(engine.PresetNames())
}

// DefinitionsOffering is Definitions with presets as the choices of every preset option:
// a bot may offer a preset the engine plays before engine.PresetNames lists it.
func DefinitionsOffering(presets []string) []*discordgo.ApplicationCommand {
	guildOnly := []discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	guildInstall := []discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall}
	return append([]*discordgo.ApplicationCommand{
		{
			Type:             discordgo.ChatApplicationCommand,
			Name:             CommandPinochle,
			Description:      "Play Pinochle at a table in this server",
			Contexts:         &guildOnly,
			IntegrationTypes: &guildInstall,
			Options: []*discordgo.ApplicationCommandOption{
				sub(SubNew, "Open a table in this channel",
					presetOption(presets, false),
					intOption(OptTarget, "Score that ends the game (0: play by hands)", 0),
					intOption(OptHands, "Hands after which the game ends (0: no limit)", 0),
					&discordgo.ApplicationCommandOption{
						Type: discordgo.ApplicationCommandOptionInteger, Name: OptPass,
						Description: "Cards passed each way between partners",
						Choices:     intChoices(0, 2, 3, 4),
					},
					intOption(OptMinBid, "Lowest opening bid", 1),
					stringOption(OptCounters, "What cards score in tricks",
						choice("A 10 K score (A10K)", engine.CountersA10K),
						choice("A 10 score 10, K Q score 5 (fives)", engine.CountersFives),
						choice("A 11, 10 10, K 4, Q 3, J 2 (eleven)", engine.CountersEleven),
						choice("A K score 10, Q J score 5 (AK-QJ)", engine.CountersAKQJ)),
					&discordgo.ApplicationCommandOption{
						Type: discordgo.ApplicationCommandOptionBoolean, Name: OptMoon,
						Description: "Allow the bidder to shoot the moon",
					},
					timerOption(),
					timeoutOption(),
					levelOption(),
					hintsOption(),
					pingOption(),
					autoplayOption(),
					paceOption(),
					confirmOption(),
					kibitzOption(),
				),
				sub(SubHand, "Show your cards and controls in your current game"),
				sub(SubStatus, "Show the state of the game in this channel"),
				sub(SubRules, "Explain the rules of a preset", presetOption(presets, false)),
				sub(SubLeaderboard, "Show this server's leaderboard",
					&discordgo.ApplicationCommandOption{
						Type: discordgo.ApplicationCommandOptionString, Name: OptSeason,
						Description: `A league season's name, or "overall" for all time`,
						MaxLength:   SeasonNameLimit,
					}),
				sub(SubStats, "Show a player's record",
					&discordgo.ApplicationCommandOption{
						Type: discordgo.ApplicationCommandOptionUser, Name: OptUser,
						Description: "The player (yourself when left out)",
					}),
				sub(SubLeave, "Leave your table, or hand your seat to a computer player"),
				sub(SubAbandon, "End this channel's game without a result (host or Manage Server)"),
				sub(SubSettings, "Show or change this server's defaults (Manage Server)",
					presetOption(presets, false),
					&discordgo.ApplicationCommandOption{
						Type: discordgo.ApplicationCommandOptionString, Name: OptOptions,
						Description: `Default table options, e.g. "target=1000 pass=3" ("none" clears)`,
						MaxLength:   500,
					},
					timerOption(),
					timeoutOption(),
					&discordgo.ApplicationCommandOption{
						Type: discordgo.ApplicationCommandOptionBoolean, Name: OptComputerGames,
						Description: "Count games with computer players on the leaderboard",
					},
					&discordgo.ApplicationCommandOption{
						Type: discordgo.ApplicationCommandOptionChannel, Name: OptChannel,
						Description:  "A channel where tables may be opened",
						ChannelTypes: []discordgo.ChannelType{discordgo.ChannelTypeGuildText},
					},
					stringOption(OptChannelAction, "Add or remove that channel, or clear the list",
						choice("add", ChannelAdd), choice("remove", ChannelRemove), choice("clear", ChannelClear)),
					levelOption(),
					hintsOption(),
					pingOption(),
					autoplayOption(),
					paceOption(),
					stringOption(OptCards, "How tables show cards",
						choice("pictures", table.CardsPictures.String()), choice("four-colour pictures", table.CardsFourColour.String()),
						choice("text", table.CardsText.String())),
				),
				sub(SubNotify, "Choose whether the bot DMs you when it is your turn",
					&discordgo.ApplicationCommandOption{
						Type: discordgo.ApplicationCommandOptionBoolean, Name: OptDM,
						Description: "Send a DM when it is your turn", Required: true,
					}),
				sub(SubCards, "Your own card look, in every server",
					stringOption(OptLook, "Leave out to see yours",
						choice("pictures", table.CardsPictures.String()), choice("four colours", table.CardsFourColour.String()),
						choice("text", table.CardsText.String()), choice("table's", table.CardsTableDefault))),
				sub(SubAway, "Let a computer player take your turns until you are back"),
				sub(SubBack, "Take your turns again yourself"),
				sub(SubGames, "List your unfinished tables in this server"),
				sub(SubReview, "Review a finished hand: every card, pass and trick",
					gameOption(),
					intOption(OptHand, "The hand's number (default: the last finished)", 1)),
				sub(SubExport, "Download a finished game as JSON",
					gameOption()),
			},
		},
		{
			Type:             discordgo.ChatApplicationCommand,
			Name:             CommandLeague,
			Description:      "League seasons of this server",
			Contexts:         &guildOnly,
			IntegrationTypes: &guildInstall,
			Options: append([]*discordgo.ApplicationCommandOption{
				sub(SubLeagueStart, "Start a new season (Manage Server)",
					&discordgo.ApplicationCommandOption{
						Type: discordgo.ApplicationCommandOptionString, Name: OptName,
						Description: "The season's name", Required: true, MinLength: ptr(1), MaxLength: SeasonNameLimit,
					}),
				sub(SubLeagueEnd, "End the current season (Manage Server)"),
				sub(SubLeagueStandings, "Show a season's standings",
					&discordgo.ApplicationCommandOption{
						Type: discordgo.ApplicationCommandOptionString, Name: OptSeason,
						Description: "The season's name (the current one when left out)",
						MaxLength:   SeasonNameLimit,
					}),
				sub(SubLeagueHistory, "List the past seasons and their winners"),
			}, LeagueEventOptions(presets)...),
		},
	}, socialDefinitions(presets)...) // social.go
}

// levelOption chooses the computer players' level.
func levelOption() *discordgo.ApplicationCommandOption {
	return stringOption(OptLevel, "How well computer players play",
		choice("easy: simple rules", string(table.LevelEasy)), choice("normal: searches a little", string(table.LevelNormal)),
		choice("expert: searches many sampled deals", string(table.LevelExpert)))
}

// hintsOption allows or forbids the Hint button.
func hintsOption() *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionBoolean, Name: OptHints,
		Description: "Offer a Hint button (the expert's advice) in private hands",
	}
}

// gameOption names a game of the server by its number, with suggestions as one types.
func gameOption() *discordgo.ApplicationCommandOption {
	o := intOption(OptGame, "The game's number", 1)
	o.Required, o.Autocomplete = true, true
	return o
}

// autoplayOption chooses whether a forced card is played for the player.
func autoplayOption() *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionBoolean, Name: OptAutoplay,
		Description: "Play a player's only legal card for them at once",
	}
}

// confirmOption chooses whether a card is chosen, then played with a second button.
func confirmOption() *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionBoolean, Name: OptConfirm,
		Description: "Tap a card, then Play to confirm it",
	}
}

// paceOption chooses how quickly the computer players move while people play.
func paceOption() *discordgo.ApplicationCommandOption {
	return stringOption(OptPace, "How fast computer players move when people play",
		choice("quick", string(table.PaceQuick)), choice("normal", string(table.PaceNormal)), choice("slow", string(table.PaceSlow)))
}

// pingOption chooses when the thread mentions the player whose turn it is.
func pingOption() *discordgo.ApplicationCommandOption {
	return stringOption(OptPing, "When the thread mentions whose turn it is",
		choice("auto: only a player who is slow to act", string(table.PingAuto)),
		choice("always: every turn", string(table.PingAlways)), choice("never", string(table.PingNever)))
}

func sub(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Description: desc, Options: opts,
	}
}

func presetOption(presets []string, required bool) *discordgo.ApplicationCommandOption {
	o := &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionString, Name: OptPreset,
		Description: "The rules to play", Required: required,
	}
	for _, p := range presets {
		o.Choices = append(o.Choices, choice(p, p))
	}
	return o
}

func timerOption() *discordgo.ApplicationCommandOption {
	o := &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionString, Name: OptTimer,
		Description: "Time each player has for a turn",
	}
	for _, t := range timerChoices {
		o.Choices = append(o.Choices, choice(t[0], t[1]))
	}
	return o
}

func timeoutOption() *discordgo.ApplicationCommandOption {
	return stringOption(OptTimeout, "What happens when a turn's time runs out",
		choice("a computer player takes the turn", string(table.PolicyComputer)),
		choice("the player's team forfeits the game", string(table.PolicyForfeit)))
}

func intOption(name, desc string, min float64) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionInteger, Name: name, Description: desc, MinValue: &min,
		MaxValue: 1_000_000,
	}
}

func stringOption(name, desc string, choices ...*discordgo.ApplicationCommandOptionChoice) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionString, Name: name, Description: desc, Choices: choices,
	}
}

func choice(name string, value any) *discordgo.ApplicationCommandOptionChoice {
	return &discordgo.ApplicationCommandOptionChoice{Name: name, Value: value}
}

func intChoices(vs ...int) []*discordgo.ApplicationCommandOptionChoice {
	out := make([]*discordgo.ApplicationCommandOptionChoice, len(vs))
	for i, v := range vs {
		out[i] = choice(strconv.Itoa(v), v)
	}
	return out
}

// Flatten returns the invoked subcommand's name and its options by name.
// For a subcommand in a group the name is "group sub". A command invoked
// without a subcommand gives "" and its top-level options.
func Flatten(data discordgo.ApplicationCommandInteractionData) (sub string, opts map[string]*discordgo.ApplicationCommandInteractionDataOption) {
	list := data.Options
	var path []string
	for len(list) == 1 && list[0] != nil &&
		(list[0].Type == discordgo.ApplicationCommandOptionSubCommand || list[0].Type == discordgo.ApplicationCommandOptionSubCommandGroup) {
		path = append(path, list[0].Name)
		list = list[0].Options
	}
	opts = make(map[string]*discordgo.ApplicationCommandInteractionDataOption, len(list))
	for _, o := range list {
		if o != nil {
			opts[o.Name] = o
		}
	}
	return strings.Join(path, " "), opts
}

func ptr[T any](v T) *T { return &v }
