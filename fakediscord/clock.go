package fakediscord

import (
	"sort"
	"sync"
	"time"
)

// Clock is the time the fake keeps Discord's rules by: the deadline of an interaction's
// first answer, the lifetime of its token, the windows of rate limits, and the times it
// stamps on messages, IDs and records. The default is the wall clock; a test that must not
// depend on the machine's speed passes a ManualClock and moves it.
type Clock interface {
	// Now returns the current time.
	Now() time.Time
	// AfterFunc arranges for f to be called once d has passed, and returns a Timer that
	// can cancel the call.
	AfterFunc(d time.Duration, f func()) Timer
}

// Timer is a call arranged by Clock.AfterFunc.
type Timer interface {
	// Stop cancels the call and reports whether it did: false once the call has been made
	// or cancelled.
	Stop() bool
}

// wallClock is the real clock: time.Now and time.AfterFunc.
type wallClock struct{}

func (wallClock) Now() time.Time                            { return time.Now() }
func (wallClock) AfterFunc(d time.Duration, f func()) Timer { return time.AfterFunc(d, f) }

// ManualClock is a Clock that moves only when Advance is called, so that a test decides
// when an interaction's deadline passes or a rate-limit window ends, whatever the speed of
// the machine. Its zero value is not usable: call NewManualClock. It is safe for concurrent
// use.
type ManualClock struct {
	mu     sync.Mutex
	now    time.Time
	seq    uint64 // order of creation, to break ties between timers due together
	timers []*manualTimer
}

// NewManualClock returns a clock that shows start until it is advanced.
func NewManualClock(start time.Time) *ManualClock {
	return &ManualClock{now: start}
}

// Now returns the clock's current time.
func (c *ManualClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// AfterFunc arranges for f to be called by the Advance that reaches now+d. A call due now
// or earlier (d <= 0) is made by the next Advance, even Advance(0).
func (c *ManualClock) AfterFunc(d time.Duration, f func()) Timer {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seq++
	t := &manualTimer{c: c, when: c.now.Add(max(d, 0)), seq: c.seq, f: f}
	c.timers = append(c.timers, t)
	return t
}

// Advance moves the clock forward by d (not at all if d is negative) and makes every call
// that falls due on the way, in the order they are due (ties in the order they were
// arranged), each in the caller's goroutine with the clock showing the time it was due, so
// that when Advance returns all of them have happened. A call may arrange further calls:
// those due by the new time are made too. A call must not call Advance.
func (c *ManualClock) Advance(d time.Duration) {
	c.mu.Lock()
	target := c.now.Add(max(d, 0))
	for {
		t := c.nextDueLocked(target)
		if t == nil {
			break
		}
		if t.when.After(c.now) {
			c.now = t.when
		}
		c.mu.Unlock()
		t.f()
		c.mu.Lock()
	}
	c.now = target
	c.mu.Unlock()
}

// Pending returns how many calls are arranged and not yet made or cancelled.
func (c *ManualClock) Pending() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.timers)
}

// nextDueLocked removes and returns the earliest call due by target, or nil.
func (c *ManualClock) nextDueLocked(target time.Time) *manualTimer {
	if len(c.timers) == 0 {
		return nil
	}
	sort.Slice(c.timers, func(i, j int) bool {
		a, b := c.timers[i], c.timers[j]
		if !a.when.Equal(b.when) {
			return a.when.Before(b.when)
		}
		return a.seq < b.seq
	})
	t := c.timers[0]
	if t.when.After(target) {
		return nil
	}
	c.timers = c.timers[1:]
	return t
}

// manualTimer is a call arranged on a ManualClock.
type manualTimer struct {
	c    *ManualClock
	when time.Time
	seq  uint64
	f    func()
}

// Stop implements Timer.
func (t *manualTimer) Stop() bool {
	t.c.mu.Lock()
	defer t.c.mu.Unlock()
	for i, u := range t.c.timers {
		if u == t {
			t.c.timers = append(t.c.timers[:i], t.c.timers[i+1:]...)
			return true
		}
	}
	return false
}
