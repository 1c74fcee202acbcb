package bot

import (
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/present"
)

// viewLifetime is how long the bot edits a private message through its interaction token:
// Discord allows 15 minutes; a margin keeps clear of the end.
const viewLifetime = 14 * time.Minute

// viewEdit is an edit of a player's private message.
type viewEdit struct {
	appID, token string
	edit         *discordgo.WebhookEdit
}

// refreshViews brings up to date the private messages of the seats the game now waits for,
// where the bot may still edit them, so that a player who keeps their hand open sees their
// controls arrive without pressing anything. The caller holds t.mu.
func (b *Bot) refreshViews(t *table) {
	if t.game == nil {
		return
	}
	now := b.now()
	for seat, v := range t.views {
		if now.Sub(v.at) >= viewLifetime {
			delete(t.views, seat)
			continue
		}
		if v.step == t.game.LogLen() || !(t.game.Waiting(seat) || t.game.Over() || t.done) {
			continue
		}
		data := present.Hand(&t.meta, ptr(t.game.View(seat)), "")
		content := data.Content
		components := data.Components
		b.post.enqueue("view:"+v.token, &post{view: &viewEdit{appID: b.appID, token: v.token, edit: &discordgo.WebhookEdit{
			Content: &content, Components: &components, AllowedMentions: &discordgo.MessageAllowedMentions{},
		}}})
		v.step = t.game.LogLen()
		t.views[seat] = v
	}
}

// ptr returns a pointer to a copy of v.
func ptr[T any](v T) *T { return &v }
