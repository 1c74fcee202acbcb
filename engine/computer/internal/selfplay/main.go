// Command selfplay records, for the bid model (computer.BidFeatures, internal/fitbidmodel),
// what each seat knew at each of its turns of the auction and what the hand then gave:
// experts (the duel level expert-v2, frozen) play the first hand of seeded deals of a
// preset, and every auction decision is one line of the output.
//
// It is deterministic: deal i is dealt from the seed and i, and its players are seeded
// from the deal, so the output depends on neither the number of workers nor on where a
// run stopped. It is resumable: given an output that exists, it keeps every deal written
// in full, drops a deal cut short, and goes on from the next.
//
//	go run ./engine/computer/internal/selfplay -variant racehorse -deals 1500 -seed 35 -workers 2 -out racehorse.txt
//
// Each line is a decision, in deal order, its fields numbers separated by spaces:
//
//	deal seat action trump playmean meld trumps honours aces order partner opponent passes
//	bidder bid made total opp us them
//
// action is the bid made (0 a pass); playmean the play-outs' mean total, rounded; bidder
// the seat that won the auction counted from the deciding seat (0 itself); made 1 when
// the contract was made; total the declaring side's meld and trick points (meld alone when
// thrown in); opp the other side's change of score; us and them the deciding seat's
// side's change of score and its opponents'. A line "# deal i" ends deal i's lines.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
	"github.com/pinochle-discord/pinochle/engine/computer/duel"
	"github.com/pinochle-discord/pinochle/internal/parallel"
)

func main() {
	variant := flag.String("variant", "racehorse", "the preset: one with an auction and teams")
	deals := flag.Int("deals", 1000, "the number of deals the output holds when done")
	seed := flag.Uint64("seed", 35, "the seed of the deals")
	workers := flag.Int("workers", 1, "deals played at once")
	out := flag.String("out", "", "the output file, resumed when it exists")
	flag.Parse()
	if *out == "" || *deals <= 0 {
		fmt.Fprintln(os.Stderr, "selfplay: -out and a positive -deals are required")
		os.Exit(2)
	}
	if err := run(*variant, *deals, *seed, *workers, *out); err != nil {
		fmt.Fprintln(os.Stderr, "selfplay:", err)
		os.Exit(1)
	}
}

func run(variant string, deals int, seed uint64, workers int, out string) error {
	r, err := engine.NewRules(variant, nil)
	if err != nil {
		return err
	}
	if r.Solo || r.Stock {
		return fmt.Errorf("%s has no team auction to record", variant)
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(out, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	done, keep, err := resume(f)
	if err != nil {
		return fmt.Errorf("resume %s: %w", out, err)
	}
	if err := f.Truncate(keep); err != nil {
		return err
	}
	if _, err := f.Seek(keep, io.SeekStart); err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	if done > 0 {
		fmt.Fprintf(os.Stderr, "selfplay: %s holds %d deals, going on from there\n", out, done)
	}
	err = parallel.Run(deals-done, workers, func(i int) (string, error) {
		return Deal(r, seed, done+i)
	}, func(i int, lines string) bool {
		w.WriteString(lines)
		if (done+i+1)%50 == 0 {
			fmt.Fprintf(os.Stderr, "selfplay: %d deals\n", done+i+1)
			if w.Flush() != nil {
				return false
			}
		}
		return true
	})
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	return err
}

// resume reads an output written before and returns how many deals it holds in full
// and the length of the file up to the end of the last.
func resume(f *os.File) (deals int, keep int64, err error) {
	sc := bufio.NewScanner(f)
	var at int64
	for sc.Scan() {
		line := sc.Text()
		at += int64(len(line)) + 1
		if n, ok := strings.CutPrefix(line, "# deal "); ok {
			i, err := strconv.Atoi(n)
			if err != nil || i != deals {
				return 0, 0, fmt.Errorf("deal %q where deal %d was due", n, deals)
			}
			deals, keep = deals+1, at
		}
	}
	return deals, keep, sc.Err()
}

// mix derives a seed from two numbers (SplitMix64 finalizer).
func mix(a, b uint64) uint64 {
	z := a*0x9E3779B97F4A7C15 + b + 0x632BE59BD9B4E019
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// decision is one turn of the auction: the seat, its features and its action.
type decision struct {
	seat   int
	f      computer.BidFeatures
	action int
}

// Deal plays the first hand of deal i of rules r and seed, four experts at the table, and
// returns its lines.
func Deal(r engine.Rules, seed uint64, i int) (string, error) {
	dealSeed := mix(seed, uint64(i))
	g, err := engine.NewGame(r, dealSeed)
	if err != nil {
		return "", err
	}
	players := make([]*computer.Expert, r.Players)
	for s := range players {
		p, err := duel.NewPlayer("expert-v2", mix(dealSeed, uint64(s)))
		if err != nil {
			return "", err
		}
		players[s] = p.(*computer.Expert)
	}
	var decisions []decision
	for n := 0; len(g.Results()) == 0; n++ {
		if n > 10000 {
			return "", errors.New("hand not over after 10,000 actions")
		}
		seat := -1
		for s := range r.Players {
			if g.Waiting(s) {
				seat = s
				break
			}
		}
		v := g.View(seat)
		a := players[seat].Choose(v)
		if v.Phase() == engine.PhaseBidding {
			if f, ok := players[seat].AuctionFeatures(v); ok {
				decisions = append(decisions, decision{seat: seat, f: f, action: a.Bid})
			}
		}
		if err := g.Apply(a); err != nil {
			return "", fmt.Errorf("deal %d: seat %d chose %v: %w", i, seat+1, a, err)
		}
	}
	res := g.Results()[0]
	var b strings.Builder
	for _, d := range decisions {
		f := &d.f
		bidder, made, total, opp := -1, 0, 0, 0
		if res.Bidder >= 0 {
			bt := r.TeamOf(res.Bidder)
			bidder = (res.Bidder - d.seat + r.Players) % r.Players
			total = res.Meld[bt] + res.Tricks[bt]
			opp = res.Delta[1-bt]
			if res.Made {
				made = 1
			}
		}
		us := r.TeamOf(d.seat)
		fmt.Fprintf(&b, "%d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d\n", i, d.seat, d.action, f.Trump,
			int(math.Round(f.PlayMean)), f.Meld, f.Trumps, f.TrumpHonours, f.Aces, f.Order, f.Partner, f.Opponent, f.Passes,
			bidder, res.Bid, made, total, opp, res.Delta[us], res.Delta[1-us])
	}
	fmt.Fprintf(&b, "# deal %d\n", i)
	return b.String(), nil
}
