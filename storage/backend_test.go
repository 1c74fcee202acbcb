package storage

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/pinochle-discord/pinochle/storage/pgtest"
)

// backend is a database the store's tests run against.
type backend struct {
	name string
	// target returns where a fresh, empty database is (a file path or a URL), removed at the
	// test's end.
	target func(tb testing.TB) string
}

// open opens a fresh database of the backend and closes it at the test's end.
func (b backend) open(tb testing.TB) *DB {
	tb.Helper()
	return openAt(tb, b.target(tb))
}

// openAt opens the database at target and closes it at the test's end.
func openAt(tb testing.TB, target string) *DB {
	tb.Helper()
	s, err := Connect(context.Background(), target)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		if err := s.Close(); err != nil {
			tb.Error(err)
		}
	})
	return s
}

var sqliteBackend = backend{
	name: "sqlite",
	target: func(tb testing.TB) string {
		return filepath.Join(tb.TempDir(), "data", "test.db")
	},
}

var postgresBackend = backend{name: "postgres", target: postgresTarget}

// postgresTarget returns a fresh PostgreSQL schema's URL (pgtest.URL): the test is
// skipped, saying why, without PINOCHLE_TEST_DATABASE_URL.
func postgresTarget(tb testing.TB) string { return pgtest.URL(tb) }

// backends are the databases every storage test runs against.
var backends = []backend{sqliteBackend, postgresBackend}

// forEachBackend runs test once per backend, as parallel subtests named after them: each
// has its own database.
func forEachBackend(t *testing.T, test func(t *testing.T, db backend)) {
	t.Helper()
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			t.Parallel()
			test(t, b)
		})
	}
}

// forEachBackendB runs a benchmark once per backend, as sub-benchmarks named after them.
func forEachBackendB(b *testing.B, bench func(b *testing.B, db backend)) {
	b.Helper()
	for _, be := range backends {
		b.Run(be.name, func(b *testing.B) { bench(b, be) })
	}
}
