package rest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pinochle-discord/pinochle/bot/live"
)

// Waits and deadlines of the requests to Discord.
const (
	// answerDeadline is how long Discord gives an interaction's first answer.
	answerDeadline = 3 * time.Second
	// TokenDeadline is how long an interaction's token serves edits and follow-ups.
	TokenDeadline = 15 * time.Minute
	// maxWait bounds a wait inside one request, under the HTTP client's timeout: what
	// cannot go out within it fails, and its caller decides (the poster tries again).
	maxWait = 10 * time.Second
	// arrivalMargin is kept before a deadline for the retried request to arrive.
	arrivalMargin = 250 * time.Millisecond
	// maxAttempts bounds how often one request is sent.
	maxAttempts = 4
)

// retryTransport sends the bot's requests to Discord and tries again, on the bot's clock,
// what Discord refuses for a moment: a 429 (rate limited) after its retry_after, a 5xx
// after a short backoff when sending again cannot do anything twice. It waits only when the
// wait still lets the request arrive in time: an interaction's first answer within 3
// seconds of the interaction (read from its ID in the URL), an edit of it or a follow-up
// within its token's 15 minutes (the deadline its request carries: AnswerBy), anything else
// within maxWait. It keeps nothing per interaction. It keeps what the 429s said, so that
// requests on a bucket
// Discord has limited, or on any route while the global limit holds, wait for it instead
// of being refused again. discordgo, which sleeps on the wall clock, is told not to retry
// 429s itself (Session.ShouldRetryOnRateLimit false).
//
// It runs in the goroutine making the request (an interaction's handler, a channel's
// poster, work in the background), never on a table's writer, which only queues.
type retryTransport struct {
	next  http.RoundTripper
	clock live.Clock
	log   *slog.Logger

	mu          sync.Mutex
	globalUntil time.Time
	blocked     map[string]time.Time // route key → when its bucket frees
}

// NewRetryTransport returns the transport that sends requests through next (nil is
// http.DefaultTransport) and tries again, on clock, what Discord refuses for a moment, within
// each request's deadline: a 429 after its retry_after, a 5xx when sending again is safe. The
// session using it must not retry itself (discordgo.Session.ShouldRetryOnRateLimit false,
// MaxRestRetries 0).
func NewRetryTransport(next http.RoundTripper, clock live.Clock, log *slog.Logger) http.RoundTripper {
	return newRetryTransport(next, clock, log)
}

func newRetryTransport(next http.RoundTripper, clock live.Clock, log *slog.Logger) *retryTransport {
	if next == nil {
		next = http.DefaultTransport
	}
	return &retryTransport{next: next, clock: clock, log: log, blocked: map[string]time.Time{}}
}

// answerByKey marks, in a request's context, by when the request must arrive: the end of
// an interaction token's 15 minutes, for an edit of its answer.
type answerByKey struct{}

// AnswerBy returns ctx with its requests due by t: an edit of an interaction's answer, or a
// follow-up, is due by the end of its token's TokenDeadline.
func AnswerBy(ctx context.Context, t time.Time) context.Context {
	return context.WithValue(ctx, answerByKey{}, t)
}

// Routes of an interaction's own endpoints, which the global limit does not cover.
var (
	callbackRoute = regexp.MustCompile(`/interactions/(\d+)/([^/]+)/callback$`)
	webhookRoute  = regexp.MustCompile(`/webhooks/\d+/([^/?]+)`)
	snowflakeSeg  = regexp.MustCompile(`/\d{5,}`)
)

// discordEpoch is 2015-01-01T00:00:00Z in Unix milliseconds, the origin of snowflakes.
const discordEpoch = 1420070400000

// SnowflakeTime returns when Discord made a snowflake ID, and whether id is one.
func SnowflakeTime(id string) (time.Time, bool) {
	n, err := strconv.ParseUint(id, 10, 64)
	if err != nil {
		return time.Time{}, false
	}
	return time.UnixMilli(int64(n>>22) + discordEpoch), true
}

// deadline returns by when a request must arrive, and whether it is an interaction's own
// (not under the global limit): an interaction's first answer within answerDeadline of the
// interaction, an edit by the time its request carries (AnswerBy), anything else within
// maxWait.
func (t *retryTransport) deadline(req *http.Request, now time.Time) (time.Time, bool) {
	path := req.URL.Path
	if m := callbackRoute.FindStringSubmatch(path); m != nil {
		at, ok := SnowflakeTime(m[1])
		if !ok {
			return now.Add(answerDeadline), true
		}
		return at.Add(answerDeadline), true
	}
	if webhookRoute.MatchString(path) {
		if end, ok := req.Context().Value(answerByKey{}).(time.Time); ok {
			return end, true
		}
		return now.Add(maxWait), true
	}
	return now.Add(maxWait), false
}

// routeKey names a request's rate-limit bucket: its method and route, with the IDs but the
// first (the major parameter: channel, guild or webhook) left out, and a webhook's token.
func routeKey(method, path string) string {
	first := true
	key := snowflakeSeg.ReplaceAllStringFunc(path, func(s string) string {
		if first {
			first = false
			return s
		}
		return "/:id"
	})
	if m := webhookRoute.FindStringSubmatch(key); m != nil {
		key = strings.Replace(key, m[1], ":token", 1)
	}
	if m := callbackRoute.FindStringSubmatch(key); m != nil {
		key = strings.Replace(key, m[2], ":token", 1)
	}
	return method + " " + key
}

// idempotentKey marks, in a request's context, a POST that can be sent again without being
// done twice (a message with an enforced nonce).
type idempotentKey struct{}

// Idempotent returns ctx marking its requests as safe to send again after a server error:
// a POST that Discord does once however often it is sent (a message with an enforced nonce).
func Idempotent(ctx context.Context) context.Context {
	return context.WithValue(ctx, idempotentKey{}, true)
}

// retriable reports whether a request that failed with a 5xx may be sent again: one that
// does the same however often it is sent, an interaction's first answer (Discord refuses a
// second one with 40060, which then means the first went through) or a POST marked
// idempotent.
func retriable(req *http.Request) bool {
	switch req.Method {
	case http.MethodGet, http.MethodPut, http.MethodPatch, http.MethodDelete:
		return true
	}
	return callbackRoute.MatchString(req.URL.Path) || req.Context().Value(idempotentKey{}) != nil
}

// RoundTrip implements http.RoundTripper.
func (t *retryTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	now := t.clock.Now()
	deadline, own := t.deadline(req, now)
	key := routeKey(req.Method, req.URL.Path)
	for attempt := 1; ; attempt++ {
		if wait, global := t.limited(key, own); wait > 0 {
			if !t.fits(wait, deadline) {
				return tooManyRequests(req, wait, global), nil
			}
			if err := t.sleep(req.Context(), wait); err != nil {
				return nil, err
			}
		}
		r, err := rewind(req, attempt)
		if err != nil {
			return nil, err
		}
		resp, err := t.next.RoundTrip(r)
		if err != nil {
			return nil, err
		}
		var wait time.Duration
		switch {
		case resp.StatusCode == http.StatusTooManyRequests && errorCode(resp) == CodeOldEditsSpent:
			// No wait cures it: the message takes no more edits. Its caller reads the
			// refusal and posts anew (discordgo keeps no code of a 429's).
			return refusedOldEdit(resp), nil
		case resp.StatusCode == http.StatusTooManyRequests:
			retryAfter, global := readRateLimit(resp)
			t.limit(key, retryAfter, global)
			wait = retryAfter
		case resp.StatusCode >= 500 && retriable(req):
			wait = 500 * time.Millisecond << (attempt - 1)
		case resp.StatusCode == http.StatusBadRequest && attempt > 1 && callbackRoute.MatchString(req.URL.Path) && errorCode(resp) == 40060:
			// The answer sent before the error went through: it is done.
			return noContent(req), nil
		default:
			return resp, nil
		}
		if attempt >= maxAttempts || !t.fits(wait, deadline) || req.Body != nil && req.GetBody == nil {
			return resp, nil
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		t.log.Info("Discord asked to wait: trying again", "route", key, "status", resp.StatusCode, "wait", wait, "attempt", attempt)
		if err := t.sleep(req.Context(), wait); err != nil {
			return nil, err
		}
	}
}

// fits reports whether a request sent after wait still arrives by deadline.
func (t *retryTransport) fits(wait time.Duration, deadline time.Time) bool {
	return wait <= maxWait && !t.clock.Now().Add(wait+arrivalMargin).After(deadline)
}

// limited returns how long a request on route key must wait for a limit Discord announced:
// its bucket's, or the global one (not for an interaction's own routes).
func (t *retryTransport) limited(key string, own bool) (time.Duration, bool) {
	now := t.clock.Now()
	t.mu.Lock()
	defer t.mu.Unlock()
	if !own && t.globalUntil.After(now) {
		return t.globalUntil.Sub(now), true
	}
	if until, ok := t.blocked[key]; ok {
		if until.After(now) {
			return until.Sub(now), false
		}
		delete(t.blocked, key)
	}
	return 0, false
}

// limit records a 429: route key's bucket, or every route when it is global, is limited
// for retryAfter.
func (t *retryTransport) limit(key string, retryAfter time.Duration, global bool) {
	until := t.clock.Now().Add(retryAfter)
	t.mu.Lock()
	defer t.mu.Unlock()
	if global {
		if until.After(t.globalUntil) {
			t.globalUntil = until
		}
		return
	}
	t.blocked[key] = until
}

// sleep waits d on the bot's clock, or until ctx ends.
func (t *retryTransport) sleep(ctx context.Context, d time.Duration) error {
	return Sleep(ctx, t.clock, d)
}

// Sleep waits d on clock, or until ctx ends, and then returns ctx's error.
func Sleep(ctx context.Context, clock live.Clock, d time.Duration) error {
	done := make(chan struct{})
	tm := clock.AfterFunc(d, func() { close(done) })
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		tm.Stop()
		return ctx.Err()
	}
}

// rewind returns the request to send as attempt n: the request itself first, then a copy
// with its body anew.
func rewind(req *http.Request, n int) (*http.Request, error) {
	if n == 1 || req.Body == nil || req.GetBody == nil {
		return req, nil
	}
	body, err := req.GetBody()
	if err != nil {
		return nil, fmt.Errorf("send again: %w", err)
	}
	r := req.Clone(req.Context())
	r.Body = body
	return r, nil
}

// readRateLimit reads a 429's retry_after (body, or Retry-After header) and whether it is
// the global limit.
func readRateLimit(resp *http.Response) (time.Duration, bool) {
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
	resp.Body = io.NopCloser(bytes.NewReader(body))
	var rl struct {
		RetryAfter float64 `json:"retry_after"`
		Global     bool    `json:"global"`
	}
	_ = json.Unmarshal(body, &rl)
	global := rl.Global || resp.Header.Get("X-RateLimit-Global") != ""
	if rl.RetryAfter <= 0 {
		if s, err := strconv.ParseFloat(resp.Header.Get("Retry-After"), 64); err == nil {
			rl.RetryAfter = s
		}
	}
	return time.Duration(rl.RetryAfter * float64(time.Second)), global
}

// errorCode reads the JSON error code of a response, keeping its body readable.
func errorCode(resp *http.Response) int {
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
	resp.Body = io.NopCloser(bytes.NewReader(body))
	var e struct {
		Code int `json:"code"`
	}
	_ = json.Unmarshal(body, &e)
	return e.Code
}

// tooManyRequests is the 429 a request gets without being sent, when the limit Discord
// announced would make it arrive too late.
func tooManyRequests(req *http.Request, wait time.Duration, global bool) *http.Response {
	body, _ := json.Marshal(map[string]any{"message": "You are being rate limited.", "retry_after": wait.Seconds(), "global": global})
	return &http.Response{
		Status: "429 Too Many Requests", StatusCode: http.StatusTooManyRequests, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: http.Header{"Content-Type": {"application/json"}}, Body: io.NopCloser(bytes.NewReader(body)),
		ContentLength: int64(len(body)), Request: req,
	}
}

// CodeOldEditsSpent is Discord's error 30046: "Maximum number of edits to messages older
// than 1 hour reached". It comes as a 429, but waiting does not help: the message is frozen.
// The transport turns it into a 400, so that discordgo reports it as a RESTError (see Code).
const CodeOldEditsSpent = 30046

// refusedOldEdit turns Discord's 429 of a 30046 into the refusal it is, a 400 carrying the
// same body, so that discordgo reports its code (a RESTError) instead of a rate limit to
// wait out.
func refusedOldEdit(resp *http.Response) *http.Response {
	resp.StatusCode, resp.Status = http.StatusBadRequest, "400 Bad Request"
	return resp
}

// noContent is a 204 for a request already done.
func noContent(req *http.Request) *http.Response {
	return &http.Response{
		Status: "204 No Content", StatusCode: http.StatusNoContent, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: http.Header{}, Body: io.NopCloser(bytes.NewReader(nil)), Request: req,
	}
}
