package engine

import "fmt"

// MeldKind names a kind of meld.
type MeldKind uint8

// The kinds of meld, by category: I (runs, marriages, dix), II (pinochle), III (arounds).
const (
	MeldRun MeldKind = iota
	MeldRoyalMarriage
	MeldMarriage
	MeldDix
	MeldPinochle
	MeldAround
)

var meldKindNames = [...]string{"run", "royal marriage", "marriage", "dix", "pinochle", "around"}

// String returns the kind's name.
func (k MeldKind) String() string {
	if int(k) >= len(meldKindNames) {
		return "?"
	}
	return meldKindNames[k]
}

// Category returns the meld category (1, 2 or 3) of the kind. A card may count once in
// each category.
func (k MeldKind) Category() int {
	switch k {
	case MeldPinochle:
		return 2
	case MeldAround:
		return 3
	}
	return 1
}

// MeldItem is one line of a meld breakdown: Count copies of a meld and the points they score.
type MeldItem struct {
	Kind MeldKind
	// Suit is the suit of a run, marriage or dix; NoSuit otherwise.
	Suit Suit
	// Rank is the rank of an around.
	Rank   Rank
	Count  uint8
	Points int32
}

var countWords = [...]string{"", "", "double ", "triple ", "quadruple "}

// Name returns the meld's name for people, such as "double pinochle", "royal marriage",
// "aces around" or "marriage in ♥".
func (m MeldItem) Name() string {
	prefix := ""
	if int(m.Count) < len(countWords) {
		prefix = countWords[m.Count]
	} else {
		prefix = fmt.Sprintf("%d× ", m.Count)
	}
	switch m.Kind {
	case MeldAround:
		return prefix + rankPlural[m.Rank] + " around"
	case MeldMarriage:
		return prefix + "marriage in " + m.Suit.Symbol()
	case MeldDix:
		if m.Count > 1 {
			return fmt.Sprintf("%d× dix", m.Count)
		}
		return "dix"
	}
	return prefix + m.Kind.String()
}

var rankPlural = [...]string{"nines", "jacks", "queens", "kings", "tens", "aces"}

// Cards returns the cards that make the meld, copies included.
func (m MeldItem) Cards() []Card {
	one, n := m.pattern()
	out := make([]Card, 0, n*int(m.Count))
	for range m.Count {
		out = append(out, one[:n]...)
	}
	return out
}

// pattern returns the cards of one copy of the meld.
func (m MeldItem) pattern() ([5]Card, int) {
	switch m.Kind {
	case MeldRun:
		return [5]Card{NewCard(Ace, m.Suit), NewCard(Ten, m.Suit), NewCard(King, m.Suit), NewCard(Queen, m.Suit), NewCard(Jack, m.Suit)}, 5
	case MeldRoyalMarriage, MeldMarriage:
		return [5]Card{NewCard(King, m.Suit), NewCard(Queen, m.Suit)}, 2
	case MeldDix:
		return [5]Card{NewCard(Nine, m.Suit)}, 1
	case MeldPinochle:
		return [5]Card{NewCard(Queen, Spades), NewCard(Jack, Diamonds)}, 2
	case MeldAround:
		return [5]Card{NewCard(m.Rank, Spades), NewCard(m.Rank, Hearts), NewCard(m.Rank, Diamonds), NewCard(m.Rank, Clubs)}, 4
	}
	return [5]Card{}, 0
}

// maxMeldItems bounds a breakdown: per suit a run, a marriage and a dix at most in trump
// and one marriage elsewhere (6), one pinochle line and four arounds.
const maxMeldItems = 12

// Meld is the meld of one hand for one trump: the total and its breakdown. It is a plain
// value so that counting meld allocates nothing.
type Meld struct {
	Total int
	// WinsGame is set when the hand holds the runs that win the game outright.
	WinsGame bool
	items    [maxMeldItems]MeldItem
	n        uint8
}

// Items returns the breakdown, in category order.
func (m *Meld) Items() []MeldItem { return m.items[:m.n] }

func (m *Meld) add(it MeldItem) {
	if it.Points == 0 && it.Kind != MeldRun {
		return
	}
	m.items[m.n] = it
	m.n++
	m.Total += int(it.Points)
}

// Used returns the cards of the hand that take part in at least one meld: within a
// category the melds' cards add up (a run and a royal marriage use two kings), across
// categories a card may serve again.
func (m *Meld) Used() Hand {
	// Category I adds up card by card. Categories II and III have at most one meld for a
	// card (one pinochle line, one around of each rank), so each only raises the cards of
	// its melds to its count.
	var used Hand
	for _, it := range m.Items() {
		if it.Kind.Category() == 1 {
			one, n := it.pattern()
			for _, c := range one[:n] {
				used[c] += it.Count
			}
		}
	}
	for _, it := range m.Items() {
		if it.Kind.Category() != 1 {
			one, n := it.pattern()
			for _, c := range one[:n] {
				used[c] = max(used[c], it.Count)
			}
		}
	}
	return used
}

// CountMeld returns the meld of hand h with the given trump (NoSuit when none is named)
// under the meld table t. Each category is counted to its maximum: in trump, the number of
// runs is chosen so that runs plus the royal marriages left beside them score the most.
func CountMeld(h *Hand, trump Suit, t *MeldTable) Meld {
	var m Meld
	countMeld(&m, h, trump, t)
	return m
}

// countMeld counts the meld of h into m, which must be the zero Meld: the game counts
// straight into its record of melds.
func countMeld(m *Meld, h *Hand, trump Suit, t *MeldTable) {
	if !h.plausible() {
		return
	}
	n, total := 0, 0
	// put writes an item in the next place and keeps it (as Meld.add would) when keep is
	// set and it scores or is a run: an item not kept is written over by the next, or
	// cleared at the end. Random hands make "is there a marriage, a dix, a pinochle" hard
	// to predict, and writing the item costs less than a branch guessed wrong; runs and
	// arounds are rare enough for a branch.
	put := func(keep bool, kind MeldKind, suit Suit, rank Rank, count uint8, points int) {
		m.items[n] = MeldItem{Kind: kind, Suit: suit, Rank: rank, Count: count, Points: int32(points)}
		k := b2i(keep) & (b2i(points != 0) | b2i(kind == MeldRun))
		n += k
		total += points & -k
	}
	// Category I: runs, marriages and dix. A suit's cards are h[6s:6s+6], Nine to Ace.
	for s := Spades; s < NoSuit; s++ {
		c := (*[NumRanks]uint8)(h[int(s)*NumRanks:])
		k, q := c[King], c[Queen]
		kq := min(k, q)
		if s != trump {
			put(kq > 0, MeldMarriage, s, 0, kq, t.Marriage[kq])
			continue
		}
		runs := min(c[Ace], c[Ten], kq, c[Jack])
		bestRuns, bestRoyal := uint8(0), kq
		if runs > 0 {
			best := t.Run[0] + t.Royal[kq]
			for r := uint8(1); r <= runs; r++ {
				royal := kq - r
				if !t.RoyalBesideRun {
					royal = 0
				}
				// Runs that win the game outright beat any points (their table value is 0).
				wins := t.RunWinsAt > 0 && int(r) >= t.RunWinsAt
				if v := t.Run[r] + t.Royal[royal]; v >= best || wins {
					bestRuns, bestRoyal, best = r, royal, v
				}
			}
		}
		if bestRuns > 0 {
			put(true, MeldRun, s, 0, bestRuns, t.Run[bestRuns])
			if t.RunWinsAt > 0 && int(bestRuns) >= t.RunWinsAt {
				m.WinsGame = true
			}
		}
		put(bestRoyal > 0, MeldRoyalMarriage, s, 0, bestRoyal, t.Royal[bestRoyal])
		nines := c[Nine]
		put(nines > 0, MeldDix, s, 0, nines, int(nines)*t.Dix)
	}
	// Category II: pinochles.
	p := min(h[NewCard(Queen, Spades)], h[NewCard(Jack, Diamonds)])
	put(p > 0, MeldPinochle, NoSuit, 0, p, t.Pinochle[p])
	// Category III: arounds. A rank is around when every suit holds it: its bit in each
	// suit's six bits of the hand's set. Arounds are rare, and most hands need no count.
	set := h.Set()
	all := set & (set >> NumRanks) & (set >> (2 * NumRanks)) & (set >> (3 * NumRanks))
	if all&(1<<Ace|1<<King|1<<Queen|1<<Jack) != 0 {
		for _, r := range [...]Rank{Ace, King, Queen, Jack} {
			if a := min(h[r], h[NumRanks+int(r)], h[2*NumRanks+int(r)], h[3*NumRanks+int(r)]); a > 0 {
				put(true, MeldAround, NoSuit, r, a, t.Around[r][a])
			}
		}
	}
	if n < len(m.items) {
		m.items[n] = MeldItem{} // the last item written, when it was not kept
	}
	m.n = uint8(n)
	m.Total = total
}

// b2i returns 1 for true and 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
