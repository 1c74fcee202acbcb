package commands

import (
	"maps"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/pinochle-discord/pinochle/table"
)

func TestParseTimer(t *testing.T) {
	good := map[string]time.Duration{
		"1m": time.Minute, "15m": 15 * time.Minute, "1h": time.Hour, "12h": 12 * time.Hour, "1d": day,
		"7d": 7 * day, "3D": 3 * day, " 90s ": 90 * time.Second, "1h30m": 90 * time.Minute, "1.5d": 36 * time.Hour,
		"2d12h": 60 * time.Hour, "off": 0, "OFF": 0, "0": 0, "none": 0,
	}
	for s, want := range good {
		got, err := ParseTimer(s)
		if err != nil || got != want {
			t.Errorf("ParseTimer(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	bad := map[string]string{
		"": "no timer", "30s": "too short", "8d": "too long", "7d1s": "too long", "abc": "not a duration",
		"-5m": "too short", "1d-5m": "not a duration", "d": "not a duration", "1..5d": "not a duration",
		"nand": "not a duration", "1e3d": "not a duration", "99999999999999999999d": "too long", "5": "not a duration",
	}
	for s, want := range bad {
		if _, err := ParseTimer(s); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseTimer(%q) error %v, want one containing %q", s, err, want)
		}
	}
}

func TestFormatTimer(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0: "off", time.Minute: "1m", 90 * time.Second: "1m30s", time.Hour: "1h", 90 * time.Minute: "1h30m",
		day: "1d", 36 * time.Hour: "1d12h", 7 * day: "7d", day + time.Second: "1d1s",
	} {
		if got := FormatTimer(d); got != want {
			t.Errorf("FormatTimer(%v) = %q, want %q", d, got, want)
		}
	}
}

func FuzzParseTimer(f *testing.F) {
	for _, s := range []string{"1m", "15m", "1h", "1d", "7d", "90s", "1.5d", "2d3h4m5s", "off", "0", "1d1ns", "-1d"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseTimer(s)
		if err != nil {
			return
		}
		if d != 0 && (d < MinTimer || d > MaxTimer) {
			t.Fatalf("ParseTimer(%q) = %v, out of range", s, d)
		}
		back, err := ParseTimer(FormatTimer(d))
		if err != nil || back != d {
			t.Fatalf("ParseTimer(FormatTimer(%v) = %q) = %v, %v", d, FormatTimer(d), back, err)
		}
	})
}

func TestParseOptions(t *testing.T) {
	good := map[string]map[string]string{
		"target=1000 pass=3":       {"target": "1000", "pass": "3"},
		"target=1000,pass=3":       {"target": "1000", "pass": "3"},
		" Target = 1000 , pass= 3": {"target": "1000", "pass": "3"},
		"counters=AK-QJ":           {"counters": "AK-QJ"},
		"":                         {},
		"none":                     {},
	}
	for s, want := range good {
		got, err := ParseOptions(s)
		if err != nil || !maps.Equal(got, want) {
			t.Errorf("ParseOptions(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	bad := map[string]string{
		"target":                "key=value",
		"target=":               "no value",
		"=5":                    "key=value",
		"target=1 target=2":     "twice",
		"colour=red":            "no table option",
		"target=1=2":            "one value",
		"target=1000 pass = 3x": "", // syntax is fine; the value is checked by ValidateOptions
	}
	for s, want := range bad {
		_, err := ParseOptions(s)
		if want == "" {
			if err != nil {
				t.Errorf("ParseOptions(%q) = %v", s, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseOptions(%q) error %v, want one containing %q", s, err, want)
		}
	}
}

func TestValidateOptions(t *testing.T) {
	if err := ValidateOptions("classic", map[string]string{"target": "1500", "pass": "3"}); err != nil {
		t.Error(err)
	}
	err := ValidateOptions("racehorse", map[string]string{"target": "lots"})
	if err == nil || !strings.Contains(err.Error(), "racehorse") || !strings.Contains(err.Error(), "target") {
		t.Errorf("bad target: %v", err)
	}
	if err := ValidateOptions("six-handed", map[string]string{"minbid": "255"}); err != nil {
		t.Errorf("six-handed minbid 255: %v", err)
	}
	if err := ValidateOptions("racehorse", map[string]string{"minbid": "255"}); err == nil {
		t.Error("racehorse accepted minbid 255")
	}
}

func FuzzParseOptions(f *testing.F) {
	for _, s := range []string{"target=1000 pass=3", "a=b,c=d", "target = 5", "moon=on", "", "=", "x==y", "TARGET=1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseOptions(s)
		if err != nil {
			return
		}
		back, err := ParseOptions(FormatOptions(m))
		if err != nil || !maps.Equal(back, m) {
			t.Fatalf("ParseOptions(FormatOptions(%v) = %q) = %v, %v", m, FormatOptions(m), back, err)
		}
		_ = ValidateOptions("racehorse", m)
	})
}

func opt(name string, v any) *discordgo.ApplicationCommandInteractionDataOption {
	o := &discordgo.ApplicationCommandInteractionDataOption{Name: name, Value: v}
	switch v.(type) {
	case string:
		o.Type = discordgo.ApplicationCommandOptionString
	case float64:
		o.Type = discordgo.ApplicationCommandOptionInteger
	case bool:
		o.Type = discordgo.ApplicationCommandOptionBoolean
	}
	return o
}

func opts(os ...*discordgo.ApplicationCommandInteractionDataOption) map[string]*discordgo.ApplicationCommandInteractionDataOption {
	m := map[string]*discordgo.ApplicationCommandInteractionDataOption{}
	for _, o := range os {
		m[o.Name] = o
	}
	return m
}

func TestNewTableRequest(t *testing.T) {
	server := table.DefaultGuildSettings()
	server.DefaultPreset, server.DefaultOptions = "classic", map[string]string{"target": "1500", "floor": "500"}
	server.TableDefaults.Timer, server.TableDefaults.Timeout = time.Hour, table.PolicyForfeit
	defaults := Defaults{Server: server}
	hourForfeit := server.TableDefaults
	withSettings := func(change func(*table.Settings)) table.Settings {
		s := hourForfeit
		change(&s)
		return s
	}
	tests := []struct {
		name string
		in   map[string]*discordgo.ApplicationCommandInteractionDataOption
		def  Defaults
		want Table
		err  string
	}{
		{"defaults", opts(), defaults,
			Table{Preset: "classic", Options: map[string]string{"target": "1500", "floor": "500"}, Settings: hourForfeit}, ""},
		{"override", opts(opt("target", float64(2000)), opt("moon", true), opt("timer", "1d"), opt("timeout", "computer")), defaults,
			Table{Preset: "classic", Options: map[string]string{"target": "2000", "floor": "500", "moon": "on"},
				Settings: withSettings(func(s *table.Settings) { s.Timer, s.Timeout = day, table.PolicyComputer })}, ""},
		{"other preset drops default options", opts(opt("preset", "six-handed"), opt("pass", float64(0))), defaults,
			Table{Preset: "six-handed", Options: map[string]string{"pass": "0"}, Settings: hourForfeit}, ""},
		{"same preset named", opts(opt("preset", "classic")), defaults,
			Table{Preset: "classic", Options: map[string]string{"target": "1500", "floor": "500"}, Settings: hourForfeit}, ""},
		{"no defaults", opts(), Defaults{Server: table.GuildSettings{TableDefaults: table.DefaultSettings()}},
			Table{Preset: "racehorse", Settings: table.DefaultSettings()}, ""},
		{"timer off", opts(opt("timer", "off")), defaults,
			Table{Preset: "classic", Options: map[string]string{"target": "1500", "floor": "500"},
				Settings: withSettings(func(s *table.Settings) { s.Timer = 0 })}, ""},
		{"bad minbid", opts(opt("preset", "racehorse"), opt("minbid", float64(255))), defaults, Table{}, "racehorse"},
		{"bad preset", opts(opt("preset", "bezique")), defaults, Table{}, "no preset"},
		{"bad timer", opts(opt("timer", "10d")), defaults, Table{}, "too long"},
		{"bad policy", opts(opt("timeout", "explode")), defaults, Table{}, `timeout "explode": choose computer or forfeit`},
		{"wrong type", opts(&discordgo.ApplicationCommandInteractionDataOption{Name: "target", Value: []int{1}}), defaults, Table{}, "unexpected"},
		{"fraction", opts(opt("target", 10.5)), defaults, Table{}, "whole number"},
	}
	for _, tc := range tests {
		got, err := NewTableRequest(tc.in, tc.def)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if got.Preset != tc.want.Preset || !maps.Equal(got.Options, tc.want.Options) || got.Settings != tc.want.Settings {
			t.Errorf("%s: got %+v, want %+v", tc.name, got, tc.want)
		}
		if _, err := got.Rules(); err != nil {
			t.Errorf("%s: Rules: %v", tc.name, err)
		}
	}
}

// TestNewTableSettings checks the bot's own table settings: the server's defaults, the
// options of /pinochle new over them, hints off by default during a league season, and
// refusals of unknown values.
func TestNewTableSettings(t *testing.T) {
	def := table.DefaultSettings()
	with := func(change func(*table.Settings)) table.Settings {
		s := def
		change(&s)
		return s
	}
	server := func(change func(*table.GuildSettings)) Defaults {
		st := table.DefaultGuildSettings()
		change(&st)
		return Defaults{Server: st}
	}
	expertServer := server(func(st *table.GuildSettings) { st.TableDefaults.Level = table.LevelExpert })
	inSeason := func(d Defaults) Defaults { d.InSeason = true; return d }
	tests := []struct {
		name string
		in   map[string]*discordgo.ApplicationCommandInteractionDataOption
		def  Defaults
		want table.Settings
		err  string
	}{
		{"nothing chosen", opts(), server(func(*table.GuildSettings) {}), def, ""},
		{"server defaults", opts(), expertServer, with(func(s *table.Settings) { s.Level = table.LevelExpert }), ""},
		{"table over server", opts(opt("level", "easy"), opt("hints", false), opt("ping", "never"), opt("autoplay", false)), expertServer,
			with(func(s *table.Settings) {
				s.Level, s.Hints, s.Ping, s.Autoplay = table.LevelEasy, false, table.PingNever, false
			}), ""},
		{"season turns hints off", opts(), inSeason(server(func(*table.GuildSettings) {})), with(func(s *table.Settings) { s.Hints = false }), ""},
		{"season, server says on", opts(), inSeason(server(func(st *table.GuildSettings) { st.HintsChosen = true })), def, ""},
		{"season, table says on", opts(opt("hints", true)), inSeason(server(func(*table.GuildSettings) {})), def, ""},
		{"server says off", opts(), server(func(st *table.GuildSettings) { st.TableDefaults.Hints, st.HintsChosen = false, true }),
			with(func(s *table.Settings) { s.Hints = false }), ""},
		{"unknown level", opts(opt("level", "godlike")), expertServer, table.Settings{}, `level "godlike": choose easy, normal, expert`},
		// Levels the computer package makes only to measure the expert against.
		{"duel-only level ismcts", opts(opt("level", "ismcts")), expertServer, table.Settings{}, `level "ismcts": choose easy, normal, expert`},
		{"duel-only level expert-v1", opts(opt("level", "expert-v1")), expertServer, table.Settings{}, `level "expert-v1": choose easy, normal, expert`},
		{"unknown ping", opts(opt("ping", "loud")), expertServer, table.Settings{}, `ping "loud": choose auto, always or never`},
		{"hints as text", opts(opt("hints", "maybe")), expertServer, table.Settings{}, `hints "maybe": choose on or off`},
	}
	for _, tc := range tests {
		got, err := NewTableRequest(tc.in, tc.def)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil || got.Settings != tc.want {
			t.Errorf("%s: settings %+v (%v), want %+v", tc.name, got.Settings, err, tc.want)
		}
	}
}

// TestParseTableSettings reads each table setting from the options of a command, as
// Discord sends them, over settings that differ from every value set; the other options
// are left alone, and a value that is not the setting's is refused, never taken as another.
func TestParseTableSettings(t *testing.T) {
	base := table.Settings{Level: table.LevelNormal, Hints: true, Ping: table.PingAuto, Autoplay: true,
		Timer: time.Hour, Timeout: table.PolicyComputer}
	tests := []struct {
		name string
		in   *discordgo.ApplicationCommandInteractionDataOption
		want func(*table.Settings)
		err  string
	}{
		{"level easy", opt("level", "easy"), func(s *table.Settings) { s.Level = table.LevelEasy }, ""},
		{"level expert", opt("level", "expert"), func(s *table.Settings) { s.Level = table.LevelExpert }, ""},
		{"hints off", opt("hints", false), func(s *table.Settings) { s.Hints = false }, ""},
		{"hints on", opt("hints", true), func(*table.Settings) {}, ""},
		{"ping always", opt("ping", "always"), func(s *table.Settings) { s.Ping = table.PingAlways }, ""},
		{"ping never", opt("ping", "never"), func(s *table.Settings) { s.Ping = table.PingNever }, ""},
		{"autoplay off", opt("autoplay", false), func(s *table.Settings) { s.Autoplay = false }, ""},
		{"timer", opt("timer", "1d"), func(s *table.Settings) { s.Timer = day }, ""},
		{"timer off", opt("timer", "off"), func(s *table.Settings) { s.Timer = 0 }, ""},
		{"forfeit", opt("timeout", "forfeit"), func(s *table.Settings) { s.Timeout = table.PolicyForfeit }, ""},
		{"a rule option", opt("target", float64(500)), func(*table.Settings) {}, ""},
		{"level in capitals", opt("level", "Expert"), nil, `level "Expert"`},
		{"level empty", opt("level", ""), nil, `level ""`},
		{"level a number", opt("level", float64(3)), nil, `level "3"`},
		{"ping unknown", opt("ping", "loud"), nil, `ping "loud"`},
		{"hints a number", opt("hints", float64(1)), nil, `hints "1": choose on or off`},
		{"autoplay a list", &discordgo.ApplicationCommandInteractionDataOption{Name: "autoplay", Value: []string{"on"}}, nil, "unexpected"},
		{"timer too long", opt("timer", "8d"), nil, "too long"},
		{"policy unknown", opt("timeout", "skip"), nil, `timeout "skip"`},
		{"cards as text", opt("cards", "text"), func(s *table.Settings) { s.Cards = table.CardsText }, ""},
		{"four-colour cards", opt("cards", "four"), func(s *table.Settings) { s.Cards = table.CardsFourColour }, ""},
		{"picture cards", opt("cards", "pictures"), func(*table.Settings) {}, ""},
		{"cards unknown", opt("cards", "braille"), nil, `cards "braille"`},
	}
	for _, tc := range tests {
		got, err := ParseTableSettings(opts(tc.in), base)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: %+v, %v; want an error containing %q", tc.name, got, err, tc.err)
			}
			continue
		}
		want := base
		tc.want(&want)
		if err != nil || got != want {
			t.Errorf("%s: %+v, %v; want %+v", tc.name, got, err, want)
		}
	}
	if got, err := ParseTableSettings(nil, base); err != nil || got != base {
		t.Errorf("no options: %+v, %v; want the base %+v", got, err, base)
	}
}

// TestTableSettingsText: the line the lobby and the table show.
func TestTableSettingsText(t *testing.T) {
	if got, want := TableSettingsText(table.DefaultSettings()),
		"computer players: normal, normal pace · hints on · turn mentions: auto · forced cards played for you"; got != want {
		t.Errorf("defaults: %q, want %q", got, want)
	}
	s := table.Settings{Level: table.LevelExpert, Ping: table.PingNever}
	if got, want := TableSettingsText(s), "computer players: expert, normal pace · hints off · turn mentions: never · forced cards played by hand"; got != want {
		t.Errorf("%+v: %q, want %q", s, got, want)
	}
}

// TestPresetsOffered: a bot that offers fewer presets than the engine plays refuses the
// others, in the table request and the invocation check alike; by default every preset the
// engine lists is offered, two-handed and three-handed among them.
func TestPresetsOffered(t *testing.T) {
	for _, tc := range []struct {
		preset  string
		players int
	}{{"two-handed", 2}, {"three-handed", 3}} {
		in := opts(opt(OptPreset, tc.preset))
		got, err := NewTableRequest(in, Defaults{Server: table.DefaultGuildSettings()})
		if err != nil || got.Preset != tc.preset {
			t.Fatalf("NewTableRequest = %+v, %v", got, err)
		}
		if r, err := got.Rules(); err != nil || r.Players != tc.players || r.Stock != (tc.players == 2) || r.Solo != (tc.players == 3) {
			t.Fatalf("%s: rules %+v, %v", tc.preset, r, err)
		}
		offered := []string{"racehorse", "partnership"}
		if _, err := NewTableRequest(in, Defaults{Server: table.DefaultGuildSettings(), Presets: offered}); err == nil {
			t.Fatalf("%s accepted though not offered", tc.preset)
		}
		data := discordgo.ApplicationCommandInteractionData{Name: CommandPinochle, Options: []*discordgo.ApplicationCommandInteractionDataOption{{
			Name: SubNew, Type: discordgo.ApplicationCommandOptionSubCommand,
			Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: OptPreset, Type: discordgo.ApplicationCommandOptionString, Value: tc.preset}},
		}}}
		if err := CheckInvocation(data); err != nil {
			t.Errorf("CheckInvocation refuses %s: %v", tc.preset, err)
		}
		if err := CheckInvocationOffering(data, offered); err == nil {
			t.Errorf("CheckInvocationOffering accepts %s, which is not offered", tc.preset)
		}
	}
}
