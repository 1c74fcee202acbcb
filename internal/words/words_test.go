package words

import "testing"

func TestCapitalise(t *testing.T) {
	for in, want := range map[string]string{"": "", "you must follow": "You must follow", "élan": "Élan", "9 left": "9 left", "A": "A"} {
		if got := Capitalise(in); got != want {
			t.Errorf("Capitalise(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0 cards"}, {1, "1 card"}, {2, "2 cards"}, {-1, "-1 cards"}} {
		if got := Count(c.n, "card"); got != c.want {
			t.Errorf("Count(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}

func TestJoin(t *testing.T) {
	for _, c := range []struct {
		items []string
		last  string
		want  string
	}{
		{nil, "and", ""},
		{[]string{"a"}, "and", "a"},
		{[]string{"a", "b"}, "or", "a or b"},
		{[]string{"a", "b", "c"}, "and", "a, b and c"},
		{[]string{"Ann", "Cy", "Eve"}, "&", "Ann, Cy & Eve"},
	} {
		if got := Join(c.items, c.last); got != c.want {
			t.Errorf("Join(%q, %q) = %q, want %q", c.items, c.last, got, c.want)
		}
	}
}

func TestTruncate(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{{"short", 10, "short"}, {"♠♠♠♠", 3, "♠♠…"}, {"abc", 0, ""}, {"abc", 3, "abc"}} {
		if got := Truncate(c.s, c.n); got != c.want {
			t.Errorf("Truncate(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
}
