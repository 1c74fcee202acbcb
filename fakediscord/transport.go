package fakediscord

import (
	"fmt"
	"net/http"

	"github.com/pinochle-discord/pinochle/bot"
)

// RewriteTransport returns an http.RoundTripper that sends every request to base instead of
// the request's own scheme and host: the bot's own bot.RewriteTransport, for tests that build
// a discordgo session by hand. A bad base makes every request fail with the reason.
func RewriteTransport(base string) http.RoundTripper {
	t, err := bot.RewriteTransport(base, nil)
	if err != nil {
		return failing{err}
	}
	return t
}

// failing is a transport that refuses every request.
type failing struct{ err error }

// RoundTrip implements http.RoundTripper.
func (f failing) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Body != nil {
		req.Body.Close()
	}
	return nil, fmt.Errorf("rewrite transport: %w", f.err)
}
