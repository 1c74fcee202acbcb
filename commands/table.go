package commands

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// The bot's own choices for a table, kept apart from the rules' options (storage's
// Game.Table and Settings.TableDefaults): they change how the bot runs the table, never
// the rules.
const (
	// SettingLevel is the computer players' level: one of Levels.
	SettingLevel = "level"
	// SettingHints allows the Hint button in private hands: "on" or "off".
	SettingHints = "hints"
	// SettingPing is when the thread mentions the player whose turn it is: one of
	// PingAuto (the default), PingAlways, PingNever.
	SettingPing = "ping"
	// SettingAutoplay plays a forced card (the only legal one) for the player after a
	// short pause: "on" (the default) or "off".
	SettingAutoplay = "autoplay"
)

// The values of SettingPing.
const (
	// PingAuto mentions a player only when it helps: once per turn, when they have not
	// acted within a grace period and have not clicked at the table in the last minute;
	// at once at tables whose turn timer is an hour or more.
	PingAuto = "auto"
	// PingAlways mentions the player at the start of every turn.
	PingAlways = "always"
	// PingNever mentions nobody for a turn (reminders of a turn timer still do).
	PingNever = "never"
)

// TablePing returns a table's mention policy, PingAuto when it chose none.
func TablePing(settings map[string]string) string {
	switch p := settings[SettingPing]; p {
	case PingAlways, PingNever:
		return p
	}
	return PingAuto
}

// Levels are the computer levels a table may choose, weakest first (see
// computer.New).
var levels = []string{"easy", "normal", "expert"}

// Levels returns the computer levels a table may choose, weakest first.
func Levels() []string { return slices.Clone(levels) }

// DefaultLevel is the computer players' level of a table that chose none.
const DefaultLevel = "normal"

// TableLevel returns a table's computer level, DefaultLevel when it chose none.
func TableLevel(settings map[string]string) string {
	if l := settings[SettingLevel]; slices.Contains(levels, l) {
		return l
	}
	return DefaultLevel
}

// AutoplayOn reports whether a table plays forced cards for its players: yes unless it
// says "off".
func AutoplayOn(settings map[string]string) bool { return settings[SettingAutoplay] != "off" }

// HintsOn reports whether a table allows hints: yes unless it says "off".
func HintsOn(settings map[string]string) bool { return settings[SettingHints] != "off" }

// ValidateTableSettings checks a table's settings: known keys and values only.
func ValidateTableSettings(settings map[string]string) error {
	for _, k := range slices.Sorted(maps.Keys(settings)) {
		v := settings[k]
		switch k {
		case SettingLevel:
			if !slices.Contains(levels, v) {
				return fmt.Errorf("level %q: choose %s", v, strings.Join(levels, ", "))
			}
		case SettingHints, SettingAutoplay:
			if v != "on" && v != "off" {
				return fmt.Errorf("%s %q: choose on or off", k, v)
			}
		case SettingPing:
			if v != PingAuto && v != PingAlways && v != PingNever {
				return fmt.Errorf("ping %q: choose %s, %s or %s", v, PingAuto, PingAlways, PingNever)
			}
		default:
			return fmt.Errorf("there is no table setting %q", k)
		}
	}
	return nil
}

// TableSettingsText describes a table's settings in a line for the lobby and the table.
func TableSettingsText(settings map[string]string) string {
	hints := "hints on"
	if !HintsOn(settings) {
		hints = "hints off"
	}
	auto := "forced cards played for you"
	if !AutoplayOn(settings) {
		auto = "forced cards played by hand"
	}
	return "computer players: " + TableLevel(settings) + " · " + hints + " · turn mentions: " + TablePing(settings) + " · " + auto
}
