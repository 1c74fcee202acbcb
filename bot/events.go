package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/charts"
	"github.com/pinochle-discord/pinochle/bot/live"
	"github.com/pinochle-discord/pinochle/bot/post"
	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/bot/rest"
	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/internal/words"
	"github.com/pinochle-discord/pinochle/league/club"
	"github.com/pinochle-discord/pinochle/league/event"
	"github.com/pinochle-discord/pinochle/storage"
	"github.com/pinochle-discord/pinochle/table"
)

// eventCommandRoutes are the routes of /league event's subcommands and the daily deal's,
// for the route table.
func eventCommandRoutes() map[string]commandHandler {
	e := func(sub string) string { return commands.CommandLeague + " " + commands.GroupEvent + " " + sub }
	return map[string]commandHandler{
		e(commands.SubEventCreate):                       (*Bot).cmdEventCreate,
		e(commands.SubEventPause):                        (*Bot).cmdEventPause,
		e(commands.SubEventResume):                       (*Bot).cmdEventResume,
		e(commands.SubEventEnd):                          (*Bot).cmdEventEnd,
		e(commands.SubEventStandings):                    (*Bot).cmdEventStandings,
		commands.CommandLeague + " " + commands.SubDaily: (*Bot).cmdDaily,
		commands.CommandLeague + " " + commands.SubBoard: (*Bot).cmdBoard,
	}
}

// eventControlRoutes are the routes of an event's controls, for the route table.
func eventControlRoutes() map[commands.Route]controlRoute {
	at := commands.EventRoute
	table := controlRoute{handle: (*Bot).onEventTable}
	return map[commands.Route]controlRoute{
		at(commands.EventJoin):    {handle: (*Bot).onEventJoin},
		at(commands.EventLeave):   {handle: (*Bot).onEventLeave},
		at(commands.EventCheckIn): {handle: (*Bot).onEventCheckIn},
		at(commands.EventPartner): {handle: (*Bot).onEventPartner},
		at(commands.EventVoid):    table,
		at(commands.EventAward):   table,
		at(commands.EventReplay):  table,
	}
}

// isOrganiser reports whether the user behind an interaction organises an event: they
// created it, hold its organiser role, or may manage the server.
func isOrganiser(i *discordgo.Interaction, ev *club.Event) bool {
	if canManage(i) || userOf(i).ID == ev.OrganiserID {
		return true
	}
	return ev.OrganiserRole != "" && i.Member != nil && slices.Contains(i.Member.Roles, ev.OrganiserRole)
}

// deferPrivate answers an interaction with a private "thinking", to be filled in with
// editAnswer: for commands that may wait for the event runner or for Discord.
func (b *Bot) deferPrivate(i *discordgo.Interaction) error {
	return rest.Respond(b.s, i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}})
}

// cmdEventCreate creates an event (Manage Server) and posts its sign-up in the channel.
func (b *Bot) cmdEventCreate(ctx context.Context, i *discordgo.Interaction, opts options) error {
	if !canManage(i) {
		return b.reply(i, present.MsgEventCreateManage)
	}
	set, err := b.store.Settings(ctx, i.GuildID)
	if err != nil {
		return b.failed(i, "read settings", err)
	}
	if !set.AllowsChannel(i.ChannelID) {
		return b.reply(i, present.MsgEventChannel)
	}
	preset := set.DefaultPreset
	if !slices.Contains(b.cfg.Presets, preset) {
		preset = b.cfg.Presets[0]
	}
	req, err := commands.NewEventRequest(opts, b.now(), b.cfg.Presets, preset)
	if err != nil {
		return b.reply(i, present.Refusal(err)+".")
	}
	if err := b.deferPrivate(i); err != nil {
		return err
	}
	now := b.now()
	req.Spec.Seed = b.cfg.Seed()
	ev := club.Event{GuildID: i.GuildID, ChannelID: i.ChannelID, Name: req.Name, Spec: req.Spec, Preset: req.Preset,
		Options: req.Options, RoundLength: req.Round, Start: req.Start, EntryLimit: req.Limit, CheckIn: req.CheckIn,
		Counts: req.Counts, Settle: req.Settle, OrganiserID: userOf(i).ID, OrganiserRole: req.Role, CreatedAt: now,
		Settings: table.Settings{Level: req.Level, Hints: false, Ping: table.PingAuto, Autoplay: true, Pace: table.PaceNormal,
			Unrated: !req.Counts},
		Status: club.StatusSignup}
	b.events.turn.Lock()
	defer b.events.turn.Unlock()
	id, err := b.store.CreateEvent(ctx, ev)
	switch {
	case errors.Is(err, storage.ErrConflict):
		return b.editAnswer(i, present.MsgEventNameTaken, nil)
	case errors.Is(err, storage.ErrInvalid):
		return b.editAnswer(i, present.Refusal(err), nil)
	case err != nil:
		return b.editAnswer(i, present.MsgWrong, err)
	}
	ev.ID = id
	msg, err := b.post.Send(ctx, ev.ChannelID, &post.Message{Embeds: []*discordgo.MessageEmbed{present.SignupEmbed(&ev, nil)}, Components: present.SignupControls(&ev)})
	if err != nil {
		b.log.Error("events: the sign-up could not be posted", "event", id, "err", err)
		ev.Status, ev.EndedAt = club.StatusCancelled, b.now()
		if uerr := b.store.UpdateEvent(ctx, ev); uerr != nil {
			b.log.Error("events: an event without a sign-up could not be cancelled", "event", id, "err", uerr)
		}
		return b.editAnswer(i, present.MsgCannotPost, nil)
	}
	ev.SignupMessage = msg.ID
	if i.AppPermissions&(discordgo.PermissionManageEvents|discordgo.PermissionCreateEvents) != 0 {
		ev.ScheduledEventID = b.scheduleEvent(ctx, &ev)
	}
	if err := b.store.UpdateEvent(ctx, ev); err != nil {
		b.log.Error("events: the sign-up message could not be recorded", "event", id, "err", err)
	}
	b.log.Info("event created", "event", id, "guild", ev.GuildID, "format", ev.Spec.Format.String())
	b.events.nudge()
	return b.editAnswer(i, present.EventCreated(ev.Name, ev.ChannelID, ev.Start), nil)
}

// scheduleEvent makes the Discord scheduled event of an event, so that members see it in
// the server's list, and returns its ID; "" when Discord refuses (a failure is only
// logged: it is a courtesy).
func (b *Bot) scheduleEvent(ctx context.Context, ev *club.Event) string {
	rounds := max(1, ev.Spec.Rounds)
	end := ev.Start.Add(ev.RoundLength * time.Duration(rounds))
	start := ev.Start
	if !start.After(b.now()) {
		start = b.now().Add(time.Minute)
	}
	se, err := b.s.GuildScheduledEventCreate(ev.GuildID, &discordgo.GuildScheduledEventParams{
		Name: words.Truncate(ev.Name, 100), Description: words.Truncate(strings.Join(present.EventLines(ev), "\n"), 1000),
		ScheduledStartTime: &start, ScheduledEndTime: &end, PrivacyLevel: discordgo.GuildScheduledEventPrivacyLevelGuildOnly,
		EntityType:     discordgo.GuildScheduledEventEntityTypeExternal,
		EntityMetadata: &discordgo.GuildScheduledEventEntityMetadata{Location: words.Truncate("Pinochle in #"+b.channelName(ev.GuildID, ev.ChannelID), 100)},
	}, discordgo.WithContext(ctx))
	if err != nil {
		b.log.Info("events: no scheduled event for the event", "event", ev.ID, "err", err)
		return ""
	}
	return se.ID
}

// channelName returns a channel's name as the bot knows it, or its ID.
func (b *Bot) channelName(guildID, channelID string) string {
	if c, err := b.stateOf(guildID).Channel(channelID); err == nil && c.Name != "" {
		return c.Name
	}
	return channelID
}

// eventFor finds the event a command is about: the open event named by its event option
// (any event of that name, the newest, with anyStatus), else the open event of the channel
// (or of the thread's channel) it is used in, else the guild's one open event. refusal says
// why none, when none.
func (b *Bot) eventFor(ctx context.Context, i *discordgo.Interaction, opts options, anyStatus bool) (ev club.Event, refusal string, err error) {
	evs, err := b.cfg.Store.GuildEvents(ctx, i.GuildID, 100)
	if err != nil {
		return club.Event{}, "", err
	}
	if name, ok := commands.OptString(opts, commands.OptEvent); ok && strings.TrimSpace(name) != "" {
		for _, e := range evs {
			if strings.EqualFold(e.Name, strings.TrimSpace(name)) && (e.Status.Open() || anyStatus) {
				return e, "", nil
			}
		}
		return club.Event{}, present.MsgEventNoSuch, nil
	}
	channel := i.ChannelID
	if c, err := b.stateOf(i.GuildID).Channel(channel); err == nil && c.IsThread() {
		channel = c.ParentID
	}
	var open []club.Event
	for _, e := range evs {
		if e.ChannelID == channel && (e.Status.Open() || anyStatus) {
			return e, "", nil
		}
		if e.Status.Open() {
			open = append(open, e)
		}
	}
	switch len(open) {
	case 0:
		return club.Event{}, present.MsgEventNoneHere, nil
	case 1:
		return open[0], "", nil
	}
	return club.Event{}, present.MsgEventNameMany, nil
}

// organisedEvent finds the event of an organiser's command, answering why not when there is
// none or the user does not organise it.
func (b *Bot) organisedEvent(ctx context.Context, i *discordgo.Interaction, opts options) (club.Event, bool, error) {
	ev, refusal, err := b.eventFor(ctx, i, opts, false)
	switch {
	case err != nil:
		return ev, false, b.failed(i, "find the event", err)
	case refusal != "":
		return ev, false, b.reply(i, refusal)
	case !isOrganiser(i, &ev):
		return ev, false, b.reply(i, present.MsgEventNotOrganiser)
	}
	return ev, true, nil
}

// cmdEventPause pauses an event's clock.
func (b *Bot) cmdEventPause(ctx context.Context, i *discordgo.Interaction, opts options) error {
	ev, ok, err := b.organisedEvent(ctx, i, opts)
	if !ok {
		return err
	}
	if err := b.deferPrivate(i); err != nil {
		return err
	}
	b.events.turn.Lock()
	defer b.events.turn.Unlock()
	ev, err = b.cfg.Store.Event(ctx, ev.ID)
	if err != nil {
		return b.editAnswer(i, present.MsgWrong, err)
	}
	if ev.Status != club.StatusRunning {
		return b.editAnswer(i, present.MsgEventNotRunning, nil)
	}
	ev.Status, ev.PausedAt = club.StatusPaused, b.now()
	if err := b.store.UpdateEvent(ctx, ev); err != nil {
		return b.editAnswer(i, present.MsgWrong, err)
	}
	b.post.Enqueue(ev.ChannelID, &post.Message{Content: present.EventPaused(ev.Name)})
	b.events.nudge()
	return b.editAnswer(i, present.EventPaused(ev.Name), nil)
}

// cmdEventResume resumes a paused event: the round's deadline moves on by the pause.
func (b *Bot) cmdEventResume(ctx context.Context, i *discordgo.Interaction, opts options) error {
	ev, ok, err := b.organisedEvent(ctx, i, opts)
	if !ok {
		return err
	}
	if err := b.deferPrivate(i); err != nil {
		return err
	}
	b.events.turn.Lock()
	defer b.events.turn.Unlock()
	st, err := b.cfg.Store.EventState(ctx, ev.ID)
	if err != nil {
		return b.editAnswer(i, present.MsgWrong, err)
	}
	ev = st.Event
	if ev.Status != club.StatusPaused {
		return b.editAnswer(i, present.MsgEventNotPaused, nil)
	}
	var deadline time.Time
	if cur := st.Current(); cur != nil {
		deadline = cur.Deadline.Add(b.now().Sub(ev.PausedAt))
		if err := b.store.UpdateRound(ctx, ev.ID, cur.Number, deadline); err != nil {
			return b.editAnswer(i, present.MsgWrong, err)
		}
	}
	ev.Status, ev.PausedAt = club.StatusRunning, time.Time{}
	if err := b.store.UpdateEvent(ctx, ev); err != nil {
		return b.editAnswer(i, present.MsgWrong, err)
	}
	b.post.Enqueue(ev.ChannelID, &post.Message{Content: present.EventResumed(ev.Name, deadline)})
	b.events.nudge()
	return b.editAnswer(i, present.EventResumed(ev.Name, deadline), nil)
}

// cmdEventEnd ends an event now: before its start it is cancelled; after, its standings
// are final.
func (b *Bot) cmdEventEnd(ctx context.Context, i *discordgo.Interaction, opts options) error {
	ev, ok, err := b.organisedEvent(ctx, i, opts)
	if !ok {
		return err
	}
	if err := b.deferPrivate(i); err != nil {
		return err
	}
	b.events.turn.Lock()
	defer b.events.turn.Unlock()
	st, err := b.cfg.Store.EventState(ctx, ev.ID)
	if err != nil {
		return b.editAnswer(i, present.MsgWrong, err)
	}
	switch st.Event.Status {
	case club.StatusSignup:
		err = b.events.cancelEvent(ctx, &st, fmt.Errorf("its organiser ended it before the start"))
	case club.StatusRunning, club.StatusPaused:
		err = b.events.finish(ctx, &st)
	default:
		return b.editAnswer(i, present.MsgEventOver, nil)
	}
	if err != nil {
		return b.editAnswer(i, present.MsgWrong, err)
	}
	return b.editAnswer(i, present.EventEnded(ev.Name, ev.ChannelID), nil)
}

// cmdEventStandings shows an event's standings, for the channel, with a chart.
func (b *Bot) cmdEventStandings(ctx context.Context, i *discordgo.Interaction, opts options) error {
	ev, refusal, err := b.eventFor(ctx, i, opts, true)
	switch {
	case err != nil:
		return b.failed(i, "find the event", err)
	case refusal != "":
		return b.reply(i, refusal)
	}
	st, err := b.cfg.Store.EventState(ctx, ev.ID)
	if err != nil {
		return b.failed(i, "event", err)
	}
	if len(st.Rounds) == 0 {
		return b.reply(i, present.MsgEventNotStarted)
	}
	em, _, err := present.StandingsEmbedOf(&st, !st.Event.Status.Open())
	if err != nil {
		return b.failed(i, "standings", err)
	}
	if err := rest.Respond(b.s, i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{}}); err != nil {
		return err
	}
	data := &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{em}}
	png, err := eventChart(&st)
	b.attachChart(data, "event.png", png, err)
	return rest.EditResponse(b.s, b.appID, i.Token, rest.IssuedAt(i), &discordgo.WebhookEdit{Embeds: &data.Embeds, Files: data.Files,
		AllowedMentions: &discordgo.MessageAllowedMentions{}})
}

// eventChart draws an event's standings: each entrant's score (a duplicate's matchpoint
// percentage), the first first. It returns nil when there is nothing to draw.
func eventChart(st *club.State) ([]byte, error) {
	t := st.Tournament()
	names := club.Names(st.Players)
	var bars []charts.Bar
	if st.Event.Spec.Format == event.Duplicate {
		mps, err := t.Matchpoints()
		if err != nil {
			return nil, err
		}
		for _, m := range mps {
			bars = append(bars, charts.Bar{Name: names[m.Entrant], Value: m.Percent})
		}
	} else {
		sts, err := t.Standings()
		if err != nil {
			return nil, err
		}
		for _, s := range sts {
			bars = append(bars, charts.Bar{Name: names[s.Entrant], Value: s.Score})
		}
	}
	png, err := charts.Standings(words.Truncate(st.Event.Name, 60), bars[:min(len(bars), charts.MaxBars)])
	if errors.Is(err, charts.ErrNoData) {
		return nil, nil
	}
	return png, err
}

// eventOf reads the event a control names, answering when it is not this guild's or is
// over.
func (b *Bot) eventOf(ctx context.Context, i *discordgo.Interaction, id commands.EventID) (club.Event, bool, error) {
	ev, err := b.cfg.Store.Event(ctx, id.Event)
	switch {
	case errors.Is(err, storage.ErrNotFound):
		return ev, false, b.reply(i, present.MsgForged)
	case err != nil:
		return ev, false, b.failed(i, "event", err)
	case ev.GuildID != i.GuildID:
		return ev, false, b.reply(i, present.MsgOtherGuild)
	case !ev.Status.Open():
		return ev, false, b.reply(i, present.MsgEventOver)
	}
	return ev, true, nil
}

// signupUpdate answers a click on the sign-up with the sign-up as it now is, in place.
func (b *Bot) signupUpdate(ctx context.Context, i *discordgo.Interaction, ev *club.Event) error {
	st, err := b.cfg.Store.EventState(ctx, ev.ID)
	if err != nil {
		return b.failed(i, "event", err)
	}
	return rest.Respond(b.s, i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: &discordgo.InteractionResponseData{
		Embeds: []*discordgo.MessageEmbed{present.SignupEmbed(&st.Event, st.Players)}, Components: present.SignupControls(&st.Event),
		AllowedMentions: &discordgo.MessageAllowedMentions{},
	}})
}

// refreshSignup edits the sign-up message to the event as it now is.
func (b *Bot) refreshSignup(ctx context.Context, id int64) {
	st, err := b.cfg.Store.EventState(ctx, id)
	if err != nil {
		b.log.Error("events: sign-up", "event", id, "err", err)
		return
	}
	b.events.editSignup(&st.Event, st.Players)
}

// joinRefusal words why a player could not enter, or "" when the error is not theirs.
func joinRefusal(err error) string {
	switch {
	case errors.Is(err, storage.ErrConflict):
		return present.MsgEventEntered
	case errors.Is(err, storage.ErrEntryClosed):
		return present.MsgEventEntryClosed
	case errors.Is(err, storage.ErrEventFull):
		return present.MsgEventFull
	}
	return ""
}

// onEventJoin enters the player who clicked Join; in an event of fixed partnerships, it
// asks them for their partners first.
func (b *Bot) onEventJoin(ctx context.Context, i *discordgo.Interaction, c commands.Control) error {
	id := c.(commands.EventID)
	ev, ok, err := b.eventOf(ctx, i, id)
	if !ok {
		return err
	}
	if ev.Status != club.StatusSignup {
		return b.reply(i, present.MsgEventEntryClosed)
	}
	if ev.Spec.Entry == event.Partnerships {
		st, err := b.cfg.Store.EventState(ctx, ev.ID)
		if err != nil {
			return b.failed(i, "event", err)
		}
		if _, in := st.Player(userOf(i).ID); in {
			return b.reply(i, present.MsgEventEntered)
		}
		text, comps := present.PartnerMenu(&ev)
		return rest.Respond(b.s, i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: text, Components: comps, Flags: discordgo.MessageFlagsEphemeral,
				AllowedMentions: &discordgo.MessageAllowedMentions{}}})
	}
	err = b.store.JoinEvent(ctx, ev.ID, []club.Player{{UserID: userOf(i).ID, Name: displayName(i), JoinedAt: b.now()}})
	if why := joinRefusal(err); why != "" {
		return b.reply(i, why)
	}
	if err != nil {
		return b.failed(i, "join event", err)
	}
	return b.signupUpdate(ctx, i, &ev)
}

// onEventPartner enters the partnership of the player who chose their partners.
func (b *Bot) onEventPartner(ctx context.Context, i *discordgo.Interaction, c commands.Control) error {
	id := c.(commands.EventID)
	ev, ok, err := b.eventOf(ctx, i, id)
	if !ok {
		return err
	}
	data, _ := i.Data.(discordgo.MessageComponentInteractionData)
	me := userOf(i)
	players := []club.Player{{UserID: me.ID, Name: displayName(i), JoinedAt: b.now()}}
	for _, u := range data.Values {
		name, ok := resolvedName(data, u)
		switch {
		case u == me.ID:
			return b.reply(i, present.MsgEventPartnerSelf)
		case !ok:
			return b.reply(i, present.MsgEventPartnerBot)
		case !b.isMember(ctx, i.GuildID, u):
			return b.reply(i, present.MsgEventMemberLeft)
		}
		players = append(players, club.Player{UserID: u, Name: name, JoinedAt: b.now()})
	}
	if len(players) != ev.PlayersPerEntrant() {
		return b.reply(i, present.MsgForged)
	}
	err = b.store.JoinEvent(ctx, ev.ID, players)
	if errors.Is(err, storage.ErrConflict) {
		return b.reply(i, present.MsgEventPartnerTaken)
	}
	if why := joinRefusal(err); why != "" {
		return b.reply(i, why)
	}
	if err != nil {
		return b.failed(i, "join event", err)
	}
	b.refreshSignup(ctx, ev.ID)
	text := present.Joined(ev.Name, data.Values)
	return rest.Respond(b.s, i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: &discordgo.InteractionResponseData{
		Content: text, Components: []discordgo.MessageComponent{}, AllowedMentions: &discordgo.MessageAllowedMentions{}}})
}

// resolvedName returns the name of a user chosen in a menu, as the server shows it, and
// false for a bot or a user Discord did not resolve.
func resolvedName(data discordgo.MessageComponentInteractionData, userID string) (string, bool) {
	u, ok := data.Resolved.Users[userID]
	if !ok || u == nil || u.Bot {
		return "", false
	}
	if m, ok := data.Resolved.Members[userID]; ok && m != nil && m.Nick != "" {
		return m.Nick, true
	}
	if u.GlobalName != "" {
		return u.GlobalName, true
	}
	return u.Username, true
}

// onEventLeave withdraws the player who clicked Leave (with their partnership).
func (b *Bot) onEventLeave(ctx context.Context, i *discordgo.Interaction, c commands.Control) error {
	id := c.(commands.EventID)
	ev, ok, err := b.eventOf(ctx, i, id)
	if !ok {
		return err
	}
	_, err = b.store.LeaveEvent(ctx, ev.ID, userOf(i).ID)
	switch {
	case errors.Is(err, storage.ErrNotFound):
		return b.reply(i, present.MsgEventNotEntered)
	case errors.Is(err, storage.ErrEntryClosed):
		return b.reply(i, present.MsgEventEntryClosed)
	case err != nil:
		return b.failed(i, "leave event", err)
	}
	return b.signupUpdate(ctx, i, &ev)
}

// onEventCheckIn checks in the player who clicked Check in, in the hour before the start.
func (b *Bot) onEventCheckIn(ctx context.Context, i *discordgo.Interaction, c commands.Control) error {
	id := c.(commands.EventID)
	ev, ok, err := b.eventOf(ctx, i, id)
	if !ok {
		return err
	}
	switch {
	case !ev.CheckIn:
		return b.reply(i, present.MsgEventNoCheckIn)
	case ev.Status != club.StatusSignup:
		return b.reply(i, present.MsgEventEntryClosed)
	case b.now().Before(ev.CheckInOpens()):
		return b.reply(i, present.CheckInNotYet(ev.CheckInOpens()))
	}
	err = b.store.CheckIn(ctx, ev.ID, userOf(i).ID)
	switch {
	case errors.Is(err, storage.ErrNotFound):
		return b.reply(i, present.MsgEventNotEntered)
	case errors.Is(err, storage.ErrEntryClosed):
		return b.reply(i, present.MsgEventEntryClosed)
	case err != nil:
		return b.failed(i, "check in", err)
	}
	b.refreshSignup(ctx, ev.ID)
	return b.reply(i, present.MsgEventCheckedIn)
}

// onEventTable serves an organiser's control of a table of the current round: void it,
// award it to a side, or have it played again. A control of an earlier round changes
// nothing.
func (b *Bot) onEventTable(ctx context.Context, i *discordgo.Interaction, c commands.Control) error {
	id := c.(commands.EventID)
	ev, ok, err := b.eventOf(ctx, i, id)
	if !ok {
		return err
	}
	if !isOrganiser(i, &ev) {
		return b.reply(i, present.MsgEventNotOrganiser)
	}
	if err := b.deferPrivate(i); err != nil {
		return err
	}
	b.events.turn.Lock()
	defer b.events.turn.Unlock()
	st, err := b.cfg.Store.EventState(ctx, ev.ID)
	if err != nil {
		return b.editAnswer(i, present.MsgWrong, err)
	}
	cur := st.Current()
	switch {
	case st.Event.Status != club.StatusRunning && st.Event.Status != club.StatusPaused:
		return b.editAnswer(i, present.MsgEventOver, nil)
	case cur == nil || id.Round != cur.Number:
		return b.editAnswer(i, present.MsgEventOldRound, nil)
	case id.Table < 1 || id.Table > len(cur.Round.Tables):
		return b.editAnswer(i, present.MsgEventNoTable, nil)
	}
	tb, ts := cur.Round.Tables[id.Table-1], cur.Tables[id.Table-1]
	_, hadResult := st.Result(cur.Number, tb.Number)
	var result *club.Result
	switch id.Action {
	case commands.EventVoid:
		result = &club.Result{Result: event.Result{Round: cur.Number, Table: tb.Number, Void: true}, How: club.HowVoid, At: b.now()}
	case commands.EventAward:
		if id.Side >= len(tb.Sides) {
			return b.editAnswer(i, present.MsgForged, nil)
		}
		result = &club.Result{Result: club.Awarded(cur.Number, tb.Number, len(tb.Sides), id.Side), How: club.HowAwarded, At: b.now()}
	}
	if result != nil {
		check := st
		check.Results = slices.DeleteFunc(slices.Clone(st.Results), func(r club.Result) bool { return r.Round == cur.Number && r.Table == tb.Number })
		if err := check.Tournament().CheckResult(result.Result); err != nil {
			if st.Event.Spec.Format == event.Elimination {
				return b.editAnswer(i, present.MsgEventEliminationNo, nil)
			}
			return b.editAnswer(i, present.Refusal(commands.EntrantsError(err)), nil)
		}
	}
	if hadResult || result == nil {
		if err := b.store.ReplayTable(ctx, ev.ID, cur.Number, tb.Number); err != nil {
			return b.editAnswer(i, present.MsgWrong, err)
		}
	}
	if result != nil {
		if err := b.store.RecordResult(ctx, ev.ID, *result); err != nil {
			return b.editAnswer(i, present.MsgWrong, err)
		}
	}
	if ts.Game != 0 {
		// The game in play there, if any, stops: its result no longer counts.
		if _, err := b.tables.Do(ctx, ts.Game, live.Abandon{By: live.Person{ID: userOf(i).ID, Name: displayName(i), Manager: true}}); err != nil &&
			!errors.Is(err, live.ErrNoTable) {
			b.log.Warn("events: the game of a table the organiser changed could not be closed", "event", ev.ID, "game", ts.Game, "err", err)
		}
	}
	b.log.Info("event table changed by an organiser", "event", ev.ID, "round", cur.Number, "table", tb.Number, "action", string(id.Action))
	b.events.nudge()
	return b.editAnswer(i, present.TableDone(id.Action, cur.Number, tb.Number), nil)
}
