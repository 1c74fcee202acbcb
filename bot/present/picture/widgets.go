package picture

import (
	"image"
	"image/color"
)

// boxKey names a rounded rectangle: its size, the radius of its corners and, for an
// outline, its stroke (zero for a filled one), in tenths of a pixel.
type boxKey struct{ w, h, radius, stroke int }

// commonBoxes are the rounded rectangles the pictures draw most, made once by NewRenderer:
// name plates, dots, the dealer's chip, the trump badge, score boxes, result lines.
func commonBoxes() map[boxKey]*image.Alpha {
	m := map[boxKey]*image.Alpha{}
	add := func(w, h int, radius, stroke float32) {
		k := boxKey{w, h, int(radius * 10), int(stroke * 10)}
		if stroke == 0 {
			m[k] = roundRectMask(w, h, 0, radius)
		} else {
			m[k] = ringMask(w, h, 0, radius, stroke)
		}
	}
	add(plateW, plateH, 10, 0)
	add(plateW, plateH, 10, 3)
	add(10, 10, 5, 0)
	add(12, 12, 6, 0)
	add(18, 18, 9, 0)
	add(badgeSize, badgeSize, 8, 0)
	for n := 1; n <= 3; n++ {
		add((tableW-tablePad)/n-tablePad, scoreH-10, 8, 0)
	}
	add(resultW-2*tablePad, resultRowH-6, 8, 0)
	add(resultW-2*tablePad, overRowH-8, 10, 0)
	add(resultW-2*tablePad, overRowH-8, 10, 2.5)
	return m
}

// box returns a w×h rounded rectangle, filled or (stroke > 0) outlined: a common one made
// in advance, or one drawn now.
func (r *Renderer) box(w, h int, radius, stroke float32) *image.Alpha {
	if m, ok := r.boxes[boxKey{w, h, int(radius * 10), int(stroke * 10)}]; ok {
		return m
	}
	if stroke == 0 {
		return roundRectMask(w, h, 0, radius)
	}
	return ringMask(w, h, 0, radius, stroke)
}

// drawTag draws a pill filling r in colour ink with word centred in it, or the pill alone
// when the word does not fit.
func drawTag(dst *image.RGBA, f *face, r image.Rectangle, word string, ink color.RGBA) {
	if r.Dx() <= 0 || r.Dy() <= 0 {
		return
	}
	paint(dst, roundRectMask(r.Dx(), r.Dy(), 0, float32(min(r.Dx(), r.Dy()))/2), r.Min, ink)
	if f.width(word)+6 > r.Dx() {
		return
	}
	fg := textLight
	if lightInk(ink) {
		fg = inkBlack
	}
	f.drawAligned(dst, (r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y+f.capHeight)/2, word, fg, alignCenter)
}

// lightInk reports whether dark text reads better than light text on c.
func lightInk(c color.RGBA) bool {
	return 299*int(c.R)+587*int(c.G)+114*int(c.B) > 150*1000
}
