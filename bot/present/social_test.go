package present

import (
	"slices"
	"strings"
	"testing"

	"github.com/pinochle-discord/pinochle/bot/live"
	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
	"github.com/pinochle-discord/pinochle/engine/record"
	"github.com/pinochle-discord/pinochle/table"
)

// TestWatchEveryPreset: at every preset, a watcher's view (within Discord's limits) a few moves into hand 2 shows hand
// 1 as dealt, and no seat's cards of hand 2 unless the table allows kibitzing, where it
// shows each seat's cards as they are.
func TestWatchEveryPreset(t *testing.T) {
	for _, preset := range engine.PresetNames() {
		rules, err := engine.NewRules(preset, map[string]string{"hands": "3"})
		if err != nil {
			t.Fatal(err)
		}
		g, err := engine.NewGame(rules, 21)
		if err != nil {
			t.Fatal(err)
		}
		p, _ := computer.New("random", 21)
		for moves := 0; g.HandNumber() < 2 || moves < 3; moves++ {
			if g.HandNumber() < 2 {
				moves = 0
			}
			if g.Over() {
				t.Fatalf("%s: over before hand 2", preset)
			}
			if err := g.Apply(p.Choose(g.View(waitingSeat(g)))); err != nil {
				t.Fatal(err)
			}
		}
		meta := table.Game{ID: 3, Preset: preset, Options: map[string]string{"hands": "3"}, Seed: 21, Seats: make([]table.Seat, rules.Players)}
		for s := range meta.Seats {
			meta.Seats[s] = table.Seat{UserID: string(rune('a' + s)), Name: "P" + string(rune('1'+s))}
		}
		g.SetNames(nil)
		first, err := record.HandAt(rules, 21, g.Log(), 1)
		if err != nil {
			t.Fatal(err)
		}
		for _, kibitz := range []bool{false, true} {
			meta.Settings.Kibitz = kibitz
			w := live.Watching{Public: g.View(-1), Log: g.Log()}
			if kibitz {
				for s := range rules.Players {
					w.Seats = append(w.Seats, g.View(s))
				}
			}
			m := WatchMessage(nil, &meta, &w, Look{})
			st := statsOf(t, preset, m) // Discord's limits hold (v2_test.go)
			var text strings.Builder
			for _, c := range st.texts {
				text.WriteString(c + "\n")
			}
			for s := range rules.Players {
				want := Name(&meta, s) + ": " + symbolsText(first.Dealt[s].Cards())
				if !strings.Contains(text.String(), want) {
					t.Errorf("%s: hand 1 of seat %d not shown as dealt (%q):\n%s", preset, s, want, text.String())
				}
				v := g.View(s)
				now := Name(&meta, s) + ": " + symbolsText(v.Cards())
				if strings.Contains(text.String(), now) != kibitz {
					t.Errorf("%s, kibitz %v: seat %d's cards in play shown %v:\n%s", preset, kibitz, s, !kibitz, text.String())
				}
			}
			if strings.Contains(text.String(), "kibitzing") != kibitz {
				t.Errorf("%s, kibitz %v: %s", preset, kibitz, text.String())
			}
			if ids := idsOf(st); !slices.Contains(ids, commands.ID{Game: meta.ID, Action: commands.ActWatch}.String()) {
				t.Errorf("%s: the watcher's message has no Refresh: %v", preset, ids)
			}
		}
	}
}
