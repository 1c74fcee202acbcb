package computer

import (
	"math/rand/v2"

	"github.com/pinochle-discord/pinochle/engine"
)

// Inference from the play (Budget.InferPlay): a sampled deal of card play is weighed by
// how well the cards the other seats played agree with what a simple player would have
// played, had they held the hands the sample gives them. Where a seat had a choice and the
// quick policy (deal.quick), put in its place in the sample, would have chosen another
// card, the sample is that much less likely (Budget.PlayMiss).

// playEvidence is what the hand's trick play says of the other seats' cards: every card
// played, to be replayed in a sample from the hand's first lead.
type playEvidence struct {
	t      *cardTable
	leader int // the seat that led the first trick
	plays  []engine.Played
	// played[s] are the cards seat s has played: with what a sample deals it now, the
	// hand it held at the first lead.
	played [engine.MaxPlayers]engine.Hand
	seats  uint8 // the seats whose choices are weighed
	miss   float64
	tries  int
}

// inferPlay sets k to weigh its samples by the hand's trick play so far (sampleInferred),
// drawing tries deals for each (at most maxPlayTries) and keeping one in proportion to its
// likelihood, a card the quick policy would not have chosen counting miss. It applies in
// trick play, in every preset with a single deck and no stock. Double-deck, where the
// policy plays as the expert does at 57% of its choices (60% in racehorse;
// BenchmarkQuickPolicyAgreement), it lost 0.8 a hand (-1.9 to +0.3) over 2,000 deals
// against expert-v2, its bids set 22.2% of the time against 20.6%, and it does not apply
// there.
func (k *knowledge) inferPlay(v *engine.View, tries int, miss float64) {
	r := k.rules
	if tries < 2 || r.Stock || r.DoubleDeck || v.Phase() != engine.PhasePlay || len(v.Plays()) == 0 {
		return
	}
	ev := &playEvidence{t: tableOf(v), leader: v.Plays()[0].Seat, plays: v.Plays(), played: played(v), miss: miss, tries: tries}
	for s := range r.Players {
		if s != v.Seat() && ev.played[s].Len() > 0 {
			ev.seats |= 1 << s
		}
	}
	if ev.seats != 0 {
		k.play = ev
	}
}

// likelihood returns how likely the hand's plays were, the seats holding hands now: the
// product, over each weighed play from a choice of two cards or more, of 1 where the
// quick policy would have played that card and miss where it would not. A play the
// sample makes illegal counts miss squared.
func (ev *playEvidence) likelihood(hands *[engine.MaxPlayers]engine.Hand) float64 {
	var start [engine.MaxPlayers]engine.Hand
	for s := range ev.t.players {
		start[s] = hands[s]
		for c, n := range ev.played[s] {
			start[s][c] += n
		}
	}
	d := startDeal(ev.t, ev.leader, &start)
	l := 1.0
	for _, p := range ev.plays {
		if d.seat != p.Seat {
			break // never expected: the deal takes tricks as the engine does
		}
		if ev.seats&(1<<p.Seat) != 0 {
			legal := d.legal()
			switch {
			case !legal.Has(p.Card):
				l *= ev.miss * ev.miss
			case legal.Len() > 1 && d.quick() != p.Card:
				l *= ev.miss
			}
		}
		d.play(p.Card)
	}
	return l
}

// sampleWeighed draws tries deals and returns one chosen in proportion to its likelihood
// under the play and, where set, the auction.
func (k *knowledge) sampleWeighed(rng *rand.Rand) [engine.MaxPlayers]engine.Hand {
	ev := k.play
	var draws [maxPlayTries][engine.MaxPlayers]engine.Hand
	var weights [maxPlayTries]float64
	n := min(ev.tries, maxPlayTries)
	total := 0.0
	for i := range n {
		draws[i] = k.sample(rng)
		w := ev.likelihood(&draws[i])
		if k.auction != nil {
			w *= k.auction.likelihood(&draws[i])
		}
		weights[i] = w
		total += w
	}
	pick := rng.Float64() * total
	for i := range n {
		if pick < weights[i] {
			return draws[i]
		}
		pick -= weights[i]
	}
	return draws[n-1]
}

// maxPlayTries bounds the deals drawn for one sample of inference from the play.
const maxPlayTries = 16
