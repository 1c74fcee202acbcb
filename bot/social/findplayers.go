package social

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
	"github.com/pinochle-discord/pinochle/bot/who"
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

// CallPlayers calls members who asked for it to lobby g, if it has open seats: it picks
// them (the store records that they are called, so that no other lobby calls them within
// callGap), and mentions them under the lobby. It returns how many it called.
func (l *Loop) CallPlayers(ctx context.Context, g table.Game) int {
	open := OpenSeats(g.Seats)
	lobby, shown := g.Messages[table.RoleLobby]
	if open == 0 || !shown || g.Status != table.StatusLobby || l.inEvent(g.ID) {
		return 0
	}
	// Those at a table of the server (lobby or game) are not looking for one.
	var skip []string
	for _, s := range l.tables.Tables(func(s *live.Summary) bool { return s.Game.GuildID == g.GuildID }) {
		for _, seat := range s.Game.Seats {
			if seat.IsHuman() {
				skip = append(skip, seat.UserID)
			}
		}
	}
	users, err := l.store.CallPlayers(ctx, g.GuildID, skip, callLimit, l.now(), callGap)
	if err != nil {
		l.log.Error("call players", "game", g.ID, "err", err)
		return 0
	}
	if len(users) == 0 {
		return 0
	}
	l.post.Enqueue(lobby.ChannelID, &post.Message{Content: present.CallForPlayers(users, g.Preset, open, g.GuildID, lobby), Mentions: users})
	l.log.Info("players called", "game", g.ID, "count", len(users))
	return len(users)
}

// TableRequest reads the table a command asks for in this channel, with the server's
// settings and season filling in what it leaves out. Where the channel is not one for
// tables, the request is refused or the server's records cannot be read, it answers the
// command itself and reports answered (err is what answering gave).
func (l *Loop) TableRequest(ctx context.Context, i *discordgo.Interaction, opts commands.Options) (req commands.Table, rules engine.Rules, answered bool, err error) {
	st, err := l.store.Settings(ctx, i.GuildID)
	if err != nil {
		return req, rules, true, l.failed(i, "read settings", err)
	}
	if !st.AllowsChannel(i.ChannelID) {
		return req, rules, true, l.reply(i, present.NotThisChannel(st.Channels))
	}
	_, err = l.store.CurrentSeason(ctx, i.GuildID, l.now())
	inSeason := err == nil
	if err != nil && !errors.Is(err, storage.ErrNotFound) {
		return req, rules, true, l.failed(i, "read the season", err)
	}
	req, err = commands.NewTableRequest(opts, commands.Defaults{Server: st, InSeason: inSeason, Presets: l.presets})
	if err != nil {
		return req, rules, true, l.reply(i, present.Refusal(err))
	}
	rules, err = engine.NewRules(req.Preset, req.Options)
	if err != nil {
		return req, rules, true, l.reply(i, present.Refusal(err))
	}
	return req, rules, false, nil
}

// TablePlay seats the member at an open lobby of the preset asked (the server's default
// when none) in this channel, the fullest first, or opens one and calls players.
func (l *Loop) TablePlay(ctx context.Context, i *discordgo.Interaction, opts commands.Options) error {
	req, rules, answered, err := l.TableRequest(ctx, i, opts)
	if answered || err != nil {
		return err
	}
	user := who.User(i).ID
	lobbies := l.tables.Tables(func(s *live.Summary) bool {
		g := &s.Game
		_, shown := g.Messages[table.RoleLobby]
		return g.GuildID == i.GuildID && g.ChannelID == i.ChannelID && g.Status == table.StatusLobby && shown &&
			g.Preset == rules.Preset && !l.inEvent(g.ID)
	})
	for _, s := range lobbies {
		if s.Game.SeatOf(user) >= 0 {
			return l.reply(i, present.AlreadySeatedHere(i.GuildID, s.Game.Messages[table.RoleLobby]))
		}
	}
	// The fullest lobby first, so that a table fills rather than several half do; then the
	// oldest.
	sort.SliceStable(lobbies, func(a, c int) bool {
		return OpenSeats(lobbies[a].Game.Seats) < OpenSeats(lobbies[c].Game.Seats)
	})
	for _, s := range lobbies {
		if OpenSeats(s.Game.Seats) == 0 {
			continue
		}
		r, err := l.tables.Do(ctx, s.Game.ID, live.Join{By: who.Person(i), Seat: -1, Elsewhere: true})
		if err != nil {
			continue // it ended, or is busy: try another
		}
		lobby := r.Game.Messages[table.RoleLobby]
		switch r.Kind {
		case live.ReplyLobby:
			return l.reply(i, present.SeatedAt(rules.Preset, i.GuildID, lobby, false))
		case live.ReplyStarted:
			// Nobody clicked the lobby message: it says where the game is played now.
			l.post.Enqueue(lobby.ChannelID, &post.Message{EditID: lobby.MessageID,
				V2: func() present.Message {
					return present.ClosedLobbyMessage(&r.Game, &rules, present.GameOn(r.Game.PostChannel()))
				}})
			return l.reply(i, present.SeatedAt(rules.Preset, i.GuildID, lobby, true))
		}
	}
	if open := l.lobbies(i.GuildID, user); open >= l.maxLobbies {
		return l.reply(i, present.TooManyLobbies(open))
	}
	if err := rest.Respond(l.s, i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral},
	}); err != nil {
		return err
	}
	now := l.now()
	meta := table.Game{
		GuildID: i.GuildID, ChannelID: i.ChannelID, HostID: user, Preset: rules.Preset, Options: req.Options,
		Seed: l.seed(), Seats: make([]table.Seat, rules.Players), Status: table.StatusLobby,
		CreatedAt: now, LastActivity: now, Settings: req.Settings, Messages: map[table.MessageRole]table.Message{},
	}
	meta.Seats[0] = table.Seat{UserID: user, Name: who.Name(i)}
	g, refusal, err := l.openTable(ctx, meta, &rules)
	if err != nil {
		return l.editAnswer(i, refusal, err)
	}
	called := l.CallPlayers(ctx, g)
	return l.editAnswer(i, present.OpenedFor(rules.Preset, i.ChannelID, called), nil)
}

// TableCall records whether the member asks to be called to the server's tables.
func (l *Loop) TableCall(ctx context.Context, i *discordgo.Interaction, opts commands.Options) error {
	on, _ := commands.OptBool(opts, commands.OptOn)
	changed, err := l.store.SetCalls(ctx, i.GuildID, who.User(i).ID, on, l.now())
	switch {
	case err != nil:
		return l.failed(i, "table call", err)
	case on && changed:
		return l.reply(i, present.MsgCallOn)
	case on:
		return l.reply(i, present.MsgCallAlreadyOn)
	case changed:
		return l.reply(i, present.MsgCallOff)
	}
	return l.reply(i, present.MsgCallAlreadyOff)
}

// TableInvite mentions one member who asked to be called under the lobby the inviter
// sits at: only such a member, at most once per callGap, and never someone seated already.
func (l *Loop) TableInvite(ctx context.Context, i *discordgo.Interaction, opts commands.Options) error {
	target, _ := commands.OptID(opts, commands.OptUser)
	user := who.User(i).ID
	lobbies := l.tables.Tables(func(s *live.Summary) bool {
		g := &s.Game
		_, shown := g.Messages[table.RoleLobby]
		return g.GuildID == i.GuildID && g.Status == table.StatusLobby && shown && g.SeatOf(user) >= 0 && OpenSeats(g.Seats) > 0
	})
	if len(lobbies) == 0 {
		return l.reply(i, present.MsgInviteNoLobby)
	}
	g := lobbies[0].Game
	for _, s := range lobbies {
		if s.Game.ChannelID == i.ChannelID {
			g = s.Game
		}
	}
	if g.SeatOf(target) >= 0 {
		return l.reply(i, present.MsgInviteSelf)
	}
	called, err := l.store.CallMember(ctx, i.GuildID, target, l.now(), callGap)
	switch {
	case errors.Is(err, storage.ErrNotFound):
		return l.reply(i, present.InviteRefused(target))
	case err != nil:
		return l.failed(i, "invite", err)
	case !called:
		return l.reply(i, present.InviteTooSoon(target))
	}
	lobby := g.Messages[table.RoleLobby]
	l.post.Enqueue(lobby.ChannelID, &post.Message{Content: present.Invited(target, who.Name(i), g.Preset, g.GuildID, lobby), Mentions: []string{target}})
	return l.reply(i, present.InviteSent(target))
}
