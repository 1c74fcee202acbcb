//go:build race

package computer

// raceEnabled says that the race detector is on: it makes sync.Pool drop what it holds at
// random, so formatting allocates a varying amount.
const raceEnabled = true
