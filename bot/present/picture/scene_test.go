package picture

import (
	"bytes"
	"image/color"
	"strings"
	"sync"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
)

// sampleHand is a racehorse hand on its turn to play, hearts trump, with every mark: two
// cards received, one passed away, the playable ones raised and one chosen.
func sampleHand(d Deck) Hand {
	h := Hand{Trump: engine.Hearts, Deck: d}
	add := func(codes string, m Mark) {
		cards, err := engine.ParseCards(codes)
		if err != nil {
			panic(err)
		}
		for _, c := range cards {
			h.Cards = append(h.Cards, HandCard{Card: c, Mark: m})
		}
	}
	add("AS 10S JS 9D QC JC", Unplayable)
	add("KD", Unplayable|Received)
	add("AH 10H", Playable)
	add("KH", Playable|Selected)
	add("QH", Playable|Received)
	add("9S", Passed)
	return h
}

func TestHandAlt(t *testing.T) {
	got := sampleHand(TwoColour).Alt()
	want := "Hand of 11 cards, trump hearts. Hearts: A, 10, K, Q. Spades: A, 10, J. Diamonds: K, 9. Clubs: Q, J. " +
		"Received: Q♥ K♦. Passed: 9♠. Playable now: A♥ 10♥ K♥ Q♥. Selected: K♥."
	if got != want {
		t.Errorf("Alt() =\n%s\nwant\n%s", got, want)
	}
}

func TestSortCards(t *testing.T) {
	for _, c := range []struct {
		trump engine.Suit
		in    string
		want  string
	}{
		{engine.NoSuit, "9C AS KH 10D AH JS", "AS JS AH KH 10D 9C"},
		{engine.Clubs, "9C AS KH 10D AH JS", "9C AS JS AH KH 10D"},
		{engine.Diamonds, "QD 10D AD KD", "AD 10D KD QD"},
	} {
		cards, _ := engine.ParseCards(c.in)
		hc := make([]HandCard, len(cards))
		for i, card := range cards {
			hc[i].Card = card
		}
		SortCards(hc, c.trump)
		got := make([]engine.Card, len(hc))
		for i := range hc {
			got[i] = hc[i].Card
		}
		if g := engine.FormatCards(got); g != c.want {
			t.Errorf("SortCards(%s, trump %s) = %s, want %s", c.in, c.trump, g, c.want)
		}
	}
}

// sampleTable is a four-handed table in the middle of a trick.
func sampleTable() Table {
	return Table{
		Deck: TwoColour, Hand: 3, Trump: engine.Spades, Bidder: 1, Bid: 300, Target: 1500, Bottom: 0,
		Seats: []Seat{
			{Name: "Ann", Team: 0, Note: "2 tricks"},
			{Name: "Bob", Team: 1, Note: "1 trick", Dealer: true},
			{Name: "Cy", Team: 0, Turn: true},
			{Name: "Di", Team: 1},
		},
		Trick:   []engine.Played{{Seat: 3, Card: engine.NewCard(engine.Ace, engine.Hearts)}, {Seat: 0, Card: engine.NewCard(engine.Nine, engine.Spades)}, {Seat: 1, Card: engine.NewCard(engine.Ten, engine.Hearts)}},
		Winning: 1,
		Scores:  []Score{{Name: "Ann & Cy", Team: 0, Points: 520}, {Name: "Bob & Di", Team: 1, Points: 610}},
		Status:  "Cy to play",
	}
}

func TestTableAlt(t *testing.T) {
	got := sampleTable().Alt()
	want := "Table, hand 3. Trump spades. Bob bid 300. Seats: Ann (2 tricks), Bob (dealer, 1 trick), Cy (to act), Di. " +
		"Trick: Di A♥, Ann 9♠ (winning), Bob 10♥. Score: Ann & Cy 520, Bob & Di 610, playing to 1500. Cy to play."
	if got != want {
		t.Errorf("Alt() =\n%s\nwant\n%s", got, want)
	}
}

func TestResultAndGameOverAlt(t *testing.T) {
	res := Result{Hand: 2, Trump: engine.Clubs, Bidder: "Ann", Bid: 320, Outcome: "made it", Target: 1500, Lines: []ResultLine{
		{Name: "Ann & Cy", Team: 0, Bidder: true, Meld: 190, Tricks: 220, Change: 410, Score: 410},
		{Name: "Bob & Di", Team: 1, Change: 0, Score: 0, Note: "did not count: meld 20, tricks 30"},
	}}
	want := "Result of hand 2. Ann bid 320 in clubs: made it. Ann & Cy: meld 190, tricks 220, hand +410, score 410. " +
		"Bob & Di: meld 0, tricks 0, hand 0, score 0 (did not count: meld 20, tricks 30). Playing to 1500."
	if got := res.Alt(); got != want {
		t.Errorf("Result.Alt() =\n%s\nwant\n%s", got, want)
	}
	over := GameOver{Hands: 9, Lines: []FinalLine{{Name: "Ann & Cy", Score: 1520, Winner: true}, {Name: "Bob & Di", Score: 1180}}}
	if got, want := over.Alt(), "Game over after 9 hands. Ann & Cy won. Final score: Ann & Cy 1520, Bob & Di 1180."; got != want {
		t.Errorf("GameOver.Alt() =\n%s\nwant\n%s", got, want)
	}
}

// TestAltFitsDiscord checks that every golden scene's description is within the 1,024
// characters Discord takes as an attachment's description.
func TestAltFitsDiscord(t *testing.T) {
	for _, preset := range engine.PresetNames() {
		for name, s := range goldenScenes(t, preset) {
			if n := len([]rune(s.Alt())); n == 0 || n > MaxAlt {
				t.Errorf("%s: Alt() is %d characters, want 1 to %d", name, n, MaxAlt)
			}
		}
	}
	long := sampleTable()
	for i := range long.Seats {
		long.Seats[i].Name = strings.Repeat("Long name ", 10)
		long.Seats[i].Note = strings.Repeat("note ", 12)
	}
	if n := len([]rune(long.Alt())); n > MaxAlt {
		t.Errorf("a table of long names has an Alt() of %d characters, want at most %d", n, MaxAlt)
	}
}

// TestKeys checks that a scene's key changes with everything its picture shows, and only
// with that: a hand's cards in another order are the same hand.
func TestKeys(t *testing.T) {
	h := sampleHand(TwoColour)
	shuffled := sampleHand(TwoColour)
	for i, j := 0, len(shuffled.Cards)-1; i < j; i, j = i+1, j-1 {
		shuffled.Cards[i], shuffled.Cards[j] = shuffled.Cards[j], shuffled.Cards[i]
	}
	if h.Key() != shuffled.Key() {
		t.Error("the same hand in another order has another key")
	}
	kh := engine.NewCard(engine.King, engine.Hearts)
	twins := Hand{Cards: []HandCard{{Card: kh, Mark: Unplayable}, {Card: kh, Mark: Selected | Received}}}
	twinsSwapped := Hand{Cards: []HandCard{twins.Cards[1], twins.Cards[0]}}
	if twins.Key() != twinsSwapped.Key() {
		t.Error("two copies of a card with different marks, in another order, give another key")
	}
	hands := map[string]Hand{"four-colour": sampleHand(FourColour)}
	hc := sampleHand(TwoColour)
	hc.Trump = engine.Spades
	hands["trump"] = hc
	hc = sampleHand(TwoColour)
	hc.Cards[0].Mark = Playable
	hands["mark"] = hc
	hc = sampleHand(TwoColour)
	hc.Cards[0].Card = engine.NewCard(engine.King, engine.Spades)
	hands["card"] = hc
	for what, o := range hands {
		if o.Key() == h.Key() {
			t.Errorf("a hand with another %s has the same key", what)
		}
	}

	base := sampleTable()
	tables := map[string]func(*Table){
		"deck":      func(t *Table) { t.Deck = FourColour },
		"hand":      func(t *Table) { t.Hand++ },
		"trump":     func(t *Table) { t.Trump = engine.Hearts },
		"bidder":    func(t *Table) { t.Bidder = 2 },
		"bid":       func(t *Table) { t.Bid = 310 },
		"moon":      func(t *Table) { t.Moon = true },
		"target":    func(t *Table) { t.Target = 1000 },
		"hands":     func(t *Table) { t.Hands = 6 },
		"bottom":    func(t *Table) { t.Bottom = 2 },
		"winning":   func(t *Table) { t.Winning = 0 },
		"trick":     func(t *Table) { t.Trick = t.Trick[:2] },
		"status":    func(t *Table) { t.Status = "Di to play" },
		"name":      func(t *Table) { t.Seats[0].Name = "Anne" },
		"note":      func(t *Table) { t.Seats[0].Note = "3 tricks" },
		"turn":      func(t *Table) { t.Seats[2].Turn = false },
		"dealer":    func(t *Table) { t.Seats[1].Dealer = false },
		"meld":      func(t *Table) { t.Seats[0].ShowMeld, t.Seats[0].MeldPoints = true, 20 },
		"tabled":    func(t *Table) { t.Seats[0].Tabled = []engine.Card{engine.NewCard(engine.King, engine.Hearts)} },
		"score":     func(t *Table) { t.Scores[0].Points = 530 },
		"stock":     func(t *Table) { t.Stock = 10 },
		"turn-up":   func(t *Table) { t.TurnUp, t.HasTurnUp = engine.NewCard(engine.Nine, engine.Hearts), true },
		"widow":     func(t *Table) { t.Widow = []engine.Card{engine.NewCard(engine.Nine, engine.Hearts)} },
		"widowDown": func(t *Table) { t.WidowDown = 3 },
	}
	for what, change := range tables {
		o := sampleTable()
		change(&o)
		if o.Key() == base.Key() {
			t.Errorf("a table with another %s has the same key", what)
		}
	}
	if sampleTable().Key() != base.Key() {
		t.Error("two equal tables have different keys")
	}
	// A name that looks like the key's own punctuation does not make two tables alike.
	a, b := sampleTable(), sampleTable()
	a.Seats[0].Name, a.Seats[0].Note = `Ann","x`, ""
	b.Seats[0].Name, b.Seats[0].Note = "Ann", `x"`
	if a.Key() == b.Key() {
		t.Error("names and notes run together in the key")
	}
}

// TestDecks draws a hand with each deck: the pictures have the same size, and where they
// differ the four-colour deck prints blue and green (diamonds and clubs) and the two-colour
// deck neither.
func TestDecks(t *testing.T) {
	r := newTestRenderer(t)
	two, four := sampleHand(TwoColour), sampleHand(FourColour)
	checkGolden(t, r, "deck-two-colour.png", two)
	checkGolden(t, r, "deck-four-colour.png", four)
	a, b := two.draw(r), four.draw(r)
	if a.Bounds() != b.Bounds() {
		t.Fatalf("the decks draw hands of different sizes: %v and %v", a.Bounds(), b.Bounds())
	}
	blue, green := 0, 0
	for y := a.Rect.Min.Y; y < a.Rect.Max.Y; y++ {
		for x := a.Rect.Min.X; x < a.Rect.Max.X; x++ {
			p, q := a.RGBAAt(x, y), b.RGBAAt(x, y)
			if p == q {
				continue
			}
			switch {
			case bluish(q):
				blue++
			case greenish(q):
				green++
			}
			if bluish(p) || greenish(p) {
				t.Fatalf("at (%d, %d) the two-colour deck prints %v, blue or green", x, y, p)
			}
		}
	}
	if blue < 200 || green < 200 {
		t.Errorf("where the decks differ, the four-colour hand has %d blue and %d green pixels; want diamonds blue and clubs green", blue, green)
	}
}

// bluish and greenish report whether an opaque colour is clearly blue or clearly green,
// even dimmed.
func bluish(c color.RGBA) bool {
	return c.A == 255 && int(c.B) > int(c.R)+30 && int(c.B) > int(c.G)+15
}

func greenish(c color.RGBA) bool {
	return c.A == 255 && int(c.G) > int(c.R)+30 && int(c.G) > int(c.B)+15
}

// TestConcurrentRenders draws scenes from several goroutines at once with one Renderer
// (run with -race): each picture matches the one drawn alone.
func TestConcurrentRenders(t *testing.T) {
	r := newTestRenderer(t)
	scenes := []Scene{sampleHand(TwoColour), sampleTable(), sampleHand(FourColour)}
	want := make([][]byte, len(scenes))
	for i, s := range scenes {
		var err error
		if want[i], err = r.PNG(s); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 2 {
				s := (g + i) % len(scenes)
				got, err := r.PNG(scenes[s])
				if err != nil || !bytes.Equal(got, want[s]) {
					t.Errorf("goroutine %d: scene %d drew another picture (%v)", g, s, err)
				}
			}
		})
	}
	wg.Wait()
}

// TestAllocations guards against drawing that allocates per pixel or per glyph: a hand's
// picture allocates a few hundred small objects (the picture, its palette, tags).
func TestAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes allocations")
	}
	r := newTestRenderer(t)
	for name, s := range map[string]Scene{"hand": sampleHand(TwoColour), "table": sampleTable()} {
		allocs := testing.AllocsPerRun(5, func() {
			if _, err := r.PNG(s); err != nil {
				t.Fatal(err)
			}
		})
		if allocs > 800 {
			t.Errorf("drawing the %s allocates %.0f times, want at most 800", name, allocs)
		}
	}
}

// TestNames draws names no one would choose: right-to-left overrides, zero-width joiners,
// Markdown, emoji, scripts the font lacks, and a name far too long; the picture keeps its
// size and the names are cut to fit.
func TestNames(t *testing.T) {
	r := newTestRenderer(t)
	base := sampleTable().draw(r).Bounds()
	for _, name := range []string{
		"\u202Eevil\u202C", "Zero\u200Bwidth\u200D", "# Heading", "@everyone", "🂡 ace 🃏", "李雷",
		"Ӕсмӕ", strings.Repeat("W", 300), "", "   ", "\x00\x07bell",
	} {
		tb := sampleTable()
		tb.Seats[2].Name = name
		tb.Scores[0].Name = name + " & Cy"
		if got := tb.draw(r).Bounds(); got != base {
			t.Errorf("a table with a seat named %q is %v, want %v", name, got, base)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"\u202Eevil\u202C", "evil"},
		{"Zero\u200Bwidth", "Zerowidth"},
		{"  two   spaces ", "two spaces"},
		{"tab\tand\nline", "tab and line"},
		{"\x00\x07bell", "bell"},
	} {
		if got := cleanText(c.in, 40); got != c.want {
			t.Errorf("cleanText(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	f := r.fonts.name
	if got := f.fit(strings.Repeat("W", 50), 100); !strings.HasSuffix(got, "…") || f.width(got) > 100 {
		t.Errorf("fit cut a long name to %q, %d pixels wide; want at most 100 ending in …", got, f.width(got))
	}
	if got := f.fit("Ann", 100); got != "Ann" {
		t.Errorf("fit(Ann) = %q, want it whole", got)
	}
}

// FuzzTableNames draws a table whose names and notes are any text: nothing panics and the
// picture keeps its size.
func FuzzTableNames(f *testing.F) {
	for _, s := range []string{"Ann", "\u202E", "李雷", "🂡", strings.Repeat("x", 100), "\xff\xfe"} {
		f.Add(s, s)
	}
	r := newTestRenderer(f)
	base := sampleTable().draw(r).Bounds()
	f.Fuzz(func(t *testing.T, name, note string) {
		tb := sampleTable()
		tb.Seats[0].Name, tb.Seats[1].Note, tb.Status, tb.Scores[1].Name = name, note, "Status: "+note, name
		if got := tb.draw(r).Bounds(); got != base {
			t.Errorf("the table is %v, want %v", got, base)
		}
		if alt := tb.Alt(); len([]rune(alt)) > MaxAlt {
			t.Errorf("Alt() is %d characters, over %d", len([]rune(alt)), MaxAlt)
		}
	})
}

// FuzzScenes draws hands and tables made of any bytes: cards that are no cards, marks that
// mean nothing, seats out of range, more seats than a table has. Nothing panics.
func FuzzScenes(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{255, 255, 30, 200, 7, 4, 0, 0, 1})
	f.Add(bytes.Repeat([]byte{23, 127}, 40))
	r := newTestRenderer(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		at := func(i int) int {
			if len(data) == 0 {
				return 0
			}
			return int(data[i%len(data)])
		}
		h := Hand{Trump: engine.Suit(at(0) % 7), Deck: Deck(at(1) % 3)}
		for i := 0; i+1 < len(data) && len(h.Cards) < 40; i += 2 {
			h.Cards = append(h.Cards, HandCard{Card: engine.Card(data[i] % 32), Mark: Mark(data[i+1])})
		}
		h.draw(r)
		_, _ = h.Key(), h.Alt()

		tb := Table{Deck: Deck(at(2) % 3), Hand: at(3), Trump: engine.Suit(at(4) % 7), Bidder: at(5) - 128, Bid: at(6),
			Bottom: at(7) - 128, Winning: at(8) - 128, Stock: at(9) - 100, WidowDown: at(10) - 200, HasTurnUp: at(11)%2 == 0,
			TurnUp: engine.Card(at(12) % 32), Status: string(data)}
		for i := range at(13) % 9 {
			tb.Seats = append(tb.Seats, Seat{Name: string(data[:i%(len(data)+1)]), Team: at(14+i)%4 - 1, Turn: at(15+i)%2 == 0,
				ShowMeld: at(16+i)%3 == 0, Meld: []engine.Card{engine.Card(at(17+i) % 32)}, Tabled: []engine.Card{engine.Card(at(18+i) % 32)}})
		}
		for i := range at(19) % 8 {
			tb.Trick = append(tb.Trick, engine.Played{Seat: at(20+i)%10 - 2, Card: engine.Card(at(21+i) % 32)})
		}
		for i := range at(22) % 9 {
			tb.Scores = append(tb.Scores, Score{Name: string(data), Team: at(23 + i), Points: at(24+i) * 1000})
		}
		for i := range at(25) % 5 {
			tb.Widow = append(tb.Widow, engine.Card(at(26+i)%32))
		}
		tb.draw(r)
		_, _ = tb.Key(), tb.Alt()
	})
}
