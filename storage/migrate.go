package storage

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"time"
)

// The schema is built by numbered migrations embedded in the binary:
// migrations/NNNN_name.sql, applied in order, each recorded in schema_migrations. A
// migration is never edited once released: a change to the schema is a new migration.
//
// SQLite's are in migrations/, PostgreSQL's in migrations/postgres/: the same numbers and
// names, each in its database's own SQL.
//
//go:embed migrations/*.sql migrations/postgres/*.sql
var migrationFiles embed.FS

// migration is one numbered schema change.
type migration struct {
	version int
	name    string
	sql     string
}

// migrations returns the embedded migrations of a database in order, checking that they
// are numbered 1, 2, 3... without gaps.
func migrations(d *dialect) ([]migration, error) {
	entries, err := fs.ReadDir(migrationFiles, d.migrations)
	if err != nil {
		return nil, fmt.Errorf("read migrations: %w", err)
	}
	var ms []migration
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		name := e.Name()
		num, rest, ok := strings.Cut(strings.TrimSuffix(name, ".sql"), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v < 1 || rest == "" {
			return nil, fmt.Errorf("migration %s: name is not NNNN_name.sql", name)
		}
		b, err := migrationFiles.ReadFile(d.migrations + "/" + name)
		if err != nil {
			return nil, fmt.Errorf("read migration %s: %w", name, err)
		}
		ms = append(ms, migration{version: v, name: strings.TrimSuffix(name, ".sql"), sql: string(b)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].version < ms[j].version })
	for i, m := range ms {
		if m.version != i+1 {
			return nil, fmt.Errorf("migration %s: expected number %d", m.name, i+1)
		}
	}
	return ms, nil
}

// SchemaVersion returns the schema version this program writes: its newest migration.
func SchemaVersion() int {
	ms, err := migrations(&sqliteDialect)
	if err != nil {
		return 0
	}
	return len(ms)
}

// migrate brings the database up to version upTo (every known migration when upTo < 0) in
// one transaction. It refuses a database whose version is newer than this program knows,
// or whose recorded migrations are not this program's. Processes that start together
// migrate one after another: SQLite's writer begins IMMEDIATE transactions, and on
// PostgreSQL the transaction first takes an advisory lock.
func migrate(ctx context.Context, db *sql.DB, d *dialect, upTo int) error {
	all, err := migrations(d)
	if err != nil {
		return err
	}
	if upTo < 0 || upTo > len(all) {
		upTo = len(all)
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	defer tx.Rollback()
	if d.lockMigrations != "" {
		if _, err := tx.ExecContext(ctx, d.lockMigrations); err != nil {
			return fmt.Errorf("migrate: lock: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    INTEGER PRIMARY KEY,
		name       TEXT    NOT NULL,
		applied_at BIGINT  NOT NULL
	)`); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	rows, err := tx.QueryContext(ctx, "SELECT version, name FROM schema_migrations ORDER BY version")
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	current := 0
	for rows.Next() {
		var v int
		var name string
		if err := rows.Scan(&v, &name); err != nil {
			rows.Close()
			return fmt.Errorf("migrate: %w", err)
		}
		if v > len(all) {
			rows.Close()
			return fmt.Errorf("%w: its schema is at version %d (%s) and this program knows versions up to %d; run a newer version of the bot, or restore a backup made by this one",
				ErrSchemaTooNew, v, name, len(all))
		}
		if v != current+1 {
			rows.Close()
			return fmt.Errorf("migrate: the database records migration %d after %d: it was not made by this program", v, current)
		}
		if name != all[v-1].name {
			rows.Close()
			return fmt.Errorf("migrate: the database records migration %d as %q, which is not this program's %q: it was not made by this program",
				v, name, all[v-1].name)
		}
		current = v
	}
	if err := rows.Close(); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	// The time a migration was applied is the one clock reading storage makes itself: no
	// caller is there to give it.
	now := time.Now().UnixMilli()
	for _, m := range all[min(current, upTo):upTo] {
		if _, err := tx.ExecContext(ctx, m.sql); err != nil {
			return fmt.Errorf("migration %s: %w", m.name, err)
		}
		if _, err := tx.ExecContext(ctx, d.rebind("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)"),
			m.version, m.name, now); err != nil {
			return fmt.Errorf("migration %s: %w", m.name, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("migrate: commit: %w", err)
	}
	return nil
}
