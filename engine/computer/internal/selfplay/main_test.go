package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestResume: an output is kept up to the end of its last whole deal; a deal cut short
// and anything after it are dropped, and a deal out of order is an error.
func TestResume(t *testing.T) {
	for _, c := range []struct {
		name, text string
		deals      int
		keep       int64
		fails      bool
	}{
		{"empty", "", 0, 0, false},
		{"whole", "0 1 2\n# deal 0\n1 0 0\n# deal 1\n", 2, 30, false},
		{"cut short", "0 1 2\n# deal 0\n1 0 0\n1 2", 1, 15, false},
		{"out of order", "# deal 0\n# deal 2\n", 0, 0, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "out.txt")
			if err := os.WriteFile(path, []byte(c.text), 0o644); err != nil {
				t.Fatal(err)
			}
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			deals, keep, err := resume(f)
			if (err != nil) != c.fails {
				t.Fatalf("resume: %v, want failure %v", err, c.fails)
			}
			if !c.fails && (deals != c.deals || keep != c.keep) {
				t.Errorf("resume = %d deals, %d bytes; want %d, %d", deals, keep, c.deals, c.keep)
			}
		})
	}
}
