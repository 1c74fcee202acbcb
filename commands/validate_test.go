package commands

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// validValue returns a value Discord would send for an option as defined.
func validValue(d *discordgo.ApplicationCommandOption) any {
	if len(d.Choices) > 0 {
		if f, ok := d.Choices[0].Value.(int); ok {
			return float64(f)
		}
		return d.Choices[0].Value
	}
	switch d.Type {
	case discordgo.ApplicationCommandOptionInteger, discordgo.ApplicationCommandOptionNumber:
		if d.MinValue != nil {
			return *d.MinValue
		}
		return float64(1)
	case discordgo.ApplicationCommandOptionBoolean:
		return true
	case discordgo.ApplicationCommandOptionUser, discordgo.ApplicationCommandOptionChannel,
		discordgo.ApplicationCommandOptionRole, discordgo.ApplicationCommandOptionMentionable:
		return "123456789012345678"
	}
	return "x"
}

// everyInvocation returns, for every subcommand of every command, an invocation giving
// every option it defines with a valid value.
func everyInvocation() []discordgo.ApplicationCommandInteractionData {
	var out []discordgo.ApplicationCommandInteractionData
	invoke := func(sub *discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandInteractionDataOption {
		o := &discordgo.ApplicationCommandInteractionDataOption{Name: sub.Name, Type: sub.Type}
		for _, d := range sub.Options {
			o.Options = append(o.Options, &discordgo.ApplicationCommandInteractionDataOption{Name: d.Name, Type: d.Type, Value: validValue(d)})
		}
		return o
	}
	for _, def := range Definitions() {
		for _, sub := range def.Options {
			inv := discordgo.ApplicationCommandInteractionData{Name: def.Name}
			if sub.Type == discordgo.ApplicationCommandOptionSubCommandGroup {
				// One invocation for each subcommand of the group.
				for _, gs := range sub.Options {
					g := &discordgo.ApplicationCommandInteractionDataOption{Name: sub.Name, Type: sub.Type,
						Options: []*discordgo.ApplicationCommandInteractionDataOption{invoke(gs)}}
					out = append(out, discordgo.ApplicationCommandInteractionData{Name: def.Name,
						Options: []*discordgo.ApplicationCommandInteractionDataOption{g}})
				}
				continue
			}
			inv.Options = []*discordgo.ApplicationCommandInteractionDataOption{invoke(sub)}
			out = append(out, inv)
		}
	}
	return out
}

// TestCheckInvocation: what Discord sends for the current definitions passes; anything the
// definitions do not allow is refused with the option named.
func TestCheckInvocation(t *testing.T) {
	all := everyInvocation()
	if len(all) < 10 {
		t.Fatalf("%d invocations built from the definitions", len(all))
	}
	for _, inv := range all {
		if err := CheckInvocation(inv); err != nil {
			t.Errorf("/%s %s: %v", inv.Name, inv.Options[0].Name, err)
		}
	}
	opt := func(name string, typ discordgo.ApplicationCommandOptionType, v any) *discordgo.ApplicationCommandInteractionDataOption {
		return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: typ, Value: v}
	}
	sub := func(name string, opts ...*discordgo.ApplicationCommandInteractionDataOption) discordgo.ApplicationCommandInteractionData {
		return discordgo.ApplicationCommandInteractionData{Name: CommandPinochle, Options: []*discordgo.ApplicationCommandInteractionDataOption{
			{Name: name, Type: discordgo.ApplicationCommandOptionSubCommand, Options: opts}}}
	}
	str := discordgo.ApplicationCommandOptionString
	for _, tc := range []struct {
		name string
		inv  discordgo.ApplicationCommandInteractionData
		want string // in the error
	}{
		{"a choice in capitals", sub(SubNew, opt(OptPreset, str, "RACEHORSE")), "preset"},
		{"a choice with a space", sub(SubNew, opt(OptPreset, str, "racehorse ")), "preset"},
		{"an unknown option", sub(SubNew, opt("colour", str, "red")), `"colour"`},
		{"an option twice", sub(SubNew, opt(OptPreset, str, "racehorse"), opt(OptPreset, str, "classic")), "twice"},
		{"a choice that is none", sub(SubSettings, opt(OptChannelAction, str, "explode")), "channel_action"},
		{"a boolean as text", sub(SubNew, opt(OptHints, str, "yes")), "hints"},
		{"a boolean of another type", sub(SubNew, &discordgo.ApplicationCommandInteractionDataOption{Name: OptHints, Type: discordgo.ApplicationCommandOptionBoolean, Value: "yes"}), "hints"},
		{"a required option left out", sub(SubNotify), "dm"},
		{"an unknown subcommand", sub("explode"), `"explode"`},
		{"an unknown command", discordgo.ApplicationCommandInteractionData{Name: "poker"}, "poker"},
		{"an empty option", sub(SubNew, nil), "empty"},
	} {
		err := CheckInvocation(tc.inv)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error naming %s", tc.name, err, tc.want)
		}
	}
}

// FuzzCheckInvocation: whatever options arrive, the check returns without panicking, and
// what it accepts only names options the command defines.
func FuzzCheckInvocation(f *testing.F) {
	for _, inv := range everyInvocation() {
		b, err := json.Marshal(inv)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"name":"pinochle","options":[{"name":"new","type":1,"options":[{"name":"preset","type":3,"value":7}]}]}`))
	f.Add([]byte(`{"name":"pinochle","options":[{"name":"new","type":1,"options":[null]}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var inv discordgo.ApplicationCommandInteractionData
		if json.Unmarshal(b, &inv) != nil {
			return
		}
		if CheckInvocation(inv) != nil {
			return
		}
		_, opts := Flatten(inv)
		for name := range opts {
			if name == "" {
				t.Errorf("accepted an option without a name: %s", b)
			}
		}
	})
}
