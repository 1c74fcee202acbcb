package commands

import "github.com/bwmarrin/discordgo"

// Options are the options of an invoked subcommand, by name (Flatten). Their readers return
// an option's value and true when it is given and of its type, and otherwise the zero
// value and false; unlike discordgo's typed getters they never panic.
type Options = map[string]*discordgo.ApplicationCommandInteractionDataOption

// OptString returns a string option.
func OptString(opts Options, name string) (string, bool) {
	o, ok := opts[name]
	if !ok || o == nil {
		return "", false
	}
	v, ok := o.Value.(string)
	return v, ok
}

// OptInt returns an integer option.
func OptInt(opts Options, name string) (int64, bool) {
	o, ok := opts[name]
	if !ok || o == nil || !ValueFits(discordgo.ApplicationCommandOptionInteger, o.Value) {
		return 0, false
	}
	return int64(o.Value.(float64)), true
}

// OptBool returns a boolean option.
func OptBool(opts Options, name string) (bool, bool) {
	o, ok := opts[name]
	if !ok || o == nil {
		return false, false
	}
	v, ok := o.Value.(bool)
	return v, ok
}

// OptID returns the ID an option of a user, channel or role names.
func OptID(opts Options, name string) (string, bool) {
	id, ok := OptString(opts, name)
	return id, ok && id != ""
}
