package bot

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// pinRetry is how long the bot stops pinning in a guild where pinning was refused for want
// of the permission, before it tries again (the permission may have been granted since).
// Discord counts refused requests against a bot, so it does not ask at every table.
const pinRetry = time.Hour

// pins keeps where pinning is refused: by guild, until when not to try again, and whether
// the log has said so.
type pins struct {
	mu      sync.Mutex
	refused map[string]time.Time
	logged  map[string]bool
}

// pinEndpoint is Discord's current route for a channel's pin of a message. discordgo v0.29
// pins through the deprecated /channels/{id}/pins/{id}.
func pinEndpoint(channelID, messageID string) string {
	return discordgo.EndpointChannelMessages(channelID) + "/pins/" + messageID
}

// pinTable pins a table message in its thread and takes the pin off the copy it replaces,
// so that only the live table is pinned. It reports whether the message is pinned. Without
// the Pin Messages permission it says so once in the log, and the table is posted again as
// it scrolls away instead.
func (b *Bot) pinTable(ctx context.Context, gameID int64, guildID, channelID, messageID string, replaces string) bool {
	if !b.mayPin(guildID) {
		return false
	}
	err := b.pinRequest(ctx, http.MethodPut, channelID, messageID)
	if err != nil {
		b.pinRefused(guildID, gameID, err)
		return false
	}
	if replaces != "" {
		if err := b.pinRequest(ctx, http.MethodDelete, channelID, replaces); err != nil && !b.pinRefused(guildID, gameID, err) {
			b.log.Warn("the table's former copy could not be unpinned", "game", gameID, "err", err)
		}
	}
	return true
}

// pinRequest pins (PUT) or unpins (DELETE) a message through Discord's current route.
func (b *Bot) pinRequest(ctx context.Context, method, channelID, messageID string) error {
	bucket := discordgo.EndpointChannelMessages(channelID) + "/pins/"
	_, err := b.s.RequestWithBucketID(method, pinEndpoint(channelID, messageID), nil, bucket, discordgo.WithContext(ctx))
	return err
}

// mayPin reports whether to try pinning in a guild: not while a refusal for want of the
// permission is recent.
func (b *Bot) mayPin(guildID string) bool {
	b.pins.mu.Lock()
	defer b.pins.mu.Unlock()
	until, ok := b.pins.refused[guildID]
	return !ok || !b.now().Before(until)
}

// pinRefused handles a failed pin request: a refusal for want of the permission stops
// pinning in the guild for a while and is logged once per guild; any other failure is
// logged. It reports whether the failure was a refusal.
func (b *Bot) pinRefused(guildID string, gameID int64, err error) bool {
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Message == nil || re.Message.Code != discordgo.ErrCodeMissingPermissions {
		b.log.Warn("the table could not be pinned: it will be posted again as it scrolls away", "game", gameID, "err", err)
		return false
	}
	b.pins.mu.Lock()
	defer b.pins.mu.Unlock()
	if b.pins.refused == nil {
		b.pins.refused, b.pins.logged = map[string]time.Time{}, map[string]bool{}
	}
	b.pins.refused[guildID] = b.now().Add(pinRetry)
	if !b.pins.logged[guildID] {
		b.pins.logged[guildID] = true
		b.log.Warn("the bot may not pin in this server (it needs the Pin Messages permission): tables are posted again as they scroll away instead",
			"guild", guildID, "game", gameID)
	}
	return true
}
