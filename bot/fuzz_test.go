package bot_test

import (
	"encoding/json"
	"fmt"
	"math"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/fakediscord"
)

// The fuzz tests hand the bot's interaction handler malformed interactions of each kind that
// ever took a bot down: components of unexpected types or custom IDs that are no strings,
// forms whose components are no list, options of the wrong shape or of another type than
// registered. Their seeds run as unit tests; `go test -fuzz=FuzzX ./bot/` explores further.

// q is s as a JSON string.
func q(s string) []byte {
	b, _ := json.Marshal(s)
	return b
}

// FuzzComponentInteraction: a click sent by eve, who sits at no table and may manage
// nothing, with a custom ID, component type, values and message of any JSON. Whatever they
// are, nothing panics, nothing is written or shown, and the answer is eve's alone.
func FuzzComponentInteraction(f *testing.F) {
	x := newHostile(f)
	var tm fakediscord.Message
	if err := json.Unmarshal(x.tableMsg, &tm); err != nil {
		f.Fatal(err)
	}
	myHand := buttonByLabel(f, tm, "My hand")
	page := commands.PageID{Offset: 15}.String()
	sheet := commands.SheetID{Kind: commands.SheetScores, Game: x.game, Page: 1}.String()
	join := commands.ID{Game: x.game, Action: commands.ActJoin}.String()
	forged := fmt.Appendf(nil, `{"id":%q,"channel_id":%q,"flags":0,"components":[{"type":1,"components":[{"type":2,"style":2,"label":"x","custom_id":%q}]}]}`,
		tm.ID, tm.ChannelID, x.move)
	for _, s := range []struct{ customID, componentType, values, message []byte }{
		{q(myHand), []byte(`2`), nil, x.tableMsg},
		{[]byte(`5`), []byte(`2`), nil, x.tableMsg},
		{[]byte(`{"a":1}`), []byte(`2`), nil, x.tableMsg},
		{[]byte(`null`), []byte(`2`), nil, x.tableMsg},
		{q(myHand), []byte(`"2"`), nil, x.tableMsg},
		{q(myHand), []byte(`99`), nil, x.tableMsg},
		{q(myHand), []byte(`4`), nil, x.tableMsg},
		{q(x.move), []byte(`3`), []byte(`"x"`), x.view},
		{q(x.move), []byte(`3`), []byte(`[1,2]`), x.view},
		{q(x.move), []byte(`2`), nil, x.tableMsg},
		{q(x.move), []byte(`2`), nil, x.view},
		{q(x.move), []byte(`2`), nil, forged},
		{q(page), []byte(`2`), nil, x.tableMsg},
		{q(sheet), []byte(`2`), nil, x.tableMsg},
		{q(join), []byte(`2`), nil, x.tableMsg},
		{q(myHand), []byte(`2`), nil, []byte(`{"id":"1","components":[{"type":99}]}`)},
		{q(myHand), []byte(`2`), nil, []byte(`{"id":"1","flags":"x"}`)},
		{q(myHand), []byte(`2`), nil, []byte(`[]`)},
		{q(myHand), []byte(`2`), nil, nil},
		{q(x.move[:len(x.move)/2]), []byte(`2`), nil, x.view},
	} {
		f.Add(s.customID, s.componentType, s.values, s.message)
	}
	f.Fuzz(func(t *testing.T, customID, componentType, values, message []byte) {
		data := fmt.Appendf(nil, `{"custom_id":%s,"component_type":%s,"values":%s}`, orNull(customID), orNull(componentType), orNull(values))
		o := x.send(t, x.payload(3, x.eve, data, message))
		o.quiet(t)
		o.private(t, factsOf(message, customID))
	})
}

// FuzzModalInteraction: eve submits a form, with a custom ID and components of any JSON, as
// if from ana's private view.
func FuzzModalInteraction(f *testing.F) {
	x := newHostile(f)
	at, err := commands.ParseID(x.move)
	if err != nil {
		f.Fatal(err)
	}
	bid := commands.ID{Game: x.game, Hand: at.Hand, Step: at.Step, Action: commands.ActBidModal}.String()
	row := func(value string) []byte {
		return fmt.Appendf(nil, `[{"type":1,"components":[{"type":4,"custom_id":%q,"value":%s}]}]`, commands.BidInputID, value)
	}
	for _, s := range []struct{ customID, components []byte }{
		{q(bid), row(`"300"`)},
		{q(bid), []byte(`"x"`)},
		{q(bid), []byte(`{}`)},
		{q(bid), []byte(`[1]`)},
		{q(bid), []byte(`[null]`)},
		{q(bid), []byte(`[{"type":99}]`)},
		{q(bid), []byte(`[{"type":1,"components":"x"}]`)},
		{q(bid), row(`300`)},
		{q(bid), nil},
		{[]byte(`7`), row(`"300"`)},
		{q(x.move), row(`"300"`)},
	} {
		f.Add(s.customID, s.components)
	}
	f.Fuzz(func(t *testing.T, customID, components []byte) {
		data := fmt.Appendf(nil, `{"custom_id":%s,"components":%s}`, orNull(customID), orNull(components))
		o := x.send(t, x.payload(5, x.eve, data, x.view))
		o.quiet(t)
		o.private(t, messageFacts{private: true})
	})
}

// FuzzCommandInteraction: mia, who may manage the server, runs a command of any name with
// options of any JSON. Options the command does not define as registered (another shape or
// type, an unknown or repeated option) change nothing and are answered privately. Every
// command, well formed or not, is handled without a panic.
func FuzzCommandInteraction(f *testing.F) {
	x := newHostile(f)
	sub := func(name, options string) []byte {
		return fmt.Appendf(nil, `[{"name":%q,"type":1,"options":%s}]`, name, options)
	}
	for _, s := range []struct {
		name    string
		options []byte
	}{
		{commands.CommandPinochle, sub("settings", `[{"name":"computer_games","type":5,"value":"yes"}]`)},
		{commands.CommandPinochle, sub("settings", `[{"name":"computer_games","type":3,"value":"yes"}]`)},
		{commands.CommandPinochle, sub("settings", `[{"name":"channel","type":7,"value":12}]`)},
		{commands.CommandPinochle, sub("settings", `[{"name":"channel_action","type":3,"value":"explode"}]`)},
		{commands.CommandPinochle, sub("review", `[{"name":"game","type":4,"value":"12"}]`)},
		{commands.CommandPinochle, sub("review", `[{"name":"game","type":4,"value":1.5}]`)},
		{commands.CommandPinochle, sub("export", `[{"name":"game","type":4,"value":true}]`)},
		{commands.CommandPinochle, sub("notify", `[{"name":"dm","type":5,"value":"on"}]`)},
		{commands.CommandPinochle, sub("notify", `[{"name":"dm","type":5,"value":1}]`)},
		{commands.CommandPinochle, sub("notify", `[{"name":"dm","type":5,"value":true},{"name":"dm","type":5,"value":false}]`)},
		{commands.CommandPinochle, sub("cards", `[{"name":"look","type":3,"value":"braille"}]`)},
		{commands.CommandPinochle, sub("cards", `[{"name":"look","type":3,"value":"Text"}]`)},
		{commands.CommandPinochle, sub("cards", `[{"name":"look","type":5,"value":true}]`)},
		{commands.CommandPinochle, sub("new", `[{"name":"preset","type":3,"value":7}]`)},
		{commands.CommandPinochle, sub("new", `[{"name":"bogus","type":3,"value":"x"}]`)},
		{commands.CommandPinochle, sub("new", `"x"`)},
		{commands.CommandPinochle, sub("new", `[null]`)},
		{commands.CommandPinochle, []byte(`{"name":"new"}`)},
		{commands.CommandPinochle, []byte(`[null]`)},
		{commands.CommandPinochle, []byte(`[{"name":"new","type":1,"value":3}]`)},
		{commands.CommandPinochle, []byte(`[{"name":"new","type":3,"value":"x"}]`)},
		{commands.CommandLeague, sub("start", `[{"name":"name","type":3,"value":5}]`)},
		{commands.CommandLeague, sub("standings", `[{"name":"season","type":3,"value":[]}]`)},
		{"nonsense", nil},
		{commands.CommandPinochle, sub("rules", `[]`)},
	} {
		f.Add(s.name, s.options)
	}
	f.Fuzz(func(t *testing.T, name string, options []byte) {
		data := fmt.Appendf(nil, `{"id":"1","name":%s,"type":1,"options":%s}`, q(name), orNull(options))
		o := x.send(t, x.payload(2, x.mia, data, nil))
		if o.panicked {
			t.Errorf("the handler panicked:\n%s", tail(o.log, 3000))
		}
		if !wellFormed(name, options) {
			o.quiet(t)
			o.private(t, messageFacts{})
			if len(o.answers) == 0 && o.decodeErr == nil {
				t.Errorf("a command the bot could read was not answered")
			}
		}
	})
}

// FuzzRawInteraction: any bytes as an interaction. Nothing panics; an interaction that
// discordgo cannot decode changes nothing and is answered privately, if at all.
func FuzzRawInteraction(f *testing.F) {
	x := newHostile(f)
	for _, s := range [][]byte{
		[]byte(`null`), []byte(`[]`), []byte(`"x"`), []byte(`{}`), []byte(`{"type":"3"}`),
		[]byte(`{"type":3,"id":"1","token":"hostile-x","data":null}`),
		[]byte(`{"type":3,"id":"1","token":"hostile-x","data":{"custom_id":5}}`),
		[]byte(`{"type":5,"id":"1","token":"hostile-x","data":{"custom_id":"x","components":"x"}}`),
		[]byte(`{"type":2,"id":"1","token":"hostile-x","data":{"name":"pinochle","options":{"x":1}}}`),
		[]byte(`{"type":4,"id":"1","token":"hostile-x","data":{"name":"pinochle","options":[null]}}`),
		[]byte(`{"type":1,"id":"1","token":"hostile-x"}`),
		[]byte(`{"type":99,"id":"1","token":"hostile-x","data":{}}`),
		x.payload(3, x.eve, []byte(`{"custom_id":5,"component_type":2}`), x.tableMsg),
		x.payload(3, x.eve, []byte(`{"custom_id":"x","component_type":2}`), []byte(`{"components":[{"type":99}]}`)),
		x.payload(4, x.eve, []byte(`{"name":"pinochle","options":[{"name":"review","type":1,"options":[null]}]}`), nil),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		o := x.send(t, raw)
		if o.panicked {
			t.Errorf("the handler panicked:\n%s", tail(o.log, 3000))
		}
		if o.decodeErr != nil {
			o.quiet(t)
			o.private(t, messageFacts{})
		}
	})
}

// wellFormed reports whether options (JSON) are as command name defines them, read as
// Discord sends them: a list of objects, each an option of its command or subcommand, given
// once, of its registered type, with a value of that type (or the options of a
// subcommand).
func wellFormed(name string, options []byte) bool {
	var def *discordgo.ApplicationCommand
	for _, c := range commands.Definitions() {
		if c.Name == name {
			def = c
		}
	}
	if def == nil {
		return false
	}
	var opts any
	if len(orNull(options)) > 0 && json.Unmarshal(orNull(options), &opts) != nil {
		return false
	}
	return optionsFit(def.Options, opts)
}

func optionsFit(defs []*discordgo.ApplicationCommandOption, opts any) bool {
	if opts == nil {
		return true
	}
	list, ok := opts.([]any)
	if !ok {
		return false
	}
	seen := map[string]bool{}
	for _, o := range list {
		m, ok := o.(map[string]any)
		if !ok {
			return false
		}
		name, _ := m["name"].(string)
		var def *discordgo.ApplicationCommandOption
		for _, d := range defs {
			if d.Name == name {
				def = d
			}
		}
		typ, ok := m["type"].(float64)
		if def == nil || seen[name] || !ok || typ != float64(def.Type) {
			return false
		}
		seen[name] = true
		v := m["value"]
		switch def.Type {
		case discordgo.ApplicationCommandOptionSubCommand, discordgo.ApplicationCommandOptionSubCommandGroup:
			if v != nil || !optionsFit(def.Options, m["options"]) {
				return false
			}
			continue
		}
		if sub, ok := m["options"].([]any); m["options"] != nil && (!ok || len(sub) > 0) {
			return false
		}
		var fits bool
		switch def.Type {
		case discordgo.ApplicationCommandOptionInteger:
			f, ok := v.(float64)
			fits = ok && f == math.Trunc(f) && math.Abs(f) <= 1<<53
		case discordgo.ApplicationCommandOptionNumber:
			_, fits = v.(float64)
		case discordgo.ApplicationCommandOptionBoolean:
			_, fits = v.(bool)
		default:
			_, fits = v.(string)
		}
		if !fits {
			return false
		}
	}
	return true
}
