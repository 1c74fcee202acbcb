package live

import "time"

// Clock tells the time and runs functions later. Everything a table does over time reads it
// (turn timers, reminders, forced cards, quiet turns, retries), so that tests drive those
// by moving a clock of their own, without sleeping.
type Clock interface {
	Now() time.Time
	// AfterFunc calls f in its own goroutine once d has passed.
	AfterFunc(d time.Duration, f func()) Timer
}

// Timer is a function waiting to run; Stop keeps it from running if it has not yet.
type Timer interface {
	Stop() bool
}

// WallClock is the system's clock.
type WallClock struct{}

// Now returns time.Now().
func (WallClock) Now() time.Time { return time.Now() }

// AfterFunc calls time.AfterFunc.
func (WallClock) AfterFunc(d time.Duration, f func()) Timer { return time.AfterFunc(d, f) }
