package table

import (
	"strings"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
)

func TestGameSeatsAndChannel(t *testing.T) {
	g := Game{ID: 4, ChannelID: "c", Seats: []Seat{{UserID: "ana", Name: "Ana"}, {Computer: LevelEasy, Name: "Computer 2"}, {}}}
	for _, c := range []struct {
		user string
		want int
	}{{"ana", 0}, {"bob", -1}, {"", -1}} {
		if got := g.SeatOf(c.user); got != c.want {
			t.Errorf("SeatOf(%q) = %d, want %d", c.user, got, c.want)
		}
	}
	if g.PostChannel() != "c" {
		t.Errorf("without a thread the game posts in %q", g.PostChannel())
	}
	g.ThreadID = "th"
	if g.PostChannel() != "th" {
		t.Errorf("with a thread the game posts in %q", g.PostChannel())
	}
	for i, want := range []struct{ human, computer, open bool }{{true, false, false}, {false, true, false}, {false, false, true}} {
		s := g.Seats[i]
		if s.IsHuman() != want.human || s.IsComputer() != want.computer || s.IsOpen() != want.open {
			t.Errorf("seat %d %+v: human %v computer %v open %v", i, s, s.IsHuman(), s.IsComputer(), s.IsOpen())
		}
	}
}

func TestReplayNamesSeats(t *testing.T) {
	g := Game{ID: 1, Preset: "two-handed", Seed: 5, Seats: []Seat{{UserID: "a", Name: "Ana"}, {UserID: "b", Name: "Bo"}}}
	eg, err := g.Replay(nil)
	if err != nil {
		t.Fatal(err)
	}
	if v := eg.View(0); v.Name(1) != "Bo" {
		t.Errorf("seat 2 is named %q, want Bo", v.Name(1))
	}
	g.Preset = "no-such-preset"
	if _, err := g.Replay(nil); err == nil || !strings.Contains(err.Error(), "game 1") {
		t.Errorf("a game of an unknown preset replays: %v", err)
	}
}

func TestSettingsNormalizeAndCheck(t *testing.T) {
	var s Settings
	s.Timer = 1500*time.Microsecond + time.Minute
	s.Normalize()
	if s.Level != DefaultLevel || s.Ping != PingAuto || s.Timeout != PolicyComputer || s.Pace != PaceNormal || s.Timer != time.Minute+time.Millisecond {
		t.Errorf("normalized %+v", s)
	}
	if err := s.Check(); err != nil {
		t.Errorf("normalized settings: %v", err)
	}
	for _, bad := range []Settings{
		{Level: "grandmaster", Ping: PingAuto, Timeout: PolicyComputer, Pace: PaceNormal},
		{Level: LevelEasy, Ping: "sometimes", Timeout: PolicyComputer, Pace: PaceNormal},
		{Level: LevelEasy, Ping: PingAuto, Timeout: "shrug", Pace: PaceNormal},
		{Level: LevelEasy, Ping: PingAuto, Timeout: PolicyComputer, Pace: "glacial"},
		{Level: LevelEasy, Ping: PingAuto, Timeout: PolicyComputer, Pace: PaceNormal, Timer: -time.Second},
	} {
		if err := bad.Check(); err == nil {
			t.Errorf("%+v passes its check", bad)
		}
	}
	if err := Level("ismcts").Check(); err == nil || !strings.Contains(err.Error(), "easy, normal, expert") {
		t.Errorf("a duel-only level: %v", err)
	}
}

func TestGuildSettingsChannels(t *testing.T) {
	st := DefaultGuildSettings()
	if !st.AllowsChannel("any") {
		t.Error("a guild that named no channel refuses one")
	}
	st.Channels = []string{"a", "b"}
	if !st.AllowsChannel("b") || st.AllowsChannel("c") {
		t.Error("a guild's channels are not the ones it named")
	}
}

// TestStampCurrent: a control is current at its own step only, or, six-handed, while only
// the other seats of a team pass.
func TestStampCurrent(t *testing.T) {
	r, err := engine.NewRules("racehorse", nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.NewGame(r, 1)
	if err != nil {
		t.Fatal(err)
	}
	now := Stamp{Hand: g.HandNumber(), Step: g.LogLen()}
	if !now.Current(g, 0) || !(Stamp{}).Current(g, 0) {
		t.Error("a control of this step, or of any time, is not current")
	}
	if (Stamp{Hand: g.HandNumber() + 1, Step: g.LogLen()}).Current(g, 0) || (Stamp{Hand: g.HandNumber(), Step: g.LogLen() + 1}).Current(g, 0) {
		t.Error("a control of another hand or step is current")
	}
}

func TestCards(t *testing.T) {
	for _, c := range CardLooks() {
		got, err := ParseCards(c.String())
		if err != nil || got != c {
			t.Errorf("ParseCards(%q) = %q, %v; want %q", c.String(), got, err, c)
		}
		s := DefaultSettings()
		s.Cards = c
		if err := s.Check(); err != nil {
			t.Errorf("cards %s: %v", c, err)
		}
	}
	if _, err := ParseCards("Pictures"); err == nil {
		t.Error("ParseCards takes Pictures")
	}
	bad := DefaultSettings()
	bad.Cards = "pictures" // the word, not the value
	if err := bad.Check(); err == nil {
		t.Error(`cards "pictures" as a value passes its check`)
	}
}

func TestCardsPreference(t *testing.T) {
	tests := []struct {
		in      string
		want    CardsPreference
		table   Cards // a table's look
		sees    Cards // what the player sees at it
		invalid bool
	}{
		{in: "table", want: CardsPreference{}, table: CardsFourColour, sees: CardsFourColour},
		{in: "table", want: CardsPreference{}, table: CardsText, sees: CardsText},
		{in: "pictures", want: CardsPreference{Own: true, Cards: CardsPictures}, table: CardsText, sees: CardsPictures},
		{in: "four", want: CardsPreference{Own: true, Cards: CardsFourColour}, table: CardsPictures, sees: CardsFourColour},
		{in: "text", want: CardsPreference{Own: true, Cards: CardsText}, table: CardsPictures, sees: CardsText},
		{in: "text", want: CardsPreference{Own: true, Cards: CardsText}, table: CardsText, sees: CardsText},
		{in: "", invalid: true},
		{in: "Text", invalid: true},
		{in: "default", invalid: true},
		{in: " text", invalid: true},
	}
	for _, tt := range tests {
		got, err := ParseCardsPreference(tt.in)
		if tt.invalid {
			if err == nil || !strings.Contains(err.Error(), "choose pictures, four, text or table") {
				t.Errorf("ParseCardsPreference(%q) = %+v, %v; want an error listing the choices", tt.in, got, err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ParseCardsPreference(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
			continue
		}
		if s := got.String(); s != tt.in {
			t.Errorf("%+v.String() = %q, want %q", got, s, tt.in)
		}
		if err := got.Check(); err != nil {
			t.Errorf("%+v.Check() = %v", got, err)
		}
		if c := got.Over(tt.table); c != tt.sees {
			t.Errorf("%+v.Over(%q) = %q, want %q", got, tt.table, c, tt.sees)
		}
	}
	for _, bad := range []CardsPreference{{Own: true, Cards: "pictures"}, {Own: true, Cards: "five"}, {Cards: CardsText}} {
		if err := bad.Check(); err == nil {
			t.Errorf("%+v passes its check", bad)
		}
	}
}
