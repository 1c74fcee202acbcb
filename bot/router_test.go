package bot

import (
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/commands"
)

// TestRouteTables: every control the bot makes has a route, and every slash command it
// registers a handler, and neither table holds anything else.
func TestRouteTables(t *testing.T) {
	controls := controlRoutes()
	for _, r := range commands.Routes() {
		if _, ok := controls[r]; !ok {
			t.Errorf("control route %q has no handler", r)
		}
	}
	if len(controls) != len(commands.Routes()) {
		t.Errorf("%d control handlers for %d routes", len(controls), len(commands.Routes()))
	}
	if !controls[commands.RouteOf(commands.ActBidModal)].modal || controls[commands.RouteOf(commands.ActBid)].modal {
		t.Error("the bid form's route must take forms only, and the bid buttons' clicks only")
	}
	registered := map[string]bool{}
	for _, c := range commands.Definitions() {
		for _, o := range c.Options {
			switch o.Type {
			case discordgo.ApplicationCommandOptionSubCommand:
				registered[c.Name+" "+o.Name] = true
			case discordgo.ApplicationCommandOptionSubCommandGroup:
				for _, g := range o.Options {
					registered[c.Name+" "+o.Name+" "+g.Name] = true
				}
			}
		}
	}
	handlers := commandRoutes()
	for name := range registered {
		if handlers[name] == nil {
			t.Errorf("/%s has no handler", name)
		}
	}
	for name := range handlers {
		if !registered[name] {
			t.Errorf("a handler for /%s, which is not registered", name)
		}
	}
}
