// Package charts draws the bot's charts as PNG images: a player's rating over their games,
// a season's standings, a server's games a week and its most active players. It is pure rendering: data in, PNG bytes out, with the fonts
// that gonum.org/v1/plot embeds; nothing is read from the system or the network.
package charts

import (
	"bytes"
	"errors"
	"fmt"
	"image/color"
	"math"
	"unicode/utf8"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// The size of every chart, in pixels.
const (
	Width  = 800
	Height = 450
)

// dpi is the resolution the charts are drawn at: Width and Height are pixels at it.
const dpi = 96

// MaxBars is how many bars a standings chart shows at most.
const MaxBars = 20

// maxName is how many characters of a name a chart shows.
const maxName = 20

// ErrNoData is returned when there is nothing to draw, so that the caller can answer in
// words.
var ErrNoData = errors.New("charts: nothing to draw")

// Point is one point of a series.
type Point struct{ X, Y float64 }

// Series is one line of a chart.
type Series struct {
	Name   string
	Points []Point
}

// Bar is one bar of a standings chart.
type Bar struct {
	Name  string
	Value float64
}

// palette are the colours of the lines, readable on white.
var palette = []color.Color{
	color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff},
	color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff},
	color.RGBA{R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff},
	color.RGBA{R: 0x94, G: 0x67, B: 0xbd, A: 0xff},
	color.RGBA{R: 0xff, G: 0x7f, B: 0x0e, A: 0xff},
	color.RGBA{R: 0x8c, G: 0x56, B: 0x4b, A: 0xff},
}

// RatingHistory draws a player's rating over their games (x: the game's number in the
// series, y: the rating), one line per series with a legend: overall and, in a season,
// the season's. Series without points are left out; none at all is ErrNoData.
func RatingHistory(title string, series []Series) ([]byte, error) {
	c, err := ratingPlot(title, series)
	if err != nil {
		return nil, err
	}
	return render(c.plot)
}

// chart is a plot with what was drawn on it.
type chart struct {
	plot  *plot.Plot
	lines []*plotter.Line
	bars  *plotter.BarChart
}

// ratingPlot builds the plot RatingHistory renders.
func ratingPlot(title string, series []Series) (*chart, error) {
	p := plot.New()
	p.Title.Text = shorten(title, 60)
	p.Title.Padding = vg.Points(6)
	p.X.Label.Text = "Game"
	p.Y.Label.Text = "Rating"
	p.Add(plotter.NewGrid())
	p.Legend.Top, p.Legend.Left = true, true
	var lines []*plotter.Line
	for i, s := range series {
		if len(s.Points) == 0 {
			continue
		}
		xys := make(plotter.XYs, len(s.Points))
		for k, pt := range s.Points {
			if !finite(pt.X) || !finite(pt.Y) {
				return nil, fmt.Errorf("charts: series %q, point %d is not a finite number", s.Name, k)
			}
			xys[k] = plotter.XY{X: pt.X, Y: pt.Y}
		}
		line, points, err := plotter.NewLinePoints(xys)
		if err != nil {
			return nil, fmt.Errorf("charts: series %q: %w", s.Name, err)
		}
		c := palette[i%len(palette)]
		line.Color, points.Color = c, c
		line.Width = vg.Points(2)
		points.Radius = vg.Points(2)
		if len(xys) > 60 {
			points.Radius = 0
		}
		p.Add(line, points)
		p.Legend.Add(shorten(s.Name, maxName), line)
		lines = append(lines, line)
	}
	if len(lines) == 0 {
		return nil, ErrNoData
	}
	return &chart{plot: p, lines: lines}, nil
}

// Standings draws a season's standings as horizontal bars, best first from the top: at
// most MaxBars of them (the first ones given), names cut to 20 characters. No bars is
// ErrNoData.
func Standings(title string, bars []Bar) ([]byte, error) {
	c, err := standingsPlot(title, bars)
	if err != nil {
		return nil, err
	}
	return render(c.plot)
}

// standingsPlot builds the plot Standings renders.
func standingsPlot(title string, bars []Bar) (*chart, error) {
	return rankingPlot(title, "Rating", bars)
}

// MostActive draws the players with the most games as horizontal bars, most first from the
// top, at most MaxBars of them; no bars is ErrNoData.
func MostActive(title string, bars []Bar) ([]byte, error) {
	c, err := rankingPlot(title, "Games", bars)
	if err != nil {
		return nil, err
	}
	top := 1.0
	for _, b := range bars {
		top = max(top, b.Value)
	}
	c.plot.X.Min, c.plot.X.Max = 0, top*1.1
	return render(c.plot)
}

// Weekly draws games a week as vertical bars, oldest week first from the left, each named
// by its label (a week's first day); no bars is ErrNoData.
func Weekly(title string, bars []Bar) ([]byte, error) {
	c, err := weeklyPlot(title, bars)
	if err != nil {
		return nil, err
	}
	return render(c.plot)
}

// weeklyPlot builds the plot Weekly renders.
func weeklyPlot(title string, bars []Bar) (*chart, error) {
	if len(bars) == 0 {
		return nil, ErrNoData
	}
	values := make(plotter.Values, len(bars))
	names := make([]string, len(bars))
	for i, b := range bars {
		if !finite(b.Value) {
			return nil, fmt.Errorf("charts: bar %q is not a finite number", b.Name)
		}
		values[i], names[i] = b.Value, shorten(b.Name, maxName)
	}
	p := plot.New()
	p.Title.Text = shorten(title, 60)
	p.Title.Padding = vg.Points(6)
	p.Y.Label.Text = "Games"
	p.Y.Min = 0
	bc, err := plotter.NewBarChart(values, vg.Points(360/float64(len(bars))))
	if err != nil {
		return nil, fmt.Errorf("charts: %w", err)
	}
	bc.Color = palette[2]
	bc.LineStyle.Width = 0
	p.Add(plotter.NewGrid(), bc)
	p.NominalX(names...)
	// Room around the bars: half a bar's place at each end, and a tenth above the highest.
	top := 1.0
	for _, v := range values {
		top = max(top, v)
	}
	p.X.Min, p.X.Max = -0.6, float64(len(bars))-0.4
	p.Y.Max = top * 1.1
	return &chart{plot: p, bars: bc}, nil
}

// rankingPlot builds a ranking of horizontal bars, the best at the top, its values read on
// an axis named axis.
func rankingPlot(title, axis string, bars []Bar) (*chart, error) {
	if len(bars) == 0 {
		return nil, ErrNoData
	}
	bars = bars[:min(len(bars), MaxBars)]
	n := len(bars)
	values := make(plotter.Values, n)
	names := make([]string, n)
	for i, b := range bars {
		if !finite(b.Value) {
			return nil, fmt.Errorf("charts: bar %q is not a finite number", b.Name)
		}
		// The best at the top: the y axis counts upwards.
		values[n-1-i] = b.Value
		names[n-1-i] = shorten(b.Name, maxName)
	}
	p := plot.New()
	p.Title.Text = shorten(title, 60)
	p.Title.Padding = vg.Points(6)
	p.X.Label.Text = axis
	bc, err := plotter.NewBarChart(values, vg.Points(180/float64(n)))
	if err != nil {
		return nil, fmt.Errorf("charts: %w", err)
	}
	bc.Horizontal = true
	bc.Color = palette[0]
	bc.LineStyle.Width = 0
	p.Add(plotter.NewGrid(), bc)
	p.NominalY(names...)
	return &chart{plot: p, bars: bc}, nil
}

// render draws a plot as a PNG of Width×Height pixels.
func render(p *plot.Plot) ([]byte, error) {
	c := vgimg.NewWith(vgimg.UseWH(vg.Length(Width)*vg.Inch/dpi, vg.Length(Height)*vg.Inch/dpi), vgimg.UseDPI(dpi),
		vgimg.UseBackgroundColor(color.White))
	p.Draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: c}).WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("charts: encode PNG: %w", err)
	}
	return buf.Bytes(), nil
}

func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

// shorten cuts s to n characters, marking the cut.
func shorten(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}
