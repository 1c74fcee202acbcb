//go:build !unix

package storage

// LockFile would keep a second process off an SQLite file; where flock is missing it does
// nothing, and the shard leases still refuse a second process serving the same shards.
func LockFile(path string) (unlock func(), err error) { return func() {}, nil }

// holdsLockFile reports whether this process holds the lock of LockFile: never, where it
// takes none.
func holdsLockFile(path string) bool { return false }

// processGone reports whether no process has the process ID pid: never known here.
func processGone(pid int) bool { return false }
