package picture

import (
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
)

// benchScene returns a scene of a preset's golden game.
func benchScene(b *testing.B, preset, name string) Scene {
	b.Helper()
	s, ok := goldenScenes(b, preset)[name]
	if !ok {
		b.Fatalf("the golden game of %s has no scene %s", preset, name)
	}
	return s
}

// The benchmarks draw pictures of the golden games and encode them as PNG; the targets
// are for the project's shared two-core machine, where other work runs at the same time.

// benchPNG draws and encodes s b.N times and reports the picture's size.
func benchPNG(b *testing.B, s Scene) {
	r := newTestRenderer(b)
	var out []byte
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		var err error
		if out, err = r.PNG(s); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(out)), "B/picture")
}

// BenchmarkHandPicture draws a four-handed hand on its turn to play (racehorse, 10 cards,
// the playable ones raised, the others dimmed). Target: under 4 ms and 30 KB.
func BenchmarkHandPicture(b *testing.B) {
	benchPNG(b, benchScene(b, "racehorse", "racehorse-5-trick-hand.png"))
}

// BenchmarkHandPictureLarge draws a double-deck hand of 20 cards in two rows. Target:
// under 6 ms and 40 KB.
func BenchmarkHandPictureLarge(b *testing.B) {
	benchPNG(b, benchScene(b, "double-deck", "double-deck-2-trump-hand.png"))
}

// BenchmarkTablePicture draws a four-handed table with a trick in progress. Target: under
// 8 ms and 40 KB.
func BenchmarkTablePicture(b *testing.B) {
	benchPNG(b, benchScene(b, "racehorse", "racehorse-5-trick-table.png"))
}

// BenchmarkMeldPicture draws a double-deck table showing every seat's meld, 34 small
// cards. Target: under 10 ms and 50 KB.
func BenchmarkMeldPicture(b *testing.B) {
	benchPNG(b, benchScene(b, "double-deck", "double-deck-3-meld-table.png"))
}

// BenchmarkResultPicture draws a hand's result. Target: under 4 ms and 20 KB.
func BenchmarkResultPicture(b *testing.B) {
	benchPNG(b, benchScene(b, "racehorse", "racehorse-6-result-result.png"))
}

// BenchmarkCardEmoji draws a card emoji. Target: under 2 ms and 8 KB (Discord takes up
// to 256 KiB).
func BenchmarkCardEmoji(b *testing.B) {
	r := newTestRenderer(b)
	var out []byte
	b.ReportAllocs()
	for b.Loop() {
		var err error
		if out, err = r.CardEmoji(engine.NewCard(engine.Ten, engine.Hearts), FourColour); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(out)), "B/picture")
}

// BenchmarkNewRenderer parses the fonts and draws the parts of the cards, once per process.
// Target: under 50 ms.
func BenchmarkNewRenderer(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		newTestRenderer(b)
	}
}
