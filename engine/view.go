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

// View is what one seat may know of the game: its own cards and everything public. A
// view for seat -1 is a spectator's: the public table only.
type View struct {
	Seat    int    `json:"seat"`
	Preset  string `json:"preset"`
	Players int    `json:"players"`
	// Names are the seats' names at the table, when the game has them.
	Names []string `json:"names,omitempty"`
	// Step is the number of actions taken in the game so far.
	Step   int   `json:"step"`
	HandNo int   `json:"hand"`
	Dealer int   `json:"dealer"`
	Phase  Phase `json:"phase"`
	// Turn is the seat to act, or -1; Waiting lists every seat expected to act (several
	// during a six-handed pass).
	Turn    int   `json:"turn"`
	Waiting []int `json:"waiting,omitempty"`

	// Cards is the seat's own hand, sorted; HandSizes how many cards each seat holds.
	Cards     []Card `json:"cards,omitempty"`
	HandSizes []int  `json:"hand_sizes"`

	Auction []Bid `json:"auction"`
	High    int   `json:"high"`
	Bidder  int   `json:"bidder"`
	Trump   Suit  `json:"trump"`
	Moon    bool  `json:"moon,omitempty"`

	// Melds are shown once passing is over.
	Melds    []SeatMeld `json:"melds,omitempty"`
	TeamMeld [2]int     `json:"team_meld"`

	Trick     []Played `json:"trick,omitempty"`
	LastTrick *Trick   `json:"last_trick,omitempty"`
	TricksWon []int    `json:"tricks_won"`
	// TrickPoints are the points each team has taken in tricks this hand (public: every
	// played card is seen).
	TrickPoints [2]int `json:"trick_points"`

	Scores  [2]int       `json:"scores"`
	Results []HandResult `json:"results,omitempty"`
	Over    bool         `json:"over"`
	Winner  int          `json:"winner"`

	// Rules are the table's rules.
	Rules Rules `json:"-"`
	// Leader is the seat that led the trick in progress (or leads the next one).
	Leader int `json:"leader"`
	// Tricks are the completed tricks of this hand, in order: every card played is public.
	Tricks []Trick `json:"tricks,omitempty"`
	// Passes are the passes of this hand that the seat gave or received.
	Passes []Pass `json:"passes,omitempty"`

	// What the seat may do now, when it is its turn.
	Legal     []Card       `json:"legal,omitempty"`
	MinBid    int          `json:"min_bid,omitempty"`
	Bids      []int        `json:"bids,omitempty"`
	MustBid   bool         `json:"must_bid,omitempty"`
	Trumps    []Suit       `json:"trumps,omitempty"`
	PassCount int          `json:"pass_count,omitempty"`
	PassTo    int          `json:"pass_to,omitempty"`
	PassRule  PassRule     `json:"-"`
	Choices   []ActionKind `json:"choices,omitempty"`
}

// View returns what seat may know of the game; seat -1 gives the public table.
func (g *Game) View(seat int) View {
	st := &g.st
	r := &g.rules
	v := View{
		Seat: seat, Preset: r.Preset, Players: r.Players, HandNo: st.HandNo, Dealer: st.Dealer,
		Phase: st.Phase, Turn: st.Turn, Rules: *r, Leader: st.Leader, Step: len(g.log),
		Auction: append([]Bid(nil), st.Auction...), High: st.High, Bidder: st.Bidder, Trump: st.Trump, Moon: st.Moon,
		Trick: g.TrickCards(), LastTrick: g.LastTrick(),
		Scores: st.Scores, Results: append([]HandResult(nil), st.Results...), Over: st.Over, Winner: st.Winner,
	}
	for s := range r.Players {
		v.Names = append(v.Names, g.Name(s))
		v.HandSizes = append(v.HandSizes, st.Hands[s].Len())
		v.TricksWon = append(v.TricksWon, st.TricksWon[s])
		v.TrickPoints[r.TeamOf(s)] += st.Points[s]
		if g.Waiting(s) {
			v.Waiting = append(v.Waiting, s)
		}
	}
	if st.MeldShown {
		for s := range r.Players {
			m := st.Melds[s]
			used := m.Used()
			v.Melds = append(v.Melds, SeatMeld{Seat: s, Total: m.Total, WinsGame: m.WinsGame, Items: append([]MeldItem(nil), m.Items()...), Cards: used.Cards()})
		}
		for t := range 2 {
			v.TeamMeld[t] = g.teamMeld(t, nil)
		}
	}
	v.Tricks = g.handTricks()
	if seat < 0 || seat >= r.Players {
		v.Seat = -1
		return v
	}
	v.Cards = st.Hands[seat].Cards()
	v.Passes = g.handPasses(seat)
	if !g.Waiting(seat) {
		return v
	}
	switch st.Phase {
	case PhaseBidding:
		v.Bids = g.NextBids(6)
		v.MinBid = g.MinNextBid()
		v.MustBid = g.MustBid()
	case PhaseTrump:
		for s := Spades; s < NoSuit; s++ {
			if g.TrumpChoices()&(1<<s) != 0 {
				v.Trumps = append(v.Trumps, s)
			}
		}
	case PhasePass, PhasePassBack:
		v.PassCount = r.PassCount
		v.PassTo = g.PassTarget(seat)
		v.PassRule = g.PassRuleFor(seat)
	case PhaseDecide:
		v.Choices = g.DecideChoices()
	case PhasePlay:
		v.Legal = g.LegalCards(seat).Cards()
	}
	return v
}

// handTricks returns the completed tricks of the hand in progress, from the log.
func (g *Game) handTricks() []Trick {
	p := g.rules.Players
	var out []Trick
	var cards [MaxPlayers]Card
	var trick Trick
	n := 0
	for i := g.st.HandStart; i < len(g.log); i++ {
		e := &g.log[i]
		if ActionKind(e.kind) != ActPlayCard {
			continue
		}
		cards[n] = Card(e.card)
		trick.Cards = append(trick.Cards, Played{Seat: int(e.seat), Card: Card(e.card)})
		n++
		if n == p {
			w := TrickWinner(cards[:p], g.st.Trump)
			trick.Winner = trick.Cards[w].Seat
			trick.Points = g.rules.TrickPoints(cards[:p], len(out)+1 == g.rules.HandSize())
			out = append(out, trick)
			trick, n = Trick{}, 0
		}
	}
	return out
}

// handPasses returns the passes of the hand in progress that seat gave or received.
func (g *Game) handPasses(seat int) []Pass {
	var out []Pass
	st := &g.st
	for i := st.HandStart; i < len(g.log); i++ {
		e := &g.log[i]
		if ActionKind(e.kind) != ActPassCards {
			continue
		}
		from := int(e.seat)
		var to int
		switch {
		case g.rules.PassStyle == PassSixHanded:
			to = (from + 2) % g.rules.Players
			if st.HandNo%2 == 0 {
				to = (from + g.rules.Players - 2) % g.rules.Players
			}
		case from == st.Bidder:
			to = g.Partner(st.Bidder)
		default:
			to = st.Bidder
		}
		// A six-handed pass is secret until everyone has chosen: only the giver knows it.
		pending := g.rules.PassStyle == PassSixHanded && st.Phase == PhasePass
		if from == seat || (to == seat && !pending) {
			out = append(out, Pass{From: from, To: to, Cards: append([]Card(nil), e.cards[:e.n]...)})
		}
	}
	return out
}

// Hand returns the seat's own cards as a Hand.
func (v *View) Hand() Hand { return HandOf(v.Cards...) }

// AppendNextBids appends up to n legal bid amounts, lowest first, to out.
func (v *View) AppendNextBids(out []int, n int) []int {
	return v.Rules.appendNextBids(out, v.High, n)
}

// MinNextBid returns the lowest bid the seat to act may make.
func (v *View) MinNextBid() int { return v.Rules.minNextBid(v.High) }

// PassTarget returns the seat that receives the cards seat passes now: public, since the
// rules say who passes to whom.
func (v *View) PassTarget(seat int) int {
	p := v.Rules.Players
	switch {
	case v.Phase == PhasePassBack:
		return (v.Bidder + p/2) % p
	case v.Rules.PassStyle == PassSixHanded:
		if v.HandNo%2 == 1 {
			return (seat + 2) % p
		}
		return (seat + p - 2) % p
	}
	return v.Bidder
}

// ShownMeld returns a seat's meld once it is shown, and false before.
func (v *View) ShownMeld(seat int) (SeatMeld, bool) {
	for _, m := range v.Melds {
		if m.Seat == seat {
			return m, true
		}
	}
	return SeatMeld{}, false
}

// TrumpChoices returns the suits the seat may name as trump, one bit per suit.
func (v *View) TrumpChoices() uint8 {
	var m uint8
	for _, s := range v.Trumps {
		m |= 1 << s
	}
	return m
}

// LegalSet returns the cards the seat may play now.
func (v *View) LegalSet() CardSet {
	var s CardSet
	for _, c := range v.Legal {
		s = s.Add(c)
	}
	return s
}

// Check reports whether the seat's action is one the view allows: the seat is expected to
// act, and the action is among the choices the view lists. The game's own Check is the
// final word; a view accepts exactly the same actions of its seat.
func (v *View) Check(a Action) error {
	if v.Over {
		return ErrGameOver
	}
	if a.Seat != v.Seat || v.Seat < 0 {
		return ruleErr(CodeNotYourTurn, "that seat is not the one this view is for")
	}
	waiting := false
	for _, s := range v.Waiting {
		waiting = waiting || s == v.Seat
	}
	if !waiting {
		return ruleErr(CodeNotYourTurn, "it is not this seat's turn")
	}
	if int(a.Kind) >= len(actionPhase) || a.Kind == 0 {
		return ruleErr(CodeWrongStep, "unknown action")
	}
	if want := actionPhase[a.Kind]; want != v.Phase && !(want == PhasePass && v.Phase == PhasePassBack) {
		return ruleErr(CodeWrongStep, fmt.Sprintf("the table is %s, not %s", phaseDoing[v.Phase], phaseDoing[want]))
	}
	r := &v.Rules
	switch a.Kind {
	case ActBid:
		if a.Bid < v.MinBid || a.Bid > r.MaxBid || !r.bidShape(a.Bid) ||
			(r.MaxRaise > 0 && v.High > 0 && a.Bid > v.High+r.MaxRaise) {
			return ruleErr(CodeBadBid, fmt.Sprintf("%d is not a legal bid now", a.Bid))
		}
	case ActPass:
		if v.MustBid {
			return ruleErr(CodeMustBid, "everyone else has passed: you must bid")
		}
	case ActTrump:
		if a.Suit >= NoSuit || v.TrumpChoices()&(1<<a.Suit) == 0 {
			return ruleErr(CodeBadTrump, "that suit may not be named trump")
		}
	case ActPassCards:
		pr := v.PassRule
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
		held := v.Hand()
		if !held.Contains(&give) {
			return ruleErr(CodeNotInHand, "you can only pass cards you hold")
		}
		free := 0
		for i := range give {
			free += int(min(give[i], pr.Prefer[i]))
		}
		if free < pr.Need {
			return ruleErr(CodeBadPass, fmt.Sprintf("pass back %d cards that are not part of your meld", pr.Need))
		}
	case ActPlayHand, ActThrowIn, ActShootMoon:
		for _, k := range v.Choices {
			if k == a.Kind {
				return nil
			}
		}
		return ruleErr(CodeNotAllowed, "that choice is not open now")
	case ActPlayCard:
		if !a.Card.Valid() || !v.LegalSet().Has(a.Card) {
			return ruleErr(CodeIllegalCard, "that card may not be played now")
		}
	}
	return nil
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
	Log   []Action `json:"log"`
}

// MarshalJSON writes the whole game: rules, seed, state and action log. It includes every
// hand: it is for storage, never for players (use View).
func (g *Game) MarshalJSON() ([]byte, error) {
	s := snapshot{Rules: g.rules, Seed: g.seed, State: g.st, Log: g.Log()}
	for _, n := range g.names {
		if n != "" {
			s.Names = g.names[:g.rules.Players]
			break
		}
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
		if a.Seat < 0 || a.Seat >= s.Rules.Players || len(a.Cards) > 4 || a.Bid < 0 || a.Bid > s.Rules.MaxBid {
			return fmt.Errorf("log holds an impossible action: %s", a)
		}
		g.log = append(g.log, packAction(a))
	}
	g.SetNames(s.Names)
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
