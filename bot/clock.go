package bot

import "time"

// Clock tells the time and runs functions later. The life of a table reads it (turn
// timers, reminders, autoplay, quiet turns, retries), so that tests can drive those without
// sleeping. Two things run on the wall clock instead, because what they keep pace with
// does: the poster's pacing of posts (Discord's rate limits) and the shard lease (a lease
// in a database other processes share).
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
