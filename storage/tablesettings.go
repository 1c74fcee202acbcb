package storage

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"
)

// TableSettings are the bot's own choices for how it runs a table: its computer players'
// level, its Hint button, its turn mentions and forced cards, its turn timer and what
// happens when a seat's time runs out. They change how the bot runs the table, never the
// game: the rules are a preset and its options (Game.Preset and Game.Options, such as
// target, pass or counters), which engine.NewRules reads.
//
// In the zero value hints and autoplay are off; DefaultTableSettings are a table's
// settings when nobody chose. An empty Level, Ping, Timeout or Pace is stored as its
// default.
type TableSettings struct {
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
}

// DefaultTableSettings returns the settings of a table in a guild that chose none: the
// normal level, hints on, forced cards played for the player, turn mentions when they
// help, and ten minutes a turn, after which a computer player moves.
func DefaultTableSettings() TableSettings {
	return TableSettings{Level: DefaultLevel, Hints: true, Ping: PingAuto, Autoplay: true,
		Timer: 10 * time.Minute, Timeout: PolicyComputer, Pace: PaceNormal}
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

// legacyComputer is what the bot stored as every seat's computer player before seats kept
// their level: whatever it said, the seat played at its table's level.
const legacyComputer = "baseline"

// decodeSeatLevel reads a seat's stored computer player: none (""), a level, or
// legacyComputer, which is the table's level. Anything else is an error that names it.
func decodeSeatLevel(stored string, table Level) (Level, error) {
	switch stored {
	case "":
		return "", nil
	case legacyComputer:
		return table, nil
	}
	if err := oneOf("computer level", Level(stored), Levels()); err != nil {
		return "", err
	}
	return Level(stored), nil
}

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
// see what happened (the bot's table runtime says how long).
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
	// PolicyForfeit: the absent player's team forfeits the game (EndGame with league.Forfeit).
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

// normalize brings settings to the form they are stored in: the default level, ping and
// policy for none, the timer to the millisecond.
func (s *TableSettings) normalize() {
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

// check returns what makes normalized settings impossible to store, if anything.
func (s *TableSettings) check() error {
	if s.Timer < 0 {
		return fmt.Errorf("negative turn timer %v", s.Timer)
	}
	return errors.Join(oneOf("level", s.Level, Levels()), oneOf("ping mode", s.Ping, PingModes()),
		oneOf("timeout policy", s.Timeout, TimeoutPolicies()), oneOf("pace", s.Pace, Paces()))
}

// The keys of a table's settings as stored: a JSON object of strings (the level, "on" or
// "off" for hints and autoplay, the ping mode, the pace), beside the timer and the timeout policy,
// which have columns of their own. An object that leaves a key out stands for its default,
// as tables stored before the key existed do.
const (
	keyLevel    = "level"
	keyHints    = "hints"
	keyPing     = "ping"
	keyAutoplay = "autoplay"
	keyPace     = "pace"
	keyConfirm  = "confirm"
)

// onOff writes a switch as stored.
func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// encodeTableSettings returns the JSON object of normalized settings, for their column.
// Hints is written only with withHints: a guild that never chose them leaves the key out.
func encodeTableSettings(s TableSettings, withHints bool) (string, error) {
	o := map[string]string{keyLevel: string(s.Level), keyPing: string(s.Ping), keyAutoplay: onOff(s.Autoplay), keyPace: string(s.Pace)}
	if s.Confirm {
		o[keyConfirm] = onOff(s.Confirm) // left out when off, as every table stored before it
	}
	if withHints {
		o[keyHints] = onOff(s.Hints)
	}
	b, err := json.Marshal(o)
	if err != nil {
		return "", fmt.Errorf("encode table settings: %w", err)
	}
	return string(b), nil
}

// decodeTableSettings reads stored settings: the JSON object of their column, the timer in
// milliseconds and the timeout policy. A key the object leaves out has its default, and
// hasHints reports whether the object holds hints. A value that is not one of its
// setting's, or a key that is no setting, is an error that names it.
func decodeTableSettings(js string, timerMS int64, policy string) (s TableSettings, hasHints bool, err error) {
	var o map[string]string
	if err := json.Unmarshal([]byte(js), &o); err != nil {
		return TableSettings{}, false, fmt.Errorf("decode table settings %s: %w", js, err)
	}
	s = DefaultTableSettings()
	s.Timer, s.Timeout = time.Duration(timerMS)*time.Millisecond, TimeoutPolicy(policy)
	for _, k := range slices.Sorted(maps.Keys(o)) {
		v := o[k]
		switch k {
		case keyLevel:
			s.Level = Level(v)
		case keyPing:
			s.Ping = PingMode(v)
		case keyPace:
			s.Pace = Pace(v)
		case keyHints, keyAutoplay, keyConfirm:
			if v != "on" && v != "off" {
				return TableSettings{}, false, fmt.Errorf("decode table settings %s: %s %q is neither on nor off", js, k, v)
			}
			switch k {
			case keyHints:
				s.Hints, hasHints = v == "on", true
			case keyAutoplay:
				s.Autoplay = v == "on"
			default:
				s.Confirm = v == "on"
			}
		default:
			return TableSettings{}, false, fmt.Errorf("decode table settings %s: there is no setting %q", js, k)
		}
	}
	if err := s.check(); err != nil {
		return TableSettings{}, false, fmt.Errorf("decode table settings %s (timer %d ms, policy %q): %w", js, timerMS, policy, err)
	}
	return s, hasHints, nil
}
