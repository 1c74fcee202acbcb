package picture

import (
	"encoding/binary"
	"image"
	"image/color"
	"slices"
)

// Quantizing: a picture is drawn in full colour and written as PNG with a palette of at
// most 256 colours, which is several times quicker to encode than full colour (the encoder
// neither filters rows nor compresses four bytes a pixel) and makes smaller files. The
// pictures are flat colours and their anti-aliased edges, so a palette of the colours used
// most, each other colour drawn as the nearest of them, loses next to nothing.

// bucketBits is the number of buckets colours are counted in: 5 bits of red, green and blue
// and 3 of alpha.
const bucketBits = 18

// bucket returns the bucket of the premultiplied colour at p[0:4].
func bucket(p []uint8) uint32 {
	_ = p[3]
	return uint32(p[0]>>3)<<13 | uint32(p[1]>>3)<<8 | uint32(p[2]>>3)<<3 | uint32(p[3]>>5)
}

// quantizer is the scratch space of one quantizing: counts and a colour per bucket, and
// the buckets used. It is cleared after use, bucket by bucket.
type quantizer struct {
	count  [1 << bucketBits]uint32
	colour [1 << bucketBits]uint32
	index  [1 << bucketBits]uint8
	used   []uint32
}

// quantize returns img with a palette of at most 256 colours: every colour of img if it
// uses no more (to within the bucket a colour falls in), else the colours of the buckets
// used most, each other bucket drawn as the nearest of them.
func (q *quantizer) quantize(img *image.RGBA) *image.Paletted {
	b := img.Bounds()
	w := b.Dx()
	// Pictures are mostly runs of one colour: a pixel like the one before it is counted
	// without working out its bucket again.
	var prev, k uint32
	started := false
	for y := range b.Dy() {
		row := img.Pix[y*img.Stride : y*img.Stride+4*w : y*img.Stride+4*w]
		for ; len(row) >= 4; row = row[4:] {
			px := binary.LittleEndian.Uint32(row)
			if !started || px != prev {
				started, prev = true, px
				k = bucket(row)
				if q.count[k] == 0 {
					q.used = append(q.used, k)
					q.colour[k] = uint32(row[0])<<24 | uint32(row[1])<<16 | uint32(row[2])<<8 | uint32(row[3])
				}
			}
			q.count[k]++
		}
	}
	slices.SortFunc(q.used, func(a, b uint32) int {
		if q.count[a] != q.count[b] {
			if q.count[a] > q.count[b] {
				return -1
			}
			return 1
		}
		return int(a) - int(b)
	})
	n := min(len(q.used), 256)
	pal := make(color.Palette, n)
	var rgba [256]color.RGBA
	for i, k := range q.used[:n] {
		c := q.colour[k]
		rgba[i] = color.RGBA{uint8(c >> 24), uint8(c >> 16), uint8(c >> 8), uint8(c)}
		// As PNG stores it: the encoder converts any other colour, allocating.
		pal[i] = color.NRGBAModel.Convert(rgba[i])
		q.index[k] = uint8(i)
	}
	for _, k := range q.used[n:] {
		q.index[k] = nearest(rgba[:n], q.colour[k])
	}
	out := image.NewPaletted(image.Rect(0, 0, w, b.Dy()), pal)
	started = false
	var idx uint8
	for y := range b.Dy() {
		row := img.Pix[y*img.Stride : y*img.Stride+4*w : y*img.Stride+4*w]
		dst := out.Pix[y*out.Stride : y*out.Stride+w : y*out.Stride+w]
		for i := range dst {
			px := binary.LittleEndian.Uint32(row)
			if !started || px != prev {
				started, prev = true, px
				idx = q.index[bucket(row)]
			}
			dst[i] = idx
			row = row[4:]
		}
	}
	for _, k := range q.used {
		q.count[k] = 0
	}
	q.used = q.used[:0]
	return out
}

// nearest returns the index of the palette's colour nearest to c (packed RGBA), by a
// distance that weighs green, then alpha and red, above blue, roughly as eyes do.
func nearest(pal []color.RGBA, c uint32) uint8 {
	r, g, b, a := int(c>>24), int(c>>16&0xff), int(c>>8&0xff), int(c&0xff)
	best, bestD := 0, -1
	for i, pc := range pal {
		dr, dg, db, da := r-int(pc.R), g-int(pc.G), b-int(pc.B), a-int(pc.A)
		d := 2*dr*dr + 4*dg*dg + db*db + 3*da*da
		if bestD < 0 || d < bestD {
			best, bestD = i, d
		}
	}
	return uint8(best)
}
