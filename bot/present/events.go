package present

import (
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/internal/words"
	"github.com/pinochle-discord/pinochle/league/club"
	"github.com/pinochle-discord/pinochle/league/event"
)

// Private answers about league events.
const (
	MsgEventCreateManage  = "Creating an event needs the Manage Server permission, or the server's organiser role (`/league event organisers`)."
	MsgEventNotOrganiser  = "Only the event's organisers may do that: whoever created it, members of its organiser role or of the server's, and those with Manage Server."
	MsgOrganisersManage   = "Naming the server's organiser role needs the Manage Server permission."
	MsgOrganisersBoth     = "Name a role, or no role with `none:True`, not both."
	MsgOrganisersEveryone = "@everyone cannot be the organiser role: every member would create and end events. Name a role of the organisers."
	MsgEventNoneHere      = "There is no open event in this channel: name one with the `event` option, or create one with `/league event create`."
	MsgEventNameMany      = "Several events are open in this server: name one with the `event` option."
	MsgEventNoSuch        = "No open event of this server has that name."
	MsgEventNameTaken     = "An open event of this server has that name already: choose another, or end that one first."
	MsgEventEntered       = "You are entered already."
	MsgEventEntryClosed   = "Entry to this event is closed: it has started."
	MsgEventFull          = "This event is full."
	MsgEventNotEntered    = "You are not entered in this event, so nothing was changed."
	MsgEventOver          = "That event is over: its controls no longer change anything."
	MsgEventOldRound      = "That table belongs to a round that is over: its controls no longer change anything."
	MsgEventNoCheckIn     = "This event does not ask its entrants to check in."
	MsgEventCheckedIn     = "You are checked in. See you at the start!"
	MsgEventNotRunning    = "That event is not running, so there is nothing to pause."
	MsgEventNotPaused     = "That event is not paused."
	MsgEventPartnerSelf   = "Choose partners other than yourself: nothing was changed."
	MsgEventPartnerBot    = "Bots cannot enter an event: choose people as partners. Nothing was changed."
	MsgEventPartnerTaken  = "You or a partner you chose is entered already: nothing was changed."
	MsgEventNoTable       = "That table is not one of the event's."
	MsgEventEliminationNo = "A single-elimination table needs someone to go through: award it, or have it replayed."
	MsgEventNotStarted    = "The event has not started: it has no standings yet."
	MsgEventChannel       = "Events are not run in this channel: the server keeps the bot to its chosen channels."
	MsgEventMemberLeft    = "That partner is not a member of this server: nothing was changed."
)

// EventCreated tells an organiser where the sign-up of their event is.
func EventCreated(name, channelID string, start time.Time) string {
	return fmt.Sprintf("**%s** is created: its sign-up is in %s, and entry closes %s.", Escape(name), Channel(channelID), When(start))
}

// When writes a time as Discord shows it to each reader, in their own zone: the date and
// time, and how long from now.
func When(t time.Time) string { return fmt.Sprintf("<t:%d:f> (<t:%d:R>)", t.Unix(), t.Unix()) }

// CheckInNotYet answers a check-in before its window opens.
func CheckInNotYet(opens time.Time) string {
	return fmt.Sprintf("Check-in opens an hour before the start, %s. Nothing was changed.", When(opens))
}

// EventPaused, EventResumed and EventEnded confirm an organiser's control.
func EventPaused(name string) string {
	return fmt.Sprintf("**%s** is paused: no round opens and no deadline falls until `/league event resume`. Games under way go on.", Escape(name))
}

func EventResumed(name string, deadline time.Time) string {
	if deadline.IsZero() {
		return fmt.Sprintf("**%s** runs again.", Escape(name))
	}
	return fmt.Sprintf("**%s** runs again: this round's deadline is now %s.", Escape(name), When(deadline))
}

func EventEnded(name, channelID string) string {
	return fmt.Sprintf("**%s** is over: its final standings are in %s.", Escape(name), Channel(channelID))
}

// Joined confirms a partnership's entry, privately.
func Joined(name string, partners []string) string {
	var ms []string
	for _, p := range partners {
		ms = append(ms, Mention(p))
	}
	return fmt.Sprintf("You are entered in **%s** with %s.", Escape(name), words.Join(ms, "and"))
}

// TableDone answers an organiser's control of a table.
func TableDone(action commands.EventAction, round, table int) string {
	switch action {
	case commands.EventVoid:
		return fmt.Sprintf("Round %d, table %d is void: it counts for nobody.", round, table)
	case commands.EventAward:
		return fmt.Sprintf("Round %d, table %d is awarded.", round, table)
	}
	return fmt.Sprintf("Round %d, table %d is played again: a new game opens in its thread.", round, table)
}

// formatName is a format's name as a sentence starts it.
func formatName(f event.Format) string { return words.Capitalise(f.String()) }

// EventLines describes an event: its format, rules, rounds, timing and what counts.
func EventLines(e *club.Event) []string {
	rounds := "a full cycle of rounds"
	switch {
	case e.Spec.Format == event.Elimination:
		rounds = "rounds until a winner"
	case e.Spec.Rounds > 0:
		rounds = words.Count(e.Spec.Rounds, "round")
	}
	rules := e.Preset
	if len(e.Options) > 0 {
		rules += " (" + commands.FormatOptions(e.Options) + ")"
	}
	lines := []string{
		fmt.Sprintf("**%s** · %s · %s", formatName(e.Spec.Format), rules, e.Spec.Entry),
		fmt.Sprintf("%s of %s each", words.Capitalise(rounds), Duration(e.RoundLength)),
	}
	if e.Spec.Format == event.Duplicate {
		lines = append(lines, fmt.Sprintf("Every table plays the same %s a round, scored in matchpoints", words.Count(e.Spec.Deals, "deal")))
	}
	settle := "computer players finish unfinished tables at a round's deadline"
	if e.Settle == club.SettleForfeit {
		settle = "at a round's deadline, the side an unfinished game waits for forfeits it"
	}
	lines = append(lines, words.Capitalise(settle))
	counts := "Its games do not count for ratings"
	if e.Counts {
		counts = "Its games count for ratings and the season"
	}
	lines = append(lines, counts)
	return lines
}

// SignupEmbed shows an event's sign-up: what it is, when entry closes, and who is in.
func SignupEmbed(e *club.Event, players []club.Player) *discordgo.MessageEmbed {
	lines := EventLines(e)
	switch e.Status {
	case club.StatusSignup:
		lines = append(lines, "Entry closes "+When(e.Start))
		if e.CheckIn {
			lines = append(lines, "Entrants check in during the hour before: those who have not are left out")
		}
	case club.StatusCancelled:
		lines = append(lines, "**Cancelled.**")
	default:
		lines = append(lines, "**Entry is closed.**")
	}
	names := club.Names(players)
	var in []string
	for _, en := range club.Entrants(players) {
		n := Escape(names[en.ID])
		if e.CheckIn && e.Status == club.StatusSignup && checkedIn(players, en) {
			n += " ✅"
		}
		in = append(in, n)
	}
	limit := ""
	if e.EntryLimit > 0 {
		limit = fmt.Sprintf(" of %d", e.EntryLimit)
	}
	em := &discordgo.MessageEmbed{
		Title:       words.Truncate("Event · "+Escape(e.Name), 256),
		Color:       ColourActive,
		Description: words.Truncate(strings.Join(lines, "\n"), 2000),
		Fields: []*discordgo.MessageEmbedField{{
			Name:  fmt.Sprintf("Entrants (%d%s)", len(in), limit),
			Value: words.Truncate(orNone(strings.Join(in, ", ")), 1024),
		}},
	}
	if e.Status != club.StatusSignup {
		em.Color = ColourOver
	}
	return em
}

// checkedIn reports whether every player of an entrant checked in.
func checkedIn(players []club.Player, en event.Entrant) bool {
	for _, id := range en.Members() {
		for _, p := range players {
			if p.UserID == id && !p.CheckedIn {
				return false
			}
		}
	}
	return true
}

func orNone(s string) string {
	if s == "" {
		return "Nobody yet: press **Join**."
	}
	return s
}

// SignupControls are the sign-up's buttons while entry is open: Join, Leave and, where the
// event asks for it, Check in; none once it is closed.
func SignupControls(e *club.Event) []discordgo.MessageComponent {
	if e.Status != club.StatusSignup {
		return []discordgo.MessageComponent{}
	}
	id := func(a commands.EventAction) string { return commands.EventID{Action: a, Event: e.ID}.String() }
	buttons := []discordgo.MessageComponent{
		discordgo.Button{Label: "Join", Style: discordgo.SuccessButton, CustomID: id(commands.EventJoin)},
		discordgo.Button{Label: "Leave", Style: discordgo.SecondaryButton, CustomID: id(commands.EventLeave)},
	}
	if e.CheckIn {
		buttons = append(buttons, discordgo.Button{Label: "Check in", Style: discordgo.PrimaryButton, CustomID: id(commands.EventCheckIn)})
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: buttons}}
}

// PartnerMenu asks a player who joins a partnership event to choose their partners.
func PartnerMenu(e *club.Event) (string, []discordgo.MessageComponent) {
	n := e.PlayersPerEntrant() - 1
	text := fmt.Sprintf("**%s** is played by fixed partnerships: choose your %s.", Escape(e.Name), words.Count(n, "partner"))
	if n > 1 {
		text = fmt.Sprintf("**%s** is played by fixed partnerships: choose your %d partners.", Escape(e.Name), n)
	}
	return text, []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.SelectMenu{MenuType: discordgo.UserSelectMenu, CustomID: commands.EventID{Action: commands.EventPartner, Event: e.ID}.String(),
			Placeholder: "Your partners", MinValues: &n, MaxValues: n},
	}}}
}

// eventSide names a table's side: its players' mentions, joined.
func eventSide(side []string, mention bool, names map[string]string) string {
	var ps []string
	for _, id := range side {
		if mention {
			ps = append(ps, Mention(id))
		} else {
			ps = append(ps, Escape(names[id]))
		}
	}
	return strings.Join(ps, " & ")
}

// playersOf returns a table's players in their sides' order.
func playersOf(tb event.Table, entrants map[string][]string) [][]string {
	var out [][]string
	for _, side := range tb.Sides {
		var ps []string
		for _, en := range side {
			ps = append(ps, entrants[en]...)
		}
		out = append(out, ps)
	}
	return out
}

// TableCall announces a table of a round in the event's channel: who plays whom, mentioned,
// and until when. It returns the message and the users it mentions.
func TableCall(e *club.Event, round club.Round, tb event.Table, entrants map[string][]string) (string, []string) {
	var sides []string
	var users []string
	for _, side := range playersOf(tb, entrants) {
		sides = append(sides, eventSide(side, true, nil))
		users = append(users, side...)
	}
	text := fmt.Sprintf("**%s · round %d · table %d**\n%s\nPlay in the thread below before %s.", Escape(e.Name), round.Number, tb.Number,
		strings.Join(sides, " **v** "), When(round.Deadline))
	if e.Spec.Format == event.Duplicate {
		text += fmt.Sprintf(" Your table plays %s, the same cards as every other table.", words.Count(len(tb.Deals), "deal"))
	}
	return text, users
}

// TableControls are an organiser's controls of a table: void it, award it to a side, or
// have it replayed.
func TableControls(e *club.Event, round int, tb event.Table, entrants map[string][]string, names map[string]string) []discordgo.MessageComponent {
	id := commands.EventID{Event: e.ID, Round: round, Table: tb.Number}
	with := func(a commands.EventAction, side int) string {
		id.Action, id.Side = a, side
		return id.String()
	}
	buttons := []discordgo.MessageComponent{}
	if e.Spec.Format != event.Elimination && e.Spec.Format != event.Duplicate {
		buttons = append(buttons, discordgo.Button{Label: "Void", Style: discordgo.SecondaryButton, CustomID: with(commands.EventVoid, 0)})
	}
	if e.Spec.Format != event.Duplicate {
		for s, side := range playersOf(tb, entrants) {
			buttons = append(buttons, discordgo.Button{Label: words.Truncate("Award to "+eventSide(side, false, names), 80),
				Style: discordgo.SecondaryButton, CustomID: with(commands.EventAward, s)})
		}
	}
	buttons = append(buttons, discordgo.Button{Label: "Replay", Style: discordgo.SecondaryButton, CustomID: with(commands.EventReplay, 0)})
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: buttons}}
}

// TableThread names a table's thread.
func TableThread(e *club.Event, round, table int) string {
	return words.Truncate(fmt.Sprintf("%s · R%d T%d", e.Name, round, table), 100)
}

// RoundOpened announces a round: its tables, deadline and who sits out.
func RoundOpened(e *club.Event, round club.Round, total int, byes []string, names map[string]string) string {
	of := ""
	if total > 0 {
		of = fmt.Sprintf(" of %d", total)
	}
	text := fmt.Sprintf("📣 **%s · round %d%s** is open: %s, until %s.", Escape(e.Name), round.Number, of,
		words.Count(len(round.Tables), "table"), When(round.Deadline))
	if len(byes) > 0 {
		var ns []string
		for _, b := range byes {
			ns = append(ns, Escape(names[b]))
		}
		text += fmt.Sprintf(" Sitting out: %s.", words.Join(ns, "and"))
	}
	return text
}

// RoundReminder reminds the players a table waits for of the round's deadline, and what
// happens then.
func RoundReminder(users []string, deadline time.Time, settle club.Settle) string {
	var ms []string
	for _, u := range users {
		ms = append(ms, Mention(u))
	}
	then := "computer players finish the game"
	if settle == club.SettleForfeit {
		then = "your side forfeits the game"
	}
	return fmt.Sprintf("⏰ %s: your table waits for you. The round ends %s; then %s.", strings.Join(ms, " "), When(deadline), then)
}

// EventStarted says that entry is closed, and who plays.
func EventStarted(e *club.Event, entrants int, left []string, names map[string]string) string {
	text := fmt.Sprintf("🏁 Entry to **%s** is closed: %s play.", Escape(e.Name), words.Count(entrants, "entrant"))
	if len(left) > 0 {
		var ns []string
		for _, u := range left {
			ns = append(ns, Escape(names[u]))
		}
		text += fmt.Sprintf(" Left out (not checked in, or no longer in the server): %s.", words.Join(ns, "and"))
	}
	return text
}

// EventCancelled says that an event could not run, and why.
func EventCancelled(name string, why error) string {
	return fmt.Sprintf("**%s** is cancelled: %s.", Escape(name), why)
}

// StandingLines are an event's standings, the best first, for its standings message, and
// the entrants who lead.
func StandingLines(st *club.State) (lines []string, leaders []string, err error) {
	t := st.Tournament()
	names := club.Names(st.Players)
	if st.Event.Spec.Format == event.Duplicate {
		mps, err := t.Matchpoints()
		if err != nil {
			return nil, nil, err
		}
		for _, m := range mps {
			if m.Rank == 1 && m.Deals > 0 {
				leaders = append(leaders, m.Entrant)
			}
			lines = append(lines, fmt.Sprintf("%s **%s** · %.1f%% · %d of %d matchpoints over %s", rankMark(m.Rank),
				Escape(names[m.Entrant]), m.Percent, m.Matchpoints, m.Top, words.Count(m.Deals, "deal")))
		}
		return lines, leaders, nil
	}
	sts, err := t.Standings()
	if err != nil {
		return nil, nil, err
	}
	for _, s := range sts {
		if s.Rank == 1 && s.Played > 0 {
			leaders = append(leaders, s.Entrant)
		}
		line := fmt.Sprintf("%s **%s** · %s · %d–%d–%d", rankMark(s.Rank), Escape(names[s.Entrant]), score(s.Score), s.Wins, s.Draws, s.Losses)
		switch st.Event.Spec.Format {
		case event.Swiss:
			line += fmt.Sprintf(" · Buchholz %s · %+d", score(s.Buchholz), s.PointDifference())
		case event.RoundRobin:
			line += fmt.Sprintf(" · %+d", s.PointDifference())
		}
		lines = append(lines, line)
	}
	return lines, leaders, nil
}

// score writes a score in halves: 2, 2½.
func score(f float64) string {
	whole := int(f)
	if f-float64(whole) >= 0.5 {
		if whole == 0 {
			return "½"
		}
		return fmt.Sprintf("%d½", whole)
	}
	return fmt.Sprint(whole)
}

// rankMark marks a rank: a trophy for the first.
func rankMark(rank int) string {
	if rank == 1 {
		return "🏆"
	}
	return fmt.Sprintf("%d.", rank)
}

// StandingsEmbedOf shows an event's standings, with how ties are broken; final marks the
// standings at its end.
func StandingsEmbedOf(st *club.State, final bool) (*discordgo.MessageEmbed, []string, error) {
	lines, leaders, err := StandingLines(st)
	if err != nil {
		return nil, nil, err
	}
	title := "Standings · " + Escape(st.Event.Name)
	if final {
		title = "Final standings · " + Escape(st.Event.Name)
	}
	played := 0 // the rounds every table of which has its result
	for _, r := range st.Rounds {
		done := true
		for _, tb := range r.Round.Tables {
			if st.Event.Spec.Format == event.Duplicate {
				done = done && len(st.DealsOf(r.Number, tb.Number)) == len(tb.Deals)
			} else if _, ok := st.Result(r.Number, tb.Number); !ok {
				done = false
			}
		}
		if done {
			played = r.Number
		}
	}
	e := &discordgo.MessageEmbed{Title: words.Truncate(title, 256), Color: ColourActive,
		Description: words.Truncate(strings.Join(lines, "\n"), 4000)}
	var foot string
	switch st.Event.Spec.Format {
	case event.Swiss:
		foot = "Score: 1 a win or bye, ½ a draw. Ties broken by Buchholz (opponents' scores), head-to-head, then point difference."
	case event.RoundRobin:
		foot = "Score: 1 a win or bye, ½ a draw. Ties broken by head-to-head, then point difference."
	case event.Elimination:
		foot = "Placed by the round reached; the winner of the final first."
	case event.Duplicate:
		foot = "Matchpoints: 2 for every result on the same cards beaten, 1 for each tied."
	}
	if played > 0 && !final {
		foot = fmt.Sprintf("After round %d. ", played) + foot
	}
	e.Footer = &discordgo.MessageEmbedFooter{Text: foot}
	if final {
		e.Color = ColourOver
	}
	var champions []string
	for _, l := range leaders {
		for _, en := range club.Entrants(st.Players) {
			if en.ID == l {
				champions = append(champions, en.Members()...)
			}
		}
	}
	return e, champions, nil
}

// EventOver announces an event's end and its winners.
func EventOver(name string, champions []string) string {
	if len(champions) == 0 {
		return fmt.Sprintf("🏁 **%s** is over.", Escape(name))
	}
	var ms []string
	for _, c := range champions {
		ms = append(ms, Mention(c))
	}
	return fmt.Sprintf("🏆 **%s** is over: congratulations to %s!", Escape(name), words.Join(ms, "and"))
}

// OrganiserRole says which role organises the server's events, privately.
func OrganiserRole(roleID string) string {
	if roleID == "" {
		return "This server names no organiser role: those with Manage Server create and run its events (and an event's own role, where it names one). `/league event organisers role:` names one."
	}
	return "<@&" + roleID + "> organises this server's events: its members create and run them, as those with Manage Server do. `/league event organisers none:True` names none."
}

// OrganisersSet confirms the server's organiser role named (or none), or that nothing
// changed.
func OrganisersSet(roleID string, changed bool) string {
	if !changed {
		return "Nothing changed. " + OrganiserRole(roleID)
	}
	return "Done. " + OrganiserRole(roleID)
}
