// Package rest makes the bot's requests to Discord's REST API: the transports every request
// goes through (one that tries again what Discord refuses for a moment, within the request's
// deadline, and one that sends it to another address), and the answers to interactions and
// their edits, sent without discordgo's per-URL rate-limit buckets (discordgo#1333).
package rest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/internal/words"
)

// RewriteTransport returns an http.RoundTripper that sends every request to base instead
// of the request's own scheme and host, keeping the path (after base's path, if any) and
// the query. discordgo computes its endpoint URLs (https://discord.com/api/v9/...) when its
// package loads, so a session reaches a REST proxy, or the fake Discord of the tests, by
// setting Session.Client.Transport to this. next is the transport that carries the
// rewritten request; nil means http.DefaultTransport.
func RewriteTransport(base string, next http.RoundTripper) (http.RoundTripper, error) {
	u, err := url.Parse(base)
	if err != nil {
		return nil, fmt.Errorf("API URL: %w", err)
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return nil, fmt.Errorf("API URL %q needs an http or https scheme and a host", base)
	}
	if next == nil {
		next = http.DefaultTransport
	}
	return &rewriteTransport{base: u, next: next}, nil
}

type rewriteTransport struct {
	base *url.URL
	next http.RoundTripper
}

// RoundTrip implements http.RoundTripper.
func (t *rewriteTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	r := req.Clone(req.Context())
	r.URL.Scheme = t.base.Scheme
	r.URL.Host = t.base.Host
	if p := strings.TrimSuffix(t.base.Path, "/"); p != "" {
		r.URL.Path = p + r.URL.Path
		if r.URL.RawPath != "" {
			r.URL.RawPath = strings.TrimSuffix(t.base.EscapedPath(), "/") + r.URL.RawPath
		}
	}
	r.Host = ""
	return t.next.RoundTrip(r)
}

// MaxContent is the longest message content Discord accepts, in characters.
const MaxContent = 2000

// InteractionRequest sends a request on an interaction's own endpoints (its callback, its
// original response and follow-ups) and returns the body of Discord's answer.
//
// discordgo keeps one rate-limit bucket per URL and never frees it (discordgo#1333): the
// URLs of interactions hold their token, so a long-running bot would grow with every
// click. These requests go through a rate limiter of their own that is dropped once the
// request is done. A 429 or a server error is tried again by the session's transport
// (NewRetryTransport) while the answer can still arrive in time: within three seconds of the
// interaction for the first answer, within its token's 15 minutes for an edit (ctx carries
// that deadline: AnswerBy). What cannot fails.
func InteractionRequest(ctx context.Context, s *discordgo.Session, method, endpoint string, data any, files ...*discordgo.File) ([]byte, error) {
	contentType := "application/json"
	body, err := discordgo.Marshal(data)
	if len(files) > 0 {
		contentType, body, err = discordgo.MultipartBodyWithJSON(data, files)
	}
	if err != nil {
		return nil, fmt.Errorf("encode %s: %w", method, err)
	}
	limiter := discordgo.NewRatelimiter()
	bucket := limiter.LockBucket("interaction")
	resp, err := s.RequestWithLockedBucket(method, endpoint, contentType, body, bucket, 0,
		discordgo.WithRetryOnRatelimit(false), discordgo.WithRestRetries(0), discordgo.WithContext(ctx))
	if err != nil {
		var rl *discordgo.RateLimitError
		if errors.As(err, &rl) {
			return nil, fmt.Errorf("interaction %s rate limited (retry after %s)", method, rl.RetryAfter)
		}
		return nil, fmt.Errorf("interaction %s: %w", method, redactToken(err, endpoint))
	}
	return resp, nil
}

// Respond answers an interaction.
func Respond(s *discordgo.Session, i *discordgo.Interaction, r *discordgo.InteractionResponse) error {
	var files []*discordgo.File
	if r.Data != nil {
		files = r.Data.Files
	}
	_, err := InteractionRequest(context.Background(), s, http.MethodPost, discordgo.EndpointInteractionResponse(i.ID, i.Token), r, files...)
	return err
}

// Reply answers an interaction with text only its user sees, cut to MaxContent, which
// pings nobody.
func Reply(s *discordgo.Session, i *discordgo.Interaction, text string) error {
	return Respond(s, i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{
			Content: words.Truncate(text, MaxContent), Flags: discordgo.MessageFlagsEphemeral,
			AllowedMentions: &discordgo.MessageAllowedMentions{},
		},
	})
}

// DeferPrivate answers an interaction with a private "thinking", which EditText or
// EditResponse fills in later: for commands that wait for something before they answer.
func DeferPrivate(s *discordgo.Session, i *discordgo.Interaction) error {
	return Respond(s, i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}})
}

// EditText edits the original answer to interaction i, of application appID, into text,
// which pings nobody.
func EditText(s *discordgo.Session, appID string, i *discordgo.Interaction, text string) error {
	return EditResponse(s, appID, i.Token, IssuedAt(i), &discordgo.WebhookEdit{Content: &text, AllowedMentions: &discordgo.MessageAllowedMentions{}})
}

// EditResponse edits the original answer to an interaction, possible for TokenDeadline
// after the interaction was issued.
func EditResponse(s *discordgo.Session, appID, token string, issued time.Time, e *discordgo.WebhookEdit) error {
	ctx := AnswerBy(context.Background(), issued.Add(TokenDeadline))
	_, err := InteractionRequest(ctx, s, http.MethodPatch, discordgo.EndpointWebhookMessage(appID, token, "@original"), e, e.Files...)
	return err
}

// V2Flags are the flags of every message the bot shows as Components V2.
const V2Flags = discordgo.MessageFlagsIsComponentsV2

// answerEdit is an edit of an interaction's answer with the flags that discordgo's
// WebhookEdit lacks: an answer deferred without them becomes Components V2 by its edit.
type answerEdit struct {
	Content         *string                           `json:"content,omitempty"`
	Embeds          *[]*discordgo.MessageEmbed        `json:"embeds,omitempty"`
	Components      *[]discordgo.MessageComponent     `json:"components,omitempty"`
	Attachments     *[]*discordgo.MessageAttachment   `json:"attachments,omitempty"`
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions,omitempty"`
	Flags           discordgo.MessageFlags            `json:"flags,omitempty"`
}

// EditResponseV2 edits the original answer to an interaction into m, a Components V2
// message, its files replacing those it had; possible for TokenDeadline after the
// interaction was issued.
func EditResponseV2(s *discordgo.Session, appID, token string, issued time.Time, m present.Message) error {
	ctx := AnswerBy(context.Background(), issued.Add(TokenDeadline))
	// An answer that was no V2 message (deferred, or made before the bot showed V2) turns
	// into one when the edit empties its content and embeds.
	empty, noEmbeds := "", []*discordgo.MessageEmbed{}
	body := answerEdit{Content: &empty, Embeds: &noEmbeds, Components: &m.Components, Attachments: &[]*discordgo.MessageAttachment{},
		AllowedMentions: &discordgo.MessageAllowedMentions{}, Flags: V2Flags}
	_, err := InteractionRequest(ctx, s, http.MethodPatch, discordgo.EndpointWebhookMessage(appID, token, "@original"), body, Rewound(m.Files)...)
	return err
}

// V2Answer is the data of an interaction's answer that shows m, a Components V2 message,
// with flags added (discordgo.MessageFlagsEphemeral for a private answer).
func V2Answer(m present.Message, flags discordgo.MessageFlags) *discordgo.InteractionResponseData {
	return &discordgo.InteractionResponseData{Components: m.Components, Files: Rewound(m.Files), Flags: flags | V2Flags,
		Attachments: &[]*discordgo.MessageAttachment{}, AllowedMentions: &discordgo.MessageAllowedMentions{}}
}

// Rewound returns files ready to be sent (again): each a copy with a reader of its own
// from the beginning of the picture, which the painter shares among messages (a reader at
// random offsets leaves the shared one where it is, safe for concurrent sends).
func Rewound(files []*discordgo.File) []*discordgo.File {
	out := make([]*discordgo.File, len(files))
	for i, f := range files {
		c := *f
		if ra, ok := f.Reader.(interface {
			io.ReaderAt
			Size() int64
		}); ok {
			c.Reader = io.NewSectionReader(ra, 0, ra.Size())
		}
		out[i] = &c
	}
	return out
}

// IssuedAt returns when Discord issued an interaction, read from its ID; the zero time for
// an ID that is not a snowflake (which the bot refuses before it gets here).
func IssuedAt(i *discordgo.Interaction) time.Time {
	t, _ := SnowflakeTime(i.ID)
	return t
}

// Code returns the JSON error code of a Discord error (a discordgo.RESTError), or 0.
func Code(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Message != nil {
		return re.Message.Code
	}
	return 0
}

// redactToken keeps an interaction token, which authorises answers for 15 minutes, out of
// errors that reach the log.
func redactToken(err error, endpoint string) error {
	msg := err.Error()
	if !strings.Contains(msg, endpoint) {
		return err
	}
	return errors.New(strings.ReplaceAll(msg, endpoint, "<interaction endpoint>"))
}
