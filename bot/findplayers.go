package bot

import (
	"context"
	"errors"
	"sort"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/live"
	"github.com/pinochle-discord/pinochle/bot/post"
	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/bot/rest"
	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/storage"
	"github.com/pinochle-discord/pinochle/table"
)

// Finding players: /table play seats a member at an open table of a preset in the channel
// that has room, or opens one; members may ask to be called (mentioned) when a table looks
// for players (/table call), and a new lobby mentions a few of them who are not at a table,
// each at most once per callGap. A message mentions nobody else: its allowed mentions list
// exactly the members it calls.

// callLimit is how many members a new lobby calls at most, and callGap how long a member
// called is not called again.
const (
	callLimit = 4
	callGap   = time.Hour
)

// callPlayers calls members who asked for it to lobby g, if it has open seats: it picks
// them (the store records that they are called, so that no other lobby calls them within
// callGap), and mentions them under the lobby. It returns how many it called.
func (b *Bot) callPlayers(ctx context.Context, g table.Game) int {
	open := openSeats(g.Seats)
	lobby, shown := g.Messages[table.RoleLobby]
	if open == 0 || !shown || g.Status != table.StatusLobby || b.inEvent(g.ID) {
		return 0
	}
	// Those at a table of the server (lobby or game) are not looking for one.
	var skip []string
	for _, s := range b.tables.Tables(func(s *live.Summary) bool { return s.Game.GuildID == g.GuildID }) {
		for _, seat := range s.Game.Seats {
			if seat.IsHuman() {
				skip = append(skip, seat.UserID)
			}
		}
	}
	users, err := b.store.CallPlayers(ctx, g.GuildID, skip, callLimit, b.now(), callGap)
	if err != nil {
		b.log.Error("call players", "game", g.ID, "err", err)
		return 0
	}
	if len(users) == 0 {
		return 0
	}
	b.post.Enqueue(lobby.ChannelID, &post.Message{Content: present.CallForPlayers(users, g.Preset, open, g.GuildID, lobby), Mentions: users})
	b.log.Info("players called", "game", g.ID, "count", len(users))
	return len(users)
}

// cmdTablePlay seats the member at an open lobby of the preset asked (the server's default
// when none) in this channel, the fullest first, or opens one and calls players.
func (b *Bot) cmdTablePlay(ctx context.Context, i *discordgo.Interaction, opts options) error {
	st, err := b.store.Settings(ctx, i.GuildID)
	if err != nil {
		return b.failed(i, "read settings", err)
	}
	if !st.AllowsChannel(i.ChannelID) {
		return b.reply(i, present.NotThisChannel(st.Channels))
	}
	_, err = b.store.CurrentSeason(ctx, i.GuildID, b.now())
	inSeason := err == nil
	if err != nil && !errors.Is(err, storage.ErrNotFound) {
		return b.failed(i, "read the season", err)
	}
	req, err := commands.NewTableRequest(opts, commands.Defaults{Server: st, InSeason: inSeason, Presets: b.cfg.Presets})
	if err != nil {
		return b.reply(i, present.Refusal(err))
	}
	rules, err := engine.NewRules(req.Preset, req.Options)
	if err != nil {
		return b.reply(i, present.Refusal(err))
	}
	user := userOf(i).ID
	lobbies := b.tables.Tables(func(s *live.Summary) bool {
		g := &s.Game
		_, shown := g.Messages[table.RoleLobby]
		return g.GuildID == i.GuildID && g.ChannelID == i.ChannelID && g.Status == table.StatusLobby && shown &&
			g.Preset == rules.Preset && !b.inEvent(g.ID)
	})
	for _, s := range lobbies {
		if s.Game.SeatOf(user) >= 0 {
			return b.reply(i, present.AlreadySeatedHere(i.GuildID, s.Game.Messages[table.RoleLobby]))
		}
	}
	// The fullest lobby first, so that a table fills rather than several half do; then the
	// oldest.
	sort.SliceStable(lobbies, func(a, c int) bool {
		return openSeats(lobbies[a].Game.Seats) < openSeats(lobbies[c].Game.Seats)
	})
	for _, s := range lobbies {
		if openSeats(s.Game.Seats) == 0 {
			continue
		}
		r, err := b.tables.Do(ctx, s.Game.ID, live.Join{By: personOf(i), Seat: -1, Elsewhere: true})
		if err != nil {
			continue // it ended, or is busy: try another
		}
		lobby := r.Game.Messages[table.RoleLobby]
		switch r.Kind {
		case live.ReplyLobby:
			return b.reply(i, present.SeatedAt(rules.Preset, i.GuildID, lobby, false))
		case live.ReplyStarted:
			// Nobody clicked the lobby message: it says where the game is played now.
			b.post.Enqueue(lobby.ChannelID, &post.Message{EditID: lobby.MessageID,
				V2: func() present.Message {
					return present.ClosedLobbyMessage(&r.Game, &rules, present.GameOn(r.Game.PostChannel()))
				}})
			return b.reply(i, present.SeatedAt(rules.Preset, i.GuildID, lobby, true))
		}
	}
	if open := b.openLobbies(i.GuildID, user); open >= maxOpenLobbies {
		return b.reply(i, present.TooManyLobbies(open))
	}
	if err := rest.Respond(b.s, i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral},
	}); err != nil {
		return err
	}
	now := b.now()
	meta := table.Game{
		GuildID: i.GuildID, ChannelID: i.ChannelID, HostID: user, Preset: rules.Preset, Options: req.Options,
		Seed: b.cfg.Seed(), Seats: make([]table.Seat, rules.Players), Status: table.StatusLobby,
		CreatedAt: now, LastActivity: now, Settings: req.Settings, Messages: map[table.MessageRole]table.Message{},
	}
	meta.Seats[0] = table.Seat{UserID: user, Name: displayName(i)}
	g, refusal, err := b.openTable(ctx, meta, &rules)
	if err != nil {
		return b.editAnswer(i, refusal, err)
	}
	called := b.callPlayers(ctx, g)
	return b.editAnswer(i, present.OpenedFor(rules.Preset, i.ChannelID, called), nil)
}

// cmdTableCall records whether the member asks to be called to the server's tables.
func (b *Bot) cmdTableCall(ctx context.Context, i *discordgo.Interaction, opts options) error {
	on, _ := commands.OptBool(opts, commands.OptOn)
	changed, err := b.store.SetCalls(ctx, i.GuildID, userOf(i).ID, on, b.now())
	switch {
	case err != nil:
		return b.failed(i, "table call", err)
	case on && changed:
		return b.reply(i, present.MsgCallOn)
	case on:
		return b.reply(i, present.MsgCallAlreadyOn)
	case changed:
		return b.reply(i, present.MsgCallOff)
	}
	return b.reply(i, present.MsgCallAlreadyOff)
}

// cmdTableInvite mentions one member who asked to be called under the lobby the inviter
// sits at: only such a member, at most once per callGap, and never someone seated already.
func (b *Bot) cmdTableInvite(ctx context.Context, i *discordgo.Interaction, opts options) error {
	target, _ := commands.OptID(opts, commands.OptUser)
	user := userOf(i).ID
	lobbies := b.tables.Tables(func(s *live.Summary) bool {
		g := &s.Game
		_, shown := g.Messages[table.RoleLobby]
		return g.GuildID == i.GuildID && g.Status == table.StatusLobby && shown && g.SeatOf(user) >= 0 && openSeats(g.Seats) > 0
	})
	if len(lobbies) == 0 {
		return b.reply(i, present.MsgInviteNoLobby)
	}
	g := lobbies[0].Game
	for _, s := range lobbies {
		if s.Game.ChannelID == i.ChannelID {
			g = s.Game
		}
	}
	if g.SeatOf(target) >= 0 {
		return b.reply(i, present.MsgInviteSelf)
	}
	called, err := b.store.CallMember(ctx, i.GuildID, target, b.now(), callGap)
	switch {
	case errors.Is(err, storage.ErrNotFound):
		return b.reply(i, present.InviteRefused(target))
	case err != nil:
		return b.failed(i, "invite", err)
	case !called:
		return b.reply(i, present.InviteTooSoon(target))
	}
	lobby := g.Messages[table.RoleLobby]
	b.post.Enqueue(lobby.ChannelID, &post.Message{Content: present.Invited(target, displayName(i), g.Preset, g.GuildID, lobby), Mentions: []string{target}})
	return b.reply(i, present.InviteSent(target))
}
