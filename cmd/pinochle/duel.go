package main

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer/duel"
)

func runDuel(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	return finish(stderr, "duel", duelCommand(args, stdout))
}

// duelCommand runs pinochle duel.
func duelCommand(args []string, stdout io.Writer) error {
	fs := newFlagSet("duel", "--variant V --a LEVEL --b LEVEL --deals N [--seed S] [--workers N] [--bidding-only] [--json] [--options k=v,...]", stdout)
	variant := fs.String("variant", "racehorse", "the variant: "+strings.Join(engine.PresetNames(), ", "))
	a := fs.String("a", "expert", "level of side A: "+strings.Join(duel.Levels(), ", "))
	b := fs.String("b", "baseline", "level of side B")
	deals := fs.Int("deals", 200, "number of deals, each played twice with the sides swapped (three-handed: six times, each side alone in each seat)")
	seed := fs.Uint64("seed", 1, "seed of the deals")
	seedB := fs.Uint64("seed-b", 0, "seed mixed into side B's players (default: the same as side A's, so that equal levels play identically)")
	biddingOnly := fs.Bool("bidding-only", false, "the levels differ in their bids alone (expert against expert-v2): play only the deals whose auctions differ, the others counting 0")
	asJSON := fs.Bool("json", false, "write the report as JSON")
	options := fs.String("options", "", "table options as k=v,k=v")
	workers := workersFlag(fs, "number of deals played at once, one a core by default; the figures do not depend on it, "+
		"but the decision times are timings, longer when workers share a core")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return badInput("unexpected argument %q", pos[0])
	}
	if *deals < 1 {
		return badInput("--deals counts up from 1")
	}
	if err := checkWorkers(*workers); err != nil {
		return err
	}
	r, err := rulesFor(*variant, *options)
	if err != nil {
		return err
	}
	for _, l := range []string{*a, *b} {
		if !slices.Contains(duel.Levels(), l) {
			return usageError{fmt.Errorf("unknown computer level %q: choose one of %s", l, strings.Join(duel.Levels(), ", "))}
		}
	}
	start := time.Now()
	rep, err := duel.Run(duel.Config{Rules: r, A: *a, B: *b, Deals: *deals, Seed: *seed, SeedB: *seedB, Workers: *workers, BiddingOnly: *biddingOnly,
		Now: func() int64 { return int64(time.Since(start)) }})
	if err != nil {
		return err
	}
	elapsed := time.Since(start)
	perDeal := 2
	if r.Solo {
		perDeal = 6 // each side alone in each of three seats
	}
	sp := speedOf(rep.Deals, perDeal, elapsed)
	if *asJSON {
		out := struct {
			*duel.Report
			Sides [2]sideJSON `json:"sides"`
			speedJSON
		}{rep, [2]sideJSON{sideOf(&rep.A), sideOf(&rep.B)}, sp}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	fmt.Fprintf(stdout, "%s, %d duplicate deals (%d hands), A = %s, B = %s\n", rep.Variant, rep.Deals, perDeal*rep.Deals, rep.A.Level, rep.B.Level)
	fmt.Fprintf(stdout, "A's mean score difference per hand: %+.1f (95%% CI %+.1f to %+.1f)\n", rep.Mean, rep.Low, rep.High)
	if *biddingOnly {
		fmt.Fprintf(stdout, "played the %d deals whose auctions differ; the others count 0\n", rep.Played)
	}
	for _, s := range []*duel.Side{&rep.A, &rep.B} {
		j := sideOf(s)
		if r.Stock {
			// Two-handed has no auction: only the meld and the decision times say anything.
			fmt.Fprintf(stdout, "  %-8s mean meld %.1f, decision median %.2f ms, p99 %.2f ms\n", s.Level, s.MeanMeld(), j.MedianMS, j.P99MS)
			continue
		}
		fmt.Fprintf(stdout, "  %-8s bids won %d, set %.1f%%, mean meld %.1f, decision median %.2f ms, p99 %.2f ms\n",
			s.Level, s.BidsWon, 100*s.SetShare(), s.MeanMeld(), j.MedianMS, j.P99MS)
		if r.Solo {
			// Every player alone: no partner to bid over; meld and hands are per seat.
			fmt.Fprintf(stdout, "  %-8s of its bids: thrown in %.1f%%, played and set %.1f%%; mean bid %.1f, %.1f over its meld (%.0f%% of the %d trick points); "+
				"stuck with %d, of them lost %d (thrown in %d)\n",
				"", 100*s.ThrowInShare(), 100*s.PlayedSetShare(), s.MeanBid(), s.MeanOverMeld(), 100*s.MeanOverMeld()/float64(r.TrickTotal()), r.TrickTotal(),
				s.Stuck, s.StuckSet, s.StuckThrownIn)
			continue
		}
		fmt.Fprintf(stdout, "  %-8s of its bids: thrown in %.1f%%, played and set %.1f%%; mean bid %.1f, %.1f over its meld (%.0f%% of the %d trick points); "+
			"bid over its partner %d, of them lost %d (thrown in %d); won by that raise %d, lost %d (thrown in %d)\n",
			"", 100*s.ThrowInShare(), 100*s.PlayedSetShare(), s.MeanBid(), s.MeanOverMeld(), 100*s.MeanOverMeld()/float64(r.TrickTotal()), r.TrickTotal(),
			s.OverPartner, s.OverPartnerLost, s.OverPartnerThrownIn, s.ByRaise, s.ByRaiseLost, s.ByRaiseThrownIn)
	}
	fmt.Fprintf(stdout, "speed: %.1f deals/s, %.1f hands/s (%s, %s)\n",
		sp.DealsPerSecond, sp.HandsPerSecond, elapsed.Round(time.Millisecond), workersText(*workers))
	return nil
}

// speedJSON is how fast a duel went, as the JSON report gives it.
type speedJSON struct {
	Seconds        float64 `json:"seconds"`
	DealsPerSecond float64 `json:"deals_per_second"`
	HandsPerSecond float64 `json:"hands_per_second"`
}

// speedOf returns the speed of a duel of deals, each played perDeal times, that took
// elapsed.
func speedOf(deals, perDeal int, elapsed time.Duration) speedJSON {
	s := elapsed.Seconds()
	if s <= 0 {
		return speedJSON{}
	}
	return speedJSON{Seconds: s, DealsPerSecond: float64(deals) / s, HandsPerSecond: float64(perDeal*deals) / s}
}

// sideJSON is a side's figures as the JSON report gives them.
type sideJSON struct {
	Level    string  `json:"level"`
	BidsWon  int     `json:"bids_won"`
	SetShare float64 `json:"set_share"`
	// ThrowInShare and PlayedSetShare split SetShare: the bids conceded after meld, and
	// those played (or board set) and lost.
	ThrowInShare   float64 `json:"throw_in_share"`
	PlayedSetShare float64 `json:"played_set_share"`
	// MeanBid is the mean winning bid, MeanOverMeld its mean excess over the side's meld.
	MeanBid      float64 `json:"mean_bid"`
	MeanOverMeld float64 `json:"mean_over_meld"`
	// OverPartner counts the contracts won in an auction in which a seat of the side bid
	// over its partner, OverPartnerLost
	// those of them not made, OverPartnerThrownIn those of them thrown in.
	OverPartner         int `json:"over_partner"`
	OverPartnerLost     int `json:"over_partner_lost"`
	OverPartnerThrownIn int `json:"over_partner_thrown_in"`
	// Stuck counts the contracts the rules gave the side (three-handed: everyone else
	// passed), StuckSet those of them not made, StuckThrownIn those of them thrown in.
	Stuck         int `json:"stuck"`
	StuckSet      int `json:"stuck_set"`
	StuckThrownIn int `json:"stuck_thrown_in"`
	// ByRaise counts the contracts won by a bid over the partner itself, ByRaiseLost those
	// of them not made, ByRaiseThrownIn those of them thrown in.
	ByRaise         int     `json:"by_raise"`
	ByRaiseLost     int     `json:"by_raise_lost"`
	ByRaiseThrownIn int     `json:"by_raise_thrown_in"`
	MeanMeld        float64 `json:"mean_meld"`
	MedianMS        float64 `json:"decision_median_ms"`
	P99MS           float64 `json:"decision_p99_ms"`
}

func sideOf(s *duel.Side) sideJSON {
	return sideJSON{Level: s.Level, BidsWon: s.BidsWon, SetShare: s.SetShare(), MeanMeld: s.MeanMeld(),
		ThrowInShare: s.ThrowInShare(), PlayedSetShare: s.PlayedSetShare(), MeanBid: s.MeanBid(), MeanOverMeld: s.MeanOverMeld(),
		OverPartner: s.OverPartner, OverPartnerLost: s.OverPartnerLost, OverPartnerThrownIn: s.OverPartnerThrownIn,
		Stuck: s.Stuck, StuckSet: s.StuckSet, StuckThrownIn: s.StuckThrownIn,
		ByRaise: s.ByRaise, ByRaiseLost: s.ByRaiseLost, ByRaiseThrownIn: s.ByRaiseThrownIn,
		MedianMS: float64(s.Quantile(0.5)) / 1e6, P99MS: float64(s.Quantile(0.99)) / 1e6}
}
