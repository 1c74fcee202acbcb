package bot

import (
	"context"
	"errors"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/engine"
)

// Private answers to clicks that change nothing.
const (
	msgForged     = "That button is not one this bot made for a game, so nothing was done. Use the buttons on the table message, or `/pinochle hand`."
	msgStale      = "That button was for an earlier step of the game, so nothing was done. Here is where the table is now."
	msgSaveFailed = "Your move could not be saved, so nothing was done. Please try again in a moment."
)

// onComponent handles a click on a button or a choice in a menu.
func (b *Bot) onComponent(ctx context.Context, i *discordgo.Interaction) error {
	data := i.MessageComponentData()
	if commands.IsPageID(data.CustomID) {
		return b.onPage(ctx, i, data.CustomID)
	}
	if commands.IsSheetID(data.CustomID) {
		return b.onSheet(ctx, i, data.CustomID)
	}
	id, err := commands.ParseID(data.CustomID)
	if err != nil {
		return b.reply(i, msgForged)
	}
	t, ok := b.table(id.Game)
	if !ok {
		return b.reply(i, "That game is not running any more.")
	}
	b.noteClick(t, userOf(i).ID)
	switch id.Action {
	case commands.ActJoin, commands.ActSeat, commands.ActLeave, commands.ActAddComputer, commands.ActStart, commands.ActCancel:
		return b.onLobby(ctx, i, t, id)
	case commands.ActHand:
		return b.showHand(ctx, i, t, discordgo.InteractionResponseChannelMessageWithSource, "")
	case commands.ActRefresh:
		return b.showHand(ctx, i, t, discordgo.InteractionResponseUpdateMessage, "")
	case commands.ActOther:
		return b.openBidModal(i, t, id)
	case commands.ActHint:
		return b.onHint(i, t, id)
	}
	return b.onMove(ctx, i, t, id, data.Values)
}

// onModal handles a submitted form: the "other amount" bid.
func (b *Bot) onModal(ctx context.Context, i *discordgo.Interaction) error {
	data := i.ModalSubmitData()
	id, err := commands.ParseID(data.CustomID)
	if err != nil || id.Action != commands.ActBidModal {
		return b.reply(i, msgForged)
	}
	t, ok := b.table(id.Game)
	if !ok {
		return b.reply(i, "That game is not running any more.")
	}
	return b.onMove(ctx, i, t, id, commands.ModalValues(data))
}

// showHand answers with the clicker's private view of the table: a new ephemeral message
// (type 4) from the table's "My hand" button, or an update in place (type 7) from a private
// message.
func (b *Bot) showHand(ctx context.Context, i *discordgo.Interaction, t *table, kind discordgo.InteractionResponseType, note string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	seat, refusal := t.playerSeat(i, "You are not seated at this table, so you have no hand to see.")
	if refusal != "" {
		return b.reply(i, "%s", refusal)
	}
	return b.answerView(i, t, seat, kind, note)
}

// playerSeat returns the seat of the user behind an interaction at a game in play, or the
// refusal to answer with: the game is over, not started, or the user is not seated
// (notSeated). The caller holds t.mu.
func (t *table) playerSeat(i *discordgo.Interaction, notSeated string) (int, string) {
	seat := t.seatOf(userOf(i).ID)
	switch {
	case t.done:
		return -1, "That game is over."
	case seat < 0:
		return -1, notSeated
	case t.game == nil:
		return -1, "The game has not started yet: cards are dealt once every seat is taken."
	}
	return seat, ""
}

// answerView answers an interaction with a seat's private view. The caller holds t.mu.
func (b *Bot) answerView(i *discordgo.Interaction, t *table, seat int, kind discordgo.InteractionResponseType, note string) error {
	err := respond(b.s, i, &discordgo.InteractionResponse{Type: kind, Data: present.Hand(&t.meta, ptr(t.game.View(seat)), note)})
	if err == nil {
		t.views[seat] = privateView{token: i.Token, at: b.now(), step: t.game.LogLen()}
	}
	return err
}

// openBidModal answers the "Other amount…" button with a form for the bid.
func (b *Bot) openBidModal(i *discordgo.Interaction, t *table, id commands.ID) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	seat, refusal := t.playerSeat(i, "You are not seated at this table, so you cannot bid for it.")
	if refusal != "" {
		return b.reply(i, "%s", refusal)
	}
	if id.Hand == 0 || !id.Current(t.game, seat) {
		return b.answerView(i, t, seat, discordgo.InteractionResponseUpdateMessage, msgStale)
	}
	if !t.game.Waiting(seat) || t.game.Phase() != engine.PhaseBidding {
		return b.answerView(i, t, seat, discordgo.InteractionResponseUpdateMessage, "It is not your turn to bid.")
	}
	return respond(b.s, i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseModal,
		Data: commands.BidModal(t.meta.ID, id.Hand, id.Step, t.game.MinNextBid()),
	})
}

// onMove handles a click on a private control: a bid, a pass, trump, cards to pass, the
// decision, or a card. It is checked against the clicker, the step and the rules, saved,
// applied, and the private message updates in place to the new state.
func (b *Bot) onMove(ctx context.Context, i *discordgo.Interaction, t *table, id commands.ID, values []string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	seat, refusal := t.playerSeat(i, "You are not seated at this table, so you cannot act for it.")
	if refusal != "" {
		return b.reply(i, "%s", refusal)
	}
	update := discordgo.InteractionResponseUpdateMessage
	if id.Hand == 0 {
		return b.reply(i, msgForged)
	}
	if !id.Current(t.game, seat) {
		return b.answerView(i, t, seat, update, msgStale)
	}
	if t.meta.Seats[seat].Away {
		return b.answerView(i, t, seat, update, "Your seat is played by a computer player while you are away: use `/pinochle back` to take it back.")
	}
	a, err := commands.ActionFor(id, seat, values)
	if err != nil {
		return b.answerView(i, t, seat, update, "⚠️ "+err.Error())
	}
	var n present.Narration
	if err := b.act(ctx, t, a, &n); err != nil {
		var re *engine.RuleError
		if errors.As(err, &re) {
			return b.answerView(i, t, seat, update, "⚠️ "+present.Capitalise(re.Msg)+".")
		}
		b.log.Error("move failed", "game", t.meta.ID, "err", err)
		return b.answerView(i, t, seat, update, "⚠️ "+msgSaveFailed)
	}
	aerr := b.advance(ctx, t, &n)
	if aerr != nil {
		b.log.Error("after a move", "game", t.meta.ID, "err", aerr)
	}
	err = b.answerView(i, t, seat, update, "")
	b.publish(ctx, t, &n)
	if err != nil {
		return fmt.Errorf("answer move: %w", err)
	}
	return nil
}

// onHint answers the Hint button: the expert's choice for the clicker's seat and why,
// privately, in place. The expert thinks off the table's writer, like a computer turn, so
// the table goes on answering while it does.
func (b *Bot) onHint(i *discordgo.Interaction, t *table, id commands.ID) error {
	update := discordgo.InteractionResponseUpdateMessage
	t.mu.Lock()
	seat, refusal := t.playerSeat(i, "You are not seated at this table, so there is no hand to advise on.")
	switch {
	case refusal != "":
		t.mu.Unlock()
		return b.reply(i, "%s", refusal)
	case id.Hand == 0:
		t.mu.Unlock()
		return b.reply(i, msgForged)
	case !id.Current(t.game, seat):
		defer t.mu.Unlock()
		return b.answerView(i, t, seat, update, msgStale)
	case !t.meta.Settings.Hints:
		defer t.mu.Unlock()
		return b.answerView(i, t, seat, update, "Hints are off at this table.")
	case !t.game.Waiting(seat) || t.meta.Seats[seat].Away:
		defer t.mu.Unlock()
		return b.answerView(i, t, seat, update, "A hint is for your own turn.")
	}
	v := t.game.View(seat)
	seed := t.meta.Seed ^ uint64(t.game.LogLen())<<8 ^ uint64(seat) ^ 0x4817
	t.mu.Unlock()

	// The search may wait for a place in the pool: acknowledge now, answer by an edit.
	if err := respond(b.s, i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}); err != nil {
		return err
	}
	_, why := b.hint(v, seed)
	t.mu.Lock()
	defer t.mu.Unlock()
	note := "💡 **Hint:** " + why
	if t.done || !id.Current(t.game, seat) {
		note = msgStale
	}
	data := present.Hand(&t.meta, ptr(t.game.View(seat)), note)
	err := editResponse(b.s, b.appID, i.Token, &discordgo.WebhookEdit{Content: &data.Content, Components: &data.Components,
		AllowedMentions: data.AllowedMentions})
	if err == nil {
		t.views[seat] = privateView{token: i.Token, at: b.now(), step: t.game.LogLen()}
	}
	return err
}
