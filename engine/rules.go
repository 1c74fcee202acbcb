package engine

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// PlayRule is how a player must play to a trick.
type PlayRule uint8

const (
	// MustWin: follow suit; take the trick if able; void and holding no trump that
	// wins, any card (racehorse, partnership).
	MustWin PlayRule = iota
	// MustTrump: follow suit and beat the winner if able; void, trump (beating if
	// able, else a losing trump); void in trump too, any card (classic, double-deck,
	// six-handed).
	MustTrump
)

// PassStyle is how the bidding team exchanges cards after trump is named.
type PassStyle uint8

const (
	// PassNone: no passing.
	PassNone PassStyle = iota
	// PassPartnerThenBack: the bidder's partner passes to the bidder, then the
	// bidder passes the same number back.
	PassPartnerThenBack
	// PassSixHanded: each bidding-team player passes to the teammate on the left in
	// odd hands and on the right in even hands, all at once.
	PassSixHanded
	// PassBury: the bidder, holding the widow, buries PassCount cards, which no one else
	// sees (three-handed).
	PassBury
)

// SaveRule is what a side must take in tricks to keep its meld and trick points.
type SaveRule uint8

const (
	// SaveCounterOrLast: the team took a counter or the last trick.
	SaveCounterOrLast SaveRule = iota
	// SaveAnyTrick: the team won a trick.
	SaveAnyTrick
	// SaveCounters20: the team took at least 20 in counters (not counting the last-trick bonus).
	SaveCounters20
	// SavePerPlayer: each player must take a counter or the last trick, else that
	// player scores nothing for the hand.
	SavePerPlayer
)

// ThrowInPolicy says when the bidder may concede the hand after meld.
type ThrowInPolicy uint8

const (
	// ThrowInNever: the hand is always played.
	ThrowInNever ThrowInPolicy = iota
	// ThrowInHopeless: only when the bidding team's meld plus all trick points is below the bid.
	ThrowInHopeless
	// ThrowInAny: whenever the bidder chooses.
	ThrowInAny
	// ThrowInForced: whenever the bidder chooses, and forced when hopeless.
	ThrowInForced
)

// NobodyBids says what happens when every player but one passes without a bid.
type NobodyBids uint8

const (
	// LastMustBid: the last player may not pass and bids at least the minimum.
	LastMustBid NobodyBids = iota
	// LastStuck: the last player is stuck with the Rules.StuckBid.
	LastStuck
)

// Counter schemes: how many points each rank scores in tricks.
const (
	CountersA10K   = "A10K"
	CountersFives  = "fives"
	CountersEleven = "eleven"
	CountersAKQJ   = "AK-QJ"
)

// Rules is a preset with its options applied: every parameter the engine needs to run a
// game. Values are in the preset's scale (tens or ones).
type Rules struct {
	Preset  string `json:"preset"`
	Players int    `json:"players"`
	// Stock plays two-handed Pinochle: Deal cards each, the next card turned up for trump
	// and the rest a stock drawn from after each trick, no auction, and meld laid on the
	// table by the winner of a trick while the stock lasts (see Game.MeldChoices).
	Stock bool `json:"stock,omitempty"`
	// Deal is the number of cards dealt to each player when the deck is not dealt out.
	Deal int `json:"deal,omitempty"`
	// Widow is the number of cards dealt to a widow, which the high bidder takes, shown to
	// everyone, before it names trump and buries as many (three-handed).
	Widow int `json:"widow,omitempty"`
	// Solo makes the bidder play alone against all the others, every player scoring alone
	// (Game.SeatScores, HandResult.SeatDelta and SeatScores; the team scores stay zero).
	Solo bool `json:"solo,omitempty"`
	// DoubleSet makes a solo bidder who plays the hand and is set lose twice its bid.
	DoubleSet bool `json:"double_set,omitempty"`
	// DeclareOut lets a two-handed player claim the game at its turn: it wins if its score,
	// with the meld it has laid and the trick points it has taken this hand, reaches the
	// target, and loses if not.
	DeclareOut bool `json:"declare_out,omitempty"`
	// DoubleDeck selects the 80-card deck: four of each card, no nines.
	DoubleDeck bool `json:"double_deck"`

	// DealerOpens makes the dealer bid first; otherwise the player left of the dealer does.
	DealerOpens bool `json:"dealer_opens"`
	// ForcedOpen, when not zero, is the bid the first bidder is forced to open with.
	ForcedOpen int `json:"forced_open,omitempty"`
	MinBid     int `json:"min_bid"`
	// BidStep: every bid is a multiple of it (1 for any number).
	BidStep int `json:"bid_step"`
	// MinRaise and MaxRaise bound a raise over the previous bid; MaxRaise 0 means no bound.
	MinRaise int `json:"min_raise"`
	MaxRaise int `json:"max_raise,omitempty"`
	// StepFrom and StepAbove: from StepFrom on, bids must be multiples of StepAbove
	// (double-deck: from 60, multiples of 5). Zero when unused.
	StepFrom  int `json:"step_from,omitempty"`
	StepAbove int `json:"step_above,omitempty"`
	// MaxBid is the highest bid the engine accepts.
	MaxBid     int        `json:"max_bid"`
	NobodyBids NobodyBids `json:"nobody_bids"`
	StuckBid   int        `json:"stuck_bid,omitempty"`

	// TrumpNeedsMarriage: trump must be a suit in which the bidder holds a marriage; a
	// bidder with none is board set.
	TrumpNeedsMarriage bool `json:"trump_needs_marriage"`

	PassStyle PassStyle `json:"pass_style"`
	PassCount int       `json:"pass_count"`
	// PassBackFree lets the bidder return any cards, received ones included; otherwise
	// the bidder may not pass back cards of its shown meld while it holds enough others.
	PassBackFree bool `json:"pass_back_free"`

	Meld MeldTable `json:"meld"`
	// TeamMeldMin: a team meld below it counts zero.
	TeamMeldMin int `json:"team_meld_min,omitempty"`

	Play      PlayRule      `json:"play"`
	Counters  string        `json:"counters"`
	RankValue [NumRanks]int `json:"rank_value"`
	LastTrick int           `json:"last_trick"`
	Save      SaveRule      `json:"save"`
	// MadeNeedsCounters20: the bidding team also needs 20 in counters to make its bid.
	MadeNeedsCounters20 bool `json:"made_needs_counters_20,omitempty"`
	// SetGivesOpponents: a set scores the bid for the opponents instead of subtracting it.
	SetGivesOpponents bool `json:"set_gives_opponents,omitempty"`

	ThrowIn ThrowInPolicy `json:"throw_in"`
	// ThrowInBonus: trick points the opponents score when the bidder throws in.
	ThrowInBonus int `json:"throw_in_bonus,omitempty"`
	// ThrowInMeldMin: the opponents' meld must reach it to count on a throw-in or board set.
	ThrowInMeldMin int  `json:"throw_in_meld_min,omitempty"`
	ShootMoon      bool `json:"shoot_moon,omitempty"`

	// Target is the score that ends the game; 0 when the game runs a number of hands.
	Target int `json:"target,omitempty"`
	// Hands ends the game after that many hands; 0 for no limit.
	Hands        int  `json:"hands,omitempty"`
	BiddersFirst bool `json:"bidders_first"`
	// Floor, when not zero, makes a team at or below -Floor lose.
	Floor int `json:"floor,omitempty"`
	// Options are the table options applied to the preset, as given.
	Options map[string]string `json:"options,omitempty"`
}

// MeldTable gives the points of each meld. Tables indexed by a count give the value of n
// copies of the meld at index n (index 0 is unused and zero).
type MeldTable struct {
	Run [5]int `json:"run"`
	// RunWinsAt, when not zero, is the number of runs that wins the game outright.
	RunWinsAt int `json:"run_wins_at,omitempty"`
	// RoyalBesideRun: trump K+Q beyond those in runs score as royal marriages.
	RoyalBesideRun bool `json:"royal_beside_run"`
	// Marriage and Royal give the value of n marriages in one suit.
	Marriage [5]int           `json:"marriage"`
	Royal    [5]int           `json:"royal"`
	Dix      int              `json:"dix"`
	Pinochle [5]int           `json:"pinochle"`
	Around   [NumRanks][5]int `json:"around"`
}

// Teams returns the number of teams (always two: seats alternate between them).
func (r *Rules) Teams() int { return 2 }

// TeamOf returns the team of a seat: seats alternate between teams 0 and 1.
func (r *Rules) TeamOf(seat int) int { return seat % 2 }

// Partner returns the seat whose cards a bidder exchanges with in a four-player game
// (PassPartnerThenBack): the seat opposite.
func (r *Rules) Partner(seat int) int { return (seat + r.Players/2) % r.Players }

// HandSize returns the number of cards dealt to each player.
func (r *Rules) HandSize() int {
	if r.Deal > 0 {
		return r.Deal
	}
	return r.DeckSize() / r.Players
}

// Tricks returns the number of tricks in a hand: the deck but the widow shared out among
// the players (two-handed, the stock's cards too).
func (r *Rules) Tricks() int { return (r.DeckSize() - r.Widow) / r.Players }

// DeckSize returns the number of cards in the deck.
func (r *Rules) DeckSize() int {
	if r.DoubleDeck {
		return 80
	}
	return 48
}

// Copies returns how many copies of card c the deck holds.
func (r *Rules) Copies(c Card) int {
	if r.DoubleDeck {
		if c.Rank() == Nine {
			return 0
		}
		return 4
	}
	return 2
}

// Deck returns the full deck in a fixed order.
func (r *Rules) Deck() []Card {
	d := make([]Card, 0, r.DeckSize())
	for c := Card(0); c < NumKinds; c++ {
		for range r.Copies(c) {
			d = append(d, c)
		}
	}
	return d
}

// TrickTotal returns the points available in one hand's tricks, last trick included.
func (r *Rules) TrickTotal() int {
	t := r.LastTrick
	for rank := Nine; rank <= Ace; rank++ {
		t += NumSuits * r.Copies(NewCard(rank, Spades)) * r.RankValue[rank]
	}
	return t
}

// Counter reports whether card c scores in tricks.
func (r *Rules) Counter(c Card) bool { return r.RankValue[c.Rank()] > 0 }

// Scale returns 10 for presets counted in tens and 1 for those counted in ones.
func (r *Rules) Scale() int {
	if r.LastTrick >= 10 {
		return 10
	}
	return 1
}

// PresetNames lists the presets, in the order of docs/rules.md.
var presetNames = []string{"racehorse", "classic", "partnership", "double-deck", "six-handed", "two-handed", "three-handed"}

// PresetNames returns the names of the presets.
func PresetNames() []string { return append([]string(nil), presetNames...) }

func tensMeld() MeldTable {
	return MeldTable{
		Run:            [5]int{0, 150, 1500},
		RoyalBesideRun: true,
		Marriage:       [5]int{0, 20, 40},
		Royal:          [5]int{0, 40, 80},
		Dix:            10,
		Pinochle:       [5]int{0, 40, 300},
		Around: [NumRanks][5]int{
			Ace:   {0, 100, 1000},
			King:  {0, 80, 800},
			Queen: {0, 60, 600},
			Jack:  {0, 40, 400},
		},
	}
}

func onesMeld() MeldTable {
	return MeldTable{
		Run:            [5]int{0, 15, 150, 300},
		RunWinsAt:      4,
		RoyalBesideRun: true,
		Marriage:       [5]int{0, 2, 4, 6, 8},
		Royal:          [5]int{0, 4, 8, 12, 16},
		Pinochle:       [5]int{0, 4, 30, 90, 300},
		Around: [NumRanks][5]int{
			Ace:   {0, 10, 100, 200, 300},
			King:  {0, 8, 80, 160, 240},
			Queen: {0, 6, 60, 120, 180},
			Jack:  {0, 4, 40, 80, 120},
		},
	}
}

func counterValues(scheme string, scale int) ([NumRanks]int, error) {
	var v [NumRanks]int
	switch strings.ToLower(scheme) {
	case "a10k":
		v[Ace], v[Ten], v[King] = scale, scale, scale
		return v, nil
	}
	if scale != 10 {
		return v, fmt.Errorf("counter scheme %q needs a preset counted in tens; this one counts in ones, so only A10K applies", scheme)
	}
	switch strings.ToLower(scheme) {
	case "fives":
		v[Ace], v[Ten], v[King], v[Queen] = 10, 10, 5, 5
	case "eleven":
		v[Ace], v[Ten], v[King], v[Queen], v[Jack] = 11, 10, 4, 3, 2
	case "ak-qj":
		v[Ace], v[King], v[Queen], v[Jack] = 10, 10, 5, 5
	default:
		return v, fmt.Errorf("unknown counter scheme %q: choose A10K, fives, eleven or AK-QJ", scheme)
	}
	return v, nil
}

func basePreset(name string) (Rules, bool) {
	switch name {
	case "racehorse":
		return Rules{
			Preset: name, Players: 4,
			MinBid: 250, BidStep: 10, MinRaise: 10, MaxBid: 5000,
			NobodyBids: LastMustBid,
			PassStyle:  PassPartnerThenBack, PassCount: 3,
			Meld: tensMeld(), Play: MustWin, Counters: CountersA10K, LastTrick: 10,
			Save: SaveCounterOrLast, ThrowIn: ThrowInHopeless,
			Target: 1500, BiddersFirst: true,
		}, true
	case "classic":
		m := tensMeld()
		m.Run[2] = 300 // 002 gives no double-run value: two runs are 2 × 150.
		return Rules{
			Preset: name, Players: 4, DealerOpens: true, ForcedOpen: 150,
			MinBid: 150, BidStep: 10, MinRaise: 10, MaxBid: 5000,
			NobodyBids: LastMustBid,
			PassStyle:  PassPartnerThenBack, PassCount: 4, PassBackFree: true,
			Meld: m, Play: MustTrump, Counters: CountersAKQJ, LastTrick: 10,
			Save: SaveAnyTrick, ThrowIn: ThrowInNever,
			Target: 1000,
		}, true
	case "partnership":
		return Rules{
			Preset: name, Players: 4, DealerOpens: true,
			MinBid: 250, BidStep: 10, MinRaise: 10, MaxRaise: 50, MaxBid: 5000,
			NobodyBids: LastStuck, StuckBid: 250,
			PassStyle: PassPartnerThenBack, PassCount: 4, PassBackFree: true,
			Meld: tensMeld(), Play: MustWin, Counters: CountersA10K, LastTrick: 10,
			Save: SaveCounterOrLast, ThrowIn: ThrowInForced,
			Target: 1500, BiddersFirst: true,
		}, true
	case "double-deck":
		return Rules{
			Preset: name, Players: 4, DoubleDeck: true,
			MinBid: 50, BidStep: 1, MinRaise: 1, StepFrom: 60, StepAbove: 5, MaxBid: 1000,
			NobodyBids: LastStuck, StuckBid: 50,
			TrumpNeedsMarriage: true,
			PassStyle:          PassNone,
			Meld:               onesMeld(), TeamMeldMin: 20,
			Play: MustTrump, Counters: CountersA10K, LastTrick: 2,
			Save: SaveCounters20, MadeNeedsCounters20: true,
			ThrowIn: ThrowInAny, ThrowInBonus: 20, ThrowInMeldMin: 20,
			Target: 500, BiddersFirst: true,
		}, true
	case "two-handed":
		return Rules{
			Preset: name, Players: 2, Stock: true, Deal: 12,
			MinBid: 1, BidStep: 1, MinRaise: 1, MaxBid: 1,
			Meld: tensMeld(), Play: MustTrump, Counters: CountersA10K, LastTrick: 10,
			Save: SaveAnyTrick, ThrowIn: ThrowInNever,
			Target: 1000,
		}, true
	case "three-handed":
		return Rules{
			Preset: name, Players: 3, Widow: 3, Deal: 15, Solo: true,
			MinBid: 300, BidStep: 10, MinRaise: 10, MaxBid: 5000,
			NobodyBids: LastStuck, StuckBid: 300,
			PassStyle: PassBury, PassCount: 3, PassBackFree: true,
			Meld: tensMeld(), Play: MustTrump, Counters: CountersA10K, LastTrick: 10,
			Save: SaveAnyTrick, ThrowIn: ThrowInAny,
			Target: 1500, BiddersFirst: true,
		}, true
	case "six-handed":
		m := onesMeld()
		m.Run = [5]int{0, 15, 150}
		m.RunWinsAt = 0
		m.Marriage = [5]int{0, 2, 30}
		m.Royal = [5]int{0, 4, 30}
		m.Dix = 1
		m.Pinochle = [5]int{0, 4, 50}
		for r := range m.Around {
			m.Around[r] = [5]int{0, m.Around[r][1], m.Around[r][2]}
		}
		return Rules{
			Preset: name, Players: 6,
			MinBid: 20, BidStep: 1, MinRaise: 1, MaxBid: 400,
			NobodyBids: LastStuck, StuckBid: 18,
			PassStyle: PassSixHanded, PassCount: 2,
			Meld: m, Play: MustTrump, Counters: CountersA10K, LastTrick: 1,
			Save: SavePerPlayer, ThrowIn: ThrowInAny,
			Hands: 6,
		}, true
	}
	return Rules{}, false
}

// OptionKeys lists the table options NewRules accepts, with what each takes.
var optionHelp = map[string]string{
	"target":   "score that ends the game (0 to play a number of hands)",
	"hands":    "number of hands after which the game ends (0 for no limit)",
	"pass":     "cards passed each way: 0, 2, 3 or 4",
	"minbid":   "lowest opening bid",
	"counters": "trick points: A10K, fives, eleven or AK-QJ",
	"royal":    "extra trump K+Q beside a run: marriage or nothing",
	"set":      "a set: subtract (the bid from the bidders), opponents (score it for the opponents) or double (three-handed: twice the bid)",
	"throwin":  "throw-in: never, hopeless, any or forced (any, forced when hopeless)",
	"moon":     "shoot the moon: on or off",
	"declare":  "two-handed: a player may declare out, claiming the target mid-hand: on or off",
	"floor":    "a team at or below minus this score loses (0 for none)",
}

// OptionHelp returns the table options and a line on what each takes, sorted by name.
func OptionHelp() [][2]string {
	keys := make([]string, 0, len(optionHelp))
	for k := range optionHelp {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([][2]string, len(keys))
	for i, k := range keys {
		out[i] = [2]string{k, optionHelp[k]}
	}
	return out
}

// NewRules returns the rules of a preset with table options applied. Options are given as
// key/value strings (see OptionHelp); an unknown preset, key or value is an error.
func NewRules(preset string, options map[string]string) (Rules, error) {
	r, ok := basePreset(strings.ToLower(strings.TrimSpace(preset)))
	if !ok {
		return Rules{}, fmt.Errorf("unknown variant %q: choose one of %s", preset, strings.Join(presetNames, ", "))
	}
	scale := r.Scale()
	keys := make([]string, 0, len(options))
	for k := range options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := strings.TrimSpace(options[k])
		if r.Solo && !soloOptions[k] {
			return Rules{}, fmt.Errorf("option %s does not apply to %s, where the bidder buries the widow and plays alone", k, r.Preset)
		}
		if r.Stock != stockOptions[k] && (r.Stock || k == "declare") {
			if r.Stock {
				return Rules{}, fmt.Errorf("option %s does not apply to %s, which has no auction and no passing: its options are %s", k, r.Preset, strings.Join(stockOptionNames(), ", "))
			}
			return Rules{}, fmt.Errorf("option %s applies to two-handed only", k)
		}
		if err := r.apply(k, v, scale); err != nil {
			return Rules{}, fmt.Errorf("option %s=%q: %w", k, v, err)
		}
	}
	var err error
	if r.RankValue, err = counterValues(r.Counters, scale); err != nil {
		return Rules{}, fmt.Errorf("option counters=%q: %w", r.Counters, err)
	}
	if r.PassCount == 0 {
		r.PassStyle = PassNone
	}
	if err := r.validate(); err != nil {
		return Rules{}, err
	}
	if len(options) > 0 {
		r.Options = make(map[string]string, len(options))
		for k, v := range options {
			r.Options[k] = strings.TrimSpace(v)
		}
	}
	return r, nil
}

// validate checks that rules can run a game: rules not made by NewRules (a zero value, or
// a stored copy that was altered) are refused rather than trusted.
func (r *Rules) validate() error {
	switch {
	case r.Stock && (r.Players != 2 || r.DoubleDeck || r.Deal != 12):
		return fmt.Errorf("a stock is played by 2 players dealt 12 cards of the 48")
	case r.Solo && (r.Players != 3 || r.Widow != 3 || r.Deal != 15 || r.PassStyle != PassBury || r.PassCount != 3 || r.DoubleDeck):
		return fmt.Errorf("a solo game is played by 3 players dealt 15 cards and a widow of 3, which the bidder buries")
	case r.Solo && (r.SetGivesOpponents || r.ShootMoon || r.ThrowIn == ThrowInHopeless || r.ThrowIn == ThrowInForced):
		return fmt.Errorf("a solo bidder loses its bid when set (set=subtract or double) and may throw in or not (throwin=any or never)")
	case !r.Solo && (r.Widow != 0 || r.DoubleSet || r.PassStyle == PassBury):
		return fmt.Errorf("only a solo game has a widow, a bury or a double set")
	case !r.Stock && !r.Solo && r.Players != 4 && r.Players != 6:
		return fmt.Errorf("rules for %d players: the presets seat 4 or 6", r.Players)
	case !r.Stock && !r.Solo && r.Deal != 0:
		return fmt.Errorf("rules deal %d cards each: only a stock or a widow leaves cards undealt", r.Deal)
	case r.BidStep < 1 || r.MinRaise < 1 || r.MinBid < 1 || r.MaxBid < r.MinBid || r.MaxBid > 60000:
		return fmt.Errorf("rules have no valid bidding (step %d, raise %d, bids %d to %d)", r.BidStep, r.MinRaise, r.MinBid, r.MaxBid)
	case r.StepFrom > 0 && r.StepAbove < 1:
		return fmt.Errorf("rules step bids from %d by %d", r.StepFrom, r.StepAbove)
	case r.PassCount < 0 || r.PassCount > 4 || (r.PassCount > 0 && r.PassStyle == PassNone):
		return fmt.Errorf("rules pass %d cards", r.PassCount)
	case r.PassStyle == PassPartnerThenBack && r.Players != 4:
		return fmt.Errorf("partner passing needs 4 players")
	case r.Target <= 0 && r.Hands <= 0:
		return fmt.Errorf("the game needs an end: set a target score or a number of hands")
	case r.Target < 0 || r.Hands < 0 || r.Floor < 0:
		return fmt.Errorf("rules have a negative target, hand count or floor")
	}
	return nil
}

func (r *Rules) apply(key, value string, scale int) error {
	num := func(lo, hi int) (int, error) {
		n, err := strconv.Atoi(value)
		if err != nil {
			return 0, fmt.Errorf("want a whole number")
		}
		if n < lo || n > hi {
			return 0, fmt.Errorf("want a number from %d to %d", lo, hi)
		}
		return n, nil
	}
	var err error
	switch key {
	case "target":
		r.Target, err = num(0, 1000*scale)
	case "hands":
		r.Hands, err = num(0, 1000000)
	case "pass":
		var n int
		if n, err = num(0, 4); err == nil {
			if n == 1 {
				return fmt.Errorf("pass 0, 2, 3 or 4 cards")
			}
			if n > 0 && r.PassStyle == PassNone {
				r.PassStyle = PassPartnerThenBack
				r.PassBackFree = true
			}
			r.PassCount = n
		}
	case "minbid":
		var n int
		if n, err = num(1, r.MaxBid); err == nil {
			if n%r.BidStep != 0 {
				return fmt.Errorf("bids in this preset are multiples of %d", r.BidStep)
			}
			r.MinBid = n
			if r.ForcedOpen != 0 {
				r.ForcedOpen = n
			}
			if r.NobodyBids == LastStuck && r.StuckBid > n {
				r.StuckBid = n
			}
		}
	case "counters":
		if _, err = counterValues(value, scale); err == nil {
			r.Counters = value
		}
	case "royal":
		switch value {
		case "marriage":
			r.Meld.RoyalBesideRun = true
		case "nothing":
			r.Meld.RoyalBesideRun = false
		default:
			err = fmt.Errorf("want marriage or nothing")
		}
	case "set":
		switch value {
		case "subtract":
			r.SetGivesOpponents = false
		case "opponents":
			r.SetGivesOpponents = true
		case "double":
			r.DoubleSet = true
		default:
			err = fmt.Errorf("want subtract, opponents or double (three-handed)")
		}
	case "throwin":
		switch value {
		case "never":
			r.ThrowIn = ThrowInNever
		case "hopeless":
			r.ThrowIn = ThrowInHopeless
		case "any":
			r.ThrowIn = ThrowInAny
		case "forced":
			r.ThrowIn = ThrowInForced
		default:
			err = fmt.Errorf("want never, hopeless, any or forced")
		}
	case "moon":
		switch value {
		case "on":
			r.ShootMoon = true
		case "off":
			r.ShootMoon = false
		default:
			err = fmt.Errorf("want on or off")
		}
	case "floor":
		r.Floor, err = num(0, 100000)
	case "declare":
		switch value {
		case "on":
			r.DeclareOut = true
		case "off":
			r.DeclareOut = false
		default:
			err = fmt.Errorf("want on or off")
		}
	default:
		err = fmt.Errorf("unknown option; options are %s", strings.Join(sortedOptionKeys(), ", "))
	}
	return err
}

// soloOptions are the options three-handed takes.
var soloOptions = map[string]bool{"target": true, "hands": true, "minbid": true, "counters": true, "royal": true, "set": true, "throwin": true}

// stockOptions are the options two-handed takes; declare is its own.
var stockOptions = map[string]bool{"target": true, "hands": true, "counters": true, "royal": true, "floor": true, "declare": true}

func stockOptionNames() []string {
	var out []string
	for _, k := range sortedOptionKeys() {
		if stockOptions[k] {
			out = append(out, k)
		}
	}
	return out
}

func sortedOptionKeys() []string {
	keys := make([]string, 0, len(optionHelp))
	for k := range optionHelp {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
