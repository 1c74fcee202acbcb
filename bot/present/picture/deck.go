package picture

import (
	"image/color"

	"github.com/pinochle-discord/pinochle/engine"
)

// Deck is the colouring of the card faces.
type Deck uint8

const (
	// TwoColour is the usual deck: spades and clubs black, hearts and diamonds red.
	TwoColour Deck = iota
	// FourColour gives each suit its own colour: spades black, hearts red, diamonds blue
	// and clubs green.
	FourColour
)

// String returns the deck's name: "two-colour" or "four-colour".
func (d Deck) String() string {
	if d == FourColour {
		return "four-colour"
	}
	return "two-colour"
}

// The inks of the suits.
var (
	inkBlack = color.RGBA{0x1b, 0x1b, 0x1f, 0xff}
	inkRed   = color.RGBA{0xc8, 0x14, 0x2b, 0xff}
	inkBlue  = color.RGBA{0x16, 0x5b, 0xc4, 0xff}
	inkGreen = color.RGBA{0x14, 0x80, 0x3a, 0xff}
)

// ink returns the colour a suit is printed in with the deck.
func (d Deck) ink(s engine.Suit) color.RGBA {
	switch s {
	case engine.Hearts:
		return inkRed
	case engine.Diamonds:
		if d == FourColour {
			return inkBlue
		}
		return inkRed
	case engine.Clubs:
		if d == FourColour {
			return inkGreen
		}
	}
	return inkBlack
}
