package picture

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"sync"
	"unicode/utf8"
)

// A Scene is something the package draws: a Hand, a Table, a Result or a GameOver.
type Scene interface {
	// Key returns a string that is the same for two scenes exactly when they draw the
	// same picture, for a Cache.
	Key() string
	// Alt returns the picture's plain-text description, at most MaxAlt characters.
	Alt() string
	// draw draws the scene.
	draw(r *Renderer) *image.RGBA
}

// A Renderer draws scenes as PNG pictures. It holds the fonts and the parts of the cards,
// made once by NewRenderer and never changed after, and a pool of the PNG encoder's
// buffers, so it is safe for concurrent use; make one and share it.
type Renderer struct {
	fonts             *fonts
	hand, table, mini *cardKit
	boxes             map[boxKey]*image.Alpha
	enc               png.Encoder
	quantizers        sync.Pool // of *quantizer
	canvases          sync.Pool // of *[]uint8, the pixels of canvases drawn and quantized
}

// NewRenderer parses the embedded fonts and draws the parts of the cards, which takes a
// few milliseconds.
func NewRenderer() (*Renderer, error) {
	f, err := newFonts()
	if err != nil {
		return nil, fmt.Errorf("picture: %w", err)
	}
	r := &Renderer{
		fonts: f,
		hand:  newCardKit(styleHand, f.bold),
		table: newCardKit(styleTable, f.bold),
		mini:  newCardKit(styleMini, f.bold),
		boxes: commonBoxes(),
	}
	r.enc = png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &encoderPool{}}
	return r, nil
}

// PNG draws a scene and encodes it as PNG, with a palette of at most 256 colours (see
// quantize).
func (r *Renderer) PNG(s Scene) ([]byte, error) {
	return r.encode(r.paletted(s))
}

// paletted draws a scene as PNG encodes it: with a palette of at most 256 colours, the
// colours it uses most.
func (r *Renderer) paletted(s Scene) *image.Paletted {
	img := s.draw(r)
	p := r.quantize(img)
	r.canvases.Put(&img.Pix)
	return p
}

// canvas returns a transparent picture of w×h to draw a scene on, its pixels taken from
// those of the pictures drawn before (a hand's canvas is over half a megabyte, a table's
// near two): paletted gives them back once quantized.
func (r *Renderer) canvas(w, h int) *image.RGBA {
	n := 4 * w * h
	var pix []uint8
	if p, _ := r.canvases.Get().(*[]uint8); p != nil && cap(*p) >= n {
		pix = (*p)[:n]
		clear(pix)
	} else {
		pix = make([]uint8, n)
	}
	return &image.RGBA{Pix: pix, Stride: 4 * w, Rect: image.Rect(0, 0, w, h)}
}

// quantize returns img with a palette of at most 256 colours.
func (r *Renderer) quantize(img *image.RGBA) *image.Paletted {
	q, _ := r.quantizers.Get().(*quantizer)
	if q == nil {
		q = new(quantizer)
	}
	p := q.quantize(img)
	r.quantizers.Put(q)
	return p
}

// encode writes img as PNG at the compression that is quickest, which for a paletted
// picture costs a few per cent in size against the best.
func (r *Renderer) encode(img image.Image) ([]byte, error) {
	var b bytes.Buffer
	b.Grow(16 << 10)
	if err := r.enc.Encode(&b, img); err != nil {
		return nil, fmt.Errorf("picture: encode PNG: %w", err)
	}
	return b.Bytes(), nil
}

// encoderPool keeps the PNG encoder's buffers between pictures.
type encoderPool struct{ p sync.Pool }

func (p *encoderPool) Get() *png.EncoderBuffer {
	b, _ := p.p.Get().(*png.EncoderBuffer)
	return b
}

func (p *encoderPool) Put(b *png.EncoderBuffer) { p.p.Put(b) }

// MaxAlt is the most characters an Alt returns: Discord's limit for the description of an
// attachment.
const MaxAlt = 1024

// capAlt returns s cut to MaxAlt characters, ending with an ellipsis when cut.
func capAlt(s string) string {
	if utf8.RuneCountInString(s) <= MaxAlt {
		return s
	}
	r := []rune(s)
	return string(r[:MaxAlt-1]) + "…"
}
