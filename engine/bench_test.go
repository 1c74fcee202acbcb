package engine_test

import (
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
)

// midTrick returns a racehorse game in trick play with two cards already in the trick, and
// the seat to play.
func midTrick(b *testing.B) (*engine.Game, int) {
	b.Helper()
	r, err := engine.NewRules("racehorse", nil)
	if err != nil {
		b.Fatal(err)
	}
	for seed := uint64(1); ; seed++ {
		g, err := engine.NewGame(r, seed)
		if err != nil {
			b.Fatal(err)
		}
		p, err := computer.New("random", seed)
		if err != nil {
			b.Fatal(err)
		}
		for !g.Over() && g.HandNumber() == 1 {
			if g.Phase() == engine.PhasePlay && len(g.TrickCards()) == 2 {
				return g, g.Turn()
			}
			if err := g.Apply(p.Choose(g.View(g.Turn()))); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkLegalCards measures the legal cards of the seat to play in a trick in progress.
func BenchmarkLegalCards(b *testing.B) {
	g, seat := midTrick(b)
	var sink engine.CardSet
	b.ReportAllocs()
	for b.Loop() {
		sink |= g.LegalCards(seat)
	}
	if sink == 0 {
		b.Fatal("no legal card")
	}
}

// BenchmarkLegalCardsOfHand measures LegalCards on a hand and trick given as cards, as the
// pinochle tool computes them.
func BenchmarkLegalCardsOfHand(b *testing.B) {
	hand, err := engine.ParseCards("AS 10S KS QS 9S AH 10H KD QD JD 9C 9C")
	if err != nil {
		b.Fatal(err)
	}
	trick, err := engine.ParseCards("KH QH AH")
	if err != nil {
		b.Fatal(err)
	}
	h := engine.HandOf(hand...)
	var sink engine.CardSet
	b.ReportAllocs()
	for b.Loop() {
		sink |= engine.LegalCards(&h, trick, engine.Spades, engine.MustWin)
	}
	if sink == 0 {
		b.Fatal("no legal card")
	}
}

// BenchmarkRandomHand measures a whole racehorse hand, from the shuffle to the score, with
// uniformly random legal actions chosen through Game.View, as the computer players choose:
// the hands of one game after another (a new game when one ends, as pinochle simulate
// plays), so that a game's setup is shared by its hands. BenchmarkRandomFirstHand is the
// same with a new game for every hand.
func BenchmarkRandomHand(b *testing.B) {
	r, err := engine.NewRules("racehorse", map[string]string{"hands": "100"})
	if err != nil {
		b.Fatal(err)
	}
	p, err := computer.New("random", 1)
	if err != nil {
		b.Fatal(err)
	}
	seed := uint64(0)
	var g *engine.Game
	b.ReportAllocs()
	for b.Loop() {
		if g == nil || g.Over() {
			seed++
			if g, err = engine.NewGame(r, seed); err != nil {
				b.Fatal(err)
			}
		}
		for hand := g.HandNumber(); g.HandNumber() == hand && !g.Over(); {
			if err := g.Apply(p.Choose(g.View(actor(g)))); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "hands/s")
}

// BenchmarkRandomFirstHand measures a new racehorse game and its first hand, played as in
// BenchmarkRandomHand.
func BenchmarkRandomFirstHand(b *testing.B) {
	r, err := engine.NewRules("racehorse", nil)
	if err != nil {
		b.Fatal(err)
	}
	p, err := computer.New("random", 1)
	if err != nil {
		b.Fatal(err)
	}
	seed := uint64(0)
	b.ReportAllocs()
	for b.Loop() {
		seed++
		g, err := engine.NewGame(r, seed)
		if err != nil {
			b.Fatal(err)
		}
		for g.HandNumber() == 1 && !g.Over() {
			if err := g.Apply(p.Choose(g.View(g.Turn()))); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "hands/s")
}

// BenchmarkReplayGame measures the engine alone on the games BenchmarkRandomHand plays:
// the actions of a racehorse game of random legal actions chosen through Game.View,
// recorded before the timer starts, applied again to a new game with Game.Apply, with no
// view made and no player asked. Its hands/s bounds what BenchmarkRandomHand can reach
// with views and players that cost nothing.
func BenchmarkReplayGame(b *testing.B) {
	r, err := engine.NewRules("racehorse", map[string]string{"hands": "100"})
	if err != nil {
		b.Fatal(err)
	}
	p, err := computer.New("random", 1)
	if err != nil {
		b.Fatal(err)
	}
	type record struct {
		seed    uint64
		actions []engine.Action
		hands   int
	}
	var games []record
	for seed := uint64(1); seed <= 8; seed++ {
		g, err := engine.NewGame(r, seed)
		if err != nil {
			b.Fatal(err)
		}
		for !g.Over() {
			if err := g.Apply(p.Choose(g.View(actor(g)))); err != nil {
				b.Fatal(err)
			}
		}
		games = append(games, record{seed, g.Log(), g.HandNumber()})
	}
	hands := 0
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		rec := &games[i%len(games)]
		g, err := engine.NewGame(r, rec.seed)
		if err != nil {
			b.Fatal(err)
		}
		for _, a := range rec.actions {
			if err := g.Apply(a); err != nil {
				b.Fatal(err)
			}
		}
		hands += rec.hands
	}
	b.ReportMetric(float64(hands)/b.Elapsed().Seconds(), "hands/s")
}
