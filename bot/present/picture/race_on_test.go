//go:build race

package picture

// raceEnabled reports whether the tests run with the race detector, which changes how
// much a picture allocates.
const raceEnabled = true
