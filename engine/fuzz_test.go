package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// gameConfigs are the tables the random games are played at: every preset as it comes, and
// options that change how a game runs.
var gameConfigs = []struct {
	preset  string
	options []string
}{
	{"racehorse", nil},
	{"classic", nil},
	{"partnership", nil},
	{"double-deck", nil},
	{"six-handed", nil},
	{"racehorse", []string{"counters=eleven", "set=opponents", "royal=nothing"}},
	{"racehorse", []string{"minbid=200", "throwin=any"}},
	{"classic", []string{"floor=300", "counters=fives"}},
	{"partnership", []string{"moon=on", "pass=3"}},
	{"partnership", []string{"pass=0", "throwin=never", "counters=AK-QJ"}},
	{"double-deck", []string{"target=250"}},
	{"double-deck", []string{"pass=2"}},
	{"six-handed", []string{"pass=0", "throwin=never"}},
	{"two-handed", nil},
	{"two-handed", []string{"target=500", "counters=eleven"}},
	{"two-handed", []string{"declare=on", "target=400"}},
	{"three-handed", nil},
	{"three-handed", []string{"set=double", "throwin=never", "counters=fives"}},
}

// configRules returns the rules of config i (taken modulo the number of configs), played
// for the given number of hands at most.
func configRules(tb testing.TB, i, hands int) Rules {
	tb.Helper()
	c := gameConfigs[i%len(gameConfigs)]
	return testRules(tb, c.preset, append(slices.Clone(c.options), fmt.Sprintf("hands=%d", hands))...)
}

// playChecked plays a whole game with random legal actions (and, now and then, a random
// action that is likely illegal) and checks after every action that every card is in
// exactly one place, after every hand that its score adds up, and at the end that replaying
// the log rebuilds the same game and, when roundTrip is set, that the game's JSON reads
// back to the same JSON.
func playChecked(t testing.TB, r Rules, seed, playerSeed uint64, roundTrip bool) {
	t.Helper()
	g, err := NewGame(r, seed)
	if err != nil {
		t.Fatalf("NewGame: %v", err)
	}
	rng := newRand(playerSeed)
	checkCards(t, g)
	for steps := 0; !g.Over(); steps++ {
		if steps > 20000 {
			t.Fatalf("the game does not end: phase %s after %d actions", g.Phase(), steps)
		}
		if rng.IntN(8) == 0 {
			tryRandomAction(t, g, rng)
			checkCards(t, g)
			if g.Over() {
				break
			}
		}
		seat := actingSeat(g, rng)
		if seat < 0 || !g.Waiting(seat) {
			t.Fatalf("nobody may act in phase %s (turn %d)", g.Phase(), g.Turn())
		}
		a := randomAction(g, seat, rng)
		n := len(g.Results())
		if err := g.Apply(a); err != nil {
			t.Fatalf("%s (phase %s) refused: %v", a, g.Phase(), err)
		}
		if steps%4 == 0 {
			checkActionJSON(t, a)
		}
		checkCards(t, g)
		checkKeptView(t, g)
		if len(g.Results()) > n {
			checkResult(t, g, n)
		}
	}
	lastSide := 1 // the winner is a team, or in a solo game a seat
	if r.Solo {
		lastSide = r.Players - 1
	}
	if g.Phase() != PhaseGameOver || g.Turn() != -1 || g.Winner() < -1 || g.Winner() > lastSide {
		t.Fatalf("game over in phase %s, turn %d, winner %d", g.Phase(), g.Turn(), g.Winner())
	}
	for s := range r.Players {
		if g.Waiting(s) {
			t.Fatalf("seat %d waits after the game", s)
		}
	}
	last := g.Results()[len(g.Results())-1]
	if last.Scores != g.Scores() {
		t.Fatalf("final scores %v, last hand's %v", g.Scores(), last.Scores)
	}
	text := gameJSON(t, g)
	replayed, err := Replay(r, seed, g.Log())
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	if again := gameJSON(t, replayed); again != text {
		t.Fatalf("the replayed game differs:\n%s\n%s", text, again)
	}
	if !roundTrip {
		return
	}
	var back Game
	if err := json.Unmarshal([]byte(text), &back); err != nil {
		t.Fatalf("unmarshal the game: %v", err)
	}
	if again := gameJSON(t, &back); again != text {
		t.Fatalf("the game read back differs:\n%s\n%s", text, again)
	}
}

// tryRandomAction applies an action made of random parts. If the engine refuses it, the
// error is a *RuleError and nothing changed; if it accepts it, the action was one the
// engine offers.
func tryRandomAction(t testing.TB, g *Game, rng *rand.Rand) {
	t.Helper()
	p := g.rules.Players
	a := Action{
		Seat: rng.IntN(p+2) - 1,
		Kind: ActionKind(rng.IntN(int(ActPlayCard) + 2)),
		Bid:  rng.IntN(g.MinNextBid()*2 + 10),
		Suit: Suit(rng.IntN(5)),
		Card: Card(rng.IntN(NumKinds + 1)),
	}
	if g.Waiting(a.Seat) && rng.IntN(2) == 0 {
		h := g.Hand(a.Seat)
		for range rng.IntN(5) {
			if cs := h.Cards(); len(cs) > 0 {
				a.Cards = append(a.Cards, cs[rng.IntN(len(cs))])
			}
		}
	}
	legal := g.LegalCards(a.Seat)
	seatOK := a.Seat >= 0 && a.Seat < p
	var hand Hand
	if seatOK {
		hand = g.Hand(a.Seat)
	}
	before, logLen := snapshotState(g), g.LogLen()
	err := g.Apply(a)
	if err != nil {
		var re *RuleError
		if !errors.As(err, &re) || re.Msg == "" {
			t.Fatalf("%s: error %v is not a *RuleError with a message", a, err)
		}
		if !reflect.DeepEqual(g.st, before) || g.LogLen() != logLen {
			t.Fatalf("%s was refused (%v) but changed the game", a, err)
		}
		return
	}
	if !seatOK {
		t.Fatalf("%s by a seat not at the table was accepted", a)
	}
	switch a.Kind {
	case ActPlayCard:
		if !legal.Has(a.Card) {
			t.Fatalf("%s accepted; legal cards were %s", a, symbols(legal))
		}
	case ActPassCards:
		give := HandOf(a.Cards...)
		if !hand.Contains(&give) {
			t.Fatalf("%s accepted from hand %s", a, hand)
		}
	}
}

// checkKeptView checks that the spectator's view the game keeps, brought up to date only
// in part after some actions, is the one a full sync makes.
func checkKeptView(t testing.TB, g *Game) {
	t.Helper()
	kept := g.pub
	g.sync()
	if !reflect.DeepEqual(kept, g.pub) {
		t.Fatalf("after action %d (phase %s) the kept view is stale:\nkept %+v\nfull %+v", g.LogLen(), g.Phase(), kept, g.pub)
	}
}

// snapshotState returns a deep copy of the game's state.
func snapshotState(g *Game) state {
	st := g.st
	st.Bids = slices.Clone(st.Bids)
	st.Plays = slices.Clone(st.Plays)
	st.Results = slices.Clone(st.Results)
	return st
}

// checkActionJSON checks that an applied action survives its JSON form.
func checkActionJSON(t testing.TB, a Action) {
	t.Helper()
	b, err := json.Marshal(a)
	if err != nil {
		t.Fatalf("marshal %s: %v", a, err)
	}
	var back Action
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("unmarshal %s: %v", b, err)
	}
	want := Action{Seat: a.Seat, Kind: a.Kind, Cards: a.Cards}
	switch a.Kind {
	case ActBid:
		want.Bid = a.Bid
	case ActTrump:
		want.Suit = a.Suit
	case ActPlayCard:
		want.Card = a.Card
	}
	if len(want.Cards) == 0 {
		want.Cards = nil
	}
	if !reflect.DeepEqual(back, want) {
		t.Fatalf("%s: JSON %s reads back as %+v", a, b, back)
	}
}

// checkResult checks the hand just recorded: its trick points add up to the preset's
// total, its score follows "made: meld and tricks added; set: the bid subtracted (or given
// to the opponents)", and the game's scores add its change.
func checkResult(t testing.TB, g *Game, i int) {
	t.Helper()
	r := &g.rules
	res := g.Results()[i]
	prev := [2]int{}
	if i > 0 {
		prev = g.Results()[i-1].Scores
	}
	if res.Hand != i+1 || res.Dealer != i%r.Players {
		t.Fatalf("hand %d dealt by %d, want hand %d dealt by %d", res.Hand, res.Dealer, i+1, i%r.Players)
	}
	if res.Scores != [2]int{prev[0] + res.Delta[0], prev[1] + res.Delta[1]} {
		t.Fatalf("hand %d: scores %v from %v with delta %v", res.Hand, res.Scores, prev, res.Delta)
	}
	sum := 0
	for _, p := range res.SeatPoints {
		sum += p
	}
	if r.Stock {
		// Two-handed: no auction; each player adds the meld it laid and its trick points.
		declared := res.Outcome == OutcomeDeclaredOut
		if declared && (!res.WinsGame || !g.Over() || i != len(g.Results())-1) {
			t.Fatalf("hand %d: declared out, but the game goes on", res.Hand)
		}
		if res.Bidder != -1 || (res.Outcome != OutcomePlayed && !declared) || (sum != trickTotals[r.Preset] && !declared) {
			t.Fatalf("hand %d: bidder %d, %s, trick points %v", res.Hand, res.Bidder, res.Outcome, res.SeatPoints)
		}
		for s := range 2 {
			if res.Delta[s] != res.SeatMeld[s]+res.SeatPoints[s] || res.Meld[s] != res.SeatMeld[s] || res.Tricks[s] != res.SeatPoints[s] {
				t.Fatalf("hand %d: seat %d meld %d tricks %d, delta %v", res.Hand, s, res.SeatMeld[s], res.SeatPoints[s], res.Delta)
			}
		}
		return
	}
	if r.Solo {
		checkSoloResult(t, g, i, sum)
		return
	}
	bt := r.TeamOf(res.Bidder)
	ot := 1 - bt
	set := 0
	if !res.Made && res.Outcome != OutcomeInstantWin {
		set = res.Bid
	}
	giveSet, takeSet := 0, set
	if r.SetGivesOpponents {
		giveSet, takeSet = set, 0
	}
	switch res.Outcome {
	case OutcomePlayed:
		if sum != trickTotals[r.Preset] {
			t.Fatalf("hand %d: trick points %v sum to %d, want %d", res.Hand, res.SeatPoints, sum, trickTotals[r.Preset])
		}
		for team := range 2 {
			if r.Save != SavePerPlayer && !res.Saved[team] && (res.Meld[team] != 0 || res.Tricks[team] != 0) {
				t.Fatalf("hand %d: team %d did not save but scores meld %d and tricks %d", res.Hand, team, res.Meld[team], res.Tricks[team])
			}
		}
		wantBT := res.Meld[bt] + res.Tricks[bt]
		if !res.Made {
			wantBT = -takeSet
		}
		if res.Delta[bt] != wantBT || res.Delta[ot] != res.Meld[ot]+res.Tricks[ot]+giveSet {
			t.Fatalf("hand %d: made %v, meld %v, tricks %v, bid %d: delta %v", res.Hand, res.Made, res.Meld, res.Tricks, res.Bid, res.Delta)
		}
		if res.Made && !res.Moon && res.Meld[bt]+res.Tricks[bt] < res.Bid {
			t.Fatalf("hand %d: made with %d + %d below the bid %d", res.Hand, res.Meld[bt], res.Tricks[bt], res.Bid)
		}
	case OutcomeThrownIn, OutcomeBoardSet:
		if sum != 0 || res.Made {
			t.Fatalf("hand %d (%s): trick points %v, made %v", res.Hand, res.Outcome, res.SeatPoints, res.Made)
		}
		if res.Delta[bt] != -takeSet || res.Delta[ot] != res.Meld[ot]+res.Tricks[ot]+giveSet {
			t.Fatalf("hand %d (%s): meld %v, tricks %v, bid %d: delta %v", res.Hand, res.Outcome, res.Meld, res.Tricks, res.Bid, res.Delta)
		}
	case OutcomeInstantWin:
		if !res.WinsGame || !g.Over() {
			t.Fatalf("hand %d: instant win does not end the game", res.Hand)
		}
	}
}

// FuzzGame plays random games: the seed deals, config picks a table (gameConfigs) and
// player drives the random choices and bounds the number of hands.
func FuzzGame(f *testing.F) {
	for i := range gameConfigs {
		f.Add(uint64(i+1), uint8(i), uint64(i*7+3))
	}
	f.Fuzz(func(t *testing.T, seed uint64, config uint8, player uint64) {
		playChecked(t, configRules(t, int(config), 1+int(player%6)), seed, player, true)
	})
}

// TestRandomGames checks the properties of FuzzGame, so that a plain go test runs them: 300
// seeds for each preset as it comes, 60 for each table with options (a fifth of them under
// the race detector, a tenth with -short).
func TestRandomGames(t *testing.T) {
	for i, c := range gameConfigs {
		seeds := 300
		if len(c.options) > 0 {
			seeds = 60
		}
		if raceEnabled {
			seeds /= 5
		}
		if testing.Short() {
			seeds /= 10
		}
		t.Run(fmt.Sprintf("%s%v", c.preset, c.options), func(t *testing.T) {
			t.Parallel()
			for s := range seeds {
				seed := uint64(s)*0x9E3779B97F4A7C15 + uint64(i)
				playChecked(t, configRules(t, i, 1+s%6), seed, uint64(s), s%4 == 0)
			}
		})
	}
}

// checkSoloResult checks a three-handed hand: the trick points with the buried counters add
// up to the hand's total when it was played; the bidder made it by its meld and tricks or
// lost its bid (twice, set=double and played); each defender adds its meld and, played, its
// tricks; and every score adds its change.
func checkSoloResult(t testing.TB, g *Game, i, sum int) {
	t.Helper()
	r := &g.rules
	res := g.Results()[i]
	var prev [MaxPlayers]int
	if i > 0 {
		prev = g.Results()[i-1].SeatScores
	}
	b := res.Bidder
	switch res.Outcome {
	case OutcomePlayed:
		if sum != trickTotals[r.Preset] && r.Counters == CountersA10K {
			t.Fatalf("hand %d: trick points %v sum to %d", res.Hand, res.SeatPoints[:3], sum)
		}
		total := res.SeatMeld[b] + res.SeatPoints[b]
		want := total
		if total < res.Bid {
			want = -res.Bid
			if r.DoubleSet {
				want = -2 * res.Bid
			}
		}
		if res.Made != (total >= res.Bid) || res.SeatDelta[b] != want {
			t.Fatalf("hand %d: bidder %d bid %d, meld %d tricks %d: made %v, delta %d", res.Hand, b, res.Bid, res.SeatMeld[b], res.SeatPoints[b], res.Made, res.SeatDelta[b])
		}
	case OutcomeThrownIn:
		if sum != 0 || res.SeatDelta[b] != -res.Bid || res.Made {
			t.Fatalf("hand %d thrown in: points %v, bidder's delta %d", res.Hand, res.SeatPoints[:3], res.SeatDelta[b])
		}
	default:
		t.Fatalf("hand %d: outcome %s", res.Hand, res.Outcome)
	}
	for s := range r.Players {
		if s != b && res.SeatDelta[s] != res.SeatMeld[s]+res.SeatPoints[s] {
			t.Fatalf("hand %d: defender %d meld %d tricks %d, delta %d", res.Hand, s, res.SeatMeld[s], res.SeatPoints[s], res.SeatDelta[s])
		}
		if res.SeatScores[s] != prev[s]+res.SeatDelta[s] {
			t.Fatalf("hand %d: seat %d's score %d from %d with %d", res.Hand, s, res.SeatScores[s], prev[s], res.SeatDelta[s])
		}
	}
	if res.Scores != [2]int{} || res.Delta != [2]int{} {
		t.Fatalf("hand %d: team scores %v, delta %v in a solo game", res.Hand, res.Scores, res.Delta)
	}
}
