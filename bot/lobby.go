package bot

import (
	"context"
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/storage"
)

// onLobby handles the lobby's buttons: join or pick a seat, leave, add a computer player,
// start and cancel. The lobby message updates in place; refusals are private.
func (b *Bot) onLobby(ctx context.Context, i *discordgo.Interaction, t *table, id commands.ID) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.done || t.meta.Status != storage.StatusLobby {
		return b.reply(i, "This table is not taking players any more.")
	}
	rules, err := t.rules()
	if err != nil {
		return fmt.Errorf("lobby of game %d: %w", t.meta.ID, err)
	}
	user := userOf(i)
	seat := t.seatOf(user.ID)
	host := user.ID == t.meta.HostID
	before := t.meta.Seats
	t.meta.Seats = append([]storage.Seat(nil), before...)
	switch id.Action {
	case commands.ActJoin, commands.ActSeat:
		want := -1
		if id.Action == commands.ActSeat {
			if _, err := fmt.Sscan(id.Arg, &want); err != nil || want < 0 || want >= len(t.meta.Seats) {
				t.meta.Seats = before
				return b.reply(i, msgForged)
			}
			if !t.meta.Seats[want].IsOpen() {
				t.meta.Seats = before
				return b.reply(i, "Seat %d is taken.", want+1)
			}
		} else if seat >= 0 {
			t.meta.Seats = before
			return b.reply(i, "You are already in seat %d.", seat+1)
		} else {
			want = firstOpen(t.meta.Seats)
			if want < 0 {
				t.meta.Seats = before
				return b.reply(i, "The table is full.")
			}
		}
		if seat >= 0 {
			t.meta.Seats[seat] = storage.Seat{}
		}
		t.meta.Seats[want] = storage.Seat{UserID: user.ID, Name: displayName(i)}
	case commands.ActLeave:
		if seat < 0 {
			t.meta.Seats = before
			return b.reply(i, "You are not seated at this table.")
		}
		t.meta.Seats[seat] = storage.Seat{}
	case commands.ActAddComputer:
		if !host {
			t.meta.Seats = before
			return b.reply(i, "Only the host, <@%s>, can add computer players.", t.meta.HostID)
		}
		open := firstOpen(t.meta.Seats)
		if open < 0 {
			t.meta.Seats = before
			return b.reply(i, "The table is full.")
		}
		t.meta.Seats[open] = computerSeat(open, t.meta.Settings.Level)
	case commands.ActStart:
		if !host {
			t.meta.Seats = before
			return b.reply(i, "Only the host, <@%s>, can start the game.", t.meta.HostID)
		}
		if humans(t.meta.Seats) == 0 {
			t.meta.Seats = before
			return b.reply(i, "Nobody is seated yet: take a seat first.")
		}
		for s := range t.meta.Seats {
			if t.meta.Seats[s].IsOpen() {
				t.meta.Seats[s] = computerSeat(s, t.meta.Settings.Level)
			}
		}
	case commands.ActCancel:
		if !host && !canManage(i) {
			t.meta.Seats = before
			return b.reply(i, "Only the host, <@%s>, can cancel this table.", t.meta.HostID)
		}
		t.meta.Seats = before
		return b.abandon(ctx, i, t, fmt.Sprintf("Cancelled by %s.", displayName(i)), discordgo.InteractionResponseUpdateMessage)
	default:
		t.meta.Seats = before
		return b.reply(i, msgForged)
	}
	t.meta.LastActivity = b.now()
	if firstOpen(t.meta.Seats) < 0 {
		return b.startGame(ctx, i, t, &rules)
	}
	if err := b.saveMeta(ctx, t); err != nil {
		t.meta.Seats = before
		b.log.Error("lobby", "game", t.meta.ID, "err", err)
		return b.reply(i, "That could not be saved, so nothing changed. Please try again.")
	}
	e, comps := present.Lobby(&t.meta, &rules)
	return respond(b.s, i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseUpdateMessage,
		Data: &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{e}, Components: comps, AllowedMentions: &discordgo.MessageAllowedMentions{}},
	})
}

// firstOpen returns the first open seat, or -1.
func firstOpen(seats []storage.Seat) int {
	for i, s := range seats {
		if s.IsOpen() {
			return i
		}
	}
	return -1
}

// humans counts the seats held by people.
func humans(seats []storage.Seat) int {
	n := 0
	for _, s := range seats {
		if s.IsHuman() {
			n++
		}
	}
	return n
}

// computerSeat is a computer player of a level for a seat.
func computerSeat(seat int, level storage.Level) storage.Seat {
	return storage.Seat{Computer: level, Name: fmt.Sprintf("Computer %d", seat+1)}
}

// canManage reports whether the member behind an interaction has Manage Server.
func canManage(i *discordgo.Interaction) bool {
	return i.Member != nil && i.Member.Permissions&(discordgo.PermissionManageGuild|discordgo.PermissionAdministrator) != 0
}

// startGame deals the first hand of a full table: the game is saved as playing, the lobby
// message closes, the table message is posted in the thread, and computer players take
// their turns. The caller holds t.mu.
func (b *Bot) startGame(ctx context.Context, i *discordgo.Interaction, t *table, rules *engine.Rules) error {
	g, err := engine.NewGame(*rules, t.meta.Seed)
	if err != nil {
		return fmt.Errorf("start game %d: %w", t.meta.ID, err)
	}
	names := make([]string, len(t.meta.Seats))
	for s := range t.meta.Seats {
		names[s] = t.meta.Seats[s].Name
	}
	g.SetNames(names)
	t.meta.Status = storage.StatusPlaying
	if err := b.saveMeta(ctx, t); err != nil {
		t.meta.Status = storage.StatusLobby
		b.log.Error("start", "game", t.meta.ID, "err", err)
		return b.reply(i, "The game could not be started. Please try again.")
	}
	t.game = g
	closed := present.ClosedLobby(&t.meta, rules, fmt.Sprintf("The game is on: follow it in <#%s>.", t.channel()))
	if err := respond(b.s, i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseUpdateMessage,
		Data: &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{closed}, Components: []discordgo.MessageComponent{}},
	}); err != nil {
		b.log.Warn("start: lobby update", "game", t.meta.ID, "err", err)
	}
	b.postTable(t)
	var n present.Narration
	n.Say("The game starts. Hand 1: %s deals. Press **My hand** on the table to see your cards.", present.PlainName(&t.meta, g.Dealer()))
	if err := b.advance(ctx, t, &n); err != nil {
		b.log.Error("start: computer moves", "game", t.meta.ID, "err", err)
	}
	b.publish(ctx, t, &n)
	return nil
}

// postTable posts a new table message in the table's thread and, once Discord has it,
// remembers it as the one kept up to date (also after a restart). The post waits its turn in
// the thread's queue, which can take a rate window, so the caller (who holds t.mu) does not
// wait for it: a goroutine records the message and then brings it up to date, in case the
// game moved on meanwhile.
func (b *Bot) postTable(t *table) {
	e, comps := present.Table(&t.meta, ptr(t.game.View(-1)))
	done := make(chan sent, 1)
	channel := t.channel()
	b.post.enqueue(channel, &post{embeds: []*discordgo.MessageEmbed{e}, components: comps, done: done})
	b.handlers.Add(1)
	go func() {
		defer b.handlers.Done()
		r := <-done
		if r.err != nil {
			b.log.Error("post table", "game", t.meta.ID, "err", r.err)
			return
		}
		ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
		defer cancel()
		// The live table is pinned in its thread, so that it stays one click away however
		// far the narration scrolls. Without the permission, it is found by scrolling up.
		pinErr := b.s.ChannelMessagePin(channel, r.msg.ID, discordgo.WithContext(ctx))
		if pinErr != nil {
			b.log.Warn("the table could not be pinned: it will be posted again as it scrolls away", "game", t.meta.ID, "err", pinErr)
		}
		t.mu.Lock()
		defer t.mu.Unlock()
		t.setTableMessage(storage.Message{ChannelID: channel, MessageID: r.msg.ID}, pinErr == nil)
		// A table that ended meanwhile is kept in storage as it ended.
		if !t.done {
			if err := b.saveMeta(ctx, t); err != nil {
				b.log.Error("post table", "game", t.meta.ID, "err", err)
			}
		}
		e, comps := present.Table(&t.meta, ptr(t.game.View(-1)))
		b.post.enqueue(channel, &post{editID: r.msg.ID, embeds: []*discordgo.MessageEmbed{e}, components: comps})
	}()
}

// abandon ends a table before its end: a lobby cancelled or a game stopped. It is never
// counted. kind is how to answer: an update of the clicked lobby, or a private reply.
func (b *Bot) abandon(ctx context.Context, i *discordgo.Interaction, t *table, why string, kind discordgo.InteractionResponseType) error {
	if _, err := b.endTable(ctx, t, ending{kind: endAbandoned}); err != nil {
		b.log.Error("abandon", "game", t.meta.ID, "err", err)
		return b.reply(i, "The table could not be closed. Please try again.")
	}
	rules, _ := t.rules()
	if kind == discordgo.InteractionResponseUpdateMessage {
		if err := respond(b.s, i, &discordgo.InteractionResponse{
			Type: kind,
			Data: &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{present.ClosedLobby(&t.meta, &rules, why)}, Components: []discordgo.MessageComponent{}},
		}); err != nil {
			b.log.Warn("abandon: lobby update", "game", t.meta.ID, "err", err)
		}
	} else {
		b.closeLobby(t, why)
	}
	b.log.Info("table abandoned", "game", t.meta.ID, "why", why)
	var n present.Narration
	n.Say("🛑 This table is closed. %s", why)
	b.publish(ctx, t, &n)
	if kind != discordgo.InteractionResponseUpdateMessage {
		return b.reply(i, "The table is closed.")
	}
	return nil
}
