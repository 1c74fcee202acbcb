package rest_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/pinochle-discord/pinochle/bot/rest"
)

// TestRewriteTransport: a request to Discord reaches the base instead, under the base's
// path, with its own path and query; a base that is not an http(s) URL is refused.
func TestRewriteTransport(t *testing.T) {
	t.Parallel()
	var gotPath, gotQuery, gotHost string
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gotPath, gotQuery, gotHost = r.URL.Path, r.URL.RawQuery, r.Host
		io.WriteString(w, "ok")
	}))
	defer ts.Close()

	tr, err := rest.RewriteTransport(ts.URL+"/prefix/", nil)
	if err != nil {
		t.Fatal(err)
	}
	client := &http.Client{Transport: tr}
	resp, err := client.Get("https://discord.com/api/v9/channels/1/messages?limit=5")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if gotPath != "/prefix/api/v9/channels/1/messages" || gotQuery != "limit=5" || gotHost != ts.Listener.Addr().String() {
		t.Errorf("request arrived as host %q path %q query %q", gotHost, gotPath, gotQuery)
	}

	for _, base := range []string{"not a url", "ftp://example.com", "http://"} {
		if _, err := rest.RewriteTransport(base, nil); err == nil {
			t.Errorf("RewriteTransport(%q) accepted an unusable base", base)
		}
	}
}
