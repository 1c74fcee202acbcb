package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"time"

	_ "github.com/mattn/go-sqlite3" // the sqlite3 driver
)

// DefaultPath is where the database lives when DATABASE_PATH is not set.
const DefaultPath = "data/pinochle.db"

// PathFromEnv returns the database path the bot should open: DATABASE_PATH, or DefaultPath.
func PathFromEnv() string {
	if p := os.Getenv("DATABASE_PATH"); p != "" {
		return p
	}
	return DefaultPath
}

// synchronous is SQLite's synchronous setting for the writer.
//
// In WAL mode, NORMAL syncs the log only at checkpoints: a committed transaction survives the
// process being killed at any instant (the log is in the operating system's cache, which
// outlives the process) but may be lost if the machine loses power. FULL syncs the log at
// every commit, so that a commit also survives a power loss. FULL is used: measured on the
// project's machine (BenchmarkSaveAction), a durable SaveAction takes well under the 1 ms
// median the bot allows, so power-loss safety costs nothing the bot would notice.
const synchronous = "FULL"

// busyTimeout is how long a connection waits for a lock held by another (a backup, an admin
// with the sqlite3 shell) before failing.
const busyTimeout = 10 * time.Second

// readers is the number of reading connections. Writes go through one connection.
const readers = 4

// DB is the Store on a database: an SQLite file (Open), in WAL mode with foreign keys on,
// or PostgreSQL (OpenPostgres). Writes are serialised through one connection and each is
// committed before its call returns; actions saved at the same moment share a commit
// (saves.go). Reads use a pool of connections and see the last committed state. It is safe
// for concurrent use.
type DB struct {
	d    *dialect
	path string  // the SQLite file, or the PostgreSQL URL without its password
	w    *sql.DB // the one writing connection
	r    *sql.DB // reading connections
	rd   *reads  // read statements prepared on r
	wrd  *reads  // read statements prepared on w, for reads inside write transactions
	wr   *writes // write statements, prepared on w
	sv   saver   // the queue of SaveActions and the goroutine that writes them
}

var _ Store = (*DB)(nil)

// Open opens the database at path, creating it and its folder when missing, and brings its
// schema up to date. A database written by a newer version of the program is refused with
// ErrSchemaTooNew.
func Open(path string) (*DB, error) {
	return open(context.Background(), path, synchronous)
}

func open(ctx context.Context, path, sync string) (*DB, error) {
	if path == "" {
		return nil, fmt.Errorf("open database: %w: empty path", ErrInvalid)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o750); err != nil {
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	s := &DB{d: &sqliteDialect, path: abs}
	params := fmt.Sprintf("_journal_mode=WAL&_synchronous=%s&_foreign_keys=1&_busy_timeout=%d&_txlock=immediate",
		sync, busyTimeout.Milliseconds())
	if s.w, err = sql.Open("sqlite3", dsn(abs, params)); err != nil {
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	s.w.SetMaxOpenConns(1)
	s.w.SetMaxIdleConns(1)
	s.w.SetConnMaxLifetime(0)
	s.w.SetConnMaxIdleTime(0)
	if err := migrate(ctx, s.w, s.d, -1); err != nil {
		s.w.Close()
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	params = fmt.Sprintf("mode=ro&_foreign_keys=1&_busy_timeout=%d", busyTimeout.Milliseconds())
	if s.r, err = sql.Open("sqlite3", dsn(abs, params)); err != nil {
		s.w.Close()
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	s.r.SetMaxOpenConns(readers)
	s.r.SetMaxIdleConns(readers)
	s.r.SetConnMaxIdleTime(0)
	if err := s.prepare(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	s.startSaver()
	return s, nil
}

// dsn returns the driver's name for a database file: a file: URI with the path escaped.
func dsn(abs, params string) string {
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(abs), RawQuery: params}
	return u.String()
}

// Path returns the database file's absolute path, or for PostgreSQL its URL without the
// password.
func (s *DB) Path() string { return s.path }

// Close closes the database. SaveActions already queued are written first; those called
// once Close has begun fail.
func (s *DB) Close() error {
	s.stopSaver()
	var errs []error
	for _, st := range []*reads{s.rd, s.wrd} {
		if st != nil {
			errs = append(errs, st.close())
		}
	}
	if s.wr != nil {
		errs = append(errs, s.wr.close())
	}
	if s.r != nil {
		errs = append(errs, s.r.Close())
	}
	if s.w != nil {
		errs = append(errs, s.w.Close())
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("close database %s: %w", s.path, err)
	}
	return nil
}

// Backup writes a consistent copy of the database to dest (SQLite's VACUUM INTO), creating
// its folder. dest must not exist. The copy is read from a snapshot, so the bot keeps
// playing (and writing) while it runs.
func (s *DB) Backup(ctx context.Context, dest string) error {
	if s.d != &sqliteDialect {
		return fmt.Errorf("backup: %w: a PostgreSQL database is backed up with pg_dump", ErrInvalid)
	}
	if dest == "" {
		return fmt.Errorf("backup: %w: empty path", ErrInvalid)
	}
	abs, err := filepath.Abs(dest)
	if err != nil {
		return fmt.Errorf("backup to %s: %w", dest, err)
	}
	if _, err := os.Stat(abs); err == nil {
		return fmt.Errorf("backup to %s: %w: file exists", dest, ErrConflict)
	} else if !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("backup to %s: %w", dest, err)
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o750); err != nil {
		return fmt.Errorf("backup to %s: %w", dest, err)
	}
	if _, err := s.r.ExecContext(ctx, "VACUUM INTO ?", abs); err != nil {
		return fmt.Errorf("backup to %s: %w", dest, err)
	}
	return nil
}

// write runs f in a write transaction and commits it: on return without error, what f wrote
// is durable. With a fence, the transaction first checks that its lease holds (fence.check)
// and writes nothing otherwise; nil is a write made on behalf of no lease.
func (s *DB) write(ctx context.Context, fc *fence, f func(tx *sql.Tx) error) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	if fc != nil {
		if err := fc.check(ctx, tx); err != nil {
			tx.Rollback()
			return err
		}
	}
	if err := f(tx); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", classify(err))
	}
	return nil
}

// read runs f in a read transaction: every query in f sees one snapshot.
func (s *DB) read(ctx context.Context, f func(tx *sql.Tx) error) error {
	tx, err := s.r.BeginTx(ctx, s.d.readTx)
	if err != nil {
		return fmt.Errorf("begin read: %w", err)
	}
	defer tx.Rollback()
	return f(tx)
}

// ms returns t as Unix milliseconds, the form times are stored in.
func ms(t time.Time) int64 { return t.UnixMilli() }

// fromMS returns the time of Unix milliseconds v, in UTC.
func fromMS(v int64) time.Time { return time.UnixMilli(v).UTC() }

// fromNullMS returns the time of a nullable column, zero when NULL.
func fromNullMS(v sql.NullInt64) time.Time {
	if !v.Valid {
		return time.Time{}
	}
	return fromMS(v.Int64)
}

// nullMS returns t for a nullable column, NULL when zero.
func nullMS(t time.Time) sql.NullInt64 {
	if t.IsZero() {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: ms(t), Valid: true}
}
