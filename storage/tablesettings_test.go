package storage

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/engine/computer"
	"github.com/pinochle-discord/pinochle/table"
)

// TestDecodeTableSettings reads stored table settings: what tables stored before each key
// existed hold (defaults for the keys left out), what the program writes, and values that
// are not a setting's, which are refused with an error naming them.
func TestDecodeTableSettings(t *testing.T) {
	t.Parallel()
	def := table.DefaultSettings()
	with := func(change func(*table.Settings)) table.Settings {
		s := def
		s.Timer = 0
		change(&s)
		return s
	}
	tests := []struct {
		name     string
		js       string
		timerMS  int64
		policy   string
		want     table.Settings
		hasHints bool
		err      string // in the error; "" for none
	}{
		{"empty: the defaults", `{}`, 0, "computer", with(func(*table.Settings) {}), false, ""},
		{"null: the defaults", `null`, 0, "computer", with(func(*table.Settings) {}), false, ""},
		{"a level only", `{"level":"expert"}`, 0, "computer", with(func(s *table.Settings) { s.Level = table.LevelExpert }), false, ""},
		{"hints off", `{"hints":"off"}`, 0, "computer", with(func(s *table.Settings) { s.Hints = false }), true, ""},
		{"hints on", `{"hints":"on"}`, 0, "computer", with(func(*table.Settings) {}), true, ""},
		{"every key, timer and policy", `{"autoplay":"off","hints":"off","level":"easy","pace":"slow","ping":"never"}`, 90_000, "forfeit",
			table.Settings{Level: table.LevelEasy, Ping: table.PingNever, Timer: 90 * time.Second, Timeout: table.PolicyForfeit, Pace: table.PaceSlow}, true, ""},
		{"a pace only", `{"pace":"quick"}`, 0, "computer", with(func(s *table.Settings) { s.Pace = table.PaceQuick }), false, ""},
		{"confirm on", `{"confirm":"on"}`, 0, "computer", with(func(s *table.Settings) { s.Confirm = true }), false, ""},
		{"kibitz on", `{"kibitz":"on"}`, 0, "computer", with(func(s *table.Settings) { s.Kibitz = true }), false, ""},
		{"confirm neither on nor off", `{"confirm":"yes"}`, 0, "computer", table.Settings{}, false, `confirm "yes" is neither on nor off`},
		{"unrated and private", `{"unrated":"on","private":"on"}`, 0, "computer", with(func(s *table.Settings) { s.Unrated, s.Private = true, true }), false, ""},
		{"unrated neither on nor off", `{"unrated":"1"}`, 0, "computer", table.Settings{}, false, `unrated "1" is neither on nor off`},
		{"unknown pace", `{"pace":"fast"}`, 0, "computer", table.Settings{}, false, `pace "fast" is not one of quick, normal, slow`},
		{"unknown level", `{"level":"godlike"}`, 0, "computer", table.Settings{}, false, `level "godlike" is not one of easy, normal, expert`},
		{"empty level", `{"level":""}`, 0, "computer", table.Settings{}, false, `level "" is not one of`},
		{"unknown ping", `{"ping":"loud"}`, 0, "computer", table.Settings{}, false, `ping mode "loud" is not one of auto, always, never`},
		{"hints neither on nor off", `{"hints":"yes"}`, 0, "computer", table.Settings{}, false, `hints "yes" is neither on nor off`},
		{"autoplay neither on nor off", `{"autoplay":"true"}`, 0, "computer", table.Settings{}, false, `autoplay "true" is neither on nor off`},
		{"unknown key", `{"colour":"red"}`, 0, "computer", table.Settings{}, false, `there is no setting "colour"`},
		{"not strings", `{"hints":true}`, 0, "computer", table.Settings{}, false, "decode table settings"},
		{"not JSON", `level=expert`, 0, "computer", table.Settings{}, false, "decode table settings"},
		{"unknown policy", `{}`, 0, "pause", table.Settings{}, false, `timeout policy "pause" is not one of computer, forfeit`},
		{"negative timer", `{}`, -1, "computer", table.Settings{}, false, "negative turn timer"},
	}
	for _, tc := range tests {
		got, hasHints, err := decodeTableSettings(tc.js, tc.timerMS, tc.policy)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: %+v, %v; want an error containing %q", tc.name, got, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want || hasHints != tc.hasHints {
			t.Errorf("%s: %+v, hints stored %v, %v; want %+v, %v", tc.name, got, hasHints, err, tc.want, tc.hasHints)
		}
	}
}

// TestEncodeTableSettings: what is written reads back the same, for every value of every
// setting, with hints left out for a guild that never chose them.
func TestEncodeTableSettings(t *testing.T) {
	t.Parallel()
	var all []table.Settings
	for _, l := range table.Levels() {
		for _, p := range table.PingModes() {
			for _, pol := range table.TimeoutPolicies() {
				for _, b := range []bool{false, true} {
					pace := table.Paces()[len(all)%len(table.Paces())]
					all = append(all, table.Settings{Level: l, Hints: b, Ping: p, Autoplay: !b, Timer: 3 * time.Minute, Timeout: pol, Pace: pace, Confirm: len(all)%3 == 0,
						Cards: table.CardLooks()[len(all)%len(table.CardLooks())], Unrated: len(all)%4 == 1, Private: len(all)%5 == 2, Kibitz: len(all)%5 == 0})
				}
			}
		}
	}
	for _, s := range all {
		js, err := encodeTableSettings(s, true)
		if err != nil {
			t.Fatal(err)
		}
		got, hasHints, err := decodeTableSettings(js, s.Timer.Milliseconds(), string(s.Timeout))
		if err != nil || got != s || !hasHints {
			t.Errorf("%+v: stored as %s, read back %+v, hints stored %v, %v", s, js, got, hasHints, err)
		}
	}
	s := table.Settings{Level: table.LevelEasy, Hints: false, Ping: table.PingAlways, Timeout: table.PolicyComputer, Pace: table.PaceQuick}
	js, err := encodeTableSettings(s, false)
	if err != nil {
		t.Fatal(err)
	}
	if js != `{"autoplay":"off","level":"easy","pace":"quick","ping":"always"}` {
		t.Errorf("settings without hints stored as %s", js)
	}
	got, hasHints, err := decodeTableSettings(js, 0, "computer")
	if want := (table.Settings{Level: table.LevelEasy, Hints: true, Ping: table.PingAlways, Timeout: table.PolicyComputer, Pace: table.PaceQuick}); err != nil || got != want || hasHints {
		t.Errorf("settings without hints read back as %+v, hints stored %v, %v; want %+v", got, hasHints, err, want)
	}
}

// TestNormalizeTableSettings: an empty level, ping mode, policy or pace is stored as its default,
// the timer to the millisecond; anything else that is not a setting's value is refused.
func TestNormalizeTableSettings(t *testing.T) {
	t.Parallel()
	s := table.Settings{Timer: time.Minute + time.Microsecond}
	s.Normalize()
	if want := (table.Settings{Level: table.DefaultLevel, Ping: table.PingAuto, Timer: time.Minute, Timeout: table.PolicyComputer, Pace: table.PaceNormal}); s != want {
		t.Errorf("normalized %+v, want %+v", s, want)
	}
	if err := s.Check(); err != nil {
		t.Errorf("normalized settings refused: %v", err)
	}
	for _, bad := range []table.Settings{
		{Level: "Expert", Ping: table.PingAuto, Timeout: table.PolicyComputer},
		{Level: table.LevelEasy, Ping: "ALWAYS", Timeout: table.PolicyComputer},
		{Level: table.LevelEasy, Ping: table.PingAuto, Timeout: "skip"},
		{Level: table.LevelEasy, Ping: table.PingAuto, Timeout: table.PolicyComputer, Timer: -time.Millisecond},
		{Level: table.LevelEasy, Ping: table.PingAuto, Timeout: table.PolicyComputer, Pace: "Quick"},
	} {
		if err := bad.Check(); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}

// TestBadStoredTableSettings: a game or a guild whose stored settings are not valid (written
// by hand, or by another program) is refused on reading with an error that names the game
// and the value, never taken for something else.
func TestBadStoredTableSettings(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testBadStoredTableSettings)
}

func testBadStoredTableSettings(t *testing.T, db backend) {
	s := db.open(t)
	ctx := context.Background()
	id, err := s.CreateGame(ctx, newGame("racehorse", nil, 1, humans(4)))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.UpdateSettings(ctx, "g1", table.DefaultGuildSettings(), t0); err != nil {
		t.Fatal(err)
	}
	// (The schema keeps a timeout policy that is not one out of its column.)
	for _, bad := range []struct{ value, err string }{
		{`{"level":"godlike"}`, `level "godlike"`},
		{`{"ping":"loud"}`, `ping mode "loud"`},
		{`{"pace":"lazy"}`, `pace "lazy"`},
		{`{"hints":"maybe"}`, `hints "maybe"`},
		{`not json`, "decode table settings"},
	} {
		if _, err := s.w.Exec(s.d.rebind("UPDATE games SET table_settings = ? WHERE id = ?"), bad.value, id); err != nil {
			t.Fatal(err)
		}
		_, err := s.GetGame(ctx, id)
		if err == nil || !strings.Contains(err.Error(), bad.err) || !strings.Contains(err.Error(), fmt.Sprintf("game %d:", id)) {
			t.Errorf("game with settings %s: %v, want an error naming the game and %s", bad.value, err, bad.err)
		}
		if _, err := s.LoadActiveGames(ctx); err == nil || !strings.Contains(err.Error(), bad.err) {
			t.Errorf("active games with settings %s: %v, want an error naming %s", bad.value, err, bad.err)
		}
		if _, err := s.w.Exec(s.d.rebind("UPDATE games SET table_settings = '{}' WHERE id = ?"), id); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.GetGame(ctx, id); err != nil {
		t.Fatalf("the game mended: %v", err)
	}
	if _, err := s.w.Exec(s.d.rebind("UPDATE guild_settings SET table_defaults = ? WHERE guild_id = 'g1'"), `{"autoplay":"sometimes"}`); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Settings(ctx, "g1"); err == nil || !strings.Contains(err.Error(), `autoplay "sometimes"`) ||
		!strings.Contains(err.Error(), "guild g1") {
		t.Errorf("settings with a bad autoplay: %v, want an error naming the guild and the value", err)
	}
	if err := s.UpdateSettings(ctx, "g1", table.DefaultGuildSettings(), t0); err != nil {
		t.Errorf("settings replaced over bad ones: %v", err)
	}
	var st table.GuildSettings
	if st, err = s.Settings(ctx, "g1"); err != nil || !reflect.DeepEqual(st, table.DefaultGuildSettings()) {
		t.Errorf("settings after the repair %+v, %v", st, err)
	}
}

// TestLevelsAreComputerLevels: every level a table or a seat may be stored with makes a
// computer player.
func TestLevelsAreComputerLevels(t *testing.T) {
	t.Parallel()
	for _, l := range table.Levels() {
		if _, err := computer.New(string(l), 1); err != nil {
			t.Errorf("level %s: %v", l, err)
		}
	}
}

// TestSeatLevels: a seat keeps the level it was stored with, whatever its table's; a seat
// stored as "baseline", as every computer player was before seats kept their level, reads
// as its table's level, the one it played at, and is written back as that level; a seat
// whose stored computer is no level is an error that names it.
func TestSeatLevels(t *testing.T) {
	t.Parallel()
	forEachBackend(t, testSeatLevels)
}

func testSeatLevels(t *testing.T, db backend) {
	s := db.open(t)
	ctx := context.Background()
	g := newGame("racehorse", nil, 3, []table.Seat{{UserID: "u1", Name: "Ana"}, {Computer: table.LevelEasy, Name: "C2"},
		{Computer: table.LevelExpert, Name: "C3"}, {Computer: table.LevelNormal, Name: "C4"}})
	g.Settings = table.DefaultSettings()
	g.Settings.Level = table.LevelExpert
	g = startGame(t, s, g)
	levels := func(g table.Game) []table.Level {
		var out []table.Level
		for _, seat := range g.Seats {
			out = append(out, seat.Computer)
		}
		return out
	}
	read := func() (table.Game, []table.Level) {
		t.Helper()
		got, err := s.GetGame(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		active, err := s.LoadActiveGames(ctx)
		if err != nil || len(active) != 1 || !reflect.DeepEqual(active[0].Game, got) {
			t.Fatalf("active games %+v, %v; want %+v", active, err, got)
		}
		return got, levels(got)
	}
	if _, got := read(); !reflect.DeepEqual(got, []table.Level{"", table.LevelEasy, table.LevelExpert, table.LevelNormal}) {
		t.Errorf("seat levels %q, want each seat's own", got)
	}
	stored := func(seat int) string {
		t.Helper()
		var c string
		if err := s.r.QueryRow(s.d.rebind("SELECT computer FROM game_seats WHERE game_id = ? AND seat = ?"), g.ID, seat).Scan(&c); err != nil {
			t.Fatal(err)
		}
		return c
	}
	// As the previous program stored them.
	if _, err := s.w.Exec(s.d.rebind("UPDATE game_seats SET computer = 'baseline' WHERE game_id = ? AND computer <> ''"), g.ID); err != nil {
		t.Fatal(err)
	}
	legacy, got := read()
	if want := []table.Level{"", table.LevelExpert, table.LevelExpert, table.LevelExpert}; !reflect.DeepEqual(got, want) {
		t.Errorf("legacy seat levels %q, want the table's, %q", got, want)
	}
	if err := s.UpdateGame(ctx, legacy); err != nil {
		t.Fatal(err)
	}
	if c := stored(1); c != string(table.LevelExpert) {
		t.Errorf("a legacy seat was written back as %q, want %q", c, table.LevelExpert)
	}
	// The table's default level, for a table stored before tables had a level.
	if _, err := s.w.Exec(s.d.rebind("UPDATE games SET table_settings = '{}' WHERE id = ?"), g.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.w.Exec(s.d.rebind("UPDATE game_seats SET computer = 'baseline' WHERE game_id = ? AND seat = 2"), g.ID); err != nil {
		t.Fatal(err)
	}
	if _, got := read(); !reflect.DeepEqual(got, []table.Level{"", table.LevelExpert, table.DefaultLevel, table.LevelExpert}) {
		t.Errorf("seat levels %q after the table's level was cleared; want the legacy seat at %s", got, table.DefaultLevel)
	}
	for _, bad := range []string{"random", "Expert", "ismcts"} {
		if _, err := s.w.Exec(s.d.rebind("UPDATE game_seats SET computer = ? WHERE game_id = ? AND seat = 3"), bad, g.ID); err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("game %d: seat 3: computer level %q is not one of easy, normal, expert", g.ID, bad)
		if _, err := s.GetGame(ctx, g.ID); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("a seat stored as %q: %v, want an error containing %q", bad, err, want)
		}
		if _, err := s.LoadActiveGames(ctx); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("active games with a seat stored as %q: %v, want an error containing %q", bad, err, want)
		}
	}
}
