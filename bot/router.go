package bot

import (
	"context"
	"maps"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/live"
	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/bot/social"
	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/engine"
)

// A commandHandler serves one slash command, with its options.
type commandHandler func(b *Bot, ctx context.Context, i *discordgo.Interaction, opts options) error

// commandRoutes is the route table of the slash commands, by "command subcommand": one line
// a command.
func commandRoutes() map[string]commandHandler {
	p := func(sub string) string { return commands.CommandPinochle + " " + sub }
	l := func(sub string) string { return commands.CommandLeague + " " + sub }
	t := func(sub string) string { return commands.CommandTable + " " + sub }
	a := func(sub string) string { return commands.CommandAdmin + " " + sub }
	routes := map[string]commandHandler{
		p(commands.SubNew):         (*Bot).cmdNew,
		p(commands.SubHand):        (*Bot).cmdHand,
		p(commands.SubStatus):      (*Bot).cmdStatus,
		p(commands.SubRules):       (*Bot).cmdRules,
		p(commands.SubLeaderboard): (*Bot).cmdLeaderboard,
		p(commands.SubStats):       (*Bot).cmdStats,
		p(commands.SubLeave):       (*Bot).cmdLeave,
		p(commands.SubAbandon):     (*Bot).cmdAbandon,
		p(commands.SubSettings):    (*Bot).cmdSettings,
		p(commands.SubNotify):      (*Bot).cmdNotify,
		p(commands.SubCards):       (*Bot).cmdCards, // cardlook.go
		p(commands.SubAway): func(b *Bot, ctx context.Context, i *discordgo.Interaction, _ options) error {
			return b.cmdAway(ctx, i, true)
		},
		p(commands.SubBack): func(b *Bot, ctx context.Context, i *discordgo.Interaction, _ options) error {
			return b.cmdAway(ctx, i, false)
		},
		p(commands.SubGames):           (*Bot).cmdGames,
		p(commands.SubReview):          (*Bot).cmdReview,
		p(commands.SubExport):          (*Bot).cmdExport,
		l(commands.SubLeagueStart):     (*Bot).cmdLeagueStart,
		l(commands.SubLeagueEnd):       (*Bot).cmdLeagueEnd,
		l(commands.SubLeagueStandings): (*Bot).cmdStandings,
		l(commands.SubLeagueHistory):   (*Bot).cmdHistory,
		// The loop around games: finding, watching and the server's activity (/table), and
		// the admins' tools (/pinochle-admin, Manage Server).
		t(commands.SubTablePlay):     loop((*social.Loop).TablePlay),
		t(commands.SubTableCall):     loop((*social.Loop).TableCall),
		t(commands.SubTableInvite):   loop((*social.Loop).TableInvite),
		t(commands.SubTableWatch):    (*Bot).cmdTableWatch,
		t(commands.SubTableActivity): loop((*social.Loop).Activity),
		a(commands.SubAdminExclude): admin(func(b *Bot, ctx context.Context, i *discordgo.Interaction, opts options) error {
			return b.social.AdminExclude(ctx, i, opts, true)
		}),
		a(commands.SubAdminInclude): admin(func(b *Bot, ctx context.Context, i *discordgo.Interaction, opts options) error {
			return b.social.AdminExclude(ctx, i, opts, false)
		}),
		a(commands.SubAdminVoid):        admin(loop((*social.Loop).AdminVoid)),
		a(commands.SubAdminSeason):      admin(loop((*social.Loop).AdminSeason)),
		a(commands.SubAdminLeaderboard): admin(loop((*social.Loop).AdminLeaderboard)),
		a(commands.SubAdminLog):         admin(loop((*social.Loop).AdminLog)),
	}
	maps.Copy(routes, eventCommandRoutes()) // events.go
	return routes
}

// A controlRoute serves one kind of control: a click on a button or a choice in a menu, or,
// when modal is set, the submission of a form.
type controlRoute struct {
	modal  bool
	handle func(b *Bot, ctx context.Context, i *discordgo.Interaction, c commands.Control) error
}

// controlRoutes is the route table of the controls the bot makes (commands.Routes), by
// route: one line a control.
func controlRoutes() map[commands.Route]controlRoute {
	at := commands.RouteOf
	routes := map[commands.Route]controlRoute{
		// The lobby's buttons.
		at(commands.ActJoin):        toTable(true, func(by live.Person, _ commands.ID) live.Command { return live.Join{By: by, Seat: -1} }),
		at(commands.ActSeat):        toTable(true, func(by live.Person, id commands.ID) live.Command { return live.Join{By: by, Seat: seatOf(id)} }),
		at(commands.ActLeave):       toTable(true, func(by live.Person, _ commands.ID) live.Command { return live.Leave{By: by, InPlace: true} }),
		at(commands.ActAddComputer): toTable(true, func(by live.Person, _ commands.ID) live.Command { return live.AddComputer{By: by} }),
		at(commands.ActStart):       toTable(true, func(by live.Person, _ commands.ID) live.Command { return live.Start{By: by} }),
		at(commands.ActCancel):      toTable(true, func(by live.Person, _ commands.ID) live.Command { return live.Cancel{By: by} }),
		// The table message's buttons, and the private view's that are not moves.
		at(commands.ActHand):     withToken(false, func(by live.Person, _ commands.ID, tok string) live.Command { return live.ShowHand{By: by, Token: tok} }),
		at(commands.ActRefresh):  withToken(true, func(by live.Person, _ commands.ID, tok string) live.Command { return live.ShowHand{By: by, Token: tok} }),
		at(commands.ActNextHand): withToken(true, func(by live.Person, _ commands.ID, tok string) live.Command { return live.NextHand{By: by, Token: tok} }),
		at(commands.ActOther):    toTable(true, func(by live.Person, id commands.ID) live.Command { return live.AskBid{By: by, At: id.Stamp()} }),
		at(commands.ActHint): atStep(withToken(true, func(by live.Person, id commands.ID, tok string) live.Command {
			return live.Hint{By: by, Token: tok, At: id.Stamp()}
		})),
		// The moves of the game, at the step they were shown for.
		at(commands.ActBid):       move(false),
		at(commands.ActPass):      move(false),
		at(commands.ActTrump):     move(false),
		at(commands.ActPassCards): move(false),
		at(commands.ActPlayHand):  move(false),
		at(commands.ActThrowIn):   move(false),
		at(commands.ActMoon):      move(false),
		at(commands.ActCard):      move(false),
		at(commands.ActPlayCard):  move(false),
		at(commands.ActMeld):      move(false),
		at(commands.ActDraw):      move(false),
		at(commands.ActBidModal):  move(true),
		// The records.
		commands.RoutePage:   {handle: (*Bot).onPage},
		commands.RouteSheet:  {handle: (*Bot).onSheet},
		commands.RouteReview: {handle: (*Bot).onSheet},
		// The loop around games: watching a table, playing a finished game again.
		at(commands.ActWatch): watchRoute(),
		commands.RoutePlayAgain: {handle: func(b *Bot, ctx context.Context, i *discordgo.Interaction, c commands.Control) error {
			return b.social.PlayAgain(ctx, i, c)
		}},
	}
	maps.Copy(routes, eventControlRoutes()) // events.go
	return routes
}

// serveControl serves the control a custom ID names, from a click (or, modal, a form),
// through the route table; a control the bot did not make, or one of another kind than the
// interaction, is refused.
func (b *Bot) serveControl(ctx context.Context, i *discordgo.Interaction, customID string, modal bool) error {
	c, err := commands.ParseControl(customID)
	if err != nil {
		return b.reply(i, present.MsgForged)
	}
	r, ok := b.controls[c.Route()]
	if !ok || r.modal != modal {
		return b.reply(i, present.MsgForged)
	}
	return r.handle(b, ctx, i, c)
}

// toTable is the route of a control that hands a table a command made from who clicked and
// the control; inPlace, the answer replaces the message clicked (Bot.command).
func toTable(inPlace bool, mk func(by live.Person, id commands.ID) live.Command) controlRoute {
	return withToken(inPlace, func(by live.Person, id commands.ID, _ string) live.Command { return mk(by, id) })
}

// withToken is toTable for commands that keep the interaction's token, to bring its answer
// up to date.
func withToken(inPlace bool, mk func(by live.Person, id commands.ID, token string) live.Command) controlRoute {
	return controlRoute{handle: func(b *Bot, ctx context.Context, i *discordgo.Interaction, c commands.Control) error {
		id := c.(commands.ID)
		return b.command(ctx, i, id.Game, mk(personOf(i), id, i.Token), inPlace)
	}}
}

// atStep refuses a control that must carry the step it was shown at and does not.
func atStep(r controlRoute) controlRoute {
	next := r.handle
	r.handle = func(b *Bot, ctx context.Context, i *discordgo.Interaction, c commands.Control) error {
		if c.(commands.ID).Hand == 0 {
			return b.reply(i, present.MsgForged)
		}
		return next(b, ctx, i, c)
	}
	return r
}

// move is the route of a move of the game, clicked or submitted in a form: the table reads
// the action from the control and what was chosen in its menu or typed in its form, for the
// seat of who sent it.
func move(modal bool) controlRoute {
	return atStep(controlRoute{modal: modal, handle: func(b *Bot, ctx context.Context, i *discordgo.Interaction, c commands.Control) error {
		id := c.(commands.ID)
		values := valuesOf(i)
		return b.command(ctx, i, id.Game, live.Move{By: personOf(i), Token: i.Token, At: id.Stamp(), Choose: id.Action == commands.ActCard,
			Action: func(seat int) (engine.Action, error) { return commands.ActionFor(id, seat, values) }}, true)
	}})
}

// valuesOf returns what an interaction chose in a menu, or typed in a form.
func valuesOf(i *discordgo.Interaction) []string {
	switch d := i.Data.(type) {
	case discordgo.MessageComponentInteractionData:
		return d.Values
	case discordgo.ModalSubmitInteractionData:
		return commands.ModalValues(d)
	}
	return nil
}

// seatOf returns the seat a seat button names (0-based); ID.Validate has checked it.
func seatOf(id commands.ID) int {
	n, _ := strconv.Atoi(id.Arg)
	return n
}
