package engine

// suitMask returns the set of all cards of suit s.
func suitMask(s Suit) CardSet { return CardSet(0x3F) << (uint(s) * NumRanks) }

// above returns the cards of card c's suit that outrank it.
func above(c Card) CardSet {
	r := uint(c.Rank())
	return (CardSet(0x3F<<(r+1)) & 0x3F) << (uint(c.Suit()) * NumRanks)
}

// Beats reports whether card c, played after the trick's current winner w, takes the
// trick from it. An identical card does not: the first played of two equal cards wins.
func Beats(c, w Card, trump Suit) bool {
	if c.Suit() == w.Suit() {
		return c.Rank() > w.Rank()
	}
	return c.Suit() == trump
}

// legalCards returns the cards of held (the distinct cards a player holds) that may be
// played to a trick led in suit lead whose current winning card is win. An empty trick
// is signalled by lead == NoSuit: any card may be led.
func legalCards(held CardSet, lead Suit, win Card, trump Suit, rule PlayRule) CardSet {
	if lead == NoSuit {
		return held
	}
	trumped := win.Suit() != lead // the trick was trumped (lead is not trump)
	if follow := held & suitMask(lead); follow != 0 {
		if trumped {
			// A suit card cannot take a trumped trick.
			return follow
		}
		if beat := follow & above(win); beat != 0 {
			return beat
		}
		return follow
	}
	if trump == NoSuit {
		return held
	}
	trumps := held & suitMask(trump)
	if trumps == 0 {
		return held
	}
	var winning CardSet
	if trumped {
		winning = trumps & above(win)
	} else {
		winning = trumps
	}
	if winning != 0 {
		return winning
	}
	if rule == MustTrump {
		return trumps
	}
	return held
}

// LegalCards returns the distinct cards of hand h that may be played next to a trick whose
// cards so far are trick (in the order played, empty when leading).
func LegalCards(h *Hand, trick []Card, trump Suit, rule PlayRule) CardSet {
	if len(trick) == 0 {
		return h.Set()
	}
	win := trick[0]
	for _, c := range trick[1:] {
		if Beats(c, win, trump) {
			win = c
		}
	}
	return legalCards(h.Set(), trick[0].Suit(), win, trump, rule)
}

// TrickWinner returns the index in trick of the card that wins it.
func TrickWinner(trick []Card, trump Suit) int {
	w := 0
	for i := 1; i < len(trick); i++ {
		if Beats(trick[i], trick[w], trump) {
			w = i
		}
	}
	return w
}
