package storage

import (
	"context"
	"fmt"
	"net/url"
	"regexp"
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
		return nil, fmt.Errorf("open database %s: %w", s.path, redacted(err, url))
	}
	if err := migrate(ctx, s.w, s.d, -1); err != nil {
		s.w.Close()
		return nil, fmt.Errorf("open database %s: %w", s.path, redacted(err, url))
	}
	s.r = stdlib.OpenDB(*cfg)
	s.r.SetMaxOpenConns(postgresReaders)
	s.r.SetMaxIdleConns(postgresReaders)
	s.r.SetConnMaxIdleTime(5 * time.Minute)
	if err := s.prepare(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("open database %s: %w", s.path, redacted(err, url))
	}
	s.startSaver()
	return s, nil
}

// Redact returns a database target fit for a log: a URL with its password (in the user
// information or a password or sslpassword parameter) replaced by "xxxxx", or an
// unreadable URL as "postgres://(unreadable URL)". Any other target (an SQLite path) is
// returned as it is, except that the password settings of a key=value connection string
// ("host=db password=secret") are masked too.
func Redact(target string) string {
	if !IsPostgresURL(target) {
		return dsnPassword.ReplaceAllString(target, "${1}=xxxxx")
	}
	u, err := url.Parse(target)
	if err != nil {
		return "postgres://(unreadable URL)"
	}
	if _, ok := u.User.Password(); ok {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	q := u.Query()
	masked := false
	for k := range q {
		if isPasswordKey(k) {
			q[k] = []string{"xxxxx"}
			masked = true
		}
	}
	if masked {
		u.RawQuery = q.Encode()
	}
	return u.String()
}

// dsnPassword matches a password setting of a key=value connection string, with its value
// quoted or not: the key is group 1.
var dsnPassword = regexp.MustCompile(`(?i)\b((?:ssl)?password)\s*=\s*(?:'(?:[^'\\]|\\.)*'|[^\s']\S*)`)

// isPasswordKey reports whether a URL query parameter carries a secret.
func isPasswordKey(k string) bool {
	k = strings.ToLower(k)
	return k == "password" || k == "sslpassword"
}

// secrets returns the secrets a database target carries, raw and as they may be written
// in the target: the password of a URL's user information or of its query, or the
// password settings of a key=value connection string. A URL that does not parse yields
// the text between its first colon and its last @ as the password, at worst too much.
func secrets(target string) []string {
	var out []string
	add := func(p string) {
		if p == "" {
			return
		}
		out = append(out, p)
		if e := url.QueryEscape(p); e != p {
			out = append(out, e)
		}
		if e := url.PathEscape(p); e != p {
			out = append(out, e)
		}
	}
	if !IsPostgresURL(target) {
		for _, m := range dsnPassword.FindAllString(target, -1) {
			_, v, _ := strings.Cut(m, "=")
			v = strings.TrimSpace(v)
			add(v)
			add(strings.Trim(v, "'"))
		}
		return out
	}
	rest := target[strings.Index(target, "://")+3:]
	if u, err := url.Parse(target); err == nil {
		if p, ok := u.User.Password(); ok {
			add(p)
		}
		for k, vs := range u.Query() {
			if isPasswordKey(k) {
				for _, v := range vs {
					add(v)
				}
			}
		}
		authority := rest
		if i := strings.IndexAny(authority, "/?#"); i >= 0 {
			authority = authority[:i]
		}
		if at := strings.LastIndex(authority, "@"); at >= 0 {
			if _, p, ok := strings.Cut(authority[:at], ":"); ok {
				add(p) // as written, before unescaping
			}
		}
	} else if at := strings.LastIndex(rest, "@"); at >= 0 {
		if _, p, ok := strings.Cut(rest[:at], ":"); ok {
			add(p)
		}
	}
	return out
}

// redactErr returns err's text with the passwords that target carries replaced by "xxxxx".
func redactErr(err error, target string) string {
	msg := err.Error()
	for _, p := range secrets(target) {
		msg = strings.ReplaceAll(msg, p, "xxxxx")
	}
	return msg
}

// redactedError is an error whose text hides the passwords of the database target it
// concerns; errors.Is and errors.As still see the error it wraps.
type redactedError struct {
	err    error
	target string
}

func (e *redactedError) Error() string { return redactErr(e.err, e.target) }
func (e *redactedError) Unwrap() error { return e.err }

// redacted wraps err so that its text never shows target's passwords; nil stays nil.
func redacted(err error, target string) error {
	if err == nil {
		return nil
	}
	return &redactedError{err: err, target: target}
}

// Backend returns the name of the database the store runs on: "sqlite" or "postgres".
func (s *DB) Backend() string { return s.d.name }
