package fakediscord

import "net/http"

// Client returns an HTTP client that sends every request to the fake, whatever its scheme
// and host, keeping the path and the query: discordgo computes its endpoint URLs
// (https://discord.com/api/v9/...) when its package loads, so a session reaches the fake
// by using this client. Each call returns a new client; they share one transport whose
// idle connections Close closes.
func (s *Server) Client() *http.Client {
	return &http.Client{Transport: &redirectTransport{host: s.ln.Addr().String(), next: s.transport}}
}

// redirectTransport sends requests to host over plain HTTP.
type redirectTransport struct {
	host string
	next http.RoundTripper
}

// RoundTrip implements http.RoundTripper.
func (t *redirectTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	r := req.Clone(req.Context())
	r.URL.Scheme = "http"
	r.URL.Host = t.host
	r.Host = ""
	return t.next.RoundTrip(r)
}

// newTransport returns the transport the clients of one Server share: the default
// transport's settings, with connections of its own.
func newTransport() *http.Transport {
	if t, ok := http.DefaultTransport.(*http.Transport); ok {
		return t.Clone()
	}
	return &http.Transport{}
}
