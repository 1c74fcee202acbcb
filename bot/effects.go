package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/live"
	"github.com/pinochle-discord/pinochle/bot/post"
	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/bot/rest"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/internal/words"
	"github.com/pinochle-discord/pinochle/table"
)

// effects turns what a table asks for into Discord messages, after the table has saved what
// it changed. It runs on the table's goroutine, so it only queues: posts and edits go to the
// poster, and what must wait for Discord (a table message to post and pin, direct messages)
// runs in a goroutine of its own that reports back to the table as a command.
func (b *Bot) effects(gameID int64, effects []live.Effect) {
	for _, e := range effects {
		switch e := e.(type) {
		case live.Narrate:
			b.narrate(&e)
			b.social.OfferPlayAgain(&e)
		case live.EditWatch:
			b.editWatch(e) // watch.go
		case live.Remind:
			b.post.Enqueue(e.Channel, &post.Message{Content: present.Reminder(&e), Mentions: e.Users})
		case live.Mention:
			b.post.Enqueue(e.Channel, &post.Message{Content: present.TurnLine(e.Users), Mentions: e.Users})
		case live.NotifyTurn:
			b.notifyTurn(e)
		case live.EditView:
			opts := present.HandOptions{Note: present.Notice(e.Notice, &e.View), NextHand: e.NextHand, Chosen: e.Chosen}
			// The player's own look is read where the view is drawn, off the table's goroutine.
			b.post.Enqueue("view:"+e.Token, &post.Message{View: &post.View{AppID: b.appID, Token: e.Token, Issued: e.Issued, Answered: b.answering(e.Token),
				Render: func() present.Message {
					return present.HandMessage(b.painter, &e.Game, &e.View, opts, b.ownLook(b.ctx, &e.Game, seatUser(&e.Game, e.Seat)))
				},
			}})
		case live.ShowTable:
			if b.tableAging(e.Message, &e.Public) {
				b.staleTable(gameID, e.Message)
				continue
			}
			look := b.look(&e.Game)
			b.post.Enqueue(e.Message.ChannelID, &post.Message{EditID: e.Message.MessageID,
				V2:     func() present.Message { return present.TableMessage(b.painter, &e.Game, &e.Public, look) },
				Frozen: func() { b.staleTable(gameID, e.Message) }})
		case live.PostTable:
			b.postTable(gameID, e)
		case live.MovedTable:
			text := present.TableMoved(e.GuildID, e.New.ChannelID, e.New.MessageID)
			b.post.Enqueue(e.Old.ChannelID, &post.Message{EditID: e.Old.MessageID, V2: func() present.Message { return present.NoteMessage(text) }})
		case live.CloseTable:
			b.tableMsgs.Delete(e.Message.MessageID)
			look, why := b.look(&e.Game), present.EndWhy(&e.Game, e.End)
			b.post.Enqueue(e.Message.ChannelID, &post.Message{EditID: e.Message.MessageID,
				V2: func() present.Message { return present.ClosedTableMessage(b.painter, &e.Game, &e.Public, why, look) }})
		case live.ShowLobby:
			rules, err := e.Game.Rules()
			if err != nil {
				b.log.Error("lobby", "game", gameID, "err", err)
				continue
			}
			b.post.Enqueue(e.Message.ChannelID, &post.Message{EditID: e.Message.MessageID,
				V2: func() present.Message { return present.LobbyMessage(&e.Game, &rules) }})
		case live.CloseLobby:
			rules, err := e.Game.Rules()
			if err != nil {
				b.log.Error("lobby", "game", gameID, "err", err)
				continue
			}
			why := present.LobbyEndWhy(&e.Game, e.End)
			b.post.Enqueue(e.Message.ChannelID, &post.Message{EditID: e.Message.MessageID,
				V2: func() present.Message { return present.ClosedLobbyMessage(&e.Game, &rules, why) }})
		case live.Archive:
			b.post.Enqueue(e.Thread, &post.Message{Archive: true})
		default:
			b.log.Error("effect unknown", "game", gameID, "effect", fmt.Sprintf("%T", e))
		}
	}
}

// narrate posts a narration in the table's thread: consecutive lines gathered into as few
// messages as fit, a hand's result with its buttons, the score sheet once the game is over,
// and the turn's mention, which alone may ping. A hand's result goes out with its buttons
// at the end of its post, which holds the lines up to the next hand's result: the next
// hand's deal goes with it rather than alone.
func (b *Bot) narrate(e *live.Narrate) {
	n := present.Narrate(e)
	lines := n.Lines
	postLines := func(from, to int, buttons []discordgo.MessageComponent) {
		chunks := chunkLines(lines[from:to], rest.MaxContent)
		for k, chunk := range chunks {
			p := &post.Message{Content: chunk, Mentions: mentionsIn(chunk, e.Turn)}
			if k == len(chunks)-1 {
				p.Components = buttons
			}
			b.post.Enqueue(e.Channel, p)
		}
	}
	start := 0
	var buttons []discordgo.MessageComponent
	for i, l := range lines {
		next, ok := n.Buttons[l]
		if !ok {
			continue
		}
		if buttons != nil {
			postLines(start, i, buttons)
			start = i
		}
		buttons = next
	}
	if start < len(lines) {
		postLines(start, len(lines), buttons)
	}
	for _, embeds := range present.EmbedGroups(n.Sheets) {
		b.post.Enqueue(e.Channel, &post.Message{Embeds: embeds})
	}
}

// postTable posts a table message and, once Discord has it, pins it and tells the table,
// which keeps it up to date from then on. The post waits its turn in the thread's queue,
// which can take a rate window, so a goroutine waits for it, not the table.
func (b *Bot) postTable(gameID int64, e live.PostTable) {
	look := b.look(&e.Game)
	draw := func() present.Message { return present.TableMessage(b.painter, &e.Game, &e.Public, look) }
	// Queued now, in its place among the thread's posts.
	done := b.post.Post(e.Channel, &post.Message{V2: draw})
	b.background(gameID, func(ctx context.Context) {
		// A table without its message cannot be played from the thread: a post that failed
		// (after the transport's own retries) is made again, a few times, a while later.
		var r post.Sent
		for attempt := 1; ; attempt++ {
			if attempt > 1 {
				done = b.post.Post(e.Channel, &post.Message{V2: draw})
			}
			select {
			case r = <-done:
			case <-ctx.Done():
				r = post.Sent{Err: ctx.Err()}
			}
			if r.Err == nil || attempt >= tableAttempts || ctx.Err() != nil || errors.Is(r.Err, post.ErrChannelGone) {
				break
			}
			b.log.Warn("the table message could not be posted: trying again", "game", gameID, "attempt", attempt, "err", r.Err)
			if err := rest.Sleep(ctx, b.clock, tablePause); err != nil {
				r.Err = err
				break
			}
		}
		p := live.Posted{Replaces: e.Replaces, Err: r.Err}
		if r.Err == nil {
			b.tableMsgs.Store(r.Msg.ID, b.now())
			if e.Replaces != nil {
				b.tableMsgs.Delete(e.Replaces.MessageID)
			}
			p.Message = table.Message{ChannelID: e.Channel, MessageID: r.Msg.ID}
			// The live table is pinned in its thread, so that it stays one click away however
			// far the narration scrolls, and the copy it replaces is unpinned. Without the
			// permission, it is posted again as it scrolls away.
			replaces := ""
			if e.Replaces != nil && e.Replaces.ChannelID == e.Channel {
				replaces = e.Replaces.MessageID
			}
			p.Pinned = b.pins.Table(ctx, gameID, e.Game.GuildID, e.Channel, r.Msg.ID, replaces)
		}
		if _, err := b.tables.Report(ctx, gameID, p); err != nil && !errors.Is(err, live.ErrNoTable) {
			b.log.Error("post table", "game", gameID, "err", err)
		}
	})
}

// Discord refuses, after a few, the edits of a message more than an hour old (30046): a
// table message is posted anew before then, at the start of a hand once it is repostAge
// old, and at its next change once it is staleAge old.
const (
	repostAge = 30 * time.Minute
	staleAge  = 50 * time.Minute
)

// tableAging reports whether a table message is due to be posted anew rather than edited
// to show pub: it is staleAge old, or repostAge old and pub is a new hand's start, a
// moment when nobody is reading a trick off it. Its age is counted from when this process
// posted it, on the bot's clock; a message posted before the process started is as old as
// its ID says.
func (b *Bot) tableAging(m table.Message, pub *engine.View) bool {
	made, ok := b.postedAt(m.MessageID)
	if !ok {
		return false
	}
	age := b.now().Sub(made)
	return age >= staleAge || age >= repostAge && handStarts(pub)
}

// postedAt returns when a table message was posted: when this process posted it, or else
// what its ID says.
func (b *Bot) postedAt(messageID string) (time.Time, bool) {
	if t, ok := b.tableMsgs.Load(messageID); ok {
		return t.(time.Time), true
	}
	return rest.SnowflakeTime(messageID)
}

// handStarts reports whether a public view shows a hand that has just been dealt: no bid
// made, or in two-handed no card played.
func handStarts(v *engine.View) bool {
	if v.Rules().Stock {
		return v.Phase() == engine.PhasePlay && v.NumTricks() == 0 && len(v.Trick()) == 0
	}
	return v.Phase() == engine.PhaseBidding && len(v.Auction()) == 0
}

// staleTable tells a table that its message m is to be posted anew (live.Stale).
func (b *Bot) staleTable(gameID int64, m table.Message) {
	b.background(gameID, func(ctx context.Context) {
		if _, err := b.tables.Report(ctx, gameID, live.Stale{Message: m}); err != nil && !errors.Is(err, live.ErrNoTable) {
			b.log.Error("table message to post anew", "game", gameID, "err", err)
		}
	})
}

// tableAttempts is how often a table message is posted before the table gives up on it,
// tablePause the wait between two attempts.
const (
	tableAttempts = 4
	tablePause    = 5 * time.Second
)

// notifyTurn sends a direct message to the players who asked for one when it is their turn,
// with a link to the table. A failed DM (closed DMs) is only logged: the mention in the
// thread is there anyway. DMs go through the poster, paced like every channel.
func (b *Bot) notifyTurn(e live.NotifyTurn) {
	text := present.TurnDM(&e.Game)
	b.background(e.Game.ID, func(ctx context.Context) {
		for _, u := range e.Users {
			on, err := b.store.Notify(ctx, u)
			if err != nil || !on {
				continue
			}
			ch, err := b.s.UserChannelCreate(u, discordgo.WithContext(ctx))
			if err != nil {
				b.log.Info("turn DM not delivered; the mention stands", "user", u, "err", err)
				continue
			}
			// Through the poster, so that quick turns keep within the DM channel's limit
			// (turns that come while it waits gather into one message).
			b.post.Enqueue(ch.ID, &post.Message{Content: text})
		}
	})
}

// background runs f, work for table gameID, in a goroutine that Close waits for, with a
// context that ends after 30 seconds or when the bot stops; not once the bot is closing.
func (b *Bot) background(gameID int64, f func(ctx context.Context)) {
	if b.closing.Load() {
		return
	}
	b.handlers.Add(1)
	release := b.tables.Hold(gameID) // what it does may come back to the table
	go func() {
		defer b.handlers.Done()
		defer release()
		ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
		defer cancel()
		f(ctx)
	}()
}

// mentionsIn returns the users of list mentioned in text.
func mentionsIn(text string, list []string) []string {
	var out []string
	for _, u := range list {
		if strings.Contains(text, "<@"+u+">") {
			out = append(out, u)
		}
	}
	return out
}

// chunkLines joins lines into messages of at most n characters (runes, as Discord counts),
// cutting a line only when it is longer than a message on its own.
func chunkLines(lines []string, n int) []string {
	var out []string
	var cur strings.Builder
	size := 0 // the runes in cur
	for _, l := range lines {
		l = words.Truncate(l, n)
		ln := utf8.RuneCountInString(l)
		if size > 0 && size+1+ln > n {
			out = append(out, cur.String())
			cur.Reset()
			size = 0
		}
		if size > 0 {
			cur.WriteByte('\n')
			size++
		}
		cur.WriteString(l)
		size += ln
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out
}

// answering returns a channel closed once the interaction with token has been answered, or
// nil if it is not being answered now.
func (b *Bot) answering(token string) <-chan struct{} {
	if ch, ok := b.unanswered.Load(token); ok {
		return ch.(chan struct{})
	}
	return nil
}
