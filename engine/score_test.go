package engine

import (
	"slices"
	"testing"
)

// scoreCase is a played hand, set up on its last trick, and its score worked out by hand
// from docs/rules.md. Teams: seats 0 and 2 (and 4) are team 0, seats 1 and 3 (and 5) team 1.
type scoreCase struct {
	name      string
	preset    string
	options   []string
	end       handEnd
	made      bool
	saved     [2]bool
	seatSaved []bool // checked when given (six-handed saves per player)
	delta     [2]int
	over      bool
	winner    int // checked when over; -1 for a draw
}

var scoreCases = []scoreCase{
	// racehorse: counters A 10 K = 10, last trick 10; save: a counter or the last trick.
	{
		// Team 1 took 12 + 3 counters and the last trick: 160, with meld 150 + 50 = 200:
		// 360 >= 300, both added. Team 0 took 9 counters: 90 + meld 60.
		name: "racehorse: made, meld and tricks added", preset: "racehorse",
		end: handEnd{
			bidder: 1, bid: 300, trump: Spades, meld: []int{60, 150, 0, 50},
			took: map[int]string{1: "A*4 10*4 K*4", 3: "A A K"}, rest: 0, last: 3,
		},
		made: true, saved: [2]bool{true, true}, delta: [2]int{150, 360},
	},
	{
		name: "racehorse: made at exactly the bid", preset: "racehorse",
		end: handEnd{
			bidder: 1, bid: 360, trump: Spades, meld: []int{60, 150, 0, 50},
			took: map[int]string{1: "A*4 10*4 K*4", 3: "A A K"}, rest: 0, last: 3,
		},
		made: true, saved: [2]bool{true, true}, delta: [2]int{150, 360},
	},
	{
		name: "racehorse: set 10 short, the bid is subtracted", preset: "racehorse",
		end: handEnd{
			bidder: 1, bid: 370, trump: Spades, meld: []int{60, 150, 0, 50},
			took: map[int]string{1: "A*4 10*4 K*4", 3: "A A K"}, rest: 0, last: 3,
		},
		made: false, saved: [2]bool{true, true}, delta: [2]int{150, -370},
	},
	{
		// Option set=opponents: the bidders score nothing, the opponents get the bid.
		name: "racehorse: set gives the bid to the opponents", preset: "racehorse", options: []string{"set=opponents"},
		end: handEnd{
			bidder: 1, bid: 370, trump: Spades, meld: []int{60, 150, 0, 50},
			took: map[int]string{1: "A*4 10*4 K*4", 3: "A A K"}, rest: 0, last: 3,
		},
		made: false, saved: [2]bool{true, true}, delta: [2]int{150 + 370, 0},
	},
	{
		// Seat 0 took two tricks without a counter and not the last: team 0's meld of 120
		// is lost. Team 1 took all 240 in counters and the last trick.
		name: "racehorse: tricks without a counter do not save meld", preset: "racehorse",
		end: handEnd{
			bidder: 1, bid: 250, trump: Hearts, meld: []int{80, 100, 40, 0},
			took: map[int]string{0: "J J J J Q Q Q Q"}, rest: 1, last: 1,
		},
		made: true, saved: [2]bool{false, true}, delta: [2]int{0, 100 + 250},
	},
	{
		// Team 0 took only the last trick, with no counter in it: that saves its meld.
		name: "racehorse: the last trick alone saves meld", preset: "racehorse",
		end: handEnd{
			bidder: 1, bid: 250, trump: Hearts, meld: []int{80, 100, 40, 0},
			rest: 1, last: 0,
		},
		made: true, saved: [2]bool{true, true}, delta: [2]int{120 + 10, 100 + 240},
	},
	{
		// The save rule applies to the bidding team too: without a counter or the last
		// trick its meld (300) is lost, so it is set although the meld alone covers the bid.
		name: "racehorse: bidders who save nothing are set", preset: "racehorse",
		end: handEnd{
			bidder: 1, bid: 250, trump: Hearts, meld: []int{0, 300, 0, 0},
			took: map[int]string{1: "J J J J"}, rest: 0, last: 2,
		},
		made: false, saved: [2]bool{true, false}, delta: [2]int{250, -250},
	},
	{
		// Both teams pass 1500: team 0 (bidders) 1400 + 100 + 150 + 10 = 1660, team 1
		// 1450 + 200 + 90 = 1740. The bidders made their bid, so they count first and win.
		name: "racehorse: bidders count first", preset: "racehorse",
		end: handEnd{
			bidder: 0, bid: 250, trump: Clubs, meld: []int{100, 200, 0, 0},
			took: map[int]string{0: "A*8 10*7"}, rest: 1, last: 2, scores: [2]int{1400, 1450},
		},
		made: true, saved: [2]bool{true, true}, delta: [2]int{260, 290}, over: true, winner: 0,
	},
	{
		name: "racehorse: bidders set, the opponents pass the target", preset: "racehorse",
		end: handEnd{
			bidder: 0, bid: 300, trump: Clubs, meld: []int{100, 200, 0, 0},
			took: map[int]string{0: "A*8 10*7"}, rest: 1, last: 2, scores: [2]int{1400, 1450},
		},
		made: false, saved: [2]bool{true, true}, delta: [2]int{-300, 290}, over: true, winner: 1,
	},
	{
		// Option hands=3: the game ends after the third hand; the higher score wins.
		name: "racehorse: hands=3 ends the game", preset: "racehorse", options: []string{"hands=3"},
		end: handEnd{
			bidder: 1, bid: 300, trump: Spades, meld: []int{60, 150, 0, 50},
			took: map[int]string{1: "A*4 10*4 K*4", 3: "A A K"}, rest: 0, last: 3, handNo: 3, scores: [2]int{300, 100},
		},
		made: true, saved: [2]bool{true, true}, delta: [2]int{150, 360}, over: true, winner: 1,
	},

	// classic: counters A K = 10, Q J = 5 (the ten scores nothing); save: a trick won.
	{
		// Team 0: A*4 K*4 Q*2 = 90, last trick 10, meld 120: 220 >= 200. Team 1: the
		// other 150 in counters, meld 40.
		name: "classic: made, round score added", preset: "classic",
		end: handEnd{
			bidder: 0, bid: 200, trump: Diamonds, meld: []int{100, 40, 20, 0},
			took: map[int]string{0: "A*4 K*4 Q Q 10 10"}, rest: 1, last: 2,
		},
		made: true, saved: [2]bool{true, true}, delta: [2]int{220, 190},
	},
	{
		// The eight tens are worth nothing in classic: meld 100 + 0 < 150.
		name: "classic: tens score nothing", preset: "classic",
		end: handEnd{
			bidder: 0, bid: 150, trump: Diamonds, meld: []int{100, 0, 0, 0},
			took: map[int]string{0: "10*8"}, rest: 1, last: 1,
		},
		made: false, saved: [2]bool{true, true}, delta: [2]int{-150, 250},
	},
	{
		name: "classic: opponents who won no trick lose their meld", preset: "classic",
		end: handEnd{
			bidder: 0, bid: 200, trump: Diamonds, meld: []int{100, 60, 0, 20},
			rest: 0, last: 2,
		},
		made: true, saved: [2]bool{true, false}, delta: [2]int{350, 0},
	},
	{
		// Unlike racehorse, a trick without points saves meld.
		name: "classic: a trick without points saves meld", preset: "classic",
		end: handEnd{
			bidder: 0, bid: 200, trump: Diamonds, meld: []int{100, 60, 0, 20},
			took: map[int]string{1: "10 10 9 9"}, rest: 0, last: 0,
		},
		made: true, saved: [2]bool{true, true}, delta: [2]int{350, 80},
	},
	{
		// Both pass 1000 and classic has no "bidders count first": the higher score wins,
		// here the opponents (900 + 220 = 1120 against 980 + 190 = 1170).
		name: "classic: both pass the target, the higher score wins", preset: "classic",
		end: handEnd{
			bidder: 0, bid: 200, trump: Diamonds, meld: []int{100, 40, 20, 0},
			took: map[int]string{0: "A*4 K*4 Q Q 10 10"}, rest: 1, last: 2, scores: [2]int{900, 980},
		},
		made: true, saved: [2]bool{true, true}, delta: [2]int{220, 190}, over: true, winner: 1,
	},
	{
		// A tie above the target: the engine plays on (no rule text names a winner; docs/rules.md).
		name: "classic: a tie at the target plays on", preset: "classic",
		end: handEnd{
			bidder: 0, bid: 200, trump: Diamonds, meld: []int{100, 40, 20, 0},
			took: map[int]string{0: "A*4 K*4 Q Q 10 10"}, rest: 1, last: 2, scores: [2]int{900, 930},
		},
		made: true, saved: [2]bool{true, true}, delta: [2]int{220, 190},
	},
	{
		// Option floor=500: team 0 falls from -400 to -550 and loses.
		name: "classic: the losing floor", preset: "classic", options: []string{"floor=500"},
		end: handEnd{
			bidder: 0, bid: 150, trump: Diamonds, meld: []int{100, 0, 0, 0},
			took: map[int]string{0: "10*8"}, rest: 1, last: 1, scores: [2]int{-400, 300},
		},
		made: false, saved: [2]bool{true, true}, delta: [2]int{-150, 250}, over: true, winner: 1,
	},

	// partnership: as racehorse; shoot the moon and the counter schemes are options.
	{
		// Team 1 takes all twelve tricks: 100 + 250, and the game.
		name: "partnership: the moon made wins the game", preset: "partnership", options: []string{"moon=on"},
		end: handEnd{
			bidder: 1, bid: 300, trump: Spades, meld: []int{50, 100, 0, 0}, moon: true,
			rest: 1, last: 3,
		},
		made: true, saved: [2]bool{false, true}, delta: [2]int{0, 350}, over: true, winner: 1,
	},
	{
		// One trick lost (without a counter): the moon fails and the bidders are set,
		// though 100 + 250 would have covered the bid.
		name: "partnership: the moon missed is set", preset: "partnership", options: []string{"moon=on"},
		end: handEnd{
			bidder: 1, bid: 300, trump: Spades, meld: []int{50, 100, 0, 0}, moon: true,
			took: map[int]string{0: "J J J J"}, rest: 1, last: 1,
		},
		made: false, saved: [2]bool{false, true}, delta: [2]int{0, -300},
	},
	{
		// fives: A 10 = 10, K Q = 5. Team 1: 8 kings and 4 queens = 60, meld 100: set.
		// Team 0: 16 aces and tens 160, 4 queens 20, last trick 10.
		name: "partnership: counters=fives", preset: "partnership", options: []string{"counters=fives"},
		end: handEnd{
			bidder: 1, bid: 250, trump: Spades, meld: []int{0, 100, 0, 0},
			took: map[int]string{1: "K*8 Q*4"}, rest: 0, last: 0,
		},
		made: false, saved: [2]bool{true, true}, delta: [2]int{190, -250},
	},
	{
		// eleven: A 11, 10 10, K 4, Q 3, J 2. Team 1: 8 aces 88 + 4 jacks 8 + last 10 =
		// 106, meld 200. Team 0: tens 80, kings 32, queens 24, 4 jacks 8 = 144.
		name: "partnership: counters=eleven", preset: "partnership", options: []string{"counters=eleven"},
		end: handEnd{
			bidder: 1, bid: 250, trump: Spades, meld: []int{0, 200, 0, 0},
			took: map[int]string{1: "A*8 J*4"}, rest: 0, last: 1,
		},
		made: true, saved: [2]bool{true, true}, delta: [2]int{144, 306},
	},

	// double-deck: counters A 10 K = 1, last trick 2; a team needs 20 in counters to score,
	// and a team meld under 20 counts nothing.
	{
		// Team 1: 28 counters + 2 = 30, meld 35: 65 >= 60. Team 0: 20 counters, meld 22.
		name: "double-deck: made", preset: "double-deck",
		end: handEnd{
			bidder: 1, bid: 60, trump: Hearts, meld: []int{12, 25, 10, 10},
			took: map[int]string{1: "A*12 10*12 K*4"}, rest: 0, last: 3,
		},
		made: true, saved: [2]bool{true, true}, delta: [2]int{42, 65},
	},
	{
		// Team 1: 19 counters and the last trick = 21, meld 40: 61 >= 50, but fewer than
		// 20 counters: set. Team 0: 29 counters, meld 25.
		name: "double-deck: bidders need 20 counters", preset: "double-deck",
		end: handEnd{
			bidder: 1, bid: 50, trump: Hearts, meld: []int{20, 40, 5, 0},
			took: map[int]string{1: "A*12 10*7"}, rest: 0, last: 1,
		},
		made: false, saved: [2]bool{true, false}, delta: [2]int{54, -50},
	},
	{
		// Team 1's meld of 18 counts nothing: 34 counters < 50, set (18 + 34 would have
		// made it). Team 0 took 14 counters and the last trick: under 20 counters, its
		// meld of 30 is lost.
		name: "double-deck: team meld under 20 counts nothing", preset: "double-deck",
		end: handEnd{
			bidder: 1, bid: 50, trump: Hearts, meld: []int{20, 10, 10, 8},
			took: map[int]string{1: "A*16 10*16 K*2"}, rest: 0, last: 0,
		},
		made: false, saved: [2]bool{false, true}, delta: [2]int{0, -50},
	},
	{
		// Team 0 saves (24 counters) but its meld of 19 counts nothing.
		name: "double-deck: opponents' meld under 20", preset: "double-deck",
		end: handEnd{
			bidder: 1, bid: 50, trump: Hearts, meld: []int{19, 30, 0, 0},
			took: map[int]string{1: "A*16 10*8"}, rest: 0, last: 1,
		},
		made: true, saved: [2]bool{true, true}, delta: [2]int{24, 56},
	},
	{
		// Both pass 500: the bidders (team 1, 450 + 56 = 506) made their bid and win
		// against 490 + 24 = 514.
		name: "double-deck: bidders count first", preset: "double-deck",
		end: handEnd{
			bidder: 1, bid: 50, trump: Hearts, meld: []int{19, 30, 0, 0},
			took: map[int]string{1: "A*16 10*8"}, rest: 0, last: 1, scores: [2]int{490, 450},
		},
		made: true, saved: [2]bool{true, true}, delta: [2]int{24, 56}, over: true, winner: 1,
	},

	// six-handed: counters A 10 K = 1, last trick 1; each player keeps its meld and points
	// only if it took a counter or the last trick.
	{
		// Team 1: seat 1 (6 counters, meld 15) and seat 3 (12 counters, meld 8) keep;
		// seat 5 took nothing and loses its meld of 2: 23 + 18 = 41 >= 25. Team 0: seat 0
		// took a trick without counters and loses its meld of 4; seat 2 keeps 6 + 6; seat 4
		// took only the last trick and keeps 5 + 1: 18.
		name: "six-handed: each player saves its own meld", preset: "six-handed",
		end: handEnd{
			bidder: 1, bid: 25, trump: Clubs, meld: []int{4, 15, 6, 8, 5, 2},
			took: map[int]string{1: "A*4 10 10", 3: "A*4 10*4 K*4", 0: "J*4 Q Q"}, rest: 2, last: 4,
		},
		made: true, saved: [2]bool{true, true}, seatSaved: []bool{false, true, true, true, true, false},
		delta: [2]int{18, 41},
	},
	{
		name: "six-handed: set", preset: "six-handed",
		end: handEnd{
			bidder: 1, bid: 45, trump: Clubs, meld: []int{4, 15, 6, 8, 5, 2},
			took: map[int]string{1: "A*4 10 10", 3: "A*4 10*4 K*4", 0: "J*4 Q Q"}, rest: 2, last: 4,
		},
		made: false, saved: [2]bool{true, true}, seatSaved: []bool{false, true, true, true, true, false},
		delta: [2]int{18, -45},
	},
	{
		name: "six-handed: the fifth hand does not end the game", preset: "six-handed",
		end: handEnd{
			bidder: 1, bid: 25, trump: Clubs, meld: []int{4, 15, 6, 8, 5, 2},
			took: map[int]string{1: "A*4 10 10", 3: "A*4 10*4 K*4", 0: "J*4 Q Q"}, rest: 2, last: 4,
			handNo: 5, scores: [2]int{500, 0},
		},
		made: true, saved: [2]bool{true, true}, delta: [2]int{18, 41},
	},
	{
		name: "six-handed: after six hands the higher score wins", preset: "six-handed",
		end: handEnd{
			bidder: 1, bid: 25, trump: Clubs, meld: []int{4, 15, 6, 8, 5, 2},
			took: map[int]string{1: "A*4 10 10", 3: "A*4 10*4 K*4", 0: "J*4 Q Q"}, rest: 2, last: 4,
			handNo: 6, scores: [2]int{100, 90},
		},
		made: true, saved: [2]bool{true, true}, delta: [2]int{18, 41}, over: true, winner: 1,
	},
	{
		name: "six-handed: after six hands a tie is a draw", preset: "six-handed",
		end: handEnd{
			bidder: 1, bid: 25, trump: Clubs, meld: []int{4, 15, 6, 8, 5, 2},
			took: map[int]string{1: "A*4 10 10", 3: "A*4 10*4 K*4", 0: "J*4 Q Q"}, rest: 2, last: 4,
			handNo: 6, scores: [2]int{123, 100},
		},
		made: true, saved: [2]bool{true, true}, delta: [2]int{18, 41}, over: true, winner: -1,
	},
}

func TestScorePlayedHand(t *testing.T) {
	for _, tc := range scoreCases {
		t.Run(tc.name, func(t *testing.T) {
			g := testGame(t, tc.preset, tc.options...)
			res := tc.end.finish(t, g)
			if res.Outcome != OutcomePlayed || res.Bidder != tc.end.bidder || res.Bid != tc.end.bid {
				t.Errorf("result: outcome %s, bidder %d, bid %d", res.Outcome, res.Bidder, res.Bid)
			}
			if res.Made != tc.made || res.Saved != tc.saved || res.Delta != tc.delta {
				t.Errorf("made %v, saved %v, delta %v; want made %v, saved %v, delta %v",
					res.Made, res.Saved, res.Delta, tc.made, tc.saved, tc.delta)
			}
			if tc.seatSaved != nil && !slices.Equal(res.SeatSaved[:len(tc.seatSaved)], tc.seatSaved) {
				t.Errorf("seats saved %v, want %v", res.SeatSaved, tc.seatSaved)
			}
			want := [2]int{tc.end.scores[0] + tc.delta[0], tc.end.scores[1] + tc.delta[1]}
			if res.Scores != want || g.Scores() != want {
				t.Errorf("scores %v (game %v), want %v", res.Scores, g.Scores(), want)
			}
			if g.Over() != tc.over {
				t.Fatalf("over %v, want %v", g.Over(), tc.over)
			}
			if tc.over {
				if g.Winner() != tc.winner || g.Phase() != PhaseGameOver {
					t.Errorf("winner %d in phase %s, want %d", g.Winner(), g.Phase(), tc.winner)
				}
				mustReject(t, g, passAct(0), CodeGameOver, "the game is over")
				return
			}
			// The next hand is dealt by the next seat.
			if g.HandNumber() != res.Hand+1 || g.Dealer() != (res.Dealer+1)%g.rules.Players || g.Phase() != PhaseBidding {
				t.Errorf("next: hand %d, dealer %d, phase %s", g.HandNumber(), g.Dealer(), g.Phase())
			}
			// Trick points of the hand add up to the preset's total.
			total := 0
			for _, p := range res.SeatPoints {
				total += p
			}
			if total != trickTotals[tc.preset] {
				t.Errorf("trick points %v sum to %d, want %d", res.SeatPoints, total, trickTotals[tc.preset])
			}
		})
	}
}

// TestThrowIn checks the bidder's concession after meld, per preset (docs/rules.md, "throw in").
func TestThrowIn(t *testing.T) {
	cases := []struct {
		name    string
		preset  string
		options []string
		bid     int
		meld    []int // bidder is seat 1: team 1 is seats 1, 3 (5)
		choices []ActionKind
		msg     string // when the throw-in is refused
		delta   [2]int
	}{
		{
			// 100 + 250 = 350 < 360: hopeless, so allowed; the opponents score meld only.
			name: "racehorse: hopeless", preset: "racehorse", bid: 360, meld: []int{40, 100, 30, 0},
			choices: []ActionKind{ActPlayHand, ActThrowIn}, delta: [2]int{70, -360},
		},
		{
			name: "racehorse: set=opponents", preset: "racehorse", options: []string{"set=opponents"},
			bid: 360, meld: []int{40, 100, 30, 0},
			choices: []ActionKind{ActPlayHand, ActThrowIn}, delta: [2]int{70 + 360, 0},
		},
		{
			// 100 + 250 = 350 is not below 350: the hand must be played.
			name: "racehorse: not hopeless", preset: "racehorse", bid: 350, meld: []int{40, 100, 30, 0},
			choices: []ActionKind{ActPlayHand},
			msg:     "you may throw in only when your meld plus all 250 trick points cannot reach the bid",
		},
		{
			name: "classic: never", preset: "classic", bid: 600, meld: []int{40, 100, 30, 0},
			choices: []ActionKind{ActPlayHand}, msg: "this table does not allow throwing in",
		},
		{
			name: "partnership: any time", preset: "partnership", bid: 250, meld: []int{60, 200, 0, 0},
			choices: []ActionKind{ActPlayHand, ActThrowIn}, delta: [2]int{60, -250},
		},
		{
			name: "partnership: moon on offer", preset: "partnership", options: []string{"moon=on"}, bid: 250, meld: []int{60, 200, 0, 0},
			choices: []ActionKind{ActPlayHand, ActThrowIn, ActShootMoon}, delta: [2]int{60, -250},
		},
		{
			// Surrender: the opponents score their meld (25, at least 20) and 20.
			name: "double-deck: surrender", preset: "double-deck", bid: 55, meld: []int{15, 30, 10, 0},
			choices: []ActionKind{ActPlayHand, ActThrowIn}, delta: [2]int{25 + 20, -55},
		},
		{
			// The opponents' meld of 19 is under 20: they score the 20 only.
			name: "double-deck: surrender, opponents' meld under 20", preset: "double-deck", bid: 55, meld: []int{15, 30, 4, 0},
			choices: []ActionKind{ActPlayHand, ActThrowIn}, delta: [2]int{20, -55},
		},
		{
			name: "six-handed: opponents score meld only", preset: "six-handed", bid: 30, meld: []int{4, 20, 6, 0, 5, 3},
			choices: []ActionKind{ActPlayHand, ActThrowIn}, delta: [2]int{15, -30},
		},
	}
	for _, tc := range cases {
		g := testGame(t, tc.preset, tc.options...)
		setDecide(g, 1, tc.bid, Hearts, tc.meld)
		if got := g.DecideChoices(); !slices.Equal(got, tc.choices) {
			t.Errorf("%s: DecideChoices = %v, want %v", tc.name, got, tc.choices)
		}
		if v := g.View(1); !slices.Equal(v.DecideChoices(), tc.choices) {
			t.Errorf("%s: the bidder's view offers %v", tc.name, v.DecideChoices())
		}
		mustReject(t, g, throwInAct(0), CodeNotYourTurn, "it is seat 2's turn")
		if tc.msg != "" {
			mustReject(t, g, throwInAct(1), CodeNotAllowed, tc.msg)
			continue
		}
		v := g.View(1)
		ahead := v.ThrowInDelta()
		mustApply(t, g, throwInAct(1))
		res := g.Results()[0]
		if ahead != tc.delta {
			t.Errorf("%s: the view says a throw-in scores %v, want %v", tc.name, ahead, tc.delta)
		}
		if res.Outcome != OutcomeThrownIn || res.Made || res.Delta != tc.delta || g.Scores() != tc.delta {
			t.Errorf("%s: outcome %s, made %v, delta %v, scores %v; want thrown in, delta %v", tc.name, res.Outcome, res.Made, res.Delta, g.Scores(), tc.delta)
		}
		if g.HandNumber() != 2 || g.Phase() != PhaseBidding {
			t.Errorf("%s: after the throw-in: hand %d, phase %s", tc.name, g.HandNumber(), g.Phase())
		}
	}
}

// zeroMeldDeal is a racehorse deal where, with spades trump, only seat 2 melds: its two
// nines of spades (dix, 20). Passing the partner's nines of hearts and diamonds back and
// forth changes no meld.
var zeroMeldDeal = map[int]string{
	0: "AS AS AH AH AD AD 10S 10S 10H 10H 10D 10D",
	1: "AC AC 10C 10C KS KS KH KH JS JS JH JH",
	2: "KD KD KC KC QH QH JD JD JC JC 9S 9S",
	3: "QS QS QD QD QC QC 9H 9H 9D 9D 9C 9C",
}

// TestThrowInAfterMeld drives the decision through the state machine: meld is counted
// after passing and decides whether the bidder may, or must, throw in.
func TestThrowInAfterMeld(t *testing.T) {
	cases := []struct {
		preset string
		bid    int
		phase  Phase // after passing
		result bool  // the hand was thrown in by the rules
	}{
		{"racehorse", 250, PhasePlay, false},   // 0 + 250 reaches 250: play
		{"racehorse", 260, PhaseDecide, false}, // 0 + 250 < 260: throw-in offered
		{"partnership", 250, PhaseDecide, false},
		{"partnership", 260, PhaseBidding, true}, // hopeless: thrown in, next hand dealt
	}
	for _, tc := range cases {
		g := testGame(t, tc.preset)
		deal(t, g, zeroMeldDeal)
		if tc.preset == "partnership" {
			mustApply(t, g, passAct(0))
		}
		mustApply(t, g, bidAct(1, tc.bid), passAct(2), passAct(3))
		if tc.preset == "racehorse" {
			mustApply(t, g, passAct(0))
		}
		mustApply(t, g, trumpAct(1, Spades))
		nines := "9H 9H 9D"
		if g.rules.PassCount == 4 {
			nines += " 9D"
		}
		mustApply(t, g, giveAct(t, 3, nines), giveAct(t, 1, nines))
		if g.Phase() != tc.phase {
			t.Errorf("%s bid %d: phase %s, want %s", tc.preset, tc.bid, g.Phase(), tc.phase)
		}
		if !tc.result {
			if len(g.Results()) != 0 {
				t.Errorf("%s bid %d: hand ended", tc.preset, tc.bid)
			}
			if g.Phase() == PhaseDecide {
				mustApply(t, g, throwInAct(1))
			} else {
				continue
			}
		}
		res := g.Results()[0]
		if res.Outcome != OutcomeThrownIn || res.Delta != [2]int{20, -tc.bid} || res.SeatMeld != [MaxPlayers]int{0, 0, 20, 0} {
			t.Errorf("%s bid %d: outcome %s, delta %v, meld %v; want thrown in, [20 %d]", tc.preset, tc.bid, res.Outcome, res.Delta, res.SeatMeld, -tc.bid)
		}
		if res.Forced != tc.result {
			t.Errorf("%s bid %d: thrown in by the rules %v, want %v", tc.preset, tc.bid, res.Forced, tc.result)
		}
	}
}

// ddBoardSetDeal is a double-deck deal where seat 0 (the dealer) holds no marriage. With no
// trump, seat 3 melds four marriages in spades (8) and a double pinochle (30): 38; seat 2
// melds marriages in diamonds ×2 (4) and clubs ×4 (8): 12; seats 0 and 1 meld nothing.
var ddBoardSetDeal = map[int]string{
	0: "AS AS AS AS AH AH AH AH 10S 10S 10S 10S 10H 10H 10H 10H JS JS JS JS",
	1: "AD AD AD AD AC AC AC AC 10D 10D 10D 10D 10C 10C 10C 10C JH JH JH JH",
	2: "KD KD KD KD KC KC KC KC QH QH QH QH QC QC QC QC JD JD QD QD",
	3: "KS KS KS KS QS QS QS QS JD JD JC JC JC JC KH KH KH KH QD QD",
}

// TestBoardSet checks double-deck's board set: nobody bids, the dealer is stuck at 50
// without a marriage: the hand ends, the bidders lose 50, the opponents score their meld
// if it reaches 20, and nobody scores trick points.
func TestBoardSet(t *testing.T) {
	for _, tc := range []struct {
		name  string
		swap  bool // seats 2 and 3 swap hands: the opponents then meld 12
		delta [2]int
	}{
		{"opponents meld 38", false, [2]int{-50, 38}},
		{"opponents meld 12, under 20", true, [2]int{-50, 0}},
	} {
		g := testGame(t, "double-deck")
		hands := map[int]string{0: ddBoardSetDeal[0], 1: ddBoardSetDeal[1], 2: ddBoardSetDeal[2], 3: ddBoardSetDeal[3]}
		if tc.swap {
			hands[2], hands[3] = hands[3], hands[2]
		}
		deal(t, g, hands)
		mustApply(t, g, passAct(1), passAct(2), passAct(3))
		if len(g.Results()) != 1 {
			t.Fatalf("%s: no board set; phase %s", tc.name, g.Phase())
		}
		res := g.Results()[0]
		if res.Outcome != OutcomeBoardSet || res.Bidder != 0 || res.Bid != 50 || res.Trump != NoSuit {
			t.Errorf("%s: outcome %s, bidder %d, bid %d, trump %s", tc.name, res.Outcome, res.Bidder, res.Bid, res.Trump)
		}
		if res.Delta != tc.delta || res.Tricks != [2]int{} {
			t.Errorf("%s: delta %v, tricks %v; want %v and no trick points", tc.name, res.Delta, res.Tricks, tc.delta)
		}
		if g.HandNumber() != 2 || g.Dealer() != 1 || g.Phase() != PhaseBidding {
			t.Errorf("%s: next: hand %d, dealer %d, phase %s", tc.name, g.HandNumber(), g.Dealer(), g.Phase())
		}
	}
}

// TestInstantWin checks double-deck's quadruple run: the bidder holds every A 10 K Q J of
// spades, names spades, and wins the game when meld is shown.
func TestInstantWin(t *testing.T) {
	g := testGame(t, "double-deck")
	deal(t, g, map[int]string{2: "AS AS AS AS 10S 10S 10S 10S KS KS KS KS QS QS QS QS JS JS JS JS"})
	mustApply(t, g, passAct(1), bidAct(2, 50), passAct(3), passAct(0))
	if g.Bidder() != 2 || g.TrumpChoices() != 1<<Spades {
		t.Fatalf("bidder %d, trump choices %04b", g.Bidder(), g.TrumpChoices())
	}
	mustApply(t, g, trumpAct(2, Spades))
	if !g.Over() || g.Winner() != 0 || g.Phase() != PhaseGameOver {
		t.Fatalf("over %v, winner %d, phase %s; want team 0 to win", g.Over(), g.Winner(), g.Phase())
	}
	res := g.Results()[0]
	if res.Outcome != OutcomeInstantWin || !res.WinsGame || !res.Made {
		t.Errorf("result %+v", res)
	}
	if m, _ := g.Meld(2); !m.WinsGame {
		t.Errorf("the bidder's meld does not win the game: %+v", m)
	}
}

// TestMoonThroughPlay shoots the moon with every trump in the bidder's hand: the partnership
// bidder leads its twelve spades and takes every trick.
func TestMoonThroughPlay(t *testing.T) {
	g := testGame(t, "partnership", "moon=on", "pass=0")
	deal(t, g, map[int]string{1: "AS AS 10S 10S KS KS QS QS JS JS 9S 9S"})
	mustApply(t, g, passAct(0), bidAct(1, 250), passAct(2), passAct(3), trumpAct(1, Spades))
	if !slices.Contains(g.DecideChoices(), ActShootMoon) {
		t.Fatalf("moon not offered: %v", g.DecideChoices())
	}
	mustApply(t, g, moonAct(1))
	mustReject(t, g, moonAct(1), CodeWrongStep, "the table is playing tricks")
	for !g.Over() && g.HandNumber() == 1 {
		seat := g.Turn()
		mustApply(t, g, Action{Seat: seat, Kind: ActPlayCard, Card: g.LegalCards(seat).Cards()[0]})
	}
	res := g.Results()[0]
	// Seat 1 melds a double run (1500) and two dix (20); it takes all 250 in tricks.
	if !g.Over() || g.Winner() != 1 || !res.Moon || !res.Made || !res.WinsGame || res.Delta[1] != 1500+20+250+res.SeatMeld[3] {
		t.Errorf("over %v, winner %d, result %+v", g.Over(), g.Winner(), res)
	}
}

// TestMoonOption checks that shooting the moon is refused unless the table plays it.
func TestMoonOption(t *testing.T) {
	g := testGame(t, "partnership")
	setDecide(g, 1, 250, Hearts, []int{0, 100, 0, 0})
	mustReject(t, g, moonAct(1), CodeNotAllowed, "this table does not play shoot the moon")
}

// TestTrickTotals plays random hands and checks that the trick points of each played hand
// add up to the total docs/rules.md gives: 250 in tens (under every counter scheme), 50 in
// double-deck, 25 in six-handed.
func TestTrickTotals(t *testing.T) {
	cases := []struct {
		preset  string
		options []string
		total   int
	}{
		{"racehorse", nil, 250},
		{"racehorse", []string{"counters=fives"}, 250},
		{"racehorse", []string{"counters=eleven"}, 250},
		{"racehorse", []string{"counters=AK-QJ"}, 250},
		{"classic", nil, 250},
		{"classic", []string{"counters=A10K"}, 250},
		{"partnership", nil, 250},
		{"partnership", []string{"counters=fives"}, 250},
		{"double-deck", nil, 50},
		{"six-handed", nil, 25},
	}
	for _, tc := range cases {
		r := testRules(t, tc.preset, append([]string{"hands=8"}, tc.options...)...)
		if r.TrickTotal() != tc.total {
			t.Errorf("%s %v: TrickTotal = %d, want %d", tc.preset, tc.options, r.TrickTotal(), tc.total)
		}
		played := 0
		for seed := uint64(1); seed <= 5; seed++ {
			g, err := NewGame(r, seed)
			if err != nil {
				t.Fatal(err)
			}
			rng := newRand(seed)
			for !g.Over() {
				mustApply(t, g, randomAction(g, actingSeat(g, rng), rng))
			}
			for _, res := range g.Results() {
				if res.Outcome != OutcomePlayed {
					continue
				}
				played++
				sum := 0
				for _, p := range res.SeatPoints {
					sum += p
				}
				if sum != tc.total || res.Tricks[0]+res.Tricks[1] > tc.total {
					t.Errorf("%s %v seed %d hand %d: seat points %v sum to %d, want %d", tc.preset, tc.options, seed, res.Hand, res.SeatPoints, sum, tc.total)
				}
			}
		}
		if played == 0 {
			t.Errorf("%s %v: no hand was played out", tc.preset, tc.options)
		}
	}
}

func TestTricksNeeded(t *testing.T) {
	cases := []struct {
		preset    string
		bid, meld int
		need      int
	}{
		{"racehorse", 300, 120, 180},
		{"racehorse", 300, 0, 300},
		{"racehorse", 300, 300, 0},
		{"racehorse", 300, 420, 0}, // meld past the bid needs nothing, not less
		{"double-deck", 60, 25, 35},
		{"double-deck", 60, 20, 40}, // the team minimum counts
		{"double-deck", 60, 19, 60}, // below it the meld counts nothing
		{"six-handed", 24, 2, 22},
	}
	for _, tc := range cases {
		r := testRules(t, tc.preset)
		if got := r.TricksNeeded(tc.bid, tc.meld); got != tc.need {
			t.Errorf("%s: TricksNeeded(%d, %d) = %d, want %d", tc.preset, tc.bid, tc.meld, got, tc.need)
		}
	}
}

// TestBiddersNeed follows what the bidders still need through meld and a trick, as every
// seat sees it.
func TestBiddersNeed(t *testing.T) {
	g := testGame(t, "racehorse")
	v := g.View(0)
	if _, ok := v.BiddersNeed(); ok {
		t.Error("BiddersNeed before meld is shown")
	}
	setDecide(g, 1, 300, Spades, []int{40, 100, 0, 60})
	for seat := range 4 {
		v := g.View(seat)
		if need, ok := v.BiddersNeed(); !ok || need != 140 {
			t.Errorf("seat %d at the decision: BiddersNeed = %d, %v; want 140 (300 - 100 - 60)", seat, need, ok)
		}
	}
	setPlay(t, g, 1, 300, Spades, 1, map[int]string{0: "9S 9H", 1: "AS AH", 2: "KS KH", 3: "10S 10H"})
	mustApply(t, g, playAct(t, 1, "AS"), playAct(t, 2, "KS"), playAct(t, 3, "10S"), playAct(t, 0, "9S"))
	for seat := range 4 {
		v := g.View(seat)
		if need, ok := v.BiddersNeed(); !ok || need != 110 {
			t.Errorf("seat %d after a trick of 30: BiddersNeed = %d, %v; want 110", seat, need, ok)
		}
	}

	g = testGame(t, "double-deck")
	setDecide(g, 1, 60, Spades, []int{30, 12, 0, 6})
	v = g.View(2)
	if need, ok := v.BiddersNeed(); !ok || need != 60 {
		t.Errorf("double-deck, team meld 18 below the minimum 20: BiddersNeed = %d, %v; want 60", need, ok)
	}
}
