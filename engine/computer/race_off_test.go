//go:build !race

package computer

// raceEnabled says that the race detector is on (see race_on_test.go).
const raceEnabled = false
