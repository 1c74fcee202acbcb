package fakediscord_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/fakediscord"
)

// TestInjectedRateLimits: injected 429s carry retry_after and Discord's headers, per route
// or global; the global ones, and the modelled global limit, leave interaction routes
// alone; injected faults fail a request before or after it took effect; a repeated
// enforced nonce makes no second message.
func TestInjectedRateLimits(t *testing.T) {
	t.Parallel()
	srv, clk := newFake(t, fakediscord.Options{GlobalRateLimit: 3})
	ch := srv.DefaultChannel().ID
	post := func(body string) (*http.Response, error) {
		req, _ := http.NewRequest("POST", srv.URL()+"/api/v9/channels/"+ch+"/messages", stringsReader(body))
		req.Header.Set("Authorization", "Bot "+srv.Token())
		req.Header.Set("Content-Type", "application/json")
		return srv.Client().Do(req)
	}

	srv.InjectRateLimit(fakediscord.RateLimit{Route: "POST /channels/{cid}/messages", RetryAfter: 800 * time.Millisecond})
	resp, err := post(`{"content":"a"}`)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 429 || resp.Header.Get("X-RateLimit-Remaining") != "0" || resp.Header.Get("X-RateLimit-Reset-After") != "0.800" || resp.Header.Get("X-RateLimit-Global") != "" {
		t.Errorf("injected 429: %d %v", resp.StatusCode, resp.Header)
	}

	srv.InjectRateLimit(fakediscord.RateLimit{Global: true, RetryAfter: 2 * time.Second})
	// An interaction's route is not under the global limit: the injected answer waits.
	if st, _ := rawRequest(t, srv, "POST", "/interactions/1/tok/callback", "application/json", []byte(`{"type":1}`)); st == 429 {
		t.Error("a global 429 on an interaction's callback")
	}
	srv.TakeProblems() // the unknown interaction
	if st, _ := rawRequest(t, srv, "GET", "/gateway", "", nil); st != 429 {
		t.Errorf("global 429: status %d", st)
	}
	if len(srv.Messages(ch)) != 0 {
		t.Error("a rate-limited request took effect")
	}

	// The modelled global limit: 3 a second here.
	clk.Advance(time.Second)
	for i := range 4 {
		st, _ := rawRequest(t, srv, "GET", "/gateway", "", nil)
		if want := map[bool]int{true: 429, false: 200}[i == 3]; st != want {
			t.Errorf("request %d in one second: status %d, want %d", i+1, st, want)
		}
	}
	wantProblem(t, srv, "the global rate limit")
	clk.Advance(time.Second)

	// A fault after the request took effect, then the same nonce again: one message.
	srv.InjectFault(fakediscord.Fault{Route: "POST /channels/{cid}/messages", Applied: true})
	for i, want := range []int{500, 200} {
		resp, err := post(`{"content":"once","nonce":"42","enforce_nonce":true}`)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("send %d: status %d, want %d", i+1, resp.StatusCode, want)
		}
	}
	if n := len(srv.Messages(ch)); n != 1 {
		t.Errorf("%d messages made, want 1", n)
	}
	noProblems(t, srv)
}
