package event

import "testing"

// benchPair measures pairing round `round` of an event of n entrants whose earlier rounds
// were paired by Pair and won by side 0.
func benchPair(b *testing.B, ev Event, n, round int) {
	tr := &Tournament{Event: ev, Entrants: numbered(n)}
	for len(tr.Rounds) < round-1 {
		r, err := tr.Pair()
		if err != nil {
			b.Fatal(err)
		}
		tr.Rounds = append(tr.Rounds, r)
		for _, tb := range r.Tables {
			res := Result{Round: r.Number, Table: tb.Number}
			for si := range tb.Sides {
				o := Loss
				if si == 0 {
					o = Win
				}
				res.Sides = append(res.Sides, SideResult{Outcome: o})
			}
			tr.Results = append(tr.Results, res)
		}
	}
	for b.Loop() {
		if _, err := tr.Pair(); err != nil {
			b.Fatal(err)
		}
	}
}

// The largest events pair a round well within the 3 seconds a Discord interaction allows
// before it must be deferred: the target is 100 ms a round at MaxEntrants on one core.

func BenchmarkPairSwissRound1(b *testing.B) {
	benchPair(b, Event{Format: Swiss, Entry: Individuals, Seats: 2, Rounds: 9}, MaxEntrants, 1)
}

func BenchmarkPairSwissRound6(b *testing.B) {
	benchPair(b, Event{Format: Swiss, Entry: Individuals, Seats: 2, Rounds: 9}, MaxEntrants, 6)
}

// Tables of more than two entrants are searched for within a budget of swaps: the target
// is 1 s a round at MaxEntrants on one core.

func BenchmarkPairThreeHandedSwissRound4(b *testing.B) {
	benchPair(b, Event{Format: Swiss, Entry: Individuals, Seats: 3, Rounds: 9}, MaxEntrants, 4)
}

func BenchmarkPairNewPartnersSwissRound4(b *testing.B) {
	benchPair(b, Event{Format: Swiss, Entry: NewPartners, Seats: 6, Rounds: 9}, MaxEntrants, 4)
}
