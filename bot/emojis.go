package bot

import (
	"context"
	"encoding/base64"
	"fmt"
	"sync"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/bot/present/picture"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/table"
)

// cardEmojis are the application's card emojis, by name (picture.EmojiName): the faces of
// the cards, drawn by the project, that card buttons and texts show. Discord lets an
// application own up to 2,000 emojis, usable in every server; the bot makes the ones it
// lacks once, at its first start.
type cardEmojis struct {
	mu  sync.RWMutex
	ids map[string]string
}

// get returns the emojis by name: nil until they are all known.
func (e *cardEmojis) get() map[string]string {
	e.mu.RLock()
	defer e.mu.RUnlock()
	return e.ids
}

// set records the emojis by name.
func (e *cardEmojis) set(ids map[string]string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.ids = ids
}

// ensureCardEmojis lists the application's emojis and creates the card emojis it lacks, of
// both decks, then keeps their IDs. Emojis the application has already are left as they
// are, so a restart creates nothing; until it is done, cards show as suit symbols.
func (b *Bot) ensureCardEmojis(ctx context.Context) error {
	have, err := b.s.ApplicationEmojis(b.appID, discordgo.WithContext(ctx))
	if err != nil {
		return fmt.Errorf("list the application's emojis: %w", err)
	}
	ids := map[string]string{}
	for _, e := range have {
		ids[e.Name] = e.ID
	}
	var r *picture.Renderer
	created := 0
	for _, deck := range []picture.Deck{picture.TwoColour, picture.FourColour} {
		for _, c := range cardFaces() {
			name := picture.EmojiName(c, deck)
			if ids[name] != "" {
				continue
			}
			if r == nil {
				if r, err = picture.NewRenderer(); err != nil {
					return fmt.Errorf("card emojis: %w", err)
				}
			}
			png, err := r.CardEmoji(c, deck)
			if err != nil {
				return fmt.Errorf("draw the card emoji %s: %w", name, err)
			}
			e, err := b.s.ApplicationEmojiCreate(b.appID, &discordgo.EmojiParams{Name: name,
				Image: "data:image/png;base64," + base64.StdEncoding.EncodeToString(png)}, discordgo.WithContext(ctx))
			if err != nil {
				return fmt.Errorf("create the card emoji %s: %w", name, err)
			}
			ids[name] = e.ID
			created++
		}
	}
	b.emojis.set(ids)
	b.log.Info("card emojis ready", "created", created, "emojis", len(ids))
	return nil
}

// cardFaces returns the 24 cards of a Pinochle deck, one of each.
func cardFaces() []engine.Card {
	var cs []engine.Card
	for su := engine.Spades; su < engine.NoSuit; su++ {
		for r := engine.Nine; r <= engine.Ace; r++ {
			cs = append(cs, engine.NewCard(r, su))
		}
	}
	return cs
}

// pictureCache bounds the bytes of the pictures the bot keeps drawn: those of the tables in
// play and the hands their players look at, a few tens of kilobytes each.
const pictureCache = 64 << 20

// look returns how a table's messages show cards: as its settings say, with the card
// emojis once they are ready. The views a player sees alone show their own look (ownLook).
func (b *Bot) look(g *table.Game) present.Look {
	return present.LookOf(g.Settings.Cards, b.cfg.Pictures, b.emojis.get())
}
