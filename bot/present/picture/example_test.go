package picture_test

import (
	"bytes"
	"fmt"
	"image/png"
	"log"

	"github.com/pinochle-discord/pinochle/bot/present/picture"
	"github.com/pinochle-discord/pinochle/engine"
)

// A hand drawn with each deck: four-colour prints diamonds blue and clubs green.
func ExampleRenderer_PNG() {
	r, err := picture.NewRenderer()
	if err != nil {
		log.Fatal(err)
	}
	cards, _ := engine.ParseCards("AS 10H KD QC JD 9C")
	for _, deck := range []picture.Deck{picture.FourColour, picture.TwoColour} {
		h := picture.Hand{Trump: engine.Diamonds, Deck: deck}
		for _, c := range cards {
			h.Cards = append(h.Cards, picture.HandCard{Card: c})
		}
		b, err := r.PNG(h)
		if err != nil {
			log.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s: %v\n", deck, img.Bounds().Size())
		fmt.Println(h.Alt())
	}
	// Output:
	// four-colour: (337,180)
	// Hand of 6 cards, trump diamonds. Diamonds: K, J. Spades: A. Hearts: 10. Clubs: Q, 9.
	// two-colour: (337,180)
	// Hand of 6 cards, trump diamonds. Diamonds: K, J. Spades: A. Hearts: 10. Clubs: Q, 9.
}
