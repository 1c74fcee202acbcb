package storage

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// testPassword is the password the redaction tests put in database targets.
const testPassword = "s3cretPW"

func TestRedact(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, target, want string
	}{
		{"URL with user:password@", "postgres://pinochle:s3cretPW@db:5432/pinochle",
			"postgres://pinochle:xxxxx@db:5432/pinochle"},
		{"postgresql scheme", "postgresql://pinochle:s3cretPW@db/pinochle?sslmode=require",
			"postgresql://pinochle:xxxxx@db/pinochle?sslmode=require"},
		{"escaped password", "postgres://pinochle:s3cret%40PW%2F@db/pinochle",
			"postgres://pinochle:xxxxx@db/pinochle"},
		{"password query parameter", "postgres://pinochle@db/pinochle?password=s3cretPW&sslmode=disable",
			"postgres://pinochle@db/pinochle?password=xxxxx&sslmode=disable"},
		{"sslpassword query parameter", "postgres://pinochle@db/pinochle?sslpassword=s3cretPW",
			"postgres://pinochle@db/pinochle?sslpassword=xxxxx"},
		{"key=value DSN", "host=db user=pinochle password=s3cretPW dbname=pinochle",
			"host=db user=pinochle password=xxxxx dbname=pinochle"},
		{"key=value DSN, quoted", "password='s3cret PW' host=db", "password=xxxxx host=db"},
		{"key=value DSN, spaces around =", "host=db PASSWORD = s3cretPW", "host=db PASSWORD=xxxxx"},
		{"URL without password", "postgres://pinochle@db:5432/pinochle?sslmode=disable",
			"postgres://pinochle@db:5432/pinochle?sslmode=disable"},
		{"SQLite path", "data/pinochle.db", "data/pinochle.db"},
		{"empty", "", ""},
		{"garbage URL", "postgres://pinochle:s3cretPW@db:5432/%zz", "postgres://(unreadable URL)"},
		{"garbage URL, bad host", "postgres://pinochle:s3cretPW@[db/pinochle", "postgres://(unreadable URL)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Redact(c.target)
			if got != c.want {
				t.Errorf("Redact(%q) = %q, want %q", c.target, got, c.want)
			}
			if strings.Contains(got, testPassword) || strings.Contains(got, "s3cret") {
				t.Errorf("Redact(%q) = %q shows the password", c.target, got)
			}
		})
	}
}

func TestRedactErr(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, target, msg string
	}{
		{"URL password", "postgres://u:s3cretPW@db/x", "cannot reach postgres://u:s3cretPW@db/x: refused"},
		{"URL password, escaped", "postgres://u:s3cret%2FPW@db/x", "bad password s3cret/PW or s3cret%2FPW"},
		{"query password", "postgres://u@db/x?password=s3cretPW", "dial with password=s3cretPW failed"},
		{"DSN password", "host=db password=s3cretPW", "password=s3cretPW rejected"},
		{"DSN password, quoted", "host=db password='s3cret PW'", "password='s3cret PW' rejected"},
		{"unreadable URL", "postgres://u:s3cretPW@db:port/%zz", "parse postgres://u:s3cretPW@db:port/%zz: invalid"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := redactErr(errors.New(c.msg), c.target)
			if strings.Contains(got, "s3cret") {
				t.Errorf("redactErr(%q) = %q shows the password", c.msg, got)
			}
			if !strings.Contains(got, "xxxxx") {
				t.Errorf("redactErr(%q) = %q: no mask where the password was", c.msg, got)
			}
		})
	}
	// Without a password, the text is unchanged.
	const msg = "dial tcp 127.0.0.1:1: connection refused"
	if got := redactErr(errors.New(msg), "postgres://u@127.0.0.1:1/x"); got != msg {
		t.Errorf("redactErr without a password = %q, want %q", got, msg)
	}
	// redacted keeps the error for errors.Is while its text hides the password.
	err := redacted(fmt.Errorf("migrate postgres://u:s3cretPW@db/x: %w", ErrSchemaTooNew), "postgres://u:s3cretPW@db/x")
	if !errors.Is(err, ErrSchemaTooNew) || strings.Contains(err.Error(), testPassword) {
		t.Errorf("redacted: %q; errors.Is(ErrSchemaTooNew) = %v", err, errors.Is(err, ErrSchemaTooNew))
	}
}

// TestConnectErrorHidesPassword connects with a password to a port where nothing listens,
// and to URLs that do not parse: the errors say what failed without the password.
func TestConnectErrorHidesPassword(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	unreachable := []string{
		"postgres://postgres:s3cretPW@127.0.0.1:1/x?connect_timeout=5",
		"postgres://postgres@127.0.0.1:1/x?password=s3cretPW&connect_timeout=5",
	}
	for _, target := range unreachable {
		s, err := Connect(ctx, target)
		if err == nil {
			s.Close()
			t.Fatalf("Connect(%s) succeeded on a port where nothing listens", Redact(target))
		}
		if strings.Contains(err.Error(), testPassword) {
			t.Errorf("the error shows the password: %v", err)
		}
		if !strings.Contains(err.Error(), "127.0.0.1") {
			t.Errorf("the error does not say which server failed: %v", err)
		}
		var ce *pgconn.ConnectError
		if !errors.As(err, &ce) {
			t.Errorf("the error does not wrap pgx's connect error: %v", err)
		}
	}
	for _, target := range []string{
		"postgres://postgres:s3cretPW@127.0.0.1:port/x",
		"postgres://postgres:s3cretPW@127.0.0.1/x?connect_timeout=soon",
	} {
		s, err := Connect(ctx, target)
		if err == nil {
			s.Close()
			t.Fatalf("Connect(%s) accepted a bad URL", Redact(target))
		}
		if !errors.Is(err, ErrInvalid) || strings.Contains(err.Error(), testPassword) {
			t.Errorf("bad URL: %v; want ErrInvalid without the password", err)
		}
	}
}
