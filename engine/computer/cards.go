package computer

import (
	"encoding/binary"
	"math/bits"

	"github.com/pinochle-discord/pinochle/engine"
)

// cardTable is what the search needs to know of each card under one set of rules and one
// trump, worked out once per decision so that a playout looks nothing up twice.
type cardTable struct {
	r       *engine.Rules
	players int
	trump   engine.Suit
	// team is each seat's side in the play: the rules' team (engine.Rules.TeamOf), or in
	// three-handed the bidder's side (soloBidderSide) and the defenders' (see soloTable).
	team [engine.MaxPlayers]int8
	// trumps are the cards of the trump suit (none when no trump is named).
	trumps engine.CardSet
	// points are each card's trick points; beaters the cards that take the trick from it
	// when played after it while it wins: the higher cards of its suit, and the trumps when
	// it is not one.
	points  [engine.NumKinds]int
	beaters [engine.NumKinds]engine.CardSet
	// The quick policy's scores of a card (see deal.quick): discard is discardCost without
	// its term for the length of the card's suit in the hand; smear is smearScore, for the
	// cards of smearable; cash is how much it likes to lead the card as a sure winner;
	// winCost what winning a trick with it gives up.
	discard   [engine.NumKinds]int
	smear     [engine.NumKinds]int
	smearable engine.CardSet
	cash      [engine.NumKinds]int
	winCost   [engine.NumKinds]int
	// discardByRank says that discard does not fall as the rank rises within a suit, so
	// that the lowest card of a suit is its cheapest to discard.
	discardByRank bool
	// pass are the Baseline's scores for passing, with which the search plays out the
	// passes of a sampled deal.
	pass passScores
}

// newCardTable returns the card table of rules r with trump named (engine.NoSuit when
// none is).
func newCardTable(r *engine.Rules, trump engine.Suit) *cardTable {
	t := &cardTable{r: r, players: r.Players, trump: trump, pass: newPassScores(r, trump)}
	for s := range r.Players {
		t.team[s] = int8(r.TeamOf(s))
	}
	if trump != engine.NoSuit {
		t.trumps = suitCards(trump)
	}
	var empty engine.Hand
	for c := engine.Card(0); c < engine.NumKinds; c++ {
		rk := c.Rank()
		t.points[c] = r.RankValue[rk]
		t.beaters[c] = suitCards(c.Suit()) & ^(engine.CardSet(1)<<(c+1) - 1)
		if c.Suit() != trump {
			t.beaters[c] |= t.trumps
		}
		t.discard[c] = discardCost(r, &empty, c, trump)
		if s, ok := smearScore(r, c, trump); ok {
			t.smear[c], t.smearable = s, t.smearable.Add(c)
		}
		t.cash[c] = 10*r.RankValue[rk] + int(rk)
		t.winCost[c] = 10*int(rk) + r.RankValue[rk]
	}
	t.discardByRank = risesByRank(&t.discard)
	return t
}

// teamOf returns the side seat plays on in the deal.
func (t *cardTable) teamOf(seat int) int { return int(t.team[seat]) }

// risesByRank reports whether score does not fall as the rank rises within any suit, so
// that the lowest card of a suit has its lowest score.
func risesByRank(score *[engine.NumKinds]int) bool {
	for c := engine.Card(0); c < engine.NumKinds; c++ {
		if c.Rank() > engine.Nine && score[c] < score[c-1] {
			return false
		}
	}
	return true
}

// suitCards returns the set of the cards of suit s.
func suitCards(s engine.Suit) engine.CardSet {
	return engine.CardSet(1<<engine.NumRanks-1) << (uint(s) * engine.NumRanks)
}

// beneath returns the cards below a card of s in its suit.
func beneath(s engine.CardSet) engine.CardSet {
	// Shift each card down one to five ranks, dropping what would cross into the suit
	// below: the masks keep the low five, four, ... one ranks of each suit.
	x := uint32(s)
	b := x >> 1 & 0x7DF7DF
	b |= x >> 2 & 0x3CF3CF
	b |= x >> 3 & 0x1C71C7
	b |= x >> 4 & 0x0C30C3
	b |= x >> 5 & 0x041041
	return engine.CardSet(b)
}

// lowestOfSuits returns the lowest card of s in each suit.
func lowestOfSuits(s engine.CardSet) engine.CardSet {
	// Drop every card with a card of s below it: shift the cards up one to five ranks,
	// dropping what would cross into the suit above.
	x := uint32(s)
	a := x << 1 & 0xFBEFBE
	a |= x << 2 & 0xF3CF3C
	a |= x << 3 & 0xE38E38
	a |= x << 4 & 0xC30C30
	a |= x << 5 & 0x820820
	return s &^ engine.CardSet(a)
}

// cardsOfSuits returns the cards of the suits in suits, a bit each (the four low bits).
func cardsOfSuits(suits uint8) engine.CardSet {
	x := engine.CardSet(suits)
	// Move each suit's bit to its lowest card, then fill its six cards.
	x = x&1 | x&2<<5 | x&4<<10 | x&8<<15
	return x * (1<<engine.NumRanks - 1)
}

// suitsOf returns the suits of the cards of s, a bit each.
func suitsOf(s engine.CardSet) uint8 {
	// Fold each suit's six bits onto its lowest, then gather the four.
	x := uint32(s)
	x |= x >> 1
	x |= x >> 2
	x |= x >> 2
	x &= 0x041041
	return uint8((x | x>>5 | x>>10 | x>>15) & 0xF)
}

// suitLengths returns the number of cards of each suit in hand h.
func suitLengths(h *engine.Hand) [engine.NumSuits]int8 {
	// Each suit is six counts in a row: load eight bytes from its first, keep six, and add
	// them up by multiplying (a count is at most four, so no sum overflows a byte).
	var out [engine.NumSuits]int8
	for s := range engine.NumSuits {
		i := s * engine.NumRanks
		var x uint64
		if i+8 <= engine.NumKinds {
			x = binary.LittleEndian.Uint64(h[i:])
		} else {
			x = binary.LittleEndian.Uint64(h[engine.NumKinds-8:]) >> (8 * (i + 8 - engine.NumKinds))
		}
		out[s] = int8((x & 0xFFFFFFFFFFFF) * 0x0101010101010101 >> 56)
	}
	return out
}

// lowestCard returns the lowest card of set s, which must not be empty.
func lowestCard(s engine.CardSet) engine.Card { return engine.Card(bits.TrailingZeros32(uint32(s))) }

// highestCard returns the highest card of set s, which must not be empty.
func highestCard(s engine.CardSet) engine.Card { return engine.Card(bits.Len32(uint32(s)) - 1) }

// highestScore returns the card of set s (not empty) with the highest score, the lowest
// card of those tied.
func highestScore(s engine.CardSet, score *[engine.NumKinds]int) engine.Card {
	best := lowestCard(s)
	for s &= s - 1; s != 0; s &= s - 1 {
		if c := lowestCard(s); score[c] > score[best] {
			best = c
		}
	}
	return best
}

// lowestScore returns the card of set s (not empty) with the lowest score, the lowest
// card of those tied.
func lowestScore(s engine.CardSet, score *[engine.NumKinds]int) engine.Card {
	best := lowestCard(s)
	for s &= s - 1; s != 0; s &= s - 1 {
		if c := lowestCard(s); score[c] < score[best] {
			best = c
		}
	}
	return best
}
