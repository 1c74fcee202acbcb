//go:build !unix

package storage

// LockFile would keep a second process off an SQLite file; where flock is missing it does
// nothing, and the shard leases still refuse a second process serving the same shards.
func LockFile(path string) (unlock func(), err error) { return func() {}, nil }
