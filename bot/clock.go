package bot

import "time"

// Clock tells the time and runs functions later. The bot reads no other clock, so that
// tests can drive turn timers without sleeping.
type Clock interface {
	Now() time.Time
	// AfterFunc calls f in its own goroutine once d has passed.
	AfterFunc(d time.Duration, f func()) Timer
}

// Timer is a function waiting to run; Stop keeps it from running if it has not yet.
type Timer interface {
	Stop() bool
}

// realClock is the system's clock.
type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

func (realClock) AfterFunc(d time.Duration, f func()) Timer { return time.AfterFunc(d, f) }
