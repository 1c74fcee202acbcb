package fakediscord

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// RewriteTransport returns an http.RoundTripper that sends every request to
// base instead of the request's own scheme and host, keeping the path (after
// base's path, if any) and query. discordgo computes its endpoint URLs
// (https://discord.com/api/v9/...) when the package loads, so a bot reaches
// another API server by setting Session.Client.Transport to this.
//
// The bot needs the same rewriting in production when DISCORD_API_URL is
// set; it may import this function or keep its own copy.
func RewriteTransport(base string) http.RoundTripper {
	u, err := url.Parse(base)
	if err == nil && (u.Scheme == "" || u.Host == "") {
		err = fmt.Errorf("base URL %q needs a scheme and a host", base)
	}
	return &rewriteTransport{base: u, err: err, next: http.DefaultTransport}
}

type rewriteTransport struct {
	base *url.URL
	err  error
	next http.RoundTripper
}

// RoundTrip implements http.RoundTripper.
func (t *rewriteTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if t.err != nil {
		if req.Body != nil {
			req.Body.Close()
		}
		return nil, fmt.Errorf("rewrite transport: %w", t.err)
	}
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
