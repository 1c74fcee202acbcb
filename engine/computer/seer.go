package computer

import "github.com/pinochle-discord/pinochle/engine"

// Sight says which of an Expert's decisions see every seat's cards (NewSeer).
type Sight uint8

const (
	// SeeAuction: the auction, naming trump, passing and deciding to play or throw in.
	SeeAuction Sight = 1 << iota
	// SeePlay: card play.
	SeePlay
)

// NewSeer returns an Expert that, in the decisions sight names, samples only the deal as
// it is: before each decision it is shown every seat's hand (See), and every one of its
// samples deals those hands. It cheats, so no table seats it: it measures what knowing the
// hidden cards is worth to a decision, an upper bound on what inferring them could gain
// (a duel of a seer against the expert it is built on). Four-handed presets only; in
// three- and two-handed it plays as NewExpert does.
func NewSeer(b Budget, seed uint64, sight Sight) *Expert {
	e := newExpert(b, seed)
	e.sight = sight
	return e
}

// See shows a seer every seat's hand before its next decision, as the seat holds it now;
// an Expert that is not a seer ignores it.
func (e *Expert) See(hands [engine.MaxPlayers]engine.Hand) {
	e.truth, e.seen = hands, true
}

// know works out what the view's seat knows of the hidden cards, and, for a seer in a
// decision it sees (sight), that they are the hands it was shown.
func (e *Expert) know(v *engine.View, sight Sight) *knowledge {
	k := know(v)
	if e.sight&sight != 0 && e.seen && !v.Rules().Solo && v.Rules().Players == 4 {
		k.truth = &e.truth
	}
	return k
}
