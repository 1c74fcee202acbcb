package present

import (
	"github.com/pinochle-discord/pinochle/bot/present/picture"
	"github.com/pinochle-discord/pinochle/table"
)

// LookOf returns how a message shows cards in the card look c: pictures unless c is text or
// the bot draws none (pictures false, its host's choice), in c's deck, and the
// application's card emojis (nil when it has none) on buttons and in the words, except in
// text, which is words and suit symbols only: a screen reader reads a card emoji by its
// name, and a button with an emoji loses its card's symbol.
func LookOf(c table.Cards, pictures bool, emojis map[string]string) Look {
	if c == table.CardsText {
		return Look{}
	}
	l := Look{Pictures: pictures, Emojis: emojis}
	if c == table.CardsFourColour {
		l.Deck = picture.FourColour
	}
	return l
}

// CardsPreferenceAnswer answers /pinochle cards: the player's own card look p, just chosen
// when changed, else as it is; pictures reports whether the bot draws pictures at all.
func CardsPreferenceAnswer(p table.CardsPreference, changed, pictures bool) string {
	s := "Your hands, hints and the tables you watch show cards "
	if changed {
		s = "Done: your hands, hints and the tables you watch now show cards "
	}
	if !p.Own {
		s += "as each table shows them (its `cards` setting)."
	} else {
		s += lookWords(p.Cards) + ", in every server, whatever a table's setting. Public table messages keep each table's look."
	}
	if p.Own && p.Cards != table.CardsText && !pictures {
		s += " This bot draws no pictures for now (its host turned them off): your cards come in words."
	}
	if !changed {
		s += " Change it with `/pinochle cards look:` pictures, four, text or table."
	}
	return s
}

// lookWords names a card look in a sentence.
func lookWords(c table.Cards) string {
	switch c {
	case table.CardsFourColour:
		return "as pictures of a four-colour deck (♦ blue, ♣ green)"
	case table.CardsText:
		return "in words (suit symbols and text, no pictures nor card emojis)"
	}
	return "as pictures"
}
