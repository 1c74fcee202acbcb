package fakediscord_test

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/fakediscord"
)

// oldEdit edits message mid of ch by the channel route, as a raw client, and returns the
// status, the JSON error code and retry_after (-1 when absent, which Discord's 429s never
// are).
func oldEdit(t *testing.T, srv *fakediscord.Server, ch, mid string) (int, int, float64) {
	t.Helper()
	req, err := http.NewRequest("PATCH", srv.URL()+"/api/v9/channels/"+ch+"/messages/"+mid, strings.NewReader(`{"content":"edited"}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bot "+srv.Token())
	req.Header.Set("Content-Type", "application/json")
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var e struct {
		Code       int      `json:"code"`
		Message    string   `json:"message"`
		RetryAfter *float64 `json:"retry_after"`
	}
	json.Unmarshal(b, &e)
	if resp.StatusCode == 429 && e.Message != "Maximum number of edits to messages older than 1 hour reached. Try again later" {
		t.Errorf("429 message %q", e.Message)
	}
	retry := -1.0
	if e.RetryAfter != nil {
		retry = *e.RetryAfter
	}
	return resp.StatusCode, e.Code, retry
}

// TestOldMessageEdits: a message older than an hour (on the fake's clock) takes a few
// edits, then each is answered 429 with code 30046 and recorded as a problem, changing
// nothing; a younger message takes any number; the limit can renew in a window, take
// another number of edits, or be lifted.
func TestOldMessageEdits(t *testing.T) {
	t.Parallel()
	type step struct {
		wait   time.Duration // how long after the message (or the last step) the edit is sent
		status int
		retry  float64 // retry_after of a 429
	}
	ok := func(wait time.Duration) step { return step{wait, 200, 0} }
	refused := func(wait time.Duration, retry float64) step { return step{wait, 429, retry} }
	cases := []struct {
		name  string
		limit fakediscord.OldEditLimit
		steps []step
	}{
		{"default: three edits once an hour old, then none", fakediscord.OldEditLimit{}, []step{
			ok(10 * time.Minute), ok(0), ok(0), ok(0), ok(50 * time.Minute), // not older than an hour yet
			ok(time.Second), ok(0), ok(0), refused(0, 6), refused(24*time.Hour, 6),
		}},
		{"five edits", fakediscord.OldEditLimit{Edits: 5}, []step{
			ok(2 * time.Hour), ok(0), ok(0), ok(0), ok(0), refused(0, 6),
		}},
		{"three edits per 6 seconds", fakediscord.OldEditLimit{Window: 6 * time.Second}, []step{
			ok(2 * time.Hour), ok(time.Second), ok(time.Second), refused(time.Second, 3), refused(2*time.Second, 1), ok(time.Second), refused(0, 1),
		}},
		{"lifted", fakediscord.OldEditLimit{Off: true}, []step{
			ok(2 * time.Hour), ok(0), ok(0), ok(0), ok(0), ok(48 * time.Hour),
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv, clk := newFake(t, fakediscord.Options{OldMessageEdits: tc.limit})
			ch := srv.DefaultChannel().ID
			bot := restSession(t, srv, srv.Token())
			m, err := bot.ChannelMessageSend(ch, "table")
			if err != nil {
				t.Fatal(err)
			}
			edits := 0
			for i, s := range tc.steps {
				clk.Advance(s.wait)
				status, code, retry := oldEdit(t, srv, ch, m.ID)
				if status != s.status || status == 429 && (code != 30046 || retry != s.retry) {
					t.Errorf("step %d: %d %d retry_after %v, want %d (30046, retry_after %v)", i, status, code, retry, s.status, s.retry)
				}
				if status == 200 {
					edits++
				} else {
					wantProblem(t, srv, "has had its", "(30046)")
				}
			}
			if got := len(srv.Edits()); got != edits {
				t.Errorf("%d edits recorded, want the %d accepted", got, edits)
			}
			noProblems(t, srv)
		})
	}
}

// TestOldMessageEditRoutes: the limit holds for every edit of an old message: by the
// channel route and by the update a click answers with; discordgo reads the 429 as a
// rate-limit error when told not to retry.
func TestOldMessageEditRoutes(t *testing.T) {
	t.Parallel()
	f := newV2Fixture(t, fakediscord.Options{OldMessageEdits: fakediscord.OldEditLimit{Edits: 1}})
	ch := f.channel(t)
	m, err := f.bot.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Components: baseV2(), Flags: v2})
	if err != nil {
		t.Fatal(err)
	}
	f.clk.Advance(2 * time.Hour)
	update := func() error {
		return f.bot.InteractionRespond(f.click(t, m.ID, "go"), &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
			Data: &discordgo.InteractionResponseData{Components: baseV2()}}, discordgo.WithRetryOnRatelimit(false))
	}
	if err := update(); err != nil {
		t.Fatalf("first update of an old message: %v", err)
	}
	var rl *discordgo.RateLimitError
	if err := update(); !errors.As(err, &rl) {
		t.Errorf("second update: %v, want a rate-limit error", err)
	}
	wantProblem(t, f.srv, "(30046)")
	components := baseV2()
	_, err = f.bot.ChannelMessageEditComplex(&discordgo.MessageEdit{Channel: ch, ID: m.ID, Components: &components}, discordgo.WithRetryOnRatelimit(false))
	if !errors.As(err, &rl) {
		t.Errorf("channel edit: %v, want a rate-limit error", err)
	}
	wantProblem(t, f.srv, "(30046)")
	f.srv.TakeProblems() // the refused click's interaction is left unanswered: not what is tested
}
