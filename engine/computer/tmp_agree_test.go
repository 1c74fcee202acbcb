package computer

import (
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
)

func TestTmpAgree(t *testing.T) {
	for _, preset := range []string{"six-handed", "racehorse", "double-deck"} {
		r := newRules(t, preset, map[string]string{"hands": "1"})
		agree, choices, lead, leadAgree := 0, 0, 0, 0
		for seed := uint64(1); seed <= 12; seed++ {
			g, err := engine.NewGame(r, seed)
			if err != nil {
				t.Fatal(err)
			}
			b := expertBudget
			b.PlaySamples, b.AuctionSamples, b.ExactSamples = 150, 200, 60
			p := newExpert(b, seed)
			var start [engine.MaxPlayers]engine.Hand
			started := false
			var trump engine.Suit
			var plays []engine.Played
			for !g.Over() {
				seat := waitingSeat(g)
				if g.Phase() == engine.PhasePlay && !started {
					started = true
					for s := range r.Players {
						vs := g.View(s)
						start[s] = vs.Hand()
						trump = vs.Trump()
					}
				}
				v := g.View(seat)
				a := p.Choose(v)
				if g.Phase() == engine.PhasePlay {
					plays = append(plays, engine.Played{Seat: a.Seat, Card: a.Card})
				}
				if err := g.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
			_ = plays
			v := g.View(-1)
			all := v.Plays()
			_ = all
			if !started {
				continue
			}
			// replay
			var hs [engine.MaxPlayers]engine.Hand
			copy(hs[:], start[:])
			tr := newCardTable(&r, trump)
			_ = tr
			ps := plays
			if ps == nil {
				continue
			}
			d := startDeal(tr, ps[0].Seat, &hs)
			for _, pl := range ps {
				l := d.legal()
				if l.Len() > 1 {
					choices++
					if d.n == 0 {
						lead++
					}
					if d.quick() == pl.Card {
						agree++
						if d.n == 0 {
							leadAgree++
						}
					}
				}
				d.play(pl.Card)
			}
			lastPlays = nil
		}
		t.Logf("%s: %d of %d choices agree (leads %d of %d)", preset, agree, choices, leadAgree, lead)
	}
}

var lastPlays []engine.Played
