package picture

import (
	"image"
	"image/color"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// glyph is a rune drawn once: its coverage, with the origin at the pen on the baseline,
// and how far it moves the pen.
type glyph struct {
	mask *image.Alpha
	adv  fixed.Int26_6
}

// face is a font at one size, with the glyphs of Latin-1 drawn in advance. It is not
// changed after newFace, so any number of renders may share it.
type face struct {
	font *sfnt.Font
	ppem fixed.Int26_6
	// ascent and descent bound the face's lines; capHeight is the height of a capital.
	ascent, descent, capHeight int
	latin                      [0x100]glyph
	hasLatin                   [0x100]bool
}

// newFace returns the font at px pixels per em.
func newFace(f *sfnt.Font, px float64) (*face, error) {
	fc := &face{font: f, ppem: fixed.Int26_6(px * 64)}
	var buf sfnt.Buffer
	m, err := f.Metrics(&buf, fc.ppem, font.HintingNone)
	if err != nil {
		return nil, err
	}
	fc.ascent, fc.descent, fc.capHeight = m.Ascent.Ceil(), m.Descent.Ceil(), m.CapHeight.Round()
	var z vector.Rasterizer
	for r := rune(0x20); r < 0x100; r++ {
		if r >= 0x7f && r < 0xa0 {
			continue
		}
		if g, ok := rasterGlyph(f, &buf, &z, r, fc.ppem, 1); ok {
			fc.latin[r], fc.hasLatin[r] = g, true
		}
	}
	return fc, nil
}

// rasterGlyph draws rune r at ppem pixels per em, squeezed across by scaleX. It reports
// false when the font has no glyph for r.
func rasterGlyph(f *sfnt.Font, buf *sfnt.Buffer, z *vector.Rasterizer, r rune, ppem fixed.Int26_6, scaleX float32) (glyph, bool) {
	idx, err := f.GlyphIndex(buf, r)
	if err != nil || idx == 0 {
		return glyph{}, false
	}
	adv, err := f.GlyphAdvance(buf, idx, ppem, font.HintingNone)
	if err != nil {
		return glyph{}, false
	}
	segs, err := f.LoadGlyph(buf, idx, ppem, nil)
	if err != nil {
		return glyph{}, false
	}
	adv = fixed.Int26_6(float32(adv) * scaleX)
	bounds := segs.Bounds()
	x0 := int(float32(bounds.Min.X)*scaleX/64) - 1
	x1 := int(float32(bounds.Max.X)*scaleX/64) + 2
	y0, y1 := bounds.Min.Y.Floor(), bounds.Max.Y.Ceil()
	if x1 <= x0 || y1 <= y0 {
		// A space: nothing to draw, only an advance.
		return glyph{mask: image.NewAlpha(image.Rectangle{}), adv: adv}, true
	}
	w, h := x1-x0, y1-y0
	z.Reset(w, h)
	pt := func(p fixed.Point26_6) (float32, float32) {
		return float32(p.X)*scaleX/64 - float32(x0), float32(p.Y)/64 - float32(y0)
	}
	for _, s := range segs {
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			z.MoveTo(pt(s.Args[0]))
		case sfnt.SegmentOpLineTo:
			z.LineTo(pt(s.Args[0]))
		case sfnt.SegmentOpQuadTo:
			ax, ay := pt(s.Args[0])
			bx, by := pt(s.Args[1])
			z.QuadTo(ax, ay, bx, by)
		case sfnt.SegmentOpCubeTo:
			ax, ay := pt(s.Args[0])
			bx, by := pt(s.Args[1])
			cx, cy := pt(s.Args[2])
			z.CubeTo(ax, ay, bx, by, cx, cy)
		}
	}
	m := image.NewAlpha(image.Rect(0, 0, w, h))
	z.Draw(m, m.Bounds(), image.Opaque, image.Point{})
	m.Rect = m.Rect.Add(image.Pt(x0, y0))
	return glyph{mask: m, adv: adv}, true
}

// fallback is the scratch space for drawing, during one call, runes outside Latin-1: a
// face is shared by renders, so it keeps none of its own.
type fallback struct {
	buf *sfnt.Buffer
	z   *vector.Rasterizer
}

// glyph returns the glyph of r: the font's, or its replacement box when the font has none.
func (fc *face) glyph(r rune, fb *fallback) glyph {
	if r >= 0 && r < 0x100 && fc.hasLatin[r] {
		return fc.latin[r]
	}
	if fb.buf == nil {
		fb.buf, fb.z = new(sfnt.Buffer), new(vector.Rasterizer)
	}
	if g, ok := rasterGlyph(fc.font, fb.buf, fb.z, r, fc.ppem, 1); ok {
		return g
	}
	if g, ok := rasterGlyph(fc.font, fb.buf, fb.z, '\uFFFD', fc.ppem, 1); ok {
		return g
	}
	return fc.latin['?']
}

// width returns the width of s in pixels.
func (fc *face) width(s string) int {
	var fb fallback
	var w fixed.Int26_6
	for _, r := range s {
		w += fc.glyph(r, &fb).adv
	}
	return w.Ceil()
}

// draw writes s with its baseline at y, starting at x, in colour c, and returns the x
// after it.
func (fc *face) draw(dst *image.RGBA, x, y int, s string, c color.RGBA) int {
	var fb fallback
	pen := fixed.I(x)
	for _, r := range s {
		g := fc.glyph(r, &fb)
		if !g.mask.Rect.Empty() {
			paint(dst, g.mask, image.Pt(pen.Round(), y), c)
		}
		pen += g.adv
	}
	return pen.Round()
}

// Text alignment for drawText.
type align uint8

const (
	alignLeft align = iota
	alignCenter
	alignRight
)

// drawAligned writes s on the baseline y, placed at x as a says, and returns its left
// edge and width.
func (fc *face) drawAligned(dst *image.RGBA, x, y int, s string, c color.RGBA, a align) (int, int) {
	w := fc.width(s)
	switch a {
	case alignCenter:
		x -= w / 2
	case alignRight:
		x -= w
	}
	fc.draw(dst, x, y, s, c)
	return x, w
}

// fit returns s cut to at most maxWidth pixels, ending with an ellipsis when cut.
func (fc *face) fit(s string, maxWidth int) string {
	if fc.width(s) <= maxWidth {
		return s
	}
	for s != "" {
		_, n := utf8.DecodeLastRuneInString(s)
		s = strings.TrimRightFunc(s[:len(s)-n], unicode.IsSpace)
		if fc.width(s+"…") <= maxWidth {
			return s + "…"
		}
	}
	return "…"
}

// cleanText returns s fit to be drawn: controls, format characters (bidirectional
// overrides, zero-width joiners) and other invisible runes removed, runs of spaces made one,
// and nothing past maxRunes runes.
func cleanText(s string, maxRunes int) string {
	var b strings.Builder
	n := 0
	space := false
	for _, r := range s {
		switch {
		case unicode.IsSpace(r):
			space = n > 0
			continue
		case r == utf8.RuneError, unicode.IsControl(r), unicode.Is(unicode.Cf, r),
			unicode.Is(unicode.Mn, r) && n == 0, unicode.In(r, unicode.Co, unicode.Cs):
			continue
		}
		if n >= maxRunes {
			break
		}
		if space {
			b.WriteByte(' ')
			n++
			space = false
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}
