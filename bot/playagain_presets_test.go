package bot_test

import (
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/fakediscord"
	"github.com/pinochle-discord/pinochle/table"
)

// TestPlayAgainEveryPreset: at every preset, from two seats to six, the one person at a
// table of computer players plays its game to the end and presses Play again: the next game
// of the same preset opens at once with the same seats turned one place (the next player
// deals), each computer player keeping its level.
func TestPlayAgainEveryPreset(t *testing.T) {
	for _, preset := range engine.PresetNames() {
		t.Run(preset, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOptions{})
			ana := h.user("ana")
			tb := h.withComputers(ana, fakediscord.Opt("preset", preset), fakediscord.Opt("hands", 1),
				fakediscord.Opt("level", "easy"), fakediscord.Opt("timer", "off"))
			game := h.tableGame(tb)
			h.play(tb.thread, []fakediscord.User{ana}, 3000)
			offer := h.playAgainOffer(h.channel, game)
			h.click(ana, offer.ID, buttonByLabel(t, offer, "Play again"))
			next := h.nextThread(offer.ID)
			tm := h.waitTable(next)
			old, err := h.store.GetGame(h.ctx, game)
			if err != nil {
				t.Fatal(err)
			}
			ng, err := h.store.GetGame(h.ctx, gameOf(t, buttonByLabel(t, tm, "My hand")))
			if err != nil {
				t.Fatal(err)
			}
			if ng.ID == old.ID || ng.Preset != preset || ng.Status != table.StatusPlaying || ng.HostID != ana.ID {
				t.Fatalf("the next game: #%d %s %s hosted by %s; want a new %s game playing, hosted by ana",
					ng.ID, ng.Preset, ng.Status, ng.HostID, preset)
			}
			n := len(old.Seats)
			if len(ng.Seats) != n {
				t.Fatalf("the next game has %d seats, want %d", len(ng.Seats), n)
			}
			for s, seat := range ng.Seats {
				want := old.Seats[(s+1)%n]
				if seat.UserID != want.UserID || seat.Computer != want.Computer {
					t.Errorf("seat %d of the next game: %+v, want %+v (seat %d of the last)", s, seat, want, (s+1)%n)
				}
			}
		})
	}
}
