// Package pgtest gives tests a PostgreSQL database of their own: a fresh schema in the
// database that PINOCHLE_TEST_DATABASE_URL names, dropped when the test ends. Without the
// variable, the test is skipped, saying why.
package pgtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // the pgx driver for database/sql
)

// Env names the PostgreSQL database the tests may use, as a URL.
const Env = "PINOCHLE_TEST_DATABASE_URL"

// URL makes a schema of its own in the database Env names and returns that database's URL
// with the schema as its search path. The schema is dropped at the test's end.
func URL(tb testing.TB) string {
	tb.Helper()
	base := os.Getenv(Env)
	if base == "" {
		tb.Skipf("%s is not set: this test needs PostgreSQL (for example %s=postgres://postgres@127.0.0.1:5432/test)", Env, Env)
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		tb.Fatalf("%s: %v", Env, err)
	}
	defer admin.Close()
	var buf [6]byte
	_, _ = rand.Read(buf[:])
	schema := "pinochle_test_" + hex.EncodeToString(buf[:])
	if _, err := admin.ExecContext(context.Background(), "CREATE SCHEMA "+schema); err != nil {
		tb.Fatalf("%s: create schema: %v", Env, err)
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
		tb.Fatalf("%s: %v", Env, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
