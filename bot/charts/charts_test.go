package charts

import (
	"bytes"
	"errors"
	"fmt"
	"image/png"
	"math"
	"strings"
	"testing"
)

// decode checks that b is a PNG of the charts' size.
func decode(t *testing.T, b []byte) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	if r := img.Bounds(); r.Dx() != Width || r.Dy() != Height {
		t.Fatalf("image of %dx%d, want %dx%d", r.Dx(), r.Dy(), Width, Height)
	}
}

// linePoints counts the lines of a chart and their points.
func linePoints(c *chart) (lines, points int) {
	for _, l := range c.lines {
		lines++
		points += l.XYs.Len()
	}
	return lines, points
}

func series(name string, n int, f func(int) float64) Series {
	s := Series{Name: name}
	for i := range n {
		s.Points = append(s.Points, Point{X: float64(i + 1), Y: f(i)})
	}
	return s
}

func TestRatingHistory(t *testing.T) {
	cases := []struct {
		name          string
		series        []Series
		lines, points int
	}{
		{"overall and season", []Series{series("overall", 30, func(i int) float64 { return 10 + float64(i)/3 }),
			series("Season 1", 12, func(i int) float64 { return 12 - float64(i)/4 })}, 2, 42},
		{"one game", []Series{series("overall", 1, func(int) float64 { return 0 })}, 1, 1},
		{"negative ratings", []Series{series("overall", 5, func(i int) float64 { return -20 + float64(i) })}, 1, 5},
		{"an empty series is left out", []Series{{Name: "season"}, series("overall", 3, func(int) float64 { return 1 })}, 1, 3},
		{"many series, long unicode names", []Series{
			series(strings.Repeat("Ünïcødé ♠ player ", 5), 200, func(i int) float64 { return math.Sin(float64(i)) }),
			series("b", 200, func(i int) float64 { return 1 }), series("c", 2, func(int) float64 { return 2 }),
			series("d", 2, func(int) float64 { return 3 }), series("e", 2, func(int) float64 { return 4 }),
			series("f", 2, func(int) float64 { return 5 }), series("g", 2, func(int) float64 { return 6 })}, 7, 410},
	}
	for _, tc := range cases {
		p, err := ratingPlot(tc.name, tc.series)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if lines, points := linePoints(p); lines != tc.lines || points != tc.points {
			t.Errorf("%s: %d lines of %d points, want %d of %d", tc.name, lines, points, tc.lines, tc.points)
		}
		b, err := RatingHistory(tc.name, tc.series)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		decode(t, b)
	}
}

func TestStandings(t *testing.T) {
	for _, n := range []int{1, 7, MaxBars, 35} {
		var bars []Bar
		for i := range n {
			bars = append(bars, Bar{Name: fmt.Sprintf("player %d with a very long name indeed", i), Value: float64(40 - i)})
		}
		p, err := standingsPlot("Season", bars)
		if err != nil {
			t.Fatal(err)
		}
		drawn := p.bars.Values.Len()
		// The best is at the top: the last value, drawn highest.
		if top := p.bars.Values.Value(drawn - 1); top != 40 {
			t.Errorf("%d bars: the top bar is %v, want the best, 40", n, top)
		}
		if drawn != min(n, MaxBars) {
			t.Errorf("%d bars given: %d drawn, want %d", n, drawn, min(n, MaxBars))
		}
		b, err := Standings("Season", bars)
		if err != nil {
			t.Fatal(err)
		}
		decode(t, b)
	}
}

func TestChartsRefuse(t *testing.T) {
	if _, err := RatingHistory("x", nil); !errors.Is(err, ErrNoData) {
		t.Errorf("no series: %v, want ErrNoData", err)
	}
	if _, err := RatingHistory("x", []Series{{Name: "empty"}}); !errors.Is(err, ErrNoData) {
		t.Errorf("empty series: %v, want ErrNoData", err)
	}
	if _, err := Standings("x", nil); !errors.Is(err, ErrNoData) {
		t.Errorf("no bars: %v, want ErrNoData", err)
	}
	for _, bad := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if _, err := RatingHistory("x", []Series{{Name: "s", Points: []Point{{1, bad}}}}); err == nil || errors.Is(err, ErrNoData) {
			t.Errorf("point %v: %v, want an error", bad, err)
		}
		if _, err := Standings("x", []Bar{{Name: "b", Value: bad}}); err == nil || errors.Is(err, ErrNoData) {
			t.Errorf("bar %v: %v, want an error", bad, err)
		}
	}
}

// BenchmarkRenderChart measures one chart: a rating history of two series of 200 games,
// and the standings of 20 players (target: at most 50 ms each).
//
//	go test ./bot/charts/ -run '^$' -bench . -benchmem
func BenchmarkRenderChart(b *testing.B) {
	b.Run("RatingHistory", func(b *testing.B) {
		s := []Series{series("overall", 200, func(i int) float64 { return float64(i % 17) }),
			series("season", 200, func(i int) float64 { return float64(i % 11) })}
		for b.Loop() {
			if _, err := RatingHistory("Ana", s); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Standings", func(b *testing.B) {
		var bars []Bar
		for i := range MaxBars {
			bars = append(bars, Bar{Name: fmt.Sprintf("player %d", i), Value: float64(30 - i)})
		}
		for b.Loop() {
			if _, err := Standings("Season", bars); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func TestWeeklyAndMostActive(t *testing.T) {
	weeks := []Bar{{"2 Mar", 3}, {"9 Mar", 0}, {"16 Mar", 12}, {"23 Mar", 1}}
	c, err := weeklyPlot("Games a week", weeks)
	if err != nil {
		t.Fatal(err)
	}
	if c.bars.Values.Len() != 4 || c.bars.Values.Value(2) != 12 || c.bars.Horizontal {
		t.Errorf("weekly chart of %d upright bars (third %v), want the 4 weeks in order", c.bars.Values.Len(), c.bars.Values.Value(2))
	}
	b, err := Weekly("Games a week", weeks)
	if err != nil {
		t.Fatal(err)
	}
	decode(t, b)
	b, err = MostActive("Most active", []Bar{{"Ana", 9}, {"Bob", 4}})
	if err != nil {
		t.Fatal(err)
	}
	decode(t, b)
	if _, err := Weekly("none", nil); !errors.Is(err, ErrNoData) {
		t.Errorf("no weeks: %v", err)
	}
	if _, err := Weekly("bad", []Bar{{"x", math.Inf(1)}}); err == nil {
		t.Error("an infinite week was drawn")
	}
	if _, err := MostActive("none", nil); !errors.Is(err, ErrNoData) {
		t.Errorf("no players: %v", err)
	}
}
