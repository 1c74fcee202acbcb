package bot

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/live"
	"github.com/pinochle-discord/pinochle/bot/post"
	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/bot/rest"
	"github.com/pinochle-discord/pinochle/bot/social"
	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/storage"
	"github.com/pinochle-discord/pinochle/table"
)

type options = commands.Options

// onCommand handles a slash command.
func (b *Bot) onCommand(ctx context.Context, i *discordgo.Interaction) error {
	data, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
	if !ok {
		return b.reply(i, present.MsgUnreadable)
	}
	if i.GuildID == "" {
		return b.reply(i, present.MsgNotInDM)
	}
	if err := commands.CheckInvocationOffering(data, b.cfg.Presets); err != nil {
		b.log.Warn("command refused", "command", data.Name, "guild", i.GuildID, "user", userOf(i).ID, "err", err)
		return b.reply(i, present.CommandRefused(err))
	}
	sub, opts := commands.Flatten(data)
	if handle, ok := b.commands[data.Name+" "+sub]; ok {
		return handle(b, ctx, i, opts)
	}
	return b.reply(i, present.MsgUnknown)
}

// cmdNew opens a lobby in the channel, with a thread for the table.
func (b *Bot) cmdNew(ctx context.Context, i *discordgo.Interaction, opts options) error {
	if open := b.openLobbies(i.GuildID, userOf(i).ID); open >= maxOpenLobbies {
		return b.reply(i, present.TooManyLobbies(open))
	}
	req, rules, answered, err := b.social.TableRequest(ctx, i, opts)
	if answered || err != nil {
		return err
	}
	// Opening a table takes several calls to Discord: answer now, privately, and edit the
	// answer once the table is open.
	if err := rest.Respond(b.s, i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral},
	}); err != nil {
		return err
	}
	now := b.now()
	user := userOf(i)
	meta := table.Game{
		GuildID: i.GuildID, ChannelID: i.ChannelID, HostID: user.ID, Preset: rules.Preset, Options: req.Options,
		Seed: b.cfg.Seed(), Seats: make([]table.Seat, rules.Players), Status: table.StatusLobby,
		CreatedAt: now, LastActivity: now, Settings: req.Settings, Messages: map[table.MessageRole]table.Message{},
	}
	meta.Seats[0] = table.Seat{UserID: user.ID, Name: displayName(i)}
	g, refusal, err := b.openTable(ctx, meta, &rules)
	if err != nil {
		return b.editAnswer(i, refusal, err)
	}
	b.social.CallPlayers(ctx, g)
	return b.editAnswer(i, present.TableOpen(rules.Preset, g.PostChannel()), nil)
}

// openTable opens a lobby of meta's seats in its channel: the game is recorded and run, its
// lobby message posted and its thread started, and it returns the game as it is shown. On an
// error nothing stays open, and refusal is the answer to give.
func (b *Bot) openTable(ctx context.Context, meta table.Game, rules *engine.Rules) (g table.Game, refusal string, err error) {
	id, err := b.store.CreateGame(ctx, meta)
	if err != nil {
		return table.Game{}, present.MsgNotCreated, err
	}
	meta.ID = id
	// The table runs before its lobby is shown, so that a Join the moment the lobby appears
	// finds it; its timer closes the lobby after a day without activity. A lobby that cannot
	// be shown is closed again, so that no lobby nobody can see stays open (and counts
	// against its host, after a restart too).
	if err := b.tables.Add(meta, nil); err != nil {
		b.abandonUnshown(meta)
		return table.Game{}, present.MsgNotOpened, err
	}
	lobbyShown := meta
	msg, err := b.post.Send(ctx, meta.ChannelID, &post.Message{V2: func() present.Message { return present.LobbyMessage(&lobbyShown, rules) }})
	if err != nil {
		b.withdraw(id)
		return table.Game{}, present.MsgCannotPost, err
	}
	lobby := table.Message{ChannelID: meta.ChannelID, MessageID: msg.ID}
	threadID := ""
	thread, err := b.s.MessageThreadStartComplex(meta.ChannelID, msg.ID, &discordgo.ThreadStart{
		Name: fmt.Sprintf("Pinochle #%d · %s", id, rules.Preset), AutoArchiveDuration: post.ThreadArchive,
	}, discordgo.WithContext(ctx))
	if err != nil {
		// Without a thread (no permission, or already in one) the table plays in the channel.
		b.log.Warn("no thread for the table: it plays in the channel", "game", id, "err", err)
	} else {
		threadID = thread.ID
	}
	r, err := b.tables.Report(ctx, id, live.LobbyPosted{Message: lobby, Thread: threadID})
	if err != nil || r.Kind == live.ReplyNotice {
		// The lobby could not be recorded where it is: it is taken back.
		b.withdraw(id)
		if derr := b.s.ChannelMessageDelete(lobby.ChannelID, lobby.MessageID, discordgo.WithContext(ctx)); derr != nil {
			b.log.Warn("could not delete the lobby of a table that could not be saved", "game", id, "err", derr)
		}
		if err == nil {
			err = errors.New(present.Notice(r.Notice, nil))
		}
		return table.Game{}, present.MsgNotSavedNew, err
	}
	b.log.Info("table opened", "game", id, "guild", meta.GuildID, "preset", rules.Preset)
	return r.Game, "", nil
}

// withdraw closes a lobby that could not be shown, saying in the log when it could not:
// the lobby then stays open until it expires, and is closed at the next start
// (Bot.resume) since it was never recorded as shown.
func (b *Bot) withdraw(id int64) {
	ctx, cancel := context.WithTimeout(b.ctx, 10*time.Second)
	defer cancel()
	r, err := b.tables.Report(ctx, id, live.Withdraw{})
	if err == nil && r.Kind == live.ReplyNotice {
		err = errors.New(present.Notice(r.Notice, nil))
	}
	if err != nil {
		b.log.Error("could not close a lobby that could not be shown", "game", id, "err", err)
	}
}

// abandonUnshown closes, in storage, a lobby that was never shown nor run.
func (b *Bot) abandonUnshown(g table.Game) {
	ctx, cancel := context.WithTimeout(b.ctx, 10*time.Second)
	defer cancel()
	g.Status, g.EndedAt = table.StatusAbandoned, b.now()
	if err := b.store.UpdateGame(ctx, g); err != nil {
		b.log.Error("could not close a lobby that could not be shown", "game", g.ID, "err", err)
	}
}

// maxOpenLobbies is how many lobbies one person may host at once in a server, so that a
// busy channel does not fill with tables nobody joins.
const maxOpenLobbies = 3

// openLobbies counts the lobbies a user hosts in a guild.
func (b *Bot) openLobbies(guildID, userID string) int {
	return len(b.tables.Tables(func(s *live.Summary) bool {
		g := &s.Game
		return g.GuildID == guildID && g.HostID == userID && g.Status == table.StatusLobby
	}))
}

// editAnswer edits a deferred answer, logging err if there was one.
func (b *Bot) editAnswer(i *discordgo.Interaction, text string, err error) error {
	if err != nil {
		b.log.Error("command failed", "user", userOf(i).ID, "err", err)
	}
	return rest.EditText(b.s, b.appID, i, text)
}

// failed answers privately that something went wrong, and logs why.
func (b *Bot) failed(i *discordgo.Interaction, what string, err error) error {
	b.log.Error(what, "guild", i.GuildID, "user", userOf(i).ID, "err", err)
	return b.reply(i, present.MsgWrong)
}

// tableOf returns the table a command is about (findTable), or nil.
func (b *Bot) tableOf(i *discordgo.Interaction, seatedOnly bool) *live.Summary {
	return b.findTable(i.GuildID, i.ChannelID, userOf(i).ID, seatedOnly)
}

// tableCommand hands a slash command's command to the table it is about, answering with
// notFound when there is none.
func (b *Bot) tableCommand(ctx context.Context, i *discordgo.Interaction, seatedOnly bool, notFound string, c live.Command) error {
	s := b.tableOf(i, seatedOnly)
	if s == nil {
		return b.reply(i, notFound)
	}
	return b.command(ctx, i, s.Game.ID, c, false)
}

// cmdHand shows the caller's hand privately.
func (b *Bot) cmdHand(ctx context.Context, i *discordgo.Interaction, _ options) error {
	return b.tableCommand(ctx, i, true, present.MsgNoGameSeated,
		live.ShowHand{By: personOf(i), Token: i.Token})
}

// cmdStatus posts the table again at the bottom of its thread.
func (b *Bot) cmdStatus(ctx context.Context, i *discordgo.Interaction, _ options) error {
	if !b.statusAsks.allow(i.GuildID+"/"+userOf(i).ID, b.now()) {
		return b.reply(i, present.MsgStatusTooOften)
	}
	return b.tableCommand(ctx, i, false, present.MsgNoGameHere, live.Repost{By: personOf(i)})
}

// cmdRules shows a preset's rules and meld table.
func (b *Bot) cmdRules(ctx context.Context, i *discordgo.Interaction, opts options) error {
	if preset, ok := commands.OptString(opts, commands.OptPreset); ok {
		e, err := commands.RulesSummary(preset)
		if err != nil {
			return b.reply(i, present.Refusal(err))
		}
		return b.replyEmbed(i, true, e)
	}
	// Without a preset: the rules of the table the command is used at, options included.
	if s := b.tableOf(i, false); s != nil {
		if rules, err := s.Game.Rules(); err == nil {
			return b.replyEmbed(i, true, commands.RulesEmbed(&rules))
		}
	}
	st, err := b.store.Settings(ctx, i.GuildID)
	if err != nil {
		return b.failed(i, "settings", err)
	}
	e, err := commands.RulesSummary(st.DefaultPreset)
	if err != nil {
		return b.reply(i, present.Refusal(err))
	}
	return b.replyEmbed(i, true, e)
}

// cmdLeave leaves a lobby, or hands the caller's seat in a game to a computer player.
func (b *Bot) cmdLeave(ctx context.Context, i *discordgo.Interaction, _ options) error {
	s := b.tableOf(i, true)
	if s == nil {
		return b.reply(i, present.MsgNoTableSeat)
	}
	// Leaving a league event's game forfeits it (inEvent).
	return b.command(ctx, i, s.Game.ID, live.Leave{By: personOf(i), Forfeit: b.inEvent(s.Game.ID)}, false)
}

// cmdAbandon stops a table: its host or someone with Manage Server.
func (b *Bot) cmdAbandon(ctx context.Context, i *discordgo.Interaction, _ options) error {
	return b.tableCommand(ctx, i, false, present.MsgNoTableOwn,
		live.Abandon{By: personOf(i)})
}

// cmdAway hands the caller's seat to a computer player, or takes it back.
func (b *Bot) cmdAway(ctx context.Context, i *discordgo.Interaction, away bool) error {
	return b.tableCommand(ctx, i, true, present.MsgNotInGame, live.Away{By: personOf(i), Away: away})
}

// cmdGames lists the caller's unfinished tables in the guild, with whose turn it is, the
// caller's turns first.
func (b *Bot) cmdGames(ctx context.Context, i *discordgo.Interaction, _ options) error {
	user := userOf(i).ID
	tables := b.tables.Tables(func(s *live.Summary) bool {
		return s.Game.GuildID == i.GuildID && s.Game.SeatOf(user) >= 0
	})
	if len(tables) == 0 {
		return b.reply(i, present.MsgNoTables)
	}
	type line struct {
		mine bool
		text string
	}
	var lines []line
	for _, s := range tables {
		g, v := &s.Game, &s.Public
		l := line{}
		where := fmt.Sprintf("<#%s>", g.PostChannel())
		if g.Settings.Private {
			where = present.DailyWhere
		}
		if !s.Playing {
			l.text = fmt.Sprintf("#%d %s · lobby, %d of %d seats taken · %s", g.ID, g.Preset, len(g.Seats)-social.OpenSeats(g.Seats), len(g.Seats), where)
		} else {
			var waiting []string
			for seat := range g.Seats {
				if v.IsWaiting(seat) {
					if g.Seats[seat].UserID == user {
						l.mine = true
						waiting = append(waiting, "**you**")
					} else {
						waiting = append(waiting, present.Name(g, seat))
					}
				}
			}
			scores := v.Scores()
			score := fmt.Sprintf("score %d–%d", scores[0], scores[1])
			if r := v.Rules(); r.Solo {
				// Every player scores alone: a score each, in seat order.
				seat := v.SeatScores()
				parts := make([]string, r.Players)
				for s := range r.Players {
					parts[s] = fmt.Sprint(seat[s])
				}
				score = "scores " + strings.Join(parts, "–")
			}
			l.text = fmt.Sprintf("#%d %s · hand %d · %s · turn: %s · %s", g.ID, g.Preset, v.HandNo(),
				score, strings.Join(waiting, ", "), where)
		}
		lines = append(lines, l)
	}
	sort.SliceStable(lines, func(a, b int) bool { return lines[a].mine && !lines[b].mine })
	var out []string
	for _, l := range lines {
		out = append(out, l.text)
	}
	return b.reply(i, present.YourTables(out))
}

// cmdNotify sets whether the caller gets a direct message when it is their turn.
func (b *Bot) cmdNotify(ctx context.Context, i *discordgo.Interaction, opts options) error {
	on, _ := commands.OptBool(opts, commands.OptDM)
	if err := b.store.SetNotify(ctx, userOf(i).ID, on, b.now()); err != nil {
		return b.failed(i, "notify", err)
	}
	if on {
		return b.reply(i, present.MsgNotifyOn)
	}
	return b.reply(i, present.MsgNotifyOff)
}

// errNoSeason is the answer when a season name matches none.
var errNoSeason = errors.New("no such season")

// seasonFor finds the season a command names: "" for the current one (or overall when none
// runs), "overall", or a season's name.
func (b *Bot) seasonFor(ctx context.Context, guildID, name string) (league.Season, error) {
	name = strings.TrimSpace(name)
	switch strings.ToLower(name) {
	case "overall", "all":
		return league.Season{ID: league.Overall, Name: "overall"}, nil
	case "":
		s, err := b.store.CurrentSeason(ctx, guildID, b.now())
		if errors.Is(err, storage.ErrNotFound) {
			return league.Season{ID: league.Overall, Name: "overall"}, nil
		}
		return s, err
	}
	seasons, err := b.store.Seasons(ctx, guildID)
	if err != nil {
		return league.Season{}, err
	}
	for _, s := range seasons {
		if strings.EqualFold(s.Name, name) {
			return s, nil
		}
	}
	return league.Season{}, errNoSeason
}
