package social

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/live"
	"github.com/pinochle-discord/pinochle/bot/post"
	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/bot/rest"
	"github.com/pinochle-discord/pinochle/bot/who"
	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/internal/words"
	"github.com/pinochle-discord/pinochle/storage"
	"github.com/pinochle-discord/pinochle/table"
)

// Play again: when a game is over, a message in its channel offers its players the next
// one, with the same seats and options, dealt first by the next dealer. It deals as soon as
// every player still at the table has pressed Play again, or when the host presses Start
// now, computer players taking the seats of those not ready. Who is ready, and the next
// game once it is open, are kept in the store: the offer survives restarts, and a game is
// played again once. The offer itself is recorded once Discord has it: an offer lost
// between the game's end and its post (the process killed, Discord refusing it) is posted
// at the next start, while it may still be taken up (OfferMissed).

// againLife is how long after a game its Play again offer stands.
const againLife = 24 * time.Hour

// claimStale is how old a claim to open a next game is when it is taken for one a process
// left as it stopped: opening a table takes a few calls to Discord, far less.
const claimStale = time.Minute

// OfferPlayAgain posts the Play again offer in the channel of a game whose narration tells
// that it is over and recorded, unless it is a league event's or nobody played it.
func (l *Loop) OfferPlayAgain(e *live.Narrate) {
	over := false
	for _, it := range e.Items {
		if n, ok := it.(live.Note); ok && n.Kind == live.NoteFinished {
			over = true
		}
	}
	g := e.Game
	if !over || g.Status != table.StatusFinished || l.inEvent(g.ID) || !slices.ContainsFunc(g.Seats, table.Seat.IsHuman) {
		return
	}
	l.offer(&g)
}

// offer posts a finished game's Play again offer and records it posted, in the
// background: what Discord refuses, or a process that stops first, leaves for OfferMissed.
func (l *Loop) offer(g *table.Game) {
	content, comps := present.PlayAgainOffer(g, nil)
	id, channel := g.ID, g.ChannelID
	l.background(id, func(ctx context.Context) {
		msg, err := l.post.Send(ctx, channel, &post.Message{Content: content, Components: comps})
		if err != nil {
			l.log.Warn("play again: the offer was not posted; the next start posts it", "game", id, "err", err)
			return
		}
		if err := l.store.RecordOffer(ctx, id, msg.ID, l.now()); err != nil {
			l.log.Warn("play again: the offer posted was not recorded; the next start may post it again", "game", id, "err", err)
		}
	})
}

// OfferMissed posts the Play again offers of the games of this process's guilds that
// finished within the offer's life without one recorded, and records that the others (a
// private table's, one without a person) need none. The bot calls it as it starts, once
// the events know their games.
func (l *Loop) OfferMissed(ctx context.Context) error {
	games, err := l.store.UnofferedGames(ctx, l.now().Add(-againLife))
	if err != nil {
		return fmt.Errorf("play again: the games without an offer: %w", err)
	}
	for _, g := range games {
		switch {
		case !l.serves(g.GuildID):
			continue // another process's
		case l.inEvent(g.ID), g.Settings.Private, !slices.ContainsFunc(g.Seats, table.Seat.IsHuman):
			if err := l.store.RecordOffer(ctx, g.ID, "", l.now()); err != nil {
				return fmt.Errorf("play again: game %d needs no offer: %w", g.ID, err)
			}
		default:
			l.log.Info("play again: posting an offer lost before the restart", "game", g.ID)
			l.offer(&g)
		}
	}
	return nil
}

// againLocks serialises the presses on one offer in a process, so that the last two to
// press see each other; the store's claim keeps a game from being played again twice
// across processes. Loop.again holds one.
type againLocks struct{ m sync.Map } // finished game ID → *sync.Mutex

// lock locks the presses on the offer of game id, and returns the unlock.
func (a *againLocks) lock(id int64) (unlock func()) {
	mu, _ := a.m.LoadOrStore(id, &sync.Mutex{})
	mu.(*sync.Mutex).Lock()
	return mu.(*sync.Mutex).Unlock
}

// PlayAgain serves a Play again offer's buttons.
func (l *Loop) PlayAgain(ctx context.Context, i *discordgo.Interaction, c commands.Control) error {
	id := c.(commands.PlayAgainID)
	defer l.again.lock(id.Game)()
	g, err := l.store.GetGame(ctx, id.Game)
	switch {
	case errors.Is(err, storage.ErrNotFound):
		return l.reply(i, present.MsgForged)
	case err != nil:
		return l.failed(i, "play again", err)
	case g.GuildID != i.GuildID:
		return l.reply(i, present.MsgOtherGuild)
	case g.Status != table.StatusFinished:
		return l.reply(i, present.MsgAgainNotOver)
	case l.inEvent(g.ID):
		return l.reply(i, present.MsgAgainEvent)
	}
	user := who.User(i).ID
	if g.SeatOf(user) < 0 {
		return l.reply(i, present.MsgAgainNotPlayer)
	}
	ready, next, err := l.store.PlayAgain(ctx, g.ID)
	if err != nil {
		return l.failed(i, "play again", err)
	}
	if next > 0 {
		return l.showNextGame(ctx, i, &g, next)
	}
	if l.now().Sub(g.EndedAt) > againLife {
		return l.reply(i, present.MsgAgainExpired)
	}
	if id.Action == commands.AgainStart && user != g.HostID {
		return l.reply(i, present.MsgAgainHostOnly)
	}
	added, err := l.store.AskPlayAgain(ctx, g.ID, user, l.now())
	if err != nil {
		return l.failed(i, "play again", err)
	}
	if added {
		ready = append(ready, user)
	}
	waiting := waitingFor(&g, ready)
	if id.Action == commands.AgainReady && len(waiting) > 0 {
		if !added {
			return l.reply(i, present.AgainReady(waiting, true))
		}
		content, comps := present.PlayAgainOffer(&g, ready)
		return rest.Respond(l.s, i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
			Data: &discordgo.InteractionResponseData{Content: content, Components: comps, AllowedMentions: &discordgo.MessageAllowedMentions{}}})
	}
	return l.openNext(ctx, i, &g, ready)
}

// waitingFor names the players of g a Play again waits for: those at the table at its end
// (not those who left it) who are not ready.
func waitingFor(g *table.Game, ready []string) []string {
	var out []string
	for seat, s := range g.Seats {
		if s.IsHuman() && !s.HasLeft() && !slices.Contains(ready, s.UserID) {
			out = append(out, present.Name(g, seat))
		}
	}
	return out
}

// showNextGame answers a press on an offer whose next game is open: the offer says where.
func (l *Loop) showNextGame(ctx context.Context, i *discordgo.Interaction, g *table.Game, next int64) error {
	ng, err := l.store.GetGame(ctx, next)
	if err != nil {
		return l.failed(i, "play again", err)
	}
	text := present.PlayAgainOn(g, next, ng.PostChannel())
	return rest.Respond(l.s, i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
		Data: &discordgo.InteractionResponseData{Content: text, Components: []discordgo.MessageComponent{}, AllowedMentions: &discordgo.MessageAllowedMentions{}}})
}

// openNext opens and deals g's next game for the players ready: the seats turn one place,
// so that the next dealer deals first, and computer players take the seats of those not
// ready. The offer becomes a link to the new game.
func (l *Loop) openNext(ctx context.Context, i *discordgo.Interaction, g *table.Game, ready []string) error {
	// Opening a table takes several calls to Discord: the click is answered now.
	if err := rest.Respond(l.s, i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}); err != nil {
		return err
	}
	if err := l.store.ClaimNextGame(ctx, g.ID, l.now(), claimStale); err != nil {
		if errors.Is(err, storage.ErrConflict) {
			return l.followup(i, present.MsgAgainOpening)
		}
		l.log.Error("play again: claim", "game", g.ID, "err", err)
		return l.followup(i, present.MsgWrong)
	}
	meta, host := nextGame(g, ready, l.now(), l.seed())
	rules, err := meta.Rules()
	if err == nil {
		var refusal string
		var ng table.Game
		if ng, refusal, err = l.openTable(ctx, meta, &rules); err != nil {
			l.log.Error("play again: open", "game", g.ID, "err", err)
			if rerr := l.store.ReleaseNextGame(ctx, g.ID); rerr != nil {
				l.log.Error("play again: release", "game", g.ID, "err", rerr)
			}
			return l.followup(i, refusal)
		}
		meta = ng
	}
	if err != nil {
		return l.followup(i, present.MsgWrong)
	}
	if err := l.store.SetNextGame(ctx, g.ID, meta.ID); err != nil {
		l.log.Error("play again: record the next game", "game", g.ID, "next", meta.ID, "err", err)
	}
	r, err := l.tables.Do(ctx, meta.ID, live.Start{By: host})
	switch {
	case err != nil:
		l.log.Error("play again: deal", "game", meta.ID, "err", err)
	case r.Kind == live.ReplyStarted:
		if m, ok := r.Game.Messages[table.RoleLobby]; ok {
			l.post.Enqueue(m.ChannelID, &post.Message{EditID: m.MessageID,
				V2: func() present.Message {
					return present.ClosedLobbyMessage(&r.Game, &rules, present.GameOn(r.Game.PostChannel()))
				}})
		}
	default:
		l.log.Error("play again: deal refused", "game", meta.ID, "notice", present.Notice(r.Notice, nil))
	}
	text := present.PlayAgainOn(g, meta.ID, meta.PostChannel())
	empty := []discordgo.MessageComponent{}
	return rest.EditResponse(l.s, l.appID(), i.Token, rest.IssuedAt(i), &discordgo.WebhookEdit{Content: &text, Components: &empty,
		AllowedMentions: &discordgo.MessageAllowedMentions{}})
}

// nextGame is the lobby of g's next game, all its seats taken, and the person who deals it
// (its host): g's seats turned one place, so that the seat after g's first dealer deals
// first; the ready players keep their seats, computer players take the others'; the host
// stays the host if ready, else the first ready player is.
func nextGame(g *table.Game, ready []string, now time.Time, seed uint64) (table.Game, live.Person) {
	n := len(g.Seats)
	meta := table.Game{GuildID: g.GuildID, ChannelID: g.ChannelID, Preset: g.Preset, Options: g.Options, Seed: seed,
		Seats: make([]table.Seat, n), Status: table.StatusLobby, CreatedAt: now, LastActivity: now, Settings: g.Settings,
		Messages: map[table.MessageRole]table.Message{}}
	var host live.Person
	for k := range n {
		s := g.Seats[(k+1)%n]
		switch {
		case s.IsHuman() && slices.Contains(ready, s.UserID):
			meta.Seats[k] = table.Seat{UserID: s.UserID, Name: s.Name}
			if host.ID == "" || s.UserID == g.HostID {
				host = live.Person{ID: s.UserID, Name: s.Name}
			}
		default:
			level := s.Computer
			if level == "" {
				level = g.Settings.Level
			}
			meta.Seats[k] = table.Seat{Computer: level, Name: fmt.Sprintf("Computer %d", k+1)}
		}
	}
	meta.HostID = host.ID
	return meta, host
}

// followup sends a private message after an interaction's answer.
func (l *Loop) followup(i *discordgo.Interaction, text string) error {
	ctx := rest.AnswerBy(context.Background(), rest.IssuedAt(i).Add(rest.TokenDeadline))
	_, err := rest.InteractionRequest(ctx, l.s, http.MethodPost, discordgo.EndpointFollowupMessage(l.appID(), i.Token),
		&discordgo.WebhookParams{Content: words.Truncate(text, rest.MaxContent), Flags: discordgo.MessageFlagsEphemeral,
			AllowedMentions: &discordgo.MessageAllowedMentions{}})
	return err
}
