//go:build race

package engine

// raceEnabled says that the race detector is on. It makes the engine's single-goroutine
// tests about fourteen times slower and finds nothing in them that fewer games would not:
// the longest of them (TestRandomGames, TestViewHidesOtherHands) play a fifth or a third of
// their games under it, and all of them without it.
const raceEnabled = true
