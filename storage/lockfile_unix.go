//go:build unix

package storage

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// LockFile takes an exclusive lock on an SQLite database for this process (a lock file
// next to it, path + ".lock", held with flock), so that a second bot process started on the
// same file is refused with a clear error instead of writing the same games. The lock goes
// with the process, however it ends. unlock releases it.
func LockFile(path string) (unlock func(), err error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("lock database %s: %w", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o750); err != nil {
		return nil, fmt.Errorf("lock database %s: %w", path, err)
	}
	f, err := os.OpenFile(abs+".lock", os.O_RDWR|os.O_CREATE, 0o640)
	if err != nil {
		return nil, fmt.Errorf("lock database %s: %w", path, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		holder, _ := os.ReadFile(abs + ".lock")
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			who := strings.TrimSpace(string(holder))
			if who == "" {
				who = "another process"
			} else {
				who = "process " + who
			}
			return nil, fmt.Errorf("%w: the SQLite database %s is in use by %s; one bot process serves one SQLite file (run several shards in one process with SHARD_IDS, or use PostgreSQL through DATABASE_URL)",
				ErrConflict, path, who)
		}
		return nil, fmt.Errorf("lock database %s: %w", path, err)
	}
	_ = f.Truncate(0)
	_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	return func() {
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}

// holdsLockFile reports whether this process holds the lock LockFile takes on the SQLite
// database at path: the lock is held (a lock through a descriptor of its own is refused)
// and the lock file names this process.
func holdsLockFile(path string) bool {
	f, err := os.Open(path + ".lock")
	if err != nil {
		return false
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err == nil {
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		return false // nobody holds it
	} else if !errors.Is(err, syscall.EWOULDBLOCK) {
		return false
	}
	holder, err := io.ReadAll(f)
	if err != nil {
		return false
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(holder)))
	return err == nil && pid == os.Getpid()
}

// processGone reports whether no process of this host has the process ID pid.
func processGone(pid int) bool {
	return pid > 0 && errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
}
