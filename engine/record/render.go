package record

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pinochle-discord/pinochle/engine"
)

// Limits of the rendered review. Every section's text (its lines joined by newlines) fits
// SectionLimit characters, and a whole hand's titles and texts together fit HandLimit, so
// a section fits a Discord embed field (1,024) and a hand fits one message (6,000).
const (
	SectionLimit = 1000
	HandLimit    = 5500
	// NameLimit is the most characters of a seat name the review shows.
	NameLimit = 16
)

// Section is a titled part of a hand's review: plain text lines, cards written with
// suit symbols.
type Section struct {
	Title string
	Lines []string
}

// Text returns the section's lines joined by newlines.
func (s Section) Text() string { return strings.Join(s.Lines, "\n") }

// Len returns the number of characters (runes) of the section's title and text.
func (s Section) Len() int {
	return utf8.RuneCountInString(s.Title) + utf8.RuneCountInString(s.Text())
}

// Title returns the hand's heading, such as "Hand 3 · dealt by Ann".
func (h *Hand) Title(names []string) string {
	return fmt.Sprintf("Hand %d · dealt by %s", h.Number, seatName(names, h.Dealer))
}

// Sections renders the hand for review: the deal, the auction and contract, the passes,
// the meld, the tricks (grouped so that each group fits SectionLimit; each card with its
// player) and the result.
// names holds the seat names; a missing or empty name is written "Seat N". Names are cut
// to NameLimit characters.
func (h *Hand) Sections(names []string) []Section {
	var out []Section
	add := func(title string, lines []string) { out = append(out, pack(title, lines)...) }

	deal := make([]string, h.Players)
	for s := range h.Players {
		deal[s] = seatName(names, s) + ": " + suitsText(h.Dealt[s].Cards())
	}
	add("Deal", deal)

	if h.TurnUp != nil {
		// Two-handed: no auction; the turned-up card names trump, and melds are laid as
		// tricks are won.
		add("Trump", []string{fmt.Sprintf("Turned up: %s, so %s trump.", h.TurnUp.Symbol(), h.TurnUp.Suit().Name())})
		if len(h.Laid) > 0 {
			lines := make([]string, len(h.Laid))
			for i, l := range h.Laid {
				switch {
				case l.Exchanged:
					lines[i] = fmt.Sprintf("%s: dix, exchanged for the turned-up card (%d)", seatName(names, l.Seat), l.Meld.Points)
				default:
					lines[i] = fmt.Sprintf("%s: %s, %s (%d)", seatName(names, l.Seat), l.Meld.Name(), symbolsText(l.Meld.Cards()), l.Meld.Points)
				}
			}
			add("Melds laid", lines)
		}
	} else {
		add("Auction", h.auctionLines(names))
	}

	if h.Widow != nil {
		add("Widow", []string{fmt.Sprintf("%s takes %s", seatName(names, h.Bidder), symbolsText(h.Widow))})
	}
	if len(h.Passes) > 0 {
		lines := make([]string, len(h.Passes))
		title := "Passes"
		for i, p := range h.Passes {
			if p.To < 0 {
				title = "Bury"
				lines[i] = fmt.Sprintf("%s buries %s", seatName(names, p.From), symbolsText(p.Cards))
				continue
			}
			lines[i] = fmt.Sprintf("%s → %s: %s", seatName(names, p.From), seatName(names, p.To), symbolsText(p.Cards))
		}
		add(title, lines)
	}

	if h.Meld != nil && h.TurnUp == nil {
		lines := make([]string, 0, h.Players)
		for s, m := range h.Meld {
			lines = append(lines, seatName(names, s)+": "+strconv.Itoa(m.Total)+meldItems(m))
		}
		add("Meld", lines)
	}

	result := pack("Result", h.resultLines(names))
	if len(h.Tricks) > 0 {
		// Each card is written with its player's name; should the names make the hand too
		// long, with its seat's number, and failing that the cards follow the leader.
		budget := HandLimit - size(out) - size(result)
		tricks := h.trickSections(names, trickLine)
		if size(tricks) > budget {
			tricks = h.trickSections(nil, trickLine)
		}
		if size(tricks) > budget {
			tricks = h.trickSections(names, shortTrickLine)
		}
		out = append(out, tricks...)
	}
	return append(out, result...)
}

// trickSections writes the tricks, each by line, grouped so that each group fits
// SectionLimit.
// In two-handed, the tricks played while the stock lasted and those after go in sections
// of their own.
func (h *Hand) trickSections(names []string, line func([]string, *Trick) string) []Section {
	lines := make([]string, len(h.Tricks))
	for i, t := range h.Tricks {
		lines[i] = line(names, &t)
	}
	if h.TurnUp == nil {
		return packTricks(lines, h.Tricks, "")
	}
	// The stock is drawn in pairs after each of the first tricks: 24 cards, 12 tricks.
	split := min(len(h.Tricks), 12)
	out := packTricks(lines[:split], h.Tricks[:split], ", while the stock lasted")
	return append(out, packTricks(lines[split:], h.Tricks[split:], ", once the stock was drawn")...)
}

// size is the characters of sections' titles and texts.
func size(secs []Section) int {
	n := 0
	for _, s := range secs {
		n += s.Len()
	}
	return n
}

// trickLine writes a trick with each card's player, in the order played (the leader first),
// and who took it for how many points: "3. Ann A♦, Bob 9♥, Cy J♦, Dee 9♦ → Ann takes 14".
func trickLine(names []string, t *Trick) string {
	cards := make([]string, len(t.Cards))
	for k, pl := range t.Cards {
		cards[k] = seatName(names, pl.Seat) + " " + pl.Card.Symbol()
	}
	return fmt.Sprintf("%d. %s → %s takes %d", t.Number, strings.Join(cards, ", "), seatName(names, t.Winner), t.Points)
}

// shortTrickLine writes a trick's cards in the order played from its leader, round the
// table: "3. Ann leads A♦ 9♥ J♦ 9♦ → Ann takes 14".
func shortTrickLine(names []string, t *Trick) string {
	cards := make([]string, len(t.Cards))
	for k, pl := range t.Cards {
		cards[k] = pl.Card.Symbol()
	}
	return fmt.Sprintf("%d. %s leads %s → %s takes %d", t.Number, seatName(names, t.Leader), strings.Join(cards, " "), seatName(names, t.Winner), t.Points)
}

// auctionLines writes the auction, the contract and the bidder's decision. A long auction
// is cut to its last calls so that the section stays within SectionLimit.
func (h *Hand) auctionLines(names []string) []string {
	calls := make([]string, len(h.Auction))
	for i, b := range h.Auction {
		switch {
		case b.Pass():
			calls[i] = seatName(names, b.Seat) + " pass"
		case b.Forced:
			calls[i] = seatName(names, b.Seat) + " " + strconv.Itoa(b.Amount) + " (forced)"
		default:
			calls[i] = seatName(names, b.Seat) + " " + strconv.Itoa(b.Amount)
		}
	}
	const budget = SectionLimit - 300 // room for the contract and decision lines
	text := strings.Join(calls, ", ")
	if utf8.RuneCountInString(text) > budget {
		n := 0
		size := 0
		for i := len(calls) - 1; i >= 0; i-- {
			size += utf8.RuneCountInString(calls[i]) + 2
			if size > budget-40 {
				break
			}
			n++
		}
		text = fmt.Sprintf("(%d calls; the last %d) ", len(calls), n) + strings.Join(calls[len(calls)-n:], ", ")
	}
	lines := []string{text}
	if h.Bidder >= 0 {
		c := fmt.Sprintf("Contract: %s %d", seatName(names, h.Bidder), h.Bid)
		if h.Trump != engine.NoSuit {
			c += ", trump " + h.Trump.Symbol()
		}
		lines = append(lines, c)
	}
	switch h.Decision {
	case engine.ActPlayHand:
		lines = append(lines, seatName(names, h.Bidder)+" plays the hand.")
	case engine.ActThrowIn:
		lines = append(lines, seatName(names, h.Bidder)+" throws in.")
	case engine.ActShootMoon:
		lines = append(lines, seatName(names, h.Bidder)+" shoots the moon.")
	}
	return lines
}

// resultLines writes the hand's outcome and score change.
func (h *Hand) resultLines(names []string) []string {
	res := &h.Result
	bt := res.BiddingTeam()
	var lines []string
	if h.Widow != nil {
		// Three-handed: the bidder alone, each player scoring alone.
		switch res.Outcome {
		case engine.OutcomeThrownIn:
			lines = append(lines, fmt.Sprintf("%s threw in: set %d.", seatName(names, res.Bidder), res.Bid))
		default:
			verb := "set"
			if res.Made {
				verb = "made"
			}
			lines = append(lines, fmt.Sprintf("%s bid %d alone: meld %d + tricks %d, %s.", seatName(names, res.Bidder), res.Bid, res.SeatMeld[res.Bidder], res.SeatPoints[res.Bidder], verb))
		}
		for s := range h.Players {
			lines = append(lines, fmt.Sprintf("%s: meld %d, tricks %d, %+d → %d", seatName(names, s), res.SeatMeld[s], res.SeatPoints[s], res.SeatDelta[s], res.SeatScores[s]))
		}
		if res.WinsGame {
			lines = append(lines, "This hand wins the game.")
		}
		return lines
	}
	if res.Bidder < 0 {
		for s := range h.Players {
			lines = append(lines, fmt.Sprintf("%s: meld %d, tricks %d, %+d → %d", seatName(names, s), res.SeatMeld[s], res.SeatPoints[s], res.Delta[s], res.Scores[s]))
		}
		if res.WinsGame {
			lines = append(lines, "This hand wins the game.")
		}
		return lines
	}
	switch res.Outcome {
	case engine.OutcomeBoardSet:
		lines = append(lines, fmt.Sprintf("%s holds no marriage: the board is set.", seatName(names, res.Bidder)))
	case engine.OutcomeThrownIn:
		lines = append(lines, fmt.Sprintf("%s threw in: set %d.", seatName(names, res.Bidder), res.Bid))
	case engine.OutcomeInstantWin:
		lines = append(lines, "A meld wins the game.")
	default:
		verb := "set"
		if res.Made {
			verb = "made"
		}
		moon := ""
		if res.Moon {
			moon = " shooting the moon"
		}
		lines = append(lines, fmt.Sprintf("%s bid %d%s: meld %d + tricks %d, %s.", teamName(names, h.Players, bt), res.Bid, moon, res.Meld[bt], res.Tricks[bt], verb))
	}
	for t := range 2 {
		lines = append(lines, fmt.Sprintf("%s: meld %d, tricks %d, %+d → %d", teamName(names, h.Players, t), res.Meld[t], res.Tricks[t], res.Delta[t], res.Scores[t]))
	}
	if res.WinsGame {
		lines = append(lines, "This hand wins the game.")
	}
	return lines
}

// packTricks groups trick lines into sections titled by their trick numbers.
func packTricks(lines []string, tricks []Trick, suffix string) []Section {
	var out []Section
	start := 0
	size := 0
	flush := func(end int) {
		if end > start {
			title := fmt.Sprintf("Tricks %d–%d", tricks[start].Number, tricks[end-1].Number)
			if end-start == 1 {
				title = fmt.Sprintf("Trick %d", tricks[start].Number)
			}
			out = append(out, Section{Title: title + suffix, Lines: lines[start:end]})
		}
		start, size = end, 0
	}
	for i, l := range lines {
		n := utf8.RuneCountInString(l) + 1
		if size+n > SectionLimit {
			flush(i)
		}
		size += n
	}
	flush(len(lines))
	return out
}

// pack splits lines into sections of at most SectionLimit characters; the sections after
// the first are titled "(cont.)". A line longer than the limit is cut.
func pack(title string, lines []string) []Section {
	var out []Section
	cur := Section{Title: title}
	size := 0
	for _, l := range lines {
		l = cut(l, SectionLimit)
		n := utf8.RuneCountInString(l) + 1
		if size+n > SectionLimit && len(cur.Lines) > 0 {
			out = append(out, cur)
			cur = Section{Title: title + " (cont.)"}
			size = 0
		}
		cur.Lines = append(cur.Lines, l)
		size += n
	}
	return append(out, cur)
}

// seatName returns the seat's name cut to NameLimit characters, or "Seat N".
func seatName(names []string, seat int) string {
	if seat >= 0 && seat < len(names) {
		n := strings.Map(func(r rune) rune {
			if unicode.IsControl(r) {
				return ' '
			}
			return r
		}, names[seat])
		if n = strings.TrimSpace(n); n != "" {
			return cut(n, NameLimit)
		}
	}
	return "Seat " + strconv.Itoa(seat+1)
}

// teamName names a team by its seats, such as "Ann & Cy".
func teamName(names []string, players, team int) string {
	var parts []string
	for s := team; s < players; s += 2 {
		parts = append(parts, seatName(names, s))
	}
	return strings.Join(parts, " & ")
}

// cut shortens s to at most n runes, marking a cut with an ellipsis.
func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// DealText writes cards as the review writes a seat's deal: grouped by suit, in the
// order given, such as "♠ A 10 K · ♥ Q J"; "no cards" when there are none.
func DealText(cards []engine.Card) string { return suitsText(cards) }

// suitsText writes cards grouped by suit: "♠ A 10 K · ♥ Q J".
func suitsText(cards []engine.Card) string {
	if len(cards) == 0 {
		return "no cards"
	}
	var groups []string
	for s := engine.Spades; s < engine.NoSuit; s++ {
		var ranks []string
		for _, c := range cards {
			if c.Suit() == s {
				ranks = append(ranks, c.Rank().String())
			}
		}
		if len(ranks) > 0 {
			groups = append(groups, s.Symbol()+" "+strings.Join(ranks, " "))
		}
	}
	return strings.Join(groups, " · ")
}

// symbolsText writes cards with suit symbols: "A♠ 10♥".
func symbolsText(cards []engine.Card) string {
	parts := make([]string, len(cards))
	for i, c := range cards {
		parts[i] = c.Symbol()
	}
	return strings.Join(parts, " ")
}

// meldItems writes a meld's breakdown: " = run 150 + pinochle 40".
func meldItems(m SeatMeld) string {
	if len(m.Items) == 0 {
		return ""
	}
	parts := make([]string, len(m.Items))
	for i, it := range m.Items {
		parts[i] = it.Name() + " " + strconv.Itoa(int(it.Points))
	}
	s := " = " + strings.Join(parts, " + ")
	if m.WinsGame {
		s += " (wins the game)"
	}
	return s
}
