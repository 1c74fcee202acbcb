package bot

import (
	"context"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/table"
)

// A player's own card look (/pinochle cards) shows the views only they see, their private
// hand with its hints and notices and the table they watch, in the look they chose, over
// the table's: words for a screen reader or a slow phone, or the four-colour deck. Public
// messages have many readers and keep the table's look. The look is one per person, in
// every server (storage keeps it beside their turn DMs), and read from the store each time
// such a view is drawn, so that a choice made through one process shows in every other.

// cmdCards shows the caller's own card look, or sets it when the look option is given.
func (b *Bot) cmdCards(ctx context.Context, i *discordgo.Interaction, opts options) error {
	user := userOf(i).ID
	v, given := commands.OptString(opts, commands.OptLook)
	if !given {
		p, err := b.store.CardsPreference(ctx, user)
		if err != nil {
			return b.failed(i, "cards preference", err)
		}
		return b.reply(i, present.CardsPreferenceAnswer(p, false, b.cfg.Pictures))
	}
	p, err := table.ParseCardsPreference(v)
	if err != nil {
		return b.reply(i, "⚠️ "+present.Refusal(err)+".")
	}
	if err := b.store.SetCardsPreference(ctx, user, p, b.now()); err != nil {
		return b.failed(i, "set cards preference", err)
	}
	return b.reply(i, present.CardsPreferenceAnswer(p, true, b.cfg.Pictures))
}

// ownLookWait bounds the read of a player's card look: past it, or when it fails, their
// view shows the table's look rather than wait.
const ownLookWait = 5 * time.Second

// ownLook returns how a view only userID sees shows the cards of table g: in their own look
// if they chose one, else in the table's. It reads the store, so it is called where a view
// is answered or drawn, never on a table's goroutine.
func (b *Bot) ownLook(ctx context.Context, g *table.Game, userID string) present.Look {
	cards := g.Settings.Cards
	if userID != "" {
		read, cancel := context.WithTimeout(ctx, ownLookWait)
		defer cancel()
		p, err := b.store.CardsPreference(read, userID)
		if err != nil && ctx.Err() == nil { // a bot that stops says nothing of it
			b.log.Warn("a player's card look unread: their view shows the table's", "game", g.ID, "user", userID, "err", err)
		}
		cards = p.Over(cards)
	}
	return present.LookOf(cards, b.cfg.Pictures, b.emojis.get())
}

// seatUser returns the person seated at seat of g, or "" for a computer player or no seat.
func seatUser(g *table.Game, seat int) string {
	if seat < 0 || seat >= len(g.Seats) {
		return ""
	}
	return g.Seats[seat].UserID
}
