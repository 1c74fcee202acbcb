package fakediscord

import (
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// RateLimit is a run of 429 answers the fake gives, as Discord does when a bot has used up
// a route's bucket or the global limit: InjectRateLimit queues them.
type RateLimit struct {
	// Route is the fake's route pattern the answers go to, such as
	// "POST /interactions/{iid}/{token}/callback" or
	// "PATCH /webhooks/{app}/{token}/messages/{mid}" (see the routes in rest.go); empty
	// for any route.
	Route string
	// Count is how many requests get a 429 (default 1).
	Count int
	// RetryAfter is the wait announced in retry_after and the headers (default 1s).
	RetryAfter time.Duration
	// Global makes the answers those of the global limit (X-RateLimit-Global, "global":
	// true), which Discord does not apply to interaction callbacks and webhooks.
	Global bool
}

// globalWindow is the window of Discord's global limit.
const globalWindow = time.Second

// InjectRateLimit makes the next requests on a route answered with 429 Too Many Requests,
// with retry_after and the X-RateLimit-* headers. They are Discord's normal behaviour, not
// problems; the requests are recorded with status 429.
func (s *Server) InjectRateLimit(rl RateLimit) {
	if rl.Count <= 0 {
		rl.Count = 1
	}
	if rl.RetryAfter <= 0 {
		rl.RetryAfter = time.Second
	}
	s.mu.Lock()
	defer s.unlockNotify()
	s.injected = append(s.injected, &rl)
}

// interactionRoute reports whether a route is an interaction's own (callback or webhook),
// which the global limit does not cover.
func interactionRoute(pattern string) bool {
	return strings.Contains(pattern, "/interactions/") || strings.Contains(pattern, "/webhooks/")
}

// rateLimitedLocked answers a request with 429 if an injected rate limit or the global
// limit (Options.GlobalRateLimit) applies to it, and reports whether it did.
func (s *Server) rateLimitedLocked(w http.ResponseWriter, r *http.Request) bool {
	pattern := strings.Replace(r.Pattern, apiPrefix, "", 1)
	now := s.now()
	for i, rl := range s.injected {
		if rl.Route != "" && rl.Route != pattern || rl.Global && interactionRoute(pattern) {
			continue
		}
		rl.Count--
		if rl.Count == 0 {
			s.injected = append(s.injected[:i], s.injected[i+1:]...)
		}
		if rl.Global {
			writeGlobalTooManyRequests(w, rl.RetryAfter)
		} else {
			writeTooManyRequests(w, "injected-"+pattern, rl.RetryAfter, now)
		}
		return true
	}
	if s.opts.GlobalRateLimit <= 0 || interactionRoute(pattern) {
		return false
	}
	if now.Sub(s.globalStart) >= globalWindow {
		s.globalStart, s.globalCount = now, 0
	}
	if s.globalCount >= s.opts.GlobalRateLimit {
		wait := s.globalStart.Add(globalWindow).Sub(now)
		s.problemLocked("%s %s: more than %d requests in %v (the global rate limit)", r.Method, r.URL.Path, s.opts.GlobalRateLimit, globalWindow)
		writeGlobalTooManyRequests(w, wait)
		return true
	}
	s.globalCount++
	return false
}

// writeGlobalTooManyRequests answers 429 as Discord does for the global limit.
func writeGlobalTooManyRequests(w http.ResponseWriter, retryAfter time.Duration) {
	w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(retryAfter.Seconds()))))
	w.Header().Set("X-RateLimit-Global", "true")
	w.Header().Set("X-RateLimit-Scope", "global")
	writeJSON(w, http.StatusTooManyRequests, map[string]any{
		"message":     "You are being rate limited.",
		"retry_after": math.Round(retryAfter.Seconds()*1000) / 1000,
		"global":      true,
	})
}

// Fault is a run of server errors the fake gives on a route, as Discord does in its bad
// minutes: InjectFault queues them.
type Fault struct {
	// Route is the fake's route pattern, as in RateLimit; empty for any route.
	Route string
	// Count is how many requests get the error (default 1).
	Count int
	// Status is the HTTP status answered (default 500).
	Status int
	// Applied makes the request take effect before the error is answered, as when Discord
	// fails after doing what was asked: a retry must not do it twice.
	Applied bool
}

// InjectFault makes the next requests on a route fail with a server error.
func (s *Server) InjectFault(f Fault) {
	if f.Count <= 0 {
		f.Count = 1
	}
	if f.Status == 0 {
		f.Status = http.StatusInternalServerError
	}
	s.mu.Lock()
	defer s.unlockNotify()
	s.faults = append(s.faults, &f)
}

// takeFault returns the injected fault for a request, if one applies.
func (s *Server) takeFault(r *http.Request) *Fault {
	pattern := strings.Replace(r.Pattern, apiPrefix, "", 1)
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, f := range s.faults {
		if f.Route != "" && f.Route != pattern {
			continue
		}
		f.Count--
		if f.Count == 0 {
			s.faults = append(s.faults[:i], s.faults[i+1:]...)
		}
		return f
	}
	return nil
}

// discardWriter is a ResponseWriter whose answer nobody reads: a request applied before
// an injected fault.
type discardWriter struct{ h http.Header }

func (d *discardWriter) Header() http.Header         { return d.h }
func (d *discardWriter) Write(b []byte) (int, error) { return len(b), nil }
func (d *discardWriter) WriteHeader(int)             {}
