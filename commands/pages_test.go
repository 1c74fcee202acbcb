package commands

import (
	"strings"
	"testing"
)

func TestPageID(t *testing.T) {
	for _, p := range []PageID{{0, 0}, {7, 15}, {maxGame, maxOffset}} {
		s := p.String()
		got, err := ParsePageID(s)
		if err != nil || got != p {
			t.Errorf("ParsePageID(%q) = %+v, %v; want %+v", s, got, err, p)
		}
		if !strings.HasPrefix(s, pagePrefix+":") || len(s) > MaxIDLen {
			t.Errorf("%q: not a page ID, or longer than %d", s, MaxIDLen)
		}
	}
	for _, s := range []string{"", "lb1", "lb1:1", "lb1:1:2:3", "lb2:1:2", "lb1:-1:0", "lb1:01:0", "lb1:1:+5", "lb1:1:99999999", "p1:1:0:0:hand"} {
		if p, err := ParsePageID(s); err == nil {
			t.Errorf("ParsePageID(%q) = %+v, want an error", s, p)
		}
	}
}

// FuzzParsePageID: no input panics, and every accepted ID encodes back to itself.
func FuzzParsePageID(f *testing.F) {
	for _, s := range []string{"lb1:0:0", "lb1:3:15", "lb1:x:1", "lb1::"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePageID(s)
		if err != nil {
			return
		}
		if p.String() != s {
			t.Fatalf("ParsePageID(%q) = %+v, which encodes as %q", s, p, p.String())
		}
	})
}
