package commands

import (
	"slices"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/table"
)

// ApplyGuildSettings returns a guild's settings changed by the options of /pinochle settings.
func ApplyGuildSettings(st table.GuildSettings, opts Options) (table.GuildSettings, error) {
	if preset, ok := OptString(opts, OptPreset); ok {
		if _, err := engine.NewRules(preset, nil); err != nil {
			return st, err
		}
		st.DefaultPreset = preset
		st.DefaultOptions = nil
	}
	if text, ok := OptString(opts, OptOptions); ok {
		parsed, err := ParseOptions(text)
		if err != nil {
			return st, err
		}
		if err := ValidateOptions(st.DefaultPreset, parsed); err != nil {
			return st, err
		}
		st.DefaultOptions = parsed
	}
	if counts, ok := OptBool(opts, OptComputerGames); ok {
		st.ComputerGamesCount = counts
	}
	if ch, ok := OptID(opts, OptChannel); ok {
		action := ChannelAdd
		if a, ok := OptString(opts, OptChannelAction); ok {
			action = a
		}
		switch action {
		case ChannelAdd:
			if !slices.Contains(st.Channels, ch) {
				st.Channels = append(st.Channels, ch)
			}
		case ChannelRemove:
			st.Channels = slices.DeleteFunc(st.Channels, func(c string) bool { return c == ch })
		}
	}
	if a, _ := OptString(opts, OptChannelAction); a == ChannelClear {
		st.Channels = nil
	}
	table, err := ParseTableSettings(opts, st.TableDefaults)
	if err != nil {
		return st, err
	}
	st.TableDefaults = table
	if _, ok := opts[OptHints]; ok {
		st.HintsChosen = true
	}
	return st, nil
}
