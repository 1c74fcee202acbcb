// Package duel measures one computer level against another on duplicate deals: every deal
// is played twice, once with each level on each team (in three-handed six times, each
// level alone in each seat against two of the other), so that the luck of the cards
// cancels and what remains is the difference in play.
package duel

import (
	"fmt"
	"math"
	"slices"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
	"github.com/pinochle-discord/pinochle/internal/parallel"
)

// Config says what to measure.
type Config struct {
	Rules engine.Rules
	// A and B are the levels (Levels) of the two sides.
	A, B string
	// Deals is the number of deals, each played twice (three-handed, six times).
	Deals int
	// Seed chooses the deals. SeedA and SeedB are mixed into the seeds of each side's
	// players: equal seeds and levels make the two sides the same player.
	Seed, SeedA, SeedB uint64
	// Now, when set, reads a clock in nanoseconds to time decisions; the package itself
	// reads no clock. With more than one worker it is called from several goroutines.
	Now func() int64
	// Workers is how many deals are played at once (0 means 1). The report does not
	// depend on it, apart from the decision times: every deal is seeded from Seed and its
	// number, and the deals are added up in their order.
	Workers int
	// BiddingOnly says that A and B differ in their bids alone: with equal seeds (SeedA and
	// SeedB) they name trump, pass and play alike after the same auction. The duel then
	// first runs each deal's auction with A's players, asking B's at every turn what they
	// would bid, and plays the deal only when some answer differs: where none does, every
	// seating plays the same hand and A's difference is exactly 0. It changes nothing but
	// the work when the premise holds (TestBiddingOnly), and gives wrong figures when it
	// does not. The sides' tallies (Side) count the deals played.
	BiddingOnly bool
	// MakeA and MakeB, when set, make a side's players instead of NewPlayer(A or B): a
	// player of a level with another budget (computer.WithBudget), for instance. A and B
	// still name the sides.
	MakeA, MakeB func(seed uint64) (computer.Player, error)
}

// player makes the player of one side, level or maker.
func player(level string, mk func(uint64) (computer.Player, error), seed uint64) (computer.Player, error) {
	if mk != nil {
		return mk(seed)
	}
	return NewPlayer(level, seed)
}

// Side is what one side did over all its hands.
type Side struct {
	Level string `json:"level"`
	// Hands counts the hands the side played: a team's, or in three-handed each seat's.
	Hands int `json:"hands"`
	// BidsWon counts the hands the side's team won the auction; Set how many of those it
	// did not make, ThrownIn how many of those it conceded after meld (a board set, a
	// bidder without a marriage in double-deck, counts as set, not thrown in).
	BidsWon  int `json:"bids_won"`
	Set      int `json:"set"`
	ThrownIn int `json:"thrown_in"`
	// BidTotal sums the side's winning bids and BidMeldTotal its team's meld as shown in
	// those hands (before any save rule), so that their difference is what the side
	// contracted to take in tricks.
	BidTotal     int `json:"bid_total"`
	BidMeldTotal int `json:"bid_meld_total"`
	// OverPartner counts the contracts the side won in an auction in which one of its
	// seats bid over its own partner (made a bid while a teammate held the auction with a
	// bid of its own choice), whoever of the side then won it;
	// OverPartnerLost how many of those it did not make, OverPartnerThrownIn how many of
	// those it threw in.
	OverPartner         int `json:"over_partner"`
	OverPartnerLost     int `json:"over_partner_lost"`
	OverPartnerThrownIn int `json:"over_partner_thrown_in"`
	// Stuck counts the contracts the side was given by the rules (a stuck bid: everyone
	// else passed), StuckSet how many of those it did not make, StuckThrownIn how many of
	// those it threw in: the rest of its bids it chose.
	Stuck         int `json:"stuck"`
	StuckSet      int `json:"stuck_set"`
	StuckThrownIn int `json:"stuck_thrown_in"`
	// ByRaise counts the contracts the side won by a bid over its own partner (the winning
	// bid was made while a teammate held the auction with a bid of its own choice), a part
	// of OverPartner; ByRaiseLost how many of those it did not make, ByRaiseThrownIn how
	// many of those it threw in.
	ByRaise         int `json:"by_raise"`
	ByRaiseLost     int `json:"by_raise_lost"`
	ByRaiseThrownIn int `json:"by_raise_thrown_in"`
	// MeldTotal is the side's team meld summed over its hands (as shown).
	MeldTotal int `json:"meld_total"`
	// Decisions counts the side's decisions; times are their durations in nanoseconds
	// when the config has a clock.
	Decisions int     `json:"decisions"`
	times     []int64 // nanoseconds
}

// SetShare returns the share of the side's bids it did not make.
func (s *Side) SetShare() float64 {
	if s.BidsWon == 0 {
		return 0
	}
	return float64(s.Set) / float64(s.BidsWon)
}

// ThrowInShare returns the share of the side's bids it threw in.
func (s *Side) ThrowInShare() float64 { return share(s.ThrownIn, s.BidsWon) }

// PlayedSetShare returns the share of the side's bids it played and did not make (or was
// board set in): SetShare less ThrowInShare.
func (s *Side) PlayedSetShare() float64 { return share(s.Set-s.ThrownIn, s.BidsWon) }

// MeanOverMeld returns the side's mean winning bid less its team's meld in those hands:
// the trick points its contracts needed on average.
func (s *Side) MeanOverMeld() float64 { return share(s.BidTotal-s.BidMeldTotal, s.BidsWon) }

// MeanBid returns the side's mean winning bid.
func (s *Side) MeanBid() float64 { return share(s.BidTotal, s.BidsWon) }

// share returns n/of, or 0 when of is 0.
func share(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return float64(n) / float64(of)
}

// MeanMeld returns the side's mean team meld per hand.
func (s *Side) MeanMeld() float64 {
	if s.Hands == 0 {
		return 0
	}
	return float64(s.MeldTotal) / float64(s.Hands)
}

// Quantile returns the q-quantile (0..1) of the side's decision times in nanoseconds, or
// 0 when they were not timed.
func (s *Side) Quantile(q float64) int64 {
	if len(s.times) == 0 {
		return 0
	}
	t := slices.Clone(s.times)
	slices.Sort(t)
	return t[min(len(t)-1, int(q*float64(len(t))))]
}

// Report is the result of a duel.
type Report struct {
	Variant string `json:"variant"`
	Deals   int    `json:"deals"`
	// Mean is A's mean score difference per hand over B (the mean over deals of the
	// plays' differences averaged: see playDeal); Low and High bound its 95% confidence
	// interval.
	Mean float64 `json:"mean"`
	Low  float64 `json:"low"`
	High float64 `json:"high"`
	A    Side    `json:"a"`
	B    Side    `json:"b"`
	// Diffs are the per-deal differences, in deal order.
	Diffs []float64 `json:"-"`
	// Played counts the deals played: all of them, or under Config.BiddingOnly those in
	// which the sides' bids differ.
	Played int `json:"played"`
}

// Run plays the duel.
func Run(cfg Config) (*Report, error) {
	if cfg.Deals <= 0 {
		return nil, fmt.Errorf("duel: deals must be positive, not %d", cfg.Deals)
	}
	for i, l := range []string{cfg.A, cfg.B} {
		if _, err := player(l, [2]func(uint64) (computer.Player, error){cfg.MakeA, cfg.MakeB}[i], 0); err != nil {
			return nil, fmt.Errorf("duel: %w", err)
		}
	}
	rep := &Report{Variant: cfg.Rules.Preset, Deals: cfg.Deals, A: Side{Level: cfg.A}, B: Side{Level: cfg.B}}
	err := parallel.Run(cfg.Deals, cfg.Workers, func(i int) (deal, error) {
		return playDeal(&cfg, i)
	}, func(_ int, d deal) bool {
		rep.Diffs = append(rep.Diffs, d.diff)
		if d.played {
			rep.Played++
		}
		rep.A.add(&d.a)
		rep.B.add(&d.b)
		return true
	})
	if err != nil {
		return nil, fmt.Errorf("duel: %w", err)
	}
	rep.Mean, rep.Low, rep.High = meanInterval(rep.Diffs)
	return rep, nil
}

// deal is what one deal gave: A's score difference per hand over its plays, and what
// each side did in them.
type deal struct {
	diff   float64
	a, b   Side
	played bool
}

// playDeal plays deal i with every seating of the sides the duel compares, and returns
// A's mean difference over them. Its players are its own, seeded from the deal's seed.
//
// In the team presets the deal is played twice, side A on each team in turn, and a play's
// difference is A's team's change of score less B's. In three-handed (engine.Rules.Solo)
// it is played six times: each side alone in each seat against two players of the other,
// so that each side holds every hand once alone and twice as a defender; a play's
// difference is the change of score of A's seats, on average, less that of B's.
func playDeal(cfg *Config, i int) (deal, error) {
	dealSeed := mix(cfg.Seed, uint64(i))
	d := deal{a: Side{Level: cfg.A}, b: Side{Level: cfg.B}, played: true}
	if cfg.BiddingOnly {
		differ, err := biddingDiffers(cfg, dealSeed)
		if err != nil {
			return deal{}, fmt.Errorf("deal %d: %w", i, err)
		}
		if !differ {
			d.played = false
			return d, nil
		}
	}
	seatings := seatingsOf(&cfg.Rules)
	for _, sides := range seatings {
		res, err := playHand(cfg, &d, dealSeed, sides)
		if err != nil {
			return deal{}, fmt.Errorf("deal %d: %w", i, err)
		}
		d.diff += handDiff(&cfg.Rules, &res, sides)
	}
	d.diff /= float64(len(seatings))
	return d, nil
}

// seating gives each seat's side in one play of a deal: 0 for A, 1 for B.
type seating [engine.MaxPlayers]int

// seatingsOf returns the plays of a deal under rules r: A on each team in turn, or, when
// every player scores alone, each side alone in each seat.
func seatingsOf(r *engine.Rules) []seating {
	var out []seating
	if r.Solo {
		for lone := range 2 {
			for seat := range r.Players {
				var s seating
				for o := range r.Players {
					s[o] = 1 - lone
				}
				s[seat] = lone
				out = append(out, s)
			}
		}
		return out
	}
	for aTeam := range 2 {
		var s seating
		for o := range r.Players {
			if r.TeamOf(o) != aTeam {
				s[o] = 1
			}
		}
		out = append(out, s)
	}
	return out
}

// handDiff returns A's score difference in one play: its team's change less B's, or, when
// every player scores alone, the mean change of A's seats less the mean of B's.
func handDiff(r *engine.Rules, res *engine.HandResult, sides seating) float64 {
	if !r.Solo {
		aTeam := r.TeamOf(slices.Index(sides[:r.Players], 0))
		return float64(res.Delta[aTeam] - res.Delta[1-aTeam])
	}
	var sum [2]float64
	var n [2]int
	for s := range r.Players {
		sum[sides[s]] += float64(res.SeatDelta[s])
		n[sides[s]]++
	}
	return sum[0]/float64(n[0]) - sum[1]/float64(n[1])
}

// add adds what o did to what s did.
func (s *Side) add(o *Side) {
	s.Hands += o.Hands
	s.BidsWon += o.BidsWon
	s.Set += o.Set
	s.ThrownIn += o.ThrownIn
	s.BidTotal += o.BidTotal
	s.BidMeldTotal += o.BidMeldTotal
	s.OverPartner += o.OverPartner
	s.OverPartnerLost += o.OverPartnerLost
	s.OverPartnerThrownIn += o.OverPartnerThrownIn
	s.Stuck += o.Stuck
	s.StuckSet += o.StuckSet
	s.StuckThrownIn += o.StuckThrownIn
	s.ByRaise += o.ByRaise
	s.ByRaiseLost += o.ByRaiseLost
	s.ByRaiseThrownIn += o.ByRaiseThrownIn
	s.MeldTotal += o.MeldTotal
	s.Decisions += o.Decisions
	s.times = append(s.times, o.times...)
}

// meanInterval returns the mean of xs and its 95% confidence interval (normal
// approximation).
func meanInterval(xs []float64) (mean, low, high float64) {
	n := float64(len(xs))
	for _, x := range xs {
		mean += x
	}
	mean /= n
	if len(xs) < 2 {
		return mean, mean, mean
	}
	ss := 0.0
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	half := 1.96 * math.Sqrt(ss/(n-1)/n)
	return mean, mean - half, mean + half
}

// mix derives a seed from two numbers (SplitMix64 finalizer).
func mix(a, b uint64) uint64 {
	z := a*0x9E3779B97F4A7C15 + b + 0x632BE59BD9B4E019
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// playHand plays the first hand of the deal with the sides seated as sides says, adds
// what each side did to d, and returns the hand's result. When every player scores alone
// a side's hands, meld and bids are counted seat by seat.
func playHand(cfg *Config, d *deal, dealSeed uint64, sides seating) (engine.HandResult, error) {
	g, err := engine.NewGame(cfg.Rules, dealSeed)
	if err != nil {
		return engine.HandResult{}, err
	}
	r := g.Rules()
	players := make([]computer.Player, r.Players)
	seatSide := make([]*Side, r.Players)
	for s := range r.Players {
		level, maker, salt, side := cfg.A, cfg.MakeA, cfg.SeedA, &d.a
		if sides[s] == 1 {
			level, maker, salt, side = cfg.B, cfg.MakeB, cfg.SeedB, &d.b
		}
		// The seat's seed depends on the deal, the seat and the side's seed, never on
		// which team the side plays: mirrored seats of equal players decide alike.
		p, err := player(level, maker, mix(mix(dealSeed, uint64(s)), salt))
		if err != nil {
			return engine.HandResult{}, err
		}
		players[s], seatSide[s] = p, side
	}
	var auction []engine.Bid
	for n := 0; len(g.Results()) == 0 && !g.Over(); n++ {
		if n > 10000 {
			return engine.HandResult{}, fmt.Errorf("hand not over after %d actions", n)
		}
		seat := -1
		for s := range r.Players {
			if g.Waiting(s) {
				seat = s
				break
			}
		}
		v := g.View(seat)
		show(players[seat], g)
		var start int64
		if cfg.Now != nil {
			start = cfg.Now()
		}
		a := players[seat].Choose(v)
		if cfg.Now != nil {
			seatSide[seat].times = append(seatSide[seat].times, cfg.Now()-start)
		}
		seatSide[seat].Decisions++
		if err := g.Apply(a); err != nil {
			return engine.HandResult{}, fmt.Errorf("seat %d (%s) chose %v: %w", seat+1, seatSide[seat].Level, a, err)
		}
		if v.Phase() == engine.PhaseBidding {
			// The auction as the seat left it, with the bids the rules made after it.
			if after := g.View(seat); after.HandNo() == v.HandNo() {
				auction = slices.Clone(after.Auction())
			}
		}
	}
	res := g.Results()[0]
	if r.Solo {
		for s := range r.Players {
			side := seatSide[s]
			side.Hands++
			side.MeldTotal += res.SeatMeld[s]
		}
		if res.Bidder >= 0 {
			side := seatSide[res.Bidder]
			tally(&res, &side.BidsWon, &side.Set, &side.ThrownIn)
			side.BidTotal += res.Bid
			side.BidMeldTotal += res.SeatMeld[res.Bidder]
			if stuckBid(auction) {
				tally(&res, &side.Stuck, &side.StuckSet, &side.StuckThrownIn)
			}
		}
		return res, nil
	}
	aTeam := r.TeamOf(slices.Index(sides[:r.Players], 0))
	for t, side := range [2]*Side{&d.a, &d.b} {
		team := aTeam
		if t == 1 {
			team = 1 - aTeam
		}
		side.Hands++
		for s := range r.Players {
			if r.TeamOf(s) == team {
				side.MeldTotal += res.SeatMeld[s]
			}
		}
		if res.Bidder >= 0 && r.TeamOf(res.Bidder) == team {
			tally(&res, &side.BidsWon, &side.Set, &side.ThrownIn)
			side.BidTotal += res.Bid
			for s := range r.Players {
				if r.TeamOf(s) == team {
					side.BidMeldTotal += res.SeatMeld[s]
				}
			}
			if overPartner(r, auction, team) {
				tally(&res, &side.OverPartner, &side.OverPartnerLost, &side.OverPartnerThrownIn)
			}
			if byRaise(r, auction, res.Bidder, res.Bid) {
				tally(&res, &side.ByRaise, &side.ByRaiseLost, &side.ByRaiseThrownIn)
			}
		}
	}
	return res, nil
}

// tally counts a contract of the hand res in one of a side's kinds of contract: won, and
// of those lost and of those thrown in.
func tally(res *engine.HandResult, won, lost, thrownIn *int) {
	*won++
	if !res.Made {
		*lost++
		if res.Outcome == engine.OutcomeThrownIn {
			*thrownIn++
		}
	}
}

// stuckBid reports whether the auction was won by a bid the rules made (everyone else
// passed), not one the bidder chose.
func stuckBid(auction []engine.Bid) bool {
	for i := len(auction) - 1; i >= 0; i-- {
		if !auction[i].Pass() {
			return auction[i].Forced
		}
	}
	return false
}

// overPartner reports whether a seat of team bid over a teammate in the auction: made a bid
// while the highest bid so far was another seat of its team's own choice (a forced bid
// shows nothing, so bidding over it is no raise of a partner).
func overPartner(r *engine.Rules, auction []engine.Bid, team int) bool {
	high := engine.Bid{Seat: -1}
	for _, b := range auction {
		if b.Pass() {
			continue
		}
		if !b.Forced && high.Seat >= 0 && !high.Forced && high.Seat != b.Seat &&
			r.TeamOf(b.Seat) == team && r.TeamOf(high.Seat) == team {
			return true
		}
		high = b
	}
	return false
}

// byRaise reports whether bidder won the auction by a bid over its own partner: its winning
// bid of amount was made while a teammate held the auction with a bid of its own choice.
func byRaise(r *engine.Rules, auction []engine.Bid, bidder, amount int) bool {
	high := engine.Bid{Seat: -1}
	for _, b := range auction {
		if b.Pass() {
			continue
		}
		if b.Seat == bidder && b.Amount == amount {
			return !b.Forced && high.Seat >= 0 && !high.Forced && high.Seat != b.Seat && r.TeamOf(high.Seat) == r.TeamOf(b.Seat)
		}
		high = b
	}
	return false
}

// biddingDiffers runs the auction of the deal of dealSeed with A's players at every seat,
// and reports whether B's player at some turn would have bid otherwise. When it would not,
// every seating of the deal runs this auction, since each seat's player, of A or B, bids
// as A's does at every turn of it.
func biddingDiffers(cfg *Config, dealSeed uint64) (bool, error) {
	if cfg.SeedA != cfg.SeedB {
		return false, fmt.Errorf("only sides of equal seeds may be compared on their bids alone, not %d and %d", cfg.SeedA, cfg.SeedB)
	}
	g, err := engine.NewGame(cfg.Rules, dealSeed)
	if err != nil {
		return false, err
	}
	r := g.Rules()
	var sides [2][]computer.Player
	for i, side := range []struct {
		level string
		mk    func(uint64) (computer.Player, error)
	}{{cfg.A, cfg.MakeA}, {cfg.B, cfg.MakeB}} {
		for s := range r.Players {
			p, err := player(side.level, side.mk, mix(mix(dealSeed, uint64(s)), cfg.SeedA))
			if err != nil {
				return false, err
			}
			sides[i] = append(sides[i], p)
		}
	}
	for n := 0; g.Phase() == engine.PhaseBidding && len(g.Results()) == 0; n++ {
		if n > 10000 {
			return false, fmt.Errorf("auction not over after %d bids", n)
		}
		seat := -1
		for s := range r.Players {
			if g.Waiting(s) {
				seat = s
				break
			}
		}
		v := g.View(seat)
		show(sides[0][seat], g)
		show(sides[1][seat], g)
		a, b := sides[0][seat].Choose(v), sides[1][seat].Choose(v)
		if a.Kind != b.Kind || a.Bid != b.Bid || a.Seat != b.Seat {
			return true, nil
		}
		if err := g.Apply(a); err != nil {
			return false, fmt.Errorf("seat %d (%s) chose %v: %w", seat+1, cfg.A, a, err)
		}
	}
	return false, nil
}

// show shows a seer (computer.NewSeer) every seat's hand before it decides.
func show(p computer.Player, g *engine.Game) {
	seer, ok := p.(interface {
		See([engine.MaxPlayers]engine.Hand)
	})
	if !ok {
		return
	}
	var hands [engine.MaxPlayers]engine.Hand
	for s := range g.Rules().Players {
		v := g.View(s)
		hands[s] = v.Hand()
	}
	seer.See(hands)
}
