package picture

import (
	"strconv"
	"strings"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/internal/words"
)

// HandOf returns the hand of a seat's view: its cards; until the first trick is complete,
// the cards it received (from a pass or the widow) marked and those it passed or buried
// shown apart; on its turn
// to play, the cards it may play and those it may not; in two-handed, the cards it has on
// the table. selected marks cards chosen (one copy each).
func HandOf(v *engine.View, deck Deck, selected engine.CardSet) Hand {
	seat := v.Seat()
	cards := v.Cards()
	h := Hand{Trump: v.Trump(), Deck: deck, Cards: make([]HandCard, len(cards))}
	for i, c := range cards {
		h.Cards[i].Card = c
	}
	// mark marks one held copy of c not yet carrying m.
	mark := func(c engine.Card, m Mark) {
		for i := range h.Cards {
			if h.Cards[i].Card == c && held(h.Cards[i]) && h.Cards[i].Mark&m == 0 {
				h.Cards[i].Mark |= m
				return
			}
		}
	}
	phase := v.Phase()
	if phase == engine.PhaseTrump || phase == engine.PhasePass || phase == engine.PhasePassBack || phase == engine.PhaseDecide ||
		(phase == engine.PhasePlay && v.NumTricks() == 0) {
		for _, p := range v.Passes() {
			if p.To == seat && p.From != seat {
				for _, c := range p.Cards {
					mark(c, Received)
				}
			}
			if p.From == seat {
				gone := Passed
				if p.To < 0 {
					gone = Buried
				}
				for _, c := range p.Cards {
					h.Cards = append(h.Cards, HandCard{Card: c, Mark: gone})
				}
			}
		}
		if w, ok := v.Widow(); ok && seat == v.Bidder() {
			for _, c := range w {
				mark(c, Received)
			}
		}
	}
	if phase == engine.PhasePlay && v.MyTurn() {
		{
			legal := v.Legal()
			for i := range h.Cards {
				if !held(h.Cards[i]) {
					continue
				}
				if legal.Has(h.Cards[i].Card) {
					h.Cards[i].Mark |= Playable
				} else {
					h.Cards[i].Mark |= Unplayable
				}
			}
		}
	}
	if v.Rules().Stock {
		tabled := v.Tabled(seat)
		for _, c := range tabled.Cards() {
			mark(c, Melded)
		}
	}
	for _, c := range selected.Cards() {
		mark(c, Selected)
	}
	SortCards(h.Cards, h.Trump)
	return h
}

// seatNames returns the names of a view's seats: names where given and not empty, the
// engine's otherwise.
func seatNames(v *engine.View, names []string) []string {
	out := make([]string, v.Players())
	for s := range out {
		if s < len(names) && strings.TrimSpace(names[s]) != "" {
			out[s] = names[s]
		} else {
			out[s] = v.Name(s)
		}
	}
	return out
}

// sideNames returns the names of the sides that score: each team's players joined by "&",
// or each player where players score alone (two-handed, three-handed).
func sideNames(r *engine.Rules, names []string) []string {
	if r.Players == 2 || r.Solo {
		return names
	}
	out := make([]string, 2)
	for team := range out {
		var ns []string
		for s, n := range names {
			if r.TeamOf(s) == team {
				ns = append(ns, n)
			}
		}
		out[team] = words.Join(ns, "&")
	}
	return out
}

// alone reports whether players score alone rather than as teams.
func alone(r *engine.Rules) bool { return r.Players == 2 || r.Solo }

// TableOf returns the public table of a view (a spectator's, Game.View(-1), or a seat's:
// the table shows only what is public either way), with the seats named by names (the
// engine's names where names is short), bottom drawn at the bottom. The meld shows from when
// it is shown until the first card is played.
func TableOf(v *engine.View, names []string, bottom int, deck Deck) Table {
	r := v.Rules()
	ns := seatNames(v, names)
	phase := v.Phase()
	t := Table{
		Deck: deck, Hand: v.HandNo(), Trump: v.Trump(), Bidder: -1, Target: r.Target, Hands: r.Hands,
		Bottom: bottom, Winning: -1, Seats: make([]Seat, r.Players),
	}
	if v.Over() {
		t.Hand = 0
	}
	if phase != engine.PhaseBidding && v.Bidder() >= 0 {
		t.Bidder, t.Bid, t.Moon = v.Bidder(), v.High(), v.Moon()
	}
	showMeld := v.MeldShown() && !v.Over() && v.NumTricks() == 0 && len(v.Trick()) == 0
	last := map[int]engine.Bid{}
	for _, b := range v.Auction() {
		last[b.Seat] = b
	}
	for s := range t.Seats {
		seat := &t.Seats[s]
		seat.Name, seat.Team = ns[s], r.TeamOf(s)
		if alone(r) {
			seat.Team = -1
		}
		seat.Turn = !v.Over() && v.IsWaiting(s)
		seat.Dealer = s == v.Dealer() && !v.Over()
		switch {
		case v.Over():
		case phase != engine.PhasePlay && phase != engine.PhaseMeld:
			if b, ok := last[s]; ok {
				seat.Note = "passed"
				if !b.Pass() {
					seat.Note = "bid " + strconv.Itoa(b.Amount)
				}
			}
		case phase == engine.PhasePlay || phase == engine.PhaseMeld:
			seat.Note = words.Count(v.TricksWon(s), "trick")
			if p := v.SeatPoints(s); p > 0 {
				seat.Note += ", " + strconv.Itoa(p) + " points"
			}
		}
		if m, ok := v.ShownMeld(s); ok && showMeld {
			seat.ShowMeld, seat.MeldPoints = true, m.Total
			used := m.Used()
			seat.Meld = trumpFirst(used.Cards(), v.Trump())
		}
		if r.Stock && !v.Over() {
			tabled := v.Tabled(s)
			seat.Tabled, seat.MeldPoints = tabled.Cards(), v.LaidMeldPoints(s)
		}
	}
	if !v.Over() && (phase == engine.PhasePlay || phase == engine.PhaseMeld) {
		t.Trick = v.Trick()
		if len(t.Trick) > 0 {
			t.Winning = v.Winning()
		}
	}
	if r.Stock && !v.Over() {
		t.Stock = v.StockSize()
		t.TurnUp, t.HasTurnUp = v.TurnUp()
	}
	if r.Solo && !v.Over() {
		if w, ok := v.Widow(); ok && phase != engine.PhasePlay {
			t.Widow = w
		} else if phase == engine.PhaseBidding {
			t.WidowDown = r.Widow
		}
	}
	t.Scores = scoresOf(v, ns)
	t.Status = statusOf(v, ns)
	return t
}

// trumpFirst returns cards in the order a hand shows them: trump first.
func trumpFirst(cards []engine.Card, trump engine.Suit) []engine.Card {
	hc := make([]HandCard, len(cards))
	for i, c := range cards {
		hc[i].Card = c
	}
	SortCards(hc, trump)
	for i := range hc {
		cards[i] = hc[i].Card
	}
	return cards
}

// scoresOf returns the sides' scores.
func scoresOf(v *engine.View, names []string) []Score {
	r := v.Rules()
	sides := sideNames(r, names)
	out := make([]Score, len(sides))
	seatScores := v.SeatScores()
	for i, n := range sides {
		out[i] = Score{Name: n, Team: i}
		if alone(r) {
			out[i].Team = -1
		}
		if r.Solo {
			out[i].Points = seatScores[i]
		} else {
			out[i].Points = v.Scores()[i]
		}
	}
	return out
}

// statusOf says in a few words what the table waits for.
func statusOf(v *engine.View, names []string) string {
	if v.Over() {
		return "Game over"
	}
	r := v.Rules()
	turn := v.Turn()
	name := func(s int) string {
		if s >= 0 && s < len(names) {
			return names[s]
		}
		return "everyone"
	}
	switch v.Phase() {
	case engine.PhaseBidding:
		s := name(turn) + " to bid"
		if v.High() > 0 && v.Bidder() >= 0 {
			s += "; high bid " + strconv.Itoa(v.High()) + " by " + name(v.Bidder())
		}
		return s
	case engine.PhaseTrump:
		return name(turn) + " to name trump"
	case engine.PhasePass:
		switch r.PassStyle {
		case engine.PassBury:
			return name(turn) + " to bury " + strconv.Itoa(r.PassCount)
		case engine.PassSixHanded:
			return "The bidding team passes " + strconv.Itoa(r.PassCount) + " each"
		}
		return name(turn) + " passes " + strconv.Itoa(r.PassCount) + " to " + name(v.Bidder())
	case engine.PhasePassBack:
		return name(turn) + " passes " + strconv.Itoa(r.PassCount) + " back"
	case engine.PhaseDecide:
		return name(turn) + " to play the hand or throw it in"
	case engine.PhasePlay:
		return name(turn) + " to play"
	case engine.PhaseMeld:
		return name(turn) + " may meld, then both draw"
	}
	return ""
}

// ResultOf returns the result of the view's i-th finished hand (0 for the first), with
// the sides named from names.
func ResultOf(v *engine.View, names []string, i int, deck Deck) Result {
	r := v.Rules()
	ns := seatNames(v, names)
	res := v.Results()[i]
	x := Result{Deck: deck, Hand: res.Hand, Trump: res.Trump, Target: r.Target, Outcome: outcomeWords(r, &res)}
	if res.Bidder >= 0 {
		x.Bidder, x.Bid = ns[res.Bidder], res.Bid
	}
	for side, n := range sideNames(r, ns) {
		l := ResultLine{Name: n, Team: side}
		var shown, took int // what the side showed and took, whether it counted or not
		switch {
		case r.Solo:
			l.Team = -1
			l.Bidder = side == res.Bidder
			shown, took = res.SeatMeld[side], res.SeatPoints[side]
			l.Meld, l.Tricks = shown, took
			if l.Bidder && !res.Made {
				l.Meld, l.Tricks = 0, 0 // a set bidder scores neither
			}
			l.Change, l.Score = res.SeatDelta[side], res.SeatScores[side]
		default:
			if alone(r) {
				l.Team = -1
			}
			l.Bidder = res.Bidder >= 0 && r.TeamOf(res.Bidder) == side
			for s := range r.Players {
				if r.TeamOf(s) == side {
					shown += res.SeatMeld[s]
					took += res.SeatPoints[s]
				}
			}
			l.Meld, l.Tricks = res.Meld[side], res.Tricks[side]
			l.Change, l.Score = res.Delta[side], res.Scores[side]
		}
		l.Note = lostNote(shown-l.Meld, took-l.Tricks)
		x.Lines = append(x.Lines, l)
	}
	return x
}

// lostNote says what of a side's meld and trick points did not count, or "".
func lostNote(meld, tricks int) string {
	var lost []string
	if meld > 0 {
		lost = append(lost, "meld "+strconv.Itoa(meld))
	}
	if tricks > 0 {
		lost = append(lost, "tricks "+strconv.Itoa(tricks))
	}
	if len(lost) == 0 {
		return ""
	}
	return "did not count: " + strings.Join(lost, ", ")
}

// outcomeWords says how a hand ended.
func outcomeWords(r *engine.Rules, res *engine.HandResult) string {
	switch res.Outcome {
	case engine.OutcomeThrownIn:
		if res.Forced {
			return "thrown in (out of reach)"
		}
		return "thrown in"
	case engine.OutcomeBoardSet:
		return "board set: no marriage"
	case engine.OutcomeInstantWin:
		return "runs win the game"
	case engine.OutcomeDeclaredOut:
		if res.Made {
			return "declared out and won"
		}
		return "declared out too soon"
	}
	if res.Bidder < 0 {
		return "played out"
	}
	s := "set"
	if res.Made {
		s = "made it"
	}
	if res.Moon {
		s = "shot the moon: " + s
	}
	return s
}

// GameOverOf returns the end of the view's game, with the sides named from names.
func GameOverOf(v *engine.View, names []string) GameOver {
	r := v.Rules()
	ns := seatNames(v, names)
	x := GameOver{Hands: len(v.Results())}
	for _, s := range scoresOf(v, ns) {
		x.Lines = append(x.Lines, FinalLine{Name: s.Name, Team: s.Team, Score: s.Points})
	}
	if w := v.Winner(); w >= 0 && w < len(x.Lines) {
		x.Lines[w].Winner = true
	}
	_ = r
	return x
}
