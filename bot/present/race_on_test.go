//go:build race

package present

// raceEnabled reports whether the tests run with the race detector, which makes drawing
// pictures and playing games through some ten times slower: the longest tests then look at
// fewer of the same moments.
const raceEnabled = true
