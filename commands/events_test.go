package commands

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/league/club"
	"github.com/pinochle-discord/pinochle/league/event"
	"github.com/pinochle-discord/pinochle/table"
)

var now = time.Date(2026, 3, 2, 18, 30, 15, 0, time.UTC)

// TestParseStart reads every form of a start, and refuses a time past, too far ahead or
// unreadable, saying why.
func TestParseStart(t *testing.T) {
	tests := []struct {
		in   string
		want time.Time
		err  string
	}{
		{"in 2h", now.Add(2 * time.Hour), ""},
		{"90m", now.Add(90 * time.Minute), ""},
		{"1d12h", now.Add(36 * time.Hour), ""},
		{"0m", now, ""},
		{"2026-03-02 19:00", time.Date(2026, 3, 2, 19, 0, 0, 0, time.UTC), ""},
		{" 2026-03-02   19:00 ", time.Date(2026, 3, 2, 19, 0, 0, 0, time.UTC), ""},
		{"<t:1772478000>", time.Unix(1772478000, 0).UTC(), ""},
		{"<t:1772478000:F>", time.Unix(1772478000, 0).UTC(), ""},
		{"1772478000", time.Unix(1772478000, 0).UTC(), ""},
		{"", time.Time{}, "say when"},
		{"2026-03-01 19:00", time.Time{}, "has passed"},
		{"in 100d", time.Time{}, "within"},
		{"2027-03-01 19:00", time.Time{}, "within"},
		{"<t:abc>", time.Time{}, "not a Discord timestamp"},
		{"tomorrow", time.Time{}, "not a time I can read"},
		{"-2h", time.Time{}, "within"},
	}
	for _, tc := range tests {
		got, err := ParseStart(tc.in, now)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseStart(%q) = %v, %v; want an error saying %q", tc.in, got, err, tc.err)
			}
			continue
		}
		if err != nil || !got.Equal(tc.want) {
			t.Errorf("ParseStart(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

// FuzzParseStart: no text crashes it, and a start it accepts is from now to MaxStartAhead.
func FuzzParseStart(f *testing.F) {
	for _, s := range []string{"in 2h", "2026-03-02 19:00", "<t:1772478000:R>", "1d", "999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		at, err := ParseStart(s, now)
		if err == nil && (at.Before(now.Truncate(time.Minute)) || at.After(now.Add(MaxStartAhead))) {
			t.Errorf("ParseStart(%q) = %v, outside now to %v later", s, at, MaxStartAhead)
		}
	})
}

// TestEventIDs: every control encodes and reads back; what is not one is refused.
func TestEventIDs(t *testing.T) {
	for _, id := range []EventID{
		{Action: EventJoin, Event: 7}, {Action: EventLeave, Event: 1}, {Action: EventCheckIn, Event: 99},
		{Action: EventPartner, Event: 3}, {Action: EventVoid, Event: 2, Round: 3, Table: 12},
		{Action: EventReplay, Event: 2, Round: 64, Table: 1}, {Action: EventAward, Event: 5, Round: 1, Table: 2, Side: 2},
	} {
		s := id.String()
		got, err := ParseEventID(s)
		if err != nil || got != id {
			t.Errorf("ParseEventID(%q) = %+v, %v; want %+v", s, got, err, id)
		}
		c, err := ParseControl(s)
		if err != nil || c.Route() != EventRoute(id.Action) {
			t.Errorf("ParseControl(%q) = %v, %v", s, c, err)
		}
		if len(s) > MaxIDLen {
			t.Errorf("%q is longer than a custom ID may be", s)
		}
	}
	for _, s := range []string{"ev1", "ev1:join", "ev1:join:0", "ev1:join:07", "ev1:join:7:1:1", "ev1:void:7", "ev1:void:7:0:1",
		"ev1:void:7:65:1", "ev1:award:7:1:1", "ev1:award:7:1:1:3", "ev1:dance:7", "ev2:join:7", "ev1:join:-7", "ev1:join:7 "} {
		if id, err := ParseEventID(s); !errors.Is(err, ErrBadID) {
			t.Errorf("ParseEventID(%q) = %+v, %v; want ErrBadID", s, id, err)
		}
	}
}

// FuzzParseEventID: no text crashes the parser, and what it reads encodes back to itself.
func FuzzParseEventID(f *testing.F) {
	for _, s := range []string{"ev1:join:7", "ev1:award:5:1:2:1", "ev1:void:2:3:12", "ev1:x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, err := ParseEventID(s)
		if err == nil && id.String() != s {
			t.Errorf("ParseEventID(%q) = %+v, which encodes as %q", s, id, id.String())
		}
	})
}

// evOpts makes the options of an invocation.
func evOpts(kv ...any) Options {
	out := Options{}
	for i := 0; i < len(kv); i += 2 {
		v := kv[i+1]
		if n, ok := v.(int); ok {
			v = float64(n)
		}
		out[kv[i].(string)] = &discordgo.ApplicationCommandInteractionDataOption{Name: kv[i].(string), Value: v}
	}
	return out
}

// TestNewEventRequest reads /league event create: defaults for what is left out, the
// table's size from the preset, and a clear refusal of an event that cannot run.
func TestNewEventRequest(t *testing.T) {
	presets := engine.PresetNames()
	r, err := NewEventRequest(evOpts(OptName, " Tuesday night ", OptFormat, FormatSwiss, OptStart, "in 1h", OptRounds, 3,
		OptPreset, "two-handed", OptOptions, "hands=1", OptLimit, 8, OptCheckIn, true, OptDeadline, "forfeit", OptRole, "42",
		OptLevel, "easy"), now, presets, "racehorse")
	want := EventRequest{Name: "Tuesday night", Spec: event.Event{Format: event.Swiss, Entry: event.Individuals, Seats: 2, Rounds: 3},
		Preset: "two-handed", Options: map[string]string{"hands": "1"}, Level: table.LevelEasy, Round: time.Hour,
		Start: now.Add(time.Hour), Limit: 8, CheckIn: true, Settle: club.SettleForfeit, Role: "42"}
	if err != nil || r.Name != want.Name || r.Spec != want.Spec || r.Preset != want.Preset || r.Options["hands"] != "1" ||
		r.Level != want.Level || r.Round != want.Round || !r.Start.Equal(want.Start) || r.Limit != 8 || !r.CheckIn ||
		r.Settle != want.Settle || r.Role != "42" || r.Counts {
		t.Errorf("NewEventRequest = %+v, %v\nwant %+v", r, err, want)
	}
	r, err = NewEventRequest(evOpts(OptName, "Pairs", OptFormat, FormatDuplicate, OptStart, "2d", OptEntry, EntryPartners,
		OptRound, "1d", OptCounts, true), now, presets, "classic")
	if err != nil || r.Spec != (event.Event{Format: event.Duplicate, Entry: event.Partnerships, Seats: 4, Deals: 2}) ||
		r.Round != 24*time.Hour || !r.Counts || r.Settle != club.SettleComputer || r.Level != table.LevelNormal {
		t.Errorf("a duplicate of partnerships: %+v, %v", r, err)
	}
	r, err = NewEventRequest(evOpts(OptName, "Mixed", OptFormat, FormatRoundRobin, OptStart, "2h"), now, presets, "classic")
	if err != nil || r.Spec.Entry != event.NewPartners {
		t.Errorf("a team preset enters new partners by default: %+v, %v", r, err)
	}
	for _, tc := range []struct {
		name string
		o    Options
		want string
	}{
		{"no name", evOpts(OptName, "  ", OptFormat, FormatSwiss, OptStart, "1h", OptRounds, 2), "name"},
		{"Swiss without rounds", evOpts(OptName, "S", OptFormat, FormatSwiss, OptStart, "1h"), "number of rounds"},
		{"elimination with new partners", evOpts(OptName, "E", OptFormat, FormatElimination, OptStart, "1h", OptPreset, "classic"), "two entrants a table"},
		{"deals outside duplicate", evOpts(OptName, "D", OptFormat, FormatRoundRobin, OptStart, "1h", OptDeals, 3), "duplicate"},
		{"entry for a preset played alone", evOpts(OptName, "A", OptFormat, FormatRoundRobin, OptStart, "1h", OptPreset, "two-handed", OptEntry, EntryPartners), "alone"},
		{"a start past", evOpts(OptName, "P", OptFormat, FormatRoundRobin, OptStart, "2020-01-01 10:00"), "passed"},
		{"a limit too small", evOpts(OptName, "L", OptFormat, FormatDuplicate, OptStart, "1h", OptPreset, "two-handed", OptLimit, 3), "at least 4"},
		{"bad options", evOpts(OptName, "O", OptFormat, FormatRoundRobin, OptStart, "1h", OptOptions, "target=abc"), "target"},
	} {
		_, err := NewEventRequest(tc.o, now, presets, "racehorse")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error saying %q", tc.name, err, tc.want)
		}
	}
}
