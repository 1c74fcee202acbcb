package record

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/pinochle-discord/pinochle/engine"
)

// Format and Version identify the export file. Version changes with any change to the
// fields; Decode reads only the versions it knows (today: 1 and 2). Version 2 added
// two-handed and three-handed: the actions meld, draw and declare_out, the outcome
// declared_out, each result's seat_delta and seat_scores, the file's seat_scores and a seat
// as a three-handed winner. A file of the other presets reads the same in both.
const (
	Format  = "pinochle-game"
	Version = 2
)

// MaxFileSize is the largest export file Decode reads.
const MaxFileSize = 8 << 20

// maxNameLen is the longest seat name, in characters, a file may hold.
const maxNameLen = 100

// Seat is one seat of an exported game.
type Seat struct {
	Name     string `json:"name"`
	Computer bool   `json:"computer,omitempty"` // a computer player held the seat
}

// File is an exported game: everything needed to replay it through the engine, and the
// results it recorded. docs/export.md describes its JSON form.
type File struct {
	Format  string       `json:"format"`
	Version int          `json:"version"`
	GameID  string       `json:"game_id,omitempty"`
	Rules   engine.Rules `json:"rules"` // rules.preset and rules.options name the table
	// Seed is written as a decimal string: JSON numbers lose precision past 2^53.
	Seed    uint64              `json:"seed,string"`
	Seats   []Seat              `json:"seats"`
	Actions []engine.Action     `json:"actions"`
	Results []engine.HandResult `json:"results"`
	Scores  [2]int              `json:"scores"`
	// SeatScores are every player's scores in three-handed, where each scores alone (the
	// team Scores stay zero there).
	SeatScores []int `json:"seat_scores,omitempty"`
	Finished   bool  `json:"finished"`
	// Winner is the winning team, 0 or 1 (in three-handed the winning seat); -1 for a draw
	// or an unfinished game.
	Winner  int       `json:"winner"`
	Started time.Time `json:"started,omitzero"`
	Ended   time.Time `json:"ended,omitzero"`
}

// FromGame builds the export file of game g. seats holds the seat names in seat order.
func FromGame(g *engine.Game, gameID string, seats []Seat, started, ended time.Time) File {
	return File{
		Format: Format, Version: Version, GameID: gameID,
		Rules: *g.Rules(), Seed: g.Seed(),
		Seats:   slices.Clone(seats),
		Actions: g.Log(), Results: slices.Clone(g.Results()),
		Scores: g.Scores(), Finished: g.Over(), Winner: g.Winner(),
		SeatScores: seatScores(g),
		Started:    started.UTC(), Ended: ended.UTC(),
	}
}

// seatScores returns the players' scores of a game where each scores alone, else nil.
func seatScores(g *engine.Game) []int {
	if !g.Rules().Solo {
		return nil
	}
	sc := g.SeatScores()
	return slices.Clone(sc[:g.Rules().Players])
}

// Names returns the seat names in seat order.
func (f *File) Names() []string {
	out := make([]string, len(f.Seats))
	for i, s := range f.Seats {
		out[i] = s.Name
	}
	return out
}

// Encode writes f as indented JSON.
func Encode(w io.Writer, f File) error {
	b, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return fmt.Errorf("encode game file: %w", err)
	}
	b = append(b, '\n')
	if _, err := w.Write(b); err != nil {
		return fmt.Errorf("write game file: %w", err)
	}
	return nil
}

// Decode reads an export file strictly: the format and a known version, no unknown
// field, rules that the named preset and options build, one seat per player, and
// actions the engine accepts in order. It does not compare the recorded results: Check
// does.
func Decode(r io.Reader) (File, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	if err != nil {
		return File{}, fmt.Errorf("read game file: %w", err)
	}
	if len(data) > MaxFileSize {
		return File{}, fmt.Errorf("game file is larger than %d bytes", MaxFileSize)
	}
	var head struct {
		Format  string          `json:"format"`
		Version int             `json:"version"`
		Seed    json.RawMessage `json:"seed"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return File{}, fmt.Errorf("not a game file: %w", err)
	}
	if head.Format != Format {
		return File{}, fmt.Errorf("not a game file: format is %q, want %q", head.Format, Format)
	}
	if head.Version != 1 && head.Version != Version {
		return File{}, fmt.Errorf("game file version %d is not supported (this tool reads versions 1 and %d)", head.Version, Version)
	}
	if _, err := strconv.ParseUint(strings.Trim(string(head.Seed), `"`), 10, 64); err != nil || len(head.Seed) < 3 || head.Seed[0] != '"' {
		return File{}, fmt.Errorf("game file: seed %s: want a decimal number in quotes, such as \"42\"", orNone(head.Seed))
	}
	var f File
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return File{}, fmt.Errorf("game file: %w", err)
	}
	if err := f.validate(); err != nil {
		return File{}, fmt.Errorf("game file: %w", err)
	}
	return f, nil
}

// validate checks everything but the recorded results.
func (f *File) validate() error {
	want, err := engine.NewRules(f.Rules.Preset, f.Rules.Options)
	if err != nil {
		return fmt.Errorf("rules: %w", err)
	}
	if !reflect.DeepEqual(want, f.Rules) {
		return fmt.Errorf("rules differ from preset %s with options %v", f.Rules.Preset, f.Rules.Options)
	}
	if len(f.Seats) != f.Rules.Players {
		return fmt.Errorf("%d seats for %d players", len(f.Seats), f.Rules.Players)
	}
	for i, s := range f.Seats {
		if utf8.RuneCountInString(s.Name) > maxNameLen || !utf8.ValidString(s.Name) {
			return fmt.Errorf("seat %d: name is not valid text of at most %d characters", i+1, maxNameLen)
		}
	}
	switch {
	case f.Rules.Solo && (f.Winner < -1 || f.Winner >= f.Rules.Players):
		return fmt.Errorf("winner %d: want a seat or -1", f.Winner)
	case !f.Rules.Solo && (f.Winner < -1 || f.Winner > 1):
		return fmt.Errorf("winner %d: want 0, 1 or -1", f.Winner)
	}
	for i, a := range f.Actions {
		if a.Seat < 0 || a.Seat >= f.Rules.Players {
			return fmt.Errorf("action %d (%s): no seat %d at a table of %d", i, a.Kind, a.Seat+1, f.Rules.Players)
		}
		if (a.Kind != engine.ActBid && a.Bid != 0) || (a.Kind != engine.ActTrump && a.Suit != 0) ||
			(a.Kind != engine.ActPlayCard && a.Card != 0) || (a.Kind != engine.ActPassCards && a.Kind != engine.ActMeld && a.Cards != nil) {
			return fmt.Errorf("action %d (%s): a field that does not belong to its kind", i, a.Kind)
		}
	}
	if _, err := engine.Replay(f.Rules, f.Seed, f.Actions); err != nil {
		return err
	}
	return nil
}

// MismatchError says where a replay differs from the recorded results. Hand is the
// 1-based hand, or 0 for the game as a whole.
type MismatchError struct {
	Hand     int
	Field    string // the JSON name of the field that differs
	Recorded string
	Replayed string
}

func (e *MismatchError) Error() string {
	where := "game"
	if e.Hand > 0 {
		where = fmt.Sprintf("hand %d", e.Hand)
	}
	return fmt.Sprintf("%s: %s recorded %s, replayed %s", where, e.Field, e.Recorded, e.Replayed)
}

// Check replays the actions through the engine and compares the outcome with the recorded
// results, hand by hand, then the final scores, whether the game finished and its
// winner. It returns a *MismatchError for the first difference, or another error when
// the file cannot be replayed.
func (f *File) Check() error {
	if err := f.validate(); err != nil {
		return err
	}
	g, err := engine.Replay(f.Rules, f.Seed, f.Actions)
	if err != nil {
		return err
	}
	got := g.Results()
	for i := range min(len(got), len(f.Results)) {
		if got[i] != f.Results[i] {
			field, rec, rep := diff(f.Results[i], got[i])
			return &MismatchError{Hand: i + 1, Field: field, Recorded: rec, Replayed: rep}
		}
	}
	if len(got) != len(f.Results) {
		return &MismatchError{Field: "finished hands", Recorded: fmt.Sprint(len(f.Results)), Replayed: fmt.Sprint(len(got))}
	}
	if g.Scores() != f.Scores {
		return &MismatchError{Field: "scores", Recorded: fmt.Sprint(f.Scores), Replayed: fmt.Sprint(g.Scores())}
	}
	if want := seatScores(g); !slices.Equal(want, f.SeatScores) {
		return &MismatchError{Field: "seat scores", Recorded: fmt.Sprint(f.SeatScores), Replayed: fmt.Sprint(want)}
	}
	if g.Over() != f.Finished {
		return &MismatchError{Field: "finished", Recorded: fmt.Sprint(f.Finished), Replayed: fmt.Sprint(g.Over())}
	}
	if g.Winner() != f.Winner {
		return &MismatchError{Field: "winner", Recorded: fmt.Sprint(f.Winner), Replayed: fmt.Sprint(g.Winner())}
	}
	return nil
}

// Hands returns the file's finished hands (see Hands).
func (f *File) Hands() ([]Hand, error) { return Hands(f.Rules, f.Seed, f.Actions) }

// HandAt returns the file's finished hand n (see HandAt).
func (f *File) HandAt(n int) (Hand, error) { return HandAt(f.Rules, f.Seed, f.Actions, n) }

// diff returns the first JSON field, in name order, where two results differ, with both
// values.
func diff(rec, rep engine.HandResult) (field, recorded, replayed string) {
	a, b := fields(rec), fields(rep)
	keys := make([]string, 0, len(a)+len(b))
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		if string(a[k]) != string(b[k]) {
			return k, orNone(a[k]), orNone(b[k])
		}
	}
	return "result", fmt.Sprint(rec), fmt.Sprint(rep)
}

func fields(r engine.HandResult) map[string]json.RawMessage {
	b, _ := json.Marshal(r)
	m := map[string]json.RawMessage{}
	_ = json.Unmarshal(b, &m)
	return m
}

func orNone(b json.RawMessage) string {
	if b == nil {
		return "nothing"
	}
	return string(b)
}
