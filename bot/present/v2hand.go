package present

import (
	"strings"

	"github.com/pinochle-discord/pinochle/bot/present/picture"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/table"
)

// HandMessage is a player's private view as a Components V2 message: the seat's cards in
// words, then as a picture (sorted by suit, trump first, the cards received marked and
// those passed or buried apart, and on the seat's turn to play the playable cards raised
// and the others dimmed), then the meld, the trick, the story of the hand and what the
// seat may do, and the controls (handControls), card buttons showing the look's card
// emojis. v is the seat's own view (Game.View(seat)). With look.Pictures false, or a nil
// p, it is words only.
//
// The story gives way, last lines first, then the picture's alt text, to keep within
// Discord's limit on a message's text.
func HandMessage(p *Painter, meta *table.Game, v *engine.View, opts HandOptions, look Look) Message {
	var face cardFace // nil: a hand as ranks by suit, other cards as symbols
	if len(look.Emojis) > 0 {
		face = look.face()
	}
	t := handWords(meta, v, opts, face)
	d := draft{
		colour: ColourActive,
		head:   strings.TrimSuffix(t.head, "\n"),
		rows:   look.withCardFaces(handControls(meta, v, opts)),
	}
	if v.Over() {
		d.colour = ColourOver
	}
	if hand := picture.HandOf(v, look.Deck, opts.Chosen); len(hand.Cards) > 0 {
		d.shots = []shot{{HandFile, hand}}
	}
	pics := d.paint(p, look)
	story := t.story
	for {
		body := t.middle
		if len(story) > 0 {
			body += "\n" + strings.Join(story, "\n") + "\n"
		}
		d.body = strings.TrimLeft(body+t.status, "\n")
		if len(story) == 0 || d.over(pics) <= 0 {
			break
		}
		story = story[:len(story)-1]
	}
	return d.message(pics)
}
