package commands

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"testing"
	"unicode/utf8"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/table"

	"github.com/bwmarrin/discordgo"
)

var commandName = regexp.MustCompile(`^[-_a-z0-9]{1,32}$`)

func checkDescription(t *testing.T, where, d string) {
	t.Helper()
	if n := utf8.RuneCountInString(d); n < 1 || n > 100 {
		t.Errorf("%s: description of %d characters: %q", where, n, d)
	}
}

func checkOptions(t *testing.T, where string, opts []*discordgo.ApplicationCommandOption) {
	t.Helper()
	if len(opts) > 25 {
		t.Errorf("%s: %d options, want at most 25", where, len(opts))
	}
	seen := map[string]bool{}
	optional := false
	for _, o := range opts {
		w := where + " " + o.Name
		if !commandName.MatchString(o.Name) {
			t.Errorf("%s: bad name %q", w, o.Name)
		}
		if seen[o.Name] {
			t.Errorf("%s: name used twice", w)
		}
		seen[o.Name] = true
		checkDescription(t, w, o.Description)
		if len(o.Choices) > 25 {
			t.Errorf("%s: %d choices, want at most 25", w, len(o.Choices))
		}
		for _, c := range o.Choices {
			if n := utf8.RuneCountInString(c.Name); n < 1 || n > 100 {
				t.Errorf("%s: choice name %q", w, c.Name)
			}
			if s, ok := c.Value.(string); ok && (len(s) == 0 || len(s) > 100) {
				t.Errorf("%s: choice value %q", w, s)
			}
		}
		sub := o.Type == discordgo.ApplicationCommandOptionSubCommand || o.Type == discordgo.ApplicationCommandOptionSubCommandGroup
		if !sub {
			if o.Required && optional {
				t.Errorf("%s: required option after an optional one", w)
			}
			optional = optional || !o.Required
		}
		checkOptions(t, w, o.Options)
	}
}

func TestDefinitionsLimits(t *testing.T) {
	defs := Definitions()
	if len(defs) != 4 || defs[0].Name != CommandPinochle || defs[1].Name != CommandLeague || defs[2].Name != CommandTable || defs[3].Name != CommandAdmin {
		t.Fatalf("Definitions() = %d commands", len(defs))
	}
	for _, c := range defs {
		if !commandName.MatchString(c.Name) {
			t.Errorf("command name %q", c.Name)
		}
		checkDescription(t, c.Name, c.Description)
		if c.Contexts == nil || len(*c.Contexts) != 1 || (*c.Contexts)[0] != discordgo.InteractionContextGuild {
			t.Errorf("/%s: usable outside servers (contexts %v)", c.Name, c.Contexts)
		}
		switch {
		case c.Name == CommandAdmin && (c.DefaultMemberPermissions == nil || *c.DefaultMemberPermissions != discordgo.PermissionManageGuild):
			t.Errorf("/%s: shown to members without Manage Server", c.Name)
		case c.Name != CommandAdmin && c.DefaultMemberPermissions != nil:
			t.Errorf("/%s: restricted to a permission", c.Name)
		}
		checkOptions(t, "/"+c.Name, c.Options)
	}
}

func TestDefinitionsContent(t *testing.T) {
	subs := func(c *discordgo.ApplicationCommand) map[string]*discordgo.ApplicationCommandOption {
		m := map[string]*discordgo.ApplicationCommandOption{}
		for _, o := range c.Options {
			m[o.Name] = o
		}
		return m
	}
	defs := Definitions()
	p, l := subs(defs[0]), subs(defs[1])
	for _, n := range []string{SubNew, SubHand, SubStatus, SubRules, SubLeaderboard, SubStats, SubLeave, SubAbandon,
		SubSettings, SubNotify, SubCards, SubAway, SubBack, SubGames} {
		if p[n] == nil {
			t.Errorf("/pinochle has no subcommand %s", n)
		}
	}
	for _, n := range []string{SubLeagueStart, SubLeagueEnd, SubLeagueStandings, SubLeagueHistory} {
		if l[n] == nil {
			t.Errorf("/league has no subcommand %s", n)
		}
	}
	newOpts := map[string]*discordgo.ApplicationCommandOption{}
	for _, o := range p[SubNew].Options {
		newOpts[o.Name] = o
	}
	// Every preset, in the engine's order, is a choice of /pinochle new, rules and settings.
	for _, sub := range []string{SubNew, SubRules, SubSettings} {
		var choices []string
		for _, o := range p[sub].Options {
			if o.Name != OptPreset {
				continue
			}
			for _, c := range o.Choices {
				choices = append(choices, c.Value.(string))
			}
		}
		if want := engine.PresetNames(); !slices.Equal(choices, want) {
			t.Errorf("/pinochle %s offers the presets %q, want %q", sub, choices, want)
		}
	}
	if got := len(newOpts[OptPass].Choices); got != 4 {
		t.Errorf("pass has %d choices, want 4", got)
	}
	for _, c := range newOpts[OptTimer].Choices {
		if _, err := ParseTimer(c.Value.(string)); err != nil {
			t.Errorf("timer choice %v: %v", c.Value, err)
		}
	}
	for _, c := range newOpts[OptCounters].Choices {
		if err := ValidateOptions("racehorse", map[string]string{"counters": c.Value.(string)}); err != nil {
			t.Errorf("counters choice %v: %v", c.Value, err)
		}
	}
	// Every card look, and each table's own, is a choice of /pinochle cards.
	var looks []table.CardsPreference
	for _, c := range p[SubCards].Options[0].Choices {
		pref, err := table.ParseCardsPreference(c.Value.(string))
		if err != nil {
			t.Errorf("/pinochle cards look %v: %v", c.Value, err)
		}
		looks = append(looks, pref)
	}
	if want := []table.CardsPreference{{Own: true, Cards: table.CardsPictures}, {Own: true, Cards: table.CardsFourColour},
		{Own: true, Cards: table.CardsText}, {}}; !slices.Equal(looks, want) {
		t.Errorf("/pinochle cards offers %+v, want %+v", looks, want)
	}
	if !p[SubNotify].Options[0].Required || !l[SubLeagueStart].Options[0].Required {
		t.Error("notify dm and league start name must be required")
	}
}

func TestFlatten(t *testing.T) {
	data := discordgo.ApplicationCommandInteractionData{
		Name: "pinochle",
		Options: []*discordgo.ApplicationCommandInteractionDataOption{{
			Name: "new", Type: discordgo.ApplicationCommandOptionSubCommand,
			Options: []*discordgo.ApplicationCommandInteractionDataOption{
				{Name: "preset", Type: discordgo.ApplicationCommandOptionString, Value: "classic"},
				{Name: "target", Type: discordgo.ApplicationCommandOptionInteger, Value: float64(1000)},
			},
		}},
	}
	sub, opts := Flatten(data)
	if sub != "new" || len(opts) != 2 || opts["preset"].StringValue() != "classic" || opts["target"].IntValue() != 1000 {
		t.Errorf("Flatten = %q %v", sub, opts)
	}
	sub, opts = Flatten(discordgo.ApplicationCommandInteractionData{Name: "x"})
	if sub != "" || len(opts) != 0 {
		t.Errorf("Flatten of no options = %q %v", sub, opts)
	}
	group := discordgo.ApplicationCommandInteractionData{Options: []*discordgo.ApplicationCommandInteractionDataOption{{
		Name: "a", Type: discordgo.ApplicationCommandOptionSubCommandGroup,
		Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: "b", Type: discordgo.ApplicationCommandOptionSubCommand}},
	}}}
	if sub, _ := Flatten(group); sub != "a b" {
		t.Errorf("Flatten of a group = %q", sub)
	}
}

// TestDefinitionsWire: the commands go to Discord for the guild install only
// (integration_types [0]) and guilds only (contexts [0]), without the deprecated
// dm_permission, as discordgo writes the bulk overwrite's body.
func TestDefinitionsWire(t *testing.T) {
	body, err := json.Marshal(Definitions())
	if err != nil {
		t.Fatal(err)
	}
	var cmds []map[string]json.RawMessage
	if err := json.Unmarshal(body, &cmds); err != nil {
		t.Fatal(err)
	}
	for _, c := range cmds {
		name := string(c["name"])
		for _, field := range []string{"integration_types", "contexts"} {
			var got []int
			if err := json.Unmarshal(c[field], &got); err != nil || !slices.Equal(got, []int{0}) {
				t.Errorf("command %s: %s is %s, want [0]", name, field, c[field])
			}
		}
		if v, ok := c["dm_permission"]; ok {
			t.Errorf("command %s: sends the deprecated dm_permission (%s)", name, v)
		}
	}
}

// commandBudget is the most characters the bot lets a command's names, descriptions and
// choices take: Discord refuses a command over 4,000, and a bulk overwrite with one such
// command fails whole, so that the bot does not start. The margin leaves room to grow.
const commandBudget = 3800

// commandChars counts a command's characters as Discord does for its 4,000 limit: the
// name and description of the command, of every option and subcommand, recursively, and
// the name and value of every choice.
func commandChars(c *discordgo.ApplicationCommand) int {
	n := utf8.RuneCountInString(c.Name) + utf8.RuneCountInString(c.Description)
	var opts func([]*discordgo.ApplicationCommandOption)
	opts = func(os []*discordgo.ApplicationCommandOption) {
		for _, o := range os {
			n += utf8.RuneCountInString(o.Name) + utf8.RuneCountInString(o.Description)
			for _, ch := range o.Choices {
				n += utf8.RuneCountInString(ch.Name) + utf8.RuneCountInString(fmt.Sprint(ch.Value))
			}
			opts(o.Options)
		}
	}
	opts(c.Options)
	return n
}

func TestCommandCharacters(t *testing.T) {
	small := &discordgo.ApplicationCommand{Name: "ab", Description: "cde", Options: []*discordgo.ApplicationCommandOption{
		sub("fg", "h", &discordgo.ApplicationCommandOption{Name: "ij", Description: "k",
			Choices: []*discordgo.ApplicationCommandOptionChoice{choice("lé", "mn"), choice("o", 12)}}),
	}}
	if got := commandChars(small); got != 2+3+2+1+2+1+2+2+1+2 {
		t.Errorf("commandChars counts %d characters of a small command, want 18", got)
	}
	for _, c := range Definitions() {
		if c.NameLocalizations != nil || c.DescriptionLocalizations != nil {
			t.Errorf("/%s is localised: count each locale against the budget", c.Name)
		}
		n := commandChars(c)
		t.Logf("/%s: %d characters of Discord's 4,000", c.Name, n)
		if n > commandBudget {
			t.Errorf("/%s takes %d characters, more than the %d the bot allows itself (Discord refuses more than 4,000)", c.Name, n, commandBudget)
		}
	}
}
