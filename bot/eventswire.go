package bot

import (
	"context"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/events"
	"github.com/pinochle-discord/pinochle/bot/live"
	"github.com/pinochle-discord/pinochle/commands"
)

// eventCommandRoutes are the routes of /league event's subcommands and the daily deal's,
// for the route table: package events serves them.
func eventCommandRoutes() map[string]commandHandler {
	e := func(sub string) string { return commands.CommandLeague + " " + commands.GroupEvent + " " + sub }
	ev := func(h func(*events.Runner, context.Context, *discordgo.Interaction, options) error) commandHandler {
		return func(b *Bot, ctx context.Context, i *discordgo.Interaction, opts options) error {
			return h(b.events, ctx, i, opts)
		}
	}
	return map[string]commandHandler{
		e(commands.SubEventCreate):                       ev((*events.Runner).CreateEvent),
		e(commands.SubEventPause):                        ev((*events.Runner).PauseEvent),
		e(commands.SubEventResume):                       ev((*events.Runner).ResumeEvent),
		e(commands.SubEventEnd):                          ev((*events.Runner).EndEvent),
		e(commands.SubEventStandings):                    ev((*events.Runner).Standings),
		e(commands.SubEventOrganisers):                   ev((*events.Runner).Organisers),
		commands.CommandLeague + " " + commands.SubDaily: ev((*events.Runner).Daily),
		commands.CommandLeague + " " + commands.SubBoard: ev((*events.Runner).Board),
	}
}

// eventControlRoutes are the routes of an event's controls, for the route table: package
// events serves them.
func eventControlRoutes() map[commands.Route]controlRoute {
	at := commands.EventRoute
	ev := func(h func(*events.Runner, context.Context, *discordgo.Interaction, commands.Control) error) controlRoute {
		return controlRoute{handle: func(b *Bot, ctx context.Context, i *discordgo.Interaction, c commands.Control) error {
			return h(b.events, ctx, i, c)
		}}
	}
	table := ev((*events.Runner).TableControl)
	return map[commands.Route]controlRoute{
		at(commands.EventJoin):    ev((*events.Runner).Join),
		at(commands.EventLeave):   ev((*events.Runner).Leave),
		at(commands.EventCheckIn): ev((*events.Runner).CheckIn),
		at(commands.EventPartner): ev((*events.Runner).Partner),
		at(commands.EventVoid):    table,
		at(commands.EventAward):   table,
		at(commands.EventReplay):  table,
	}
}

// newEvents makes the runner of the league events and daily deals, with what it needs of
// the bot.
func (b *Bot) newEvents() *events.Runner {
	return events.New(events.Config{
		Session: b.s, Store: b.store, Poster: b.post, Tables: b.tables, Clock: b.clock, Log: b.log,
		Seed: b.cfg.Seed, Presets: b.cfg.Presets, Players: b.cfg.Players,
		AppID: func() string { return b.appID }, Serves: b.serves, State: b.stateOf, Command: b.command,
		Abandon: b.abandonUnshown, AttachChart: b.attachChart,
	})
}

// tableEffects carries out what a table asks for, as far as the events let it be shown
// (events.Runner.Shown: a private table shows nothing in public).
func (b *Bot) tableEffects(gameID int64, effects []live.Effect) {
	if kept := b.events.Shown(gameID, effects); len(kept) > 0 {
		b.effects(gameID, kept)
	}
}
