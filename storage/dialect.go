package storage

import (
	"database/sql"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/mattn/go-sqlite3"
)

// dialect is what differs between the two databases the store runs on. The store's
// statements are written once, in the SQL both understand, with SQLite's placeholders (?
// and ?N); a dialect rewrites them for its database, reads its errors, and says how to
// open a read transaction that sees one snapshot.
type dialect struct {
	name string
	// migrations is the folder of the embedded migrations for this database.
	migrations string
	// rebind rewrites a statement for this database.
	rebind func(query string) string
	// readTx are the options of a read transaction.
	readTx *sql.TxOptions
	// lockMigrations, when set, is run first in the migrating transaction: it makes
	// processes that start together apply the migrations once, one after another.
	lockMigrations string
	// lockLeases, when set, is run first in a transaction that changes shard leases, so
	// that two processes taking leases at once see each other's.
	lockLeases string
	// forShare ends the query that reads the lease a write is fenced by (fence.go), so
	// that no other transaction changes the lease until the write's transaction ends.
	// SQLite needs none: its writer holds the database's write lock for the whole
	// transaction.
	forShare string
}

var sqliteDialect = dialect{
	name:       "sqlite",
	migrations: "migrations",
	rebind:     func(q string) string { return q },
	// SQLite's read transactions see one snapshot (WAL mode); the driver refuses isolation
	// levels, and the reading pool is read-only already.
	readTx: nil,
	// The writer begins its transactions IMMEDIATE: a second process waits for the first.
	lockMigrations: "",
}

var postgresDialect = dialect{
	name:       "postgres",
	migrations: "migrations/postgres",
	rebind:     rebindPostgres,
	readTx:     &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true},
	// One lock per schema, held until the migrating transaction ends.
	lockMigrations: `SELECT pg_advisory_xact_lock(hashtext('pinochle migrate ' || current_schema()))`,
	lockLeases:     `SELECT pg_advisory_xact_lock(hashtext('pinochle leases ' || current_schema()))`,
	// A takeover or renewal updates the rows, which FOR SHARE holds off until the
	// write commits; a write whose rows are being updated waits, then reads them anew.
	forShare: ` FOR SHARE`,
}

// scalarMax and scalarMin match SQLite's two-argument MAX(a, b) and MIN(a, b), which
// PostgreSQL spells GREATEST and LEAST. The aggregates MAX(x) and MIN(x) have no comma and
// are left alone.
var (
	scalarMax = regexp.MustCompile(`\bMAX\(([^(),]+),`)
	scalarMin = regexp.MustCompile(`\bMIN\(([^(),]+),`)
)

// rebindPostgres rewrites a statement written for SQLite for PostgreSQL: ? and ?N become
// $N, MAX(a, b) becomes GREATEST(a, b) and MIN(a, b) LEAST(a, b).
func rebindPostgres(q string) string {
	q = scalarMax.ReplaceAllString(q, "GREATEST($1,")
	q = scalarMin.ReplaceAllString(q, "LEAST($1,")
	var b strings.Builder
	b.Grow(len(q) + 16)
	n := 0
	inString := false
	for i := 0; i < len(q); i++ {
		c := q[i]
		if c == '\'' {
			inString = !inString
		}
		if c != '?' || inString {
			b.WriteByte(c)
			continue
		}
		j := i + 1
		for j < len(q) && q[j] >= '0' && q[j] <= '9' {
			j++
		}
		if j > i+1 { // ?N keeps its number
			b.WriteByte('$')
			b.WriteString(q[i+1 : j])
			i = j - 1
			continue
		}
		n++
		b.WriteByte('$')
		b.WriteString(strconv.Itoa(n))
	}
	return b.String()
}

// Error messages raised by the schema's triggers (migrations/0001_games.sql and its
// PostgreSQL twin).
const (
	trigNoGame     = "pinochle: no such game"
	trigNotPlaying = "pinochle: game not in play"
	trigOutOfOrder = "pinochle: action out of order"
)

// classify turns either database's constraint errors into the store's errors, keeping
// the original; other errors are returned as they are.
func classify(err error) error {
	var se sqlite3.Error
	if errors.As(err, &se) {
		return classifySQLite(err)
	}
	return classifyPostgres(err)
}

// classifyTrigger recognises the triggers' messages.
func classifyTrigger(msg string, err error) (error, bool) {
	switch {
	case strings.Contains(msg, trigNoGame):
		return fmt.Errorf("%w: %w", ErrNotFound, err), true
	case strings.Contains(msg, trigNotPlaying):
		return fmt.Errorf("%w: %w", ErrNotPlaying, err), true
	case strings.Contains(msg, trigOutOfOrder):
		return fmt.Errorf("%w: %w", ErrOutOfOrder, err), true
	}
	return nil, false
}

// classifySQLite turns SQLite's constraint errors into the store's errors, keeping the
// original.
func classifySQLite(err error) error {
	var se sqlite3.Error
	if !errors.As(err, &se) || se.Code != sqlite3.ErrConstraint {
		return err
	}
	if out, ok := classifyTrigger(se.Error(), err); ok {
		return out
	}
	switch se.ExtendedCode {
	case sqlite3.ErrConstraintUnique, sqlite3.ErrConstraintPrimaryKey:
		return fmt.Errorf("%w: %w", ErrConflict, err)
	case sqlite3.ErrConstraintForeignKey:
		return fmt.Errorf("%w: %w", ErrNotFound, err)
	}
	return fmt.Errorf("%w: %w", ErrInvalid, err)
}

// classifyPostgres turns PostgreSQL's constraint errors and the triggers' exceptions into
// the store's errors, keeping the original.
func classifyPostgres(err error) error {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) {
		return err
	}
	switch pe.Code {
	case "P0001": // raise_exception: the triggers
		if out, ok := classifyTrigger(pe.Message, err); ok {
			return out
		}
		return fmt.Errorf("%w: %w", ErrInvalid, err)
	case "23505": // unique_violation
		return fmt.Errorf("%w: %w", ErrConflict, err)
	case "23503": // foreign_key_violation
		return fmt.Errorf("%w: %w", ErrNotFound, err)
	case "23502", "23514", "22003": // not_null, check, numeric out of range
		return fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	return err
}
