package social

import (
	"slices"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/table"
)

// TestNextGameEveryPreset: the next game of every preset, two to six seats, has its seats
// turned one place, the ready players in theirs, computer players at the level of the
// seat's (or the table's) in the others, the host kept if ready, and the same rules.
func TestNextGameEveryPreset(t *testing.T) {
	now := time.Date(2026, 5, 1, 20, 0, 0, 0, time.UTC)
	for _, preset := range engine.PresetNames() {
		rules, err := engine.NewRules(preset, map[string]string{"hands": "1"})
		if err != nil {
			t.Fatal(err)
		}
		n := rules.Players
		g := table.Game{ID: 7, GuildID: "g", ChannelID: "c", Preset: preset, Options: map[string]string{"hands": "1"},
			Seats: make([]table.Seat, n), Status: table.StatusFinished, Settings: table.DefaultSettings()}
		var ready []string
		for s := range n {
			switch {
			case s == n-1:
				g.Seats[s] = table.Seat{Computer: table.LevelExpert, Name: "Computer"}
			case s%2 == 1:
				g.Seats[s] = table.Seat{UserID: string(rune('a' + s)), Name: "not ready"}
			default:
				g.Seats[s] = table.Seat{UserID: string(rune('a' + s)), Name: "ready", Away: true, Left: now}
				ready = append(ready, g.Seats[s].UserID)
			}
		}
		g.HostID = g.Seats[0].UserID
		meta, host := nextGame(&g, ready, now, 99)
		if len(meta.Seats) != n || meta.Seed != 99 || meta.Preset != preset || meta.Status != table.StatusLobby {
			t.Fatalf("%s: %+v", preset, meta)
		}
		if _, err := meta.Rules(); err != nil {
			t.Errorf("%s: %v", preset, err)
		}
		if host.ID != g.HostID || meta.HostID != g.HostID {
			t.Errorf("%s: host %s, want the old host %s", preset, host.ID, g.HostID)
		}
		for k, s := range meta.Seats {
			old := g.Seats[(k+1)%n]
			switch {
			case slices.Contains(ready, old.UserID):
				if s.UserID != old.UserID || s.Away || s.HasLeft() {
					t.Errorf("%s seat %d: %+v, want %s back, neither away nor gone", preset, k, s, old.UserID)
				}
			case old.IsComputer():
				if s.Computer != table.LevelExpert {
					t.Errorf("%s seat %d: %+v, want the computer at its level", preset, k, s)
				}
			default:
				if s.Computer != g.Settings.Level || s.UserID != "" {
					t.Errorf("%s seat %d: %+v, want a computer at the table's level for %s", preset, k, s, old.UserID)
				}
			}
		}
	}
	// The host not ready: the first ready player hosts.
	g := table.Game{Preset: "two-handed", Seats: []table.Seat{{UserID: "h"}, {UserID: "x"}}, HostID: "h", Settings: table.DefaultSettings()}
	if meta, host := nextGame(&g, []string{"x"}, now, 1); host.ID != "x" || meta.HostID != "x" {
		t.Errorf("host %s, want x", host.ID)
	}
}
