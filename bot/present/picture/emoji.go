package picture

import (
	"image"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"github.com/pinochle-discord/pinochle/engine"
)

// EmojiSize is the width and height of a card emoji, in pixels.
const EmojiSize = 128

// EmojiName returns the name of a card's application emoji: p_ and the card's code, with
// _4 for the four-colour deck, such as p_AS, p_10H or p_QD_4. Names are stable, unique
// per card and deck, and within Discord's rule for emoji names (2 to 32 of A-Z, a-z, 0-9
// and _).
func EmojiName(c engine.Card, d Deck) string {
	name := "p_" + c.String()
	if d == FourColour {
		name += "_4"
	}
	return name
}

// CardEmoji draws a card as an emoji, EmojiSize pixels square, as PNG: a card with a thick
// border, its rank over its suit as large as they fit, so that it still reads at the 22
// pixels Discord shows an emoji in a line of text or on a button.
func (r *Renderer) CardEmoji(c engine.Card, d Deck) ([]byte, error) {
	return r.encode(r.quantize(r.emojiImage(c, d)))
}

// emojiImage draws the card emoji of c.
func (r *Renderer) emojiImage(c engine.Card, d Deck) *image.RGBA {
	const w, h, x0 = 104, EmojiSize, (EmojiSize - 104) / 2
	img := image.NewRGBA(image.Rect(0, 0, EmojiSize, EmojiSize))
	paint(img, roundRectMask(w, h, 0, 14), image.Pt(x0, 0), cardEdge)
	paint(img, roundRectMask(w, h, 4, 11), image.Pt(x0, 0), cardFace)
	if !c.Valid() {
		return img
	}
	ink := d.ink(c.Suit())
	var buf sfnt.Buffer
	var z vector.Rasterizer
	f := r.fonts.bold
	m, _ := f.Metrics(&buf, fixed.I(100), 0)
	const rankH = 50
	ppem := fixed.Int26_6(float64(rankH) * 100 * 64 / float64(m.CapHeight.Round()))
	rank := rankMask(f, &buf, &z, c.Rank().String(), ppem, 84)
	rb := rank.Bounds()
	paint(img, rank, image.Pt((EmojiSize-rb.Dx())/2, 10), ink)
	const pip = 54
	paint(img, pipMask(c.Suit(), pip, false), image.Pt((EmojiSize-pip)/2, h-pip-10), ink)
	return img
}
