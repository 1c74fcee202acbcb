package post

import (
	"context"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/bot/rest"
	"github.com/pinochle-discord/pinochle/fakediscord"
)

// countingBudget is a budget that lets every request through and counts them.
type countingBudget struct{ n atomic.Int64 }

func (b *countingBudget) Wait(context.Context) error { b.n.Add(1); return nil }

// TestPosterBudget: every post and edit to a channel, whichever its channel, takes a place
// in the process's one budget, and the edits of private views (interaction tokens, outside
// the token's global limit) never do.
func TestPosterBudget(t *testing.T) {
	srv := fakediscord.New(t, fakediscord.Options{})
	s, err := discordgo.New("Bot " + srv.Token())
	if err != nil {
		t.Fatal(err)
	}
	tr, err := rest.RewriteTransport(srv.URL(), nil)
	if err != nil {
		t.Fatal(err)
	}
	s.Client.Transport = tr
	budget := &countingBudget{}
	p := New(s, slog.New(slog.DiscardHandler), 5, 100*time.Millisecond, budget)
	defer p.Close()
	other, err := srv.AddChannel(srv.DefaultGuild().ID, "other")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	first, err := p.Send(ctx, srv.DefaultChannel().ID, &Message{Content: "one"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Send(ctx, other.ID, &Message{Content: "two"}); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Send(ctx, srv.DefaultChannel().ID, &Message{EditID: first.ID, Content: "one, edited"}); err != nil {
		t.Fatal(err)
	}
	p.Enqueue("view:tok", &Message{View: &View{AppID: srv.AppID(), Token: "tok", Issued: time.Now(),
		Render: func() present.Message { return present.NoteMessage("a private view") }}})
	if err := p.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	for _, pr := range srv.TakeProblems() {
		if !strings.Contains(pr, "unknown or expired interaction token") {
			t.Errorf("fake Discord problem: %s", pr) // the view's token is made up: only that may be refused
		}
	}
	if n := budget.n.Load(); n != 3 {
		t.Errorf("%d requests took a place in the budget, want the 3 to channels", n)
	}
}
