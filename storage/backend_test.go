package storage

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/jackc/pgx/v5/stdlib"
)

// testDatabaseEnv names the PostgreSQL database the tests may use, as a URL. Each test gets
// its own schema in it, dropped at the test's end.
const testDatabaseEnv = "PINOCHLE_TEST_DATABASE_URL"

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

// postgresTarget makes a schema of its own in the database PINOCHLE_TEST_DATABASE_URL names
// and returns that URL with the schema as its search path. The schema is dropped at the
// test's end. Without the variable the test is skipped, saying why.
func postgresTarget(tb testing.TB) string {
	tb.Helper()
	base := os.Getenv(testDatabaseEnv)
	if base == "" {
		tb.Skipf("%s is not set: the PostgreSQL run of this test needs a database (for example postgres://postgres@127.0.0.1:5432/test)", testDatabaseEnv)
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		tb.Fatalf("%s: %v", testDatabaseEnv, err)
	}
	defer admin.Close()
	var buf [6]byte
	_, _ = rand.Read(buf[:])
	schema := "pinochle_test_" + hex.EncodeToString(buf[:])
	ctx := context.Background()
	if _, err := admin.ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		tb.Fatalf("%s: create schema: %v", testDatabaseEnv, err)
	}
	tb.Cleanup(func() {
		db, err := sql.Open("pgx", base)
		if err != nil {
			tb.Error(err)
			return
		}
		defer db.Close()
		if _, err := db.ExecContext(context.Background(), "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			tb.Errorf("drop schema %s: %v", schema, err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		tb.Fatalf("%s: %v", testDatabaseEnv, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// backends are the databases every storage test runs against.
var backends = []backend{sqliteBackend, postgresBackend}

// forEachBackend runs test once per backend, as subtests named after them.
func forEachBackend(t *testing.T, test func(t *testing.T, db backend)) {
	t.Helper()
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) { test(t, b) })
	}
}

// forEachBackendB runs a benchmark once per backend, as sub-benchmarks named after them.
func forEachBackendB(b *testing.B, bench func(b *testing.B, db backend)) {
	b.Helper()
	for _, be := range backends {
		b.Run(be.name, func(b *testing.B) { bench(b, be) })
	}
}

// The pgx driver is registered by its stdlib package, which the store imports.
var _ = stdlib.GetDefaultDriver
