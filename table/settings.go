package table

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Settings are the bot's own choices for how it runs a table: its computer players'
// level, its Hint button, its turn mentions and forced cards, its turn timer and what
// happens when a seat's time runs out. They change how the bot runs the table, never the
// game: the rules are a preset and its options (Game.Preset and Game.Options, such as
// target, pass or counters), which engine.NewRules reads.
//
// In the zero value hints and autoplay are off; DefaultSettings are a table's settings
// when nobody chose. An empty Level, Ping, Timeout or Pace stands for its default
// (Normalize).
type Settings struct {
	// Level is how well the table's computer players play: one of Levels. A seat keeps
	// the level it was given (Seat.Computer); a computer player moving for a human (away,
	// or out of time) plays at this one.
	Level Level
	// Hints offers the Hint button (the expert's advice) in private hands.
	Hints bool
	// Ping is when the thread mentions the player whose turn it is.
	Ping PingMode
	// Autoplay plays a player's forced card, their only legal one, for them as soon as
	// their turn comes.
	Autoplay bool
	// Timer is how long a seat has to act; 0 for no limit. It is kept to the millisecond.
	Timer time.Duration
	// Timeout is what happens when a seat's time runs out.
	Timeout TimeoutPolicy
	// Pace is how quickly the computer players move while people watch.
	Pace Pace
	// Confirm makes a card button choose the card, and a second button play it, so that
	// a tap that misses is never a card played.
	Confirm bool
	// Kibitz lets the people who watch the table (and are not seated at it) see every
	// seat's cards as the hand is played; without it they see them once the hand is over.
	Kibitz bool
	// Cards is how the table's messages show cards: pictures (the zero value), pictures of
	// a four-colour deck, or text alone.
	Cards Cards
	// Unrated makes the game count for no record or rating, whoever plays it: an event
	// whose organiser chose so, or a daily deal.
	Unrated bool
	// Private keeps the table out of every channel: its one player follows it in the
	// private answers to their own commands and clicks (the daily deal).
	Private bool
}

// Cards is how a table's messages show cards: one of CardLooks.
type Cards string

// The card looks. Pictures are the zero value, as every table had before the look could
// be chosen.
const (
	CardsPictures   Cards = ""     // drawn cards, spades and clubs black, hearts and diamonds red
	CardsFourColour Cards = "four" // drawn cards of a four-colour deck: diamonds blue, clubs green
	CardsText       Cards = "text" // words and suit symbols only
)

// CardLooks returns the card looks, CardsPictures first.
func CardLooks() []Cards { return []Cards{CardsPictures, CardsFourColour, CardsText} }

// String names a card look as people choose it: pictures, four or text.
func (c Cards) String() string {
	if c == CardsPictures {
		return "pictures"
	}
	return string(c)
}

// ParseCards reads a card look as String names it.
func ParseCards(s string) (Cards, error) {
	for _, c := range CardLooks() {
		if c.String() == s {
			return c, nil
		}
	}
	return "", fmt.Errorf("cards %q: choose pictures, four or text", s)
}

// CardsPreference is a player's own card look: how the views only they see show cards
// (their private hand and its buttons, its hints and notices, the table they watch
// privately), whatever the table's Cards. A public message has many readers and keeps the
// table's look. The zero value leaves every view to its table's look.
type CardsPreference struct {
	// Own reports that the player chose a look; Cards is that look.
	Own   bool
	Cards Cards
}

// CardsTableDefault is how people name the absence of a preference (CardsPreference's zero
// value): each table's own look.
const CardsTableDefault = "table"

// Over returns the look of a view the player sees alone at a table whose look is
// tableCards: their own if they chose one, else the table's.
func (p CardsPreference) Over(tableCards Cards) Cards {
	if p.Own {
		return p.Cards
	}
	return tableCards
}

// String names a preference as people choose it: pictures, four, text, or table for none.
func (p CardsPreference) String() string {
	if !p.Own {
		return CardsTableDefault
	}
	return p.Cards.String()
}

// Check returns what makes a preference impossible: a look that is not one of CardLooks, or
// a look given with no choice made.
func (p CardsPreference) Check() error {
	if !p.Own {
		if p.Cards != CardsPictures {
			return fmt.Errorf("cards %q given without a choice of one's own", p.Cards)
		}
		return nil
	}
	return oneOf("cards", p.Cards, CardLooks())
}

// ParseCardsPreference reads a preference as String names it.
func ParseCardsPreference(s string) (CardsPreference, error) {
	if s == CardsTableDefault {
		return CardsPreference{}, nil
	}
	c, err := ParseCards(s)
	if err != nil {
		return CardsPreference{}, fmt.Errorf("cards %q: choose pictures, four, text or %s", s, CardsTableDefault)
	}
	return CardsPreference{Own: true, Cards: c}, nil
}

// DefaultSettings returns the settings of a table in a guild that chose none: the normal
// level, hints on, forced cards played for the player, turn mentions when they help, and
// ten minutes a turn, after which a computer player moves.
func DefaultSettings() Settings {
	return Settings{Level: DefaultLevel, Hints: true, Ping: PingAuto, Autoplay: true,
		Timer: 10 * time.Minute, Timeout: PolicyComputer, Pace: PaceNormal}
}

// Normalize brings settings to the form they are kept in: the default level, ping, pace
// and policy for none, the timer to the millisecond.
func (s *Settings) Normalize() {
	if s.Level == "" {
		s.Level = DefaultLevel
	}
	if s.Ping == "" {
		s.Ping = PingAuto
	}
	if s.Timeout == "" {
		s.Timeout = PolicyComputer
	}
	if s.Pace == "" {
		s.Pace = PaceNormal
	}
	s.Timer = s.Timer.Truncate(time.Millisecond)
}

// Check returns what makes normalized settings impossible, if anything: a negative timer,
// or a level, ping mode, policy or pace that is not one of its kind's.
func (s *Settings) Check() error {
	if s.Timer < 0 {
		return fmt.Errorf("negative turn timer %v", s.Timer)
	}
	return errors.Join(s.Level.Check(), oneOf("ping mode", s.Ping, PingModes()),
		oneOf("timeout policy", s.Timeout, TimeoutPolicies()), oneOf("pace", s.Pace, Paces()), oneOf("cards", s.Cards, CardLooks()))
}

// Level is how well a computer player plays: one of Levels.
type Level string

// The levels a table or a seat may play at, weakest first. Each is a level computer.New
// knows.
const (
	LevelEasy   Level = "easy"   // simple rules
	LevelNormal Level = "normal" // searches sampled deals a little
	LevelExpert Level = "expert" // searches many sampled deals
)

// DefaultLevel is the level of a table that chose none.
const DefaultLevel = LevelNormal

// Levels returns the levels a table may choose, weakest first.
func Levels() []Level { return []Level{LevelEasy, LevelNormal, LevelExpert} }

// Check returns nil if l is one of Levels, else an error that names l and lists them.
func (l Level) Check() error { return oneOf("level", l, Levels()) }

// PingMode is when a table's thread mentions the player whose turn it is.
type PingMode string

// The ping modes.
const (
	// PingAuto mentions a player only when it helps: once per turn, when they have not
	// acted within a grace period and have not clicked at the table in the last minute;
	// at once at tables whose turn timer is an hour or more.
	PingAuto PingMode = "auto"
	// PingAlways mentions the player at the start of every turn.
	PingAlways PingMode = "always"
	// PingNever mentions nobody for a turn (reminders of a turn timer still do).
	PingNever PingMode = "never"
)

// PingModes returns the ping modes, PingAuto first.
func PingModes() []PingMode { return []PingMode{PingAuto, PingAlways, PingNever} }

// Pace is how quickly a table's computer players move while people play with them: they
// pause before each move, longer once a trick is taken and after a hand, so that the people
// see what happened (the table runtime says how long).
type Pace string

// The paces.
const (
	PaceQuick  Pace = "quick"
	PaceNormal Pace = "normal"
	PaceSlow   Pace = "slow"
)

// Paces returns the paces, quickest first.
func Paces() []Pace { return []Pace{PaceQuick, PaceNormal, PaceSlow} }

// TimeoutPolicy is what happens when a seat's time runs out.
type TimeoutPolicy string

// The timeout policies.
const (
	// PolicyComputer: a computer player moves for the absent player, for that turn.
	PolicyComputer TimeoutPolicy = "computer"
	// PolicyForfeit: the absent player's team forfeits the game.
	PolicyForfeit TimeoutPolicy = "forfeit"
)

// TimeoutPolicies returns the timeout policies, PolicyComputer first.
func TimeoutPolicies() []TimeoutPolicy { return []TimeoutPolicy{PolicyComputer, PolicyForfeit} }

// oneOf returns nil if v is one of valid, else an error that names what v is and lists
// valid.
func oneOf[T ~string](what string, v T, valid []T) error {
	if slices.Contains(valid, v) {
		return nil
	}
	names := make([]string, len(valid))
	for i, x := range valid {
		names[i] = string(x)
	}
	return fmt.Errorf("%s %q is not one of %s", what, v, strings.Join(names, ", "))
}

// GuildSettings are a guild's choices.
type GuildSettings struct {
	// DefaultPreset and DefaultOptions are the rules a new table starts with
	// (engine.NewRules): options such as target, pass or counters.
	DefaultPreset  string
	DefaultOptions map[string]string
	// TableDefaults are how the bot runs a new table (its Game.Settings) unless the table
	// chooses otherwise. Their Timer is 0 (no limit) or from MinTurnTimer to MaxTurnTimer.
	TableDefaults Settings
	// HintsChosen reports that the guild chose TableDefaults.Hints. Until it does, hints
	// are on, except at tables opened while a league season runs.
	HintsChosen bool
	// ComputerGamesCount makes games with computer players count for records, ratings and
	// seasons (computer players themselves are never ranked).
	ComputerGamesCount bool
	// Channels are the channels the bot may use; none means every channel.
	Channels []string
}

// DefaultGuildSettings returns the settings of a guild that has chosen none.
func DefaultGuildSettings() GuildSettings {
	return GuildSettings{DefaultPreset: "racehorse", TableDefaults: DefaultSettings()}
}

// The bounds of a guild's turn timer (GuildSettings.TableDefaults.Timer), besides 0 for
// none.
const (
	MinTurnTimer = time.Minute
	MaxTurnTimer = 7 * 24 * time.Hour
)

// AllowsChannel reports whether the bot may use a channel.
func (s GuildSettings) AllowsChannel(channelID string) bool {
	return len(s.Channels) == 0 || slices.Contains(s.Channels, channelID)
}
