package commands

import (
	"errors"
	"testing"
)

func TestPlayAgainID(t *testing.T) {
	for _, id := range []PlayAgainID{{Game: 1, Action: AgainReady}, {Game: maxGame, Action: AgainStart}} {
		c, err := ParseControl(id.String())
		if err != nil || c != id || c.Route() != RoutePlayAgain {
			t.Errorf("%s reads back as %#v, %v", id, c, err)
		}
	}
	for _, bad := range []string{"pa1:0:ready", "pa1:01:ready", "pa1:5:go", "pa1:5", "pa1:5:ready:x", "pa1:-5:start",
		"pa1:1000000000000000000:ready", "pa2:5:ready"} {
		if _, err := ParseControl(bad); !errors.Is(err, ErrBadID) {
			t.Errorf("%q is read: %v", bad, err)
		}
	}
	if id, err := ParseID(ID{Game: 9, Action: ActWatch}.String()); err != nil || id.Action != ActWatch {
		t.Errorf("the Watch button: %+v, %v", id, err)
	}
}

func FuzzParsePlayAgainID(f *testing.F) {
	f.Add("pa1:12:ready")
	f.Add("pa1:9:start")
	f.Fuzz(func(t *testing.T, s string) {
		id, err := ParsePlayAgainID(s)
		if err != nil {
			return
		}
		if id.String() != s {
			t.Errorf("%q reads as %+v, written %q", s, id, id.String())
		}
	})
}
