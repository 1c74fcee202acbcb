package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
	"github.com/pinochle-discord/pinochle/internal/parallel"
)

// defaultHandLimit ends simulated games that set no limit of their own: random players
// may never reach a target score.
const defaultHandLimit = 100

func runSimulate(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	return finish(stderr, "simulate", simulate(args, stdout))
}

// simConfig is what a simulation plays.
type simConfig struct {
	rules   engine.Rules
	games   int // games to play, or 0 to play hands
	hands   int // hands to play, starting a new game whenever one ends
	seed    uint64
	players string // "baseline" or "random"
	workers int    // games played at once
}

// simStats are the figures a simulation reports.
type simStats struct {
	games, hands             int // games finished, hands finished
	meld, bidderMeld         int // meld of every seat, and of the bidding side, summed over hands
	made, set, thrown, board int
	instant                  int
	// wins counts the games each team won, or each seat in three-handed, where every
	// player scores alone.
	wins    [engine.MaxPlayers]int
	draws   int
	elapsed time.Duration
}

// simulate runs pinochle simulate.
func simulate(args []string, stdout io.Writer) error {
	fs := newFlagSet("simulate", "--variant V (--games N | --hands N) [--seed S] [--players baseline|random] [--workers N] [--options k=v,...]", stdout)
	variant := fs.String("variant", "racehorse", "the variant: "+strings.Join(engine.PresetNames(), ", "))
	games := fs.Int("games", 0, "number of games to play")
	hands := fs.Int("hands", 0, "number of hands to play, starting a new game whenever one ends")
	seed := fs.Uint64("seed", 1, "seed of the deals and the players")
	players := fs.String("players", "baseline", "computer players: baseline or random")
	options := fs.String("options", "", "table options as k=v,k=v")
	workers := workersFlag(fs, "number of games played at once, one a core by default; the figures do not depend on it")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return badInput("unexpected argument %q", pos[0])
	}
	if err := checkWorkers(*workers); err != nil {
		return err
	}
	switch {
	case *games < 0 || *hands < 0:
		return badInput("--games and --hands count up from 1")
	case (*games == 0) == (*hands == 0):
		return badInput("give exactly one of --games N or --hands N")
	}
	if *players != "baseline" && *players != "random" {
		return badInput("unknown players %q: choose baseline or random", *players)
	}
	opts, err := parseOptions(*options)
	if err != nil {
		return err
	}
	r, err := engine.NewRules(*variant, opts)
	if err != nil {
		return usageError{err}
	}
	limited := false
	if r.Hands == 0 {
		if opts == nil {
			opts = make(map[string]string)
		}
		opts["hands"] = strconv.Itoa(defaultHandLimit)
		if r, err = engine.NewRules(*variant, opts); err != nil {
			return usageError{err}
		}
		limited = true
	}
	cfg := simConfig{rules: r, games: *games, hands: *hands, seed: *seed, players: *players, workers: *workers}
	st, err := runSimulation(cfg)
	if err != nil {
		return err
	}
	writeStats(stdout, cfg, st, limited)
	return nil
}

// runSimulation plays the games or hands of cfg and gathers the figures. Game i is dealt
// from seed+i and played whole by players seeded from the seed, the game and the seat,
// whichever worker plays it; the games are counted in their order, so the figures do not
// depend on the number of workers. With cfg.hands, the games are counted until that many
// hands are, the last one cut at that hand.
func runSimulation(cfg simConfig) (simStats, error) {
	n := cfg.games
	if n == 0 {
		n = -1 // as many games as the hands take
	}
	var st simStats
	start := time.Now()
	err := parallel.Run(n, cfg.workers, func(i int) (simGame, error) {
		return playGame(&cfg.rules, cfg.players, cfg.seed, i)
	}, func(_ int, g simGame) bool {
		return st.addGame(&cfg, &g)
	})
	st.elapsed = time.Since(start)
	return st, err
}

// simGame is what one simulated game gave.
type simGame struct {
	results []engine.HandResult // the hands, in order
	winner  int                 // the winning team (three-handed, seat), or -1 for a draw
}

// playGame plays game i of a simulation to its end.
func playGame(r *engine.Rules, players string, seed uint64, i int) (simGame, error) {
	seats := make([]computer.Player, r.Players)
	for s := range seats {
		p, err := computer.New(players, playerSeed(seed, i, s))
		if err != nil {
			return simGame{}, err
		}
		seats[s] = p
	}
	g, err := engine.NewGame(*r, seed+uint64(i))
	if err != nil {
		return simGame{}, fmt.Errorf("starting game %d: %w", i+1, err)
	}
	for !g.Over() {
		seat := g.Turn()
		if seat < 0 {
			seat = waitingSeat(g)
		}
		if err := g.Apply(seats[seat].Choose(g.View(seat))); err != nil {
			return simGame{}, fmt.Errorf("game %d, seed %d: a computer player's action was rejected: %w", i+1, g.Seed(), err)
		}
	}
	return simGame{results: g.Results(), winner: g.Winner()}, nil
}

// playerSeed is the seed of a seat's player in game i. In game 0 it is the seed every
// game's players had when one set of players played all the games in turn.
func playerSeed(seed uint64, i, seat int) uint64 {
	return seed*1000003 + uint64(seat) + uint64(i)*0x9E3779B97F4A7C15
}

// addGame adds game g's figures to st and reports whether more games are wanted. When st
// counts hands, it adds them only up to cfg.hands, and the game only if all its hands
// were added.
func (st *simStats) addGame(cfg *simConfig, g *simGame) bool {
	for k := range g.results {
		if cfg.games == 0 && st.hands >= cfg.hands {
			return false
		}
		st.addHand(&cfg.rules, &g.results[k])
	}
	st.games++
	if g.winner >= 0 {
		st.wins[g.winner]++
	} else {
		st.draws++
	}
	return cfg.games != 0 || st.hands < cfg.hands
}

// waitingSeat returns the first seat expected to act, or 0 when none is.
func waitingSeat(g *engine.Game) int {
	for s := range g.Rules().Players {
		if g.Waiting(s) {
			return s
		}
	}
	return 0
}

func (st *simStats) addHand(r *engine.Rules, res *engine.HandResult) {
	st.hands++
	for s := range r.Players {
		st.meld += res.SeatMeld[s]
		if (r.Solo && s == res.Bidder) || (!r.Solo && r.TeamOf(s) == res.BiddingTeam()) {
			st.bidderMeld += res.SeatMeld[s]
		}
	}
	switch res.Outcome {
	case engine.OutcomeThrownIn:
		st.thrown++
	case engine.OutcomeBoardSet:
		st.board++
	case engine.OutcomeInstantWin:
		st.instant++
	default:
		if res.Made {
			st.made++
		} else {
			st.set++
		}
	}
}

func writeStats(w io.Writer, cfg simConfig, st simStats, limited bool) {
	r := &cfg.rules
	limit := ""
	if limited {
		limit = fmt.Sprintf(" (at most %d hands a game: set --options hands=N to change)", r.Hands)
	}
	fmt.Fprintf(w, "variant        %s%s\n", r.Preset, limit)
	fmt.Fprintf(w, "players        %s in all %d seats, seed %d\n", cfg.players, r.Players, cfg.seed)
	fmt.Fprintf(w, "games played   %d\n", st.games)
	fmt.Fprintf(w, "hands played   %d\n", st.hands)
	switch {
	case st.hands > 0 && r.Stock:
		// Two-handed: no auction, so no bidding team and no bids.
		h := float64(st.hands)
		fmt.Fprintf(w, "average meld   %.1f a seat, %.1f the table, per hand\n", float64(st.meld)/h/float64(r.Players), float64(st.meld)/h)
	case st.hands > 0 && r.Solo:
		// Three-handed: the bidder alone, and no board set or win by meld.
		h := float64(st.hands)
		fmt.Fprintf(w, "average meld   %.1f a seat, %.1f the bidder, %.1f the table, per hand\n",
			float64(st.meld)/h/float64(r.Players), float64(st.bidderMeld)/h, float64(st.meld)/h)
		fmt.Fprintf(w, "bids           %d made (%.1f%%), %d set (%.1f%%), %d thrown in (%.1f%%)\n",
			st.made, pct(st.made, st.hands), st.set, pct(st.set, st.hands), st.thrown, pct(st.thrown, st.hands))
	case st.hands > 0:
		h := float64(st.hands)
		fmt.Fprintf(w, "average meld   %.1f a seat, %.1f the bidding team, %.1f the table, per hand\n",
			float64(st.meld)/h/float64(r.Players), float64(st.bidderMeld)/h, float64(st.meld)/h)
		fmt.Fprintf(w, "bids           %d made (%.1f%%), %d set (%.1f%%), %d thrown in, %d board set, %d won by meld\n",
			st.made, pct(st.made, st.hands), st.set, pct(st.set, st.hands), st.thrown, st.board, st.instant)
	}
	if r.Solo {
		fmt.Fprintf(w, "wins          ")
		for s := range r.Players {
			fmt.Fprintf(w, " seat %d %d,", s+1, st.wins[s])
		}
		fmt.Fprintf(w, " drawn %d\n", st.draws)
	} else {
		fmt.Fprintf(w, "wins           team 1 (%s) %d, team 2 (%s) %d, drawn %d\n",
			teamSeats(r, 0), st.wins[0], teamSeats(r, 1), st.wins[1], st.draws)
	}
	if s := st.elapsed.Seconds(); s > 0 {
		fmt.Fprintf(w, "speed          %.0f hands/s (%s, %s)\n", float64(st.hands)/s, st.elapsed.Round(time.Millisecond), workersText(cfg.workers))
	}
}

func pct(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return 100 * float64(n) / float64(of)
}

// teamSeats names a team's seats, 1-based: "seats 1 3".
func teamSeats(r *engine.Rules, team int) string {
	var b strings.Builder
	b.WriteString("seats")
	for s := range r.Players {
		if r.TeamOf(s) == team {
			fmt.Fprintf(&b, " %d", s+1)
		}
	}
	return b.String()
}
