package duel

import (
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
)

func rules(tb testing.TB, preset string) engine.Rules {
	tb.Helper()
	r, err := engine.NewRules(preset, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return r
}

// TestSelfDuelIsZero: a player against itself on duplicate deals gives exactly zero, in
// every preset: each deal is played the same way twice with the teams swapped.
func TestSelfDuelIsZero(t *testing.T) {
	for _, preset := range engine.PresetNames() {
		for _, level := range []string{"random", "baseline", "normal"} {
			r := rules(t, preset)
			deals := 3
			if r.Solo {
				deals = 2 // each played six times
			}
			rep, err := Run(Config{Rules: r, A: level, B: level, Deals: deals, Seed: 3, SeedA: 9, SeedB: 9})
			if err != nil {
				t.Fatal(err)
			}
			for i, d := range rep.Diffs {
				if d != 0 {
					t.Fatalf("%s, %s against itself: deal %d differs by %v", preset, level, i, d)
				}
			}
			if rep.Mean != 0 || rep.Low != 0 || rep.High != 0 {
				t.Errorf("%s, %s: mean %v (%v to %v), want exactly 0", preset, level, rep.Mean, rep.Low, rep.High)
			}
			// Each deal is played twice, a side on one team each time; three-handed's six
			// plays seat a side alone three times and twice over three times: 9 hands.
			hands := deals * 2
			if r.Solo {
				hands = deals * 9
			}
			if rep.A.Hands != hands || rep.B.Hands != hands || rep.A.BidsWon != rep.B.BidsWon {
				t.Errorf("%s, %s: sides %+v and %+v", preset, level, rep.A, rep.B)
			}
		}
	}
}

// TestDuelSeesADifference: the harness tells a sensible player from a random one: the
// baseline beats random play with an interval above zero, in a team preset and in
// three-handed, and swapping the sides negates the figure.
func TestDuelSeesADifference(t *testing.T) {
	for _, c := range []struct {
		preset string
		deals  int
	}{{"racehorse", 60}, {"three-handed", 30}} {
		rep, err := Run(Config{Rules: rules(t, c.preset), A: "baseline", B: "random", Deals: c.deals, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Low <= 0 {
			t.Errorf("%s, baseline against random: %+.1f (%+.1f to %+.1f), want an interval above zero", c.preset, rep.Mean, rep.Low, rep.High)
		}
		swapped, err := Run(Config{Rules: rules(t, c.preset), A: "random", B: "baseline", Deals: c.deals, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(swapped.Mean+rep.Mean) > 1e-9 {
			t.Errorf("%s: swapping the sides gives %v, want %v", c.preset, swapped.Mean, -rep.Mean)
		}
	}
}

// TestMeanInterval checks the interval against figures worked by hand.
func TestMeanInterval(t *testing.T) {
	mean, low, high := meanInterval([]float64{1, 2, 3, 4})
	// sd = sqrt(5/3) = 1.29099, se = 0.645497, half = 1.26517
	if mean != 2.5 || math.Abs(low-1.23483) > 1e-4 || math.Abs(high-3.76517) > 1e-4 {
		t.Errorf("got %v (%v, %v)", mean, low, high)
	}
}

// TestRunRejects checks the config errors.
func TestRunRejects(t *testing.T) {
	if _, err := Run(Config{Rules: rules(t, "racehorse"), A: "expert", B: "baseline", Deals: 0}); err == nil {
		t.Error("zero deals accepted")
	}
	if _, err := Run(Config{Rules: rules(t, "racehorse"), A: "wizard", B: "baseline", Deals: 1}); err == nil {
		t.Error("unknown level accepted")
	}
}

// TestWorkersDoNotChangeTheReport: deals played at once on several goroutines give the
// same report as deals played one after the other.
func TestWorkersDoNotChangeTheReport(t *testing.T) {
	cfg := Config{Rules: rules(t, "racehorse"), A: "baseline", B: "random", Deals: 24, Seed: 5, SeedB: 2}
	one, err := Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, workers := range []int{1, 3} {
		cfg.Workers = workers
		rep, err := Run(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(rep, one) {
			t.Errorf("%d workers: %+v\nwant %+v", workers, rep, one)
		}
	}
}

// TestWorkersReportTheLowestFailedDeal: a player that fails stops the duel with the deal
// it failed in, the same whatever the number of workers.
func TestWorkersReportTheLowestFailedDeal(t *testing.T) {
	for _, workers := range []int{1, 3} {
		_, err := Run(Config{Rules: rules(t, "racehorse"), A: "bad", B: "baseline", Deals: 40, Seed: 1, Workers: workers,
			MakeA: func(seed uint64) (computer.Player, error) { return illegal{}, nil }})
		if err == nil || !strings.HasPrefix(err.Error(), "duel: deal 0: seat ") || !strings.Contains(err.Error(), "(bad) chose") {
			t.Errorf("%d workers: error %v, want deal 0's", workers, err)
		}
	}
}

// illegal is a player that plays a card in the auction.
type illegal struct{}

func (illegal) Choose(v engine.View) engine.Action {
	return engine.Action{Seat: v.Seat(), Kind: engine.ActPlayCard, Card: 0}
}

// bid, pass and forced write the entries of an auction in the tables of TestOverPartner
// and TestByRaise.
func bid(seat, amount int) engine.Bid    { return engine.Bid{Seat: seat, Amount: amount} }
func pass(seat int) engine.Bid           { return engine.Bid{Seat: seat} }
func forced(seat, amount int) engine.Bid { return engine.Bid{Seat: seat, Amount: amount, Forced: true} }

// TestOverPartner: a contract is bid over a partner when a seat bids while its teammate
// holds the auction with a bid of its own choice, never over an opponent, itself or a
// forced bid.
func TestOverPartner(t *testing.T) {
	r := rules(t, "racehorse") // seats 0 and 2 play against 1 and 3
	for _, c := range []struct {
		name    string
		auction []engine.Bid
		team    int
		want    bool
	}{
		{"partner raised over a pass", []engine.Bid{bid(0, 250), pass(1), bid(2, 260), pass(3), pass(0)}, 0, true},
		{"the other team is not", []engine.Bid{bid(0, 250), pass(1), bid(2, 260), pass(3), pass(0)}, 1, false},
		{"over an opponent", []engine.Bid{bid(0, 250), bid(1, 260), bid(2, 270), pass(3), pass(0), pass(1)}, 0, false},
		{"its own bid, then over an opponent", []engine.Bid{bid(0, 250), bid(1, 260), pass(2), pass(3), bid(0, 270), pass(1)}, 0, false},
		{"over a forced opening", []engine.Bid{forced(0, 150), pass(1), bid(2, 160), pass(3), pass(0)}, 0, false},
		{"a forced bid over a partner", []engine.Bid{bid(0, 250), pass(1), forced(2, 250)}, 0, false},
		{"no bids", []engine.Bid{pass(0), pass(1), pass(2)}, 0, false},
	} {
		if got := overPartner(&r, c.auction, c.team); got != c.want {
			t.Errorf("%s: overPartner = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestByRaise: a contract is won by a raise when the winning bid itself was made over a
// partner's bid of its own choice, not when a raise came earlier in the auction.
func TestByRaise(t *testing.T) {
	r := rules(t, "racehorse") // seats 0 and 2 play against 1 and 3
	for _, c := range []struct {
		name           string
		auction        []engine.Bid
		bidder, amount int
		want           bool
	}{
		{"the raise wins", []engine.Bid{bid(0, 250), pass(1), bid(2, 260), pass(3), pass(0)}, 2, 260, true},
		{"a raise, then over an opponent", []engine.Bid{bid(0, 250), pass(1), bid(2, 260), bid(3, 270), pass(0), bid(2, 280), pass(3)}, 2, 280, false},
		{"the partner bids again over the raise", []engine.Bid{bid(0, 250), pass(1), bid(2, 260), pass(3), bid(0, 270), pass(2)}, 0, 270, true},
		{"over an opponent", []engine.Bid{bid(0, 250), bid(1, 260), bid(2, 270), pass(3), pass(0), pass(1)}, 2, 270, false},
		{"over a forced opening", []engine.Bid{forced(0, 150), pass(1), bid(2, 160), pass(3), pass(0)}, 2, 160, false},
		{"a forced bid over a partner", []engine.Bid{bid(0, 250), pass(1), forced(2, 250)}, 2, 250, false},
	} {
		if got := byRaise(&r, c.auction, c.bidder, c.amount); got != c.want {
			t.Errorf("%s: byRaise = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestThrowInsAreCounted: a side that bids everything and concedes every hand it may
// has its throw-ins counted apart from the hands it played and lost, and its bids and meld
// added up.
func TestThrowInsAreCounted(t *testing.T) {
	rep, err := Run(Config{Rules: rules(t, "double-deck"), A: "thrower", B: "baseline", Deals: 20, Seed: 4,
		MakeA: func(seed uint64) (computer.Player, error) {
			p, err := computer.New("baseline", seed)
			return thrower{p}, err
		}})
	if err != nil {
		t.Fatal(err)
	}
	a := rep.A
	if a.BidsWon == 0 || a.ThrownIn == 0 || a.Set != a.BidsWon || a.ThrownIn > a.Set {
		t.Fatalf("side A %+v: want every bid lost, most thrown in", a)
	}
	if a.PlayedSetShare() != float64(a.Set-a.ThrownIn)/float64(a.BidsWon) || a.ThrowInShare()+a.PlayedSetShare() != a.SetShare() {
		t.Errorf("shares %v + %v, set share %v", a.ThrowInShare(), a.PlayedSetShare(), a.SetShare())
	}
	if a.MeanBid() < 50 || a.BidTotal < 50*a.BidsWon || a.MeanOverMeld() != float64(a.BidTotal-a.BidMeldTotal)/float64(a.BidsWon) {
		t.Errorf("bids %d over %d contracts with meld %d", a.BidTotal, a.BidsWon, a.BidMeldTotal)
	}
	if a.OverPartner == 0 || a.OverPartnerLost != a.OverPartner || a.OverPartnerThrownIn == 0 || a.OverPartnerThrownIn > a.ThrownIn {
		t.Errorf("over partner %d, lost %d, thrown in %d: a side that bids every turn bids over its partner and loses", a.OverPartner, a.OverPartnerLost, a.OverPartnerThrownIn)
	}
	if a.ByRaise == 0 || a.ByRaise > a.OverPartner || a.ByRaiseLost != a.ByRaise || a.ByRaiseThrownIn == 0 || a.ByRaiseThrownIn > a.OverPartnerThrownIn {
		t.Errorf("won by a raise %d, lost %d, thrown in %d (over partner %d, thrown in %d)", a.ByRaise, a.ByRaiseLost, a.ByRaiseThrownIn, a.OverPartner, a.OverPartnerThrownIn)
	}
}

// thrower bids whenever it may and throws in whenever it may; otherwise it plays as p.
type thrower struct{ p computer.Player }

func (th thrower) Choose(v engine.View) engine.Action {
	switch v.Phase() {
	case engine.PhaseBidding:
		if next := v.NextBids(1); len(next) > 0 {
			return engine.Action{Seat: v.Seat(), Kind: engine.ActBid, Bid: next[0]}
		}
	case engine.PhaseDecide:
		for _, k := range v.DecideChoices() {
			if k == engine.ActThrowIn {
				return engine.Action{Seat: v.Seat(), Kind: engine.ActThrowIn}
			}
		}
	}
	return th.p.Choose(v)
}

// TestSoloSeatings: in three-handed each deal is played six times, each side alone in
// each seat against two players of the other; in the team presets twice, A on each team.
func TestSoloSeatings(t *testing.T) {
	three := rules(t, "three-handed")
	got := seatingsOf(&three)
	if len(got) != 6 {
		t.Fatalf("%d seatings, want 6", len(got))
	}
	var alone [2][3]int
	for _, s := range got {
		var n [2]int
		for seat := range 3 {
			n[s[seat]]++
		}
		if n[0]+n[1] != 3 || (n[0] != 1 && n[1] != 1) {
			t.Fatalf("seating %v: want one side alone against two of the other", s[:3])
		}
		lone := 0
		if n[1] == 1 {
			lone = 1
		}
		alone[lone][slices.Index(s[:3], lone)]++
	}
	if alone != [2][3]int{{1, 1, 1}, {1, 1, 1}} {
		t.Errorf("seats held alone by A and B: %v, want each once", alone)
	}
	four := rules(t, "racehorse")
	if got := seatingsOf(&four); len(got) != 2 || got[0][0] != 0 || got[0][1] != 1 || got[1][0] != 1 || got[1][1] != 0 {
		t.Errorf("racehorse seatings %v", got)
	}
}

// TestSoloHandDiff: a three-handed play's difference is the mean change of A's seats less
// the mean of B's.
func TestSoloHandDiff(t *testing.T) {
	r := rules(t, "three-handed")
	res := engine.HandResult{SeatDelta: [engine.MaxPlayers]int{300, 60, 90}}
	for _, c := range []struct {
		sides seating
		want  float64
	}{
		{seating{0, 1, 1}, 300 - 75},
		{seating{1, 0, 0}, 75 - 300},
		{seating{1, 0, 1}, 60 - 195},
	} {
		if got := handDiff(&r, &res, c.sides); got != c.want {
			t.Errorf("sides %v: %v, want %v", c.sides[:3], got, c.want)
		}
	}
}

// TestSoloSelfDuelIsZero: in three-handed too a level against itself gives exactly zero,
// and each side holds as many seats and wins as many auctions.
func TestSoloSelfDuelIsZero(t *testing.T) {
	for _, level := range []string{"random", "baseline", "normal"} {
		rep, err := Run(Config{Rules: rules(t, "three-handed"), A: level, B: level, Deals: 6, Seed: 3, SeedA: 9, SeedB: 9})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Mean != 0 || rep.Low != 0 || rep.High != 0 {
			t.Errorf("%s against itself: %v (%v to %v), want exactly 0", level, rep.Mean, rep.Low, rep.High)
		}
		// 6 deals, 6 plays each, 3 seats a play: 108 seat-hands, half each.
		if rep.A.Hands != 54 || rep.B.Hands != 54 || rep.A.BidsWon != rep.B.BidsWon || rep.A.BidsWon+rep.B.BidsWon != 36 {
			t.Errorf("%s: sides %+v and %+v", level, rep.A, rep.B)
		}
		if a := rep.A; a.Stuck > a.BidsWon || a.StuckSet > a.Set || a.StuckThrownIn > a.ThrownIn || a.StuckThrownIn > a.StuckSet {
			t.Errorf("%s: stuck %d, lost %d, thrown in %d of %d bids, %d set, %d thrown in", level, a.Stuck, a.StuckSet, a.StuckThrownIn, a.BidsWon, a.Set, a.ThrownIn)
		}
	}
}

// TestStuckBid: a contract is stuck when the last bid standing is one the rules made.
func TestStuckBid(t *testing.T) {
	for _, c := range []struct {
		name    string
		auction []engine.Bid
		want    bool
	}{
		{"stuck", []engine.Bid{{Seat: 1}, {Seat: 2}, {Seat: 0, Amount: 300, Forced: true}}, true},
		{"chosen", []engine.Bid{{Seat: 1, Amount: 300}, {Seat: 2}, {Seat: 0}}, false},
		{"raised over a forced opening", []engine.Bid{{Seat: 0, Amount: 150, Forced: true}, {Seat: 1, Amount: 160}, {Seat: 2}}, false},
		{"no bids", nil, false},
	} {
		if got := stuckBid(c.auction); got != c.want {
			t.Errorf("%s: stuckBid = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestBiddingOnly: between two players that differ in their bids alone (the normal level
// with and without the bid model), a duel that plays only the deals whose auctions differ
// gives every deal's difference exactly as the duel that plays them all, having played
// fewer.
func TestBiddingOnly(t *testing.T) {
	small := computer.NormalBudget()
	small.PlaySamples, small.AuctionSamples = 2, 16 // a budget a test under the race detector affords
	withModel := small
	withModel.Model = true
	maker := func(b computer.Budget) func(uint64) (computer.Player, error) {
		return func(seed uint64) (computer.Player, error) {
			return computer.New("normal", seed, computer.WithBudget(b))
		}
	}
	cfg := Config{Rules: rules(t, "racehorse"), A: "normal", B: "normal", MakeA: maker(small), MakeB: maker(withModel), Deals: 3, Seed: 3}
	all, err := Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.BiddingOnly = true
	some, err := Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(all.Diffs, some.Diffs) {
		t.Errorf("every deal played: %v; only those bid differently: %v", all.Diffs, some.Diffs)
	}
	if all.Played != cfg.Deals || some.Played >= cfg.Deals || some.Played == 0 {
		t.Errorf("played %d deals of %d, then %d: the case no longer tests skipping", all.Played, cfg.Deals, some.Played)
	}
	cfg.SeedB = 1
	if _, err := Run(cfg); err == nil {
		t.Error("players of different seeds compared on their bids alone")
	}
}
