package picture

import (
	"image"
	"strconv"
	"strings"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/internal/words"
)

// ResultLine is one side's line in a hand's result: a team's, or a player's where players
// score alone.
type ResultLine struct {
	Name string
	// Team colours the line's dot as Seat.Team does; -1 for none.
	Team int
	// Bidder marks the side that won the auction.
	Bidder bool
	// Meld and Tricks are the meld and trick points that counted for the side; Change is
	// what the hand added to its score and Score the score after it.
	Meld, Tricks, Change, Score int
	// Note is a short line under the name, such as what did not count.
	Note string
}

// Result is a finished hand: the contract, how it went, and each side's line.
type Result struct {
	Deck  Deck
	Hand  int
	Trump engine.Suit
	// Bidder names the seat that won the auction ("" when there was none, as in
	// two-handed) and Bid its bid.
	Bidder string
	Bid    int
	// Outcome says how the hand went, in a few words: "made it", "set", "thrown in".
	Outcome string
	Lines   []ResultLine
	// Target is the score that wins the game, or 0.
	Target int
}

// Key returns a string naming the result's picture.
func (x Result) Key() string {
	var b strings.Builder
	b.WriteString("result/1")
	for _, v := range []int{int(x.Deck), x.Hand, int(x.Trump), x.Bid, x.Target} {
		b.WriteString("/" + strconv.Itoa(v))
	}
	b.WriteString("/" + strconv.Quote(x.Bidder) + strconv.Quote(x.Outcome))
	for _, l := range x.Lines {
		b.WriteString("/" + strconv.Quote(l.Name))
		for _, v := range []int{l.Team, boolInt(l.Bidder), l.Meld, l.Tricks, l.Change, l.Score} {
			b.WriteString("," + strconv.Itoa(v))
		}
		b.WriteString(strconv.Quote(l.Note))
	}
	return b.String()
}

// headline is the result's heading: the contract and how it went.
func (x *Result) headline() string {
	s := "Hand " + strconv.Itoa(x.Hand)
	if b := cleanText(x.Bidder, maxName); b != "" && x.Bid > 0 {
		s = b + " bid " + strconv.Itoa(x.Bid)
	}
	if o := cleanText(x.Outcome, maxNote); o != "" {
		s += ": " + o
	}
	return s
}

// Alt describes the result in words.
func (x Result) Alt() string {
	parts := []string{"Result of hand " + strconv.Itoa(x.Hand) + "."}
	if x.Bidder != "" && x.Bid > 0 {
		s := cleanText(x.Bidder, maxName) + " bid " + strconv.Itoa(x.Bid)
		if x.Trump < engine.NoSuit {
			s += " in " + x.Trump.Name()
		}
		if x.Outcome != "" {
			s += ": " + x.Outcome
		}
		parts = append(parts, s+".")
	} else if x.Outcome != "" {
		parts = append(parts, cleanText(x.Outcome, maxNote)+".")
	}
	for _, l := range x.Lines {
		s := cleanText(l.Name, 3*maxName) + ": meld " + strconv.Itoa(l.Meld) + ", tricks " + strconv.Itoa(l.Tricks) +
			", hand " + signed(l.Change) + ", score " + strconv.Itoa(l.Score)
		if n := cleanText(l.Note, maxNote); n != "" {
			s += " (" + n + ")"
		}
		parts = append(parts, s+".")
	}
	if x.Target > 0 {
		parts = append(parts, "Playing to "+strconv.Itoa(x.Target)+".")
	}
	return capAlt(strings.Join(parts, " "))
}

// signed writes n with its sign: +20, -250, 0.
func signed(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// Layout of a result's picture.
const (
	resultW    = 640
	resultRowH = 48
	overRowH   = 52
)

// draw draws the result: the heading, then a line per side with its meld, tricks, the
// hand's change and the score.
func (x Result) draw(r *Renderer) *image.RGBA {
	top := headH + 34
	h := top + len(x.Lines)*resultRowH + tablePad
	img := r.canvas(resultW, h)
	fillRect(img, img.Rect, felt)
	fillRect(img, image.Rect(0, 0, resultW, headH), feltDark)
	sub := []string{"Result of hand " + strconv.Itoa(x.Hand)}
	if x.Trump < engine.NoSuit {
		sub = append(sub, "trump "+x.Trump.Name())
	}
	if x.Target > 0 {
		sub = append(sub, "game to "+strconv.Itoa(x.Target))
	}
	r.drawHeading(img, image.Rect(0, 0, resultW, headH), x.Deck, x.Trump, x.headline(), strings.Join(sub, ", "))
	cols := []struct {
		title string
		right int
	}{{"meld", 330}, {"tricks", 420}, {"hand", 515}, {"score", resultW - 16}}
	sf, nf := r.fonts.small, r.fonts.name
	for _, c := range cols {
		sf.drawAligned(img, c.right, headH+24, c.title, textMuted, alignRight)
	}
	for i, l := range x.Lines {
		y := top + i*resultRowH
		row := image.Rect(tablePad, y+3, resultW-tablePad, y+resultRowH-3)
		paint(img, r.box(row.Dx(), row.Dy(), 8, 0), row.Min, plateInk)
		base := y + (resultRowH+nf.capHeight)/2
		note := cleanText(l.Note, maxNote)
		nameBase := base
		if note != "" {
			nameBase = y + 21
		}
		nx := row.Min.X + 10
		if ink, ok := teamInk(l.Team); ok {
			r.dot(img, nx, nameBase-nf.capHeight/2, ink)
			nx += 16
		}
		nameInk := textLight
		if l.Bidder {
			nameInk = gold
		}
		nf.draw(img, nx, nameBase, nf.fit(cleanText(l.Name, 3*maxName), cols[0].right-60-nx), nameInk)
		if note != "" {
			sf.draw(img, nx, y+38, sf.fit(note, cols[1].right-60-nx), badInk)
		}
		for j, v := range []int{l.Meld, l.Tricks} {
			nf.drawAligned(img, cols[j].right, base, strconv.Itoa(v), textLight, alignRight)
		}
		change := goodInk
		if l.Change < 0 {
			change = badInk
		} else if l.Change == 0 {
			change = textMuted
		}
		nf.drawAligned(img, cols[2].right, base, signed(l.Change), change, alignRight)
		nf.drawAligned(img, cols[3].right, base, strconv.Itoa(l.Score), textLight, alignRight)
	}
	return img
}

// FinalLine is one side's line at the game's end.
type FinalLine struct {
	Name   string
	Team   int
	Score  int
	Winner bool
}

// GameOver is the game's end: the final scores and who won.
type GameOver struct {
	// Hands is how many hands were played.
	Hands int
	Lines []FinalLine
}

// Key returns a string naming the picture.
func (x GameOver) Key() string {
	var b strings.Builder
	b.WriteString("over/1/" + strconv.Itoa(x.Hands))
	for _, l := range x.Lines {
		b.WriteString("/" + strconv.Quote(l.Name) + "," + strconv.Itoa(l.Team) + "," + strconv.Itoa(l.Score) + "," + strconv.Itoa(boolInt(l.Winner)))
	}
	return b.String()
}

// headline says who won.
func (x *GameOver) headline() string {
	var won []string
	for _, l := range x.Lines {
		if l.Winner {
			won = append(won, cleanText(l.Name, 3*maxName))
		}
	}
	switch len(won) {
	case 0:
		return "A draw"
	case 1:
		return won[0] + " won"
	}
	return strings.Join(won[:len(won)-1], ", ") + " and " + won[len(won)-1] + " won"
}

// Alt describes the game's end in words.
func (x GameOver) Alt() string {
	parts := []string{"Game over after " + words.Count(x.Hands, "hand") + ".", x.headline() + "."}
	var sc []string
	for _, l := range x.Lines {
		sc = append(sc, cleanText(l.Name, 3*maxName)+" "+strconv.Itoa(l.Score))
	}
	if len(sc) > 0 {
		parts = append(parts, "Final score: "+strings.Join(sc, ", ")+".")
	}
	return capAlt(strings.Join(parts, " "))
}

// draw draws the game's end: a heading naming the winners, then the final scores, the
// winners' in gold with a crown.
func (x GameOver) draw(r *Renderer) *image.RGBA {
	const rowH = overRowH
	top := 96
	h := top + len(x.Lines)*rowH + tablePad
	img := r.canvas(resultW, h)
	fillRect(img, img.Rect, felt)
	fillRect(img, image.Rect(0, 0, resultW, 84), feltDark)
	bf, sf, nf := r.fonts.big, r.fonts.small, r.fonts.name
	bf.drawAligned(img, resultW/2, 42, bf.fit(cleanText(x.headline(), 120), resultW-2*tablePad), gold, alignCenter)
	sf.drawAligned(img, resultW/2, 70, "Game over after "+words.Count(x.Hands, "hand"), textMuted, alignCenter)
	for i, l := range x.Lines {
		y := top + i*rowH
		row := image.Rect(tablePad, y+4, resultW-tablePad, y+rowH-4)
		paint(img, r.box(row.Dx(), row.Dy(), 10, 0), row.Min, plateInk)
		if l.Winner {
			paint(img, r.box(row.Dx(), row.Dy(), 10, 2.5), row.Min, gold)
		}
		x0 := row.Min.X + 14
		if l.Winner {
			paint(img, crownMask(26), image.Pt(x0, y+(rowH-26)/2), gold)
		}
		x0 += 36
		if ink, ok := teamInk(l.Team); ok {
			paint(img, r.box(12, 12, 6, 0), image.Pt(x0, y+(rowH-12)/2), ink)
			x0 += 20
		}
		base := y + (rowH+bf.capHeight)/2
		scoreX, _ := bf.drawAligned(img, row.Max.X-14, base, strconv.Itoa(l.Score), textLight, alignRight)
		ink := textLight
		if l.Winner {
			ink = gold
		}
		nf.draw(img, x0, y+(rowH+nf.capHeight)/2, nf.fit(cleanText(l.Name, 3*maxName), scoreX-x0-12), ink)
	}
	return img
}
