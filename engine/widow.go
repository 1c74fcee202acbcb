package engine

// Three-handed cutthroat (Rules.Solo with a widow) deals 15 cards each and 3 to a widow.
// The high bidder takes the widow, shown to everyone, names trump and buries as many cards
// (PassBury: a pass to no one, seen by the bidder alone), whose counters count for it;
// everyone melds; the bidder may throw in; then it plays alone against the other two, who
// defend together for the hand but score alone. Every player keeps a score of its own.

// widowCap is the most cards a widow holds.
const widowCap = 3

// takeWidow gives the widow to the bidder once the auction is won: its cards are shown to
// the table (Game.Widow, View.Widow).
func (g *Game) takeWidow() {
	st := &g.st
	w := new([widowCap]Card)
	copy(w[:], st.Widow[:g.rules.Widow])
	g.widow = w
	for _, c := range st.Widow[:g.rules.Widow] {
		st.Hands[st.Bidder][c]++
	}
	st.Sizes[st.Bidder] += uint8(g.rules.Widow)
	st.WidowTaken = true
}

// Widow returns the widow's cards once the bidder has taken them, and false before.
func (g *Game) Widow() ([]Card, bool) {
	if g.widow == nil {
		return nil, false
	}
	return g.widow[:g.rules.Widow], true
}

// Widow returns the widow's cards once the bidder has taken them (they are shown to
// everyone), and false before.
func (v *View) Widow() ([]Card, bool) {
	if v.widow == nil {
		return nil, false
	}
	return v.widow[:v.rules.Widow], true
}

// bury lays the bidder's buried cards aside and shows the meld.
func (g *Game) bury(seat int, cards []Card) {
	st := &g.st
	for _, c := range cards {
		st.Hands[seat][c]--
		st.Buried[c]++
	}
	st.Sizes[seat] -= uint8(len(cards))
	g.showMeld()
}

// Buried returns the cards the bidder buried this hand. It is hidden information: show it
// to the bidder only (a view shows the bidder its bury among its passes).
func (g *Game) Buried() Hand { return g.st.Buried }

// SeatScores returns each player's score in a game where every player scores alone
// (Rules.Solo); zero in team presets, which keep Scores.
func (g *Game) SeatScores() [MaxPlayers]int { return g.st.SeatScores }

// SeatScores returns each player's score as of the last finished hand in a game where
// every player scores alone (Rules.Solo), zero before the first.
func (v *View) SeatScores() [MaxPlayers]int {
	if len(v.results) == 0 {
		return [MaxPlayers]int{}
	}
	return v.results[len(v.results)-1].SeatScores
}

// finishSolo scores a hand in which every player scores alone: the bidder adds its meld and
// trick points (its buried counters among them) if they reach its bid, and loses the bid
// if not (twice the bid when Rules.DoubleSet and the hand was played); thrown in, it loses
// the bid. Each defender adds its meld and, when the hand was played, its trick points.
func (g *Game) finishSolo(outcome Outcome) {
	st := &g.st
	r := &g.rules
	b := st.Bidder
	res := HandResult{Hand: st.HandNo, Dealer: st.Dealer, Bidder: b, Bid: st.High, Trump: st.Trump, Outcome: outcome}
	buried := r.counterPoints(&st.Buried)
	for s := range r.Players {
		meld := g.seatMeldTotal(s)
		points := st.Points[s]
		if s == b {
			points += buried
		}
		if outcome != OutcomePlayed {
			points = 0
		}
		res.SeatMeld[s], res.SeatPoints[s], res.SeatSaved[s] = meld, points, true
		if s != b {
			res.SeatDelta[s] = meld + points
		}
	}
	if outcome == OutcomePlayed && res.SeatMeld[b]+res.SeatPoints[b] >= res.Bid {
		res.Made = true
		res.SeatDelta[b] = res.SeatMeld[b] + res.SeatPoints[b]
	} else {
		res.SeatDelta[b] = -r.SoloSetCost(res.Bid, outcome == OutcomePlayed)
	}
	for s := range r.Players {
		st.SeatScores[s] += res.SeatDelta[s]
	}
	res.SeatScores = st.SeatScores
	g.record(res, g.soloWinner(b, res.Made))
}

// soloWinner returns the seat that has won the game after a hand, or -1: the bidder when
// it made its bid and reached the target (the bidder counts first), else the one highest
// score at or above the target; a tie at the top plays on.
func (g *Game) soloWinner(bidder int, made bool) int {
	r := &g.rules
	sc := &g.st.SeatScores
	if r.Target <= 0 {
		if r.Hands > 0 && g.st.HandNo >= r.Hands {
			return topSeat(sc[:r.Players])
		}
		return -1
	}
	if made && sc[bidder] >= r.Target {
		return bidder
	}
	if w := topSeat(sc[:r.Players]); w >= 0 && sc[w] >= r.Target {
		return w
	}
	if r.Hands > 0 && g.st.HandNo >= r.Hands {
		return topSeat(sc[:r.Players]) // the hand limit: the highest score, or a draw
	}
	return -1
}

// topSeat returns the seat with the highest score, or -1 when two share it.
func topSeat(scores []int) int {
	best, tie := 0, false
	for s := 1; s < len(scores); s++ {
		switch {
		case scores[s] > scores[best]:
			best, tie = s, false
		case scores[s] == scores[best]:
			tie = true
		}
	}
	if tie {
		return -1
	}
	return best
}

// SoloSetCost returns what a solo bidder who bid bid loses when it does not make it: the
// bid, or twice the bid when Rules.DoubleSet and the hand was played (a throw-in costs the
// bid once).
func (r *Rules) SoloSetCost(bid int, played bool) int {
	if played && r.DoubleSet {
		return 2 * bid
	}
	return bid
}

// counterPoints returns the trick points of the cards in h, without the last-trick bonus.
func (r *Rules) counterPoints(h *Hand) int {
	pts := 0
	for c, n := range h {
		pts += int(n) * r.RankValue[Card(c).Rank()]
	}
	return pts
}

// Buried returns the cards the view's seat buried this hand and the trick points they count
// for it: a three-handed bidder's own view, once it has buried; nil and 0 otherwise.
func (v *View) Buried() ([]Card, int) {
	for _, p := range v.Passes() {
		if p.From == int(v.seat) && p.To < 0 {
			h := HandOf(p.Cards...)
			return p.Cards, v.rules.counterPoints(&h)
		}
	}
	return nil, 0
}

// SeatThrowInDelta returns each player's change of score if the solo bidder throws in now,
// once meld is shown: the bidder loses its bid, and each defender scores its meld. It is
// what the engine scores for a three-handed throw-in.
func (v *View) SeatThrowInDelta() [MaxPlayers]int {
	var d [MaxPlayers]int
	b := int(v.bidder)
	for s := range v.rules.Players {
		if s == b {
			d[s] = -v.rules.SoloSetCost(int(v.high), false)
		} else if m, ok := v.ShownMeld(s); ok {
			d[s] = m.Total
		}
	}
	return d
}
