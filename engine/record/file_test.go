package record

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
)

// exported plays a game and returns its export file.
func exported(t testing.TB, preset string, options map[string]string, seed uint64) File {
	t.Helper()
	rules := tableRules(t, preset, options)
	g := playGame(t, rules, seed)
	seats := make([]Seat, rules.Players)
	for i := range seats {
		seats[i] = Seat{Name: []string{"Ann", "Bob", "Cy", "Dee", "Eve", "Flo"}[i], Computer: i%2 == 1}
	}
	start := time.Date(2026, 11, 24, 15, 0, 0, 0, time.UTC)
	return FromGame(g, "g42", seats, start, start.Add(time.Hour))
}

func encoded(t testing.TB, f File) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Encode(&b, f); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestFileRoundTripAndCheck(t *testing.T) {
	for _, tc := range tables {
		t.Run(tc.name, func(t *testing.T) {
			f := exported(t, tc.preset, tc.options, 21)
			if !f.Finished || len(f.Results) == 0 {
				t.Fatalf("exported game finished %v with %d results", f.Finished, len(f.Results))
			}
			data := encoded(t, f)
			got, err := Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, f) {
				t.Errorf("decoded file differs:\n%+v\n%+v", got, f)
			}
			if err := got.Check(); err != nil {
				t.Errorf("Check: %v", err)
			}
			hands, err := got.Hands()
			if err != nil || len(hands) != len(f.Results) {
				t.Errorf("Hands: %d, %v; want %d", len(hands), err, len(f.Results))
			}
			if h, err := got.HandAt(1); err != nil || h.Result != f.Results[0] {
				t.Errorf("HandAt(1): %v", err)
			}
		})
	}
}

func TestCheckFindsTampering(t *testing.T) {
	base := exported(t, "racehorse", map[string]string{"hands": "4"}, 8)
	tests := []struct {
		name   string
		tamper func(f *File)
		hand   int
		field  string
	}{
		{"delta", func(f *File) { f.Results[1].Delta[0] += 10 }, 2, "delta"},
		{"meld", func(f *File) { f.Results[2].SeatMeld[3]++ }, 3, "seat_meld"},
		{"bidder", func(f *File) { f.Results[0].Bidder = (f.Results[0].Bidder + 1) % 4 }, 1, "bidder"},
		{"scores", func(f *File) { f.Scores[1]++ }, 0, "scores"},
		{"winner", func(f *File) { f.Winner = 1 - f.Winner }, 0, "winner"},
		{"finished", func(f *File) { f.Finished = false }, 0, "finished"},
		{"missing hand", func(f *File) { f.Results = f.Results[:3] }, 0, "finished hands"},
		{"extra hand", func(f *File) { f.Results = append(f.Results, f.Results[0]) }, 0, "finished hands"},
		{"fewer actions", func(f *File) { f.Actions = f.Actions[:len(f.Actions)-1] }, 0, "finished hands"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Decode(bytes.NewReader(encoded(t, base))) // a deep copy
			if err != nil {
				t.Fatal(err)
			}
			if f.Winner == -1 && tc.name == "winner" {
				f.Winner = 0
			} else {
				tc.tamper(&f)
			}
			err = f.Check()
			var mm *MismatchError
			if !errors.As(err, &mm) {
				t.Fatalf("Check = %v, want a mismatch", err)
			}
			if mm.Hand != tc.hand || mm.Field != tc.field || mm.Recorded == mm.Replayed {
				t.Errorf("mismatch %+v (%v), want hand %d field %s", mm, mm, tc.hand, tc.field)
			}
		})
	}
}

func TestDecodeRejectsBadFiles(t *testing.T) {
	f := exported(t, "six-handed", map[string]string{"hands": "2"}, 4)
	good := encoded(t, f)
	edit := func(fn func(m map[string]any)) []byte {
		var m map[string]any
		if err := json.Unmarshal(good, &m); err != nil {
			t.Fatal(err)
		}
		fn(m)
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	action := func(m map[string]any, i int) map[string]any { return m["actions"].([]any)[i].(map[string]any) }
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "not a game file"},
		{"not json", []byte("hello"), "not a game file"},
		{"other format", edit(func(m map[string]any) { m["format"] = "chess" }), `format is "chess"`},
		{"future version", edit(func(m map[string]any) { m["version"] = 3 }), "version 3 is not supported"},
		{"unknown field", edit(func(m map[string]any) { m["colour"] = "red" }), "unknown field"},
		{"trailing data", append(append([]byte(nil), good...), []byte("{}")...), "not a game file"},
		{"seed number", edit(func(m map[string]any) { m["seed"] = 4 }), "seed"},
		{"too few seats", edit(func(m map[string]any) { m["seats"] = m["seats"].([]any)[:5] }), "5 seats for 6 players"},
		{"bad seat", edit(func(m map[string]any) { action(m, 0)["seat"] = 6 }), "no seat 7"},
		{"negative seat", edit(func(m map[string]any) { action(m, 0)["seat"] = -1 }), "no seat 0"},
		{"out of turn", edit(func(m map[string]any) { action(m, 0)["seat"] = 3 }), "action 0"},
		{"unknown action", edit(func(m map[string]any) { action(m, 0)["kind"] = "dance" }), "unknown action"},
		{"bad card", edit(func(m map[string]any) {
			for _, a := range m["actions"].([]any) {
				if a.(map[string]any)["kind"] == "play" {
					a.(map[string]any)["card"] = "ZZ"
					return
				}
			}
		}), "unknown card"},
		{"card on a bid", edit(func(m map[string]any) { action(m, 0)["card"] = "AS" }), "does not belong"},
		{"cards on a pass", edit(func(m map[string]any) { action(m, 1)["cards"] = []string{"AS"} }), "does not belong"},
		{"rules edited", edit(func(m map[string]any) { m["rules"].(map[string]any)["min_bid"] = 10 }), "rules differ"},
		{"unknown preset", edit(func(m map[string]any) { m["rules"].(map[string]any)["preset"] = "euchre" }), "unknown variant"},
		{"bad winner", edit(func(m map[string]any) { m["winner"] = 3 }), "winner 3"},
		{"long name", edit(func(m map[string]any) {
			m["seats"].([]any)[0].(map[string]any)["name"] = strings.Repeat("x", 101)
		}), "seat 1: name"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode(bytes.NewReader(tc.data))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Decode = %v, want an error containing %q", err, tc.want)
			}
		})
	}
	if _, err := Decode(bytes.NewReader(good)); err != nil {
		t.Errorf("the untouched file: %v", err)
	}
}

func TestFileSeedKeepsAllBits(t *testing.T) {
	rules := tableRules(t, "racehorse", map[string]string{"hands": "1"})
	g, err := engine.NewGame(rules, 1<<63+12345)
	if err != nil {
		t.Fatal(err)
	}
	f := FromGame(g, "", make([]Seat, 4), time.Time{}, time.Time{})
	data := encoded(t, f)
	if !strings.Contains(string(data), `"seed": "9223372036854788153"`) || strings.Contains(string(data), "started") {
		t.Errorf("encoded file:\n%s", data)
	}
	got, err := Decode(bytes.NewReader(data))
	if err != nil || got.Seed != f.Seed || got.Check() != nil {
		t.Errorf("Decode: seed %d, %v", got.Seed, err)
	}
}

func FuzzDecode(f *testing.F) {
	file := exported(f, "double-deck", map[string]string{"hands": "1"}, 3)
	f.Add(encoded(f, file))
	var compact bytes.Buffer
	if err := json.Compact(&compact, encoded(f, file)); err != nil {
		f.Fatal(err)
	}
	f.Add(compact.Bytes())
	f.Add(encoded(f, exported(f, "six-handed", map[string]string{"hands": "1"}, 3)))
	f.Add([]byte(`{"format":"pinochle-game","version":1}`))
	f.Add([]byte(`{"format":"pinochle-game","version":1,"rules":{"preset":"classic"},"seed":"1","seats":[{},{},{},{}],"actions":[{"seat":0,"kind":"bid","bid":160}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := Decode(bytes.NewReader(data))
		if err != nil {
			return
		}
		var b bytes.Buffer
		if err := Encode(&b, got); err != nil {
			t.Fatalf("Encode of a decoded file: %v", err)
		}
		again, err := Decode(&b)
		if err != nil {
			t.Fatalf("Decode of an encoded file: %v", err)
		}
		if !reflect.DeepEqual(again, got) {
			t.Fatalf("round trip differs:\n%+v\n%+v", again, got)
		}
		_ = got.Check() // must not panic
		if hands, err := got.Hands(); err != nil {
			t.Fatalf("Hands of a decoded file: %v", err)
		} else {
			for i := range hands {
				hands[i].Sections(got.Names())
			}
		}
	})
}

// TestCheckFindsSeatScoreTampering: a three-handed file whose players' scores were changed
// does not replay to them.
func TestCheckFindsSeatScoreTampering(t *testing.T) {
	f := exported(t, "three-handed", map[string]string{"hands": "2", "target": "0"}, 5)
	if len(f.SeatScores) != 3 || f.Scores != [2]int{} {
		t.Fatalf("three-handed file: seat scores %v, scores %v", f.SeatScores, f.Scores)
	}
	f.SeatScores[1] += 10
	var mm *MismatchError
	if err := f.Check(); !errors.As(err, &mm) || mm.Field != "seat scores" {
		t.Errorf("tampered seat scores: %v", err)
	}
}

// TestDecodeReadsVersion1: a file of version 1, written before two-handed and three-handed,
// reads as it did, and the same game is written as version 2.
func TestDecodeReadsVersion1(t *testing.T) {
	f := exported(t, "racehorse", map[string]string{"hands": "2"}, 3)
	if f.Version != 2 {
		t.Fatalf("written as version %d", f.Version)
	}
	var m map[string]any
	if err := json.Unmarshal(encoded(t, f), &m); err != nil {
		t.Fatal(err)
	}
	m["version"] = 1
	old, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Decode(bytes.NewReader(old))
	if err != nil {
		t.Fatalf("version 1: %v", err)
	}
	if err := got.Check(); err != nil || len(got.Results) != len(f.Results) {
		t.Errorf("version 1 file: check %v, %d results", err, len(got.Results))
	}
}
