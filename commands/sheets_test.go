package commands

import (
	"strings"
	"testing"
)

func TestSheetID(t *testing.T) {
	for _, p := range []SheetID{{SheetScores, 1, 1}, {SheetReview, 42, 7}, {SheetReview, maxGame, maxSheetPage}} {
		s := p.String()
		got, err := ParseSheetID(s)
		if err != nil || got != p {
			t.Errorf("ParseSheetID(%q) = %+v, %v; want %+v", s, got, err, p)
		}
		if !strings.HasPrefix(s, sheetPrefix+":") || len(s) > MaxIDLen {
			t.Errorf("%q: not a sheet ID, or longer than %d", s, MaxIDLen)
		}
	}
	for _, s := range []string{"", "gv1", "gv1:sheet:1", "gv1:sheet:1:1:1", "gv2:sheet:1:1", "gv1:cards:1:1",
		"gv1:sheet:0:1", "gv1:sheet:1:0", "gv1:review:01:1", "gv1:review:1:+2", "gv1:review:1:9999999", "lb1:1:2"} {
		if p, err := ParseSheetID(s); err == nil {
			t.Errorf("ParseSheetID(%q) = %+v, want an error", s, p)
		}
	}
}

// FuzzParseSheetID: no input panics, and every accepted ID encodes back to itself.
func FuzzParseSheetID(f *testing.F) {
	for _, s := range []string{"gv1:sheet:1:1", "gv1:review:3:15", "gv1:review:x:1", "gv1:::"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseSheetID(s)
		if err != nil {
			return
		}
		if p.String() != s {
			t.Fatalf("ParseSheetID(%q) = %+v, which encodes as %q", s, p, p.String())
		}
	})
}
