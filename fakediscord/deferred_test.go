package fakediscord_test

import (
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/fakediscord"
)

// TestDeferredUpdate follows the flow a game bot uses for a click whose
// work may take a while: acknowledge with type 6, then edit the clicked
// message through @original and tell the player privately with a
// follow-up.
func TestDeferredUpdate(t *testing.T) {
	t.Parallel()
	ctx := testContext(t)
	srv, _ := newFake(t, fakediscord.Options{})
	errs := make(chan error, 10)
	bot, ev := openBot(t, srv, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		if i.Type != discordgo.InteractionMessageComponent {
			return
		}
		if err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}); err != nil {
			errs <- err
			return
		}
		if _, err := s.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{
			Content:    ptr("bid 250 by " + i.Member.User.Username),
			Components: &[]discordgo.MessageComponent{},
		}); err != nil {
			errs <- err
			return
		}
		_, err := s.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Content: "you bid 250", Flags: discordgo.MessageFlagsEphemeral})
		errs <- err
	})
	recv(t, ctx, ev.ready, "READY")

	ch := srv.DefaultChannel().ID
	msg, err := bot.ChannelMessageSendComplex(ch, &discordgo.MessageSend{
		Content:    "your turn",
		Components: []discordgo.MessageComponent{row(button("250", "bid:250"))},
	})
	if err != nil {
		t.Fatal(err)
	}
	alice := srv.NewUser("alice")
	h, err := srv.Click(alice, msg.ID, "bid:250")
	if err != nil {
		t.Fatal(err)
	}
	resp, err := h.Wait(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if resp.Type != fakediscord.ResponseDeferredUpdate || resp.MessageID != msg.ID {
		t.Errorf("response = %+v, want type 6 on the clicked message", resp)
	}
	if err := recv(t, ctx, errs, "follow-up"); err != nil {
		t.Fatal(err)
	}
	m, _ := srv.Message(msg.ID)
	if m.Content != "bid 250 by alice" || len(m.Components) != 0 {
		t.Errorf("clicked message after the edit = %q with %d components", m.Content, len(m.Components))
	}
	if o, ok := h.Original(); !ok || o.ID != msg.ID {
		t.Errorf("Original() = %+v, %v; want the clicked message", o, ok)
	}
	edits := srv.Edits()
	if len(edits) != 1 || edits[0].Via != "webhook" || edits[0].MessageID != msg.ID || edits[0].Before.Content != "your turn" {
		t.Errorf("Edits() = %+v", edits)
	}
	if f := h.Followups(); len(f) != 1 || !f[0].Ephemeral() || f[0].Content != "you bid 250" {
		t.Errorf("Followups() = %+v", f)
	}
	noProblems(t, srv)
}
