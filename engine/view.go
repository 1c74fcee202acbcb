package engine

import (
	"encoding/json"
	"fmt"
)

// SeatMeld is one seat's shown meld.
type SeatMeld struct {
	Seat     int        `json:"seat"`
	Total    int        `json:"total"`
	WinsGame bool       `json:"wins_game,omitempty"`
	Items    []MeldItem `json:"items"`
	// Cards are the cards the meld uses, each as often as it is needed: they are public
	// once meld is shown.
	Cards []Card `json:"cards,omitempty"`
}

// Pass is one exchange of cards that a seat took part in: the cards are known only to
// the giver and the receiver.
type Pass struct {
	From  int    `json:"from"`
	To    int    `json:"to"`
	Cards []Card `json:"cards"`
}

// passEntry is a pass kept by value: a hand's passes are few and short.
type passEntry struct {
	From  int8    `json:"from"`
	To    int8    `json:"to"`
	N     uint8   `json:"n"`
	Cards [4]Card `json:"cards"`
}

func (p *passEntry) pass() Pass {
	return Pass{From: int(p.From), To: int(p.To), Cards: append([]Card(nil), p.Cards[:p.N]...)}
}

// View is what one seat may know of the game: its own cards and everything public. A
// view for seat -1 is a spectator's: the public table only.
//
// A view is cheap to make and to copy: it holds the public scalars and the seat's own hand
// by value, and shares the game's history (the auction, the cards played, the shown meld,
// the pass-back rule and the hands' results) instead of copying it. That sharing is safe
// because the game only ever appends to that history: a view holds each record at the
// length it had when the view was made, reads nothing past that length and hands the
// record out capped at it; the game never writes an element below a length it has handed
// out, never truncates a record, and replaces (rather than rewrites) the shown meld, the
// pass-back rule and the names. So a view stays valid and unchanged while the game moves
// on, and may be read on another goroutine (a computer player thinking off the table's
// writer) with no lock, once it has been handed over (by a channel, say).
//
// What a seat may do is derived when asked (NextBids, TrumpChoices, PassRule,
// DecideChoices), never stored, except the cards it may play (Legal), which the game
// works out once for the seat to play, for its own check and for that seat's view, and
// what the bidder must pass back when its meld restricts it (PassRule), which the game
// works out once as the pass back opens.
type View struct {
	rules   *Rules
	names   *[MaxPlayers]string
	melds   *[MaxPlayers]Meld // the shown meld, nil before it is shown
	table   *tableState       // two-handed: the melds on the table (nil in other presets)
	widow   *[widowCap]Card   // three-handed: the widow, once the bidder has taken it
	back    *PassRule         // what the bidder must pass back, when the game worked it out
	bids    []Bid             // this hand's auction
	plays   []Played          // this hand's cards played: its completed tricks, then the trick in progress
	results []HandResult      // every finished hand
	hand    Hand              // the seat's own cards
	passes  seatPasses        // the passes of this hand the seat gave or received

	step    int32
	handNo  int32
	high    int32
	scores  [2]int32
	points  [MaxPlayers]int16 // trick points each seat took this hand
	sizes   [MaxPlayers]uint8 // cards each seat holds
	won     [MaxPlayers]uint8 // tricks each seat took this hand
	seat    int8
	dealer  int8
	turn    int8
	bidder  int8
	leader  int8
	winner  int8
	winIdx  int8  // the card winning the trick in progress, as an index into it
	trickN  uint8 // the cards in the trick in progress
	stockN  uint8 // two-handed: the cards left in the stock
	turnUp  Card  // two-handed: the turned-up card, while stockN > 0
	phase   Phase
	trump   Suit
	moon    bool
	over    bool
	passed  uint8 // seats that passed in the auction, one bit each
	waiting uint8 // seats expected to act, one bit each
	// legal is the cards the seat may play, when it is to play (0 otherwise).
	legal CardSet
}

// View returns what seat may know of the game; seat -1 gives the public table. It copies
// no history and allocates nothing: the part of a view that is the same for every seat is
// kept up to date by the game (see sync), and a view copies it whole. View is small enough
// to be inlined, so that the view is built where the caller wants it rather than copied
// there.
func (g *Game) View(seat int) View {
	v := g.pub
	v.rules, v.names = &g.rules, g.names
	if uint(seat) < uint(g.rules.Players) {
		g.seatPart(&v, seat)
	} else {
		v.legal = 0
	}
	return v
}

// seatPart adds to v, a copy of g.pub, what seat alone may know: its cards and passes,
// and the cards it may play when it is to play.
func (g *Game) seatPart(v *View, seat int) {
	v.seat = int8(seat)
	v.hand = g.st.Hands[seat]
	v.passes = g.passes[seat]
	if seat != g.st.Turn {
		v.legal = 0
	}
}

// seatPasses is the passes of a hand that one seat gave or received, as its view holds
// them.
type seatPasses struct {
	p [2]passEntry
	n uint8
}

// syncPasses works out, for every seat, the passes of the hand its view shows, when a
// pass or a new hand has changed them.
func (g *Game) syncPasses() {
	st := &g.st
	// A six-handed pass shows when the last one is made: a change of what the views show
	// is a change of the number of passes, or of the hand.
	key := [2]int{st.HandNo, st.NPasses}
	if g.passesOf == key {
		return
	}
	g.passesOf = key
	g.passes = [MaxPlayers]seatPasses{}
	pending := g.rules.PassStyle == PassSixHanded && st.Phase == PhasePass
	players := g.rules.Players
	for i := range st.NPasses {
		p := &st.Passes[i]
		from, to := int(p.From), int(p.To)
		if 0 <= from && from < players {
			g.passes[from].add(p)
		}
		// A six-handed pass is secret until everyone has chosen: only the giver knows it.
		// A buried pass has no receiver (To is -1).
		if 0 <= to && to < players && to != from && !pending {
			g.passes[to].add(p)
		}
	}
}

// add adds a pass to the seat's passes, while they have room.
func (sp *seatPasses) add(p *passEntry) {
	if int(sp.n) < len(sp.p) {
		sp.p[sp.n] = *p
		sp.n++
	}
}

// sync brings g.pub, the spectator's view, in line with the state: the game calls it after
// every change of its state (syncTrick, syncTrickEnd and syncAuction cover the commonest),
// so that View need only copy it and add the seat's own part, whose passes sync also
// keeps (see syncPasses). It also holds, for Apply's check and the view of the seat to
// play, the cards that seat may play; View clears them from every other seat's view.
func (g *Game) sync() {
	st := &g.st
	r := &g.rules
	v := &g.pub
	// The pointers are written only when they change: while the collector marks, every
	// pointer written to the heap costs a write barrier, and most actions change none.
	melds := g.shown
	if !st.MeldShown {
		melds = nil
	}
	if v.melds != melds {
		v.melds = melds
	}
	if v.rules != r {
		v.rules = r
	}
	if v.names != g.names {
		v.names = g.names
	}
	if v.table != g.table {
		v.table = g.table
	}
	if v.widow != g.widow {
		v.widow = g.widow
	}
	v.stockN, v.turnUp = uint8(st.StockN), st.Stock[stockCap-1]
	if v.back != g.passBack {
		v.back = g.passBack
	}
	extend(&v.bids, st.Bids[st.BidStart:])
	extend(&v.plays, st.Plays[st.PlayStart:])
	extend(&v.results, st.Results)
	v.step, v.handNo, v.high = int32(g.log.len()), int32(st.HandNo), int32(st.High)
	v.scores = [2]int32{int32(st.Scores[0]), int32(st.Scores[1])}
	v.seat, v.dealer, v.turn, v.bidder, v.leader = -1, int8(st.Dealer), int8(st.Turn), int8(st.Bidder), int8(st.Leader)
	v.winner, v.winIdx, v.trickN = int8(st.Winner), int8(st.WinIdx), uint8(st.TrickN)
	v.phase, v.trump, v.moon, v.over, v.passed = st.Phase, st.Trump, st.Moon, st.Over, st.Passed
	for s := range MaxPlayers {
		v.points[s] = int16(st.Points[s])
		v.won[s] = uint8(st.TricksWon[s])
	}
	v.sizes = st.Sizes
	v.waiting = g.waitingSeats()
	g.syncPasses()
	v.legal = 0
	if st.Phase == PhasePlay && st.Turn >= 0 {
		v.legal = g.LegalCards(st.Turn)
	}
}

// syncTrick brings g.pub up to date after a card played to a trick that goes on: it
// changes the player's hand size, the plays, the trick and the turn only.
func (g *Game) syncTrick() {
	st := &g.st
	v := &g.pub
	extend(&v.plays, st.Plays[st.PlayStart:])
	if v.table != g.table {
		v.table = g.table
	}
	v.step, v.turn, v.winIdx, v.trickN = int32(g.log.len()), int8(st.Turn), int8(st.WinIdx), uint8(st.TrickN)
	v.sizes = st.Sizes
	v.waiting = 1 << st.Turn // the seat to play, alone (see waitingSeats)
	v.legal = g.LegalCards(st.Turn)
}

// syncTrickEnd brings g.pub up to date after the last card of a trick, when the hand goes
// on: besides what syncTrick changes, the trick's winner leads and takes its points.
func (g *Game) syncTrickEnd() {
	st := &g.st
	v := &g.pub
	v.leader = int8(st.Leader)
	w := st.Leader
	v.points[w], v.won[w] = int16(st.Points[w]), uint8(st.TricksWon[w])
	g.syncTrick()
}

// syncAuction brings g.pub up to date after a bid or a pass in an auction that goes on:
// it changes the auction, the high bid, the passes and the turn only.
func (g *Game) syncAuction() {
	st := &g.st
	v := &g.pub
	extend(&v.bids, st.Bids[st.BidStart:])
	v.step, v.turn, v.high, v.bidder, v.passed = int32(g.log.len()), int8(st.Turn), int32(st.High), int8(st.Bidder), st.Passed
	v.waiting = 1 << st.Turn // the seat to bid, alone (see waitingSeats)
}

// extend sets *dst to src, a record that only grows: when *dst already holds the start of
// the same array (the record grew in place), only its length changes, and no pointer is
// written.
func extend[T any](dst *[]T, src []T) {
	if d := *dst; cap(d) == cap(src) && cap(d) > 0 && &d[:1][0] == &src[:1][0] {
		*dst = d[:len(src)]
		return
	}
	*dst = src
}

// Seat returns the seat the view is for, or -1 for a spectator's.
func (v *View) Seat() int { return int(v.seat) }

// Rules returns the table's rules, shared with the game: the caller must not modify them.
func (v *View) Rules() *Rules { return v.rules }

// Preset returns the name of the rules' preset.
func (v *View) Preset() string { return v.rules.Preset }

// Players returns the number of seats at the table.
func (v *View) Players() int { return v.rules.Players }

// Name returns a seat's name at the table, or "seat N" (1-based) when it has none.
func (v *View) Name(seat int) string { return seatName(v.names, seat) }

// Step returns the number of actions taken in the game so far.
func (v *View) Step() int { return int(v.step) }

// HandNo returns the number of the hand in progress (1 for the first).
func (v *View) HandNo() int { return int(v.handNo) }

// Dealer returns the dealer of the hand in progress.
func (v *View) Dealer() int { return int(v.dealer) }

// Phase returns the step the hand is at.
func (v *View) Phase() Phase { return v.phase }

// Turn returns the seat to act, or -1 when several seats may act at once or none.
func (v *View) Turn() int { return int(v.turn) }

// IsWaiting reports whether a seat is expected to act now.
func (v *View) IsWaiting(seat int) bool {
	return seat >= 0 && seat < MaxPlayers && v.waiting&(1<<seat) != 0
}

// Waiting returns every seat expected to act now (several during a six-handed pass).
func (v *View) Waiting() []int {
	var out []int
	for s := range v.rules.Players {
		if v.IsWaiting(s) {
			out = append(out, s)
		}
	}
	return out
}

// MyTurn reports whether the view's own seat is expected to act now.
func (v *View) MyTurn() bool { return v.IsWaiting(int(v.seat)) }

// Hand returns the seat's own cards (empty for a spectator).
func (v *View) Hand() Hand { return v.hand }

// Cards returns the seat's own cards, sorted (nil for a spectator).
func (v *View) Cards() []Card {
	if v.seat < 0 {
		return nil
	}
	return v.hand.Cards()
}

// HandSize returns how many cards a seat holds.
func (v *View) HandSize(seat int) int { return int(v.sizes[seat]) }

// Auction returns this hand's auction, oldest first. It is shared with the game: the
// caller must not modify it.
func (v *View) Auction() []Bid { return capped(v.bids) }

// High returns the highest bid so far, or 0.
func (v *View) High() int { return int(v.high) }

// Bidder returns the seat holding the high bid (-1 before the first bid).
func (v *View) Bidder() int { return int(v.bidder) }

// Trump returns the trump suit, or NoSuit before it is named.
func (v *View) Trump() Suit { return v.trump }

// Moon reports whether the bidder is shooting the moon.
func (v *View) Moon() bool { return v.moon }

// MeldShown reports whether this hand's meld has been shown.
func (v *View) MeldShown() bool { return v.melds != nil }

// ShownMeld returns a seat's meld once it is shown, and false before.
func (v *View) ShownMeld(seat int) (Meld, bool) {
	if v.melds == nil || seat < 0 || seat >= v.rules.Players {
		return Meld{}, false
	}
	return v.melds[seat], true
}

// Melds returns every seat's shown meld with its cards, or nil before meld is shown.
func (v *View) Melds() []SeatMeld {
	if v.melds == nil {
		return nil
	}
	out := make([]SeatMeld, v.rules.Players)
	for s := range out {
		out[s] = seatMeld(s, &v.melds[s])
	}
	return out
}

func seatMeld(seat int, m *Meld) SeatMeld {
	used := m.Used()
	return SeatMeld{Seat: seat, Total: m.Total, WinsGame: m.WinsGame, Items: append([]MeldItem(nil), m.Items()...), Cards: used.Cards()}
}

// TeamMeld returns a team's meld as it counts (zero below the team minimum), or 0 before
// meld is shown.
func (v *View) TeamMeld(team int) int {
	if v.melds == nil {
		return 0
	}
	return teamMeldOf(v.rules, v.melds, team, nil)
}

// Plays returns the cards played this hand, in order: its completed tricks, then the trick
// in progress. It is shared with the game: the caller must not modify it.
func (v *View) Plays() []Played { return capped(v.plays) }

// Trick returns the cards of the trick in progress, in the order played. It is shared with
// the game: the caller must not modify it.
func (v *View) Trick() []Played { return capped(v.plays)[len(v.plays)-int(v.trickN):] }

// Leader returns the seat that led the trick in progress (or leads the next one).
func (v *View) Leader() int { return int(v.leader) }

// Winning returns the index in Trick of the card winning it so far (0 when it is empty).
func (v *View) Winning() int { return int(v.winIdx) }

// NumTricks returns the number of tricks completed this hand.
func (v *View) NumTricks() int { return (len(v.plays) - int(v.trickN)) / v.rules.Players }

// CompletedTrick returns the i-th trick completed this hand (0 for the first). Its cards
// are shared with the game: the caller must not modify them.
func (v *View) CompletedTrick(i int) Trick {
	p := v.rules.Players
	t := Trick{Cards: v.plays[i*p : (i+1)*p : (i+1)*p]}
	var cards [MaxPlayers]Card
	for j, pl := range t.Cards {
		cards[j] = pl.Card
	}
	t.Winner = t.Cards[TrickWinner(cards[:p], v.trump)].Seat
	t.Points = v.rules.TrickPoints(cards[:p], i+1 == v.rules.Tricks())
	return t
}

// Tricks returns the tricks completed this hand, in order.
func (v *View) Tricks() []Trick {
	out := make([]Trick, v.NumTricks())
	for i := range out {
		out[i] = v.CompletedTrick(i)
	}
	return out
}

// LastTrick returns the last trick completed this hand, and false when there is none.
func (v *View) LastTrick() (Trick, bool) {
	n := v.NumTricks()
	if n == 0 {
		return Trick{}, false
	}
	return v.CompletedTrick(n - 1), true
}

// TricksWon returns the number of tricks a seat has taken this hand.
func (v *View) TricksWon(seat int) int { return int(v.won[seat]) }

// SeatPoints returns the trick points a seat has taken this hand (public: every played
// card is seen), the last-trick bonus included.
func (v *View) SeatPoints(seat int) int { return int(v.points[seat]) }

// TrickPoints returns the points a team has taken in tricks this hand.
func (v *View) TrickPoints(team int) int {
	n := 0
	for s := range v.rules.Players {
		if v.rules.TeamOf(s) == team {
			n += int(v.points[s])
		}
	}
	return n
}

// Scores returns each team's game score.
func (v *View) Scores() [2]int { return [2]int{int(v.scores[0]), int(v.scores[1])} }

// Results returns every finished hand's result, oldest first. It is shared with the game:
// the caller must not modify it.
func (v *View) Results() []HandResult { return capped(v.results) }

// capped returns s with its capacity cut to its length: the game's records hold room for
// what comes next, which a view hands to no one.
func capped[T any](s []T) []T { return s[:len(s):len(s)] }

// Over reports whether the game has ended.
func (v *View) Over() bool { return v.over }

// Winner returns the winning team once the game is over, or -1 (a draw, or still playing).
func (v *View) Winner() int { return int(v.winner) }

// Passes returns the passes of this hand that the seat gave or received, in order.
func (v *View) Passes() []Pass {
	if v.passes.n == 0 {
		return nil
	}
	out := make([]Pass, v.passes.n)
	for i := range out {
		out[i] = v.passes.p[i].pass()
	}
	return out
}

// waitingIn reports whether the view's seat is expected to act in phase.
func (v *View) waitingIn(phase Phase) bool { return v.phase == phase && v.MyTurn() }

// MinNextBid returns the lowest bid the seat to act may make.
func (v *View) MinNextBid() int { return v.rules.minNextBid(int(v.high)) }

// AppendNextBids appends up to n legal bid amounts, lowest first, to out.
func (v *View) AppendNextBids(out []int, n int) []int {
	return v.rules.appendNextBids(out, int(v.high), n)
}

// NextBids returns up to n legal bid amounts, lowest first, when the seat is to bid.
func (v *View) NextBids(n int) []int {
	if !v.waitingIn(PhaseBidding) {
		return nil
	}
	return v.AppendNextBids(make([]int, 0, n), n)
}

// MustBid reports whether the seat, to bid now, may not pass.
func (v *View) MustBid() bool {
	return v.waitingIn(PhaseBidding) && mustBid(v.rules, int(v.high), v.passed)
}

// TrumpChoices returns the suits the seat may name as trump, one bit per suit; 0 unless
// it is the seat's turn to name trump.
func (v *View) TrumpChoices() uint8 {
	if !v.waitingIn(PhaseTrump) {
		return 0
	}
	return trumpChoices(v.rules, &v.hand)
}

// PassTarget returns the seat that receives the cards seat passes now: public, since the
// rules say who passes to whom.
func (v *View) PassTarget(seat int) int {
	return v.rules.PassTarget(v.phase, int(v.handNo), int(v.bidder), seat)
}

// PassRule returns what the seat must pass now; the zero PassRule unless it is the seat's
// turn to pass.
func (v *View) PassRule() PassRule {
	if !v.MyTurn() || (v.phase != PhasePass && v.phase != PhasePassBack) {
		return PassRule{}
	}
	if v.back != nil && v.phase == PhasePassBack {
		return *v.back // the seat to pass back is the bidder
	}
	return passRule(v.rules, v.phase, &v.hand, v.trump)
}

// DecideChoices lists what the bidder may do before play (play, throw in, shoot the moon);
// nil unless it is the seat's turn to decide. The slice is shared: do not modify it.
func (v *View) DecideChoices() []ActionKind {
	if !v.waitingIn(PhaseDecide) {
		return nil
	}
	return decideChoices(v.rules, v.hopeless())
}

// hopeless reports whether the bidding team cannot make its bid even taking every trick.
func (v *View) hopeless() bool {
	return v.rules.TricksNeeded(int(v.high), v.TeamMeld(v.rules.TeamOf(int(v.bidder)))) > v.rules.TrickTotal()
}

// BiddersNeed returns the trick points the bidding team still needs to make its bid: the
// bid less its shown meld as it counts (Rules.TricksNeeded) and the trick points it has
// taken this hand, never below zero. It is false before meld is shown. The rules' other
// conditions of a made bid come on top (see TricksNeeded); on a moon the bidders need
// every trick instead. In three-handed the bidder plays alone: its own meld and tricks
// count, with the counters it buried in the bidder's own view (see Buried).
func (v *View) BiddersNeed() (int, bool) {
	if v.melds == nil {
		return 0, false
	}
	if v.rules.Solo {
		// The bidder alone: its meld and tricks, and, in its own view, the counters it
		// buried, which the others cannot see.
		b := int(v.bidder)
		_, buried := v.Buried()
		return max(0, v.rules.TricksNeeded(int(v.high), v.melds[b].Total)-int(v.points[b])-buried), true
	}
	bt := v.rules.TeamOf(int(v.bidder))
	return max(0, v.rules.TricksNeeded(int(v.high), v.TeamMeld(bt))-v.TrickPoints(bt)), true
}

// Legal returns the distinct cards the seat may play now; empty unless it is the seat's
// turn to play.
func (v *View) Legal() CardSet {
	if !v.waitingIn(PhasePlay) {
		return 0
	}
	return v.legal
}

// Check reports whether the seat's action is one the view allows: the seat is expected to
// act, and the action is among the choices the view lists. The game's own Check is the
// final word; a view accepts exactly the same actions of its seat.
func (v *View) Check(a Action) error {
	if v.over {
		return ErrGameOver
	}
	if a.Seat != int(v.seat) || v.seat < 0 {
		return ruleErr(CodeNotYourTurn, "that seat is not the one this view is for")
	}
	if !v.MyTurn() {
		return ruleErr(CodeNotYourTurn, "it is not this seat's turn")
	}
	if int(a.Kind) >= len(actionPhase) || a.Kind == 0 {
		return ruleErr(CodeWrongStep, "unknown action")
	}
	if want := actionPhase[a.Kind]; want != v.phase && !(want == PhasePass && v.phase == PhasePassBack) &&
		!(a.Kind == ActDeclareOut && v.phase == PhaseMeld) {
		return ruleErr(CodeWrongStep, fmt.Sprintf("the table is %s, not %s", phaseDoing[v.phase], phaseDoing[want]))
	}
	r := v.rules
	switch a.Kind {
	case ActBid:
		if a.Bid < v.MinNextBid() || a.Bid > r.MaxBid || !r.bidShape(a.Bid) ||
			(r.MaxRaise > 0 && v.high > 0 && a.Bid > int(v.high)+r.MaxRaise) {
			return ruleErr(CodeBadBid, fmt.Sprintf("%d is not a legal bid now", a.Bid))
		}
	case ActPass:
		if v.MustBid() {
			return ruleErr(CodeMustBid, "everyone else has passed: you must bid")
		}
	case ActTrump:
		if a.Suit >= NoSuit || v.TrumpChoices()&(1<<a.Suit) == 0 {
			return ruleErr(CodeBadTrump, "that suit may not be named trump")
		}
	case ActPassCards:
		pr := v.PassRule()
		if len(a.Cards) != pr.Count {
			return ruleErr(CodeBadPass, fmt.Sprintf("pass exactly %d cards", pr.Count))
		}
		var give Hand
		for _, c := range a.Cards {
			if !c.Valid() {
				return ruleErr(CodeNotInHand, "that is not a card")
			}
			give[c]++
		}
		if !v.hand.Contains(&give) {
			return ruleErr(CodeNotInHand, "you can only pass cards you hold")
		}
		if fromPreferred(a.Cards, &pr.Prefer) < pr.Need {
			return ruleErr(CodeBadPass, fmt.Sprintf("pass back %d cards that are not part of your meld", pr.Need))
		}
	case ActPlayHand, ActThrowIn, ActShootMoon:
		for _, k := range v.DecideChoices() {
			if k == a.Kind {
				return nil
			}
		}
		return ruleErr(CodeNotAllowed, "that choice is not open now")
	case ActPlayCard:
		if !a.Card.Valid() || !v.Legal().Has(a.Card) {
			return ruleErr(CodeIllegalCard, "that card may not be played now")
		}
	case ActDeclareOut:
		if !r.DeclareOut {
			return ruleErr(CodeNotAllowed, "this table does not play declaring out")
		}
	case ActMeld:
		given := HandOf(a.Cards...)
		for _, m := range v.MeldChoices() {
			if HandOf(m.Cards()...) == given {
				return nil
			}
		}
		return ruleErr(CodeBadMeld, "those cards cannot be melded now")
	}
	return nil
}

// viewDoc is the JSON form of a view: everything the seat may know, spelled out.
type viewDoc struct {
	Seat        int          `json:"seat"`
	Preset      string       `json:"preset"`
	Players     int          `json:"players"`
	Names       []string     `json:"names,omitempty"`
	Step        int          `json:"step"`
	HandNo      int          `json:"hand"`
	Dealer      int          `json:"dealer"`
	Phase       Phase        `json:"phase"`
	Turn        int          `json:"turn"`
	Waiting     []int        `json:"waiting,omitempty"`
	Cards       []Card       `json:"cards,omitempty"`
	HandSizes   []int        `json:"hand_sizes"`
	Auction     []Bid        `json:"auction"`
	High        int          `json:"high"`
	Bidder      int          `json:"bidder"`
	Trump       Suit         `json:"trump"`
	Moon        bool         `json:"moon,omitempty"`
	Melds       []SeatMeld   `json:"melds,omitempty"`
	TeamMeld    [2]int       `json:"team_meld"`
	Trick       []Played     `json:"trick,omitempty"`
	Tricks      []Trick      `json:"tricks,omitempty"`
	TricksWon   []int        `json:"tricks_won"`
	TrickPoints [2]int       `json:"trick_points"`
	Leader      int          `json:"leader"`
	Scores      [2]int       `json:"scores"`
	Results     []HandResult `json:"results,omitempty"`
	Over        bool         `json:"over"`
	Winner      int          `json:"winner"`
	Passes      []Pass       `json:"passes,omitempty"`
	Legal       []Card       `json:"legal,omitempty"`
	Bids        []int        `json:"bids,omitempty"`
	MustBid     bool         `json:"must_bid,omitempty"`
	Trumps      []Suit       `json:"trumps,omitempty"`
	PassCount   int          `json:"pass_count,omitempty"`
	PassTo      int          `json:"pass_to,omitempty"`
	Choices     []ActionKind `json:"choices,omitempty"`
	// Two-handed: the stock, the turned-up card, each seat's cards on the table and known
	// to be held, the meld each has laid this hand, the melds laid, and what may be laid.
	Stock       int        `json:"stock,omitempty"`
	TurnUp      *Card      `json:"turn_up,omitempty"`
	Tabled      [][]Card   `json:"tabled,omitempty"`
	Known       [][]Card   `json:"known,omitempty"`
	LaidPoints  []int      `json:"laid_points,omitempty"`
	Laid        []LaidMeld `json:"laid,omitempty"`
	MeldChoices []MeldItem `json:"meld_choices,omitempty"`
	// Three-handed: the widow once taken, and every player's score.
	Widow      []Card `json:"widow,omitempty"`
	SeatScores []int  `json:"seat_scores,omitempty"`
}

// MarshalJSON writes everything the view's seat may know, and what it may do now.
func (v View) MarshalJSON() ([]byte, error) {
	j := viewDoc{
		Seat: v.Seat(), Preset: v.Preset(), Players: v.Players(), Step: v.Step(), HandNo: v.HandNo(),
		Dealer: v.Dealer(), Phase: v.phase, Turn: v.Turn(), Waiting: v.Waiting(), Cards: v.Cards(),
		Auction: v.Auction(), High: v.High(), Bidder: v.Bidder(), Trump: v.trump, Moon: v.moon, Melds: v.Melds(),
		Trick: v.Trick(), Tricks: v.Tricks(), Leader: v.Leader(), Scores: v.Scores(), Results: v.Results(),
		Over: v.over, Winner: v.Winner(), Passes: v.Passes(), Legal: v.Legal().Cards(), Bids: v.NextBids(6),
		MustBid: v.MustBid(), Choices: v.DecideChoices(),
	}
	for s := range v.rules.Players {
		j.Names = append(j.Names, v.Name(s))
		j.HandSizes = append(j.HandSizes, v.HandSize(s))
		j.TricksWon = append(j.TricksWon, v.TricksWon(s))
	}
	for t := range 2 {
		j.TeamMeld[t], j.TrickPoints[t] = v.TeamMeld(t), v.TrickPoints(t)
	}
	for s := Spades; s < NoSuit; s++ {
		if v.TrumpChoices()&(1<<s) != 0 {
			j.Trumps = append(j.Trumps, s)
		}
	}
	if pr := v.PassRule(); pr.Count > 0 {
		j.PassCount, j.PassTo = pr.Count, v.PassTarget(v.Seat())
	}
	if v.rules.Solo {
		j.Widow, _ = v.Widow()
		sc := v.SeatScores()
		j.SeatScores = sc[:v.rules.Players]
	}
	if v.rules.Stock {
		j.Stock, j.Laid, j.MeldChoices = v.StockSize(), v.LaidMelds(), v.MeldChoices()
		if c, ok := v.TurnUp(); ok {
			j.TurnUp = &c
		}
		for s := range v.rules.Players {
			tabled, known := v.Tabled(s), v.KnownCards(s)
			j.Tabled = append(j.Tabled, tabled.Cards())
			j.Known = append(j.Known, known.Cards())
			j.LaidPoints = append(j.LaidPoints, v.LaidMeldPoints(s))
		}
	}
	return json.Marshal(j)
}

// MarshalJSON writes the meld with its breakdown.
func (m Meld) MarshalJSON() ([]byte, error) {
	return json.Marshal(SeatMeld{Seat: -1, Total: m.Total, WinsGame: m.WinsGame, Items: m.Items()})
}

// UnmarshalJSON reads a meld written by MarshalJSON.
func (m *Meld) UnmarshalJSON(b []byte) error {
	var sm SeatMeld
	if err := json.Unmarshal(b, &sm); err != nil {
		return err
	}
	if len(sm.Items) > maxMeldItems {
		return fmt.Errorf("meld has %d items, at most %d", len(sm.Items), maxMeldItems)
	}
	*m = Meld{Total: sm.Total, WinsGame: sm.WinsGame}
	m.n = uint8(copy(m.items[:], sm.Items))
	return nil
}

type meldItemJSON struct {
	Kind   string `json:"kind"`
	Name   string `json:"name"`
	Suit   Suit   `json:"suit"`
	Rank   string `json:"rank,omitempty"`
	Count  uint8  `json:"count"`
	Points int32  `json:"points"`
	Cards  []Card `json:"cards"`
}

// MarshalJSON writes the item with its name and cards.
func (it MeldItem) MarshalJSON() ([]byte, error) {
	j := meldItemJSON{Kind: it.Kind.String(), Name: it.Name(), Suit: it.Suit, Count: it.Count, Points: it.Points, Cards: it.Cards()}
	if it.Kind == MeldAround {
		j.Rank = it.Rank.String()
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads an item written by MarshalJSON.
func (it *MeldItem) UnmarshalJSON(b []byte) error {
	var j meldItemJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*it = MeldItem{Suit: j.Suit, Count: j.Count, Points: j.Points}
	found := false
	for k, n := range meldKindNames {
		if n == j.Kind {
			it.Kind, found = MeldKind(k), true
		}
	}
	if !found {
		return fmt.Errorf("unknown meld kind %q", j.Kind)
	}
	if j.Rank != "" {
		for r, n := range rankCodes {
			if n == j.Rank {
				it.Rank = Rank(r)
			}
		}
	}
	return nil
}

// snapshot is the JSON form of a game.
type snapshot struct {
	Rules Rules    `json:"rules"`
	Seed  uint64   `json:"seed"`
	Names []string `json:"names,omitempty"`
	State state    `json:"state"`
	// Melds is every seat's meld once counted this hand.
	Melds *[MaxPlayers]Meld `json:"melds,omitempty"`
	// Table is a two-handed hand's melds on the table.
	Table *tableState `json:"table,omitempty"`
	Log   []Action    `json:"log"`
}

// MarshalJSON writes the whole game: rules, seed, state and action log. It includes every
// hand: it is for storage, never for players (use View).
func (g *Game) MarshalJSON() ([]byte, error) {
	s := snapshot{Rules: g.rules, Seed: g.seed, State: g.st, Melds: g.shown, Table: g.table, Log: g.Log()}
	if g.names != nil {
		s.Names = g.names[:g.rules.Players]
	}
	return json.Marshal(s)
}

// UnmarshalJSON reads a game written by MarshalJSON. The state is taken as written; use
// Replay to rebuild a game from its log and so check it.
func (g *Game) UnmarshalJSON(b []byte) error {
	var s snapshot
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	if err := s.Rules.validate(); err != nil {
		return err
	}
	*g = Game{rules: s.Rules, seed: s.Seed, st: s.State}
	for _, a := range s.Log {
		if a.Seat < 0 || a.Seat >= s.Rules.Players || len(a.Cards) > len(logEntry{}.cards) || a.Bid < 0 || a.Bid > s.Rules.MaxBid {
			return fmt.Errorf("log holds an impossible action: %s", a)
		}
		g.log.add(&a)
	}
	g.SetNames(s.Names)
	if s.Melds != nil {
		g.shown = s.Melds
	}
	g.table = s.Table
	if s.State.WidowTaken {
		w := s.State.Widow
		g.widow = &w
	}
	g.openPassBack()
	g.sync()
	return nil
}

// Replay rebuilds a game from its rules, seed and actions. It fails on the first action
// the rules reject, naming its index.
func Replay(rules Rules, seed uint64, actions []Action) (*Game, error) {
	g, err := NewGame(rules, seed)
	if err != nil {
		return nil, err
	}
	for i, a := range actions {
		if err := g.Apply(a); err != nil {
			return nil, fmt.Errorf("replay action %d (%s): %w", i, a, err)
		}
	}
	return g, nil
}
