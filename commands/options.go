package commands

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/table"
)

// Bounds of a turn timer.
const (
	MinTimer = time.Minute
	MaxTimer = 7 * 24 * time.Hour
)

const day = 24 * time.Hour

// ParseTimer reads a turn timer: a Go duration ("90s", "15m", "1h30m"), a
// number of days with a d suffix, possibly followed by a duration ("1d",
// "1.5d", "2d12h"), or "off", "none" or "0" for no timer (0). A timer must
// be from 1 minute to 7 days.
func ParseTimer(s string) (time.Duration, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	switch t {
	case "":
		return 0, errors.New(`no timer given: write a duration such as 15m, 1h or 1d, or "off"`)
	case "off", "none", "0":
		return 0, nil
	}
	d, ok := parseDuration(t)
	if !ok {
		return 0, fmt.Errorf("timer %q is not a duration: write one such as 15m, 1h or 1d, or \"off\"", s)
	}
	if d < MinTimer {
		return 0, fmt.Errorf("timer %q is too short: the shortest is 1 minute", s)
	}
	if d > MaxTimer {
		return 0, fmt.Errorf("timer %q is too long: the longest is 7 days", s)
	}
	return d, nil
}

// parseDuration reads a duration with an optional leading number of days.
// Anything out of int64 range is refused.
func parseDuration(t string) (time.Duration, bool) {
	days, rest, hasDays := strings.Cut(t, "d")
	if !hasDays {
		d, err := time.ParseDuration(t)
		return d, err == nil
	}
	if !isDecimal(days) {
		return 0, false
	}
	n, err := strconv.ParseFloat(days, 64)
	if err != nil {
		return 0, false
	}
	if n > 1000 {
		return math.MaxInt64, true // far beyond MaxTimer, and no overflow
	}
	d := time.Duration(math.Round(n * float64(day)))
	if rest == "" {
		return d, true
	}
	if rest[0] == '-' || rest[0] == '+' {
		return 0, false
	}
	r, err := time.ParseDuration(rest)
	if err != nil || r > math.MaxInt64-d {
		return 0, false
	}
	return d + r, true
}

// isDecimal reports whether s is digits with at most one decimal point
// and at least one digit.
func isDecimal(s string) bool {
	digits, points := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '.':
			points++
		default:
			return false
		}
	}
	return digits > 0 && points <= 1
}

// FormatTimer writes a timer the way ParseTimer reads it: "off" for 0,
// whole days as "1d", other durations with the days first ("1d12h0m0s" is
// written "1d12h"). ParseTimer(FormatTimer(d)) is d for every d it accepts.
func FormatTimer(d time.Duration) string {
	if d == 0 {
		return "off"
	}
	if d < 0 {
		return d.String()
	}
	var b strings.Builder
	if days := d / day; days > 0 {
		b.WriteString(strconv.FormatInt(int64(days), 10))
		b.WriteByte('d')
		d -= days * day
		if d == 0 {
			return b.String()
		}
	}
	s := d.String()
	// Drop zero trailing units: "1h0m0s" → "1h", "1h30m0s" → "1h30m".
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	b.WriteString(s)
	return b.String()
}

// optionKeys returns the names of the engine's table options.
func optionKeys() []string {
	help := engine.OptionHelp()
	keys := make([]string, len(help))
	for i, h := range help {
		keys[i] = h[0]
	}
	return keys
}

// ParseOptions reads table options written as key=value pairs separated by
// spaces or commas, such as "target=1000 pass=3" or "target = 1000,
// pass=3". Keys are case-insensitive and must be engine options (see
// engine.OptionHelp); each may appear once. Values are kept as written.
// An empty string, or "none", gives an empty map. The values are not
// checked against a preset: see ValidateOptions.
func ParseOptions(s string) (map[string]string, error) {
	opts := map[string]string{}
	if t := strings.TrimSpace(s); t == "" || strings.EqualFold(t, "none") {
		return opts, nil
	}
	known := optionKeys()
	for _, pair := range optionTokens(s) {
		k, v, ok := strings.Cut(pair, "=")
		k = strings.ToLower(k)
		switch {
		case !ok || k == "":
			return nil, fmt.Errorf("option %q: write options as key=value, such as target=1000", pair)
		case v == "":
			return nil, fmt.Errorf("option %q has no value: write it as %s=value", k, k)
		case strings.Contains(v, "="):
			return nil, fmt.Errorf("option %q: one value per option, such as target=1000", pair)
		}
		if i := sort.SearchStrings(known, k); i == len(known) || known[i] != k {
			return nil, fmt.Errorf("there is no table option %q: the options are %s", k, strings.Join(known, ", "))
		}
		if _, dup := opts[k]; dup {
			return nil, fmt.Errorf("option %s is given twice", k)
		}
		opts[k] = v
	}
	return opts, nil
}

// optionTokens splits s at spaces and commas and joins the parts of a pair
// written with spaces around its "=".
func optionTokens(s string) []string {
	fields := strings.FieldsFunc(s, func(r rune) bool {
		return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r'
	})
	var out []string
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		if strings.HasPrefix(f, "=") && len(out) > 0 && !strings.Contains(out[len(out)-1], "=") {
			out[len(out)-1] += f
			f = out[len(out)-1]
		} else {
			out = append(out, f)
		}
		if strings.HasSuffix(f, "=") && strings.Count(f, "=") == 1 && i+1 < len(fields) {
			i++
			out[len(out)-1] += fields[i]
		}
	}
	return out
}

// FormatOptions writes options as ParseOptions reads them: key=value pairs
// sorted by key and separated by spaces.
func FormatOptions(opts map[string]string) string {
	keys := make([]string, 0, len(opts))
	for k := range opts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(k)
		b.WriteByte('=')
		b.WriteString(opts[k])
	}
	return b.String()
}

// ValidateOptions checks that a preset can be played with the given
// options (engine.NewRules), and explains why not in a sentence for the
// player.
func ValidateOptions(preset string, opts map[string]string) error {
	if _, err := engine.NewRules(preset, opts); err != nil {
		if len(opts) == 0 {
			return fmt.Errorf("cannot set up a %s table: %w", preset, err)
		}
		return fmt.Errorf("cannot set up a %s table with %s: %w", preset, FormatOptions(opts), err)
	}
	return nil
}

// Defaults are what a new table starts from.
type Defaults struct {
	// Server is what the server chose (table.DefaultGuildSettings when it chose nothing).
	// Its DefaultPreset "" means the first of engine.PresetNames.
	Server table.GuildSettings
	// InSeason is set while a league season runs: hints are then off unless the server
	// chose them (table.GuildSettings.HintsChosen) or the table turns them on.
	InSeason bool
	// Presets are the presets the bot offers, the first the default; nil offers
	// engine.PresetNames().
	Presets []string
}

// Table is what a /pinochle new asks for, once merged with the defaults.
type Table struct {
	// Preset and Options are the table's rules (engine.NewRules).
	Preset  string
	Options map[string]string
	// Settings are how the bot runs the table.
	Settings table.Settings
}

// Rules returns the table's rules.
func (t Table) Rules() (engine.Rules, error) {
	r, err := engine.NewRules(t.Preset, t.Options)
	if err != nil {
		return engine.Rules{}, fmt.Errorf("table rules: %w", err)
	}
	return r, nil
}

// tableOptions maps the options of /pinochle new to engine option keys.
var tableOptions = []string{OptTarget, OptHands, OptPass, OptMinBid, OptCounters, OptMoon}

// NewTableRequest merges the options of /pinochle new (by name, as from
// Flatten) with a server's defaults. Given options override the defaults.
// The default rule options apply only when the table plays the default
// preset: a table of another preset gets only the options given. The
// table's settings are the server's, with hints off during a league season
// unless the server chose them, changed by the options given
// (ParseTableSettings). The result is checked with engine.NewRules; errors
// are written for the player.
func NewTableRequest(opts map[string]*discordgo.ApplicationCommandInteractionDataOption, defaults Defaults) (Table, error) {
	server := defaults.Server
	presets := defaults.Presets
	if presets == nil {
		presets = engine.PresetNames()
	}
	t := Table{
		Preset:   normPreset(server.DefaultPreset),
		Options:  map[string]string{},
		Settings: server.TableDefaults,
	}
	if t.Preset == "" {
		t.Preset = presets[0]
	}
	if o := opts[OptPreset]; o != nil {
		v, err := optionText(o)
		if err != nil {
			return Table{}, err
		}
		t.Preset = normPreset(v)
	}
	if !slices.Contains(presets, t.Preset) {
		return Table{}, fmt.Errorf("there is no preset %q: choose one of %s", t.Preset, strings.Join(presets, ", "))
	}
	if t.Preset == normPreset(server.DefaultPreset) || (server.DefaultPreset == "" && t.Preset == presets[0]) {
		for k, v := range server.DefaultOptions {
			t.Options[k] = v
		}
	}
	for _, name := range tableOptions {
		o := opts[name]
		if o == nil {
			continue
		}
		v, err := optionText(o)
		if err != nil {
			return Table{}, err
		}
		t.Options[name] = v
	}
	if defaults.InSeason && !server.HintsChosen {
		t.Settings.Hints = false
	}
	var err error
	if t.Settings, err = ParseTableSettings(opts, t.Settings); err != nil {
		return Table{}, err
	}
	if len(t.Options) == 0 {
		t.Options = nil
	}
	if err := ValidateOptions(t.Preset, t.Options); err != nil {
		return Table{}, err
	}
	return t, nil
}

func normPreset(p string) string { return strings.ToLower(strings.TrimSpace(p)) }

// optionText returns an option's value as text: strings as they are,
// integers in decimal, booleans as "on" or "off" (the engine's words).
// It never panics on a value of an unexpected type.
func optionText(o *discordgo.ApplicationCommandInteractionDataOption) (string, error) {
	switch v := o.Value.(type) {
	case string:
		return strings.TrimSpace(v), nil
	case bool:
		if v {
			return "on", nil
		}
		return "off", nil
	case float64:
		if v != math.Trunc(v) || math.Abs(v) > 1e15 {
			return "", fmt.Errorf("option %s: %v is not a whole number", o.Name, v)
		}
		return strconv.FormatInt(int64(v), 10), nil
	case int:
		return strconv.Itoa(v), nil
	case int64:
		return strconv.FormatInt(v, 10), nil
	}
	return "", fmt.Errorf("option %s: unexpected value %v", o.Name, o.Value)
}
