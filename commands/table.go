package commands

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/pinochle-discord/pinochle/internal/words"
	"github.com/pinochle-discord/pinochle/table"
)

// The bot's own settings for a table (table.Settings: the computer players' level,
// hints, turn mentions, forced cards, the turn timer and its policy) are read here from the
// options of /pinochle new and /pinochle settings. They change how the bot runs the table,
// never the rules, which are a preset and its options (ParseOptions, engine.NewRules).

// tableSettingOptions are the options that set a table's settings, in the order they are read.
var tableSettingOptions = []string{OptTimer, OptTimeout, OptLevel, OptHints, OptPing, OptAutoplay, OptPace, OptConfirm, OptCards, OptKibitz}

// ParseTableSettings returns base changed by the table settings among a command's options
// (timer, timeout, level, hints, ping, autoplay, pace, confirm and cards), by name as from Flatten; options it
// does not know are left alone. Errors are written for the player.
func ParseTableSettings(opts map[string]*discordgo.ApplicationCommandInteractionDataOption, base table.Settings) (table.Settings, error) {
	s := base
	for _, name := range tableSettingOptions {
		o := opts[name]
		if o == nil {
			continue
		}
		v, err := optionText(o)
		if err != nil {
			return table.Settings{}, err
		}
		switch name {
		case OptTimer:
			s.Timer, err = ParseTimer(v)
		case OptTimeout:
			s.Timeout, err = parseChoice("timeout", v, table.TimeoutPolicies(), orList)
		case OptLevel:
			s.Level, err = parseChoice("level", v, table.Levels(), commaList)
		case OptHints:
			s.Hints, err = parseSwitch(name, v)
		case OptPing:
			s.Ping, err = parseChoice("ping", v, table.PingModes(), orList)
		case OptAutoplay:
			s.Autoplay, err = parseSwitch(name, v)
		case OptPace:
			s.Pace, err = parseChoice("pace", v, table.Paces(), orList)
		case OptConfirm:
			s.Confirm, err = parseSwitch(name, v)
		case OptCards:
			s.Cards, err = table.ParseCards(v)
		case OptKibitz:
			s.Kibitz, err = parseSwitch(name, v)
		}
		if err != nil {
			return table.Settings{}, err
		}
	}
	return s, nil
}

// parseChoice reads a setting that is one of valid; the error names the setting (what)
// and lists valid as list writes them.
func parseChoice[T ~string](what, v string, valid []T, list func([]string) string) (T, error) {
	for _, x := range valid {
		if string(x) == v {
			return x, nil
		}
	}
	return "", fmt.Errorf("%s %q: choose %s", what, v, list(stringsOf(valid)))
}

// orList writes "a, b or c".
func orList(ws []string) string { return words.Join(ws, "or") }

// commaList writes "a, b, c".
func commaList(ws []string) string { return strings.Join(ws, ", ") }

// parseSwitch reads an option that is on or off, as optionText writes a boolean.
func parseSwitch(name, v string) (bool, error) {
	switch v {
	case "on":
		return true, nil
	case "off":
		return false, nil
	}
	return false, fmt.Errorf("%s %q: choose on or off", name, v)
}

// stringsOf returns values of a string type as strings.
func stringsOf[T ~string](vs []T) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = string(v)
	}
	return out
}

// TableSettingsText describes a table's level, pace, hints, turn mentions and forced cards
// in a line for the lobby and the table.
func TableSettingsText(s table.Settings) string {
	hints := "hints on"
	if !s.Hints {
		hints = "hints off"
	}
	auto := "forced cards played for you"
	if !s.Autoplay {
		auto = "forced cards played by hand"
	}
	pace := s.Pace
	if pace == "" {
		pace = table.PaceNormal
	}
	text := "computer players: " + string(s.Level) + ", " + string(pace) + " pace · " + hints + " · turn mentions: " + string(s.Ping) + " · " + auto
	if s.Confirm {
		text += " · cards confirmed"
	}
	if s.Kibitz {
		text += " · watchers see the hands live"
	}
	switch s.Cards {
	case table.CardsText:
		text += " · cards in words"
	case table.CardsFourColour:
		text += " · four-colour cards"
	}
	return text
}
