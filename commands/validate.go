package commands

import (
	"fmt"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// CheckInvocation checks a slash command's options against the command as this bot defines
// it (Definitions), as Discord sends them when it holds the current definitions: each
// option one the command defines at its place, of its type, given once; a string with a
// list of choices exactly one of them; within the lengths and bounds defined; every
// required option given. The error, written for the player, names the first option that is
// not: an option read loosely ("RACEHORSE", "racehorse ", "channel_action: explode") is
// refused rather than acted on. Discord may still send options of an older definition of a
// command for a while after it changed; those are refused the same way.
func CheckInvocation(data discordgo.ApplicationCommandInteractionData) error {
	return check(Definitions(), data, true)
}

// CheckInvocationOffering is CheckInvocation against DefinitionsOffering(presets).
func CheckInvocationOffering(data discordgo.ApplicationCommandInteractionData, presets []string) error {
	return check(DefinitionsOffering(presets), data, true)
}

// CheckAutocomplete is CheckInvocation for an autocomplete request, which Discord sends as
// the player types: the options' names, places and kinds are checked, not their values
// (the option being typed comes as text, whatever its kind, and may be partial), nor
// whether the required ones are given yet.
func CheckAutocomplete(data discordgo.ApplicationCommandInteractionData) error {
	return check(Definitions(), data, false)
}

// CheckAutocompleteOffering is CheckAutocomplete against DefinitionsOffering(presets).
func CheckAutocompleteOffering(data discordgo.ApplicationCommandInteractionData, presets []string) error {
	return check(DefinitionsOffering(presets), data, false)
}

func check(defs []*discordgo.ApplicationCommand, data discordgo.ApplicationCommandInteractionData, values bool) error {
	for _, def := range defs {
		if def.Name == data.Name {
			return checkGiven("/"+def.Name, data.Options, def.Options, values)
		}
	}
	return fmt.Errorf("/%s is not a command of this bot", data.Name)
}

// checkGiven checks the options given at one level (where) against those defined there,
// with their values when values is set.
func checkGiven(where string, given []*discordgo.ApplicationCommandInteractionDataOption, defined []*discordgo.ApplicationCommandOption, values bool) error {
	seen := map[string]bool{}
	subs := 0
	for _, o := range given {
		if o == nil {
			return fmt.Errorf("%s: an empty option", where)
		}
		var def *discordgo.ApplicationCommandOption
		for _, d := range defined {
			if d != nil && d.Name == o.Name {
				def = d
				break
			}
		}
		switch {
		case def == nil:
			return fmt.Errorf("%s has no option %q", where, o.Name)
		case seen[o.Name]:
			return fmt.Errorf("%s: option %s given twice", where, o.Name)
		case o.Type != def.Type:
			return fmt.Errorf("%s: option %s is not of the kind it takes (the command may have changed: try again in a minute)", where, o.Name)
		}
		seen[o.Name] = true
		switch def.Type {
		case discordgo.ApplicationCommandOptionSubCommand, discordgo.ApplicationCommandOptionSubCommandGroup:
			subs++
			if subs > 1 || len(given) > 1 {
				return fmt.Errorf("%s: give one subcommand alone", where)
			}
			if o.Value != nil {
				return fmt.Errorf("%s: subcommand %s with a value", where, o.Name)
			}
			if err := checkGiven(where+" "+o.Name, o.Options, def.Options, values); err != nil {
				return err
			}
			continue
		}
		if len(o.Options) > 0 {
			return fmt.Errorf("%s: option %s with options of its own", where, o.Name)
		}
		if !values {
			continue
		}
		if err := checkValue(where, o, def); err != nil {
			return err
		}
	}
	for _, d := range defined {
		if values && d != nil && d.Required && !seen[d.Name] {
			return fmt.Errorf("%s needs option %s", where, d.Name)
		}
	}
	return nil
}

// ValueFits reports whether a decoded option value is of an option type, as discordgo's
// typed getters, which panic otherwise, would read it.
func ValueFits(t discordgo.ApplicationCommandOptionType, v any) bool {
	switch t {
	case discordgo.ApplicationCommandOptionString, discordgo.ApplicationCommandOptionUser,
		discordgo.ApplicationCommandOptionChannel, discordgo.ApplicationCommandOptionRole,
		discordgo.ApplicationCommandOptionMentionable, discordgo.ApplicationCommandOptionAttachment:
		_, ok := v.(string)
		return ok
	case discordgo.ApplicationCommandOptionInteger:
		f, ok := v.(float64)
		return ok && f == math.Trunc(f) && math.Abs(f) <= 1<<53
	case discordgo.ApplicationCommandOptionNumber:
		f, ok := v.(float64)
		return ok && !math.IsInf(f, 0) && !math.IsNaN(f)
	case discordgo.ApplicationCommandOptionBoolean:
		_, ok := v.(bool)
		return ok
	}
	return false
}

// checkValue checks an option's value against its definition.
func checkValue(where string, o *discordgo.ApplicationCommandInteractionDataOption, def *discordgo.ApplicationCommandOption) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%s: option %s %s", where, o.Name, fmt.Sprintf(format, args...))
	}
	if !ValueFits(def.Type, o.Value) {
		switch def.Type {
		case discordgo.ApplicationCommandOptionString:
			return bad("is not text")
		case discordgo.ApplicationCommandOptionInteger:
			return bad("is not a whole number")
		case discordgo.ApplicationCommandOptionNumber:
			return bad("is not a number")
		case discordgo.ApplicationCommandOptionBoolean:
			return bad("is neither true nor false")
		}
		return bad("does not name one")
	}
	switch def.Type {
	case discordgo.ApplicationCommandOptionString:
		s := o.Value.(string)
		if len(def.Choices) > 0 {
			for _, c := range def.Choices {
				if v, ok := c.Value.(string); ok && v == s {
					return nil
				}
			}
			return bad("%q is not one of its choices", s)
		}
		n := utf8.RuneCountInString(s)
		if def.MinLength != nil && n < *def.MinLength {
			return bad("is shorter than %d characters", *def.MinLength)
		}
		if def.MaxLength > 0 && n > def.MaxLength {
			return bad("is longer than %d characters", def.MaxLength)
		}
	case discordgo.ApplicationCommandOptionInteger, discordgo.ApplicationCommandOptionNumber:
		f := o.Value.(float64)
		if def.MinValue != nil && f < *def.MinValue {
			return bad("%v is below %v", f, *def.MinValue)
		}
		if def.MaxValue != 0 && f > def.MaxValue {
			return bad("%v is above %v", f, def.MaxValue)
		}
		if len(def.Choices) > 0 {
			for _, c := range def.Choices {
				if v, ok := c.Value.(float64); ok && v == f {
					return nil
				}
				if v, ok := c.Value.(int); ok && float64(v) == f {
					return nil
				}
			}
			return bad("%v is not one of its choices", f)
		}
	case discordgo.ApplicationCommandOptionUser, discordgo.ApplicationCommandOptionChannel,
		discordgo.ApplicationCommandOptionRole, discordgo.ApplicationCommandOptionMentionable:
		if _, err := strconv.ParseUint(o.Value.(string), 10, 64); err != nil {
			return bad("does not name one")
		}
	}
	return nil
}
