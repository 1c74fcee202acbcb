package engine

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strconv"
)

// Phase is the step a hand is at.
type Phase uint8

// The phases of a hand, in order, and the end of the game.
const (
	PhaseBidding  Phase = iota // players bid or pass
	PhaseTrump                 // the bidder names trump
	PhasePass                  // the bidder's partner passes to the bidder, or (six-handed) the bidding team passes at once
	PhasePassBack              // the bidder passes back to its partner
	PhaseDecide                // the bidder plays the hand, throws it in or shoots the moon
	PhasePlay                  // trick play
	PhaseMeld                  // two-handed: the trick's winner may lay a meld, then both draw
	PhaseGameOver              // the game has ended
)

var phaseNames = [...]string{"bidding", "trump", "passing", "passing back", "deciding", "playing", "melding", "game over"}

// String returns the phase's name.
func (p Phase) String() string {
	if int(p) >= len(phaseNames) {
		return "?"
	}
	return phaseNames[p]
}

// MarshalText encodes the phase as its name.
func (p Phase) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// UnmarshalText decodes a phase name.
func (p *Phase) UnmarshalText(b []byte) error {
	for i, n := range phaseNames {
		if n == string(b) {
			*p = Phase(i)
			return nil
		}
	}
	return fmt.Errorf("unknown phase %q", b)
}

// MaxPlayers is the largest number of seats at a table.
const MaxPlayers = 6

// Bid is one entry of an auction: an amount, or a pass (Amount 0).
type Bid struct {
	Seat   int  `json:"seat"`
	Amount int  `json:"amount,omitempty"`
	Forced bool `json:"forced,omitempty"` // made by the rules (forced opening, stuck bid), not by the player
}

// Pass reports whether the entry is a pass.
func (b Bid) Pass() bool { return b.Amount == 0 }

// Played is a card played to a trick, with its seat.
type Played struct {
	Seat int  `json:"seat"`
	Card Card `json:"card"`
}

// Trick is a completed trick.
type Trick struct {
	Cards  []Played `json:"cards"`
	Winner int      `json:"winner"`
	Points int      `json:"points"`
}

// Game is one game of Pinochle: the rules, the seed and the actions applied so far, and the
// state they lead to. The zero Game is not usable; create one with NewGame. A Game is not
// safe for concurrent use.
type Game struct {
	rules Rules
	seed  uint64
	// names is replaced, never written, when the names change: views share it.
	names *[MaxPlayers]string
	log   actionLog
	st    state
	// shown is every seat's meld once it is counted this hand (nil before), shared with
	// views: it points to a block of melds taken from melds, a reserve of fresh blocks, so
	// that each count of the meld fills a new block and never rewrites an old one, and a
	// view keeps the meld it was made with.
	shown *[MaxPlayers]Meld
	melds []Meld
	// table is the public side of a two-handed hand (Rules.Stock), nil in other presets;
	// views share it, and the game replaces it rather than write it (see retable).
	table *tableState
	// widow is the widow's cards once the bidder has taken them, shown to the table (nil
	// before, and in presets without a widow); views share it, and each hand makes its own.
	widow *[widowCap]Card
	// pub is the spectator's view of the game as it stands (see sync); passes what each
	// seat's view adds of the hand's passes, worked out for the hand and number of passes
	// in passesOf.
	pub      View
	passes   [MaxPlayers]seatPasses
	passesOf [2]int
	// passBack is what the bidder must pass back, worked out once as the pass back opens
	// when the rules restrict it (nil otherwise), and shared with views like shown: it is
	// taken from backs, a reserve of fresh rules, and never rewritten.
	passBack *PassRule
	backs    []PassRule
}

// The records of a game that views share (its auctions, cards played and melds) are kept
// in chunks rather than in slices that copy themselves to grow: each hand's records start
// where the last hand's ended, in the same chunk while it has room for a hand, else in a
// new one. Views hold slices of old chunks, which stay as they are. The log, which no view
// reads, is a list of chunks.
const (
	chunkHands = 8   // hands whose auctions, plays and melds one chunk holds
	handBids   = 24  // bids a hand's auction has room for (a longer one grows)
	logChunk   = 512 // actions a chunk of the log holds
)

// nextRecord returns an empty record with room for n elements after those of rec, the
// record of the hand before: in rec's chunk when it has room, else in a new chunk with
// room for that many hands.
func nextRecord[T any](rec []T, n, hands int) []T {
	if cap(rec)-len(rec) < n {
		return make([]T, 0, hands*n)
	}
	return rec[len(rec):len(rec)]
}

// newGame allocates a game and its first hand's records in one allocation: a playout of
// one hand allocates nothing more.
func newGame() *Game {
	m := new(struct {
		g       Game
		log     [80]logEntry
		bids    [handBids]Bid
		plays   [48]Played
		melds   [2 * MaxPlayers]Meld
		results [2]HandResult
	})
	g := &m.g
	g.log.cur, g.st.Bids, g.st.Plays, g.melds, g.st.Results = m.log[:0], m.bids[:0], m.plays[:0], m.melds[:], m.results[:0]
	return g
}

// actionLog is the actions accepted so far, in chunks of at most logChunk: it only grows,
// and no view reads it, so a full chunk is kept as it is and a new one started.
type actionLog struct {
	full [][]logEntry // full chunks, oldest first
	n    int          // the entries in full
	cur  []logEntry   // the chunk being filled
}

// len returns the number of actions logged.
func (l *actionLog) len() int { return l.n + len(l.cur) }

// add logs an action, packing it straight into its place.
func (l *actionLog) add(a *Action) {
	if len(l.cur) == cap(l.cur) {
		if len(l.cur) > 0 {
			l.full = append(l.full, l.cur)
			l.n += len(l.cur)
		}
		l.cur = make([]logEntry, 0, logChunk)
	}
	l.cur = l.cur[:len(l.cur)+1]
	l.cur[len(l.cur)-1].pack(a)
}

// at returns the action logged at i, 0 <= i < l.len().
func (l *actionLog) at(i int) Action {
	for _, chunk := range l.full {
		if i < len(chunk) {
			return chunk[i].action()
		}
		i -= len(chunk)
	}
	return l.cur[i].action()
}

// actions returns every action logged, oldest first.
func (l *actionLog) actions() []Action {
	out := make([]Action, 0, l.len())
	for _, chunk := range l.full {
		for i := range chunk {
			out = append(out, chunk[i].action())
		}
	}
	for i := range l.cur {
		out = append(out, l.cur[i].action())
	}
	return out
}

// logEntry is an accepted action, packed: games log thousands of actions in simulations.
type logEntry struct {
	seat, kind, suit, card, n uint8
	cards                     [8]Card
	bid                       uint16
}

// pack sets e to the action, field by field: a packed entry built elsewhere and copied in
// costs more than the packing.
func (e *logEntry) pack(a *Action) {
	e.seat, e.kind, e.suit, e.card, e.bid = uint8(a.Seat), uint8(a.Kind), uint8(a.Suit), uint8(a.Card), uint16(a.Bid)
	e.n = 0
	if len(a.Cards) > 0 {
		e.n = uint8(copy(e.cards[:], a.Cards))
	}
}

func (e *logEntry) action() Action {
	a := Action{Seat: int(e.seat), Kind: ActionKind(e.kind), Suit: Suit(e.suit), Card: Card(e.card), Bid: int(e.bid)}
	if e.n > 0 {
		a.Cards = append([]Card(nil), e.cards[:e.n]...)
	}
	return a
}

// state is everything the actions change. Its fields are exported for JSON only.
type state struct {
	HandNo int `json:"hand"` // 1-based
	// HandStart is the index in the log of the hand's first action.
	HandStart int   `json:"hand_start,omitempty"`
	Dealer    int   `json:"dealer"`
	Phase     Phase `json:"phase"`
	Turn      int   `json:"turn"` // the seat to act; -1 when several may (six-handed pass) or none

	Hands [MaxPlayers]Hand `json:"hands"`
	// Sizes is how many cards each hand holds.
	Sizes [MaxPlayers]uint8 `json:"sizes"`

	// Bids holds this hand's auction from BidStart on (0 but in states stored by older
	// versions, which kept every hand's), forced bids included; Plays the cards played this
	// hand from PlayStart on. Both only grow within a hand, so that views can share them
	// (see View), and each hand starts them afresh (see nextRecord).
	Bids      []Bid    `json:"bids"`
	BidStart  int      `json:"bid_start"`
	Plays     []Played `json:"plays"`
	PlayStart int      `json:"play_start"`
	Passed    uint8    `json:"passed"` // seats that passed in the auction, one bit each
	High      int      `json:"high"`
	Bidder    int      `json:"bidder"`
	Trump     Suit     `json:"trump"`

	// Pending holds the seats yet to pass cards (six-handed), one bit each; Passing the
	// cards each has chosen.
	Pending uint8            `json:"pending,omitempty"`
	Passing [MaxPlayers]Hand `json:"passing"`
	// Passes are this hand's passes in the order they were made (a six-handed one as soon
	// as it is chosen), for the views of the giver and the receiver.
	Passes  [MaxPlayers]passEntry `json:"passes"`
	NPasses int                   `json:"n_passes"`

	MeldShown bool `json:"meld_shown"`
	Moon      bool `json:"moon,omitempty"`

	// Widow is a three-handed hand's widow (Rules.Widow cards), WidowTaken whether the
	// bidder has taken it; Buried the cards the bidder buried.
	Widow      [widowCap]Card `json:"widow,omitempty"`
	WidowTaken bool           `json:"widow_taken,omitempty"`
	Buried     Hand           `json:"buried,omitempty"`
	// SeatScores is every player's score when each scores alone (Rules.Solo).
	SeatScores [MaxPlayers]int `json:"seat_scores,omitzero"`

	// Stock is a two-handed hand's stock (Rules.Stock), drawn from index stockCap-StockN
	// on; its last card is the turned-up one.
	Stock  [stockCap]Card `json:"stock,omitempty"`
	StockN int            `json:"stock_n,omitempty"`

	Trick  [MaxPlayers]Card `json:"trick"`
	TrickN int              `json:"trick_n"`
	Leader int              `json:"leader"`
	WinIdx int              `json:"win_idx"`
	Tricks int              `json:"tricks"` // tricks completed this hand

	Took      uint8           `json:"took"`       // seats that took a counter, one bit each
	Points    [MaxPlayers]int `json:"points"`     // trick points each seat took, last-trick bonus included
	TricksWon [MaxPlayers]int `json:"tricks_won"` // tricks each seat took
	LastSeat  int             `json:"last_seat"`  // the seat that took the last trick, or -1

	Scores  [2]int       `json:"scores"`
	Results []HandResult `json:"results"` // only grows: views share it
	Winner  int          `json:"winner"`  // winning team, -1 for a draw or while playing
	Over    bool         `json:"over"`
}

// NewGame starts a game under the given rules (from NewRules), dealing the first hand from
// the seed. Seat 0 deals first.
func NewGame(rules Rules, seed uint64) (*Game, error) {
	if err := rules.validate(); err != nil {
		return nil, err
	}
	g := newGame()
	g.rules, g.seed = rules, seed
	g.st.Winner = -1
	g.startHand(1, 0)
	g.sync()
	return g, nil
}

// auction returns this hand's auction.
func (g *Game) auction() []Bid { return g.st.Bids[g.st.BidStart:] }

// Rules returns the game's rules.
func (g *Game) Rules() *Rules { return &g.rules }

// Seed returns the seed the game deals from.
func (g *Game) Seed() uint64 { return g.seed }

// Log returns the actions applied so far, oldest first.
func (g *Game) Log() []Action { return g.log.actions() }

// LogLen returns the number of actions applied so far.
func (g *Game) LogLen() int { return g.log.len() }

// LogAction returns the action applied at step i of the log (the first is 0), and false
// when no action has been applied at i.
func (g *Game) LogAction(i int) (Action, bool) {
	if i < 0 || i >= g.log.len() {
		return Action{}, false
	}
	return g.log.at(i), true
}

// SetNames sets the names the engine uses for seats in its messages ("it is Ana's turn").
// Names are not part of the game's state.
func (g *Game) SetNames(names []string) {
	var n [MaxPlayers]string
	copy(n[:], names)
	g.names = nil
	if n != ([MaxPlayers]string{}) {
		g.names = &n
	}
	g.pub.names = g.names
}

// Name returns a seat's name, or "seat N" (1-based) when none was set.
func (g *Game) Name(seat int) string { return seatName(g.names, seat) }

func seatName(names *[MaxPlayers]string, seat int) string {
	if names != nil && seat >= 0 && seat < MaxPlayers && names[seat] != "" {
		return names[seat]
	}
	return "seat " + strconv.Itoa(seat+1)
}

func (g *Game) possessive(seat int) string { return g.Name(seat) + "'s" }

// Phase returns the current phase.
func (g *Game) Phase() Phase { return g.st.Phase }

// Turn returns the seat to act, or -1 when several seats may act at once or none.
func (g *Game) Turn() int { return g.st.Turn }

// HandNumber returns the number of the hand in progress (1 for the first).
func (g *Game) HandNumber() int { return g.st.HandNo }

// Dealer returns the dealer of the hand in progress.
func (g *Game) Dealer() int { return g.st.Dealer }

// Hand returns a seat's cards. It is hidden information: show it to that seat only.
func (g *Game) Hand(seat int) Hand { return g.st.Hands[seat] }

// Bidder returns the seat holding the high bid: during the auction the highest bidder so
// far (-1 before the first bid), afterwards the seat that won the auction.
func (g *Game) Bidder() int { return g.st.Bidder }

// HighBid returns the highest bid so far, or 0.
func (g *Game) HighBid() int { return g.st.High }

// Trump returns the trump suit, or NoSuit before it is named.
func (g *Game) Trump() Suit { return g.st.Trump }

// Scores returns each team's game score.
func (g *Game) Scores() [2]int { return g.st.Scores }

// Results returns every finished hand's result, oldest first. The caller must not modify it.
func (g *Game) Results() []HandResult { return g.st.Results }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.st.Over }

// Winner returns the winning team once the game is over, or -1 for a draw (or while it
// is still being played).
func (g *Game) Winner() int { return g.st.Winner }

// Meld returns a seat's meld once it has been shown (after passing), and false before.
func (g *Game) Meld(seat int) (Meld, bool) {
	if g.shown == nil {
		return Meld{}, false
	}
	return g.shown[seat], g.st.MeldShown
}

// seatMeldTotal returns a seat's counted meld, 0 before it is counted.
func (g *Game) seatMeldTotal(seat int) int {
	if g.shown == nil {
		return 0
	}
	return g.shown[seat].Total
}

// Waiting reports whether the seat is expected to act now.
func (g *Game) Waiting(seat int) bool {
	return seat >= 0 && seat < g.rules.Players && g.waitingSeats()&(1<<seat) != 0
}

// waitingSeats returns the seats expected to act, one bit each.
func (g *Game) waitingSeats() uint8 {
	switch {
	case g.st.Over:
		return 0
	case g.st.Phase == PhasePass && g.rules.PassStyle == PassSixHanded:
		return g.st.Pending
	case g.st.Turn >= 0:
		return 1 << g.st.Turn
	}
	return 0
}

// TrickCards returns the cards of the trick in progress, in the order played.
// It is shared with the game: the caller must not modify it.
func (g *Game) TrickCards() []Played {
	n := len(g.st.Plays)
	return g.st.Plays[n-g.st.TrickN : n : n]
}

// LastTrick returns the last completed trick of the hand, or nil, read from the record of
// cards played as a view reads it. Its cards are shared with the game: do not modify them.
func (g *Game) LastTrick() *Trick {
	v := g.View(-1)
	t, ok := v.LastTrick()
	if !ok {
		return nil
	}
	return &t
}

// next returns the seat clockwise from seat.
func (g *Game) next(seat int) int {
	if seat++; seat == g.rules.Players {
		return 0
	}
	return seat
}

// Partner returns the seat whose cards a bidder exchanges with in a four-player game:
// the seat opposite (Rules.Partner).
func (g *Game) Partner(seat int) int { return g.rules.Partner(seat) }

// shuffle shuffles deck for the given hand, from a seed that mixes the game seed and the
// hand number.
func (g *Game) shuffle(deck []Card, hand int) {
	var src rand.PCG
	src.Seed(g.seed, uint64(hand)*0x9E3779B97F4A7C15+1)
	for i := len(deck) - 1; i > 0; i-- {
		// A uniform number in [0, n) by Lemire's method, its common case inline.
		n := uint64(i + 1)
		hi, lo := bits.Mul64(src.Uint64(), n)
		if lo < n {
			hi = boundedRetry(&src, n, hi, lo)
		}
		deck[i], deck[hi] = deck[hi], deck[i]
	}
}

// boundedRetry finishes Lemire's method from a first draw whose low half lo is below n:
// it draws again while lo falls in the biased part.
func boundedRetry(src *rand.PCG, n, hi, lo uint64) uint64 {
	for lo < (-n)%n {
		hi, lo = bits.Mul64(src.Uint64(), n)
	}
	return hi
}

// sortedDecks holds the single and the double deck in the order of Rules.Deck, which
// every hand's shuffle starts from. It is never written.
var sortedDecks = func() (d [2][80]Card) {
	for i, double := range []bool{false, true} {
		r := Rules{DoubleDeck: double}
		copy(d[i][:], r.Deck())
	}
	return d
}()

// startHand deals hand number n with dealer d and opens the auction.
func (g *Game) startHand(n, dealer int) {
	p := g.rules.Players
	st := &g.st
	st.HandNo, st.Dealer = n, dealer
	st.HandStart = g.log.len()
	// A new chunk has room for as many hands as the game has had, up to chunkHands: a
	// short game makes small ones.
	hands := min(n, chunkHands)
	st.Bids, st.BidStart = nextRecord(st.Bids, handBids, hands), 0
	st.Plays, st.PlayStart = nextRecord(st.Plays, g.rules.DeckSize(), hands), 0
	st.Passes, st.NPasses = [MaxPlayers]passEntry{}, 0
	g.shown, g.passBack = nil, nil
	st.Hands = [MaxPlayers]Hand{}
	st.Took = 0
	st.Passing = [MaxPlayers]Hand{}
	st.Points, st.TricksWon = [MaxPlayers]int{}, [MaxPlayers]int{}
	st.Passed, st.High, st.Bidder, st.Trump = 0, 0, -1, NoSuit
	st.Pending, st.MeldShown, st.Moon = 0, false, false
	st.TrickN, st.WinIdx, st.Tricks, st.LastSeat = 0, 0, 0, -1

	var buf [80]Card
	if g.rules.DoubleDeck {
		buf = sortedDecks[1]
	} else {
		buf = sortedDecks[0]
	}
	deck := buf[:g.rules.DeckSize()]
	g.shuffle(deck, n)
	st.StockN = 0
	st.Buried, st.WidowTaken, g.widow = Hand{}, false, nil
	if w := g.rules.Widow; w > 0 {
		// The widow is the deck's last cards; the rest are dealt.
		copy(st.Widow[:], deck[len(deck)-w:])
		deck = deck[:len(deck)-w]
	}
	if g.rules.Stock {
		g.startStockHand(deck)
		return
	}
	// Dealt one at a time from the dealer's left: the k-th seat from there takes every
	// p-th card from the k-th.
	seat := dealer
	for k := range p {
		if seat++; seat == p {
			seat = 0
		}
		h := &st.Hands[seat]
		for j := k; j < len(deck); j += p {
			h[deck[j]]++
		}
	}
	for s := range p {
		st.Sizes[s] = uint8(len(deck) / p)
	}

	st.Phase = PhaseBidding
	st.Turn = g.next(dealer)
	if g.rules.DealerOpens {
		st.Turn = dealer
	}
	if g.rules.ForcedOpen > 0 {
		st.Bids = append(st.Bids, Bid{Seat: st.Turn, Amount: g.rules.ForcedOpen, Forced: true})
		st.High, st.Bidder = g.rules.ForcedOpen, st.Turn
		st.Turn = g.next(st.Turn)
	}
}

// Apply applies an action. An action the rules do not allow at this moment returns a
// *RuleError and changes nothing.
func (g *Game) Apply(a Action) error {
	if err := g.check(&a); err != nil {
		return err
	}
	g.log.add(&a)
	hand := g.st.HandNo
	// Most actions change a few things: a card played in a hand that goes on, a bid or a
	// pass in an auction that goes on. Everything else syncs the whole kept view. A card,
	// the commonest action, goes straight to playCard rather than through apply's switch.
	if a.Kind == ActPlayCard {
		g.playCard(a.Seat, a.Card)
		switch {
		case g.st.TrickN > 0:
			g.syncTrick()
			return nil
		case g.st.Phase == PhasePlay && g.st.HandNo == hand:
			g.syncTrickEnd()
			return nil
		}
	} else {
		g.apply(&a)
		if (a.Kind == ActBid || a.Kind == ActPass) && g.st.Phase == PhaseBidding && g.st.HandNo == hand {
			g.syncAuction()
			return nil
		}
	}
	g.sync()
	return nil
}

// Check reports whether Apply would accept the action, without applying it.
func (g *Game) Check(a Action) error { return g.check(&a) }

func (g *Game) check(a *Action) error {
	st := &g.st
	// The commonest actions, a card or a bid of the seat to act in its phase, pass every
	// check before the one of their kind: they go straight to it.
	if a.Seat == st.Turn && a.Seat >= 0 && !st.Over {
		switch {
		case a.Kind == ActPlayCard && st.Phase == PhasePlay:
			return g.checkCard(a.Seat, a.Card)
		case a.Kind == ActBid && st.Phase == PhaseBidding:
			return g.checkBid(a.Bid)
		}
	}
	if st.Over {
		return ErrGameOver
	}
	if a.Seat < 0 || a.Seat >= g.rules.Players {
		return ruleErr(CodeBadSeat, fmt.Sprintf("there is no seat %d at this table", a.Seat+1))
	}
	if int(a.Kind) >= len(actionPhase) || a.Kind == 0 {
		return ruleErr(CodeWrongStep, "unknown action")
	}
	want := actionPhase[a.Kind]
	if a.Kind == ActDeclareOut && st.Phase == PhaseMeld {
		want = PhaseMeld
	}
	if want != st.Phase && !(want == PhasePass && st.Phase == PhasePassBack) {
		return ruleErr(CodeWrongStep, fmt.Sprintf("the table is %s, not %s", phaseDoing[st.Phase], phaseDoing[want]))
	}
	if st.Phase == PhasePass && g.rules.PassStyle == PassSixHanded {
		if g.rules.TeamOf(a.Seat) != g.rules.TeamOf(st.Bidder) {
			return ruleErr(CodeNotYourTurn, "only the bidding team passes cards")
		}
		if st.Pending&(1<<a.Seat) == 0 {
			return ruleErr(CodeAlreadyActed, "you have already passed your cards")
		}
	} else if a.Seat != st.Turn {
		return ruleErr(CodeNotYourTurn, fmt.Sprintf("it is %s turn", g.possessive(st.Turn)))
	}
	switch a.Kind {
	case ActBid:
		return g.checkBid(a.Bid)
	case ActPass:
		if st.High == 0 && g.rules.NobodyBids == LastMustBid && g.activeBidders() == 1 {
			return ruleErr(CodeMustBid, fmt.Sprintf("everyone else has passed: you must bid at least %d", g.rules.MinBid))
		}
	case ActTrump:
		if a.Suit >= NoSuit {
			return ruleErr(CodeBadTrump, "name a suit: spades, hearts, diamonds or clubs")
		}
		if g.TrumpChoices()&(1<<a.Suit) == 0 {
			return ruleErr(CodeBadTrump, fmt.Sprintf("you hold no marriage in %s: trump must be a suit where you hold a king and queen", a.Suit.Name()))
		}
	case ActPassCards:
		return g.checkPass(a.Seat, a.Cards)
	case ActPlayHand:
		if st.Moon {
			return ruleErr(CodeNotAllowed, "you have already decided")
		}
	case ActThrowIn:
		if !g.throwInAllowed() {
			if g.rules.ThrowIn == ThrowInHopeless {
				return ruleErr(CodeNotAllowed, fmt.Sprintf("you may throw in only when your meld plus all %d trick points cannot reach the bid", g.rules.TrickTotal()))
			}
			return ruleErr(CodeNotAllowed, "this table does not allow throwing in")
		}
	case ActShootMoon:
		if !g.rules.ShootMoon {
			return ruleErr(CodeNotAllowed, "this table does not play shoot the moon")
		}
	case ActMeld:
		return g.checkMeld(a.Seat, a.Cards)
	case ActDeclareOut:
		if !g.rules.DeclareOut {
			return ruleErr(CodeNotAllowed, "this table does not play declaring out")
		}
	case ActPlayCard:
		return g.checkCard(a.Seat, a.Card)
	}
	return nil
}

// checkCard reports whether seat, the seat to play, may play c. The cards it may play,
// kept for its view, are cards it holds: one of them passes at once, in a check small
// enough to be inlined, and cardError tells what is wrong with any other.
func (g *Game) checkCard(seat int, c Card) error {
	if g.pub.legal.Has(c) {
		return nil
	}
	return g.cardError(seat, c)
}

// cardError returns the error of a card that seat, the seat to play, may not play.
func (g *Game) cardError(seat int, c Card) error {
	if !c.Valid() || g.st.Hands[seat][c] == 0 {
		return ruleErr(CodeNotInHand, fmt.Sprintf("you do not hold %s", c.Symbol()))
	}
	return g.illegalCardError(seat)
}

var actionPhase = [...]Phase{
	ActBid: PhaseBidding, ActPass: PhaseBidding, ActTrump: PhaseTrump,
	ActPassCards: PhasePass, ActPlayHand: PhaseDecide, ActThrowIn: PhaseDecide,
	ActShootMoon: PhaseDecide, ActPlayCard: PhasePlay, ActMeld: PhaseMeld, ActDraw: PhaseMeld,
	ActDeclareOut: PhasePlay, // or PhaseMeld: see check
}

var phaseDoing = [...]string{"bidding", "naming trump", "passing cards", "passing cards back", "waiting for the bidder to play or throw in", "playing tricks", "melding", "finished"}

func (g *Game) activeBidders() int { return g.rules.Players - bits.OnesCount8(g.st.Passed) }

// checkBid reports whether amount would be a legal bid now, ignoring whose turn it is.
func (g *Game) checkBid(amount int) error {
	r := &g.rules
	lowest := r.minNextBid(g.st.High)
	if amount < lowest {
		if g.st.High == 0 {
			return ruleErr(CodeBadBid, fmt.Sprintf("the opening bid is at least %d", lowest))
		}
		return ruleErr(CodeBadBid, fmt.Sprintf("the bid is %d: bid at least %d", g.st.High, lowest))
	}
	if amount > r.MaxBid {
		return ruleErr(CodeBadBid, fmt.Sprintf("bids stop at %d", r.MaxBid))
	}
	if r.MaxRaise > 0 && g.st.High > 0 && amount > g.st.High+r.MaxRaise {
		return ruleErr(CodeBadBid, fmt.Sprintf("bids go up by %d to %d at a time: bid at most %d", r.MinRaise, r.MaxRaise, g.st.High+r.MaxRaise))
	}
	if !g.bidShape(amount) {
		if r.StepFrom > 0 && amount >= r.StepFrom {
			return ruleErr(CodeBadBid, fmt.Sprintf("from %d on, bids are multiples of %d", r.StepFrom, r.StepAbove))
		}
		return ruleErr(CodeBadBid, fmt.Sprintf("bids go up by %d from %d", r.BidStep, g.MinNextBid()))
	}
	return nil
}

func (g *Game) bidShape(amount int) bool { return g.rules.bidShape(amount) }

// bidShape reports whether amount is a multiple of the steps bids move in.
func (r *Rules) bidShape(amount int) bool {
	if amount%r.BidStep != 0 {
		return false
	}
	return r.StepFrom == 0 || amount < r.StepFrom || amount%r.StepAbove == 0
}

// MinNextBid returns the lowest bid the player to act may make.
func (g *Game) MinNextBid() int { return g.rules.minNextBid(g.st.High) }

// minNextBid returns the lowest bid over high (0: no bid yet).
func (r *Rules) minNextBid(high int) int {
	if high == 0 {
		return r.MinBid
	}
	amount := high + r.MinRaise
	if rem := amount % r.BidStep; rem != 0 {
		amount += r.BidStep - rem
	}
	if r.StepFrom == 0 {
		return amount // a multiple of the step has the bids' shape
	}
	for !r.bidShape(amount) {
		amount++
	}
	return amount
}

// NextBids returns up to n legal bid amounts, lowest first.
func (g *Game) NextBids(n int) []int { return g.AppendNextBids(make([]int, 0, n), n) }

// AppendNextBids appends up to n legal bid amounts, lowest first, to out.
func (g *Game) AppendNextBids(out []int, n int) []int {
	return g.rules.appendNextBids(out, g.st.High, n)
}

// appendNextBids appends up to n legal bids over high, lowest first, to out.
func (r *Rules) appendNextBids(out []int, high, n int) []int {
	n += len(out)
	hi := r.MaxBid
	if r.MaxRaise > 0 && high > 0 {
		hi = min(hi, high+r.MaxRaise)
	}
	a := r.minNextBid(high)
	if r.StepFrom == 0 {
		// Every BidStep from the lowest bid is a bid.
		for ; a <= hi && len(out) < n; a += r.BidStep {
			out = append(out, a)
		}
		return out
	}
	// The lowest bid has the bids' shape, and from it every BidStep is a multiple of the
	// step: only the multiples above StepFrom need a look.
	for ; a <= hi && len(out) < n; a += r.BidStep {
		if r.StepFrom == 0 || a < r.StepFrom || a%r.StepAbove == 0 {
			out = append(out, a)
		}
	}
	return out
}

// MustBid reports whether the player to act may not pass.
func (g *Game) MustBid() bool {
	return g.st.Phase == PhaseBidding && mustBid(&g.rules, g.st.High, g.st.Passed)
}

// mustBid reports whether the seat to bid may not pass: nobody has bid, everyone else has
// passed, and the rules make the last one bid.
func mustBid(r *Rules, high int, passed uint8) bool {
	return high == 0 && r.NobodyBids == LastMustBid && r.Players-bits.OnesCount8(passed) == 1
}

// TrumpChoices returns the suits the bidder may name, one bit per suit.
func (g *Game) TrumpChoices() uint8 { return trumpChoices(&g.rules, &g.st.Hands[g.st.Bidder]) }

// trumpChoices returns the suits a bidder holding h may name, one bit per suit.
func trumpChoices(r *Rules, h *Hand) uint8 {
	if !r.TrumpNeedsMarriage {
		return 0xF
	}
	return marriageSuits(h)
}

func marriageSuits(h *Hand) uint8 {
	var m uint8
	for s := Spades; s < NoSuit; s++ {
		if h[NewCard(King, s)] > 0 && h[NewCard(Queen, s)] > 0 {
			m |= 1 << s
		}
	}
	return m
}

// PassTarget returns the seat that receives the cards seat passes in the current phase.
func (g *Game) PassTarget(seat int) int {
	return g.rules.PassTarget(g.st.Phase, g.st.HandNo, g.st.Bidder, seat)
}

// PassTarget returns the seat that receives what seat passes in phase (PhasePass or
// PhasePassBack) of hand number hand, won by bidder: the bidder, its partner when it passes
// back, -1 when the cards are buried, and six-handed the teammate on the left in odd hands
// and on the right in even ones.
func (r *Rules) PassTarget(phase Phase, hand, bidder, seat int) int {
	p := r.Players
	switch {
	case phase == PhasePassBack:
		return r.Partner(bidder)
	case r.PassStyle == PassBury:
		return -1 // buried: no one receives them
	case r.PassStyle == PassSixHanded:
		if hand%2 == 1 {
			return (seat + 2) % p // to the teammate on the left
		}
		return (seat + p - 2) % p
	}
	return bidder
}

// PassRule describes the cards a seat must pass now: Count cards, of which at least Need
// must come from Prefer (the bidder's cards outside its shown meld, when it passes back).
type PassRule struct {
	Count  int
	Prefer Hand
	Need   int
}

// PassRuleFor returns the passing rule for a seat in the current phase.
func (g *Game) PassRuleFor(seat int) PassRule {
	if g.passBack != nil && seat == g.st.Bidder && g.st.Phase == PhasePassBack {
		return *g.passBack
	}
	return passRule(&g.rules, g.st.Phase, &g.st.Hands[seat], g.st.Trump)
}

// openPassBack works out what the bidder must pass back, once, when the rules restrict
// it: its cards outside its meld, which counting takes a while.
func (g *Game) openPassBack() {
	if g.rules.PassBackFree || g.st.Phase != PhasePassBack {
		return
	}
	if len(g.backs) == 0 {
		g.backs = make([]PassRule, min(g.st.HandNo, chunkHands))
	}
	pr := &g.backs[0]
	g.backs = g.backs[1:]
	*pr = passRule(&g.rules, PhasePassBack, &g.st.Hands[g.st.Bidder], g.st.Trump)
	g.passBack = pr
}

// passRule returns what a seat holding h must pass in phase.
func passRule(r *Rules, phase Phase, h *Hand, trump Suit) PassRule {
	pr := PassRule{Count: r.PassCount}
	if phase == PhasePassBack && !r.PassBackFree {
		m := CountMeld(h, trump, &r.Meld)
		used := m.Used() // a meld uses only cards the hand holds
		pr.Prefer = *h
		pr.Prefer.remove(&used)
		pr.Need = min(pr.Count, pr.Prefer.Len())
	}
	return pr
}

func (g *Game) checkPass(seat int, cards []Card) error {
	pr := g.PassRuleFor(seat)
	verb := "pass"
	if g.rules.PassStyle == PassBury {
		verb = "bury"
	}
	if len(cards) != pr.Count {
		return ruleErr(CodeBadPass, fmt.Sprintf("%s exactly %d cards", verb, pr.Count))
	}
	var give Hand
	for _, c := range cards {
		if !c.Valid() {
			return ruleErr(CodeNotInHand, "that is not a card")
		}
		give[c]++
	}
	if !g.st.Hands[seat].Contains(&give) {
		return ruleErr(CodeNotInHand, fmt.Sprintf("you can only %s cards you hold", verb))
	}
	if pr.Need > 0 && fromPreferred(cards, &pr.Prefer) < pr.Need {
		return ruleErr(CodeBadPass, fmt.Sprintf("your meld is shown: pass back %d cards that are not part of it", pr.Need))
	}
	return nil
}

// fromPreferred returns how many of cards count towards a pass rule's Need: each card
// taken from prefer while it holds a copy.
func fromPreferred(cards []Card, prefer *Hand) int {
	left, n := *prefer, 0
	for _, c := range cards {
		if left[c] > 0 {
			left[c]--
			n++
		}
	}
	return n
}

// hopeless reports whether the bidding team cannot make its bid even taking every trick.
func (g *Game) hopeless() bool {
	return g.rules.TricksNeeded(g.st.High, g.teamMeld(g.rules.TeamOf(g.st.Bidder), nil)) > g.rules.TrickTotal()
}

// PassBackMeld returns the bidder's meld in trump as its hand stands while it is to pass
// back (PhasePassBack), and whether the rules show it to the table: they do when the pass
// back must avoid it (Rules.PassBackFree false; see PassRuleFor). In other phases it
// returns the zero Meld and false.
func (g *Game) PassBackMeld() (m Meld, shown bool) {
	if g.st.Phase != PhasePassBack {
		return Meld{}, false
	}
	return CountMeld(&g.st.Hands[g.st.Bidder], g.st.Trump, &g.rules.Meld), !g.rules.PassBackFree
}

func (g *Game) throwInAllowed() bool { return throwInAllowed(&g.rules, g.hopeless()) }

// throwInAllowed reports whether the rules let a bidder throw in, given whether its
// contract is hopeless.
func throwInAllowed(r *Rules, hopeless bool) bool {
	switch r.ThrowIn {
	case ThrowInHopeless:
		return hopeless
	case ThrowInAny, ThrowInForced:
		return true
	}
	return false
}

// DecideChoices lists the actions the bidder may take in PhaseDecide.
// The slice is shared: the caller must not modify it.
func (g *Game) DecideChoices() []ActionKind { return decideChoices(&g.rules, g.hopeless()) }

// The lists decideChoices chooses from, read-only.
var (
	playOnly        = []ActionKind{ActPlayHand}
	playOrThrowIn   = []ActionKind{ActPlayHand, ActThrowIn}
	playOrMoon      = []ActionKind{ActPlayHand, ActShootMoon}
	playThrowInMoon = []ActionKind{ActPlayHand, ActThrowIn, ActShootMoon}
)

// decideChoices lists what a bidder may do before play, given whether its contract is
// hopeless.
func decideChoices(r *Rules, hopeless bool) []ActionKind {
	throwIn := throwInAllowed(r, hopeless)
	switch {
	case throwIn && r.ShootMoon:
		return playThrowInMoon
	case throwIn:
		return playOrThrowIn
	case r.ShootMoon:
		return playOrMoon
	}
	return playOnly
}

// LegalCards returns the distinct cards the seat may play now; empty when it is not that
// seat's turn to play.
func (g *Game) LegalCards(seat int) CardSet {
	st := &g.st
	if st.Phase != PhasePlay || seat != st.Turn {
		return 0
	}
	held := st.Hands[seat].Set()
	if st.TrickN == 0 || st.StockN > 0 {
		// Any card leads, and while a two-handed stock lasts any card follows.
		return held
	}
	return legalCards(held, st.Trick[0].Suit(), st.Trick[st.WinIdx], st.Trump, g.rules.Play)
}

func (g *Game) illegalCardError(seat int) error {
	st := &g.st
	lead := st.Trick[0].Suit()
	h := &st.Hands[seat]
	legal := g.LegalCards(seat)
	switch {
	case h.SuitCount(lead) > 0 && legal&suitMask(lead) == legal && legal != h.Set()&suitMask(lead):
		return ruleErr(CodeIllegalCard, fmt.Sprintf("you must beat %s: play %s", st.Trick[st.WinIdx].Symbol(), symbols(legal)))
	case h.SuitCount(lead) > 0:
		return ruleErr(CodeIllegalCard, fmt.Sprintf("you must follow suit: you hold %s", lead.Symbol()))
	case st.Trump != NoSuit && legal&suitMask(st.Trump) == legal:
		return ruleErr(CodeIllegalCard, fmt.Sprintf("you have no %s, so you must trump: play %s", lead.Symbol(), symbols(legal)))
	}
	return ruleErr(CodeIllegalCard, fmt.Sprintf("that card may not be played now: play %s", symbols(legal)))
}

func symbols(s CardSet) string {
	out := ""
	for i, c := range s.Cards() {
		if i > 0 {
			out += " "
		}
		out += c.Symbol()
	}
	return out
}

// apply changes the state for an action already checked.
func (g *Game) apply(a *Action) {
	st := &g.st
	switch a.Kind {
	case ActBid:
		st.Bids = append(st.Bids, Bid{Seat: a.Seat, Amount: a.Bid})
		st.High, st.Bidder = a.Bid, a.Seat
		g.advanceAuction(a.Seat)
	case ActPass:
		st.Bids = append(st.Bids, Bid{Seat: a.Seat})
		st.Passed |= 1 << a.Seat
		g.advanceAuction(a.Seat)
	case ActTrump:
		st.Trump = a.Suit
		g.afterTrump()
	case ActPassCards:
		give := HandOf(a.Cards...)
		to := g.PassTarget(a.Seat)
		if st.NPasses < len(st.Passes) {
			e := passEntry{From: int8(a.Seat), To: int8(to), N: uint8(len(a.Cards))}
			copy(e.Cards[:], a.Cards)
			st.Passes[st.NPasses] = e
			st.NPasses++
		}
		if g.rules.PassStyle == PassBury {
			g.bury(a.Seat, a.Cards)
			return
		}
		if g.rules.PassStyle == PassSixHanded && st.Phase == PhasePass {
			st.Passing[a.Seat] = give
			st.Pending &^= 1 << a.Seat
			if st.Pending == 0 {
				for s := range g.rules.Players {
					to := g.PassTarget(s)
					st.Hands[s].moveTo(&st.Hands[to], &st.Passing[s])
					n := st.Passing[s].Len()
					st.Sizes[s] -= uint8(n)
					st.Sizes[to] += uint8(n)
				}
				st.Passing = [MaxPlayers]Hand{}
				g.showMeld()
			}
			return
		}
		st.Hands[a.Seat].moveTo(&st.Hands[to], &give)
		st.Sizes[a.Seat] -= uint8(len(a.Cards))
		st.Sizes[to] += uint8(len(a.Cards))
		if st.Phase == PhasePass {
			st.Phase, st.Turn = PhasePassBack, st.Bidder
			g.openPassBack()
			return
		}
		g.showMeld()
	case ActPlayHand:
		g.startPlay()
	case ActThrowIn:
		g.finishHand(OutcomeThrownIn)
	case ActShootMoon:
		st.Moon = true
		g.startPlay()
	case ActPlayCard:
		g.playCard(a.Seat, a.Card)
	case ActMeld:
		g.layMeld(a.Seat, a.Cards)
	case ActDraw:
		g.draw(a.Seat)
	case ActDeclareOut:
		g.declareOut(a.Seat)
	}
}

func (g *Game) advanceAuction(seat int) {
	st := &g.st
	active := g.activeBidders()
	if active == 1 {
		last := 0
		for s := range g.rules.Players {
			if st.Passed&(1<<s) == 0 {
				last = s
			}
		}
		switch {
		case st.High > 0:
			g.endAuction()
			return
		case g.rules.NobodyBids == LastStuck:
			st.Bids = append(st.Bids, Bid{Seat: last, Amount: g.rules.StuckBid, Forced: true})
			st.High, st.Bidder = g.rules.StuckBid, last
			g.endAuction()
			return
		}
		st.Turn = last
		return
	}
	s := g.next(seat)
	for st.Passed&(1<<s) != 0 {
		s = g.next(s)
	}
	st.Turn = s
}

func (g *Game) endAuction() {
	st := &g.st
	if g.rules.Widow > 0 {
		g.takeWidow()
	}
	st.Phase, st.Turn = PhaseTrump, st.Bidder
	if g.rules.TrumpNeedsMarriage && g.TrumpChoices() == 0 {
		g.finishHand(OutcomeBoardSet)
	}
}

func (g *Game) afterTrump() {
	st := &g.st
	switch g.rules.PassStyle {
	case PassPartnerThenBack:
		st.Phase, st.Turn = PhasePass, g.Partner(st.Bidder)
	case PassBury:
		st.Phase, st.Turn = PhasePass, st.Bidder
	case PassSixHanded:
		st.Phase, st.Turn = PhasePass, -1
		st.Pending = 0
		for s := range g.rules.Players {
			if g.rules.TeamOf(s) == g.rules.TeamOf(st.Bidder) {
				st.Pending |= 1 << s
			}
		}
	default:
		g.showMeld()
	}
}

// showMeld counts every hand's meld after passing, applies an instant win, and moves to
// the bidder's decision or straight to play.
func (g *Game) showMeld() {
	st := &g.st
	st.MeldShown = true
	g.countMeld(st.Trump)
	for s := range g.rules.Players {
		if g.shown[s].WinsGame {
			g.finishHand(OutcomeInstantWin)
			return
		}
	}
	if g.rules.ThrowIn == ThrowInForced && g.hopeless() {
		g.finish(OutcomeThrownIn, true)
		return
	}
	if g.throwInAllowed() || g.rules.ShootMoon {
		st.Phase, st.Turn = PhaseDecide, st.Bidder
		return
	}
	g.startPlay()
}

// countMeld counts every seat's meld in trump into a fresh block of melds, which g.shown
// then points to: views made before keep the one they have.
func (g *Game) countMeld(trump Suit) {
	if len(g.melds) < MaxPlayers {
		g.melds = make([]Meld, min(g.st.HandNo, chunkHands)*MaxPlayers)
	}
	block := (*[MaxPlayers]Meld)(g.melds)
	g.melds = g.melds[MaxPlayers:]
	// The block is fresh: every meld in it is zero, as countMeld needs.
	for s := range g.rules.Players {
		countMeld(&block[s], &g.st.Hands[s], trump, &g.rules.Meld)
	}
	g.shown = block
}

func (g *Game) startPlay() {
	st := &g.st
	st.Phase = PhasePlay
	st.Leader, st.Turn = st.Bidder, st.Bidder
	st.TrickN, st.WinIdx = 0, 0
}

// TrickPoints returns what a trick of these cards scores: their counters and, for the last
// trick of a hand, the last-trick bonus.
func (r *Rules) TrickPoints(cards []Card, last bool) int {
	points := 0
	for _, c := range cards {
		points += r.RankValue[c.Rank()]
	}
	if last {
		points += r.LastTrick
	}
	return points
}

func (g *Game) playCard(seat int, c Card) {
	st := &g.st
	if g.table != nil {
		g.playFromTable(seat, c)
	}
	st.Hands[seat][c]--
	st.Sizes[seat]--
	st.Plays = append(st.Plays, Played{Seat: seat, Card: c})
	st.Trick[st.TrickN] = c
	if st.TrickN > 0 && Beats(c, st.Trick[st.WinIdx], st.Trump) {
		st.WinIdx = st.TrickN
	}
	st.TrickN++
	p := g.rules.Players
	if st.TrickN < p {
		st.Turn = g.next(seat)
		return
	}
	winner := st.Leader + st.WinIdx
	if winner >= p {
		winner -= p
	}
	st.Tricks++
	last := st.Tricks == g.rules.Tricks()
	counters := g.rules.TrickPoints(st.Trick[:p], false)
	points := counters
	if counters > 0 {
		st.Took |= 1 << winner
	}
	if last {
		st.LastSeat = winner
		points += g.rules.LastTrick
	}
	st.Points[winner] += points
	st.TricksWon[winner]++
	st.TrickN, st.WinIdx = 0, 0
	st.Leader, st.Turn = winner, winner
	switch {
	case last && g.rules.Stock:
		g.finishStockHand()
	case last:
		g.finishHand(OutcomePlayed)
	case st.StockN > 0:
		st.Phase = PhaseMeld
	}
}
