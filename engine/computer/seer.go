package computer

import "github.com/pinochle-discord/pinochle/engine"

// Sight says which of a seer's decisions see the cards it was shown (NewSeer), and with
// SeePartners and SeePartnersMeld, how much of them.
type Sight uint8

const (
	// SeeAuction: the auction, naming trump and deciding to play or throw in.
	SeeAuction Sight = 1 << iota
	// SeePass: passing cards to the partner.
	SeePass
	// SeePlay: card play.
	SeePlay
	// SeePartners: of the hands shown, only the partners' (the seats of its team), the
	// others sampled as the expert samples them.
	SeePartners
	// SeePartnersMeld: with SeePartners, only the partners' best meld (in the suit that
	// gives the most, to within ten points) rather than their hands: what a bid that
	// showed meld exactly would tell.
	SeePartnersMeld
)

// NewSeer returns an Expert that, in the decisions sight names, samples only the deal as
// it is: before each decision it is shown every seat's hand (See), and every one of its
// samples deals those hands. It cheats, so no table seats it: it measures what knowing the
// hidden cards is worth to a decision, an upper bound on what inferring them could gain
// (a duel of a seer against the expert it is built on). In three-handed it also sees the
// pile its samples deal (the widow before it is taken, the bury a defender has not seen);
// two-handed, with SeePlay, it sees the other player's hand while the stock lasts (the
// stock's order it still draws at random). With SeePartners it sees its partners' hands
// alone: what a partnership's bids could at most tell.
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
	r := v.Rules()
	if e.sight&sight == 0 || !e.seen {
		return k
	}
	if r.Solo {
		if e.sight&(SeePartners|SeePartnersMeld) == 0 {
			k.truth = e.soloTruth(v, k)
		}
		return k
	}
	if e.sight&SeePartners == 0 {
		k.truth = &e.truth
		return k
	}
	if e.sight&SeePartnersMeld != 0 {
		k.meld = &meldSight{table: &r.Meld}
		for s := range r.Players {
			k.meld.shown[s] = -1
			if s != k.seat && r.TeamOf(s) == r.TeamOf(k.seat) {
				k.meld.shown[s] = bestMeld(&e.truth[s], &r.Meld)
			}
		}
		return k
	}
	for s := range r.Players {
		if s == k.seat || r.TeamOf(s) != r.TeamOf(k.seat) {
			continue
		}
		extra := e.truth[s]
		sub(&extra, &k.known[s])
		sub(&k.pool, &extra)
		k.known[s], k.need[s] = e.truth[s], 0
	}
	k.holders, k.relaxed, k.constrained = [engine.NumKinds]uint8{}, [engine.NumKinds]uint8{}, false
	k.setHolders()
	return k
}

// meldSight is what a seer of its partners' meld (SeePartnersMeld) was shown: each
// seat's best meld, -1 for a seat not shown.
type meldSight struct {
	table *engine.MeldTable
	shown [engine.MaxPlayers]int
}

// maxMeldTries bounds the deals drawn for one sample that agrees with the meld shown.
const maxMeldTries = 400

// fits reports whether hands give each seat shown its meld to within ten points, and how
// far off they are.
func (m *meldSight) fits(hands *[engine.MaxPlayers]engine.Hand) (bool, int) {
	off := 0
	for s, want := range m.shown {
		if want >= 0 {
			d := bestMeld(&hands[s], m.table) - want
			off += max(d, -d)
		}
	}
	return off <= 10, off
}

// bestMeld is a hand's meld in the suit that gives it the most.
func bestMeld(h *engine.Hand, t *engine.MeldTable) int {
	best := 0
	for s := engine.Spades; s < engine.NoSuit; s++ {
		best = max(best, engine.CountMeld(h, s, t).Total)
	}
	return best
}

// soloTruth returns the deal as it is for a three-handed seer: the seats' hands it was
// shown, and in the pile slot (soloPile) the cards that are neither in a hand nor played,
// where its samples deal a pile (the widow before it is taken, the bury a defender has not
// seen).
func (e *Expert) soloTruth(v *engine.View, k *knowledge) *[engine.MaxPlayers]engine.Hand {
	r := v.Rules()
	t := e.truth
	pile := soloPile(r)
	t[pile] = engine.Hand{}
	if k.need[pile] > 0 {
		rest := fullDeck(r)
		byseat := played(v)
		for s := range r.Players {
			sub(&rest, &t[s])
			sub(&rest, &byseat[s])
		}
		t[pile] = rest
	}
	return &t
}
