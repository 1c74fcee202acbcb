package commands

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/internal/words"
	"github.com/pinochle-discord/pinochle/league/club"
	"github.com/pinochle-discord/pinochle/league/event"
	"github.com/pinochle-discord/pinochle/table"
)

// The league's events and the daily deal live under /league: /pinochle is near Discord's
// 4,000 characters a command, and the daily deal does not fit there either.
const (
	// GroupEvent is the subcommand group of events: /league event create, and so on.
	GroupEvent = "event"
	// The subcommands of /league event.
	SubEventCreate    = "create"
	SubEventPause     = "pause"
	SubEventResume    = "resume"
	SubEventEnd       = "end"
	SubEventStandings = "standings"
	// SubEventOrganisers names the server's organiser role, whose members organise every
	// event as if they could manage the server.
	SubEventOrganisers = "organisers"
	// SubDaily plays the day's deal privately; SubBoard shows the daily or weekly board.
	SubDaily = "daily"
	SubBoard = "board"
)

// Option names of the events and the daily deal.
const (
	OptFormat   = "format"
	OptEntry    = "entry"
	OptStart    = "start"
	OptRounds   = "rounds"
	OptDeals    = "deals"
	OptRound    = "round"
	OptLimit    = "limit"
	OptCheckIn  = "checkin"
	OptCounts   = "counts"
	OptDeadline = "deadline"
	OptRole     = "role"
	OptEvent    = "event"
	OptPeriod   = "period"
	OptNone     = "none"
)

// Values of the options of events and boards.
const (
	FormatRoundRobin  = "roundrobin"
	FormatSwiss       = "swiss"
	FormatElimination = "elimination"
	FormatDuplicate   = "duplicate"

	EntryAlone       = "alone"
	EntryPartners    = "partners"
	EntryNewPartners = "newpartners"

	PeriodDay  = "day"
	PeriodWeek = "week"
)

// roundChoices are the round lengths offered, name and value.
var roundChoices = [][2]string{
	{"15 minutes", "15m"}, {"30 minutes", "30m"}, {"1 hour", "1h"}, {"2 hours", "2h"}, {"1 day", "1d"},
	{"2 days", "2d"}, {"3 days", "3d"}, {"7 days", "7d"},
}

// LeagueEventOptions returns the subcommands /league gains for events and the daily deal:
// the group /league event and the subcommands /league daily and /league board.
func LeagueEventOptions(presets []string) []*discordgo.ApplicationCommandOption {
	eventName := func() *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: OptEvent,
			Description: "The event's name (this channel's when left out)", MaxLength: club.MaxNameLen}
	}
	round := stringOption(OptRound, "How long each round's tables have (default 1 hour)")
	for _, c := range roundChoices {
		round.Choices = append(round.Choices, choice(c[0], c[1]))
	}
	rounds := intOption(OptRounds, "Rounds (Swiss needs it; a full cycle when left out)", 1)
	rounds.MaxValue = event.MaxRounds
	deals := intOption(OptDeals, "Duplicate: deals each table plays a round (default 2)", 1)
	deals.MaxValue = event.MaxDeals
	limit := intOption(OptLimit, "Most entrants", 2)
	limit.MaxValue = event.MaxEntrants
	return []*discordgo.ApplicationCommandOption{
		{
			Type: discordgo.ApplicationCommandOptionSubCommandGroup, Name: GroupEvent,
			Description: "Tournaments and league nights: rounds, deadlines, standings",
			Options: []*discordgo.ApplicationCommandOption{
				sub(SubEventCreate, "Create an event with a sign-up here (Manage Server)",
					&discordgo.ApplicationCommandOption{
						Type: discordgo.ApplicationCommandOptionString, Name: OptName, Description: "The event's name",
						Required: true, MinLength: ptr(1), MaxLength: club.MaxNameLen,
					},
					&discordgo.ApplicationCommandOption{
						Type: discordgo.ApplicationCommandOptionString, Name: OptFormat, Description: "How rounds are paired", Required: true,
						Choices: []*discordgo.ApplicationCommandOptionChoice{choice("round robin", FormatRoundRobin),
							choice("Swiss", FormatSwiss), choice("single elimination", FormatElimination), choice("duplicate", FormatDuplicate)},
					},
					&discordgo.ApplicationCommandOption{
						Type: discordgo.ApplicationCommandOptionString, Name: OptStart, Required: true, MaxLength: 40,
						Description: `When entry closes: "in 2h", "2026-03-01 19:00" (UTC) or a Discord timestamp`,
					},
					presetOption(presets, false),
					&discordgo.ApplicationCommandOption{
						Type: discordgo.ApplicationCommandOptionString, Name: OptOptions, MaxLength: 500,
						Description: `Table options, such as "target=500" or "hands=2"`,
					},
					stringOption(OptEntry, "Team presets: fixed partnerships or new partners each round",
						choice("fixed partnerships", EntryPartners), choice("new partners every round", EntryNewPartners)),
					round, rounds, deals, limit,
					&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: OptCheckIn,
						Description: "Entrants check in during the hour before the start"},
					&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: OptCounts,
						Description: "Its games count for ratings and the season (default no)"},
					stringOption(OptDeadline, "Unfinished tables at a round's deadline",
						choice("computer players finish them", string(club.SettleComputer)),
						choice("the side the game waits for forfeits", string(club.SettleForfeit))),
					&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionRole, Name: OptRole,
						Description: "A role whose members organise it too"},
					levelOption(),
				),
				sub(SubEventPause, "Pause an event's clock (organisers)", eventName()),
				sub(SubEventResume, "Resume a paused event (organisers)", eventName()),
				sub(SubEventEnd, "End an event now, with its standings (organisers)", eventName()),
				sub(SubEventStandings, "Show an event's standings", eventName()),
				sub(SubEventOrganisers, "Name the role that organises every event here (Manage Server)",
					&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionRole, Name: OptRole,
						Description: "Its members create and run events (left out: show the role named)"},
					&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: OptNone,
						Description: "Name no organiser role any more"}),
			},
		},
		sub(SubDaily, "Play today's deal privately: everyone gets the same cards"),
		sub(SubBoard, "Show the daily deal's board",
			stringOption(OptPeriod, "Today's or this week's board (default today)", choice("today", PeriodDay), choice("this week", PeriodWeek))),
	}
}

// EventRequest is what /league event create asks for, read and checked.
type EventRequest struct {
	Name string
	Spec event.Event
	// Preset, Options and Level are the rules and computer players of its tables.
	Preset  string
	Options map[string]string
	Level   table.Level
	Round   time.Duration
	Start   time.Time
	Limit   int
	CheckIn bool
	Counts  bool
	Settle  club.Settle
	Role    string
}

// NewEventRequest reads /league event create's options: the event's description must be
// one that can run with some entrants (its format suits the preset's table; Swiss has its
// rounds), and its start must be from now to MaxStartAhead later. The errors are written
// for the organiser. Presets are the ones the bot offers, the first the default.
func NewEventRequest(opts Options, now time.Time, presets []string, defaultPreset string) (EventRequest, error) {
	var r EventRequest
	raw, _ := OptString(opts, OptName)
	name, err := EventName(raw)
	if err != nil {
		return r, err
	}
	r.Name = name
	r.Preset = defaultPreset
	if p, ok := OptString(opts, OptPreset); ok {
		r.Preset = p
	}
	if s, ok := OptString(opts, OptOptions); ok {
		if r.Options, err = ParseOptions(s); err != nil {
			return r, err
		}
	}
	rules, err := engine.NewRules(r.Preset, r.Options)
	if err != nil {
		return r, fmt.Errorf("cannot set up %s tables: %w", r.Preset, err)
	}
	f, _ := OptString(opts, OptFormat)
	switch f {
	case FormatRoundRobin:
		r.Spec.Format = event.RoundRobin
	case FormatSwiss:
		r.Spec.Format = event.Swiss
	case FormatElimination:
		r.Spec.Format = event.Elimination
	case FormatDuplicate:
		r.Spec.Format = event.Duplicate
		r.Spec.Deals = 2
	default:
		return r, fmt.Errorf("choose a format: round robin, Swiss, single elimination or duplicate")
	}
	r.Spec.Seats = rules.Players
	r.Spec.Entry = event.Individuals
	entry, hasEntry := OptString(opts, OptEntry)
	if r.Spec.Seats >= 4 {
		r.Spec.Entry = event.NewPartners
		if entry == EntryPartners {
			r.Spec.Entry = event.Partnerships
		}
	} else if hasEntry {
		return r, fmt.Errorf("%s is played alone: leave out the entry, which is for partnership presets", r.Preset)
	}
	if n, ok := OptInt(opts, OptRounds); ok {
		r.Spec.Rounds = int(n)
	}
	if n, ok := OptInt(opts, OptDeals); ok {
		if r.Spec.Format != event.Duplicate {
			return r, errors.New("only a duplicate event plays a set number of deals: leave deals out")
		}
		r.Spec.Deals = int(n)
	}
	if err := r.Spec.Validate(); err != nil {
		return r, eventError(err)
	}
	r.Round = time.Hour
	if s, ok := OptString(opts, OptRound); ok {
		d, ok := parseDuration(s)
		if !ok || d < club.MinRoundLength || d > club.MaxRoundLength {
			return r, fmt.Errorf("a round lasts from %s to %s, not %q", FormatTimer(club.MinRoundLength), FormatTimer(club.MaxRoundLength), s)
		}
		r.Round = d
	}
	s, _ := OptString(opts, OptStart)
	if r.Start, err = ParseStart(s, now); err != nil {
		return r, err
	}
	if n, ok := OptInt(opts, OptLimit); ok {
		r.Limit = int(n)
		if min := r.Spec.MinEntrants(); r.Limit < min {
			return r, fmt.Errorf("%s at %d seats needs at least %d entrants: a limit of %d leaves too few", r.Spec.Format, r.Spec.Seats, min, r.Limit)
		}
	}
	r.CheckIn, _ = OptBool(opts, OptCheckIn)
	r.Counts, _ = OptBool(opts, OptCounts)
	r.Settle = club.SettleComputer
	if s, ok := OptString(opts, OptDeadline); ok {
		r.Settle = club.Settle(s)
	}
	r.Role, _ = OptID(opts, OptRole)
	r.Level = table.LevelNormal
	if l, ok := OptString(opts, OptLevel); ok {
		r.Level = table.Level(l)
	}
	return r, nil
}

// eventError words package event's refusal of an event for an organiser.
func eventError(err error) error {
	msg := err.Error()
	for _, prefix := range []string{event.ErrEvent.Error() + ": ", event.ErrEntrants.Error() + ": "} {
		msg = strings.TrimPrefix(msg, prefix)
	}
	return errors.New(msg)
}

// EntrantsError words why an event cannot run with its entrants, for an organiser.
func EntrantsError(err error) error { return eventError(err) }

// EventName reads an event's name: without surrounding spaces, 1 to club.MaxNameLen
// characters on one line.
func EventName(s string) (string, error) {
	name := strings.TrimSpace(s)
	switch n := utf8.RuneCountInString(name); {
	case !utf8.ValidString(name):
		return "", errors.New("an event's name must be text")
	case n == 0 || n > club.MaxNameLen:
		return "", fmt.Errorf("give the event a name of 1 to %d characters (this one has %d)", club.MaxNameLen, n)
	case strings.IndexFunc(name, unicode.IsControl) >= 0:
		return "", errors.New("an event's name must stay on one line")
	}
	return name, nil
}

// MaxStartAhead is how far ahead an event may start.
const MaxStartAhead = 90 * 24 * time.Hour

// ParseStart reads when an event starts, from now: "in 2h" or "2h" (a duration, as a
// turn timer's, such as 30m, 1d or 1d12h), "2026-03-01 19:00" (UTC), a Discord timestamp
// such as <t:1772391600> or <t:1772391600:F>, or its number of seconds alone. The start is
// from now to MaxStartAhead later.
func ParseStart(s string, now time.Time) (time.Time, error) {
	t := strings.TrimSpace(s)
	lower := strings.ToLower(t)
	var at time.Time
	switch {
	case t == "":
		return time.Time{}, errors.New(`say when the event starts: "in 2h", "2026-03-01 19:00" (UTC) or a Discord timestamp`)
	case strings.HasPrefix(lower, "<t:") && strings.HasSuffix(lower, ">"):
		secs, _, _ := strings.Cut(strings.TrimSuffix(lower[3:], ">"), ":")
		n, err := parseDecimal(secs, 12)
		if err != nil {
			return time.Time{}, fmt.Errorf("%q is not a Discord timestamp", words.Truncate(t, 40))
		}
		at = time.Unix(n, 0)
	case isDecimal(lower) && len(lower) >= 9:
		n, err := parseDecimal(lower, 12)
		if err != nil {
			return time.Time{}, fmt.Errorf("%q is not a time", words.Truncate(t, 40))
		}
		at = time.Unix(n, 0)
	default:
		if d, ok := parseDuration(strings.TrimSpace(strings.TrimPrefix(lower, "in "))); ok {
			if d < 0 || d > MaxStartAhead {
				return time.Time{}, fmt.Errorf("an event starts within %s", FormatTimer(MaxStartAhead))
			}
			return now.Add(d).Truncate(time.Second), nil
		}
		var err error
		at, err = time.ParseInLocation("2006-01-02 15:04", strings.Join(strings.Fields(t), " "), time.UTC)
		if err != nil {
			return time.Time{}, fmt.Errorf(`%q is not a time I can read: write "in 2h", "2026-03-01 19:00" (UTC) or a Discord timestamp`, words.Truncate(t, 40))
		}
	}
	switch {
	case at.Before(now.Truncate(time.Minute)):
		return time.Time{}, fmt.Errorf("%s has passed: give a time to come", at.UTC().Format("2006-01-02 15:04 UTC"))
	case at.After(now.Add(MaxStartAhead)):
		return time.Time{}, fmt.Errorf("an event starts within %s", FormatTimer(MaxStartAhead))
	}
	return at.UTC(), nil
}

// eventPrefix names the encoding of an event's controls.
const eventPrefix = "ev1"

// EventAction is what an event's control does.
type EventAction string

// The controls of an event: its sign-up message's, and a table's, which organisers use.
const (
	EventJoin    EventAction = "join"    // enter the event (a partnership: choose the partners in a menu)
	EventLeave   EventAction = "leave"   // withdraw
	EventCheckIn EventAction = "checkin" // check in before the start
	EventPartner EventAction = "partner" // the menu of partners of a partnership that enters
	EventVoid    EventAction = "void"    // void table Table of round Round
	EventAward   EventAction = "award"   // award it to side Side
	EventReplay  EventAction = "replay"  // have it played again
)

// eventActionTable reports, for each action, whether it names a table (and award a side).
var eventActionTable = map[EventAction]bool{
	EventJoin: false, EventLeave: false, EventCheckIn: false, EventPartner: false,
	EventVoid: true, EventAward: true, EventReplay: true,
}

// Bounds of the numbers of an event's control.
const (
	maxEventDigits = 18
	maxRoundDigits = 2
	maxTableDigits = 3
)

// EventID is the custom ID of an event's control: "ev1:ACTION:EVENT" for the sign-up's,
// "ev1:ACTION:EVENT:ROUND:TABLE" for a table's, and "ev1:award:EVENT:ROUND:TABLE:SIDE".
// Side is from 0.
type EventID struct {
	Action             EventAction
	Event              int64
	Round, Table, Side int
}

// Route returns the route of an event's control: its action.
func (e EventID) Route() Route { return EventRoute(e.Action) }

// EventRoute returns the route of an event's controls that do a.
func EventRoute(a EventAction) Route { return Route(eventPrefix + ":" + string(a)) }

// String encodes the ID.
func (e EventID) String() string {
	s := fmt.Sprintf("%s:%s:%d", eventPrefix, e.Action, e.Event)
	if eventActionTable[e.Action] {
		s += fmt.Sprintf(":%d:%d", e.Round, e.Table)
		if e.Action == EventAward {
			s += ":" + strconv.Itoa(e.Side)
		}
	}
	return s
}

// ParseEventID reads an event control's custom ID strictly: a known action, the event
// (from 1), and for a table's control its round and table (from 1) and, to award, the side
// (0 to 2), as decimal numbers without signs or leading zeros.
func ParseEventID(s string) (EventID, error) {
	bad := func(what string) (EventID, error) {
		return EventID{}, fmt.Errorf("%w: %s in %q", ErrBadID, what, words.Truncate(s, 40))
	}
	parts := strings.Split(s, ":")
	if len(parts) < 3 || parts[0] != eventPrefix {
		return bad("not an event's control")
	}
	id := EventID{Action: EventAction(parts[1])}
	table, known := eventActionTable[id.Action]
	if !known {
		return bad("action")
	}
	want := 3
	if table {
		want = 5
		if id.Action == EventAward {
			want = 6
		}
	}
	if len(parts) != want {
		return bad("parts")
	}
	ev, err := parseDecimal(parts[2], maxEventDigits)
	if err != nil || ev < 1 {
		return bad("event")
	}
	id.Event = ev
	if table {
		round, err := parseDecimal(parts[3], maxRoundDigits)
		if err != nil || round < 1 || round > event.MaxRounds {
			return bad("round")
		}
		tb, err := parseDecimal(parts[4], maxTableDigits)
		if err != nil || tb < 1 || tb > event.MaxEntrants {
			return bad("table")
		}
		id.Round, id.Table = int(round), int(tb)
		if id.Action == EventAward {
			side, err := parseDecimal(parts[5], 1)
			if err != nil || side > 2 {
				return bad("side")
			}
			id.Side = int(side)
		}
	}
	return id, nil
}

// eventRoutes are the routes of every event control.
func eventRoutes() []Route {
	var out []Route
	for a := range eventActionTable {
		out = append(out, EventRoute(a))
	}
	return out
}
