// Package computertest makes computer players for tests.
package computertest

import (
	"testing"

	"github.com/pinochle-discord/pinochle/engine/computer"
)

// New returns computer.New(level, seed), failing the test if it cannot.
func New(tb testing.TB, level string, seed uint64) computer.Player {
	tb.Helper()
	p, err := computer.New(level, seed)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}
