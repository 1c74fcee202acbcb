package post

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// refusing is a transport that fails every request at once: the poster's goroutines run
// without a Discord to talk to.
type refusing struct{}

func (refusing) RoundTrip(*http.Request) (*http.Response, error) {
	return nil, errors.New("no Discord here")
}

// TestPosterCloseJoins checks that Close waits for every channel's goroutine, even one
// idling through its rate window, and that nothing is sent after it.
func TestPosterCloseJoins(t *testing.T) {
	s, err := discordgo.New("Bot test")
	if err != nil {
		t.Fatal(err)
	}
	s.Client = &http.Client{Transport: refusing{}}
	s.MaxRestRetries = 0
	// An hour's window: a goroutine that waited it out would never end within the test.
	p := New(s, slog.New(slog.NewTextHandler(io.Discard, nil)), 5, time.Hour, nil)
	for _, ch := range []string{"1", "2", "3"} {
		if _, err := p.Send(context.Background(), ch, &Message{Content: "hello"}); err == nil {
			t.Fatalf("channel %s: a post went out with no Discord to take it", ch)
		}
	}
	p.Close()
	p.mu.Lock()
	left := len(p.queues)
	p.mu.Unlock()
	if left != 0 {
		t.Errorf("%d channel queues left after close", left)
	}
	p.Enqueue("4", &Message{Content: "too late"})
	p.mu.Lock()
	started := len(p.queues)
	p.mu.Unlock()
	if started != 0 {
		t.Errorf("a post after close started a queue")
	}
	p.Close() // twice is harmless
}
