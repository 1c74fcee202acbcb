package bot

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
	"github.com/pinochle-discord/pinochle/internal/words"
)

// post is one message the bot sends to a channel, or one edit of a message it sent.
type post struct {
	content    string
	embeds     []*discordgo.MessageEmbed
	components []discordgo.MessageComponent
	// v2, when set, makes the post a Components V2 message (instead of content, embeds and
	// components), drawn when it goes out, in the channel's goroutine: never on a table's,
	// and only the last of the edits of one message that waited together.
	v2 func() present.Message
	// mentions are the users the message may ping; nobody else is.
	mentions []string
	// editID, when set, makes the post an edit of that message.
	editID string
	// archive makes the post archive the channel, a thread, once what is queued before it
	// has gone out.
	archive bool
	// view, when set, makes the post an edit of the original answer to the interaction
	// whose token it holds: a player's private message.
	view *viewEdit
	// frozen, when set, is called when Discord refuses the edit for good: the message takes
	// no more edits (30046, an hour old) or is gone (10008).
	frozen func()
	// done, when set, receives the message sent (or the error) once the post is done.
	done chan<- sent
	// nonce is the new message's nonce, set when it is first sent, so that Discord makes it
	// once however often it is sent.
	nonce string
}

// sent is the outcome of a post.
type sent struct {
	msg *discordgo.Message
	err error
}

// merges reports whether p can be sent as part of q, the post queued before it: two plain
// text posts that fit in one message, or two edits of the same message (the later wins).
func (p *post) mergeInto(q *post) bool {
	if p.done != nil || q.done != nil || p.archive || q.archive {
		return false
	}
	if p.view != nil || q.view != nil {
		if p.view != nil && q.view != nil {
			*q = *p
			return true
		}
		return false
	}
	if p.editID != "" || q.editID != "" {
		if p.editID == q.editID {
			*q = *p
			return true
		}
		return false
	}
	if len(p.embeds) > 0 || len(q.embeds) > 0 || len(p.components) > 0 || len(q.components) > 0 || p.v2 != nil || q.v2 != nil {
		return false
	}
	if len(q.content)+1+len(p.content) > maxContent {
		return false
	}
	q.content += "\n" + p.content
	q.mentions = append(q.mentions, p.mentions...)
	return true
}

// DefaultChannelRate is the posts and edits to channels a second a process makes at most
// (Config.ChannelRate): under the 50 a second Discord allows a bot token in all, with room
// for the requests outside the poster (pins, threads, commands).
const DefaultChannelRate = 45

// maxContent is the longest message content Discord accepts.
const maxContent = 2000

// poster sends the bot's messages, one queue per channel, in order, and keeps within
// Discord's limit of about 5 messages per 5 seconds in a channel: while a channel waits,
// text posts queued for it gather into one message and edits of one message into the last.
type poster struct {
	s      *discordgo.Session
	log    *slog.Logger
	limit  int
	window time.Duration
	// budget, when set, is shared by the posts and edits of every channel: each waits for
	// a place in it, in the order they ask, so that a busy process stays within its share
	// of the token's global limit and the channels are served in turn. The edits of private
	// views (interaction tokens, outside that limit) never wait for it.
	budget interface{ Wait(context.Context) error }
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
	posts []*post
	// recentSends and recentEdits are when the last new messages and edits went out,
	// oldest first, at most limit of each.
	recentSends, recentEdits []time.Time
	wake                     chan struct{}
	// sending is set while a post taken from the queue is being delivered.
	sending bool
}

func newPoster(s *discordgo.Session, log *slog.Logger, limit int, window time.Duration) *poster {
	ctx, cancel := context.WithCancel(context.Background())
	return &poster{s: s, log: log, limit: limit, window: window, queues: map[string]*channelQueue{}, stop: make(chan struct{}),
		delivered: make(chan struct{}), ctx: ctx, cancel: cancel}
}

// queueLocked returns a channel's queue, starting it (and its goroutine) if it has none.
// The caller holds p.mu.
func (p *poster) queueLocked(channelID string) *channelQueue {
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

// enqueue adds a post to a channel's queue, merging it into the post before it where it can.
func (p *poster) enqueue(channelID string, m *post) {
	p.mu.Lock()
	defer p.mu.Unlock()
	q := p.queueLocked(channelID)
	if n := len(q.posts); n > 0 && m.mergeInto(q.posts[n-1]) {
		return
	}
	if m.editID != "" {
		// An edit replaces any edit of the same message still waiting.
		for _, old := range q.posts {
			if old.editID == m.editID && old.done == nil && m.done == nil {
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

// assumeBusy makes the poster act as if a whole window's worth of messages and edits had
// just gone out to a channel. A bot that restarts does not know what the process before it
// sent; Discord does, so the resumed tables' channels wait one window before their next
// posts instead of going over the limit.
func (p *poster) assumeBusy(channelID string) {
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

// send queues a post and waits until it is sent.
func (p *poster) send(ctx context.Context, channelID string, m *post) (*discordgo.Message, error) {
	done := make(chan sent, 1)
	m.done = done
	p.enqueue(channelID, m)
	select {
	case r := <-done:
		return r.msg, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// run sends a channel's posts until its queue has been empty for a whole rate window.
// New messages and edits are paced separately (Discord limits them on separate routes),
// each at most limit per window, measured from when each request completed so that the
// spacing holds at Discord's end too.
func (p *poster) run(channelID string, q *channelQueue) {
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
		if m.editID != "" || m.archive {
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
		if m = q.posts[0]; m.view != nil {
			answered = m.view.answered
		}
		p.mu.Unlock()
		if answered != nil {
			// An edit of an interaction's answer waits for the answer itself.
			select {
			case <-answered:
			case <-time.After(answerWait):
			case <-p.stop:
			}
		}
		if m.view == nil && p.budget != nil {
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
		if err != nil && !errors.Is(err, errChannelGone) {
			where := channelID
			if m.view != nil {
				where = "a private message" // its key holds an interaction token: keep it out of the log
			}
			p.log.Warn("post failed", "channel", where, "edit", m.editID != "", "err", err)
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
			m.done <- sent{msg, err}
		}
	}
}

// answerWait bounds how long an edit of an interaction's answer waits for the answer:
// Discord wants the answer within 3 seconds.
const answerWait = 5 * time.Second

// paceMargin is added to the rate window so that requests a little faster on the wire
// than the one before them still arrive a whole window apart.
const paceMargin = 50 * time.Millisecond

// threadArchive is the auto-archive duration of tables' threads, in minutes: the longest
// Discord allows (a week), as long as the longest turn timer.
const threadArchive = 10080

// errChannelGone: the channel (a table's thread a moderator deleted) is no more; posts to
// it are dropped without asking Discord again.
var errChannelGone = errors.New("the channel is gone")

// deliverInThread delivers one post, minding threads: one that Discord archived (50083:
// idle for its auto-archive duration) is unarchived and the post sent again; one deleted
// (10003) takes no more posts, which the log says once, and the table goes on where it can
// still be shown (its lobby message, the players' private views).
func (p *poster) deliverInThread(channelID string, m *post) (*discordgo.Message, error) {
	p.mu.Lock()
	gone := p.gone[channelID]
	p.mu.Unlock()
	if gone && m.view == nil {
		return nil, errChannelGone
	}
	msg, err := p.deliver(channelID, m)
	if m.view != nil {
		return msg, err
	}
	switch restCode(err) {
	case codeOldEditsSpent, discordgo.ErrCodeUnknownMessage:
		if m.frozen != nil {
			m.frozen()
		}
		return msg, err
	case discordgo.ErrCodePerformedOperationOnArchivedThread:
		if m.archive {
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
		return nil, errChannelGone
	}
	return msg, err
}

// restCode returns the JSON error code of a Discord error, or 0.
func restCode(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Message != nil {
		return re.Message.Code
	}
	return 0
}

// deliver sends or edits one message.
func (p *poster) deliver(channelID string, m *post) (*discordgo.Message, error) {
	if m.view != nil {
		return nil, editResponseV2(p.s, m.view.appID, m.view.token, m.view.issued, m.view.render())
	}
	if m.archive {
		archived := true
		_, err := p.s.ChannelEditComplex(channelID, &discordgo.ChannelEdit{Archived: &archived})
		return nil, err
	}
	allowed := &discordgo.MessageAllowedMentions{Users: dedupe(m.mentions)}
	if m.v2 != nil {
		return p.deliverV2(channelID, m, allowed)
	}
	if m.editID != "" {
		e := &discordgo.MessageEdit{ID: m.editID, Channel: channelID, AllowedMentions: allowed}
		if m.content != "" {
			e.Content = &m.content
		}
		if m.embeds != nil {
			e.Embeds = &m.embeds
		}
		components := m.components
		if components == nil {
			components = []discordgo.MessageComponent{}
		}
		e.Components = &components
		return p.s.ChannelMessageEditComplex(e)
	}
	if m.content == "" && len(m.embeds) == 0 {
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
		Content: words.Truncate(m.content, maxContent), Embeds: m.embeds, Components: m.components, AllowedMentions: allowed,
	}, m.nonce, true}
	endpoint := discordgo.EndpointChannelMessages(channelID)
	resp, err := p.s.RequestWithBucketID(http.MethodPost, endpoint, body, endpoint, discordgo.WithContext(idempotent(context.Background())))
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
func (p *poster) deliverV2(channelID string, m *post, allowed *discordgo.MessageAllowedMentions) (*discordgo.Message, error) {
	msg := m.v2()
	if m.editID != "" {
		empty, noEmbeds := "", []*discordgo.MessageEmbed{}
		return p.s.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: m.editID, Channel: channelID, Flags: v2Flags,
			Content: &empty, Embeds: &noEmbeds, Components: &msg.Components, Files: rewound(msg.Files),
			Attachments: &[]*discordgo.MessageAttachment{}, AllowedMentions: allowed})
	}
	if m.nonce == "" {
		m.nonce = newNonce()
	}
	body := struct {
		*discordgo.MessageSend
		Nonce        string `json:"nonce"`
		EnforceNonce bool   `json:"enforce_nonce"`
	}{&discordgo.MessageSend{Components: msg.Components, Flags: v2Flags, AllowedMentions: allowed}, m.nonce, true}
	endpoint := discordgo.EndpointChannelMessages(channelID)
	ctx := discordgo.WithContext(idempotent(context.Background()))
	var resp []byte
	var err error
	if files := rewound(msg.Files); len(files) > 0 {
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

// close ends the poster: every channel's goroutine returns once its queue is empty, and
// close waits for them. Posts queued after it are dropped: flush first.
func (p *poster) close() {
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

// flush blocks until every queued post has been delivered, or ctx ends.
func (p *poster) flush(ctx context.Context) error {
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

// idle reports whether no post is queued or being delivered.
func (p *poster) idle() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.idleLocked()
}

// idleLocked is idle with p.mu held.
func (p *poster) idleLocked() bool {
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
