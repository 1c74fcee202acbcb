package bot

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// publish shows the public side of what just happened at a table: the narration in the
// table's thread (consecutive lines gathered into as few messages as fit), a mention of the
// human whose turn it now is, and the table message brought up to date. The caller holds
// t.mu.
func (b *Bot) publish(ctx context.Context, t *table, n *narration) {
	channel := t.channel()
	lines := n.lines
	n.lines = nil
	var mentions []string
	if t.game != nil && !t.game.Over() && t.announced != t.game.LogLen() {
		var who []string
		for _, seat := range t.waitingHumans() {
			id := t.meta.Seats[seat].UserID
			who = append(who, "<@"+id+">")
			mentions = append(mentions, id)
		}
		if len(who) > 0 {
			lines = append(lines, fmt.Sprintf("%s, your turn: press **My hand**.", strings.Join(who, ", ")))
		}
		t.announced = t.game.LogLen()
		b.notifyTurn(t, mentions)
	}
	for _, chunk := range chunkLines(lines, maxContent) {
		b.post.enqueue(channel, &post{content: chunk, mentions: mentionsIn(chunk, mentions)})
	}
	b.refreshViews(t)
	if t.game != nil {
		if m, ok := t.meta.Messages[roleTable]; ok {
			e, comps := tableMessage(&t.meta, t.game)
			b.post.enqueue(m.ChannelID, &post{editID: m.MessageID, embeds: []*discordgo.MessageEmbed{e}, components: comps})
		}
	}
	if t.done && t.meta.ThreadID != "" {
		b.post.enqueue(t.meta.ThreadID, &post{archive: true})
	}
	if !t.done {
		b.timers.arm(t)
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

// chunkLines joins lines into messages of at most n bytes, cutting a line only when it is
// longer than a message on its own.
func chunkLines(lines []string, n int) []string {
	var out []string
	var cur strings.Builder
	for _, l := range lines {
		l = truncate(l, n)
		if cur.Len() > 0 && cur.Len()+1+len(l) > n {
			out = append(out, cur.String())
			cur.Reset()
		}
		if cur.Len() > 0 {
			cur.WriteByte('\n')
		}
		cur.WriteString(l)
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
