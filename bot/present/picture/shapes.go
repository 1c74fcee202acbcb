package picture

import (
	"image"
	"image/color"
	"image/draw"

	"golang.org/x/image/vector"

	"github.com/pinochle-discord/pinochle/engine"
)

// pen draws a path given in a 100×100 design box into a rasterizer, scaled to a box of
// w×h pixels at (x, y), and turned upside down when flip is set.
type pen struct {
	z          *vector.Rasterizer
	x, y, w, h float32
	flip       bool
}

func (p *pen) pt(x, y float32) (float32, float32) {
	if p.flip {
		x, y = 100-x, 100-y
	}
	return p.x + x*p.w/100, p.y + y*p.h/100
}

func (p *pen) move(x, y float32) { p.z.MoveTo(p.pt(x, y)) }
func (p *pen) line(x, y float32) { p.z.LineTo(p.pt(x, y)) }
func (p *pen) quad(x1, y1, x, y float32) {
	ax, ay := p.pt(x1, y1)
	bx, by := p.pt(x, y)
	p.z.QuadTo(ax, ay, bx, by)
}
func (p *pen) cube(x1, y1, x2, y2, x, y float32) {
	ax, ay := p.pt(x1, y1)
	bx, by := p.pt(x2, y2)
	cx, cy := p.pt(x, y)
	p.z.CubeTo(ax, ay, bx, by, cx, cy)
}

// circle adds a circle of radius r at (cx, cy), in design units.
func (p *pen) circle(cx, cy, r float32) {
	const k = 0.5523 // a quarter circle's cubic handles
	p.move(cx+r, cy)
	p.cube(cx+r, cy+k*r, cx+k*r, cy+r, cx, cy+r)
	p.cube(cx-k*r, cy+r, cx-r, cy+k*r, cx-r, cy)
	p.cube(cx-r, cy-k*r, cx-k*r, cy-r, cx, cy-r)
	p.cube(cx+k*r, cy-r, cx+r, cy-k*r, cx+r, cy)
	p.z.ClosePath()
}

// suitPath adds the outline of a suit's pip to the pen's box. The four shapes differ in
// outline, not only in colour: a pointed leaf on a stem (spades), two lobes over a point
// (hearts), a rhombus (diamonds) and a trefoil on a stem (clubs).
func suitPath(p *pen, s engine.Suit) {
	switch s {
	case engine.Spades:
		p.move(50, 0)
		p.cube(38, 20, 2, 36, 2, 61)
		p.cube(2, 75, 13, 85, 27, 85)
		p.cube(36, 85, 43, 80, 47, 73)
		p.cube(46, 86, 40, 95, 29, 100)
		p.line(71, 100)
		p.cube(60, 95, 54, 86, 53, 73)
		p.cube(57, 80, 64, 85, 73, 85)
		p.cube(87, 85, 98, 75, 98, 61)
		p.cube(98, 36, 62, 20, 50, 0)
		p.z.ClosePath()
	case engine.Hearts:
		p.move(50, 24)
		p.cube(50, 10, 39, 2, 27, 2)
		p.cube(12, 2, 2, 14, 2, 30)
		p.cube(2, 56, 31, 70, 50, 98)
		p.cube(69, 70, 98, 56, 98, 30)
		p.cube(98, 14, 88, 2, 73, 2)
		p.cube(61, 2, 50, 10, 50, 24)
		p.z.ClosePath()
	case engine.Diamonds:
		p.move(50, 0)
		p.quad(67, 29, 90, 50)
		p.quad(67, 71, 50, 100)
		p.quad(33, 71, 10, 50)
		p.quad(33, 29, 50, 0)
		p.z.ClosePath()
	case engine.Clubs:
		p.circle(50, 25, 23)
		p.circle(24, 59, 23)
		p.circle(76, 59, 23)
		p.circle(50, 52, 14)
		p.move(47, 60)
		p.cube(47, 80, 41, 93, 29, 100)
		p.line(71, 100)
		p.cube(59, 93, 53, 80, 53, 60)
		p.z.ClosePath()
	}
}

// pipMask returns the suit's pip as an alpha mask of size×size pixels (turned upside down
// when flip is set).
func pipMask(s engine.Suit, size int, flip bool) *image.Alpha {
	m := image.NewAlpha(image.Rect(0, 0, size, size))
	z := vector.NewRasterizer(size, size)
	suitPath(&pen{z: z, w: float32(size), h: float32(size), flip: flip}, s)
	z.Draw(m, m.Bounds(), image.Opaque, image.Point{})
	return m
}

// roundRectPath adds a rectangle with rounded corners of radius r.
func roundRectPath(z *vector.Rasterizer, x0, y0, x1, y1, r float32) {
	const k = 0.5523
	z.MoveTo(x0+r, y0)
	z.LineTo(x1-r, y0)
	z.CubeTo(x1-r+k*r, y0, x1, y0+r-k*r, x1, y0+r)
	z.LineTo(x1, y1-r)
	z.CubeTo(x1, y1-r+k*r, x1-r+k*r, y1, x1-r, y1)
	z.LineTo(x0+r, y1)
	z.CubeTo(x0+r-k*r, y1, x0, y1-r+k*r, x0, y1-r)
	z.LineTo(x0, y0+r)
	z.CubeTo(x0, y0+r-k*r, x0+r-k*r, y0, x0+r, y0)
	z.ClosePath()
}

// roundRectMask returns a w×h mask holding a rounded rectangle inset by inset pixels.
func roundRectMask(w, h int, inset, r float32) *image.Alpha {
	m := image.NewAlpha(image.Rect(0, 0, w, h))
	z := vector.NewRasterizer(w, h)
	roundRectPath(z, inset, inset, float32(w)-inset, float32(h)-inset, r)
	z.Draw(m, m.Bounds(), image.Opaque, image.Point{})
	return m
}

// ringMask returns a w×h mask holding the outline, stroke wide, of a rounded rectangle
// inset by inset pixels.
func ringMask(w, h int, inset, r, stroke float32) *image.Alpha {
	outer := roundRectMask(w, h, inset, r)
	inner := roundRectMask(w, h, inset+stroke, max(r-stroke, 0))
	for i := range outer.Pix {
		outer.Pix[i] = uint8(max(int(outer.Pix[i])-int(inner.Pix[i]), 0))
	}
	return outer
}

// blur returns m blurred by three box passes of the given radius each way, grown by the
// blur's reach on every side; its origin moves by (-reach, -reach).
func blur(m *image.Alpha, radius int) *image.Alpha {
	reach := 3 * radius
	b := m.Bounds()
	w, h := b.Dx()+2*reach, b.Dy()+2*reach
	buf := make([]int32, w*h)
	for y := 0; y < b.Dy(); y++ {
		for x := 0; x < b.Dx(); x++ {
			buf[(y+reach)*w+x+reach] = int32(m.Pix[y*m.Stride+x])
		}
	}
	tmp := make([]int32, max(w, h))
	for range 3 {
		boxPass(buf, tmp, w, h, 1, w, radius)
		boxPass(buf, tmp, h, w, w, 1, radius)
	}
	out := image.NewAlpha(image.Rect(-reach, -reach, b.Dx()+reach, b.Dy()+reach))
	for i, v := range buf {
		out.Pix[i] = uint8(min(max(v, 0), 255))
	}
	return out
}

// boxPass averages buf along lines of n samples (step apart), lines lines of them (stride
// apart), over a window of 2·radius+1.
func boxPass(buf, tmp []int32, n, lines, step, stride, radius int) {
	win := int32(2*radius + 1)
	for l := range lines {
		base := l * stride
		var sum int32
		for i := -radius; i <= radius; i++ {
			if 0 <= i && i < n {
				sum += buf[base+i*step]
			}
		}
		for i := range n {
			tmp[i] = sum / win
			if j := i + radius + 1; j < n {
				sum += buf[base+j*step]
			}
			if j := i - radius; j >= 0 {
				sum -= buf[base+j*step]
			}
		}
		for i := range n {
			buf[base+i*step] = tmp[i]
		}
	}
}

// paint paints colour c (premultiplied, as color.RGBA is) through mask m, the mask's
// origin placed at at, compositing over dst. It is image/draw's DrawMask with a uniform
// source and the Over operator, in eight-bit arithmetic, with the fully covered pixels of
// an opaque colour simply stored: a card is mostly such pixels, and a picture is mostly
// cards.
func paint(dst *image.RGBA, m *image.Alpha, at image.Point, c color.RGBA) {
	r := m.Bounds().Add(at).Intersect(dst.Rect)
	if r.Empty() || c.A == 0 {
		return
	}
	mp := r.Min.Sub(at)
	w := r.Dx()
	cr, cg, cb, ca := uint32(c.R)*255, uint32(c.G)*255, uint32(c.B)*255, uint32(c.A)
	for y := range r.Dy() {
		mrow := m.Pix[m.PixOffset(mp.X, mp.Y+y):][:w]
		drow := dst.Pix[dst.PixOffset(r.Min.X, r.Min.Y+y):][:4*w]
		for x, ma := range mrow {
			if ma == 0 {
				continue
			}
			d := drow[4*x : 4*x+4 : 4*x+4]
			if ma == 255 && ca == 255 {
				d[0], d[1], d[2], d[3] = c.R, c.G, c.B, 255
				continue
			}
			a := uint32(ma)
			inv := 255*255 - ca*a
			d[0] = uint8((cr*a + uint32(d[0])*inv + 255*255/2) / (255 * 255))
			d[1] = uint8((cg*a + uint32(d[1])*inv + 255*255/2) / (255 * 255))
			d[2] = uint8((cb*a + uint32(d[2])*inv + 255*255/2) / (255 * 255))
			d[3] = uint8((ca*255*a + uint32(d[3])*inv + 255*255/2) / (255 * 255))
		}
	}
}

// drawOver draws src over dst with src's top-left corner at at.
func drawOver(dst *image.RGBA, src image.Image, at image.Point) {
	b := src.Bounds()
	draw.Draw(dst, b.Sub(b.Min).Add(at), src, b.Min, draw.Over)
}

// fillRect paints a rectangle in colour c, over what is there.
func fillRect(dst *image.RGBA, r image.Rectangle, c color.RGBA) {
	op := draw.Over
	if c.A == 255 {
		op = draw.Src // the same, for an opaque colour, and quicker
	}
	draw.Draw(dst, r, image.NewUniform(c), image.Point{}, op)
}

// crownMask returns a crown size pixels square.
func crownMask(size int) *image.Alpha {
	m := image.NewAlpha(image.Rect(0, 0, size, size))
	z := vector.NewRasterizer(size, size)
	p := &pen{z: z, w: float32(size), h: float32(size)}
	p.move(8, 80)
	p.line(2, 24)
	p.line(30, 50)
	p.line(50, 12)
	p.line(70, 50)
	p.line(98, 24)
	p.line(92, 80)
	z.ClosePath()
	p.move(8, 86)
	p.line(92, 86)
	p.line(92, 96)
	p.line(8, 96)
	z.ClosePath()
	z.Draw(m, m.Bounds(), image.Opaque, image.Point{})
	return m
}
