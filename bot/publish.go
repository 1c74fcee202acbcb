package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/storage"
)

// publish shows the public side of what just happened at a table: the narration in the
// table's thread (consecutive lines gathered into as few messages as fit), a mention of the
// human whose turn it now is, and the table message brought up to date. The caller holds
// t.mu.
func (b *Bot) publish(ctx context.Context, t *table, n *present.Narration) {
	channel := t.channel()
	lines := n.Lines
	n.Lines = nil
	var mentions []string
	if t.game != nil && !t.game.Over() && t.announced != t.game.LogLen() {
		line, ids := b.announceTurn(t)
		if line != "" {
			lines = append(lines, line)
			mentions = ids
		}
		t.announced = t.game.LogLen()
		var waiting []string
		for _, seat := range t.waitingHumans() {
			waiting = append(waiting, t.meta.Seats[seat].UserID)
		}
		b.notifyTurn(t, waiting)
	}
	// A hand's result goes out with its buttons: the lines up to it make their own posts.
	start := 0
	for i := range lines {
		buttons, ok := n.Buttons[lines[i]]
		if !ok && i < len(lines)-1 {
			continue
		}
		chunks := chunkLines(lines[start:i+1], maxContent)
		for k, chunk := range chunks {
			p := &post{content: chunk, mentions: mentionsIn(chunk, mentions)}
			if k == len(chunks)-1 && ok {
				p.components = buttons
			}
			b.post.enqueue(channel, p)
			t.postsSince++
		}
		start = i + 1
	}
	n.Buttons = nil
	if n.Sheet != nil {
		b.post.enqueue(channel, &post{embeds: []*discordgo.MessageEmbed{n.Sheet}, components: n.SheetButtons})
		n.Sheet, n.SheetButtons = nil, nil
	}
	b.refreshViews(t)
	if t.game != nil && !t.done && !t.pinned && !t.reposting && t.postsSince >= repostAfter {
		if m, ok := t.meta.Messages[roleTable]; ok {
			b.repostTable(t, m)
		}
	}
	if t.game != nil {
		if m, ok := t.meta.Messages[roleTable]; ok {
			e, comps := present.Table(&t.meta, ptr(t.game.View(-1)))
			b.post.enqueue(m.ChannelID, &post{editID: m.MessageID, embeds: []*discordgo.MessageEmbed{e}, components: comps})
		}
	}
	if t.done && t.meta.ThreadID != "" {
		b.post.enqueue(t.meta.ThreadID, &post{archive: true})
	}
	if !t.done {
		b.timers.arm(t)
		b.scheduleAutoplay(t)
	}
}

// channel is where a table's thread posts go: its thread, or its channel when it has none.
func (t *table) channel() string {
	if t.meta.ThreadID != "" {
		return t.meta.ThreadID
	}
	return t.meta.ChannelID
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
		l = present.Truncate(l, n)
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

// saveMeta writes a table's changing fields to storage. The caller holds t.mu.
func (b *Bot) saveMeta(ctx context.Context, t *table) error {
	if err := b.store.UpdateGame(ctx, t.meta); err != nil {
		return fmt.Errorf("update game %d: %w", t.meta.ID, err)
	}
	return nil
}

// now is the bot's clock.
func (b *Bot) now() time.Time { return b.clock.Now() }

// repostAfter is how many posts may go below an unpinned table message before it is
// posted again at the bottom of its thread.
const repostAfter = 12

// repostTable posts the table again at the bottom of its channel and turns the old copy
// into a link to the new one, without buttons, so that no stale copy stays live. The new
// copy is pinned if it can be. The caller holds t.mu.
func (b *Bot) repostTable(t *table, old storage.Message) {
	t.reposting = true
	e, comps := present.Table(&t.meta, ptr(t.game.View(-1)))
	done := make(chan sent, 1)
	b.post.enqueue(old.ChannelID, &post{embeds: []*discordgo.MessageEmbed{e}, components: comps, done: done})
	b.handlers.Add(1)
	go func() {
		defer b.handlers.Done()
		r := <-done
		ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
		defer cancel()
		pinErr := errors.New("not sent")
		if r.err == nil {
			pinErr = b.s.ChannelMessagePin(old.ChannelID, r.msg.ID, discordgo.WithContext(ctx))
		}
		t.mu.Lock()
		defer t.mu.Unlock()
		t.reposting = false
		if r.err != nil {
			b.log.Error("repost table", "game", t.meta.ID, "err", r.err)
			return
		}
		t.setTableMessage(storage.Message{ChannelID: old.ChannelID, MessageID: r.msg.ID}, pinErr == nil)
		// A table that ended meanwhile is kept in storage as it ended; its new copy still
		// shows how it ended, below.
		if !t.done {
			if err := b.saveMeta(ctx, t); err != nil {
				b.log.Error("repost table", "game", t.meta.ID, "err", err)
			}
		}
		link := fmt.Sprintf("https://discord.com/channels/%s/%s/%s", t.meta.GuildID, old.ChannelID, r.msg.ID)
		b.post.enqueue(old.ChannelID, &post{editID: old.MessageID, content: "The table has moved down: " + link,
			embeds: []*discordgo.MessageEmbed{}, components: []discordgo.MessageComponent{}})
		e, comps := present.Table(&t.meta, ptr(t.game.View(-1)))
		b.post.enqueue(old.ChannelID, &post{editID: r.msg.ID, embeds: []*discordgo.MessageEmbed{e}, components: comps})
	}()
}
