package computer

import (
	"math/bits"
	"math/rand/v2"

	"github.com/pinochle-discord/pinochle/engine"
)

// knowledge is what one seat knows of the cards it cannot see, drawn from its view alone:
// the cards still unseen, the cards known to be in each other seat's hand (shown meld not
// yet played, cards it passed to that seat), and the cards each seat cannot hold, inferred
// from how it played.
type knowledge struct {
	rules *engine.Rules
	seat  int
	// slots is the number of places cards are dealt to: the seats, and in three-handed
	// one more, the pile (soloPile: the widow before it is shown, or the bury a defender
	// has not seen).
	slots int
	own   engine.Hand // the seat's own cards
	// known[s] are the cards seat s is known to hold now; need[s] how many of its cards are
	// not known.
	known [engine.MaxPlayers]engine.Hand
	need  [engine.MaxPlayers]int
	// pool are the unseen cards that are not known to be anywhere: the cards to deal.
	pool engine.Hand
	// excluded[s] are the kinds of card seat s cannot hold.
	excluded [engine.MaxPlayers]engine.CardSet
	// holders[c] are the seats that may be dealt card c: those that need cards and are not
	// known to hold none; relaxed the seats that need cards (see sample). constrained says
	// that some cards of the pool have fewer holders than others.
	holders, relaxed [engine.NumKinds]uint8
	constrained      bool
	// tilt deals some cards to some seats more readily than to others (see tiltPassed);
	// the zero tilt deals every card evenly.
	tilt tilt
	// auction, when set, keeps samples in proportion to the auction's likelihood
	// (inferAuction, sampleInferred).
	auction *auctionEvidence
	// play, when set, weighs samples by the hand's trick play so far (inferPlay,
	// sampleWeighed).
	play *playEvidence
	// truth, when set, is every slot's cards as they are now: each sample is that deal (a
	// seer's knowledge, to measure what seeing the cards is worth; NewSeer).
	truth *[engine.MaxPlayers]engine.Hand
	// meld, when set, keeps only samples that give the seats shown the meld they were
	// shown (a seer of its partners' meld).
	meld *meldSight
}

// tilt weighs the dealing of some cards (the tilted: trump, and the aces of the other
// suits): a tilted card goes to a seat that may hold it in proportion to what the seat
// needs times the seat's weight for the card's kind, trump or ace (tiltScale for an even
// chance), where other cards go in proportion to need alone.
type tilt struct {
	cards  engine.CardSet // the tilted cards; none when the tilt is off
	trump  engine.Suit
	trumps [engine.MaxPlayers]int // the seats' weights for trump
	aces   [engine.MaxPlayers]int // and for the other suits' aces
}

// on reports whether the tilt weighs any card.
func (t *tilt) on() bool { return t.cards != 0 }

// weights returns the seats' weights for the tilted card c.
func (t *tilt) weights(c engine.Card) *[engine.MaxPlayers]int {
	if c.Suit() == t.trump {
		return &t.trumps
	}
	return &t.aces
}

// tiltScale is the weight of a seat dealt a tilted card as readily as others.
const tiltScale = 64

// Tilt is how readily, in the samples of card play, the bidder and its partner are dealt
// trump and the aces of the other suits, where the partner passed to the bidder: each
// factor multiplies the chance of a seat being dealt such a card, 1 being a defender's.
type Tilt struct {
	BidderTrump, PartnerTrump float64
	BidderAces, PartnerAces   float64
}

// tiltPassed tilts k's samples as t says, when the view's hand is in trick play and the
// bidder's partner passed to the bidder (PassPartnerThenBack). A bidder names the suit it
// is long in, and its partner passes it trump and aces first: in racehorse trick play
// between experts the partner holds 0.9 trump and 0.9 aces of other suits, and the bidder
// 6.1 and 2.0, where even dealing gives the partner 2.0 and 1.4, and the bidder 4.9 and
// 1.4 (1,600 hands; the expert's tilt, expertTilt, gives 0.9, 0.9, 6.1 and 1.8).
func (k *knowledge) tiltPassed(v *engine.View, t Tilt) {
	r := k.rules
	b := v.Bidder()
	if r.PassStyle != engine.PassPartnerThenBack || v.Phase() != engine.PhasePlay || b < 0 || t.BidderTrump <= 0 {
		return
	}
	k.setTilt(v.Trump(), b, t)
}

// tiltPassing tilts k's samples as t says while the bidder's partner passes to the bidder
// and the bidder passes back (PassPartnerThenBack, Budget.TiltPasses): the partner deals the
// bidder, who named the suit it is long in, trump and aces by t's Bidder weights; the
// bidder deals the partner, who has just passed its best, by its Partner weights.
func (k *knowledge) tiltPassing(v *engine.View, t Tilt) {
	r := k.rules
	b := v.Bidder()
	if r.PassStyle != engine.PassPartnerThenBack || (v.Phase() != engine.PhasePass && v.Phase() != engine.PhasePassBack) ||
		b < 0 || v.Trump() == engine.NoSuit || t.BidderTrump <= 0 {
		return
	}
	k.setTilt(v.Trump(), b, t)
}

// setTilt sets k's tilt toward trump and aces for the bidder b and its partner.
func (k *knowledge) setTilt(trump engine.Suit, b int, t Tilt) {
	r := k.rules
	p := r.Partner(b)
	factor := func(f float64) int { return max(int(f*tiltScale+0.5), 1) }
	k.tilt = tilt{trump: trump}
	for s := range r.Players {
		k.tilt.trumps[s], k.tilt.aces[s] = tiltScale, tiltScale
	}
	k.tilt.trumps[b], k.tilt.trumps[p] = factor(t.BidderTrump), factor(t.PartnerTrump)
	aces := t.BidderAces > 0
	if aces {
		k.tilt.aces[b], k.tilt.aces[p] = factor(t.BidderAces), factor(t.PartnerAces)
	}
	for c := engine.Card(0); c < engine.NumKinds; c++ {
		if c.Suit() == k.tilt.trump || aces && c.Rank() == engine.Ace {
			k.tilt.cards = k.tilt.cards.Add(c)
		}
	}
}

// tiltedFirst writes to out the tilted cards of deck, then the others, each in their order
// in deck, and returns out: the tilt holds only while the seats it favours have room.
func (k *knowledge) tiltedFirst(out, deck []engine.Card) []engine.Card {
	i := 0
	for _, c := range deck {
		if k.tilt.cards.Has(c) {
			out[i] = c
			i++
		}
	}
	for _, c := range deck {
		if !k.tilt.cards.Has(c) {
			out[i] = c
			i++
		}
	}
	return out
}

// played returns every card played this hand (completed tricks and the trick in
// progress) by seat.
func played(v *engine.View) [engine.MaxPlayers]engine.Hand {
	var out [engine.MaxPlayers]engine.Hand
	for _, p := range v.Plays() {
		out[p.Seat][p.Card]++
	}
	return out
}

// fullDeck returns the deck of the rules as a hand.
func fullDeck(r *engine.Rules) engine.Hand {
	var h engine.Hand
	for c := engine.Card(0); c < engine.NumKinds; c++ {
		h[c] = uint8(r.Copies(c))
	}
	return h
}

// notSeen returns the cards of r's deck that are neither in own nor among the cards played
// this hand, byseat.
func notSeen(r *engine.Rules, own *engine.Hand, byseat *[engine.MaxPlayers]engine.Hand) engine.Hand {
	unseen := fullDeck(r)
	sub(&unseen, own)
	for s := range r.Players {
		sub(&unseen, &byseat[s])
	}
	return unseen
}

// know works out what the view's seat knows of the hidden cards.
func know(v *engine.View) *knowledge {
	r := v.Rules()
	if r.Solo {
		return knowSolo(v)
	}
	k := &knowledge{rules: r, seat: v.Seat(), slots: r.Players}
	byseat := played(v)
	k.own = v.Hand()
	unseen := notSeen(r, &k.own, &byseat)
	// Lower bounds on what each other seat held after passing: its shown meld, and the
	// cards this seat passed to it that did not come back.
	var lower [engine.MaxPlayers]engine.Hand
	for s := range r.Players {
		if m, shown := v.ShownMeld(s); shown && s != v.Seat() {
			lower[s] = m.Used()
		}
	}
	var gave, got [engine.MaxPlayers]engine.Hand
	for _, p := range v.Passes() {
		for _, c := range p.Cards {
			if p.From == v.Seat() {
				gave[p.To][c]++
			} else {
				got[p.From][c]++
			}
		}
	}
	for s := range r.Players {
		if s == v.Seat() {
			continue
		}
		for c := range gave[s] {
			n := gave[s][c] - min(gave[s][c], got[s][c])
			lower[s][c] = max(lower[s][c], n)
		}
		// Cards played since are no longer held.
		for c := range lower[s] {
			lower[s][c] -= min(lower[s][c], byseat[s][c])
			lower[s][c] = min(lower[s][c], unseen[c])
		}
		k.known[s] = lower[s]
	}
	k.pool = unseen
	for s := range r.Players {
		if s != v.Seat() {
			sub(&k.pool, &k.known[s])
			k.need[s] = max(v.HandSize(s)-k.known[s].Len(), 0)
		}
	}
	k.infer(v.Trump(), v.Plays())
	k.setHolders()
	return k
}

// setHolders works out, from what each slot needs and cannot hold, the slots each card
// of the pool may be dealt to.
func (k *knowledge) setHolders() {
	for c := engine.Card(0); c < engine.NumKinds; c++ {
		for s := range k.slots {
			if s != k.seat && k.need[s] > 0 {
				k.relaxed[c] |= 1 << s
				if !k.excluded[s].Has(c) {
					k.holders[c] |= 1 << s
				}
			}
		}
		if k.pool[c] > 0 && k.holders[c] != k.relaxed[c] {
			k.constrained = true
		}
	}
}

// sub removes b from a, never below zero.
func sub(a, b *engine.Hand) {
	for c := range a {
		a[c] -= min(a[c], b[c])
	}
}

// infer adds to excluded what the play rules reveal. A card c played to a trick shows that
// the player held no card x such that c would not have been legal had it held x: a player
// who did not follow suit holds none of it, one who did not trump holds no trump, and,
// where the trick must be won if able, one who played under the winning card holds nothing
// that beats it. Cards only leave a hand during play, so what was true then is true now.
// plays are the hand's cards played, trick after trick.
func (k *knowledge) infer(trump engine.Suit, plays []engine.Played) {
	r := k.rules
	look := func(cards []engine.Played) {
		var prefix [engine.MaxPlayers]engine.Card
		for i, p := range cards {
			if i > 0 && p.Seat != k.seat {
				for x := engine.Card(0); x < engine.NumKinds; x++ {
					if x == p.Card || k.excluded[p.Seat].Has(x) {
						continue
					}
					h := engine.HandOf(p.Card, x)
					if !engine.LegalCards(&h, prefix[:i], trump, r.Play).Has(p.Card) {
						k.excluded[p.Seat] = k.excluded[p.Seat].Add(x)
					}
				}
			}
			prefix[i] = p.Card
		}
	}
	for len(plays) > r.Players {
		look(plays[:r.Players])
		plays = plays[r.Players:]
	}
	look(plays)
}

// sample deals the pool to the other seats at random, consistent with everything the
// seat knows, and returns every seat's hand (the seat gets its own). Cards with the fewest
// possible holders are placed first; a draw that paints itself into a corner is retried,
// and after many tries the exclusions are relaxed rather than fail.
func (k *knowledge) sample(rng *rand.Rand) [engine.MaxPlayers]engine.Hand {
	if k.truth != nil {
		return *k.truth
	}
	var cards, sorted, tilted [80]engine.Card
	n := 0
	for c := engine.Card(0); c < engine.NumKinds; c++ {
		for range k.pool[c] {
			cards[n] = c
			n++
		}
	}
	deck := cards[:n]
	holders := &k.holders
	for try := 0; ; try++ {
		relax := try >= 40
		hands := k.known
		hands[k.seat] = k.own
		need := k.need
		shuffle(rng, deck)
		// Place the most constrained cards first (a stable order over the shuffle).
		ordered := deck
		switch {
		case relax:
			holders = &k.relaxed
		case k.constrained:
			ordered = sortByHolders(sorted[:n], deck, holders)
		}
		if k.tilt.on() {
			ordered = k.tiltedFirst(tilted[:n], ordered)
		}
		// Deal each card to one of its holders that still needs cards, in proportion to
		// what each needs (a tilted card, times the holder's weight).
		var needing uint8 // the seats that still need cards
		for s := range k.slots {
			if need[s] > 0 {
				needing |= 1 << s
			}
		}
		ok := true
		// last are the seats the last card could go to, and lastNeed what they need now.
		last, lastNeed := uint8(0), 0
		even := [engine.MaxPlayers]int{1, 1, 1, 1, 1, 1} // the weights of an untilted card
		for _, c := range ordered {
			seats := holders[c] & needing
			weight := &even
			total := lastNeed
			weighted := k.tilt.cards.Has(c)
			if weighted {
				weight = k.tilt.weights(c)
				total = 0
				for m := seats; m != 0; m &= m - 1 {
					s := bits.TrailingZeros8(m)
					total += need[s] * weight[s]
				}
			} else if seats != last {
				total = 0
				for m := seats; m != 0; m &= m - 1 {
					total += need[bits.TrailingZeros8(m)]
				}
			}
			if total == 0 {
				ok = false
				break
			}
			pick := rng.IntN(total)
			for m := seats; m != 0; m &= m - 1 {
				s := bits.TrailingZeros8(m)
				w := need[s] * weight[s]
				if pick < w {
					hands[s][c]++
					if need[s]--; need[s] == 0 {
						needing &^= 1 << s
					}
					break
				}
				pick -= w
			}
			last, lastNeed = seats, total-1
			if weighted { // a weighted total is not carried to the next card
				last, lastNeed = 0, 0
			}
		}
		if ok {
			return hands
		}
	}
}

// shuffle shuffles cards as rng.Shuffle does (the same draws, the same order), without a
// call through a function value for each swap.
func shuffle(rng *rand.Rand, cards []engine.Card) {
	for i := len(cards) - 1; i > 0; i-- {
		j := int(rng.Uint64N(uint64(i + 1)))
		cards[i], cards[j] = cards[j], cards[i]
	}
}

// sortByHolders writes to out the cards of deck ordered by their number of holders, fewest
// first, keeping the order of cards with as many, and returns out.
func sortByHolders(out, deck []engine.Card, holders *[engine.NumKinds]uint8) []engine.Card {
	var start [engine.MaxPlayers + 2]int
	for _, c := range deck {
		start[bits.OnesCount8(holders[c])+1]++
	}
	for i := 1; i < len(start); i++ {
		start[i] += start[i-1]
	}
	for _, c := range deck {
		e := bits.OnesCount8(holders[c])
		out[start[e]] = c
		start[e]++
	}
	return out
}
