package picture

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer/computertest"
)

var update = flag.Bool("update", false, "rewrite the golden pictures in testdata")

// goldenSeed deals every golden game and seeds its computer players.
const goldenSeed = 3

// goldenNames are the players of the golden games, by seat; one is long, to show how a
// name too long for its place is cut.
var goldenNames = []string{"Ann", "Bob", "Cy", "Di", "Evangeline Montgomery", "Flo"}

// moment is a point of a game worth a picture, and the pictures taken there.
type moment struct {
	name string
	// at reports whether the game has reached the moment.
	at func(g *engine.Game, v *engine.View) bool
	// shots are the scenes drawn there.
	shots func(g *engine.Game) map[string]Scene
}

// tableShot is the public table, seat 0 at the bottom.
func tableShot(g *engine.Game) Scene {
	v := g.View(-1)
	return TableOf(&v, goldenNames, 0, TwoColour)
}

// handShot is the hand of seat.
func handShot(g *engine.Game, seat int) Scene {
	v := g.View(seat)
	return HandOf(&v, TwoColour, 0)
}

func tableOnly(g *engine.Game) map[string]Scene { return map[string]Scene{"table": tableShot(g)} }

// waiting returns the first seat the game waits for.
func waiting(g *engine.Game) int {
	for s := range g.Rules().Players {
		if g.Waiting(s) {
			return s
		}
	}
	return -1
}

// The moments of the golden games, for the presets they apply to.
var (
	auction = moment{"auction", func(g *engine.Game, v *engine.View) bool {
		return v.Phase() == engine.PhaseBidding && len(v.Auction()) == g.Rules().Players-1
	}, tableOnly}
	passing = moment{"passing", func(g *engine.Game, v *engine.View) bool {
		return v.Phase() == engine.PhasePassBack
	}, func(g *engine.Game) map[string]Scene {
		return map[string]Scene{"table": tableShot(g), "hand": handShot(g, g.Bidder())}
	}}
	// passed is before play, the passing done: the bidder's hand shows both ways.
	passed = moment{"passed", func(g *engine.Game, v *engine.View) bool {
		b := g.View(g.Bidder())
		return (v.Phase() == engine.PhaseDecide || v.Phase() == engine.PhasePlay) && v.NumTricks() == 0 && len(b.Passes()) > 0
	}, func(g *engine.Game) map[string]Scene { return map[string]Scene{"hand": handShot(g, g.Bidder())} }}
	trumpHand = moment{"trump", func(g *engine.Game, v *engine.View) bool {
		return v.Phase() == engine.PhaseTrump
	}, func(g *engine.Game) map[string]Scene { return map[string]Scene{"hand": handShot(g, g.Bidder())} }}
	bury = moment{"bury", func(g *engine.Game, v *engine.View) bool {
		return v.Phase() == engine.PhasePass
	}, func(g *engine.Game) map[string]Scene {
		return map[string]Scene{"table": tableShot(g), "hand": handShot(g, g.Bidder())}
	}}
	meld = moment{"meld", func(g *engine.Game, v *engine.View) bool {
		return v.MeldShown() && v.Phase() != engine.PhaseGameOver && v.NumTricks() == 0 && len(v.Trick()) == 0
	}, tableOnly}
	trick = moment{"trick", func(g *engine.Game, v *engine.View) bool {
		return v.Phase() == engine.PhasePlay && v.NumTricks() >= 2 && len(v.Trick()) == g.Rules().Players-1
	}, func(g *engine.Game) map[string]Scene {
		return map[string]Scene{"table": tableShot(g), "hand": handShot(g, g.Turn())}
	}}
	// seatTrick is a trick in progress as the seat to play sees the table: itself at the
	// bottom.
	seatTrick = moment{"trick", trick.at, func(g *engine.Game) map[string]Scene {
		v := g.View(g.Turn())
		return map[string]Scene{"seat-table": TableOf(&v, goldenNames, g.Turn(), FourColour), "hand": handShot(g, g.Turn())}
	}}
	stock = moment{"stock", func(g *engine.Game, v *engine.View) bool {
		return v.Phase() == engine.PhasePlay && v.NumTricks() == 0 && len(v.Trick()) == 1
	}, tableOnly}
	melding = moment{"melding", func(g *engine.Game, v *engine.View) bool {
		return v.Phase() == engine.PhaseMeld && len(v.LaidMelds()) >= 3
	}, func(g *engine.Game) map[string]Scene {
		return map[string]Scene{"table": tableShot(g), "hand": handShot(g, g.Turn())}
	}}
	result = moment{"result", func(g *engine.Game, v *engine.View) bool { return len(v.Results()) == 1 },
		func(g *engine.Game) map[string]Scene {
			v := g.View(-1)
			return map[string]Scene{"result": ResultOf(&v, goldenNames, 0, TwoColour)}
		}}
	end = moment{"end", func(g *engine.Game, v *engine.View) bool { return v.Over() },
		func(g *engine.Game) map[string]Scene {
			v := g.View(-1)
			return map[string]Scene{"over": GameOverOf(&v, goldenNames)}
		}}
)

// goldenMoments are the moments pictured for each preset.
var goldenMoments = map[string][]moment{
	"racehorse":    {auction, passing, passed, meld, trick, result, end},
	"classic":      {auction, passing, meld, trick, result, end},
	"partnership":  {auction, passing, meld, seatTrick, result, end},
	"double-deck":  {auction, trumpHand, meld, trick, result, end},
	"six-handed":   {auction, passed, meld, trick, result, end},
	"two-handed":   {stock, melding, trick, result, end},
	"three-handed": {auction, bury, passed, meld, trick, result, end},
}

// goldenPlayed keeps the golden games' scenes, which several tests look at, by preset.
var goldenPlayed sync.Map // of map[string]Scene

// goldenScenes plays the preset's golden game with computer players and returns the scenes
// drawn at its moments, by file name. The scenes are plain values: callers may read them
// at once, but not change them.
func goldenScenes(t testing.TB, preset string) map[string]Scene {
	if s, ok := goldenPlayed.Load(preset); ok {
		return s.(map[string]Scene)
	}
	s := playGolden(t, preset)
	goldenPlayed.Store(preset, s)
	return s
}

// playGolden plays the preset's golden game (see goldenScenes).
func playGolden(t testing.TB, preset string) map[string]Scene {
	moments := goldenMoments[preset]
	taken := make([]bool, len(moments))
	out := map[string]Scene{}
	playSeeded(t, preset, goldenSeed, func(g *engine.Game) {
		v := g.View(-1)
		for i, m := range moments {
			if !taken[i] && m.at(g, &v) {
				taken[i] = true
				for what, s := range m.shots(g) {
					out[fmt.Sprintf("%s-%d-%s-%s.png", preset, i+1, m.name, what)] = s
				}
			}
		}
	})
	for i, m := range moments {
		if !taken[i] {
			t.Errorf("%s: the golden game never reached the moment %q", preset, m.name)
		}
	}
	return out
}

// playSeeded plays a game of the preset dealt from seed with computer players seeded
// alike, calling visit at the start and after every action.
func playSeeded(t testing.TB, preset string, seed uint64, visit func(g *engine.Game)) {
	t.Helper()
	rules, err := engine.NewRules(preset, nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.NewGame(rules, seed)
	if err != nil {
		t.Fatal(err)
	}
	level := "baseline"
	if rules.Stock {
		level = "random" // the baseline does not lay two-handed meld
	}
	p := computertest.New(t, level, seed)
	visit(g)
	for n := 0; !g.Over(); n++ {
		if n == 5000 {
			t.Fatalf("%s: the game is not over after %d actions", preset, n)
		}
		if err := g.Apply(p.Choose(g.View(waiting(g)))); err != nil {
			t.Fatalf("%s: step %d: %v", preset, g.LogLen(), err)
		}
		visit(g)
	}
}

// TestGolden draws the scenes of a seeded game of each preset at the moments that matter
// and compares each picture, pixel by pixel, with testdata/<preset>-<n>-<moment>-<what>.png;
// go test -run TestGolden -update rewrites them. A person looks at every picture before it
// is committed.
func TestGolden(t *testing.T) {
	r := newTestRenderer(t)
	for i, preset := range engine.PresetNames() {
		t.Run(preset, func(t *testing.T) {
			if raceEnabled && i > 0 {
				t.Skip("the race detector makes drawing, encoding and decoding ten times slower and finds nothing in " +
					"a picture drawn on one goroutine (TestConcurrentRenders is its test); without it every preset is compared")
			}
			scenes := goldenScenes(t, preset)
			names := make([]string, 0, len(scenes))
			for n := range scenes {
				names = append(names, n)
			}
			sort.Strings(names)
			for _, name := range names {
				checkGolden(t, r, name, scenes[name])
			}
		})
	}
}

// checkGolden compares the picture of scene s, as PNG encodes it, with the golden picture
// testdata/name, or writes it there with -update.
func checkGolden(t *testing.T, r *Renderer, name string, s Scene) {
	t.Helper()
	checkGoldenPicture(t, r, name, r.paletted(s))
}

// checkGoldenPicture compares a picture with the golden picture testdata/name, or writes
// it there, encoded by r, with -update.
func checkGoldenPicture(t *testing.T, r *Renderer, name string, img *image.Paletted) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		b, err := r.encode(img)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := readPNG(path)
	if err != nil {
		t.Fatalf("%v (go test -run %s -update writes it)", err, t.Name())
	}
	if d := diffPixels(img, want); d != "" {
		t.Errorf("%s differs from what is drawn now: %s; if the change is meant, look at it and rewrite it with -update", path, d)
	}
}

// readPNG decodes the PNG file at path.
func readPNG(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return img, nil
}

// pixelTolerance is how far a colour channel may stray from the golden picture's: vector
// rasterizing rounds a little differently where floating point is fused (arm64), but a
// real change to a picture moves channels much further.
const pixelTolerance = 3

// diffPixels describes how got differs from want, or returns "" when they match.
func diffPixels(got *image.Paletted, want image.Image) string {
	if got.Bounds() != want.Bounds() {
		return fmt.Sprintf("size %v, want %v", got.Bounds().Size(), want.Bounds().Size())
	}
	gp := resolve(got.Palette)
	n, first := 0, image.Point{}
	differs := func(x, y int, p, q [4]uint32) {
		if far(p[0], q[0]) || far(p[1], q[1]) || far(p[2], q[2]) || far(p[3], q[3]) {
			if n == 0 {
				first = image.Pt(x, y)
			}
			n++
		}
	}
	b := got.Bounds()
	if w, ok := want.(*image.Paletted); ok {
		// Two palettes, resolved once: At boxes a colour per pixel.
		wp := resolve(w.Palette)
		for y := range b.Dy() {
			grow, wrow := got.Pix[y*got.Stride:][:b.Dx()], w.Pix[y*w.Stride:][:b.Dx()]
			for x := range grow {
				if gp[grow[x]] != wp[wrow[x]] {
					differs(x, y, gp[grow[x]], wp[wrow[x]])
				}
			}
		}
	} else {
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				r, g, bl, a := want.At(x, y).RGBA()
				differs(x, y, gp[got.ColorIndexAt(x, y)], [4]uint32{r, g, bl, a})
			}
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("%d pixels differ, the first at %v", n, first)
}

// resolve returns a palette's colours as 16-bit channels, 256 of them.
func resolve(p color.Palette) *[256][4]uint32 {
	var out [256][4]uint32
	for i, c := range p {
		r, g, b, a := c.RGBA()
		out[i] = [4]uint32{r, g, b, a}
	}
	return &out
}

func far(a, b uint32) bool {
	a, b = a>>8, b>>8
	if a > b {
		return a-b > pixelTolerance
	}
	return b-a > pixelTolerance
}

// newTestRenderer returns a Renderer, failing the test if there is none.
func newTestRenderer(tb testing.TB) *Renderer {
	tb.Helper()
	r, err := NewRenderer()
	if err != nil {
		tb.Fatal(err)
	}
	return r
}
