package main

import (
	"fmt"
	"runtime"
)

// workersFlag defines --workers on fs, one a core unless set. usage says what runs at once
// and what the count changes.
func workersFlag(fs *flagSet, usage string) *int {
	return fs.Int("workers", runtime.NumCPU(), usage)
}

// checkWorkers refuses a worker count below one.
func checkWorkers(n int) error {
	if n < 1 {
		return badInput("--workers counts up from 1, not %d", n)
	}
	return nil
}

// workersText names a worker count: "1 worker", "4 workers".
func workersText(n int) string {
	if n == 1 {
		return "1 worker"
	}
	return fmt.Sprintf("%d workers", n)
}
