package bot

import (
	"fmt"
	"testing"
	"time"
)

func TestSpacing(t *testing.T) {
	s := spacing{gap: time.Minute}
	t0 := time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)
	steps := []struct {
		key  string
		at   time.Duration
		want bool
	}{
		{"ana", 0, true},
		{"ana", 10 * time.Second, false},
		{"bob", 10 * time.Second, true},
		{"ana", 59 * time.Second, false},
		{"ana", time.Minute, true},
		{"bob", 30 * time.Second, false},
	}
	for _, st := range steps {
		if got := s.allow(st.key, t0.Add(st.at)); got != st.want {
			t.Errorf("%s at +%v: allowed %v, want %v", st.key, st.at, got, st.want)
		}
	}
	// Keys whose gap has run are forgotten once there are many.
	for k := range 2000 {
		s.allow(fmt.Sprint(k), t0.Add(time.Duration(k)*time.Minute))
	}
	if n := len(s.last); n > 1024 {
		t.Errorf("%d keys kept, want at most 1024", n)
	}
}
