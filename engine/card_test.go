package engine_test

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
)

// The ranks and suits in the order the engine sorts them, with the codes the package
// documents, written out here rather than taken from the package.
var (
	allSuits   = []engine.Suit{engine.Spades, engine.Hearts, engine.Diamonds, engine.Clubs}
	suitLetter = map[engine.Suit]string{engine.Spades: "S", engine.Hearts: "H", engine.Diamonds: "D", engine.Clubs: "C"}
	suitSymbol = map[engine.Suit]string{engine.Spades: "♠", engine.Hearts: "♥", engine.Diamonds: "♦", engine.Clubs: "♣"}
	// ranksHighFirst is the order of Hand.Cards within a suit.
	ranksHighFirst = []engine.Rank{engine.Ace, engine.Ten, engine.King, engine.Queen, engine.Jack, engine.Nine}
	rankCode       = map[engine.Rank]string{engine.Ace: "A", engine.Ten: "10", engine.King: "K", engine.Queen: "Q", engine.Jack: "J", engine.Nine: "9"}
)

// allCards returns the 24 cards, built from rank and suit.
func allCards() []engine.Card {
	var out []engine.Card
	for _, s := range allSuits {
		for _, r := range ranksHighFirst {
			out = append(out, engine.NewCard(r, s))
		}
	}
	return out
}

// mustCards parses a list of card codes or fails the test.
func mustCards(tb testing.TB, text string) []engine.Card {
	tb.Helper()
	cards, err := engine.ParseCards(text)
	if err != nil {
		tb.Fatalf("ParseCards(%q): %v", text, err)
	}
	return cards
}

// card builds a card without parsing, so that parsing tests do not depend on the parser.
func card(r engine.Rank, s engine.Suit) engine.Card { return engine.NewCard(r, s) }

func TestParseCardAccepts(t *testing.T) {
	tests := []struct {
		in   string
		want engine.Card
	}{
		// Codes: rank then suit letter, any case.
		{"AS", card(engine.Ace, engine.Spades)},
		{"as", card(engine.Ace, engine.Spades)},
		{"aS", card(engine.Ace, engine.Spades)},
		{"10H", card(engine.Ten, engine.Hearts)},
		{"10h", card(engine.Ten, engine.Hearts)},
		{"TH", card(engine.Ten, engine.Hearts)},
		{"th", card(engine.Ten, engine.Hearts)},
		{"KD", card(engine.King, engine.Diamonds)},
		{"kd", card(engine.King, engine.Diamonds)},
		{"QC", card(engine.Queen, engine.Clubs)},
		{"JS", card(engine.Jack, engine.Spades)},
		{"9H", card(engine.Nine, engine.Hearts)},
		{"9c", card(engine.Nine, engine.Clubs)},
		// Symbols.
		{"A♠", card(engine.Ace, engine.Spades)},
		{"10♥", card(engine.Ten, engine.Hearts)},
		{"T♦", card(engine.Ten, engine.Diamonds)},
		{"t♦", card(engine.Ten, engine.Diamonds)},
		{"K♦", card(engine.King, engine.Diamonds)},
		{"Q♣", card(engine.Queen, engine.Clubs)},
		{"9♣", card(engine.Nine, engine.Clubs)},
		{"J♤", card(engine.Jack, engine.Spades)},
		{"J♡", card(engine.Jack, engine.Hearts)},
		{"J♢", card(engine.Jack, engine.Diamonds)},
		{"J♧", card(engine.Jack, engine.Clubs)},
		// Suit names, singular or plural, any case, with a space or a hyphen.
		{"Q spades", card(engine.Queen, engine.Spades)},
		{"Q SPADES", card(engine.Queen, engine.Spades)},
		{"Qspades", card(engine.Queen, engine.Spades)},
		{"q spade", card(engine.Queen, engine.Spades)},
		{"K hearts", card(engine.King, engine.Hearts)},
		{"10 diamonds", card(engine.Ten, engine.Diamonds)},
		{"9 clubs", card(engine.Nine, engine.Clubs)},
		{"A-S", card(engine.Ace, engine.Spades)},
		{"10-h", card(engine.Ten, engine.Hearts)},
		{"J of clubs", card(engine.Jack, engine.Clubs)},
		// Rank names.
		{"queen of spades", card(engine.Queen, engine.Spades)},
		{"Queen of Spades", card(engine.Queen, engine.Spades)},
		{"QUEEN OF SPADES", card(engine.Queen, engine.Spades)},
		{"ace of hearts", card(engine.Ace, engine.Hearts)},
		{"king of diamonds", card(engine.King, engine.Diamonds)},
		{"jack of diamonds", card(engine.Jack, engine.Diamonds)},
		{"ten of clubs", card(engine.Ten, engine.Clubs)},
		{"nine of hearts", card(engine.Nine, engine.Hearts)},
		{"ace spades", card(engine.Ace, engine.Spades)},
		{"king♥", card(engine.King, engine.Hearts)},
		// Surrounding space is ignored.
		{"  AS  ", card(engine.Ace, engine.Spades)},
		{"\t10D\n", card(engine.Ten, engine.Diamonds)},
	}
	for _, tt := range tests {
		got, err := engine.ParseCard(tt.in)
		if err != nil {
			t.Errorf("ParseCard(%q): %v", tt.in, err)
			continue
		}
		if got != tt.want {
			t.Errorf("ParseCard(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestParseCardRejects(t *testing.T) {
	for _, in := range []string{
		"", "   ", "1S", "AX", "10", "11S", "A♠x",
		"A", "S", "♠", "ZS", "0S", "100S", "AS AS", "A S S", "KQ", "Q of", "of spades",
		"queen", "queen of", "queen of swords", "ace-", "10-", "A♠♠", "AN", "A-none", "A-", "A--S",
	} {
		if c, err := engine.ParseCard(in); err == nil {
			t.Errorf("ParseCard(%q) = %v, want an error", in, c)
		}
	}
}

func TestParseSuit(t *testing.T) {
	tests := []struct {
		in   string
		want engine.Suit
	}{
		{"S", engine.Spades}, {"s", engine.Spades}, {"♠", engine.Spades}, {"♤", engine.Spades},
		{"spades", engine.Spades}, {"Spades", engine.Spades}, {"SPADES", engine.Spades}, {"spade", engine.Spades},
		{"H", engine.Hearts}, {"h", engine.Hearts}, {"♥", engine.Hearts}, {"♡", engine.Hearts},
		{"hearts", engine.Hearts}, {"Heart", engine.Hearts},
		{"D", engine.Diamonds}, {"d", engine.Diamonds}, {"♦", engine.Diamonds}, {"♢", engine.Diamonds},
		{"diamonds", engine.Diamonds}, {"DIAMOND", engine.Diamonds},
		{"C", engine.Clubs}, {"c", engine.Clubs}, {"♣", engine.Clubs}, {"♧", engine.Clubs},
		{"clubs", engine.Clubs}, {"Club", engine.Clubs},
		{" hearts ", engine.Hearts},
	}
	for _, tt := range tests {
		got, err := engine.ParseSuit(tt.in)
		if err != nil {
			t.Errorf("ParseSuit(%q): %v", tt.in, err)
			continue
		}
		if got != tt.want {
			t.Errorf("ParseSuit(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
	for _, in := range []string{"", "x", "-", "none", "spadess", "♠♠", "S H", "trump", "n"} {
		if s, err := engine.ParseSuit(in); err == nil {
			t.Errorf("ParseSuit(%q) = %v, want an error", in, s)
		}
	}
}

func TestSuitText(t *testing.T) {
	names := map[engine.Suit]string{engine.Spades: "spades", engine.Hearts: "hearts", engine.Diamonds: "diamonds", engine.Clubs: "clubs"}
	for _, s := range allSuits {
		if got := s.String(); got != suitLetter[s] {
			t.Errorf("%d.String() = %q, want %q", s, got, suitLetter[s])
		}
		if got := s.Symbol(); got != suitSymbol[s] {
			t.Errorf("%v.Symbol() = %q, want %q", s, got, suitSymbol[s])
		}
		if got := s.Name(); got != names[s] {
			t.Errorf("%v.Name() = %q, want %q", s, got, names[s])
		}
		for _, text := range []string{s.String(), s.Symbol(), s.Name()} {
			if got, err := engine.ParseSuit(text); err != nil || got != s {
				t.Errorf("ParseSuit(%q) = %v, %v; want %v", text, got, err, s)
			}
		}
	}
	if got := engine.NoSuit.String(); got != "-" {
		t.Errorf("NoSuit.String() = %q, want -", got)
	}
}

// TestCardRoundTrip checks every card's rank, suit, code and symbol, and that both parse
// back to the card.
func TestCardRoundTrip(t *testing.T) {
	seen := map[string]engine.Card{}
	n := 0
	for _, s := range allSuits {
		for _, r := range ranksHighFirst {
			c := engine.NewCard(r, s)
			n++
			if !c.Valid() {
				t.Errorf("NewCard(%v, %v) = %d is not valid", r, s, c)
			}
			if c.Rank() != r || c.Suit() != s {
				t.Errorf("NewCard(%v, %v) has rank %v and suit %v", r, s, c.Rank(), c.Suit())
			}
			if want := rankCode[r] + suitLetter[s]; c.String() != want {
				t.Errorf("String() = %q, want %q", c.String(), want)
			}
			if want := rankCode[r] + suitSymbol[s]; c.Symbol() != want {
				t.Errorf("Symbol() = %q, want %q", c.Symbol(), want)
			}
			if prev, dup := seen[c.String()]; dup {
				t.Errorf("cards %d and %d are both written %q", prev, c, c.String())
			}
			seen[c.String()] = c
			for _, text := range []string{c.String(), c.Symbol()} {
				got, err := engine.ParseCard(text)
				if err != nil || got != c {
					t.Errorf("ParseCard(%q) = %v, %v; want %v", text, got, err, c)
				}
			}
		}
	}
	if n != engine.NumKinds {
		t.Errorf("built %d cards, NumKinds = %d", n, engine.NumKinds)
	}
	for _, c := range []engine.Card{engine.NumKinds, 200, 255} {
		if c.Valid() {
			t.Errorf("Card(%d).Valid() = true", c)
		}
		if c.String() != "??" || c.Symbol() != "??" {
			t.Errorf("Card(%d) is written %q / %q, want ??", c, c.String(), c.Symbol())
		}
	}
}

func TestParseCards(t *testing.T) {
	AS, TS, KH := card(engine.Ace, engine.Spades), card(engine.Ten, engine.Spades), card(engine.King, engine.Hearts)
	tests := []struct {
		in   string
		want []engine.Card
	}{
		{"AS 10S KH", []engine.Card{AS, TS, KH}},
		{"AS,10S,KH", []engine.Card{AS, TS, KH}},
		{"AS, 10S , KH", []engine.Card{AS, TS, KH}},
		{"as\tts\nkh", []engine.Card{AS, TS, KH}},
		{"A♠ 10♠ K♥", []engine.Card{AS, TS, KH}},
		{"KH AS", []engine.Card{KH, AS}}, // order is kept
		{"AS AS", []engine.Card{AS, AS}}, // copies are kept
		{"", []engine.Card{}},
		{"  , ", []engine.Card{}},
	}
	for _, tt := range tests {
		got, err := engine.ParseCards(tt.in)
		if err != nil {
			t.Errorf("ParseCards(%q): %v", tt.in, err)
			continue
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("ParseCards(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
	// A card with a space inside is not accepted in a list.
	for _, in := range []string{"AS XX", "AS,,1S", "Q spades", "queen of spades", "AS 10", "AS;KH"} {
		if got, err := engine.ParseCards(in); err == nil {
			t.Errorf("ParseCards(%q) = %v, want an error", in, got)
		}
	}
	if got := engine.FormatCards([]engine.Card{AS, TS, KH, card(engine.Nine, engine.Clubs)}); got != "AS 10S KH 9C" {
		t.Errorf("FormatCards = %q, want %q", got, "AS 10S KH 9C")
	}
	if got := engine.FormatCards(nil); got != "" {
		t.Errorf("FormatCards(nil) = %q, want empty", got)
	}
}

// randomHand returns a hand with up to maxCopies copies of each card, often leaving cards out.
func randomHand(rng *rand.Rand, maxCopies int) engine.Hand {
	var h engine.Hand
	density := rng.IntN(4) // 0: sparse ... 3: dense
	for i := range h {
		if rng.IntN(4) <= density {
			h[i] = uint8(rng.IntN(maxCopies + 1))
		}
	}
	return h
}

// TestHandContains checks Contains against a count-by-count comparison, on random hands
// with counts of every size, those of no deck (128 and more) included.
func TestHandContains(t *testing.T) {
	naive := func(h, o *engine.Hand) bool {
		for c := range h {
			if o[c] > h[c] {
				return false
			}
		}
		return true
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 20000 {
		var h, o engine.Hand
		top := []int{3, 5, 256}[i%3]
		for c := range h {
			h[c] = uint8(rng.IntN(top))
			o[c] = h[c]
		}
		// Change a few counts of o, up or down, so that both answers come often.
		for range rng.IntN(3) {
			c := rng.IntN(engine.NumKinds)
			o[c] = uint8(rng.IntN(top))
		}
		if got, want := h.Contains(&o), naive(&h, &o); got != want {
			t.Fatalf("%v.Contains(%v) = %v, want %v", h, o, got, want)
		}
	}
}

// TestHandSet compares Hand.Set, which folds eight counts at a time, with the obvious loop.
func TestHandSet(t *testing.T) {
	naive := func(h *engine.Hand) engine.CardSet {
		var s engine.CardSet
		for c := engine.Card(0); c < engine.NumKinds; c++ {
			if h[c] > 0 {
				s = s.Add(c)
			}
		}
		return s
	}
	check := func(h engine.Hand) {
		t.Helper()
		if got, want := h.Set(), naive(&h); got != want {
			t.Fatalf("Set() of %v = %024b, want %024b", h, got, want)
		}
	}
	// Each card alone, with every count, catches a bit landing on a neighbour.
	for c := engine.Card(0); c < engine.NumKinds; c++ {
		for _, k := range []uint8{1, 2, 3, 4, 8, 16, 128, 255} {
			var h engine.Hand
			h[c] = k
			check(h)
		}
	}
	var full engine.Hand
	for i := range full {
		full[i] = 255
	}
	check(full)
	check(engine.Hand{})
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		check(randomHand(rng, 4))
	}
	for range 20000 {
		var h engine.Hand
		for i := range h {
			h[i] = uint8(rng.UintN(256)) >> rng.UintN(9) // any byte, zero often
		}
		check(h)
	}
}

func TestHandCards(t *testing.T) {
	h := engine.HandOf(mustCards(t, "9C AS QH 10S AS JD KC 9S AH 10C QH")...)
	want := mustCards(t, "AS AS 10S 9S AH QH QH JD 10C KC 9C")
	if got := h.Cards(); !slices.Equal(got, want) {
		t.Errorf("Cards() = %v, want %v", got, want)
	}
	if got := h.String(); got != "AS AS 10S 9S AH QH QH JD 10C KC 9C" {
		t.Errorf("String() = %q", got)
	}
	if h.Len() != 11 || h.Count(card(engine.Ace, engine.Spades)) != 2 || !h.Has(card(engine.Jack, engine.Diamonds)) || h.Has(card(engine.Ace, engine.Clubs)) {
		t.Errorf("Len/Count/Has disagree with the cards given: %v", h)
	}
	if n := h.SuitCount(engine.Spades); n != 4 {
		t.Errorf("SuitCount(spades) = %d, want 4", n)
	}
	if got := (&engine.Hand{}).Cards(); len(got) != 0 {
		t.Errorf("empty hand has cards %v", got)
	}

	// Random hands: the order is by suit (♠ ♥ ♦ ♣), then rank high to low, and the cards
	// are exactly the hand's.
	order := map[engine.Card]int{}
	for i, c := range allCards() {
		order[c] = i
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		h := randomHand(rng, 4)
		cards := h.Cards()
		if len(cards) != h.Len() {
			t.Fatalf("%d cards for a hand of %d", len(cards), h.Len())
		}
		for i := 1; i < len(cards); i++ {
			if order[cards[i-1]] > order[cards[i]] {
				t.Fatalf("Cards() = %v: %v before %v", cards, cards[i-1], cards[i])
			}
		}
		if back := engine.HandOf(cards...); back != h {
			t.Fatalf("HandOf(Cards()) = %v, want %v", back, h)
		}
	}
}

func TestCardSet(t *testing.T) {
	var s engine.CardSet
	if s.Len() != 0 || len(s.Cards()) != 0 {
		t.Errorf("empty set: Len %d, Cards %v", s.Len(), s.Cards())
	}
	for _, c := range mustCards(t, "9C AS QH 10S AS JD 9C") {
		s = s.Add(c)
	}
	if s.Len() != 5 {
		t.Errorf("Len() = %d, want 5 distinct cards", s.Len())
	}
	if got, want := s.Cards(), mustCards(t, "AS 10S QH JD 9C"); !slices.Equal(got, want) {
		t.Errorf("Cards() = %v, want %v", got, want)
	}
	if !s.Has(card(engine.Queen, engine.Hearts)) || s.Has(card(engine.King, engine.Hearts)) {
		t.Errorf("Has disagrees with the cards added")
	}
	var full engine.CardSet
	for _, c := range allCards() {
		full = full.Add(c)
	}
	if full.Len() != engine.NumKinds {
		t.Errorf("full set Len() = %d", full.Len())
	}
	if got := full.Cards(); !slices.Equal(got, allCards()) {
		t.Errorf("full set Cards() = %v, want %v", got, allCards())
	}
	// A set's cards are the distinct cards of any hand it comes from, in the same order.
	rng := rand.New(rand.NewPCG(5, 6))
	for range 1000 {
		h := randomHand(rng, 2)
		want := slices.Compact(h.Cards())
		set := h.Set()
		if got := set.Cards(); !slices.Equal(got, want) || set.Len() != len(want) {
			t.Fatalf("Set().Cards() = %v (Len %d), want %v", got, set.Len(), want)
		}
	}
}

func TestCardText(t *testing.T) {
	for _, c := range allCards() {
		b, err := c.MarshalText()
		if err != nil {
			t.Fatalf("%v.MarshalText: %v", c, err)
		}
		if string(b) != c.String() {
			t.Errorf("MarshalText = %q, want %q", b, c.String())
		}
		var back engine.Card
		if err := back.UnmarshalText(b); err != nil || back != c {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", b, back, err, c)
		}
	}
	if _, err := engine.Card(engine.NumKinds).MarshalText(); err == nil {
		t.Errorf("MarshalText of an invalid card: no error")
	}
	var c engine.Card
	if err := c.UnmarshalText([]byte("queen of spades")); err != nil || c != card(engine.Queen, engine.Spades) {
		t.Errorf("UnmarshalText(queen of spades) = %v, %v", c, err)
	}
	if err := c.UnmarshalText([]byte("ZZ")); err == nil {
		t.Errorf("UnmarshalText(ZZ): no error")
	}
}

func TestSuitTextMarshal(t *testing.T) {
	for _, s := range append(slices.Clone(allSuits), engine.NoSuit) {
		b, err := s.MarshalText()
		if err != nil {
			t.Fatalf("%v.MarshalText: %v", s, err)
		}
		var back engine.Suit
		if err := back.UnmarshalText(b); err != nil || back != s {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", b, back, err, s)
		}
	}
	tests := []struct {
		in   string
		want engine.Suit
	}{{"", engine.NoSuit}, {"-", engine.NoSuit}, {"♥", engine.Hearts}, {"clubs", engine.Clubs}, {"d", engine.Diamonds}}
	for _, tt := range tests {
		s := engine.Spades
		if err := s.UnmarshalText([]byte(tt.in)); err != nil || s != tt.want {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", tt.in, s, err, tt.want)
		}
	}
	var s engine.Suit
	if err := s.UnmarshalText([]byte("x")); err == nil {
		t.Errorf("UnmarshalText(x): no error")
	}
}

func TestHandText(t *testing.T) {
	h := engine.HandOf(mustCards(t, "9C AS QH AS")...)
	b, err := h.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != "AS AS QH 9C" {
		t.Errorf("MarshalText = %q, want %q", b, "AS AS QH 9C")
	}
	var back engine.Hand
	if err := back.UnmarshalText([]byte("qh, 9♣ ace-spades AS")); err != nil || back != h {
		t.Errorf("UnmarshalText = %v, %v; want %v", back, err, h)
	}
	if err := back.UnmarshalText([]byte("AS ZZ")); err == nil {
		t.Errorf("UnmarshalText(AS ZZ): no error")
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for range 1000 {
		h := randomHand(rng, 4)
		b, err := h.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back engine.Hand
		if err := back.UnmarshalText(b); err != nil || back != h {
			t.Fatalf("UnmarshalText(%q) = %v, %v; want %v", b, back, err, h)
		}
	}

	// Through encoding/json, all three are written as text.
	type doc struct {
		Card  engine.Card `json:"card"`
		Suit  engine.Suit `json:"suit"`
		Trump engine.Suit `json:"trump"`
		Hand  engine.Hand `json:"hand"`
	}
	in := doc{Card: card(engine.Ten, engine.Hearts), Suit: engine.Clubs, Trump: engine.NoSuit, Hand: h}
	js, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"card":"10H","suit":"C","trump":"-","hand":"AS AS QH 9C"}`; string(js) != want {
		t.Errorf("json = %s, want %s", js, want)
	}
	var out doc
	if err := json.Unmarshal(js, &out); err != nil || out != in {
		t.Errorf("json round trip = %+v, %v; want %+v", out, err, in)
	}
}

// fuzzSeeds are inputs worth starting from: every form ParseCard accepts, near misses and
// lists.
func fuzzSeeds() []string {
	seeds := []string{
		"", " ", "1S", "AX", "10", "11S", "A♠x", "T", "t♦", "ts", "10-h", "A-S", "a s",
		"queen of spades", "Queen Of Spades", "ten of", "nine of clubs", "jack diamonds",
		"K spade", "king♥", "ace", "of", "♠", "♤", "♡", "♢", "♧", "10♥♥", "Q  of  spades",
		"AS 10S KH", "AS,10S,KH", "as\tts\nkh", "AS, ,QS", "Q spades", "\u212aS", "İS", "\xff",
	}
	for _, c := range allCards() {
		seeds = append(seeds, c.String(), c.Symbol())
	}
	return seeds
}

// FuzzParseCard checks that ParseCard never panics and that a parsed card's code and
// symbol parse back to it.
func FuzzParseCard(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		c, err := engine.ParseCard(text)
		if err != nil {
			return
		}
		if !c.Valid() {
			t.Fatalf("ParseCard(%q) = invalid card %d", text, c)
		}
		for _, back := range []string{c.String(), c.Symbol()} {
			if got, err := engine.ParseCard(back); err != nil || got != c {
				t.Fatalf("ParseCard(%q) = %v; ParseCard(%q) = %v, %v", text, c, back, got, err)
			}
		}
	})
}

// FuzzParseCards checks that ParseCards never panics and that the formatted cards of a
// parsed list parse back to the same list.
func FuzzParseCards(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add(s)
	}
	f.Add("AS 10S KS QS JS 9S AH 10H KH QH JH 9H AD 10D KD QD JD 9D AC 10C KC QC JC 9C")
	f.Add("A♠ A♠, 10♥ t♥")
	f.Fuzz(func(t *testing.T, text string) {
		cards, err := engine.ParseCards(text)
		if err != nil {
			return
		}
		for _, c := range cards {
			if !c.Valid() {
				t.Fatalf("ParseCards(%q) holds invalid card %d", text, c)
			}
		}
		formatted := engine.FormatCards(cards)
		back, err := engine.ParseCards(formatted)
		if err != nil || !slices.Equal(back, cards) {
			t.Fatalf("ParseCards(%q) = %v; ParseCards(%q) = %v, %v", text, cards, formatted, back, err)
		}
	})
}
