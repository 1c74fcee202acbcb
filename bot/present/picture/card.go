package picture

import (
	"image"
	"image/color"

	"github.com/pinochle-discord/pinochle/engine"
)

// look is how a card is drawn besides its face.
type look uint8

const (
	lookDim      look = 1 << iota // washed grey: not playable now, or passed away
	lookSelected                  // ringed in blue
	lookGlow                      // ringed in gold: winning the trick
)

// drawCard draws card c face up with its top-left corner at at. A dimmed card is drawn in
// colours washed with dimInk, as if the wash lay over it, without a second pass over its
// pixels.
func (k *cardKit) drawCard(dst *image.RGBA, at image.Point, c engine.Card, d Deck, l look) {
	wash := func(c color.RGBA) color.RGBA { return c }
	if l&lookDim != 0 {
		wash = func(c color.RGBA) color.RGBA { return over(dimInk, c) }
	}
	paint(dst, k.shadow.mask, at.Add(k.shadow.at), shadowInk)
	paint(dst, k.edge, at, wash(cardEdge))
	face := wash(cardFace)
	paint(dst, k.face, at, face)
	if c.Valid() {
		ink := wash(d.ink(c.Suit()))
		if k.full {
			switch c.Rank() {
			case engine.King, engine.Queen, engine.Jack:
				// The halo is the ink at haloAlpha over the face, drawn opaque.
				h := k.halo[c.Suit()]
				tint := ink
				tint.R, tint.G, tint.B, tint.A = scale8(ink.R, haloAlpha), scale8(ink.G, haloAlpha), scale8(ink.B, haloAlpha), haloAlpha
				paint(dst, h.mask, at.Add(h.at), over(tint, face))
			}
		}
		for _, p := range k.centre[c] {
			paint(dst, p.mask, at.Add(p.at), ink)
		}
		for _, p := range k.index[c] {
			paint(dst, p.mask, at.Add(p.at), ink)
		}
	}
	k.finish(dst, at, l&^lookDim)
}

// over returns colour a composited over the opaque colour b.
func over(a, b color.RGBA) color.RGBA {
	inv := 255 - uint32(a.A)
	mix := func(x, y uint8) uint8 { return uint8(uint32(x) + (uint32(y)*inv+127)/255) }
	return color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 255}
}

// drawBack draws a card face down with its top-left corner at at.
func (k *cardKit) drawBack(dst *image.RGBA, at image.Point) {
	paint(dst, k.shadow.mask, at.Add(k.shadow.at), shadowInk)
	drawOver(dst, k.back, at)
	paint(dst, k.edge, at, cardEdge)
}

// finish adds a card's look over its face.
func (k *cardKit) finish(dst *image.RGBA, at image.Point, l look) {
	if l&lookDim != 0 {
		paint(dst, k.shape, at, dimInk)
	}
	if l&lookGlow != 0 {
		paint(dst, k.ring, at, gold)
	}
	if l&lookSelected != 0 {
		paint(dst, k.ring, at, selectInk)
	}
}

// scale8 returns v·a/255: a colour premultiplied by alpha a.
func scale8(v, a uint8) uint8 { return uint8(uint16(v) * uint16(a) / 255) }
