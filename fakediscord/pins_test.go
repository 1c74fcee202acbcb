package fakediscord_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/fakediscord"
)

// TestPins: pins go through the current route and need PIN_MESSAGES, which Manage
// Messages no longer grants; the deprecated route answers as Discord does (the same, under
// the same permission) and is noted; a channel holds at most 50 pins.
func TestPins(t *testing.T) {
	t.Parallel()
	sp, _ := testSpec(t)
	srv, _ := newFake(t, fakediscord.Options{Spec: sp})
	bot := restSession(t, srv, srv.Token())
	ch := srv.DefaultChannel().ID
	m, err := bot.ChannelMessageSend(ch, "table")
	if err != nil {
		t.Fatal(err)
	}
	pinned := func() bool { got, _ := srv.Message(m.ID); return got.Pinned }
	current := fmt.Sprintf("/channels/%s/messages/pins/%s", ch, m.ID)
	deprecated := fmt.Sprintf("/channels/%s/pins/%s", ch, m.ID)

	if st, _ := rawRequest(t, srv, "PUT", current, "", nil); st != 204 || !pinned() {
		t.Errorf("PUT %s: %d, pinned %v; want 204 and pinned", current, st, pinned())
	}
	if st, _ := rawRequest(t, srv, "DELETE", current, "", nil); st != 204 || pinned() {
		t.Errorf("DELETE %s: %d, pinned %v; want 204 and unpinned", current, st, pinned())
	}
	if st, _ := rawRequest(t, srv, "PUT", deprecated, "", nil); st != 204 || !pinned() {
		t.Errorf("PUT %s: %d, pinned %v; want 204 and pinned", deprecated, st, pinned())
	}
	if sp != nil && !slices.Contains(srv.Undefined(), "PUT /channels/{channel_id}/pins/{message_id} is deprecated (deprecated_create_pin)") {
		t.Errorf("the deprecated route is not noted: %q", srv.Undefined())
	}

	// Manage Messages without Pin Messages: refused on both routes, pins unchanged.
	srv.SetBotPermissions(srv.DefaultGuild().ID, fakediscord.DefaultBotPermissions&^fakediscord.PermPinMessages)
	for _, path := range []string{current, deprecated} {
		for _, method := range []string{"PUT", "DELETE"} {
			if st, code := rawRequest(t, srv, method, path, "", nil); st != 403 || code != 50013 {
				t.Errorf("%s %s without PIN_MESSAGES: %d %d, want 403 50013", method, path, st, code)
			}
		}
	}
	if !pinned() {
		t.Error("a refused unpin took the pin off")
	}
	srv.SetBotPermissions(srv.DefaultGuild().ID, fakediscord.DefaultBotPermissions)

	// 50 pins a channel.
	for i := range 49 {
		o, err := bot.ChannelMessageSend(ch, fmt.Sprint(i))
		if err != nil {
			t.Fatal(err)
		}
		if st, _ := rawRequest(t, srv, "PUT", fmt.Sprintf("/channels/%s/messages/pins/%s", ch, o.ID), "", nil); st != 204 {
			t.Fatalf("pin %d: status %d", i+2, st)
		}
	}
	last, err := bot.ChannelMessageSendComplex(ch, &discordgo.MessageSend{Content: "one too many"})
	if err != nil {
		t.Fatal(err)
	}
	if st, code := rawRequest(t, srv, "PUT", fmt.Sprintf("/channels/%s/messages/pins/%s", ch, last.ID), "", nil); st != 400 || code != 30003 {
		t.Errorf("the 51st pin: %d %d, want 400 30003", st, code)
	}
	srv.TakeProblems() // the channel's messages went over its rate limit: not what is tested
}
