package bot

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
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

// interactionRequest sends a request on an interaction's own endpoints (its callback, its
// original response and follow-ups).
//
// discordgo keeps one rate-limit bucket per URL and never frees it (discordgo#1333): the
// URLs of interactions hold their token, so a long-running bot would grow with every
// click. These requests go through a rate limiter of their own that is dropped once the
// request is done. A 429 or a server error is tried again by the session's transport
// (retryTransport) while the answer can still arrive in time: within three seconds of the
// interaction for the first answer, within its token's 15 minutes for an edit. What cannot
// fails and is logged.
func interactionRequest(ctx context.Context, s *discordgo.Session, method, endpoint string, data any, files ...*discordgo.File) ([]byte, error) {
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

// respond answers an interaction.
func respond(s *discordgo.Session, i *discordgo.Interaction, r *discordgo.InteractionResponse) error {
	var files []*discordgo.File
	if r.Data != nil {
		files = r.Data.Files
	}
	_, err := interactionRequest(context.Background(), s, http.MethodPost, discordgo.EndpointInteractionResponse(i.ID, i.Token), r, files...)
	return err
}

// editResponse edits the original answer to an interaction, possible for tokenDeadline
// after the interaction was issued.
func editResponse(s *discordgo.Session, appID, token string, issued time.Time, e *discordgo.WebhookEdit) error {
	ctx := answerBy(context.Background(), issued.Add(tokenDeadline))
	_, err := interactionRequest(ctx, s, http.MethodPatch, discordgo.EndpointWebhookMessage(appID, token, "@original"), e, e.Files...)
	return err
}

// issuedAt returns when Discord issued an interaction, read from its ID; the zero time for
// an ID that is not a snowflake (which the bot refuses before it gets here).
func issuedAt(i *discordgo.Interaction) time.Time {
	t, _ := snowflakeTime(i.ID)
	return t
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
