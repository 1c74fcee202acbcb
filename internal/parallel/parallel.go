// Package parallel runs numbered, independent jobs on several goroutines and hands their
// results back in the jobs' order, so that what is made of the results does not depend on
// how many goroutines ran them.
package parallel

import "sync"

// ahead is how many jobs, per worker, may start beyond the first result not yet taken: it
// bounds the results held back waiting for a slow job.
const ahead = 32

// Run calls do(i) for i = 0, 1, 2, ... on up to workers goroutines (at least one), for
// i < n, or without end when n is negative, and passes each result to take in the order
// of i, one call at a time. Jobs start in the order of i.
//
// take returns false when it wants no more results: no job starts after that, and the
// results and errors of jobs still running are dropped.
//
// When do fails, no job starts after that, and Run returns the error of the
// lowest-numbered job that failed; results from then on are not taken. A job that has
// started always runs to its end.
//
// Run returns after every goroutine it started has returned.
func Run[T any](n, workers int, do func(i int) (T, error), take func(i int, v T) bool) error {
	r := &runner[T]{n: n, window: ahead * max(workers, 1), do: do, take: take, pending: make(map[int]T)}
	r.cond.L = &r.mu
	var wg sync.WaitGroup
	for range max(workers, 1) {
		wg.Go(r.work)
	}
	wg.Wait()
	return r.err
}

// runner is the state Run's goroutines share, guarded by mu.
type runner[T any] struct {
	n, window int
	do        func(int) (T, error)
	take      func(int, T) bool

	mu      sync.Mutex
	cond    sync.Cond // signalled when next, taken or the end change
	next    int       // the next job to start
	taken   int       // the jobs whose results were taken: 0 to taken-1
	pending map[int]T // results waiting for an earlier one
	done    bool      // take wants no more
	err     error     // the error of the lowest-numbered failed job
	errAt   int
}

// work starts jobs until there are none left or Run must end.
func (r *runner[T]) work() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for {
		for !r.over() && r.next >= r.taken+r.window {
			r.cond.Wait()
		}
		if r.over() {
			return
		}
		i := r.next
		r.next++
		r.mu.Unlock()
		v, err := r.do(i)
		r.mu.Lock()
		r.finish(i, v, err)
		r.cond.Broadcast()
	}
}

// over reports whether no more jobs may start.
func (r *runner[T]) over() bool {
	return r.done || r.err != nil || (r.n >= 0 && r.next >= r.n)
}

// finish records the outcome of job i and takes the results that are now in order.
func (r *runner[T]) finish(i int, v T, err error) {
	switch {
	case r.done:
		return
	case err != nil:
		if r.err == nil || i < r.errAt {
			r.err, r.errAt = err, i
		}
		return
	case r.err != nil:
		return
	}
	r.pending[i] = v
	for {
		v, ok := r.pending[r.taken]
		if !ok {
			return
		}
		delete(r.pending, r.taken)
		r.taken++
		if !r.take(r.taken-1, v) {
			r.done = true
			clear(r.pending)
			return
		}
	}
}
