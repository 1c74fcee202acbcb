package picture

import (
	"bytes"
	"image"
	"image/png"
	"regexp"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
)

var emojiName = regexp.MustCompile(`^[A-Za-z0-9_]{2,32}$`)

func TestEmoji(t *testing.T) {
	r := newTestRenderer(t)
	seen := map[string]bool{}
	// Every emoji on one picture, for a person to look at: a row per suit, two-colour
	// above four-colour.
	sheet := image.NewRGBA(image.Rect(0, 0, engine.NumRanks*EmojiSize, 2*engine.NumSuits*EmojiSize))
	for i, d := range []Deck{TwoColour, FourColour} {
		for c := engine.Card(0); c < engine.NumKinds; c++ {
			name := EmojiName(c, d)
			if !emojiName.MatchString(name) || seen[name] {
				t.Errorf("EmojiName(%s, %s) = %q: not a valid or not a unique emoji name", c, d, name)
			}
			seen[name] = true
			b, err := r.CardEmoji(c, d)
			if err != nil {
				t.Fatal(err)
			}
			if len(b) > 256<<10 {
				t.Errorf("the emoji of %s is %d bytes, over Discord's 256 KiB", c, len(b))
			}
			img, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("the emoji of %s: %v", c, err)
			}
			if got := img.Bounds().Size(); got != image.Pt(EmojiSize, EmojiSize) {
				t.Errorf("the emoji of %s is %v, want %d square", c, got, EmojiSize)
			}
			if _, _, _, a := img.At(0, EmojiSize/2).RGBA(); a != 0 {
				t.Errorf("the emoji of %s is not transparent beside the card", c)
			}
			drawOver(sheet, img, image.Pt(int(c.Rank())*EmojiSize, (i*engine.NumSuits+int(c.Suit()))*EmojiSize))
		}
	}
	if got := EmojiName(engine.NewCard(engine.Ten, engine.Hearts), FourColour); got != "p_10H_4" {
		t.Errorf("EmojiName(10H, four-colour) = %q, want p_10H_4", got)
	}
	checkGoldenPicture(t, r, "emoji-sheet.png", r.quantize(sheet))
}
