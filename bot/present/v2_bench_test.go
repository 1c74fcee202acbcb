package present

import (
	"runtime"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/table"
)

// benchMoment returns the golden game of preset at the first card after the first trick
// of hand 1: the table with a trick in progress and the seat to play, with its cards.
func benchMoment(tb testing.TB, preset string) (*table.Game, *engine.View, *engine.View) {
	tb.Helper()
	rules, err := engine.NewRules(preset, nil)
	if err != nil {
		tb.Fatal(err)
	}
	meta := goldenMeta(preset, rules.Players, goldenNames)
	g, err := engine.NewGame(rules, goldenSeed)
	if err != nil {
		tb.Fatal(err)
	}
	for _, a := range goldenActions(tb, &rules) {
		if err := g.Apply(a); err != nil {
			tb.Fatal(err)
		}
		if pub := g.View(-1); g.Phase() == engine.PhasePlay && pub.NumTricks() == 1 && len(pub.Trick()) == 1 {
			seat := g.View(g.Turn())
			return meta, &pub, &seat
		}
	}
	tb.Fatalf("the golden game of %s has no first card after the first trick", preset)
	return nil, nil, nil
}

// The benchmarks lay out messages with pictures. A miss draws the picture (a painter that
// keeps nothing); a hit finds it in the painter's cache, as the table's next message does
// when only its buttons or words change, and as every seat's Refresh does. The targets are
// for the project's shared two-core machine, where other work runs at the same time.

func benchTable(b *testing.B, p *Painter, meta *table.Game, pub *engine.View) {
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if m := TableMessage(p, meta, pub, lookPictures); len(m.Files) != 1 {
			b.Fatalf("%d files", len(m.Files))
		}
	}
}

func benchHand(b *testing.B, p *Painter, meta *table.Game, v *engine.View, look Look) {
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if m := HandMessage(p, meta, v, HandOptions{}, look); len(m.Files) != 1 {
			b.Fatalf("%d files", len(m.Files))
		}
	}
}

func newBenchPainter(b *testing.B, cacheBytes int64) *Painter {
	p, err := NewPainter(cacheBytes)
	if err != nil {
		b.Fatal(err)
	}
	return p
}

// BenchmarkTableMessage lays out a four-handed table with a trick in progress and its
// picture. Target: a miss under 10 ms (the picture's drawing, some 8 ms); a hit under
// 150 µs, most of it the words.
func BenchmarkTableMessage(b *testing.B) {
	meta, pub, _ := benchMoment(b, "racehorse")
	b.Run("miss", func(b *testing.B) { benchTable(b, newBenchPainter(b, 0), meta, pub) })
	b.Run("hit", func(b *testing.B) { benchTable(b, newBenchPainter(b, 1<<20), meta, pub) })
}

// BenchmarkHandMessage lays out the hand of the seat to play, its cards as buttons with
// card emojis and as a picture: racehorse's 11 cards, and double-deck's 19. Target: a miss
// under 6 ms (12 ms for double-deck); a hit under 200 µs.
func BenchmarkHandMessage(b *testing.B) {
	for _, preset := range []string{"racehorse", "double-deck"} {
		meta, _, v := benchMoment(b, preset)
		b.Run(preset+"/miss", func(b *testing.B) { benchHand(b, newBenchPainter(b, 0), meta, v, lookEmojis) })
		b.Run(preset+"/hit", func(b *testing.B) { benchHand(b, newBenchPainter(b, 1<<20), meta, v, lookEmojis) })
	}
}

// TestV2CacheHitIsCheap: once a painter holds a message's picture, laying the message out
// again does not draw it (drawing allocates the whole picture, over a megabyte for a table)
// nor copy it: a hit allocates the words and components only, some kilobytes, in a bounded
// number of allocations.
func TestV2CacheHitIsCheap(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes what allocates")
	}
	meta, pub, v := benchMoment(t, "racehorse")
	p, err := NewPainter(1 << 20)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name      string
		message   func() Message
		maxAllocs float64
	}{
		{"table", func() Message { return TableMessage(p, meta, pub, lookPictures) }, 400},
		{"hand", func() Message { return HandMessage(p, meta, v, HandOptions{}, lookEmojis) }, 450},
	} {
		first := c.message()
		size := int(first.Files[0].Reader.(interface{ Size() int64 }).Size())
		allocs := testing.AllocsPerRun(20, func() { c.message() })
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		const runs = 20
		for range runs {
			c.message()
		}
		runtime.ReadMemStats(&after)
		perRun := int(after.TotalAlloc-before.TotalAlloc) / runs
		t.Logf("%s: a hit makes %.0f allocations, %d bytes; the picture is %d bytes", c.name, allocs, perRun, size)
		if allocs > c.maxAllocs {
			t.Errorf("%s: a cache hit makes %.0f allocations, want at most %.0f", c.name, allocs, c.maxAllocs)
		}
		const maxBytes = 64 << 10
		if perRun > maxBytes {
			t.Errorf("%s: a cache hit allocates %d bytes, more than %d (the picture is %d): is it drawn again?", c.name, perRun, maxBytes, size)
		}
	}
}
