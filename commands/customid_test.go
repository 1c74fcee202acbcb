package commands

import (
	"errors"
	"strings"
	"testing"
)

func TestIDRoundTrip(t *testing.T) {
	ids := []ID{
		{Game: 123, Hand: 2, Step: 57, Action: ActBid, Arg: "260"},
		{Game: 1, Action: ActJoin},
		{Game: 1, Action: ActSeat, Arg: "5"},
		{Game: 9, Hand: 1, Step: 0, Action: ActPass},
		{Game: 9, Hand: 1, Step: 3, Action: ActTrump, Arg: "H"},
		{Game: 9, Hand: 1, Step: 3, Action: ActCard, Arg: "10H"},
		{Game: 9, Hand: 1, Step: 3, Action: ActCard, Arg: "9C"},
		{Game: 9, Hand: 1, Step: 3, Action: ActPassCards},
		{Game: 9, Hand: 1, Step: 3, Action: ActPlayHand},
		{Game: maxGame, Hand: maxStep, Step: maxStep, Action: ActBid, Arg: "999999"},
		{Game: 9, Hand: 1, Step: 3, Action: ActMeld, Arg: "KS-QS"},
		{Game: 9, Hand: 1, Step: 3, Action: ActDraw},
		// The longest meld: eight tens around (double), in the longest ID.
		{Game: maxGame, Hand: maxStep, Step: maxStep, Action: ActMeld, Arg: "10S-10H-10D-10C-10S-10H-10D-10C"},
	}
	for _, id := range ids {
		s := id.String()
		if len(s) > MaxIDLen {
			t.Errorf("%v: %d characters", id, len(s))
		}
		got, err := ParseID(s)
		if err != nil || got != id {
			t.Errorf("ParseID(%q) = %+v, %v; want %+v", s, got, err, id)
		}
	}
	if s := (ID{Game: 123, Hand: 2, Step: 57, Action: ActBid, Arg: "260"}).String(); s != "p1:123:2:57:bid:260" {
		t.Errorf("String = %q", s)
	}
}

func TestParseIDRejects(t *testing.T) {
	bad := []string{
		"", "p1", "p1:1:0:0", "p2:1:0:0:join", "P1:1:0:0:join", "p1:0:0:0:join", "p1:01:0:0:join",
		"p1:+1:0:0:join", "p1:-1:0:0:join", "p1:1:00:0:join", "p1:1:0:5:join", "p1:1:1:01:pass",
		"p1:1:0:0:dance", "p1:1:0:0:join:", "p1:1:0:0:join:x", "p1:1:1:1:bid", "p1:1:1:1:bid:0",
		"p1:1:1:1:bid:0250", "p1:1:1:1:bid:2a0", "p1:1:1:1:bid:1234567", "p1:1:1:1:trump:s",
		"p1:1:1:1:trump:X", "p1:1:1:1:card:as", "p1:1:1:1:card:TS", "p1:1:1:1:card:1S",
		"p1:1:0:0:seat:6", "p1:1:0:0:seat:10", "p1:1:1:1:card:AS:x", "p1:1:1:1:pass:x",
		"p1:1234567890123456789:0:0:join", "p1:1:1234567890:0:pass", " p1:1:0:0:join",
		"p1:1:0:0:join\n", "p1:1:1:1:bid:" + strings.Repeat("9", 120),
		"p1:1:1:1:meld", "p1:1:1:1:meld:KS--QS", "p1:1:1:1:meld:KS-", "p1:1:1:1:meld:-KS", "p1:1:1:1:meld:KS-QX",
		"p1:1:1:1:meld:AS-AS-AS-AS-AS-AS-AS-AS-AS", "p1:1:1:1:meld:ks-qs", "p1:1:1:1:meld:KS QS", "p1:1:1:1:draw:x",
	}
	for _, s := range bad {
		if id, err := ParseID(s); err == nil {
			t.Errorf("ParseID(%q) = %+v, want an error", s, id)
		} else if !errors.Is(err, ErrBadID) {
			t.Errorf("ParseID(%q) error %v does not wrap ErrBadID", s, err)
		}
	}
}

func FuzzParseID(f *testing.F) {
	for _, s := range []string{"p1:123:2:57:bid:260", "p1:1:0:0:join", "p1:1:1:0:card:10H", "p1:5:3:9:give",
		"p1:1:0:0:seat:3", "p1:1:1:1:trump:S", "p1:0:0:0:x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, err := ParseID(s)
		if err != nil {
			return
		}
		if got := id.String(); got != s {
			t.Fatalf("ParseID(%q) = %+v, which encodes as %q", s, id, got)
		}
		if len(s) > MaxIDLen {
			t.Fatalf("%q parsed with %d characters", s, len(s))
		}
		if err := id.Validate(); err != nil {
			t.Fatalf("parsed %q does not validate: %v", s, err)
		}
	})
}

func FuzzIDString(f *testing.F) {
	f.Add(int64(1), 1, 1, "bid", "260")
	f.Add(int64(123456789), 0, 0, "join", "")
	f.Fuzz(func(t *testing.T, game int64, hand, step int, action, arg string) {
		id := ID{Game: game, Hand: hand, Step: step, Action: Action(action), Arg: arg}
		if id.Validate() != nil {
			return
		}
		s := id.String()
		if len(s) > MaxIDLen {
			t.Fatalf("%+v encodes to %d characters", id, len(s))
		}
		if got, err := ParseID(s); err != nil || got != id {
			t.Fatalf("ParseID(%q) = %+v, %v; want %+v", s, got, err, id)
		}
	})
}
