package bot

import (
	"context"
	"encoding/json"

	"github.com/bwmarrin/discordgo"
)

// Hooks into the handling of interactions for the tests of package bot_test.

// HandleRawInteraction hands raw, the data of an INTERACTION_CREATE event, to the bot's
// interaction handler as discordgo's gateway does: it decodes it into the event, which
// discordgo passes on even when the decoding fails (with what it could read), and calls the
// handler, here on the caller's goroutine, so that the handling is over when it returns. It
// returns the decoding's error, if any.
func HandleRawInteraction(b *Bot, raw []byte) error {
	ic := &discordgo.InteractionCreate{}
	err := json.Unmarshal(raw, ic)
	b.onInteraction(b.s, ic)
	return err
}

// ServePanicking decodes raw as HandleRawInteraction does and serves it with a handler that
// panics with why, in place of the bot's own.
func ServePanicking(b *Bot, raw []byte, why string) error {
	ic := &discordgo.InteractionCreate{}
	if err := json.Unmarshal(raw, ic); err != nil {
		return err
	}
	b.handlers.Add(1)
	defer b.handlers.Done()
	b.serve(ic.Interaction, func(context.Context, *discordgo.Interaction) error { panic(why) })
	return nil
}
