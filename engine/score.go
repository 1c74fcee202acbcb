package engine

import (
	"fmt"
	"slices"
)

// maxResultsAhead bounds the room for results a game of known length makes at once.
const maxResultsAhead = 256

// Outcome is how a hand ended.
type Outcome uint8

// The ways a hand ends.
const (
	OutcomePlayed      Outcome = iota // played out; the bidders made it or were set
	OutcomeThrownIn                   // the bidder threw in after meld
	OutcomeBoardSet                   // double-deck: the bidder held no marriage
	OutcomeInstantWin                 // a hand held the runs that win the game
	OutcomeDeclaredOut                // two-handed: a player declared out, rightly or wrongly
)

var outcomeNames = [...]string{"played", "thrown_in", "board_set", "instant_win", "declared_out"}

// String returns the outcome's name.
func (o Outcome) String() string {
	if int(o) >= len(outcomeNames) {
		return "?"
	}
	return outcomeNames[o]
}

// MarshalText encodes the outcome as its name.
func (o Outcome) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// UnmarshalText decodes an outcome name.
func (o *Outcome) UnmarshalText(b []byte) error {
	for i, n := range outcomeNames {
		if n == string(b) {
			*o = Outcome(i)
			return nil
		}
	}
	return fmt.Errorf("unknown outcome %q", b)
}

// HandResult is the record of a finished hand.
type HandResult struct {
	Hand   int `json:"hand"`
	Dealer int `json:"dealer"`
	// Bidder is the seat that won the auction, or -1 in two-handed, which has none.
	Bidder  int     `json:"bidder"`
	Bid     int     `json:"bid"`
	Trump   Suit    `json:"trump"`
	Outcome Outcome `json:"outcome"`
	Moon    bool    `json:"moon,omitempty"`
	// Forced marks a throw-in the rules made, not the bidder: the bid was out of reach
	// even with every trick (ThrowInForced).
	Forced bool `json:"forced,omitempty"`
	// Made reports whether the bidding team made its bid (false on a throw-in or board set).
	Made bool `json:"made"`
	// SeatMeld is each seat's meld as shown; SeatPoints the trick points each took;
	// SeatSaved whether each seat kept its score (per-player save rule; otherwise the team's).
	SeatMeld   [MaxPlayers]int  `json:"seat_meld"`
	SeatPoints [MaxPlayers]int  `json:"seat_points"`
	SeatSaved  [MaxPlayers]bool `json:"seat_saved"`
	// Meld is each team's meld as it counts (after the team minimum and the save rule);
	// Tricks each team's trick points; Saved whether each team kept them.
	Meld   [2]int  `json:"meld"`
	Tricks [2]int  `json:"tricks"`
	Saved  [2]bool `json:"saved"`
	// Delta is each team's change of score; Scores the scores after the hand.
	Delta  [2]int `json:"delta"`
	Scores [2]int `json:"scores"`
	// SeatDelta is each player's change of score and SeatScores the scores after the hand,
	// when every player scores alone (Rules.Solo); zero in team presets.
	SeatDelta  [MaxPlayers]int `json:"seat_delta,omitzero"`
	SeatScores [MaxPlayers]int `json:"seat_scores,omitzero"`
	// WinsGame is set when the hand won the game outright (instant win or a made moon).
	WinsGame bool `json:"wins_game,omitempty"`
}

// BiddingTeam returns the team that won the auction.
func (r *HandResult) BiddingTeam() int { return r.Bidder % 2 }

// teamMeld returns a team's meld as it counts: the sum of its players' meld (only players
// in keep when keep is not nil), zero below the team minimum.
func (g *Game) teamMeld(team int, keep *[MaxPlayers]bool) int {
	if g.shown == nil {
		return 0
	}
	return teamMeldOf(&g.rules, g.shown, team, keep)
}

// teamMeldOf returns a team's meld as it counts, from every seat's meld.
func teamMeldOf(r *Rules, melds *[MaxPlayers]Meld, team int, keep *[MaxPlayers]bool) int {
	sum := 0
	for s := range r.Players {
		if r.TeamOf(s) == team && (keep == nil || keep[s]) {
			sum += melds[s].Total
		}
	}
	if sum < r.TeamMeldMin {
		return 0
	}
	return sum
}

// counterPoints returns the points of the counters in a seat's tricks, without the
// last-trick bonus.
func (g *Game) counterPoints(seat int) int {
	p := g.st.Points[seat]
	if g.st.LastSeat == seat {
		p -= g.rules.LastTrick
	}
	return p
}

func (g *Game) tookCounter(seat int) bool { return g.st.Took&(1<<seat) != 0 }

// finishHand scores the hand, records its result, and deals the next hand or ends the game.
func (g *Game) finishHand(outcome Outcome) { g.finish(outcome, false) }

// finish ends the hand with outcome; forced marks a throw-in the rules made (HandResult).
func (g *Game) finish(outcome Outcome, forced bool) {
	if g.rules.Solo {
		g.finishSolo(outcome)
		return
	}
	st := &g.st
	r := &g.rules
	bt := r.TeamOf(st.Bidder)
	ot := 1 - bt
	res := HandResult{Hand: st.HandNo, Dealer: st.Dealer, Bidder: st.Bidder, Bid: st.High, Trump: st.Trump, Outcome: outcome, Moon: st.Moon, Forced: forced}
	if outcome == OutcomeBoardSet {
		// Meld is still shown, counted with no trump, for the opponents' score.
		g.countMeld(NoSuit)
		st.MeldShown = true
	}
	for s := range r.Players {
		res.SeatMeld[s] = g.seatMeldTotal(s)
		res.SeatPoints[s] = st.Points[s]
	}
	win := -1
	switch outcome {
	case OutcomeInstantWin:
		for s := range r.Players {
			if g.shown[s].WinsGame {
				win = r.TeamOf(s)
				break
			}
		}
		for t := range 2 {
			res.Meld[t] = g.teamMeld(t, nil)
		}
		res.Made = win == bt
	case OutcomeThrownIn, OutcomeBoardSet:
		res.Meld[ot] = r.ThrowInMeld(g.teamMeld(ot, nil))
		if outcome == OutcomeThrownIn {
			res.Tricks[ot] = r.ThrowInBonus
		}
		res.Delta = r.SetDelta(bt, res.Bid)
		res.Delta[ot] += res.Meld[ot] + res.Tricks[ot]
	case OutcomePlayed:
		g.scorePlayed(&res, bt, ot)
		if st.Moon && res.Made {
			win = bt
		}
	}
	for t := range 2 {
		st.Scores[t] += res.Delta[t]
	}
	res.Scores = st.Scores
	if win < 0 {
		win = g.gameWinner(bt, res.Made)
	} else {
		res.WinsGame = true
	}
	g.record(res, win)
}

// record keeps a finished hand's result and deals the next hand, or ends the game when
// win is a team (or a number of hands is reached).
func (g *Game) record(res HandResult, win int) {
	st := &g.st
	r := &g.rules
	if n := len(st.Results); n == cap(st.Results) {
		// The results are shared with views, so they grow by copying: make room at once
		// for the rest of a game of known length, else for as many again.
		more := max(n, 16)
		if left := r.Hands - n; left > 0 && left <= maxResultsAhead {
			more = left
		}
		st.Results = slices.Grow(st.Results, more)
	}
	st.Results = append(st.Results, res)
	if win != -1 || (r.Hands > 0 && st.HandNo >= r.Hands) {
		st.Over, st.Winner = true, win
		st.Phase, st.Turn = PhaseGameOver, -1
		return
	}
	g.startHand(st.HandNo+1, g.next(st.Dealer))
}

// SetDelta returns each team's change of score when team bidTeam is set (or throws in)
// at bid: the bid taken from the bidders, or scored by the other side (set=opponents).
// What the other side saves of its own comes on top.
func (r *Rules) SetDelta(bidTeam, bid int) [2]int {
	var d [2]int
	if r.SetGivesOpponents {
		d[1-bidTeam] = bid
	} else {
		d[bidTeam] = -bid
	}
	return d
}

// TricksNeeded returns the trick points a bidding team whose players' meld adds up to
// meld must take to make bid: the bid less the meld as it counts (nothing below
// TeamMeldMin), never below zero. The rules' other conditions of a made bid come on top:
// saving (Save), 20 in counters (MadeNeedsCounters20), every trick on a moon.
func (r *Rules) TricksNeeded(bid, meld int) int {
	if meld < r.TeamMeldMin {
		meld = 0
	}
	return max(0, bid-meld)
}

// ThrowInMeld returns what the other side's meld of meld counts when the bidder throws in
// or is board set: nothing below the rules' minimum.
func (r *Rules) ThrowInMeld(meld int) int {
	if meld < r.ThrowInMeldMin {
		return 0
	}
	return meld
}

// ThrowInDelta returns each team's change of score if the bidder throws in now, once
// meld is shown: the set (SetDelta), and for the other side its meld as a throw-in counts
// it and the throw-in bonus. It is what the engine scores for a throw-in.
func (v *View) ThrowInDelta() [2]int {
	r := v.rules
	bt := r.TeamOf(int(v.bidder))
	d := r.SetDelta(bt, int(v.high))
	d[1-bt] += r.ThrowInMeld(v.TeamMeld(1-bt)) + r.ThrowInBonus
	return d
}

func (g *Game) scorePlayed(res *HandResult, bt, ot int) {
	st := &g.st
	r := &g.rules
	var keep [MaxPlayers]bool
	teamPoints, teamCounters, teamTricks := [2]int{}, [2]int{}, [2]int{}
	teamCounter, teamLast := [2]bool{}, [2]bool{}
	for s := range r.Players {
		t := r.TeamOf(s)
		teamPoints[t] += st.Points[s]
		teamCounters[t] += g.counterPoints(s)
		teamTricks[t] += st.TricksWon[s]
		took := g.tookCounter(s)
		teamCounter[t] = teamCounter[t] || took
		teamLast[t] = teamLast[t] || st.LastSeat == s
		keep[s] = took || st.LastSeat == s
	}
	for t := range 2 {
		switch r.Save {
		case SaveCounterOrLast:
			res.Saved[t] = teamCounter[t] || teamLast[t]
		case SaveAnyTrick:
			res.Saved[t] = teamTricks[t] > 0
		case SaveCounters20:
			res.Saved[t] = teamCounters[t] >= 20
		case SavePerPlayer:
			res.Saved[t] = true
		}
	}
	for s := range r.Players {
		if r.Save == SavePerPlayer {
			res.SeatSaved[s] = keep[s]
		} else {
			res.SeatSaved[s] = res.Saved[r.TeamOf(s)]
		}
	}
	for t := range 2 {
		if r.Save == SavePerPlayer {
			res.Meld[t] = g.teamMeld(t, &keep)
			pts := 0
			for s := range r.Players {
				if r.TeamOf(s) == t && keep[s] {
					pts += st.Points[s]
				}
			}
			res.Tricks[t] = pts
		} else if res.Saved[t] {
			res.Meld[t] = g.teamMeld(t, nil)
			res.Tricks[t] = teamPoints[t]
		}
	}
	total := res.Meld[bt] + res.Tricks[bt]
	res.Made = total >= res.Bid && (!r.MadeNeedsCounters20 || teamCounters[bt] >= 20)
	if st.Moon {
		res.Made = teamTricks[bt] == r.Tricks()
	}
	if res.Made {
		res.Delta[bt] += total
	} else {
		res.Delta = r.SetDelta(bt, res.Bid)
	}
	res.Delta[ot] += res.Meld[ot] + res.Tricks[ot]
}

// gameWinner applies the end of game after a hand: the losing floor, the target with
// "bidders count first", and a tie at the target (the game goes on). It returns the
// winning team or -1 when the game is not won.
func (g *Game) gameWinner(bt int, made bool) int {
	r := &g.rules
	sc := g.st.Scores
	higher := func() int {
		switch {
		case sc[0] > sc[1]:
			return 0
		case sc[1] > sc[0]:
			return 1
		}
		return -1
	}
	if r.Floor > 0 && (sc[0] <= -r.Floor || sc[1] <= -r.Floor) {
		if sc[0] <= -r.Floor && sc[1] <= -r.Floor {
			return higher()
		}
		if sc[0] <= -r.Floor {
			return 1
		}
		return 0
	}
	if r.Target > 0 {
		crossed0, crossed1 := sc[0] >= r.Target, sc[1] >= r.Target
		switch {
		case crossed0 && crossed1:
			if r.BiddersFirst && made {
				return bt
			}
			return higher()
		case crossed0:
			return 0
		case crossed1:
			return 1
		}
	}
	if r.Hands > 0 && g.st.HandNo >= r.Hands {
		return higher() // -1 is a draw: the caller ends the game on the hand limit
	}
	return -1
}
