package events

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
	"github.com/pinochle-discord/pinochle/bot/who"
	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/internal/words"
	"github.com/pinochle-discord/pinochle/league/club"
	"github.com/pinochle-discord/pinochle/league/event"
	"github.com/pinochle-discord/pinochle/storage"
	"github.com/pinochle-discord/pinochle/table"
)

// organises reports whether the user behind an interaction organises an event (ev nil: may
// create one): they may manage the server, hold the server's organiser role, created the
// event or hold its own organiser role.
func (r *Runner) organises(ctx context.Context, i *discordgo.Interaction, ev *club.Event) (bool, error) {
	if who.Manages(i) {
		return true, nil
	}
	if ev != nil && (who.User(i).ID == ev.OrganiserID || hasRole(i, ev.OrganiserRole)) {
		return true, nil
	}
	role, err := r.store.OrganiserRole(ctx, i.GuildID)
	if err != nil {
		return false, err
	}
	return hasRole(i, role), nil
}

// hasRole reports whether the member behind an interaction holds a role ("" is none).
func hasRole(i *discordgo.Interaction, role string) bool {
	return role != "" && i.Member != nil && slices.Contains(i.Member.Roles, role)
}

// Organisers names the server's organiser role (Manage Server), names none, or shows it.
func (r *Runner) Organisers(ctx context.Context, i *discordgo.Interaction, opts commands.Options) error {
	if !who.Manages(i) {
		return r.reply(i, present.MsgOrganisersManage)
	}
	role, named := commands.OptID(opts, commands.OptRole)
	none, _ := commands.OptBool(opts, commands.OptNone)
	switch {
	case named && none:
		return r.reply(i, present.MsgOrganisersBoth)
	case named && role == i.GuildID:
		return r.reply(i, present.MsgOrganisersEveryone)
	case !named && !none:
		current, err := r.store.OrganiserRole(ctx, i.GuildID)
		if err != nil {
			return r.failed(i, "organiser role", err)
		}
		return r.reply(i, present.OrganiserRole(current))
	}
	changed, err := r.store.SetOrganiserRole(ctx, i.GuildID, role, who.User(i).ID, r.now())
	if err != nil {
		return r.failed(i, "organiser role", err)
	}
	r.log.Info("events: organiser role named", "guild", i.GuildID, "role", role, "by", who.User(i).ID)
	return r.reply(i, present.OrganisersSet(role, changed))
}

// deferPrivate answers an interaction with a private "thinking", to be filled in with
// editAnswer: for commands that may wait for the event runner or for Discord.
func (r *Runner) deferPrivate(i *discordgo.Interaction) error { return rest.DeferPrivate(r.s, i) }

// reply answers an interaction with a message only its user sees.
func (r *Runner) reply(i *discordgo.Interaction, text string) error { return rest.Reply(r.s, i, text) }

// editAnswer fills in a deferred answer with text, logging err first when there is one.
func (r *Runner) editAnswer(i *discordgo.Interaction, text string, err error) error {
	if err != nil {
		r.log.Error("command failed", "user", who.User(i).ID, "err", err)
	}
	return rest.EditText(r.s, r.appID(), i, text)
}

// failed answers privately that something went wrong, and logs why.
func (r *Runner) failed(i *discordgo.Interaction, what string, err error) error {
	r.log.Error(what, "guild", i.GuildID, "user", who.User(i).ID, "err", err)
	return r.reply(i, present.MsgWrong)
}

// CreateEvent creates an event (Manage Server) and posts its sign-up in the channel.
func (r *Runner) CreateEvent(ctx context.Context, i *discordgo.Interaction, opts commands.Options) error {
	switch ok, err := r.organises(ctx, i, nil); {
	case err != nil:
		return r.failed(i, "organiser role", err)
	case !ok:
		return r.reply(i, present.MsgEventCreateManage)
	}
	set, err := r.store.Settings(ctx, i.GuildID)
	if err != nil {
		return r.failed(i, "read settings", err)
	}
	if !set.AllowsChannel(i.ChannelID) {
		return r.reply(i, present.MsgEventChannel)
	}
	preset := set.DefaultPreset
	if !slices.Contains(r.presets, preset) {
		preset = r.presets[0]
	}
	req, err := commands.NewEventRequest(opts, r.now(), r.presets, preset)
	if err != nil {
		return r.reply(i, present.Refusal(err)+".")
	}
	if err := r.deferPrivate(i); err != nil {
		return err
	}
	now := r.now()
	req.Spec.Seed = r.seed()
	ev := club.Event{GuildID: i.GuildID, ChannelID: i.ChannelID, Name: req.Name, Spec: req.Spec, Preset: req.Preset,
		Options: req.Options, RoundLength: req.Round, Start: req.Start, EntryLimit: req.Limit, CheckIn: req.CheckIn,
		Counts: req.Counts, Settle: req.Settle, OrganiserID: who.User(i).ID, OrganiserRole: req.Role, CreatedAt: now,
		Settings: table.Settings{Level: req.Level, Hints: false, Ping: table.PingAuto, Autoplay: true, Pace: table.PaceNormal,
			Unrated: !req.Counts},
		Status: club.StatusSignup}
	r.turn.Lock()
	defer r.turn.Unlock()
	id, err := r.store.CreateEvent(ctx, ev)
	switch {
	case errors.Is(err, storage.ErrConflict):
		return r.editAnswer(i, present.MsgEventNameTaken, nil)
	case errors.Is(err, storage.ErrInvalid):
		return r.editAnswer(i, present.Refusal(err), nil)
	case err != nil:
		return r.editAnswer(i, present.MsgWrong, err)
	}
	ev.ID = id
	msg, err := r.post.Send(ctx, ev.ChannelID, &post.Message{Embeds: []*discordgo.MessageEmbed{present.SignupEmbed(&ev, nil)}, Components: present.SignupControls(&ev)})
	if err != nil {
		r.log.Error("events: the sign-up could not be posted", "event", id, "err", err)
		ev.Status, ev.EndedAt = club.StatusCancelled, r.now()
		if uerr := r.store.UpdateEvent(ctx, ev); uerr != nil {
			r.log.Error("events: an event without a sign-up could not be cancelled", "event", id, "err", uerr)
		}
		return r.editAnswer(i, present.MsgCannotPost, nil)
	}
	ev.SignupMessage = msg.ID
	if i.AppPermissions&(discordgo.PermissionManageEvents|discordgo.PermissionCreateEvents) != 0 {
		ev.ScheduledEventID = r.scheduleEvent(ctx, &ev)
	}
	if err := r.store.UpdateEvent(ctx, ev); err != nil {
		r.log.Error("events: the sign-up message could not be recorded", "event", id, "err", err)
	}
	r.log.Info("event created", "event", id, "guild", ev.GuildID, "format", ev.Spec.Format.String())
	r.nudge()
	return r.editAnswer(i, present.EventCreated(ev.Name, ev.ChannelID, ev.Start), nil)
}

// scheduleEvent makes the Discord scheduled event of an event, so that members see it in
// the server's list, and returns its ID; "" when Discord refuses (a failure is only
// logged: it is a courtesy).
func (r *Runner) scheduleEvent(ctx context.Context, ev *club.Event) string {
	rounds := max(1, ev.Spec.Rounds)
	end := ev.Start.Add(ev.RoundLength * time.Duration(rounds))
	start := ev.Start
	if !start.After(r.now()) {
		start = r.now().Add(time.Minute)
	}
	se, err := r.s.GuildScheduledEventCreate(ev.GuildID, &discordgo.GuildScheduledEventParams{
		Name: words.Truncate(ev.Name, 100), Description: words.Truncate(strings.Join(present.EventLines(ev), "\n"), 1000),
		ScheduledStartTime: &start, ScheduledEndTime: &end, PrivacyLevel: discordgo.GuildScheduledEventPrivacyLevelGuildOnly,
		EntityType:     discordgo.GuildScheduledEventEntityTypeExternal,
		EntityMetadata: &discordgo.GuildScheduledEventEntityMetadata{Location: words.Truncate("Pinochle in #"+r.channelName(ev.GuildID, ev.ChannelID), 100)},
	}, discordgo.WithContext(ctx))
	if err != nil {
		r.log.Info("events: no scheduled event for the event", "event", ev.ID, "err", err)
		return ""
	}
	return se.ID
}

// channelName returns a channel's name as the bot knows it, or its ID.
func (r *Runner) channelName(guildID, channelID string) string {
	if c, err := r.state(guildID).Channel(channelID); err == nil && c.Name != "" {
		return c.Name
	}
	return channelID
}

// eventFor finds the event a command is about: the open event named by its event option
// (any event of that name, the newest, with anyStatus), else the open event of the channel
// (or of the thread's channel) it is used in, else the guild's one open event. refusal says
// why none, when none.
func (r *Runner) eventFor(ctx context.Context, i *discordgo.Interaction, opts commands.Options, anyStatus bool) (ev club.Event, refusal string, err error) {
	evs, err := r.store.GuildEvents(ctx, i.GuildID, 100)
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
	if c, err := r.state(i.GuildID).Channel(channel); err == nil && c.IsThread() {
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
func (r *Runner) organisedEvent(ctx context.Context, i *discordgo.Interaction, opts commands.Options) (club.Event, bool, error) {
	ev, refusal, err := r.eventFor(ctx, i, opts, false)
	switch {
	case err != nil:
		return ev, false, r.failed(i, "find the event", err)
	case refusal != "":
		return ev, false, r.reply(i, refusal)
	}
	switch ok, err := r.organises(ctx, i, &ev); {
	case err != nil:
		return ev, false, r.failed(i, "organiser role", err)
	case !ok:
		return ev, false, r.reply(i, present.MsgEventNotOrganiser)
	}
	return ev, true, nil
}

// organiserTurn serves an organiser's command on the event it names: the answer deferred,
// act runs in the runner's turn with the event's state as stored then.
func (r *Runner) organiserTurn(ctx context.Context, i *discordgo.Interaction, opts commands.Options, act func(club.State) error) error {
	ev, ok, err := r.organisedEvent(ctx, i, opts)
	if !ok {
		return err
	}
	if err := r.deferPrivate(i); err != nil {
		return err
	}
	r.turn.Lock()
	defer r.turn.Unlock()
	st, err := r.store.EventState(ctx, ev.ID)
	if err != nil {
		return r.editAnswer(i, present.MsgWrong, err)
	}
	return act(st)
}

// PauseEvent pauses an event's clock.
func (r *Runner) PauseEvent(ctx context.Context, i *discordgo.Interaction, opts commands.Options) error {
	return r.organiserTurn(ctx, i, opts, func(st club.State) error {
		return r.pause(ctx, i, st.Event)
	})
}

// pause pauses a running event (PauseEvent), in the runner's turn.
func (r *Runner) pause(ctx context.Context, i *discordgo.Interaction, ev club.Event) error {
	if ev.Status != club.StatusRunning {
		return r.editAnswer(i, present.MsgEventNotRunning, nil)
	}
	ev.Status, ev.PausedAt = club.StatusPaused, r.now()
	if err := r.store.UpdateEvent(ctx, ev); err != nil {
		return r.editAnswer(i, present.MsgWrong, err)
	}
	r.post.Enqueue(ev.ChannelID, &post.Message{Content: present.EventPaused(ev.Name)})
	r.nudge()
	return r.editAnswer(i, present.EventPaused(ev.Name), nil)
}

// ResumeEvent resumes a paused event: the round's deadline moves on by the pause.
func (r *Runner) ResumeEvent(ctx context.Context, i *discordgo.Interaction, opts commands.Options) error {
	return r.organiserTurn(ctx, i, opts, func(st club.State) error {
		return r.resume(ctx, i, st)
	})
}

// resume resumes a paused event (ResumeEvent), in the runner's turn.
func (r *Runner) resume(ctx context.Context, i *discordgo.Interaction, st club.State) error {
	ev := st.Event
	if ev.Status != club.StatusPaused {
		return r.editAnswer(i, present.MsgEventNotPaused, nil)
	}
	var deadline time.Time
	if cur := st.Current(); cur != nil {
		deadline = cur.Deadline.Add(r.now().Sub(ev.PausedAt))
		if err := r.store.UpdateRound(ctx, ev.ID, cur.Number, deadline); err != nil {
			return r.editAnswer(i, present.MsgWrong, err)
		}
	}
	ev.Status, ev.PausedAt = club.StatusRunning, time.Time{}
	if err := r.store.UpdateEvent(ctx, ev); err != nil {
		return r.editAnswer(i, present.MsgWrong, err)
	}
	r.post.Enqueue(ev.ChannelID, &post.Message{Content: present.EventResumed(ev.Name, deadline)})
	r.nudge()
	return r.editAnswer(i, present.EventResumed(ev.Name, deadline), nil)
}

// EndEvent ends an event now: before its start it is cancelled; after, its standings
// are final.
func (r *Runner) EndEvent(ctx context.Context, i *discordgo.Interaction, opts commands.Options) error {
	return r.organiserTurn(ctx, i, opts, func(st club.State) error {
		return r.end(ctx, i, st)
	})
}

// end ends an event (EndEvent), in the runner's turn.
func (r *Runner) end(ctx context.Context, i *discordgo.Interaction, st club.State) error {
	var err error
	switch st.Event.Status {
	case club.StatusSignup:
		err = r.cancelEvent(ctx, &st, fmt.Errorf("its organiser ended it before the start"))
	case club.StatusRunning, club.StatusPaused:
		err = r.finish(ctx, &st)
	default:
		return r.editAnswer(i, present.MsgEventOver, nil)
	}
	if err != nil {
		return r.editAnswer(i, present.MsgWrong, err)
	}
	return r.editAnswer(i, present.EventEnded(st.Event.Name, st.Event.ChannelID), nil)
}

// Standings shows an event's standings, for the channel, with a chart.
func (r *Runner) Standings(ctx context.Context, i *discordgo.Interaction, opts commands.Options) error {
	ev, refusal, err := r.eventFor(ctx, i, opts, true)
	switch {
	case err != nil:
		return r.failed(i, "find the event", err)
	case refusal != "":
		return r.reply(i, refusal)
	}
	st, err := r.store.EventState(ctx, ev.ID)
	if err != nil {
		return r.failed(i, "event", err)
	}
	if len(st.Rounds) == 0 {
		return r.reply(i, present.MsgEventNotStarted)
	}
	em, _, err := present.StandingsEmbedOf(&st, !st.Event.Status.Open())
	if err != nil {
		return r.failed(i, "standings", err)
	}
	if err := rest.Respond(r.s, i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{}}); err != nil {
		return err
	}
	data := &discordgo.InteractionResponseData{Embeds: []*discordgo.MessageEmbed{em}}
	png, err := eventChart(&st)
	r.attachChart(data, "event.png", png, err)
	return rest.EditResponse(r.s, r.appID(), i.Token, rest.IssuedAt(i), &discordgo.WebhookEdit{Embeds: &data.Embeds, Files: data.Files,
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
func (r *Runner) eventOf(ctx context.Context, i *discordgo.Interaction, id commands.EventID) (club.Event, bool, error) {
	ev, err := r.store.Event(ctx, id.Event)
	switch {
	case errors.Is(err, storage.ErrNotFound):
		return ev, false, r.reply(i, present.MsgForged)
	case err != nil:
		return ev, false, r.failed(i, "event", err)
	case ev.GuildID != i.GuildID:
		return ev, false, r.reply(i, present.MsgOtherGuild)
	case !ev.Status.Open():
		return ev, false, r.reply(i, present.MsgEventOver)
	}
	return ev, true, nil
}

// signupUpdate answers a click on the sign-up with the sign-up as it now is, in place.
func (r *Runner) signupUpdate(ctx context.Context, i *discordgo.Interaction, ev *club.Event) error {
	st, err := r.store.EventState(ctx, ev.ID)
	if err != nil {
		return r.failed(i, "event", err)
	}
	return rest.Respond(r.s, i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: &discordgo.InteractionResponseData{
		Embeds: []*discordgo.MessageEmbed{present.SignupEmbed(&st.Event, st.Players)}, Components: present.SignupControls(&st.Event),
		AllowedMentions: &discordgo.MessageAllowedMentions{},
	}})
}

// refreshSignup edits the sign-up message to the event as it now is.
func (r *Runner) refreshSignup(ctx context.Context, id int64) {
	st, err := r.store.EventState(ctx, id)
	if err != nil {
		r.log.Error("events: sign-up", "event", id, "err", err)
		return
	}
	r.editSignup(&st.Event, st.Players)
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

// Join enters the player who clicked Join; in an event of fixed partnerships, it
// asks them for their partners first.
func (r *Runner) Join(ctx context.Context, i *discordgo.Interaction, c commands.Control) error {
	id := c.(commands.EventID)
	ev, ok, err := r.eventOf(ctx, i, id)
	if !ok {
		return err
	}
	if ev.Status != club.StatusSignup {
		return r.reply(i, present.MsgEventEntryClosed)
	}
	if ev.Spec.Entry == event.Partnerships {
		st, err := r.store.EventState(ctx, ev.ID)
		if err != nil {
			return r.failed(i, "event", err)
		}
		if _, in := st.Player(who.User(i).ID); in {
			return r.reply(i, present.MsgEventEntered)
		}
		text, comps := present.PartnerMenu(&ev)
		return rest.Respond(r.s, i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: text, Components: comps, Flags: discordgo.MessageFlagsEphemeral,
				AllowedMentions: &discordgo.MessageAllowedMentions{}}})
	}
	err = r.store.JoinEvent(ctx, ev.ID, []club.Player{{UserID: who.User(i).ID, Name: who.Name(i), JoinedAt: r.now()}})
	if why := joinRefusal(err); why != "" {
		return r.reply(i, why)
	}
	if err != nil {
		return r.failed(i, "join event", err)
	}
	return r.signupUpdate(ctx, i, &ev)
}

// Partner enters the partnership of the player who chose their partners.
func (r *Runner) Partner(ctx context.Context, i *discordgo.Interaction, c commands.Control) error {
	id := c.(commands.EventID)
	ev, ok, err := r.eventOf(ctx, i, id)
	if !ok {
		return err
	}
	data, _ := i.Data.(discordgo.MessageComponentInteractionData)
	me := who.User(i)
	players := []club.Player{{UserID: me.ID, Name: who.Name(i), JoinedAt: r.now()}}
	for _, u := range data.Values {
		name, ok := resolvedName(data, u)
		switch {
		case u == me.ID:
			return r.reply(i, present.MsgEventPartnerSelf)
		case !ok:
			return r.reply(i, present.MsgEventPartnerBot)
		case !r.isMember(ctx, i.GuildID, u):
			return r.reply(i, present.MsgEventMemberLeft)
		}
		players = append(players, club.Player{UserID: u, Name: name, JoinedAt: r.now()})
	}
	if len(players) != ev.PlayersPerEntrant() {
		return r.reply(i, present.MsgForged)
	}
	err = r.store.JoinEvent(ctx, ev.ID, players)
	if errors.Is(err, storage.ErrConflict) {
		return r.reply(i, present.MsgEventPartnerTaken)
	}
	if why := joinRefusal(err); why != "" {
		return r.reply(i, why)
	}
	if err != nil {
		return r.failed(i, "join event", err)
	}
	r.refreshSignup(ctx, ev.ID)
	text := present.Joined(ev.Name, data.Values)
	return rest.Respond(r.s, i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: &discordgo.InteractionResponseData{
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

// Leave withdraws the player who clicked Leave (with their partnership).
func (r *Runner) Leave(ctx context.Context, i *discordgo.Interaction, c commands.Control) error {
	id := c.(commands.EventID)
	ev, ok, err := r.eventOf(ctx, i, id)
	if !ok {
		return err
	}
	_, err = r.store.LeaveEvent(ctx, ev.ID, who.User(i).ID)
	switch {
	case errors.Is(err, storage.ErrNotFound):
		return r.reply(i, present.MsgEventNotEntered)
	case errors.Is(err, storage.ErrEntryClosed):
		return r.reply(i, present.MsgEventEntryClosed)
	case err != nil:
		return r.failed(i, "leave event", err)
	}
	return r.signupUpdate(ctx, i, &ev)
}

// CheckIn checks in the player who clicked Check in, in the hour before the start.
func (r *Runner) CheckIn(ctx context.Context, i *discordgo.Interaction, c commands.Control) error {
	id := c.(commands.EventID)
	ev, ok, err := r.eventOf(ctx, i, id)
	if !ok {
		return err
	}
	switch {
	case !ev.CheckIn:
		return r.reply(i, present.MsgEventNoCheckIn)
	case ev.Status != club.StatusSignup:
		return r.reply(i, present.MsgEventEntryClosed)
	case r.now().Before(ev.CheckInOpens()):
		return r.reply(i, present.CheckInNotYet(ev.CheckInOpens()))
	}
	err = r.store.CheckIn(ctx, ev.ID, who.User(i).ID)
	switch {
	case errors.Is(err, storage.ErrNotFound):
		return r.reply(i, present.MsgEventNotEntered)
	case errors.Is(err, storage.ErrEntryClosed):
		return r.reply(i, present.MsgEventEntryClosed)
	case err != nil:
		return r.failed(i, "check in", err)
	}
	r.refreshSignup(ctx, ev.ID)
	return r.reply(i, present.MsgEventCheckedIn)
}

// TableControl serves an organiser's control of a table of the current round: void it,
// award it to a side, or have it played again. A control of an earlier round changes
// nothing.
func (r *Runner) TableControl(ctx context.Context, i *discordgo.Interaction, c commands.Control) error {
	id := c.(commands.EventID)
	ev, ok, err := r.eventOf(ctx, i, id)
	if !ok {
		return err
	}
	switch ok, err := r.organises(ctx, i, &ev); {
	case err != nil:
		return r.failed(i, "organiser role", err)
	case !ok:
		return r.reply(i, present.MsgEventNotOrganiser)
	}
	if err := r.deferPrivate(i); err != nil {
		return err
	}
	r.turn.Lock()
	defer r.turn.Unlock()
	st, err := r.store.EventState(ctx, ev.ID)
	if err != nil {
		return r.editAnswer(i, present.MsgWrong, err)
	}
	cur := st.Current()
	switch {
	case st.Event.Status != club.StatusRunning && st.Event.Status != club.StatusPaused:
		return r.editAnswer(i, present.MsgEventOver, nil)
	case cur == nil || id.Round != cur.Number:
		return r.editAnswer(i, present.MsgEventOldRound, nil)
	case id.Table < 1 || id.Table > len(cur.Round.Tables):
		return r.editAnswer(i, present.MsgEventNoTable, nil)
	}
	tb, ts := cur.Round.Tables[id.Table-1], cur.Tables[id.Table-1]
	_, hadResult := st.Result(cur.Number, tb.Number)
	var result *club.Result
	switch id.Action {
	case commands.EventVoid:
		result = &club.Result{Result: event.Result{Round: cur.Number, Table: tb.Number, Void: true}, How: club.HowVoid, At: r.now()}
	case commands.EventAward:
		if id.Side >= len(tb.Sides) {
			return r.editAnswer(i, present.MsgForged, nil)
		}
		result = &club.Result{Result: club.Awarded(cur.Number, tb.Number, len(tb.Sides), id.Side), How: club.HowAwarded, At: r.now()}
	}
	if result != nil {
		check := st
		check.Results = slices.DeleteFunc(slices.Clone(st.Results), func(r club.Result) bool { return r.Round == cur.Number && r.Table == tb.Number })
		if err := check.Tournament().CheckResult(result.Result); err != nil {
			if st.Event.Spec.Format == event.Elimination {
				return r.editAnswer(i, present.MsgEventEliminationNo, nil)
			}
			return r.editAnswer(i, present.Refusal(commands.EntrantsError(err)), nil)
		}
	}
	if hadResult || result == nil {
		if err := r.store.ReplayTable(ctx, ev.ID, cur.Number, tb.Number); err != nil {
			return r.editAnswer(i, present.MsgWrong, err)
		}
	}
	if result != nil {
		if err := r.store.RecordResult(ctx, ev.ID, *result); err != nil {
			return r.editAnswer(i, present.MsgWrong, err)
		}
	}
	if ts.Game != 0 {
		// The game in play there, if any, stops: its result no longer counts.
		if _, err := r.tables.Do(ctx, ts.Game, live.Abandon{By: live.Person{ID: who.User(i).ID, Name: who.Name(i), Manager: true}}); err != nil &&
			!errors.Is(err, live.ErrNoTable) {
			r.log.Warn("events: the game of a table the organiser changed could not be closed", "event", ev.ID, "game", ts.Game, "err", err)
		}
	}
	r.log.Info("event table changed by an organiser", "event", ev.ID, "round", cur.Number, "table", tb.Number, "action", string(id.Action))
	r.nudge()
	return r.editAnswer(i, present.TableDone(id.Action, cur.Number, tb.Number), nil)
}
