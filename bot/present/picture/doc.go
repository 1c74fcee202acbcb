// Package picture draws what players see as pictures: a seat's hand, the table with the
// trick in progress, a hand's result, the game's end, and single cards the size of an
// emoji. It is pure: scenes in, PNG bytes out, with card faces the package draws itself
// (vector suit shapes and the embedded Go fonts, BSD-licensed); nothing is read from the
// system, the network or the clock, and nothing is kept between calls but what a Renderer
// or a Cache holds.
//
// A scene (Hand, Table, Result, GameOver) is a plain value the presentation layer fills from
// an engine.View and the players' display names (HandOf, TableOf, ResultOf and GameOverOf
// do it for the usual cases). Each scene has a Key, stable for equal scenes, for a Cache,
// and an Alt: the plain-text description of its picture, for screen readers and for players
// who turn pictures off.
//
// Suits are told apart by shape as well as colour, and FourColour gives each suit its own
// colour. Cards are opaque, bordered and shadowed, so that a hand drawn on a transparent
// background reads on Discord's dark and light themes alike; the table is drawn on felt.
package picture
