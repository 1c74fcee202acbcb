package bot

import (
	"context"
	"errors"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/live"
	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/bot/rest"
	"github.com/pinochle-discord/pinochle/bot/who"
	"github.com/pinochle-discord/pinochle/commands"
)

// onComponent handles a click on a button or a choice in a menu: the custom ID names the
// table and what the control does, and the table decides. The bot's controls are buttons,
// menus of strings, and menus of users (an event's partners); a click on a public message must be on a control that message
// shows (a client may send any custom ID), so that a public message is only ever replaced
// by what it already is.
func (b *Bot) onComponent(ctx context.Context, i *discordgo.Interaction) error {
	data, ok := i.Data.(discordgo.MessageComponentInteractionData)
	if !ok {
		return b.reply(i, present.MsgUnreadable)
	}
	switch data.ComponentType {
	case discordgo.ButtonComponent, discordgo.SelectMenuComponent, discordgo.UserSelectMenuComponent:
	default:
		return b.reply(i, present.MsgForged)
	}
	if !private(i) && (i.Message == nil || !carries(i.Message.Components, data.CustomID)) {
		return b.reply(i, present.MsgForged)
	}
	return b.serveControl(ctx, i, data.CustomID, false)
}

// onModal handles a submitted form: the "other amount" bid.
func (b *Bot) onModal(ctx context.Context, i *discordgo.Interaction) error {
	data, ok := i.Data.(discordgo.ModalSubmitInteractionData)
	if !ok {
		return b.reply(i, present.MsgUnreadable)
	}
	return b.serveControl(ctx, i, data.CustomID, true)
}

// personOf is who sent an interaction (who.Person).
func personOf(i *discordgo.Interaction) live.Person { return who.Person(i) }

// canManage reports whether the member behind an interaction has Manage Server (who.Manages).
func canManage(i *discordgo.Interaction) bool { return who.Manages(i) }

// private reports whether an interaction came from a private message: a control on a
// message only its user sees (the message's flags say so).
func private(i *discordgo.Interaction) bool {
	return i.Message != nil && i.Message.Flags&discordgo.MessageFlagsEphemeral != 0
}

// carries reports whether components show a control of that custom ID, at any depth: in
// rows, and in the containers and sections of a Components V2 message.
func carries(components []discordgo.MessageComponent, customID string) bool {
	for _, c := range components {
		switch c := c.(type) {
		case *discordgo.ActionsRow:
			if c != nil && carries(c.Components, customID) {
				return true
			}
		case discordgo.ActionsRow:
			if carries(c.Components, customID) {
				return true
			}
		case *discordgo.Container:
			if c != nil && carries(c.Components, customID) {
				return true
			}
		case discordgo.Container:
			if carries(c.Components, customID) {
				return true
			}
		case *discordgo.Section:
			if c != nil && (carries(c.Components, customID) || c.Accessory != nil && carries([]discordgo.MessageComponent{c.Accessory}, customID)) {
				return true
			}
		case discordgo.Section:
			if carries(c.Components, customID) || c.Accessory != nil && carries([]discordgo.MessageComponent{c.Accessory}, customID) {
				return true
			}
		case *discordgo.Button:
			if c != nil && c.CustomID == customID {
				return true
			}
		case discordgo.Button:
			if c.CustomID == customID {
				return true
			}
		case *discordgo.SelectMenu:
			if c != nil && c.CustomID == customID {
				return true
			}
		case discordgo.SelectMenu:
			if c.CustomID == customID {
				return true
			}
		}
	}
	return false
}

// command hands a command to a table and answers the interaction with the table's reply:
// inPlace, a lobby replaces the message clicked (type 7), and so does a private view when
// that message is private; otherwise a private view is a new private message. A table is
// only ever told what is done at it from its own server.
func (b *Bot) command(ctx context.Context, i *discordgo.Interaction, gameID int64, c live.Command, inPlace bool) error {
	if tables := b.tables.Tables(func(s *live.Summary) bool { return s.Game.ID == gameID }); len(tables) == 1 && tables[0].Game.GuildID != i.GuildID {
		b.log.Warn("a table's control used from another server", "game", gameID, "guild", i.GuildID, "user", userOf(i).ID)
		return b.reply(i, present.MsgOtherGuild)
	}
	// The table may ask for edits of this interaction's answer (a private view it keeps up
	// to date) before the answer below has gone out: they wait for it.
	answered := make(chan struct{})
	b.unanswered.Store(i.Token, answered)
	defer func() {
		b.unanswered.Delete(i.Token)
		close(answered)
	}()
	r, err := b.tables.Do(ctx, gameID, c)
	switch {
	case errors.Is(err, live.ErrNoTable):
		return b.reply(i, present.MsgGone)
	case errors.Is(err, live.ErrBusy):
		b.log.Warn("table busy: a command refused", "game", gameID, "refused", b.tables.Refused())
		return b.reply(i, present.MsgBusy)
	case err != nil:
		b.log.Error("table command", "game", gameID, "err", err)
		return b.reply(i, present.MsgWrong)
	}
	return b.answer(i, &r, inPlace)
}

// answer answers an interaction with a table's reply. A private view replaces the message
// clicked only when inPlace and that message is private; a hint is deferred the same way.
func (b *Bot) answer(i *discordgo.Interaction, r *live.Reply, inPlace bool) error {
	update := discordgo.InteractionResponseUpdateMessage
	switch r.Kind {
	case live.ReplyView:
		kind, flags := discordgo.InteractionResponseChannelMessageWithSource, discordgo.MessageFlagsEphemeral
		if inPlace && private(i) {
			kind, flags = update, 0
		}
		opts := present.HandOptions{Note: present.Notice(r.Notice, &r.View), NextHand: r.NextHand, Chosen: r.Chosen}
		m := present.HandMessage(b.painter, &r.Game, &r.View, opts, b.ownLook(b.ctx, &r.Game, userOf(i).ID)) // cardlook.go
		return rest.Respond(b.s, i, &discordgo.InteractionResponse{Type: kind, Data: rest.V2Answer(m, flags)})
	case live.ReplyLobby:
		rules, err := r.Game.Rules()
		if err != nil {
			return fmt.Errorf("lobby: %w", err)
		}
		return rest.Respond(b.s, i, &discordgo.InteractionResponse{Type: update, Data: rest.V2Answer(present.LobbyMessage(&r.Game, &rules), 0)})
	case live.ReplyStarted, live.ReplyLobbyClosed:
		rules, err := r.Game.Rules()
		if err != nil {
			return fmt.Errorf("lobby: %w", err)
		}
		why := present.LobbyEndWhy(&r.Game, r.End)
		if r.Kind == live.ReplyStarted {
			why = present.GameOn(r.Game.PostChannel())
		}
		return rest.Respond(b.s, i, &discordgo.InteractionResponse{Type: update, Data: rest.V2Answer(present.ClosedLobbyMessage(&r.Game, &rules, why), 0)})
	case live.ReplyWatch:
		kind, flags := discordgo.InteractionResponseChannelMessageWithSource, discordgo.MessageFlagsEphemeral
		if inPlace && private(i) {
			kind, flags = update, 0
		}
		m := present.WatchMessage(b.painter, &r.Game, &r.Watching, b.ownLook(b.ctx, &r.Game, userOf(i).ID)) // watch.go, cardlook.go
		return rest.Respond(b.s, i, &discordgo.InteractionResponse{Type: kind, Data: rest.V2Answer(m, flags)})
	case live.ReplyBidForm:
		return rest.Respond(b.s, i, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseModal,
			Data: commands.BidModal(r.Game.ID, r.At.Hand, r.At.Step, r.MinBid),
		})
	case live.ReplyDeferred:
		// The hint comes as an edit of the answer: the private message clicked, or else a
		// new private message.
		if private(i) {
			return rest.Respond(b.s, i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate})
		}
		return rest.Respond(b.s, i, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral},
		})
	}
	return b.reply(i, present.Notice(r.Notice, nil))
}
