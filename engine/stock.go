package engine

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Two-handed Pinochle (Rules.Stock) is played in two stages. While the stock lasts, a trick
// is any two cards, and its winner may lay one meld on the table, then both draw, the winner
// first; melded cards lie face up and stay playable. Once the stock is gone, the melded
// cards go back to the hands and the last twelve tricks are played by the rules' Play.
//
// The state keeps, for each seat, the cards it has on the table (a part of its hand) and,
// for each of those cards, the meld categories it has served in: a card melded once may be
// melded again only in another category, except that the king and queen of a royal marriage
// may grow into a run.

// stockCap is the most cards a stock holds: the 48-card deck less two hands of 12.
const stockCap = 24

// The bits of a tabled card's use, four for each copy of a kind (copy 0 in the low bits).
const (
	useCategory1 = 1 << iota // served in a run, marriage or dix
	useCategory2             // served in a pinochle
	useCategory3             // served in an around
	useRoyal                 // served in a royal marriage that has not grown into a run
)

func categoryUse(k MeldKind) uint8 { return 1 << (k.Category() - 1) }

// tableState is the public side of a two-handed hand: the cards each seat has melded on
// the table and what they have served in, the meld each has scored this hand, and the cards
// each is known to hold (the table's, and a turned-up card it took). A view shares it: the
// game never writes one a view holds, but replaces it (see Game.retable).
type tableState struct {
	Tabled [2]Hand            `json:"tabled"`
	Use    [2][NumKinds]uint8 `json:"use"`
	Known  [2]Hand            `json:"known"`
	Meld   [2]int             `json:"meld"`
	// Laid is this hand's melds in the order they were laid, for the story of the hand.
	Laid []LaidMeld `json:"laid,omitempty"`
}

// LaidMeld is a meld laid on the table in a two-handed game.
type LaidMeld struct {
	Seat int      `json:"seat"`
	Meld MeldItem `json:"meld"`
	// Exchanged reports that a dix was exchanged for the turned-up card.
	Exchanged bool `json:"exchanged,omitempty"`
}

// retable returns a copy of the table for the game to change: views keep the one they hold.
func (g *Game) retable() *tableState {
	t := new(tableState)
	if g.table != nil {
		*t = *g.table
		t.Laid = append([]LaidMeld(nil), g.table.Laid...)
	}
	g.table = t
	return t
}

// startStockHand deals a two-handed hand: Deal cards each, one at a time from the
// non-dealer, the next card turned up for trump, the rest the stock. A turned-up dix scores
// for the dealer at once.
func (g *Game) startStockHand(deck []Card) {
	st := &g.st
	r := &g.rules
	n := r.Deal * r.Players
	seat := st.Dealer
	for _, c := range deck[:n] {
		seat = g.next(seat)
		st.Hands[seat][c]++
	}
	for s := range r.Players {
		st.Sizes[s] = uint8(r.Deal)
	}
	// The stock is drawn from its front; the turned-up card lies under it and is drawn last.
	rest := deck[n:]
	st.Stock = [stockCap]Card{}
	st.StockN = len(rest)
	st.Stock[stockCap-1] = rest[0]
	copy(st.Stock[stockCap-len(rest):stockCap-1], rest[1:])
	st.Trump = rest[0].Suit()
	st.Bidder, st.High = -1, 0
	g.table = nil
	t := g.retable()
	if rest[0].Rank() == Nine {
		t.Meld[st.Dealer] += r.Meld.Dix
		t.Laid = append(t.Laid, LaidMeld{Seat: st.Dealer, Meld: MeldItem{Kind: MeldDix, Suit: st.Trump, Rank: Nine, Count: 1, Points: int32(r.Meld.Dix)}})
	}
	st.Phase = PhasePlay
	st.Leader = g.next(st.Dealer)
	st.Turn = st.Leader
	st.TrickN, st.WinIdx = 0, 0
}

// TurnUp returns the turned-up card while it lies under the stock.
func (g *Game) TurnUp() (Card, bool) {
	if !g.rules.Stock || g.st.StockN == 0 {
		return 0, false
	}
	return g.st.Stock[stockCap-1], true
}

// StockSize returns the cards left in the stock, the turned-up card included.
func (g *Game) StockSize() int { return g.st.StockN }

// meldCandidates lists every meld a two-handed player could lay in trump, one of each.
func meldCandidates(trump Suit, t *MeldTable) []MeldItem {
	out := []MeldItem{
		{Kind: MeldRun, Suit: trump, Count: 1, Points: int32(t.Run[1])},
		{Kind: MeldRoyalMarriage, Suit: trump, Count: 1, Points: int32(t.Royal[1])},
	}
	for s := Spades; s < NoSuit; s++ {
		if s != trump {
			out = append(out, MeldItem{Kind: MeldMarriage, Suit: s, Count: 1, Points: int32(t.Marriage[1])})
		}
	}
	out = append(out,
		MeldItem{Kind: MeldDix, Suit: trump, Rank: Nine, Count: 1, Points: int32(t.Dix)},
		MeldItem{Kind: MeldPinochle, Suit: NoSuit, Count: 1, Points: int32(t.Pinochle[1])},
		MeldItem{Kind: MeldPinochle, Suit: NoSuit, Count: 2, Points: int32(t.Pinochle[2])},
	)
	for _, rank := range [...]Rank{Ace, King, Queen, Jack} {
		out = append(out,
			MeldItem{Kind: MeldAround, Suit: NoSuit, Rank: rank, Count: 1, Points: int32(t.Around[rank][1])},
			MeldItem{Kind: MeldAround, Suit: NoSuit, Rank: rank, Count: 2, Points: int32(t.Around[rank][2])})
	}
	return out
}

// meldFit works out how a seat holding h, with table t, would lay meld m: how many copies
// of each kind come from the table (copies that may serve again in m's category) and how
// many new cards come from the hand. ok is false when the seat cannot lay it, or would lay
// no new card.
func meldFit(h *Hand, t *tableState, seat int, m MeldItem) (fromTable Hand, fresh int, ok bool) {
	need := HandOf(m.Cards()...)
	for k, n := range need {
		if n == 0 {
			continue
		}
		tabled, usable := uint8(0), uint8(0)
		if t != nil {
			tabled = t.Tabled[seat][k]
			for i := range tabled {
				if usableFor(t.Use[seat][k]>>(4*i)&0xF, m.Kind) {
					usable++
				}
			}
		}
		fromTable[k] = min(n, usable)
		fromHand := n - fromTable[k]
		if fromHand > h[k]-tabled {
			return fromTable, 0, false
		}
		fresh += int(fromHand)
	}
	return fromTable, fresh, fresh > 0
}

// usableFor reports whether a tabled copy that has served as use may serve in a meld of
// kind k: in another category, or in a run grown from its royal marriage.
func usableFor(use uint8, k MeldKind) bool {
	return use&categoryUse(k) == 0 || (k == MeldRun && use&useRoyal != 0)
}

// MeldChoices returns the melds the seat to meld may lay now (PhaseMeld), best first, or
// nil. Each is a meld of the kind MeldItem names; Action.Cards for ActMeld are its Cards.
func (g *Game) MeldChoices() []MeldItem {
	st := &g.st
	if st.Phase != PhaseMeld {
		return nil
	}
	return meldChoices(&st.Hands[st.Turn], g.table, st.Turn, st.Trump, &g.rules.Meld)
}

func meldChoices(h *Hand, t *tableState, seat int, trump Suit, mt *MeldTable) []MeldItem {
	var out []MeldItem
	for _, m := range meldCandidates(trump, mt) {
		if m.Points <= 0 {
			continue
		}
		if _, _, ok := meldFit(h, t, seat, m); ok {
			out = append(out, m)
		}
	}
	// Best first: the most points, then the order of meldCandidates.
	slices.SortStableFunc(out, func(a, b MeldItem) int { return cmp.Compare(b.Points, a.Points) })
	return out
}

// meldOfCards returns the meld that cards make in trump, and false when they make none.
func meldOfCards(cards []Card, trump Suit, mt *MeldTable) (MeldItem, bool) {
	given := HandOf(cards...)
	for _, m := range meldCandidates(trump, mt) {
		if HandOf(m.Cards()...) == given {
			return m, true
		}
	}
	return MeldItem{}, false
}

func (g *Game) checkMeld(seat int, cards []Card) error {
	st := &g.st
	for _, c := range cards {
		if !c.Valid() {
			return ruleErr(CodeNotInHand, "that is not a card")
		}
	}
	m, ok := meldOfCards(cards, st.Trump, &g.rules.Meld)
	if !ok || m.Points <= 0 {
		return ruleErr(CodeBadMeld, fmt.Sprintf("%s is not a meld", cardSymbols(cards)))
	}
	give := HandOf(cards...)
	if !st.Hands[seat].Contains(&give) {
		return ruleErr(CodeNotInHand, fmt.Sprintf("you do not hold %s", cardSymbols(cards)))
	}
	if _, _, ok := meldFit(&st.Hands[seat], g.table, seat, m); !ok {
		return ruleErr(CodeBadMeld, fmt.Sprintf("those cards have already made a %s meld: lay at least one new card, or a meld of another kind", categoryName(m.Kind)))
	}
	return nil
}

// cardSymbols writes cards as people read them: "K♠ Q♠".
func cardSymbols(cards []Card) string {
	out := make([]string, len(cards))
	for i, c := range cards {
		out[i] = c.Symbol()
	}
	return strings.Join(out, " ")
}

func categoryName(k MeldKind) string {
	switch k.Category() {
	case 2:
		return "pinochle"
	case 3:
		return "around"
	}
	return "run, marriage or dix"
}

// layMeld lays a checked meld on the table for the seat to meld, scores it, exchanges a
// dix for the turned-up card when it can, and draws.
func (g *Game) layMeld(seat int, cards []Card) {
	st := &g.st
	m, _ := meldOfCards(cards, st.Trump, &g.rules.Meld)
	fromTable, _, _ := meldFit(&st.Hands[seat], g.table, seat, m)
	t := g.retable()
	t.Meld[seat] += int(m.Points)
	laid := LaidMeld{Seat: seat, Meld: m}
	turn := st.Stock[stockCap-1]
	if m.Kind == MeldDix && st.StockN > 0 && turn.Rank() != Nine && t.Tabled[seat][cards[0]] == 0 {
		// The dix takes the turned-up card's place, and the card goes to the seat's hand,
		// face up: the other seat knows it.
		dix := cards[0]
		st.Hands[seat][dix]--
		st.Hands[seat][turn]++
		st.Stock[stockCap-1] = dix
		t.Known[seat][turn]++
		laid.Exchanged = true
	} else {
		cat := categoryUse(m.Kind)
		for c, n := range HandOf(cards...) {
			// Mark the table copies the meld reuses, then lay the new ones.
			reuse := fromTable[c]
			for i := uint8(0); i < t.Tabled[seat][c] && reuse > 0; i++ {
				shift := 4 * i
				use := t.Use[seat][c] >> shift & 0xF
				if !usableFor(use, m.Kind) {
					continue
				}
				use |= cat
				if m.Kind == MeldRun {
					use &^= useRoyal
				}
				t.Use[seat][c] = t.Use[seat][c]&^(0xF<<shift) | use<<shift
				reuse--
				n--
			}
			for ; n > 0; n-- {
				use := cat
				if m.Kind == MeldRoyalMarriage {
					use |= useRoyal
				}
				t.Use[seat][c] |= use << (4 * t.Tabled[seat][c])
				t.Tabled[seat][c]++
				// A card laid may be one the other seat already knew of (a turned-up card).
				t.Known[seat][c] = max(t.Known[seat][c], t.Tabled[seat][c])
			}
		}
	}
	t.Laid = append(t.Laid, laid)
	g.draw(seat)
}

// draw deals the next two cards of the stock, the first to seat (the trick's winner), and
// moves on to its lead. After the last two, the table's cards go back to the hands.
func (g *Game) draw(winner int) {
	st := &g.st
	loser := g.next(winner)
	for _, s := range [2]int{winner, loser} {
		c := st.Stock[stockCap-st.StockN]
		st.Hands[s][c]++
		st.Sizes[s]++
		if st.StockN == 1 {
			// The turned-up card: the other seat saw it taken.
			t := g.retable()
			t.Known[s][c]++
		}
		st.StockN--
	}
	if st.StockN == 0 {
		t := g.retable()
		t.Tabled, t.Use = [2]Hand{}, [2][NumKinds]uint8{}
	}
	st.Phase, st.Turn = PhasePlay, winner
}

// playFromTable notes that seat played a card of kind c: a copy on the table is played
// first, the one that has served in most categories, and the card is no longer known to be
// in the seat's hand.
func (g *Game) playFromTable(seat int, c Card) {
	t := g.table
	if t == nil || (t.Known[seat][c] == 0 && t.Tabled[seat][c] == 0) {
		return
	}
	t = g.retable()
	if t.Known[seat][c] > 0 {
		t.Known[seat][c]--
	}
	n := int(t.Tabled[seat][c])
	if n == 0 {
		return
	}
	best, bestUse := 0, -1
	for i := range n {
		use := int(t.Use[seat][c] >> (4 * i) & 0xF)
		if u := popcount4(use &^ useRoyal); u > bestUse {
			best, bestUse = i, u
		}
	}
	// Remove copy best, moving the last copy into its place.
	last := n - 1
	lastUse := t.Use[seat][c] >> (4 * last) & 0xF
	t.Use[seat][c] &^= 0xF << (4 * last)
	if best != last {
		t.Use[seat][c] = t.Use[seat][c]&^(0xF<<(4*best)) | lastUse<<(4*best)
	}
	t.Tabled[seat][c]--
}

func popcount4(x int) int { return x&1 + x>>1&1 + x>>2&1 + x>>3&1 }

// finishStockHand scores a two-handed hand: each player adds the meld it laid and the
// trick points it took.
func (g *Game) finishStockHand() {
	st := &g.st
	r := &g.rules
	res := HandResult{Hand: st.HandNo, Dealer: st.Dealer, Bidder: -1, Trump: st.Trump, Outcome: OutcomePlayed}
	for s := range r.Players {
		meld := 0
		if g.table != nil {
			meld = g.table.Meld[s]
		}
		res.SeatMeld[s] = meld
		res.SeatPoints[s] = st.Points[s]
		res.SeatSaved[s] = true
		t := r.TeamOf(s)
		res.Meld[t] += meld
		res.Tricks[t] += st.Points[s]
		res.Saved[t] = true
		res.Delta[t] += meld + st.Points[s]
	}
	for t := range 2 {
		st.Scores[t] += res.Delta[t]
	}
	res.Scores = st.Scores
	g.record(res, g.gameWinner(-1, false))
}

// LaidMelds returns the melds laid on the table this hand, in order (two-handed).
func (v *View) LaidMelds() []LaidMeld {
	if v.table == nil {
		return nil
	}
	return v.table.Laid
}

// Tabled returns the cards a seat has melded and still has on the table (two-handed). They
// are part of its hand, and public.
func (v *View) Tabled(seat int) Hand {
	if v.table == nil || seat < 0 || seat > 1 {
		return Hand{}
	}
	return v.table.Tabled[seat]
}

// KnownCards returns the cards every seat knows a seat holds (two-handed): those on the
// table, those melded earlier that it has not played, and a turned-up card it took.
func (v *View) KnownCards(seat int) Hand {
	if v.table == nil || seat < 0 || seat > 1 {
		return Hand{}
	}
	return v.table.Known[seat]
}

// declareOut ends the hand and the game on seat's claim: seat wins if its score, with the
// meld it has laid and the trick points it has taken this hand, reaches the target, and
// the other seat wins if not. Both score what the hand gave them so far.
func (g *Game) declareOut(seat int) {
	st := &g.st
	r := &g.rules
	res := HandResult{Hand: st.HandNo, Dealer: st.Dealer, Bidder: -1, Trump: st.Trump, Outcome: OutcomeDeclaredOut, WinsGame: true}
	for s := range r.Players {
		meld := 0
		if g.table != nil {
			meld = g.table.Meld[s]
		}
		res.SeatMeld[s], res.SeatPoints[s], res.SeatSaved[s] = meld, st.Points[s], true
		res.Meld[s], res.Tricks[s], res.Saved[s] = meld, st.Points[s], true
		res.Delta[s] = meld + st.Points[s]
		st.Scores[s] += res.Delta[s]
	}
	res.Scores = st.Scores
	win := 1 - seat
	if st.Scores[seat] >= r.Target && r.Target > 0 {
		win = seat
	}
	res.Made = win == seat
	st.TrickN = 0
	g.record(res, win)
}

// OutIfDeclared reports whether the view's seat would win by declaring out now: the
// table plays it (Rules.DeclareOut), and its score with this hand's meld and trick points
// reaches the target.
func (v *View) OutIfDeclared() bool {
	s := int(v.seat)
	if !v.rules.DeclareOut || s < 0 || s > 1 || v.rules.Target <= 0 {
		return false
	}
	return int(v.scores[s])+v.LaidMeldPoints(s)+int(v.points[s]) >= v.rules.Target
}

// LaidMeldPoints returns the meld a seat has scored this hand so far (two-handed).
func (v *View) LaidMeldPoints(seat int) int {
	if v.table == nil || seat < 0 || seat > 1 {
		return 0
	}
	return v.table.Meld[seat]
}

// StockSize returns the cards left in the stock, the turned-up card included (two-handed).
func (v *View) StockSize() int { return int(v.stockN) }

// TurnUp returns the turned-up card while it lies under the stock (two-handed).
func (v *View) TurnUp() (Card, bool) {
	if v.stockN == 0 || !v.rules.Stock {
		return 0, false
	}
	return v.turnUp, true
}

// MeldChoices returns the melds the seat may lay now (PhaseMeld, its turn), best first.
func (v *View) MeldChoices() []MeldItem {
	if v.phase != PhaseMeld || int(v.turn) != int(v.seat) || v.seat < 0 {
		return nil
	}
	return meldChoices(&v.hand, v.table, int(v.seat), v.trump, &v.rules.Meld)
}

// StockGame returns a two-handed game in the position the view shows, with the hidden
// cards as given: other is the other seat's whole hand (its known and tabled cards
// included), and stock the stock's cards in the order they would be drawn, the turned-up
// card last. It is for a computer player to play out a hand on a sampled deal: the game
// has the view's finished hands but no log (its views' Step counts from 0) and no names,
// and deals any later hand from seed 0. It fails when the cards given do not fit the view
// (sizes, known cards, the turned-up card, the deck).
func (v *View) StockGame(other Hand, stock []Card) (*Game, error) {
	r := v.rules
	if !r.Stock || v.seat < 0 || v.over {
		return nil, fmt.Errorf("engine: StockGame needs a seat's view of a two-handed game in play")
	}
	me := int(v.seat)
	opp := 1 - me
	switch {
	case other.Len() != int(v.sizes[opp]):
		return nil, fmt.Errorf("engine: StockGame: the other hand holds %d cards, not %d", other.Len(), v.sizes[opp])
	case len(stock) != int(v.stockN):
		return nil, fmt.Errorf("engine: StockGame: a stock of %d cards, not %d", len(stock), v.stockN)
	case len(stock) > 0 && stock[len(stock)-1] != v.turnUp:
		return nil, fmt.Errorf("engine: StockGame: the stock must end with the turned-up card")
	}
	known := v.KnownCards(opp)
	if !other.Contains(&known) {
		return nil, fmt.Errorf("engine: StockGame: the other hand lacks cards it is known to hold")
	}
	all := v.hand
	for c, n := range other {
		all[c] += n
	}
	for _, c := range stock {
		all[c]++
	}
	for _, p := range v.plays {
		all[p.Card]++
	}
	var deck Hand
	for c := Card(0); c < NumKinds; c++ {
		deck[c] = uint8(r.Copies(c))
	}
	if all != deck {
		return nil, fmt.Errorf("engine: StockGame: the cards given and seen are not the deck")
	}
	g := newGame()
	g.rules = *r
	st := &g.st
	st.HandNo, st.Dealer, st.Phase, st.Turn = int(v.handNo), int(v.dealer), v.phase, int(v.turn)
	st.Hands[me], st.Hands[opp] = v.hand, other
	st.Sizes[me], st.Sizes[opp] = uint8(v.hand.Len()), uint8(other.Len())
	st.Plays = append(st.Plays, v.plays...)
	st.Bidder, st.Trump, st.LastSeat, st.Winner = -1, v.trump, -1, -1
	st.StockN = len(stock)
	copy(st.Stock[stockCap-len(stock):], stock)
	trick := v.Trick()
	for i, p := range trick {
		st.Trick[i] = p.Card
	}
	st.TrickN, st.Leader, st.WinIdx = len(trick), int(v.leader), int(v.winIdx)
	st.Tricks = v.NumTricks()
	for s := range 2 {
		st.Points[s], st.TricksWon[s] = int(v.points[s]), int(v.won[s])
	}
	st.Scores = [2]int{int(v.scores[0]), int(v.scores[1])}
	// The results are the view's, capped: a result this game adds goes to an array of its
	// own, never into the one the view's game shares.
	st.Results = capped(v.results)
	g.table = v.table
	g.sync()
	return g, nil
}
