// Package post sends the bot's messages to Discord's channels, and edits them, within
// Discord's rate limits: one queue per channel, in order, where posts that wait gather into
// one message and edits of one message into the last; one budget shared by every channel of
// the process; threads unarchived to be written in. It pins the tables' messages too.
package post

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/bot/rest"
	"github.com/pinochle-discord/pinochle/internal/words"
)

// Message is one message the bot sends to a channel, or one edit of a message it sent.
type Message struct {
	Content    string
	Embeds     []*discordgo.MessageEmbed
	Components []discordgo.MessageComponent
	// V2, when set, makes the message a Components V2 message (instead of Content, Embeds
	// and Components), drawn when it goes out, in the channel's goroutine: never on a
	// table's, and only the last of the edits of one message that waited together.
	V2 func() present.Message
	// Mentions are the users the message may ping; nobody else is.
	Mentions []string
	// EditID, when set, makes the message an edit of that message.
	EditID string
	// Archive makes the message archive the channel, a thread, once what is queued before
	// it has gone out (it sends nothing else).
	Archive bool
	// View, when set, makes the message an edit of the original answer to an interaction: a
	// player's private message.
	View *View
	// Frozen, when set, is called when Discord refuses the edit for good: the message takes
	// no more edits (30046, an hour old) or is gone (10008).
	Frozen func()

	// done, when set, receives the message sent (or the error) once the post is done.
	done chan<- Sent
	// nonce is the new message's nonce, set when it is first sent, so that Discord makes it
	// once however often it is sent.
	nonce string
}

// View is an edit of the original answer to an interaction: a player's private message.
type View struct {
	AppID, Token string
	// Issued is when the interaction's token was issued: it edits for rest.TokenDeadline.
	Issued time.Time
	// Render draws the view when the edit goes out.
	Render func() present.Message
	// Answered, when set, is closed once the interaction has its first answer: the edit
	// waits for it (at most answerWait).
	Answered <-chan struct{}
}

// Sent is the outcome of a message: the message Discord made or edited, or the error.
type Sent struct {
	Msg *discordgo.Message
	Err error
}

// mergeInto reports whether p can be sent as part of q, the message queued before it: two
// plain text messages that fit in one, or two edits of the same message (the later wins).
func (p *Message) mergeInto(q *Message) bool {
	if p.done != nil || q.done != nil || p.Archive || q.Archive {
		return false
	}
	if p.View != nil || q.View != nil {
		if p.View != nil && q.View != nil {
			*q = *p
			return true
		}
		return false
	}
	if p.EditID != "" || q.EditID != "" {
		if p.EditID == q.EditID {
			*q = *p
			return true
		}
		return false
	}
	if len(p.Embeds) > 0 || len(q.Embeds) > 0 || len(p.Components) > 0 || len(q.Components) > 0 || p.V2 != nil || q.V2 != nil {
		return false
	}
	if len(q.Content)+1+len(p.Content) > rest.MaxContent {
		return false
	}
	q.Content += "\n" + p.Content
	q.Mentions = append(q.Mentions, p.Mentions...)
	return true
}

// Budget is a limit shared by every channel's posts and edits (a *rate.Limiter fits): Wait
// returns once a request may go out, or with ctx's error.
type Budget interface {
	Wait(ctx context.Context) error
}

// Poster sends the bot's messages, one queue per channel, in order, and keeps within
// Discord's limit of about 5 messages per 5 seconds in a channel: while a channel waits,
// text posts queued for it gather into one message and edits of one message into the last.
// Create one with New; Close joins its goroutines.
type Poster struct {
	s      *discordgo.Session
	log    *slog.Logger
	limit  int
	window time.Duration
	// budget, when set, is shared by the posts and edits of every channel: each waits for
	// a place in it, in the order they ask, so that a busy process stays within its share
	// of the token's global limit and the channels are served in turn. The edits of private
	// views (interaction tokens, outside that limit) never wait for it.
	budget Budget
	// ctx ends when the poster closes, cancelling a wait for the budget.
	ctx    context.Context
	cancel context.CancelFunc

	mu     sync.Mutex
	queues map[string]*channelQueue
	closed bool          // set by close: no queue starts after it
	stop   chan struct{} // closed by close: idle queues end at once
	wg     sync.WaitGroup
	// delivered is closed and replaced each time a post has been delivered (flush).
	delivered chan struct{}
	// gone holds the channels Discord no longer knows (deleted threads).
	gone map[string]bool
}

type channelQueue struct {
	posts []*Message
	// recentSends and recentEdits are when the last new messages and edits went out,
	// oldest first, at most limit of each.
	recentSends, recentEdits []time.Time
	wake                     chan struct{}
	// sending is set while a post taken from the queue is being delivered.
	sending bool
}

// New returns a poster sending through s, at most limit new messages and limit edits per
// window in a channel, each post and edit to a channel taking its place in budget (nil for
// none) first. It logs to log what fails.
func New(s *discordgo.Session, log *slog.Logger, limit int, window time.Duration, budget Budget) *Poster {
	ctx, cancel := context.WithCancel(context.Background())
	return &Poster{s: s, log: log, limit: limit, window: window, budget: budget, queues: map[string]*channelQueue{},
		stop: make(chan struct{}), delivered: make(chan struct{}), ctx: ctx, cancel: cancel}
}

// queueLocked returns a channel's queue, starting it (and its goroutine) if it has none.
// The caller holds p.mu.
func (p *Poster) queueLocked(channelID string) *channelQueue {
	q, ok := p.queues[channelID]
	if !ok {
		q = &channelQueue{wake: make(chan struct{}, 1)}
		if p.closed {
			// Nothing will send it: a post after close is dropped, as the log says.
			p.log.Warn("post after the bot closed, dropped", "channel", channelID)
			return q
		}
		p.queues[channelID] = q
		p.wg.Add(1)
		go p.run(channelID, q)
	}
	return q
}

// Enqueue adds m to a channel's queue, merging it into the message before it where it can.
// The channel of a View is a key of the caller's choosing (one per interaction token).
func (p *Poster) Enqueue(channelID string, m *Message) {
	p.mu.Lock()
	defer p.mu.Unlock()
	q := p.queueLocked(channelID)
	if n := len(q.posts); n > 0 && m.mergeInto(q.posts[n-1]) {
		return
	}
	if m.EditID != "" {
		// An edit replaces any edit of the same message still waiting.
		for _, old := range q.posts {
			if old.EditID == m.EditID && old.done == nil && m.done == nil {
				*old = *m
				return
			}
		}
	}
	q.posts = append(q.posts, m)
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

// AssumeBusy makes the poster act as if a whole window's worth of messages and edits had
// just gone out to a channel. A bot that restarts does not know what the process before it
// sent; Discord does, so the resumed tables' channels wait one window before their next
// posts instead of going over the limit.
func (p *Poster) AssumeBusy(channelID string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	q := p.queueLocked(channelID)
	now := time.Now()
	q.recentSends, q.recentEdits = q.recentSends[:0], q.recentEdits[:0]
	for range p.limit {
		q.recentSends = append(q.recentSends, now)
		q.recentEdits = append(q.recentEdits, now)
	}
}

// Post queues m, which merges with no other, and returns a channel that receives its
// outcome once it has gone out.
func (p *Poster) Post(channelID string, m *Message) <-chan Sent {
	done := make(chan Sent, 1)
	m.done = done
	p.Enqueue(channelID, m)
	return done
}

// Send queues m, as Post, and waits until it has gone out or ctx ends.
func (p *Poster) Send(ctx context.Context, channelID string, m *Message) (*discordgo.Message, error) {
	select {
	case r := <-p.Post(channelID, m):
		return r.Msg, r.Err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// run sends a channel's posts until its queue has been empty for a whole rate window.
// New messages and edits are paced separately (Discord limits them on separate routes),
// each at most limit per window, measured from when each request completed so that the
// spacing holds at Discord's end too.
func (p *Poster) run(channelID string, q *channelQueue) {
	defer p.wg.Done()
	for {
		p.mu.Lock()
		if len(q.posts) == 0 {
			p.mu.Unlock()
			select {
			case <-q.wake:
				continue
			case <-time.After(p.window):
			case <-p.stop:
			}
			p.mu.Lock()
			if len(q.posts) == 0 {
				delete(p.queues, channelID)
				p.mu.Unlock()
				return
			}
		}
		m := q.posts[0]
		history := &q.recentSends
		if m.EditID != "" || m.Archive {
			history = &q.recentEdits
		}
		wait := time.Duration(0)
		if len(*history) >= p.limit {
			wait = time.Until((*history)[len(*history)-p.limit].Add(p.window + paceMargin))
		}
		p.mu.Unlock()
		if wait > 0 {
			time.Sleep(wait)
		}
		p.mu.Lock()
		var answered <-chan struct{}
		if m = q.posts[0]; m.View != nil {
			answered = m.View.Answered
		}
		view := m.View != nil // m is read under the lock: posts merge into it meanwhile
		p.mu.Unlock()
		if answered != nil {
			// An edit of an interaction's answer waits for the answer itself.
			select {
			case <-answered:
			case <-time.After(answerWait):
			case <-p.stop:
			}
		}
		if !view && p.budget != nil {
			// Its place in the budget shared with every channel; edits queued meanwhile
			// merge into m.
			if err := p.budget.Wait(p.ctx); err != nil {
				p.log.Debug("budget wait given up: the poster closes", "err", err)
			}
		}
		p.mu.Lock()
		// Posts queued while waiting may have merged into m: take it now.
		m = q.posts[0]
		q.posts = q.posts[1:]
		q.sending = true
		p.mu.Unlock()
		msg, err := p.deliverInThread(channelID, m)
		if err != nil && !errors.Is(err, ErrChannelGone) {
			where := channelID
			if m.View != nil {
				where = "a private message" // its key holds an interaction token: keep it out of the log
			}
			p.log.Warn("post failed", "channel", where, "edit", m.EditID != "", "err", err)
		}
		p.mu.Lock()
		*history = append(*history, time.Now())
		if len(*history) > p.limit {
			*history = (*history)[len(*history)-p.limit:]
		}
		q.sending = false
		close(p.delivered)
		p.delivered = make(chan struct{})
		p.mu.Unlock()
		if m.done != nil {
			m.done <- Sent{msg, err}
		}
	}
}

// answerWait bounds how long an edit of an interaction's answer waits for the answer:
// Discord wants the answer within 3 seconds.
const answerWait = 5 * time.Second

// paceMargin is added to the rate window so that requests a little faster on the wire
// than the one before them still arrive a whole window apart.
const paceMargin = 50 * time.Millisecond

// ThreadArchive is the auto-archive duration of tables' threads, in minutes: the longest
// Discord allows (a week), as long as the longest turn timer.
const ThreadArchive = 10080

// ErrChannelGone: the channel (a table's thread a moderator deleted) is no more; posts to
// it are dropped without asking Discord again.
var ErrChannelGone = errors.New("the channel is gone")

// deliverInThread delivers one post, minding threads: one that Discord archived (50083:
// idle for its auto-archive duration) is unarchived and the post sent again; one deleted
// (10003) takes no more posts, which the log says once, and the table goes on where it can
// still be shown (its lobby message, the players' private views).
func (p *Poster) deliverInThread(channelID string, m *Message) (*discordgo.Message, error) {
	p.mu.Lock()
	gone := p.gone[channelID]
	p.mu.Unlock()
	if gone && m.View == nil {
		return nil, ErrChannelGone
	}
	msg, err := p.deliver(channelID, m)
	if m.View != nil {
		return msg, err
	}
	switch rest.Code(err) {
	case rest.CodeOldEditsSpent, discordgo.ErrCodeUnknownMessage:
		if m.Frozen != nil {
			m.Frozen()
		}
		return msg, err
	case discordgo.ErrCodePerformedOperationOnArchivedThread:
		if m.Archive {
			return nil, nil // archived already
		}
		archived := false
		if _, uerr := p.s.ChannelEditComplex(channelID, &discordgo.ChannelEdit{Archived: &archived}); uerr != nil {
			return nil, fmt.Errorf("unarchive the thread: %w (after %w)", uerr, err)
		}
		p.log.Info("unarchived a table's thread to write in it", "channel", channelID)
		return p.deliver(channelID, m)
	case discordgo.ErrCodeUnknownChannel:
		p.mu.Lock()
		if p.gone == nil {
			p.gone = map[string]bool{}
		}
		p.gone[channelID] = true
		p.mu.Unlock()
		p.log.Warn("the channel is gone (deleted?): its posts are dropped", "channel", channelID)
		return nil, ErrChannelGone
	}
	return msg, err
}

// deliver sends or edits one message.
func (p *Poster) deliver(channelID string, m *Message) (*discordgo.Message, error) {
	if m.View != nil {
		return nil, rest.EditResponseV2(p.s, m.View.AppID, m.View.Token, m.View.Issued, m.View.Render())
	}
	if m.Archive {
		archived := true
		_, err := p.s.ChannelEditComplex(channelID, &discordgo.ChannelEdit{Archived: &archived})
		return nil, err
	}
	allowed := &discordgo.MessageAllowedMentions{Users: dedupe(m.Mentions)}
	if m.V2 != nil {
		return p.deliverV2(channelID, m, allowed)
	}
	if m.EditID != "" {
		e := &discordgo.MessageEdit{ID: m.EditID, Channel: channelID, AllowedMentions: allowed}
		if m.Content != "" {
			e.Content = &m.Content
		}
		if m.Embeds != nil {
			e.Embeds = &m.Embeds
		}
		components := m.Components
		if components == nil {
			components = []discordgo.MessageComponent{}
		}
		e.Components = &components
		return p.s.ChannelMessageEditComplex(e)
	}
	if m.Content == "" && len(m.Embeds) == 0 {
		return nil, errors.New("empty post")
	}
	if m.nonce == "" {
		m.nonce = newNonce()
	}
	// With a nonce Discord enforces, sending the message again after a failure Discord may
	// have applied (a 500 after creating it) makes no second copy: the transport may retry.
	body := struct {
		*discordgo.MessageSend
		Nonce        string `json:"nonce"`
		EnforceNonce bool   `json:"enforce_nonce"`
	}{&discordgo.MessageSend{
		Content: words.Truncate(m.Content, rest.MaxContent), Embeds: m.Embeds, Components: m.Components, AllowedMentions: allowed,
	}, m.nonce, true}
	endpoint := discordgo.EndpointChannelMessages(channelID)
	resp, err := p.s.RequestWithBucketID(http.MethodPost, endpoint, body, endpoint, discordgo.WithContext(rest.Idempotent(context.Background())))
	if err != nil {
		return nil, err
	}
	var msg discordgo.Message
	if err := json.Unmarshal(resp, &msg); err != nil {
		return nil, fmt.Errorf("read the message Discord made: %w", err)
	}
	return &msg, nil
}

// deliverV2 sends or edits a Components V2 message. An edit replaces the message's content,
// embeds and files with the V2 message's (Discord lets an edit turn a message into V2 when it
// empties its content and embeds), so that a message posted before the bot showed V2 turns
// into one at its next edit.
func (p *Poster) deliverV2(channelID string, m *Message, allowed *discordgo.MessageAllowedMentions) (*discordgo.Message, error) {
	msg := m.V2()
	if m.EditID != "" {
		empty, noEmbeds := "", []*discordgo.MessageEmbed{}
		return p.s.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: m.EditID, Channel: channelID, Flags: rest.V2Flags,
			Content: &empty, Embeds: &noEmbeds, Components: &msg.Components, Files: rest.Rewound(msg.Files),
			Attachments: &[]*discordgo.MessageAttachment{}, AllowedMentions: allowed})
	}
	if m.nonce == "" {
		m.nonce = newNonce()
	}
	body := struct {
		*discordgo.MessageSend
		Nonce        string `json:"nonce"`
		EnforceNonce bool   `json:"enforce_nonce"`
	}{&discordgo.MessageSend{Components: msg.Components, Flags: rest.V2Flags, AllowedMentions: allowed}, m.nonce, true}
	endpoint := discordgo.EndpointChannelMessages(channelID)
	ctx := discordgo.WithContext(rest.Idempotent(context.Background()))
	var resp []byte
	var err error
	if files := rest.Rewound(msg.Files); len(files) > 0 {
		contentType, multipart, merr := discordgo.MultipartBodyWithJSON(body, files)
		if merr != nil {
			return nil, fmt.Errorf("encode the message: %w", merr)
		}
		resp, err = p.s.RequestRaw(http.MethodPost, endpoint, contentType, multipart, endpoint, 0, ctx)
	} else {
		resp, err = p.s.RequestWithBucketID(http.MethodPost, endpoint, body, endpoint, ctx)
	}
	if err != nil {
		return nil, err
	}
	var made discordgo.Message
	if err := json.Unmarshal(resp, &made); err != nil {
		return nil, fmt.Errorf("read the message Discord made: %w", err)
	}
	return &made, nil
}

// newNonce returns a message nonce: 20 random digits at most, within Discord's 25
// characters.
func newNonce() string {
	var b [8]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	return strconv.FormatUint(binary.LittleEndian.Uint64(b[:])>>1, 10)
}

// Close ends the poster: every channel's goroutine returns once its queue is empty, and
// Close waits for them. Posts queued after it are dropped: Flush first.
func (p *Poster) Close() {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return
	}
	p.closed = true
	close(p.stop)
	p.mu.Unlock()
	p.cancel()
	p.wg.Wait()
}

// Flush blocks until every queued post has been delivered, or ctx ends.
func (p *Poster) Flush(ctx context.Context) error {
	for {
		p.mu.Lock()
		idle, delivered := p.idleLocked(), p.delivered
		p.mu.Unlock()
		if idle {
			return nil
		}
		select {
		case <-delivered:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// Idle reports whether no post is queued or being delivered.
func (p *Poster) Idle() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.idleLocked()
}

// idleLocked is idle with p.mu held.
func (p *Poster) idleLocked() bool {
	for _, q := range p.queues {
		if len(q.posts) > 0 || q.sending {
			return false
		}
	}
	return true
}

// dedupe returns the distinct strings of list, in order.
func dedupe(list []string) []string {
	out := []string{}
	seen := map[string]bool{}
	for _, s := range list {
		if !seen[s] && strings.TrimSpace(s) != "" {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
