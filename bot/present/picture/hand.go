package picture

import (
	"image"
	"image/color"
	"slices"
	"strconv"
	"strings"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/internal/words"
)

// Mark says what a card of a hand is, besides itself. A card may carry several marks.
type Mark uint8

const (
	// Playable: the card may be played now; it is raised.
	Playable Mark = 1 << iota
	// Unplayable: the card may not be played now; it is dimmed.
	Unplayable
	// Selected: the card is chosen (to play, once confirmed); it is raised and ringed.
	Selected
	// Received: the card came in this hand's pass, or from the widow; it is tagged NEW.
	Received
	// Passed: the card was passed away; it is shown apart, dimmed and tagged PASSED.
	Passed
	// Buried: the card was buried (three-handed); it is shown apart, dimmed and tagged
	// BURIED.
	Buried
	// Melded: the card lies on the table in a meld (two-handed): everyone sees it; it is
	// tagged MELD.
	Melded
)

// HandCard is a card of a hand with its marks.
type HandCard struct {
	Card engine.Card
	Mark Mark
}

// Hand is a seat's cards as the seat sees them. The cards are drawn sorted as the game
// sorts them (SortCards), trump first when trump is named, with the passed or buried ones
// apart at the end.
type Hand struct {
	Cards []HandCard
	// Trump is the trump suit, or engine.NoSuit before it is named.
	Trump engine.Suit
	Deck  Deck
}

// SortCards sorts cards as a hand shows them: the cards still held first, in the engine's
// suit order (♠ ♥ ♦ ♣) with trump moved to the front when it is named, highest rank first;
// then the cards passed away and buried, in the same order. Copies of a card are ordered
// by their marks, so that the order is the same whatever order the cards came in.
func SortCards(cards []HandCard, trump engine.Suit) {
	slices.SortFunc(cards, func(a, b HandCard) int {
		ka, kb := sortKey(a, trump), sortKey(b, trump)
		if ka != kb {
			return ka - kb
		}
		return int(a.Mark) - int(b.Mark)
	})
}

// sortKey orders a hand's cards by group, suit and rank (see SortCards).
func sortKey(c HandCard, trump engine.Suit) int {
	k := 0
	if !held(c) {
		k = 1000
	}
	suit := int(c.Card.Suit()) + 1
	if c.Card.Suit() == trump {
		suit = 0
	}
	return k + suit*100 + int(engine.NumKinds) - int(c.Card)
}

// sorted returns the hand's cards sorted, in a new slice.
func (h *Hand) sorted() []HandCard {
	cards := slices.Clone(h.Cards)
	SortCards(cards, h.Trump)
	return cards
}

// Key returns a string naming the hand's picture.
func (h Hand) Key() string {
	var b strings.Builder
	b.WriteString("hand/1/")
	b.WriteString(strconv.Itoa(int(h.Deck)))
	b.WriteByte('/')
	b.WriteString(h.Trump.String())
	for _, c := range h.sorted() {
		b.WriteByte('/')
		b.WriteString(c.Card.String())
		if c.Mark != 0 {
			b.WriteByte(':')
			b.WriteString(strconv.Itoa(int(c.Mark)))
		}
	}
	return b.String()
}

// Alt describes the hand in words: its cards by suit, then the marked ones.
func (h Hand) Alt() string {
	cards := h.sorted()
	var b strings.Builder
	held := 0
	for _, c := range cards {
		if c.Mark&(Passed|Buried) == 0 {
			held++
		}
	}
	b.WriteString("Hand of " + words.Count(held, "card"))
	if h.Trump < engine.NoSuit {
		b.WriteString(", trump " + h.Trump.Name())
	}
	b.WriteString(".")
	for i := 0; i < len(cards); {
		c := cards[i]
		if c.Mark&(Passed|Buried) != 0 {
			break
		}
		j := i
		var ranks []string
		for ; j < len(cards) && cards[j].Card.Suit() == c.Card.Suit() && cards[j].Mark&(Passed|Buried) == 0; j++ {
			ranks = append(ranks, cards[j].Card.Rank().String())
		}
		name := c.Card.Suit().Name()
		b.WriteString(" " + strings.ToUpper(name[:1]) + name[1:] + ": " + strings.Join(ranks, ", ") + ".")
		i = j
	}
	for _, m := range []struct {
		mark Mark
		what string
	}{{Melded, "On the table"}, {Received, "Received"}, {Passed, "Passed"}, {Buried, "Buried"}, {Playable, "Playable now"}, {Selected, "Selected"}} {
		var list []string
		for _, c := range cards {
			if c.Mark&m.mark != 0 {
				list = append(list, c.Card.Symbol())
			}
		}
		if len(list) > 0 {
			b.WriteString(" " + m.what + ": " + strings.Join(list, " ") + ".")
		}
	}
	return capAlt(b.String())
}

// Layout of a hand's picture.
const (
	handPad      = 8  // round the picture
	handGroupGap = 12 // between suits
	handRowGap   = 10 // between rows
	handTagH     = 20 // the tags over the cards
	handTagGap   = 4
	handLift     = 16 // how far a playable card rises
	handMaxRow   = 12 // the most cards in a row
)

// handSlot is where one card of a hand is drawn.
type handSlot struct {
	HandCard
	row, x int
	// span is how far the card shows before the next one covers it.
	span int
}

// layoutHand places a hand's sorted cards in rows of at most handMaxRow, as even as they
// can be while breaking between suits, and returns the slots and the number of rows.
func layoutHand(cards []HandCard, st cardStyle) ([]handSlot, int) {
	starts := rowStarts(cards)
	slots := make([]handSlot, len(cards))
	row := -1
	for i, c := range cards {
		if row+1 < len(starts) && starts[row+1] == i {
			row++
		} else if i > 0 {
			prev := &slots[i-1]
			prev.span = st.strip
			if group(cards[i-1]) != group(c) {
				prev.span += handGroupGap
			}
			slots[i].x = prev.x + prev.span
		}
		slots[i].HandCard, slots[i].row, slots[i].span = c, row, st.w
	}
	return slots, len(starts)
}

// rowStarts returns the index of the first card of each row: each row holds about as many
// cards as the others, and breaks between groups (suits, the cards passed away) unless that
// makes it much longer or shorter.
func rowStarts(cards []HandCard) []int {
	n := len(cards)
	if n == 0 {
		return nil
	}
	rows := (n + handMaxRow - 1) / handMaxRow
	starts := []int{0}
	for r := 1; r < rows; r++ {
		start := starts[r-1]
		per := (n - start + (rows - r)) / (rows - r + 1)
		best, bestCost := -1, 0
		for b := start + 1; b <= start+handMaxRow && b < n; b++ {
			if n-b > (rows-r)*handMaxRow {
				continue
			}
			cost := 2 * abs(b-start-per)
			if group(cards[b-1]) == group(cards[b]) {
				cost += 5
			}
			if best < 0 || cost < bestCost {
				best, bestCost = b, cost
			}
		}
		starts = append(starts, best)
	}
	return starts
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// group returns the group of a hand's card: its suit, or the cards passed away.
func group(c HandCard) int {
	if c.Mark&(Passed|Buried) != 0 {
		return 4
	}
	return int(c.Card.Suit())
}

// handRow is the vertical layout of one row of a hand: where it starts, and the room for
// tags above its cards, for rising cards and for the TRUMP tag below.
type handRow struct{ top, tag, lift, trump int }

// height returns the height of the row.
func (r handRow) height(cardH int) int { return r.tag + r.lift + cardH + r.trump }

// held reports whether a card of a hand is still held (not passed away or buried).
func held(c HandCard) bool { return c.Mark&(Passed|Buried) == 0 }

// draw draws the hand: rows of overlapping cards on a transparent background, tags above
// the marked ones and a TRUMP tag under the trump suit.
func (h Hand) draw(r *Renderer) *image.RGBA {
	k := r.hand
	cards := h.sorted()
	slots, nrows := layoutHand(cards, k.cardStyle)
	rows := make([]handRow, nrows)
	lift := 0
	for _, s := range slots {
		if s.Mark&(Playable|Selected) != 0 {
			lift = handLift
		}
	}
	for _, s := range slots {
		row := &rows[s.row]
		row.lift = lift
		if tagOf(s.Mark) != "" {
			row.tag = handTagH + handTagGap
		}
		if s.Card.Suit() == h.Trump && held(s.HandCard) {
			row.trump = handTagH + handTagGap
		}
	}
	y := handPad
	for i := range rows {
		rows[i].top = y
		y += rows[i].height(k.h) + handRowGap
	}
	w := 0
	for _, s := range slots {
		w = max(w, s.x+s.span)
	}
	width := max(w, k.w) + 2*handPad
	height := max(y-handRowGap, k.h) + handPad
	img := r.canvas(width, height)
	cardY := func(s handSlot) int {
		row := rows[s.row]
		if s.Mark&(Playable|Selected) != 0 {
			return row.top + row.tag
		}
		return row.top + row.tag + row.lift
	}
	for i, s := range slots {
		var l look
		if s.Mark&(Unplayable|Passed|Buried) != 0 {
			l |= lookDim
		}
		if s.Mark&Selected != 0 {
			l |= lookSelected
		}
		// A card the next one covers, lying level with it, is drawn only as far as
		// shows: to the next card's edge and its rounded corner.
		dst := img
		if i+1 < len(slots) && slots[i+1].row == s.row && cardY(slots[i+1]) == cardY(s) {
			clip := image.Rect(0, 0, handPad+slots[i+1].x+int(k.radius)+2, height)
			dst = img.SubImage(clip).(*image.RGBA)
		}
		k.drawCard(dst, image.Pt(handPad+s.x, cardY(s)), s.Card, h.Deck, l)
	}
	// Tags over runs of cards with the same mark, and TRUMP under the trump suit. A tag
	// too narrow for its word grows rightwards over cards with no tag of their own.
	f := r.fonts.tag
	pill := func(first, last handSlot, next *handSlot, word string, y int, ink color.RGBA) {
		x0, x1 := handPad+first.x, handPad+last.x+min(last.span, k.strip)-3
		if last.span == k.w {
			x1 = handPad + last.x + k.w
		}
		if need := f.width(word) + 10; x1-x0 < need {
			limit := width - handPad
			if next != nil {
				limit = handPad + next.x - 3
			}
			x1 = min(x0+need, max(x1, limit))
		}
		drawTag(img, f, image.Rect(x0, y, x1, y+handTagH), word, ink)
	}
	runs(slots, func(s handSlot) string { return tagOf(s.Mark) }, func(first, last handSlot, next *handSlot, word string) {
		if word != "" {
			if next != nil && tagOf(next.Mark) == "" {
				next = nil
				for i := range slots {
					if slots[i].row == first.row && slots[i].x > last.x && tagOf(slots[i].Mark) != "" {
						next = &slots[i]
						break
					}
				}
			}
			pill(first, last, next, word, rows[first.row].top, tagInk(first.Mark))
		}
	})
	runs(slots, func(s handSlot) string {
		if s.Card.Suit() == h.Trump && held(s.HandCard) {
			return "TRUMP"
		}
		return ""
	}, func(first, last handSlot, next *handSlot, word string) {
		if word != "" {
			row := rows[first.row]
			pill(first, last, nil, word, row.top+row.height(k.h)-handTagH, gold)
		}
	})
	return img
}

// runs calls do for each run of slots in a row that share what word says of them, with
// the slot after the run in the same row, or nil.
func runs(slots []handSlot, word func(handSlot) string, do func(first, last handSlot, next *handSlot, word string)) {
	for i := 0; i < len(slots); {
		w := word(slots[i])
		j := i + 1
		for j < len(slots) && slots[j].row == slots[i].row && word(slots[j]) == w {
			j++
		}
		var next *handSlot
		if j < len(slots) && slots[j].row == slots[i].row {
			next = &slots[j]
		}
		do(slots[i], slots[j-1], next, w)
		i = j
	}
}

// tagOf returns the word tagging a card with mark m, or "".
func tagOf(m Mark) string {
	switch {
	case m&Passed != 0:
		return "PASSED"
	case m&Buried != 0:
		return "BURIED"
	case m&Received != 0:
		return "NEW"
	case m&Melded != 0:
		return "MELD"
	}
	return ""
}

// tagInk returns the colour of a tag.
func tagInk(m Mark) color.RGBA {
	switch {
	case m&(Passed|Buried) != 0:
		return passInk
	case m&Received != 0:
		return receiveInk
	}
	return tableInk
}
