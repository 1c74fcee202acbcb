package picture

import (
	"image"
	"image/color"
	"strconv"
	"strings"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/internal/words"
)

// Seat is one seat of a Table as the picture shows it.
type Seat struct {
	Name string
	// Note is a short line under the name, such as "bid 250", "passed" or "3 tricks".
	Note string
	// Team is the seat's team (0 or 1), which colours its dot, or -1 for a player alone.
	Team int
	// Turn marks the seat the table waits for: its name is ringed in gold.
	Turn   bool
	Dealer bool
	// Meld is the seat's shown meld, as cards, and MeldPoints its points; ShowMeld draws
	// them (a seat may show no meld at all).
	Meld       []engine.Card
	MeldPoints int
	ShowMeld   bool
	// Tabled is a two-handed seat's cards lying on the table in its melds.
	Tabled []engine.Card
}

// Score is one side's score: a team's or, where players score alone, a player's.
type Score struct {
	Name string
	// Team colours the score's dot as Seat.Team does; -1 for none.
	Team   int
	Points int
}

// Table is the public table: who sits where, the trick in progress, trump and the
// contract, the scores, the meld shown, and what lies on the table (two-handed's stock and
// turned-up card, three-handed's widow).
type Table struct {
	Deck Deck
	// Hand is the number of the hand (1 for the first); 0 leaves it out.
	Hand int
	// Trump is the trump suit, or engine.NoSuit before it is named.
	Trump engine.Suit
	// Bidder is the seat that holds the bid, or -1; Bid its amount; Moon whether it
	// shoots the moon.
	Bidder int
	Bid    int
	Moon   bool
	// Target is the score that wins the game, or 0; Hands the number of hands the game
	// runs, or 0.
	Target int
	Hands  int
	// Seats are the table's seats in seat order; Bottom is the seat drawn at the bottom,
	// the others following it clockwise (play passes to the left).
	Seats  []Seat
	Bottom int
	// Trick is the trick in progress, in the order played; Winning the index in it of
	// the card winning so far, or -1.
	Trick   []engine.Played
	Winning int
	Scores  []Score
	// Stock is the number of cards left in a two-handed stock, the turned-up card among
	// them; TurnUp is that card when HasTurnUp.
	Stock     int
	TurnUp    engine.Card
	HasTurnUp bool
	// Widow is a three-handed widow shown face up; WidowDown the number of widow cards
	// lying face down.
	Widow     []engine.Card
	WidowDown int
	// Status is a short line at the foot of the picture, such as "Di to play".
	Status string
}

// Key returns a string naming the table's picture.
func (t Table) Key() string {
	var b strings.Builder
	b.WriteString("table/1")
	for _, v := range []int{int(t.Deck), t.Hand, int(t.Trump), t.Bidder, t.Bid, boolInt(t.Moon), t.Target, t.Hands, t.Bottom, t.Winning,
		t.Stock, int(t.TurnUp), boolInt(t.HasTurnUp), t.WidowDown} {
		b.WriteByte('/')
		b.WriteString(strconv.Itoa(v))
	}
	b.WriteString("/status" + strconv.Quote(t.Status))
	for _, s := range t.Seats {
		b.WriteString("/seat" + strconv.Quote(s.Name) + strconv.Quote(s.Note))
		for _, v := range []int{s.Team, boolInt(s.Turn), boolInt(s.Dealer), s.MeldPoints, boolInt(s.ShowMeld)} {
			b.WriteByte(',')
			b.WriteString(strconv.Itoa(v))
		}
		b.WriteString(",m" + cardCodes(s.Meld) + ",t" + cardCodes(s.Tabled))
	}
	b.WriteString("/trick")
	for _, p := range t.Trick {
		b.WriteString(" " + strconv.Itoa(p.Seat) + p.Card.String())
	}
	b.WriteString("/widow" + cardCodes(t.Widow))
	for _, s := range t.Scores {
		b.WriteString("/score" + strconv.Quote(s.Name) + "," + strconv.Itoa(s.Team) + "," + strconv.Itoa(s.Points))
	}
	return b.String()
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// cardCodes writes cards as their codes joined by dots.
func cardCodes(cards []engine.Card) string {
	var b strings.Builder
	for i, c := range cards {
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(c.String())
	}
	return b.String()
}

// The most characters of a name and a note that a picture or its description shows.
const (
	maxName = 40
	maxNote = 60
)

// seatName returns a seat's name fit to be drawn, or "seat N" for a seat out of range or
// nameless.
func (t *Table) seatName(seat int) string {
	if seat >= 0 && seat < len(t.Seats) {
		if n := cleanText(t.Seats[seat].Name, maxName); n != "" {
			return n
		}
	}
	return "seat " + strconv.Itoa(seat+1)
}

// contract returns the contract in words, or "".
func (t *Table) contract() string {
	if t.Bidder < 0 || t.Bid <= 0 {
		return ""
	}
	s := t.seatName(t.Bidder) + " bid " + strconv.Itoa(t.Bid)
	if t.Moon {
		s += ", shooting the moon"
	}
	return s
}

// Alt describes the table in words.
func (t Table) Alt() string {
	var parts []string
	head := "Table"
	if t.Hand > 0 {
		head += ", hand " + strconv.Itoa(t.Hand)
	}
	parts = append(parts, head+".")
	if t.Trump < engine.NoSuit {
		parts = append(parts, "Trump "+t.Trump.Name()+".")
	}
	if c := t.contract(); c != "" {
		parts = append(parts, c+".")
	}
	var seats []string
	for i, s := range t.Seats {
		d := t.seatName(i)
		var notes []string
		if s.Dealer {
			notes = append(notes, "dealer")
		}
		if n := cleanText(s.Note, maxNote); n != "" {
			notes = append(notes, n)
		}
		if s.Turn {
			notes = append(notes, "to act")
		}
		if len(notes) > 0 {
			d += " (" + strings.Join(notes, ", ") + ")"
		}
		seats = append(seats, d)
	}
	if len(seats) > 0 {
		parts = append(parts, "Seats: "+strings.Join(seats, ", ")+".")
	}
	if len(t.Trick) > 0 {
		var plays []string
		for i, p := range t.Trick {
			s := t.seatName(p.Seat) + " " + p.Card.Symbol()
			if i == t.Winning {
				s += " (winning)"
			}
			plays = append(plays, s)
		}
		parts = append(parts, "Trick: "+strings.Join(plays, ", ")+".")
	}
	for i, s := range t.Seats {
		if s.ShowMeld {
			m := t.seatName(i) + " melds " + strconv.Itoa(s.MeldPoints)
			if len(s.Meld) > 0 {
				m += ": " + symbols(s.Meld)
			}
			parts = append(parts, m+".")
		}
		if len(s.Tabled) > 0 {
			parts = append(parts, t.seatName(i)+" has on the table: "+symbols(s.Tabled)+".")
		}
	}
	if t.Stock > 0 {
		s := "Stock: " + words.Count(t.Stock, "card")
		if t.HasTurnUp {
			s += ", turned up " + t.TurnUp.Symbol()
		}
		parts = append(parts, s+".")
	}
	if len(t.Widow) > 0 {
		parts = append(parts, "Widow: "+symbols(t.Widow)+".")
	} else if t.WidowDown > 0 {
		parts = append(parts, "Widow: "+words.Count(t.WidowDown, "card")+" face down.")
	}
	if len(t.Scores) > 0 {
		var sc []string
		for _, s := range t.Scores {
			sc = append(sc, cleanText(s.Name, 3*maxName)+" "+strconv.Itoa(s.Points))
		}
		score := "Score: " + strings.Join(sc, ", ")
		if t.Target > 0 {
			score += ", playing to " + strconv.Itoa(t.Target)
		}
		if t.Hands > 0 {
			score += ", playing " + words.Count(t.Hands, "hand")
		}
		parts = append(parts, score+".")
	}
	if t.Status != "" {
		parts = append(parts, cleanText(t.Status, 200)+".")
	}
	return capAlt(strings.Join(parts, " "))
}

// symbols writes cards as symbols joined by spaces.
func symbols(cards []engine.Card) string {
	var b strings.Builder
	for i, c := range cards {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.Symbol())
	}
	return b.String()
}

// Layout of a table's picture.
const (
	tableW    = 640
	headH     = 56
	scoreH    = 40
	statusH   = 34
	plateW    = 170
	plateH    = 46
	badgeSize = 40 // the trump badge
	meldRowH  = 86
	tablePad  = 10
	maxFan    = 24 // the most cards a row of small cards shows
)

// spot is where a seat sits on the board: the centre of its card in the trick and of its
// name plate, relative to the board's centre.
type spot struct{ card, plate image.Point }

// spots returns the seats' places for a table of n seats, from the bottom clockwise, and
// the board's height.
func spots(n int) ([]spot, int) {
	switch n {
	case 2:
		return []spot{{image.Pt(0, 64), image.Pt(0, 150)}, {image.Pt(0, -64), image.Pt(0, -150)}}, 360
	case 3:
		return []spot{{image.Pt(0, 64), image.Pt(0, 150)}, {image.Pt(-100, -36), image.Pt(-225, -36)}, {image.Pt(100, -36), image.Pt(225, -36)}}, 360
	case 6:
		return []spot{
			{image.Pt(0, 64), image.Pt(0, 154)}, {image.Pt(-200, 64), image.Pt(-200, 154)}, {image.Pt(-200, -64), image.Pt(-200, -154)},
			{image.Pt(0, -64), image.Pt(0, -154)}, {image.Pt(200, -64), image.Pt(200, -154)}, {image.Pt(200, 64), image.Pt(200, 154)},
		}, 368
	}
	out := []spot{{image.Pt(0, 64), image.Pt(0, 150)}, {image.Pt(-102, 0), image.Pt(-228, 0)}, {image.Pt(0, -64), image.Pt(0, -150)}, {image.Pt(102, 0), image.Pt(228, 0)}}
	for len(out) < n {
		out = append(out, out[len(out)%4])
	}
	return out[:n], 360
}

// teamInk is the colour of a team's dot.
func teamInk(team int) (color.RGBA, bool) {
	switch team {
	case 0:
		return color.RGBA{0x5c, 0xb8, 0xff, 0xff}, true
	case 1:
		return color.RGBA{0xff, 0xa9, 0x4d, 0xff}, true
	}
	return color.RGBA{}, false
}

// meldSheet reports whether the table is drawn as its meld: meld is shown and no card is
// on the board (no trick yet, no stock).
func (t *Table) meldSheet() bool {
	if len(t.Trick) > 0 || t.Stock > 0 {
		return false
	}
	for _, s := range t.Seats {
		if s.ShowMeld {
			return true
		}
	}
	return false
}

// rowSeats returns the seats with a row of cards under the board: their shown meld, or
// the cards they have on the table; all seats, from the bottom one clockwise, on a meld
// sheet.
func (t *Table) rowSeats() []int {
	var rows []int
	n := len(t.Seats)
	for i := range n {
		seat := ((t.Bottom+i)%n + n) % n
		s := t.Seats[seat]
		if s.ShowMeld || len(s.Tabled) > 0 {
			rows = append(rows, seat)
		}
	}
	return rows
}

// draw draws the table on felt: the heading (trump and contract), the scores, the board
// with the seats and the trick, the rows of meld, and the status line. While meld is shown
// before the first card, the rows of meld take the board's place.
func (t Table) draw(r *Renderer) *image.RGBA {
	sheet := t.meldSheet()
	sp, boardH := spots(len(t.Seats))
	rows := t.rowSeats()
	if sheet {
		boardH = tablePad
	}
	rowsH := len(rows) * meldRowH
	widowRow := sheet && len(t.Widow)+t.WidowDown > 0
	if widowRow {
		rowsH += meldRowH
	}
	statusBar := 0
	if t.Status != "" {
		statusBar = statusH
	}
	h := headH + scoreH + boardH + rowsH + statusBar
	if rowsH > 0 {
		h += tablePad
	}
	img := r.canvas(tableW, h)
	fillRect(img, img.Rect, felt)
	fillRect(img, image.Rect(0, 0, tableW, headH), feltDark)
	r.drawHeading(img, image.Rect(0, 0, tableW, headH), t.Deck, t.Trump, t.headline(), t.subline())
	r.drawScores(img, image.Rect(0, headH, tableW, headH+scoreH), t.Scores)

	board := image.Rect(0, headH+scoreH, tableW, headH+scoreH+boardH)
	if !sheet {
		r.drawBoard(img, board, sp, &t)
	}
	y := board.Max.Y
	for _, seat := range rows {
		r.drawCardRow(img, image.Rect(0, y, tableW, y+meldRowH), &t, seat, sheet)
		y += meldRowH
	}
	if widowRow {
		r.drawWidowRow(img, image.Rect(0, y, tableW, y+meldRowH), &t)
		y += meldRowH
	}
	if rowsH > 0 {
		y += tablePad
	}
	if statusBar > 0 {
		bar := image.Rect(0, y, tableW, y+statusH)
		fillRect(img, bar, feltDark)
		f := r.fonts.small
		f.drawAligned(img, tableW/2, (bar.Min.Y+bar.Max.Y+f.capHeight)/2, f.fit(cleanText(t.Status, 120), tableW-2*tablePad), textLight, alignCenter)
	}
	return img
}

// drawBoard draws the seats round the board, what lies on it and the trick.
func (r *Renderer) drawBoard(img *image.RGBA, board image.Rectangle, sp []spot, t *Table) {
	centre := image.Pt((board.Min.X+board.Max.X)/2, (board.Min.Y+board.Max.Y)/2)
	n := len(t.Seats)
	if n == 0 {
		return
	}
	where := func(seat int) spot { return sp[((seat-t.Bottom)%n+n)%n] }
	for seat := range t.Seats {
		r.drawPlate(img, centre.Add(where(seat).plate).Sub(image.Pt(plateW/2, plateH/2)), &t.Seats[seat], t.seatName(seat), seat == t.Bidder && t.Bid > 0)
	}
	r.drawExtras(img, centre, t)
	k := r.table
	for i, p := range t.Trick {
		if p.Seat < 0 || p.Seat >= n {
			continue
		}
		c := centre.Add(where(p.Seat).card)
		var l look
		if i == t.Winning {
			l = lookGlow
		}
		k.drawCard(img, c.Sub(image.Pt(k.w/2, k.h/2)), p.Card, t.Deck, l)
	}
}

// headline is the heading's first line: the contract, or the hand.
func (t *Table) headline() string {
	if c := t.contract(); c != "" {
		return c
	}
	if t.Hand > 0 {
		h := "Hand " + strconv.Itoa(t.Hand)
		if t.Hands > 0 {
			h += " of " + strconv.Itoa(t.Hands)
		}
		return h
	}
	return "Pinochle"
}

// subline is the heading's second line: the hand, trump and the game's end.
func (t *Table) subline() string {
	var parts []string
	if t.Hand > 0 && t.contract() != "" {
		h := "hand " + strconv.Itoa(t.Hand)
		if t.Hands > 0 {
			h += " of " + strconv.Itoa(t.Hands)
		}
		parts = append(parts, h)
	}
	if t.Trump < engine.NoSuit {
		parts = append(parts, "trump "+t.Trump.Name())
	} else {
		parts = append(parts, "no trump yet")
	}
	if t.Target > 0 {
		parts = append(parts, "game to "+strconv.Itoa(t.Target))
	}
	s := strings.Join(parts, ", ")
	return strings.ToUpper(s[:1]) + s[1:]
}

// drawHeading draws a trump badge and two lines of text in area.
func (r *Renderer) drawHeading(img *image.RGBA, area image.Rectangle, deck Deck, trump engine.Suit, line1, line2 string) {
	const badge = badgeSize
	at := image.Pt(area.Min.X+tablePad, area.Min.Y+(area.Dy()-badge)/2)
	paint(img, r.box(badge, badge, 8, 0), at, cardFace)
	if trump < engine.NoSuit {
		paint(img, pipMask(trump, badge-12, false), at.Add(image.Pt(6, 6)), deck.ink(trump))
	} else {
		f := r.fonts.head
		f.drawAligned(img, at.X+badge/2, at.Y+(badge+f.capHeight)/2, "?", cardEdge, alignCenter)
	}
	x := at.X + badge + 12
	maxW := area.Max.X - tablePad - x
	r.fonts.head.draw(img, x, area.Min.Y+25, r.fonts.head.fit(cleanText(line1, 80), maxW), textLight)
	r.fonts.small.draw(img, x, area.Min.Y+45, r.fonts.small.fit(cleanText(line2, 120), maxW), textMuted)
}

// drawScores draws the scores side by side in area, the one highest in gold.
func (r *Renderer) drawScores(img *image.RGBA, area image.Rectangle, scores []Score) {
	if len(scores) == 0 {
		return
	}
	scores = scores[:min(len(scores), engine.MaxPlayers)]
	lead := leader(scores)
	w := (area.Dx() - tablePad) / len(scores)
	for i, s := range scores {
		box := image.Rect(area.Min.X+tablePad+i*w, area.Min.Y+5, area.Min.X+(i+1)*w, area.Max.Y-5)
		paint(img, r.box(box.Dx(), box.Dy(), 8, 0), box.Min, plateInk)
		nf, lf := r.fonts.name, r.fonts.small
		base := box.Min.Y + (box.Dy()+nf.capHeight)/2
		x := box.Min.X + 10
		if ink, ok := teamInk(s.Team); ok {
			r.dot(img, x, base-nf.capHeight/2, ink)
			x += 16
		}
		numInk := textLight
		if i == lead && len(scores) > 1 {
			numInk = gold
		}
		numX, _ := nf.drawAligned(img, box.Max.X-10, base, strconv.Itoa(s.Points), numInk, alignRight)
		lf.draw(img, x, base, lf.fit(cleanText(s.Name, 3*maxName), numX-x-8), textLight)
	}
}

// leader returns the index of the one highest score, or -1 when it is shared.
func leader(scores []Score) int {
	lead, shared := -1, false
	for i, s := range scores {
		switch {
		case lead < 0 || s.Points > scores[lead].Points:
			lead, shared = i, false
		case s.Points == scores[lead].Points:
			shared = true
		}
	}
	if shared {
		return -1
	}
	return lead
}

// dot draws a team's dot, 10 pixels wide, its left edge at x and centred on y.
func (r *Renderer) dot(img *image.RGBA, x, y int, ink color.RGBA) {
	paint(img, r.box(10, 10, 5, 0), image.Pt(x, y-5), ink)
}

// drawPlate draws a seat's name plate with its top-left corner at at: its name (in gold
// for the bidder), its note, a dot for its team, a D for the dealer, and a gold ring when
// the table waits for it.
func (r *Renderer) drawPlate(img *image.RGBA, at image.Point, s *Seat, name string, bidder bool) {
	paint(img, r.box(plateW, plateH, 10, 0), at, plateInk)
	if s.Turn {
		paint(img, r.box(plateW, plateH, 10, 3), at, gold)
	}
	nf, sf := r.fonts.name, r.fonts.small
	base := at.Y + 20
	if s.Note == "" {
		base = at.Y + (plateH+nf.capHeight)/2
	}
	x := at.X + 10
	if ink, ok := teamInk(s.Team); ok {
		r.dot(img, x, base-nf.capHeight/2, ink)
		x += 16
	}
	right := at.X + plateW - 10
	if s.Dealer {
		const d = 18
		chip := image.Pt(right-d, base-nf.capHeight/2-d/2)
		paint(img, r.box(d, d, d/2, 0), chip, cardFace)
		r.fonts.tag.drawAligned(img, chip.X+d/2+1, chip.Y+(d+r.fonts.tag.capHeight)/2, "D", inkBlack, alignCenter)
		right -= d + 4
	}
	nameInk := textLight
	if bidder {
		nameInk = gold
	}
	nf.draw(img, x, base, nf.fit(name, right-x), nameInk)
	if s.Note != "" {
		sf.draw(img, at.X+10, at.Y+39, sf.fit(cleanText(s.Note, maxNote), plateW-20), textMuted)
	}
}

// drawExtras draws what lies on the board besides the trick: a two-handed stock and its
// turned-up card, or a three-handed widow.
func (r *Renderer) drawExtras(img *image.RGBA, centre image.Point, t *Table) {
	k, m := r.table, r.mini
	if t.Stock > 0 {
		at := centre.Add(image.Pt(-220, -k.h/2))
		if t.HasTurnUp {
			k.drawCard(img, at.Add(image.Pt(-44, 0)), t.TurnUp, t.Deck, 0)
		}
		for i := min(t.Stock, 4) - 1; i >= 0; i-- {
			k.drawBack(img, at.Add(image.Pt(2*i, -2*i)))
		}
		f := r.fonts.small
		f.drawAligned(img, at.X+k.w/2-22, at.Y+k.h+22, "stock "+strconv.Itoa(t.Stock), textLight, alignCenter)
	}
	n := min(max(len(t.Widow), t.WidowDown), maxFan)
	if n > 0 {
		w := m.w + (n-1)*m.strip
		at := centre.Add(image.Pt(-w/2, -150))
		r.drawCardFan(img, at, t.Widow, n, m.strip, t.Deck)
		f := r.fonts.tag
		f.drawAligned(img, centre.X, at.Y+m.h+16, "WIDOW", textMuted, alignCenter)
	}
}

// drawCardFan draws n small cards in a row from at, strip apart: cards face up, then face
// down for the rest.
func (r *Renderer) drawCardFan(img *image.RGBA, at image.Point, cards []engine.Card, n, strip int, d Deck) {
	for i := range n {
		p := at.Add(image.Pt(i*strip, 0))
		if i < len(cards) {
			r.mini.drawCard(img, p, cards[i], d, 0)
		} else {
			r.mini.drawBack(img, p)
		}
	}
}

// fanStrip returns how far apart n small cards lie to fit in width, at most the style's
// strip.
func (r *Renderer) fanStrip(n, width int) int {
	m := r.mini
	if n <= 1 {
		return m.strip
	}
	return max(min(m.strip, (width-m.w)/(n-1)), 8)
}

// drawCardRow draws a seat's row in area: its plate, then its shown meld or the cards it
// has on the table. On a meld sheet the plate is the seat's own (turn, dealer); under the
// board it only names the seat.
func (r *Renderer) drawCardRow(img *image.RGBA, area image.Rectangle, t *Table, seat int, sheet bool) {
	s := t.Seats[seat]
	cards := s.Meld
	s.Note = "meld " + strconv.Itoa(s.MeldPoints)
	if !s.ShowMeld {
		cards = s.Tabled
		s.Note = "melded " + strconv.Itoa(s.MeldPoints)
	}
	if !sheet {
		s.Turn, s.Dealer = false, false
	}
	at := image.Pt(area.Min.X+tablePad, area.Min.Y+(area.Dy()-plateH)/2)
	r.drawPlate(img, at, &s, t.seatName(seat), seat == t.Bidder && t.Bid > 0)
	x0 := at.X + plateW + 16
	if len(cards) == 0 {
		sf := r.fonts.small
		sf.draw(img, x0, area.Min.Y+(area.Dy()+sf.capHeight)/2, "no meld", textMuted)
		return
	}
	cards = cards[:min(len(cards), maxFan)]
	strip := r.fanStrip(len(cards), area.Max.X-tablePad-x0)
	r.drawCardFan(img, image.Pt(x0, area.Min.Y+(area.Dy()-r.mini.h)/2), cards, len(cards), strip, t.Deck)
}

// drawWidowRow draws a three-handed widow as a row of a meld sheet.
func (r *Renderer) drawWidowRow(img *image.RGBA, area image.Rectangle, t *Table) {
	at := image.Pt(area.Min.X+tablePad, area.Min.Y+(area.Dy()-plateH)/2)
	r.drawPlate(img, at, &Seat{Team: -1}, "Widow", false)
	n := min(max(len(t.Widow), t.WidowDown), maxFan)
	r.drawCardFan(img, image.Pt(at.X+plateW+16, area.Min.Y+(area.Dy()-r.mini.h)/2), t.Widow, n, r.mini.strip, t.Deck)
}
