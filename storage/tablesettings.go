package storage

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/pinochle-discord/pinochle/table"
)

// legacyComputer is what the bot stored as every seat's computer player before seats kept
// their level: whatever it said, the seat played at its table's level.
const legacyComputer = "baseline"

// decodeSeatLevel reads a seat's stored computer player: none (""), a level, or
// legacyComputer, which is the table's level. Anything else is an error that names it.
func decodeSeatLevel(stored string, tableLevel table.Level) (table.Level, error) {
	switch stored {
	case "":
		return "", nil
	case legacyComputer:
		return tableLevel, nil
	}
	if err := table.Level(stored).Check(); err != nil {
		return "", fmt.Errorf("computer %w", err)
	}
	return table.Level(stored), nil
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
	keyKibitz   = "kibitz"
	keyCards    = "cards"
	keyUnrated  = "unrated"
	keyPrivate  = "private"
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
func encodeTableSettings(s table.Settings, withHints bool) (string, error) {
	o := map[string]string{keyLevel: string(s.Level), keyPing: string(s.Ping), keyAutoplay: onOff(s.Autoplay), keyPace: string(s.Pace)}
	if s.Confirm {
		o[keyConfirm] = onOff(s.Confirm) // left out when off, as every table stored before it
	}
	if s.Kibitz {
		o[keyKibitz] = onOff(s.Kibitz) // left out when off, as every table stored before it
	}
	if s.Cards != table.CardsPictures {
		o[keyCards] = string(s.Cards) // left out when pictures, as every table stored before it
	}
	if s.Unrated {
		o[keyUnrated] = onOff(s.Unrated) // likewise
	}
	if s.Private {
		o[keyPrivate] = onOff(s.Private) // likewise
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
func decodeTableSettings(js string, timerMS int64, policy string) (s table.Settings, hasHints bool, err error) {
	var o map[string]string
	if err := json.Unmarshal([]byte(js), &o); err != nil {
		return table.Settings{}, false, fmt.Errorf("decode table settings %s: %w", js, err)
	}
	s = table.DefaultSettings()
	s.Timer, s.Timeout = time.Duration(timerMS)*time.Millisecond, table.TimeoutPolicy(policy)
	for _, k := range slices.Sorted(maps.Keys(o)) {
		v := o[k]
		switch k {
		case keyLevel:
			s.Level = table.Level(v)
		case keyPing:
			s.Ping = table.PingMode(v)
		case keyPace:
			s.Pace = table.Pace(v)
		case keyCards:
			s.Cards = table.Cards(v)
		case keyHints, keyAutoplay, keyConfirm, keyUnrated, keyPrivate, keyKibitz:
			if v != "on" && v != "off" {
				return table.Settings{}, false, fmt.Errorf("decode table settings %s: %s %q is neither on nor off", js, k, v)
			}
			switch k {
			case keyHints:
				s.Hints, hasHints = v == "on", true
			case keyAutoplay:
				s.Autoplay = v == "on"
			case keyUnrated:
				s.Unrated = v == "on"
			case keyPrivate:
				s.Private = v == "on"
			case keyKibitz:
				s.Kibitz = v == "on"
			default:
				s.Confirm = v == "on"
			}
		default:
			return table.Settings{}, false, fmt.Errorf("decode table settings %s: there is no setting %q", js, k)
		}
	}
	if err := s.Check(); err != nil {
		return table.Settings{}, false, fmt.Errorf("decode table settings %s (timer %d ms, policy %q): %w", js, timerMS, policy, err)
	}
	return s, hasHints, nil
}
