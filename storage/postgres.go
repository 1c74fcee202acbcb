package storage

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// postgresReaders is the number of reading connections to PostgreSQL.
const postgresReaders = 8

// IsPostgresURL reports whether target names a PostgreSQL database (postgres:// or
// postgresql://) rather than an SQLite file.
func IsPostgresURL(target string) bool {
	return strings.HasPrefix(target, "postgres://") || strings.HasPrefix(target, "postgresql://")
}

// Connect opens the database target names: a PostgreSQL URL (see IsPostgresURL), or else
// the path of an SQLite file.
func Connect(ctx context.Context, target string) (*DB, error) {
	if IsPostgresURL(target) {
		return OpenPostgres(ctx, target)
	}
	return open(ctx, target, synchronous)
}

// OpenPostgres connects to the PostgreSQL database at url and brings its schema up to date,
// as Open does for SQLite. Several processes may open one database together: the first
// applies the migrations and the others wait for it.
//
// Writes go through one connection, so that actions saved at the same moment share a commit
// as on SQLite; every commit is durable (PostgreSQL's synchronous_commit, on by default).
func OpenPostgres(ctx context.Context, url string) (*DB, error) {
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("open database: %w: %v", ErrInvalid, redactErr(err, url))
	}
	if cfg.RuntimeParams == nil {
		cfg.RuntimeParams = map[string]string{}
	}
	cfg.RuntimeParams["application_name"] = "pinochle"
	s := &DB{d: &postgresDialect, path: Redact(url)}
	s.w = stdlib.OpenDB(*cfg)
	s.w.SetMaxOpenConns(1)
	s.w.SetMaxIdleConns(1)
	s.w.SetConnMaxLifetime(0)
	s.w.SetConnMaxIdleTime(0)
	if err := s.w.PingContext(ctx); err != nil {
		s.w.Close()
		return nil, fmt.Errorf("open database %s: %w", s.path, err)
	}
	if err := migrate(ctx, s.w, s.d, -1); err != nil {
		s.w.Close()
		return nil, fmt.Errorf("open database %s: %w", s.path, err)
	}
	s.r = stdlib.OpenDB(*cfg)
	s.r.SetMaxOpenConns(postgresReaders)
	s.r.SetMaxIdleConns(postgresReaders)
	s.r.SetConnMaxIdleTime(5 * time.Minute)
	if err := s.prepare(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("open database %s: %w", s.path, err)
	}
	s.startSaver()
	return s, nil
}

// Redact returns a database URL with its password replaced by "xxxxx", fit for a log; a
// path is returned as it is.
func Redact(target string) string {
	if !IsPostgresURL(target) {
		return target
	}
	u, err := url.Parse(target)
	if err != nil {
		return "postgres://(unreadable URL)"
	}
	if _, ok := u.User.Password(); ok {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	q := u.Query()
	if q.Has("password") {
		q.Set("password", "xxxxx")
		u.RawQuery = q.Encode()
	}
	return u.String()
}

// redactErr returns err's text with the URL's password removed.
func redactErr(err error, target string) string {
	msg := err.Error()
	if u, perr := url.Parse(target); perr == nil {
		if p, ok := u.User.Password(); ok && p != "" {
			msg = strings.ReplaceAll(msg, p, "xxxxx")
		}
	}
	return msg
}

// Backend returns the name of the database the store runs on: "sqlite" or "postgres".
func (s *DB) Backend() string { return s.d.name }
