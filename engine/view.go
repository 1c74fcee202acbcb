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
}

// View is what one seat may know of the game: its own cards and everything public. A
// view for seat -1 is a spectator's: the public table only.
type View struct {
	Seat    int    `json:"seat"`
	Preset  string `json:"preset"`
	Players int    `json:"players"`
	HandNo  int    `json:"hand"`
	Dealer  int    `json:"dealer"`
	Phase   Phase  `json:"phase"`
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

	// What the seat may do now, when it is its turn.
	Legal     []Card       `json:"legal,omitempty"`
	Bids      []int        `json:"bids,omitempty"`
	MustBid   bool         `json:"must_bid,omitempty"`
	Trumps    []Suit       `json:"trumps,omitempty"`
	PassCount int          `json:"pass_count,omitempty"`
	PassTo    int          `json:"pass_to,omitempty"`
	Choices   []ActionKind `json:"choices,omitempty"`
}

// View returns what seat may know of the game; seat -1 gives the public table.
func (g *Game) View(seat int) View {
	st := &g.st
	r := &g.rules
	v := View{
		Seat: seat, Preset: r.Preset, Players: r.Players, HandNo: st.HandNo, Dealer: st.Dealer,
		Phase: st.Phase, Turn: st.Turn,
		Auction: append([]Bid(nil), st.Auction...), High: st.High, Bidder: st.Bidder, Trump: st.Trump, Moon: st.Moon,
		Trick: g.TrickCards(), LastTrick: g.LastTrick(),
		Scores: st.Scores, Results: append([]HandResult(nil), st.Results...), Over: st.Over, Winner: st.Winner,
	}
	for s := range r.Players {
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
			v.Melds = append(v.Melds, SeatMeld{Seat: s, Total: m.Total, WinsGame: m.WinsGame, Items: append([]MeldItem(nil), m.Items()...)})
		}
		for t := range 2 {
			v.TeamMeld[t] = g.teamMeld(t, nil)
		}
	}
	if seat < 0 || seat >= r.Players {
		v.Seat = -1
		return v
	}
	v.Cards = st.Hands[seat].Cards()
	if !g.Waiting(seat) {
		return v
	}
	switch st.Phase {
	case PhaseBidding:
		v.Bids = g.NextBids(6)
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
	case PhaseDecide:
		v.Choices = g.DecideChoices()
	case PhasePlay:
		v.Legal = g.LegalCards(seat).Cards()
	}
	return v
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
