// Package social serves the loop around games: playing a finished game again, finding
// players (open tables to join, members who asked to be called, invitations), the server's
// activity and a player's highlights, and the admins' tools. It needs of the bot only what
// Config names: the store (through the bot's lease), the poster, the tables' runtime, the
// clock, and the few things of the bot's own it builds on (opening a table, ending a season).
package social

import (
	"context"
	"log/slog"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/live"
	"github.com/pinochle-discord/pinochle/bot/post"
	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/bot/rest"
	"github.com/pinochle-discord/pinochle/bot/who"
	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/storage"
	"github.com/pinochle-discord/pinochle/table"
)

// Store is what the loop around games reads and writes. The writes go through the bot's
// lease on its shards.
type Store interface {
	storage.SocialWriter
	storage.SocialReader
	GetGame(ctx context.Context, id int64) (table.Game, error)
	Settings(ctx context.Context, guildID string) (table.GuildSettings, error)
	CurrentSeason(ctx context.Context, guildID string, at time.Time) (league.Season, error)
}

// Config is what a Loop needs of the bot.
type Config struct {
	// Session makes the requests to Discord: the answers to interactions.
	Session *discordgo.Session
	Store   Store
	Poster  *post.Poster
	// Tables runs the tables, which the loop looks into and hands commands to.
	Tables *live.Runtime
	Clock  live.Clock
	Log    *slog.Logger
	// Seed returns a seed for a new game's shuffle.
	Seed func() uint64
	// Presets are the presets the bot offers, the first the default.
	Presets []string
	// AppID returns the application's ID, known once the bot has started.
	AppID func() string
	// InEvent reports whether a game is a league event's: nobody plays it again, and its
	// lobby is nobody's to join.
	InEvent func(gameID int64) bool
	// OpenTable opens a lobby of meta's seats in its channel and returns the game as it is
	// shown; on an error nothing stays open, and refusal is the answer to give.
	OpenTable func(ctx context.Context, meta table.Game, rules *engine.Rules) (g table.Game, refusal string, err error)
	// Lobbies counts the lobbies a member hosts in a server, of which they may host
	// MaxLobbies at once.
	Lobbies    func(guildID, userID string) int
	MaxLobbies int
	// EndSeason serves /league end, which the admins' season tool ends a season with.
	EndSeason func(ctx context.Context, i *discordgo.Interaction, opts commands.Options) error
	// Background runs f, work for table gameID that waits for Discord, in a goroutine the
	// bot waits for as it closes (and not at all once it is closing).
	Background func(gameID int64, f func(ctx context.Context))
	// Serves reports whether this process serves a guild (its shard).
	Serves func(guildID string) bool
}

// Loop serves the loop around games. Its methods that take an interaction serve the
// commands and controls of /table, /pinochle-admin and the Play again offers.
type Loop struct {
	s          *discordgo.Session
	store      Store
	post       *post.Poster
	tables     *live.Runtime
	clock      live.Clock
	log        *slog.Logger
	seed       func() uint64
	presets    []string
	appID      func() string
	inEvent    func(gameID int64) bool
	openTable  func(ctx context.Context, meta table.Game, rules *engine.Rules) (table.Game, string, error)
	lobbies    func(guildID, userID string) int
	maxLobbies int
	endSeason  func(ctx context.Context, i *discordgo.Interaction, opts commands.Options) error
	background func(gameID int64, f func(ctx context.Context))
	serves     func(guildID string) bool

	again againLocks // the Play again offers being pressed
}

// New returns the loop around games for cfg.
func New(cfg Config) *Loop {
	return &Loop{s: cfg.Session, store: cfg.Store, post: cfg.Poster, tables: cfg.Tables, clock: cfg.Clock, log: cfg.Log,
		seed: cfg.Seed, presets: cfg.Presets, appID: cfg.AppID, inEvent: cfg.InEvent, openTable: cfg.OpenTable,
		lobbies: cfg.Lobbies, maxLobbies: cfg.MaxLobbies, endSeason: cfg.EndSeason, background: cfg.Background, serves: cfg.Serves}
}

// now is the loop's clock.
func (l *Loop) now() time.Time { return l.clock.Now() }

// reply answers an interaction with a message only its user sees.
func (l *Loop) reply(i *discordgo.Interaction, text string) error { return rest.Reply(l.s, i, text) }

// replyEmbed answers an interaction with an embed only its user sees.
func (l *Loop) replyEmbed(i *discordgo.Interaction, e *discordgo.MessageEmbed) error {
	return rest.Respond(l.s, i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}, Flags: discordgo.MessageFlagsEphemeral,
			AllowedMentions: &discordgo.MessageAllowedMentions{}}})
}

// editAnswer fills in a deferred answer with text, logging err first when there is one.
func (l *Loop) editAnswer(i *discordgo.Interaction, text string, err error) error {
	if err != nil {
		l.log.Error("command failed", "user", who.User(i).ID, "err", err)
	}
	return rest.EditText(l.s, l.appID(), i, text)
}

// failed answers privately that something went wrong, and logs why.
func (l *Loop) failed(i *discordgo.Interaction, what string, err error) error {
	l.log.Error(what, "guild", i.GuildID, "user", who.User(i).ID, "err", err)
	return l.reply(i, present.MsgWrong)
}

// OpenSeats counts the open seats among seats.
func OpenSeats(seats []table.Seat) int {
	n := 0
	for _, s := range seats {
		if s.IsOpen() {
			n++
		}
	}
	return n
}
