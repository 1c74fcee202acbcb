// Package engine implements the rules of Pinochle: cards, decks, meld, bidding, passing,
// trick play and scoring for every preset the bot hosts.
//
// The engine is pure: it performs no I/O, reads no clock and uses no global random
// source. A game is fully defined by its rules, its seed and the list of actions applied
// to it, so replaying the actions of a game rebuilds it exactly.
package engine

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"strings"
)

// Suit is one of the four suits. NoSuit stands for "no trump named".
type Suit uint8

// The suits, in the order the engine sorts them.
const (
	Spades Suit = iota
	Hearts
	Diamonds
	Clubs
	NoSuit
)

// NumSuits is the number of real suits.
const NumSuits = 4

var (
	suitLetters = [...]string{"S", "H", "D", "C", "-"}
	suitSymbols = [...]string{"♠", "♥", "♦", "♣", "-"}
	suitNames   = [...]string{"spades", "hearts", "diamonds", "clubs", "none"}
)

// String returns the suit's one-letter code: S, H, D or C.
func (s Suit) String() string {
	if s > NoSuit {
		return "?"
	}
	return suitLetters[s]
}

// Symbol returns the suit's symbol, such as ♠.
func (s Suit) Symbol() string {
	if s > NoSuit {
		return "?"
	}
	return suitSymbols[s]
}

// Name returns the suit's plural name, such as "spades".
func (s Suit) Name() string {
	if s > NoSuit {
		return "?"
	}
	return suitNames[s]
}

// MarshalText encodes the suit as its letter.
func (s Suit) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText decodes a suit written in any form ParseSuit accepts, or "-" for NoSuit.
func (s *Suit) UnmarshalText(b []byte) error {
	if string(b) == "-" || string(b) == "" {
		*s = NoSuit
		return nil
	}
	v, err := ParseSuit(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// ParseSuit reads a suit as a letter (S H D C), a symbol (♠ ♥ ♦ ♣) or a name
// ("spades", "spade"), in any case.
func ParseSuit(text string) (Suit, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	switch t {
	case "s", "♠", "♤", "spades", "spade":
		return Spades, nil
	case "h", "♥", "♡", "hearts", "heart":
		return Hearts, nil
	case "d", "♦", "♢", "diamonds", "diamond":
		return Diamonds, nil
	case "c", "♣", "♧", "clubs", "club":
		return Clubs, nil
	}
	return NoSuit, fmt.Errorf("unknown suit %q: use S, H, D or C (or ♠ ♥ ♦ ♣, or a name such as spades)", text)
}

// Rank is a card's rank, ordered by trick-taking power: Nine < Jack < Queen < King < Ten < Ace.
type Rank uint8

// The ranks, lowest first.
const (
	Nine Rank = iota
	Jack
	Queen
	King
	Ten
	Ace
)

// NumRanks is the number of ranks.
const NumRanks = 6

var rankCodes = [...]string{"9", "J", "Q", "K", "10", "A"}

// String returns the rank's code: 9, J, Q, K, 10 or A.
func (r Rank) String() string {
	if r > Ace {
		return "?"
	}
	return rankCodes[r]
}

// Card is a rank in a suit. Identical copies of a card are equal values: among equal cards
// in a trick, the first played wins.
type Card uint8

// NumKinds is the number of distinct cards (ranks × suits).
const NumKinds = NumRanks * NumSuits

// NewCard returns the card of rank r in suit s.
func NewCard(r Rank, s Suit) Card { return Card(uint8(s)*NumRanks + uint8(r)) }

// Rank returns the card's rank.
func (c Card) Rank() Rank { return Rank(c % NumRanks) }

// Suit returns the card's suit.
func (c Card) Suit() Suit { return Suit(c / NumRanks) }

// Valid reports whether c is one of the 24 cards.
func (c Card) Valid() bool { return c < NumKinds }

// String returns the card's code, rank then suit letter: AS, 10H, 9C.
func (c Card) String() string {
	if !c.Valid() {
		return "??"
	}
	return c.Rank().String() + c.Suit().String()
}

// Symbol returns the card for people: A♠, 10♥, 9♣.
func (c Card) Symbol() string {
	if !c.Valid() {
		return "??"
	}
	return c.Rank().String() + c.Suit().Symbol()
}

// MarshalText encodes the card as its code.
func (c Card) MarshalText() ([]byte, error) {
	if !c.Valid() {
		return nil, fmt.Errorf("invalid card %d", uint8(c))
	}
	return []byte(c.String()), nil
}

// UnmarshalText decodes a card written in any form ParseCard accepts.
func (c *Card) UnmarshalText(b []byte) error {
	v, err := ParseCard(string(b))
	if err != nil {
		return err
	}
	*c = v
	return nil
}

// ParseCard reads a card: a rank (A 10 K Q J 9, or T for ten) followed by a suit in any
// form ParseSuit accepts, optionally separated by a space, a hyphen or "of". Case is
// ignored: "AS", "10h", "t♦", "Q spades" and "queen of spades" are all cards.
func ParseCard(text string) (Card, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	var r Rank
	var rest string
	switch {
	case strings.HasPrefix(t, "ace"):
		r, rest = Ace, t[3:]
	case strings.HasPrefix(t, "king"):
		r, rest = King, t[4:]
	case strings.HasPrefix(t, "queen"):
		r, rest = Queen, t[5:]
	case strings.HasPrefix(t, "jack"):
		r, rest = Jack, t[4:]
	case strings.HasPrefix(t, "ten"):
		r, rest = Ten, t[3:]
	case strings.HasPrefix(t, "nine"):
		r, rest = Nine, t[4:]
	case strings.HasPrefix(t, "10"):
		r, rest = Ten, t[2:]
	case t != "":
		switch t[0] {
		case 'a':
			r = Ace
		case 'k':
			r = King
		case 'q':
			r = Queen
		case 'j':
			r = Jack
		case 't':
			r = Ten
		case '9':
			r = Nine
		default:
			return 0, fmt.Errorf("unknown card %q: a card is a rank (A 10 K Q J 9) and a suit (S H D C), such as AS or 10H", text)
		}
		rest = t[1:]
	default:
		return 0, fmt.Errorf("empty card: a card is a rank (A 10 K Q J 9) and a suit (S H D C), such as AS or 10H")
	}
	rest = strings.TrimSpace(rest)
	rest = strings.TrimPrefix(rest, "-")
	if after, ok := strings.CutPrefix(rest, "of "); ok {
		rest = after
	}
	s, err := ParseSuit(rest)
	if err != nil {
		return 0, fmt.Errorf("unknown card %q: a card is a rank (A 10 K Q J 9) and a suit (S H D C), such as AS or 10H", text)
	}
	return NewCard(r, s), nil
}

// ParseCards reads a list of cards separated by spaces or commas, such as "AS 10S KH".
// Cards written with a space inside ("Q spades") are not accepted in a list.
func ParseCards(text string) ([]Card, error) {
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '\n' })
	cards := make([]Card, 0, len(fields))
	for _, f := range fields {
		c, err := ParseCard(f)
		if err != nil {
			return nil, err
		}
		cards = append(cards, c)
	}
	return cards, nil
}

// FormatCards writes cards as codes separated by spaces.
func FormatCards(cards []Card) string {
	var b strings.Builder
	for i, c := range cards {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
	}
	return b.String()
}

// CardSet is a set of distinct cards, one bit per card.
type CardSet uint32

// Has reports whether the set holds card c.
func (s CardSet) Has(c Card) bool { return s&(1<<c) != 0 }

// Add returns the set with card c added.
func (s CardSet) Add(c Card) CardSet { return s | 1<<c }

// Len returns the number of distinct cards in the set.
func (s CardSet) Len() int { return bits.OnesCount32(uint32(s)) }

// Cards returns the set's cards, highest suit order first and highest rank first within a
// suit (the order of Hand.Cards).
func (s CardSet) Cards() []Card {
	out := make([]Card, 0, s.Len())
	for suit := Spades; suit < NoSuit; suit++ {
		for r := int(Ace); r >= int(Nine); r-- {
			if c := NewCard(Rank(r), suit); s.Has(c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// Hand is a multiset of cards: how many copies of each card a player holds.
type Hand [NumKinds]uint8

// HandOf returns the hand holding the given cards.
func HandOf(cards ...Card) Hand {
	var h Hand
	for _, c := range cards {
		h[c]++
	}
	return h
}

// Len returns the number of cards in the hand.
func (h *Hand) Len() int {
	// Eight counts at a time: when each is below 32, as in any deck, their sum is below
	// 256, and multiplying by 0x0101010101010101 gathers it in the top byte.
	n := 0
	for i := 0; i < NumKinds; i += 8 {
		x := binary.LittleEndian.Uint64(h[i : i+8])
		if x&0xE0E0E0E0E0E0E0E0 != 0 {
			for _, k := range h[i : i+8] {
				n += int(k)
			}
			continue
		}
		n += int(x * 0x0101010101010101 >> 56)
	}
	return n
}

// Count returns how many copies of card c the hand holds.
func (h *Hand) Count(c Card) int { return int(h[c]) }

// Has reports whether the hand holds at least one copy of card c.
func (h *Hand) Has(c Card) bool { return h[c] > 0 }

// Contains reports whether every card of o (with its copies) is in h.
func (h *Hand) Contains(o *Hand) bool {
	// Eight counts at a time: with each count of h lifted by 128, a count of o below 128
	// leaves the byte's top bit set, borrowing nothing from the next byte, exactly when
	// it does not exceed h's.
	const top = 0x8080808080808080
	for i := 0; i < NumKinds; i += 8 {
		hx, ox := binary.LittleEndian.Uint64(h[i:i+8]), binary.LittleEndian.Uint64(o[i:i+8])
		if ox&top != 0 || ((hx|top)-ox)&top != top {
			return containsByCount(h, o)
		}
	}
	return true
}

// remove takes the cards of o out of h, which must hold them (h.Contains(o)).
func (h *Hand) remove(o *Hand) {
	// Eight counts at a time: as o is within h, no count borrows from the next.
	for i := 0; i < NumKinds; i += 8 {
		binary.LittleEndian.PutUint64(h[i:i+8], binary.LittleEndian.Uint64(h[i:i+8])-binary.LittleEndian.Uint64(o[i:i+8]))
	}
}

// moveTo moves the cards of o from h to dst, another hand: h must hold them
// (h.Contains(o)).
func (h *Hand) moveTo(dst, o *Hand) {
	// Eight counts at a time: as o is within h, no count of h borrows from the next; and
	// when the counts of dst and o are below 128, which no deck reaches, none of dst
	// carries into the next. Counts that high are moved one at a time.
	const top = 0x8080808080808080
	for i := 0; i < NumKinds; i += 8 {
		hx, dx, ox := binary.LittleEndian.Uint64(h[i:i+8]), binary.LittleEndian.Uint64(dst[i:i+8]), binary.LittleEndian.Uint64(o[i:i+8])
		if (dx|ox)&top != 0 {
			for j := i; j < i+8; j++ {
				h[j] -= o[j]
				dst[j] += o[j]
			}
			continue
		}
		binary.LittleEndian.PutUint64(h[i:i+8], hx-ox)
		binary.LittleEndian.PutUint64(dst[i:i+8], dx+ox)
	}
}

// containsByCount is Contains a count at a time, which Contains falls back to when eight
// counts fail its test: a count of o above h's, or counts of 128 or more, which no deck
// makes.
func containsByCount(h, o *Hand) bool {
	for i := range h {
		if o[i] > h[i] {
			return false
		}
	}
	return true
}

// Set returns the distinct cards of the hand.
func (h *Hand) Set() CardSet {
	// Eight cards at a time: a byte that is not zero sets its card's bit.
	return nonZero(binary.LittleEndian.Uint64(h[0:8])) |
		nonZero(binary.LittleEndian.Uint64(h[8:16]))<<8 |
		nonZero(binary.LittleEndian.Uint64(h[16:24]))<<16
}

// nonZero returns one bit for each byte of x, set when the byte is not zero.
func nonZero(x uint64) CardSet {
	// A byte's low seven bits plus 0x7F carry into its top bit unless they are all zero;
	// with the byte's own top bit, that top bit is set exactly when the byte is not zero.
	// Then gather the top bits.
	const low, top = 0x7F7F7F7F7F7F7F7F, 0x8080808080808080
	x = (((x & low) + low) | x) & top
	return CardSet(((x >> 7) * 0x0102040810204080) >> 56)
}

// SuitCount returns the number of cards the hand holds in suit s.
func (h *Hand) SuitCount(s Suit) int {
	n := 0
	for r := Nine; r <= Ace; r++ {
		n += int(h[NewCard(r, s)])
	}
	return n
}

// Cards returns the hand's cards sorted by suit (♠ ♥ ♦ ♣) and by rank, highest first.
func (h *Hand) Cards() []Card {
	out := make([]Card, 0, h.Len())
	for suit := Spades; suit < NoSuit; suit++ {
		for r := int(Ace); r >= int(Nine); r-- {
			c := NewCard(Rank(r), suit)
			for range h[c] {
				out = append(out, c)
			}
		}
	}
	return out
}

// String writes the hand's cards as codes, sorted.
func (h Hand) String() string { return FormatCards(h.Cards()) }

// MarshalText encodes the hand as its sorted card codes.
func (h Hand) MarshalText() ([]byte, error) { return []byte(h.String()), nil }

// UnmarshalText decodes a hand written as a list of cards.
func (h *Hand) UnmarshalText(b []byte) error {
	cards, err := ParseCards(string(b))
	if err != nil {
		return err
	}
	*h = HandOf(cards...)
	return nil
}

// plausible reports whether no card of the hand has more copies than the largest deck holds.
func (h *Hand) plausible() bool {
	// Eight counts at a time: adding 3 to a count above 4 sets one of its top five bits.
	const three, high = 0x0303030303030303, 0xF8F8F8F8F8F8F8F8
	for i := 0; i < NumKinds; i += 8 {
		x := uint64(h[i]) | uint64(h[i+1])<<8 | uint64(h[i+2])<<16 | uint64(h[i+3])<<24 |
			uint64(h[i+4])<<32 | uint64(h[i+5])<<40 | uint64(h[i+6])<<48 | uint64(h[i+7])<<56
		if (x|(x+three))&high != 0 {
			return false
		}
	}
	return true
}
