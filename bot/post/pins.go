package post

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// pinRetry is how long the bot stops pinning in a guild where pinning was refused for want
// of the permission, before it tries again (the permission may have been granted since).
// Discord counts refused requests against a bot, so it does not ask at every table.
const pinRetry = time.Hour

// Pins pins the tables' messages in their threads, and keeps where pinning is refused: by
// guild, until when not to try again, and whether the log has said so. Create one with
// NewPins.
type Pins struct {
	s   *discordgo.Session
	log *slog.Logger
	now func() time.Time

	mu      sync.Mutex
	refused map[string]time.Time
	logged  map[string]bool
}

// NewPins returns pins that go through s, log what fails to log, and tell the time with now.
func NewPins(s *discordgo.Session, log *slog.Logger, now func() time.Time) *Pins {
	return &Pins{s: s, log: log, now: now}
}

// pinEndpoint is Discord's current route for a channel's pin of a message. discordgo v0.29
// pins through the deprecated /channels/{id}/pins/{id}.
func pinEndpoint(channelID, messageID string) string {
	return discordgo.EndpointChannelMessages(channelID) + "/pins/" + messageID
}

// Table pins a table message in its thread and takes the pin off the copy it replaces,
// so that only the live table is pinned. It reports whether the message is pinned. Without
// the Pin Messages permission it says so once in the log, and the table is posted again as
// it scrolls away instead.
func (p *Pins) Table(ctx context.Context, gameID int64, guildID, channelID, messageID string, replaces string) bool {
	if !p.mayPin(guildID) {
		return false
	}
	err := p.request(ctx, http.MethodPut, channelID, messageID)
	if err != nil {
		p.refusedIn(guildID, gameID, err)
		return false
	}
	if replaces != "" {
		if err := p.request(ctx, http.MethodDelete, channelID, replaces); err != nil && !p.refusedIn(guildID, gameID, err) {
			p.log.Warn("the table's former copy could not be unpinned", "game", gameID, "err", err)
		}
	}
	return true
}

// request pins (PUT) or unpins (DELETE) a message through Discord's current route.
func (p *Pins) request(ctx context.Context, method, channelID, messageID string) error {
	bucket := discordgo.EndpointChannelMessages(channelID) + "/pins/"
	_, err := p.s.RequestWithBucketID(method, pinEndpoint(channelID, messageID), nil, bucket, discordgo.WithContext(ctx))
	return err
}

// mayPin reports whether to try pinning in a guild: not while a refusal for want of the
// permission is recent.
func (p *Pins) mayPin(guildID string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	until, ok := p.refused[guildID]
	return !ok || !p.now().Before(until)
}

// refusedIn handles a failed pin request: a refusal for want of the permission stops
// pinning in the guild for a while and is logged once per guild; any other failure is
// logged. It reports whether the failure was a refusal.
func (p *Pins) refusedIn(guildID string, gameID int64, err error) bool {
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Message == nil || re.Message.Code != discordgo.ErrCodeMissingPermissions {
		p.log.Warn("the table could not be pinned: it will be posted again as it scrolls away", "game", gameID, "err", err)
		return false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.refused == nil {
		p.refused, p.logged = map[string]time.Time{}, map[string]bool{}
	}
	p.refused[guildID] = p.now().Add(pinRetry)
	if !p.logged[guildID] {
		p.logged[guildID] = true
		p.log.Warn("the bot may not pin in this server (it needs the Pin Messages permission): tables are posted again as they scroll away instead",
			"guild", guildID, "game", gameID)
	}
	return true
}
