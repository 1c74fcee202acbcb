package storage

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
	"github.com/pinochle-discord/pinochle/engine/computer/computertest"
	"github.com/pinochle-discord/pinochle/table"
)

// t0 is the tests' clock origin.
var t0 = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

// humans returns n seats of human players u1..un named P1..Pn.
func humans(n int) []table.Seat {
	seats := make([]table.Seat, n)
	for i := range seats {
		seats[i] = table.Seat{UserID: "u" + string(rune('1'+i)), Name: "P" + string(rune('1'+i))}
	}
	return seats
}

// newGame returns a game of preset in guild g1 with the given seats, ready for CreateGame.
func newGame(preset string, opts map[string]string, seed uint64, seats []table.Seat) table.Game {
	return table.Game{
		GuildID: "g1", ChannelID: "c1", HostID: seats[0].UserID, Preset: preset, Options: opts,
		Seed: seed, Seats: seats, Status: table.StatusLobby, CreatedAt: t0,
	}
}

// nextAction returns a random legal action for the game: from the seat to play, or from the
// first waiting seat when several may act.
func nextAction(g *engine.Game, p computer.Player) engine.Action {
	seat := g.Turn()
	if seat < 0 {
		for s := range g.Rules().Players {
			if g.Waiting(s) {
				seat = s
				break
			}
		}
	}
	return p.Choose(g.View(seat))
}

// playOut plays a game of rules from seed with random players to its end, or to max
// actions when max > 0, and returns it.
func playOut(tb testing.TB, rules engine.Rules, seed uint64, max int) *engine.Game {
	tb.Helper()
	g, err := engine.NewGame(rules, seed)
	if err != nil {
		tb.Fatal(err)
	}
	p := computertest.New(tb, "random", seed)
	for !g.Over() && (max <= 0 || g.LogLen() < max) {
		if err := g.Apply(nextAction(g, p)); err != nil {
			tb.Fatal(err)
		}
	}
	return g
}

// mustRules returns the rules of a preset with options.
func mustRules(tb testing.TB, preset string, opts map[string]string) engine.Rules {
	tb.Helper()
	r, err := engine.NewRules(preset, opts)
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

// startGame creates a game and marks it playing; it returns the game as stored.
func startGame(tb testing.TB, s *DB, g table.Game) table.Game {
	tb.Helper()
	ctx := context.Background()
	id, err := s.CreateGame(ctx, g)
	if err != nil {
		tb.Fatal(err)
	}
	g, err = s.GetGame(ctx, id)
	if err != nil {
		tb.Fatal(err)
	}
	g.Status = table.StatusPlaying
	if err := s.UpdateGame(ctx, g); err != nil {
		tb.Fatal(err)
	}
	return g
}

// saveLog saves every action of eg's log to game id, a second apart from start.
func saveLog(tb testing.TB, s *DB, id int64, eg *engine.Game, start time.Time) {
	tb.Helper()
	for i, a := range eg.Log() {
		if err := s.SaveAction(context.Background(), id, i, a.Seat, a, start.Add(time.Duration(i)*time.Second)); err != nil {
			tb.Fatal(err)
		}
	}
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }
