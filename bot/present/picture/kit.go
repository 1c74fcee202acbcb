package picture

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"github.com/pinochle-discord/pinochle/engine"
)

// cardStyle is the geometry of a card at one size.
type cardStyle struct {
	w, h   int
	radius float32
	// full cards have a centre design (a pip) and a second index, upside down, in the
	// bottom-right corner; the others only the top-left index.
	full bool
	// rankH is the cap height of the index's rank, col the centre of the index column,
	// top the top of the rank and gap the room between rank and pip; pip is the index
	// pip's size; rankMax the widest a rank may be (10 is squeezed to it).
	rankH, col, top, gap, pip, rankMax int
	// strip is how much of a card shows when the next one covers it in a row: the index
	// column and a margin.
	strip int
}

// The card sizes: a hand's cards, the table's (the trick) and small ones (meld, the widow,
// the turned-up card).
var (
	styleHand  = cardStyle{w: 100, h: 140, radius: 9, full: true, rankH: 26, col: 19, top: 9, gap: 5, pip: 21, rankMax: 29, strip: 37}
	styleTable = cardStyle{w: 84, h: 118, radius: 8, full: true, rankH: 21, col: 16, top: 8, gap: 4, pip: 17, rankMax: 24, strip: 31}
	styleMini  = cardStyle{w: 54, h: 76, radius: 6, full: false, rankH: 18, col: 14, top: 6, gap: 4, pip: 16, rankMax: 21, strip: 27}
)

// placed is a mask and where its origin goes on the card.
type placed struct {
	mask *image.Alpha
	at   image.Point
}

// cardKit holds what a card of one style is drawn from, made once.
type cardKit struct {
	cardStyle
	shape, face, edge *image.Alpha // the whole card, its face inside the border, the border
	shadow            placed
	ring              *image.Alpha // the ring a selected card, or the winning one, wears
	index             [engine.NumKinds][]placed
	centre            [engine.NumKinds][]placed
	halo              [engine.NumSuits]placed // the tint behind a court card's pip
	back              *image.RGBA
}

// Colours of the cards and the table.
var (
	cardFace   = color.RGBA{0xfd, 0xfc, 0xf8, 0xff}
	cardEdge   = color.RGBA{0x6d, 0x6f, 0x78, 0xff}
	shadowInk  = color.RGBA{0, 0, 0, 0x70}
	dimInk     = color.RGBA{0x3c, 0x40, 0x48, 0x8c}
	selectInk  = color.RGBA{0x1e, 0x7b, 0xf2, 0xff}
	backInk    = color.RGBA{0x1f, 0x3f, 0x7a, 0xff}
	backLine   = color.RGBA{0x3d, 0x63, 0xa8, 0xff}
	textLight  = color.RGBA{0xf4, 0xf4, 0xf0, 0xff}
	textMuted  = color.RGBA{0xc9, 0xd6, 0xcc, 0xff}
	gold       = color.RGBA{0xf2, 0xc1, 0x4e, 0xff}
	felt       = color.RGBA{0x1d, 0x5e, 0x3f, 0xff}
	feltDark   = color.RGBA{0x16, 0x4a, 0x31, 0xff}
	plateInk   = color.RGBA{0x0c, 0x24, 0x18, 0xc8}
	receiveInk = color.RGBA{0x1a, 0x9e, 0x55, 0xff}
	passInk    = color.RGBA{0xd9, 0x6a, 0x1c, 0xff}
	tableInk   = color.RGBA{0x7b, 0x4f, 0xd6, 0xff}
	goodInk    = color.RGBA{0x7f, 0xe0, 0x9c, 0xff}
	badInk     = color.RGBA{0xff, 0x93, 0x8a, 0xff}
)

// haloAlpha is how strongly a court card's halo is tinted with its suit's ink.
const haloAlpha = 0x22

// fonts are the faces the pictures write with.
type fonts struct {
	bold, medium *sfnt.Font
	// name is a seat's name, small the lines under it and captions, head a picture's
	// heading, big a game's end.
	name, small, head, big, tag *face
}

func newFonts() (*fonts, error) {
	bold, err := sfnt.Parse(gobold.TTF)
	if err != nil {
		return nil, fmt.Errorf("parse Go Bold: %w", err)
	}
	medium, err := sfnt.Parse(gomedium.TTF)
	if err != nil {
		return nil, fmt.Errorf("parse Go Medium: %w", err)
	}
	f := &fonts{bold: bold, medium: medium}
	for _, fc := range []struct {
		dst  **face
		font *sfnt.Font
		px   float64
	}{{&f.name, bold, 20}, {&f.small, medium, 16}, {&f.head, bold, 22}, {&f.big, bold, 30}, {&f.tag, bold, 12}} {
		if *fc.dst, err = newFace(fc.font, fc.px); err != nil {
			return nil, fmt.Errorf("Go font at %g px: %w", fc.px, err)
		}
	}
	return f, nil
}

// newCardKit draws the parts of cards of style st.
func newCardKit(st cardStyle, bold *sfnt.Font) *cardKit {
	k := &cardKit{cardStyle: st}
	k.shape = roundRectMask(st.w, st.h, 0, st.radius)
	k.face = roundRectMask(st.w, st.h, 1.5, st.radius-1)
	k.edge = ringMask(st.w, st.h, 0, st.radius, 1.5)
	// The shadow, less where the card itself will cover it: what lies under an opaque
	// card need not be drawn.
	sh := blur(roundRectMask(st.w, st.h, 0, st.radius), max(1, st.w/40))
	off := image.Pt(0, max(1, st.w/45))
	for y := sh.Rect.Min.Y; y < sh.Rect.Max.Y; y++ {
		for x := sh.Rect.Min.X; x < sh.Rect.Max.X; x++ {
			if p := image.Pt(x, y).Add(off); p.In(k.face.Rect) && k.face.AlphaAt(p.X, p.Y).A == 255 {
				sh.SetAlpha(x, y, color.Alpha{})
			}
		}
	}
	k.shadow = placed{mask: sh, at: off}
	k.ring = ringMask(st.w, st.h, 0, st.radius, 3.5)

	var buf sfnt.Buffer
	var z vector.Rasterizer
	m, _ := bold.Metrics(&buf, fixed.I(100), 0)
	ppem := fixed.Int26_6(float64(st.rankH) * 100 * 64 / float64(m.CapHeight.Round()))
	for c := engine.Card(0); c < engine.NumKinds; c++ {
		rank := rankMask(bold, &buf, &z, c.Rank().String(), ppem, st.rankMax)
		pip := pipMask(c.Suit(), st.pip, false)
		rw := rank.Bounds().Dx()
		rankAt := image.Pt(st.col-rw/2, st.top)
		pipAt := image.Pt(st.col-st.pip/2, st.top+st.rankH+st.gap)
		k.index[c] = append(k.index[c], placed{rank, rankAt}, placed{pip, pipAt})
		if !st.full {
			big := st.w * 44 / 100
			k.centre[c] = append(k.centre[c], placed{pipMask(c.Suit(), big, false), image.Pt(st.w-big-st.w/12, st.h-big-st.w/12)})
			continue
		}
		// The second index, in the bottom-right corner: the pip alone, upside down (a
		// rank turned over reads as another: 9 as 6).
		k.index[c] = append(k.index[c], placed{pipMask(c.Suit(), st.pip, true), image.Pt(st.w-pipAt.X-st.pip, st.h-st.top-st.pip)})
		size := st.w * 36 / 100
		switch c.Rank() {
		case engine.Ace:
			size = st.w * 50 / 100
		case engine.King, engine.Queen, engine.Jack:
			size = st.w * 30 / 100
		}
		k.centre[c] = append(k.centre[c], placed{pipMask(c.Suit(), size, false), image.Pt((st.w-size)/2, (st.h-size)/2)})
	}
	for s := engine.Spades; s < engine.NoSuit; s++ {
		d := st.w * 48 / 100
		k.halo[s] = placed{roundRectMask(d, d, 0, float32(d)/2), image.Pt((st.w-d)/2, (st.h-d)/2)}
	}
	k.back = cardBack(st)
	return k
}

// rankMask draws a rank's code in the bold font, squeezed across to maxW when wider.
func rankMask(f *sfnt.Font, buf *sfnt.Buffer, z *vector.Rasterizer, code string, ppem fixed.Int26_6, maxW int) *image.Alpha {
	draw1 := func(scaleX float32, tighten fixed.Int26_6) (*image.Alpha, int) {
		var gs []glyph
		var pen fixed.Int26_6
		var ink image.Rectangle
		for i, r := range code {
			g, _ := rasterGlyph(f, buf, z, r, ppem, scaleX)
			if i > 0 {
				pen -= tighten
			}
			gs = append(gs, glyph{mask: g.mask, adv: pen})
			ink = ink.Union(g.mask.Bounds().Add(image.Pt(pen.Round(), 0)))
			pen += g.adv
		}
		out := image.NewAlpha(image.Rect(0, 0, ink.Dx(), ink.Dy()))
		for _, g := range gs {
			at := image.Pt(g.adv.Round(), 0).Sub(ink.Min)
			draw.DrawMask(out, g.mask.Bounds().Add(at), image.Opaque, image.Point{}, g.mask, g.mask.Bounds().Min, draw.Over)
		}
		return out, ink.Dx()
	}
	tighten := ppem / 14
	m, w := draw1(1, tighten)
	if w > maxW {
		m, _ = draw1(float32(maxW)/float32(w), tighten)
	}
	return trimMask(m)
}

// trimMask cuts a mask to its ink, with its origin at the ink's top left.
func trimMask(m *image.Alpha) *image.Alpha {
	b := m.Bounds()
	ink := image.Rectangle{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if m.AlphaAt(x, y).A > 0 {
				ink = ink.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	out := image.NewAlpha(image.Rect(0, 0, ink.Dx(), ink.Dy()))
	draw.Draw(out, out.Bounds(), m, ink.Min, draw.Src)
	return out
}

// flipMask returns m turned upside down (rotated half a turn).
func flipMask(m *image.Alpha) *image.Alpha {
	b := m.Bounds()
	out := image.NewAlpha(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := range b.Dy() {
		for x := range b.Dx() {
			out.Pix[(b.Dy()-1-y)*out.Stride+b.Dx()-1-x] = m.Pix[y*m.Stride+x]
		}
	}
	return out
}

// cardBack draws the back of a card: a white margin round a blue lattice.
func cardBack(st cardStyle) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, st.w, st.h))
	inner := roundRectMask(st.w, st.h, float32(st.w)/14, st.radius*0.6)
	pattern := image.NewRGBA(img.Rect)
	step := max(6, st.w/9)
	for y := range st.h {
		for x := range st.w {
			c := backInk
			if (x+y)%step == 0 || (x-y+st.h*step)%step == 0 {
				c = backLine
			}
			pattern.SetRGBA(x, y, c)
		}
	}
	paint(img, roundRectMask(st.w, st.h, 0, st.radius), image.Point{}, cardFace)
	draw.DrawMask(img, img.Rect, pattern, image.Point{}, inner, image.Point{}, draw.Over)
	return img
}
