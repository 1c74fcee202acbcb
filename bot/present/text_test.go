package present

import (
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/internal/words"
)

// TestDuration: a timer reads in its largest whole unit.
func TestDuration(t *testing.T) {
	cases := []struct {
		d    time.Duration
		want string
	}{
		{90 * time.Second, "1m30s"},
		{15 * time.Minute, "15m"},
		{90 * time.Minute, "90m"},
		{12 * time.Hour, "12h"},
		{72 * time.Hour, "3d"},
		{1500 * time.Millisecond, "2s"},
	}
	for _, tc := range cases {
		if got := Duration(tc.d); got != tc.want {
			t.Errorf("Duration(%v) = %q, want %q", tc.d, got, tc.want)
		}
	}
}

// TestCapitalise: only the first letter of a sentence is raised.
func TestCapitalise(t *testing.T) {
	for in, want := range map[string]string{"": "", "no such game": "No such game", "Already": "Already", "x": "X"} {
		if got := words.Capitalise(in); got != want {
			t.Errorf("words.Capitalise(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestAndList: lists read as English.
func TestAndList(t *testing.T) {
	for _, tc := range []struct {
		in   []string
		want string
	}{
		{nil, ""}, {[]string{"a"}, "a"}, {[]string{"a", "b"}, "a and b"}, {[]string{"a", "b", "c"}, "a, b and c"},
	} {
		if got := andList(tc.in); got != tc.want {
			t.Errorf("andList(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
