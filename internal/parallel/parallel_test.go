package parallel

import (
	"errors"
	"fmt"
	"slices"
	"sync/atomic"
	"testing"
)

// TestRunTakesInOrder: results reach take in the jobs' order whatever the number of
// workers, and every job runs once.
func TestRunTakesInOrder(t *testing.T) {
	for _, workers := range []int{0, 1, 2, 3, 8, 100} {
		var calls atomic.Int64
		var got []int
		err := Run(50, workers, func(i int) (int, error) {
			calls.Add(1)
			return i * i, nil
		}, func(i, v int) bool {
			if v != i*i {
				t.Errorf("%d workers: take(%d, %d)", workers, i, v)
			}
			got = append(got, i)
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 50 || !slices.IsSorted(got) || got[49] != 49 || calls.Load() != 50 {
			t.Errorf("%d workers: took %v after %d calls, want 0 to 49 after 50", workers, got, calls.Load())
		}
	}
}

// TestRunWaitsForEarlierJob: a job that finishes after a later one is still taken first.
func TestRunWaitsForEarlierJob(t *testing.T) {
	oneDone := make(chan struct{})
	var got []int
	err := Run(2, 2, func(i int) (int, error) {
		if i == 0 {
			<-oneDone // job 0 ends only after job 1 has ended
		} else {
			defer close(oneDone)
		}
		return i, nil
	}, func(i, _ int) bool {
		got = append(got, i)
		return true
	})
	if err != nil || !slices.Equal(got, []int{0, 1}) {
		t.Errorf("took %v (%v), want [0 1]", got, err)
	}
}

// TestRunStopsWhenTakeHasEnough: without a count, jobs run until take says stop, and no
// result after that is taken.
func TestRunStopsWhenTakeHasEnough(t *testing.T) {
	for _, workers := range []int{1, 4} {
		var started atomic.Int64
		sum := 0
		err := Run(-1, workers, func(i int) (int, error) {
			started.Add(1)
			return i, nil
		}, func(i, v int) bool {
			sum += v
			return i < 9
		})
		if err != nil || sum != 45 {
			t.Errorf("%d workers: sum %d (%v), want 0+1+...+9 = 45", workers, sum, err)
		}
		if n := started.Load(); n < 10 || n > int64(10+ahead*workers) {
			t.Errorf("%d workers: %d jobs started, want 10 to %d", workers, n, 10+ahead*workers)
		}
	}
}

// TestRunReportsLowestError: the error of the lowest-numbered failed job is returned,
// whichever failed first, and jobs stop starting.
func TestRunReportsLowestError(t *testing.T) {
	for _, workers := range []int{1, 2, 5} {
		var started atomic.Int64
		err := Run(1000, workers, func(i int) (int, error) {
			started.Add(1)
			if i == 7 || i == 8 {
				return 0, fmt.Errorf("job %d failed", i)
			}
			return i, nil
		}, func(i, _ int) bool {
			if i >= 7 {
				t.Errorf("%d workers: took %d after job 7 failed", workers, i)
			}
			return true
		})
		if err == nil || err.Error() != "job 7 failed" {
			t.Errorf("%d workers: error %v, want job 7's", workers, err)
		}
		if n := started.Load(); n > int64(8+ahead*workers) {
			t.Errorf("%d workers: %d jobs started after a failure", workers, n)
		}
	}
}

// TestRunNoJobs: no jobs, no calls.
func TestRunNoJobs(t *testing.T) {
	err := Run(0, 3, func(int) (int, error) { return 0, errors.New("called") },
		func(int, int) bool { t.Error("take called"); return true })
	if err != nil {
		t.Error(err)
	}
}
