package engine

import (
	"encoding/json"
	"fmt"
)

// ActionKind is what a seat does.
type ActionKind uint8

// The actions. ActPass passes in the auction; ActPassCards passes cards to a partner.
const (
	ActBid        ActionKind = iota + 1 // bid Action.Bid
	ActPass                             // pass in the auction
	ActTrump                            // name Action.Suit as trump
	ActPassCards                        // pass Action.Cards
	ActPlayHand                         // the bidder plays the hand out
	ActThrowIn                          // the bidder concedes the hand
	ActShootMoon                        // the bidder announces that its team takes every trick
	ActPlayCard                         // play Action.Card to the trick
	ActMeld                             // two-handed: lay the meld Action.Cards on the table
	ActDraw                             // two-handed: draw without laying a meld
	ActDeclareOut                       // two-handed: claim to have reached the target (Rules.DeclareOut)
)

var actionNames = map[ActionKind]string{
	ActBid: "bid", ActPass: "pass", ActTrump: "trump", ActPassCards: "pass_cards",
	ActPlayHand: "play_hand", ActThrowIn: "throw_in", ActShootMoon: "shoot_moon", ActPlayCard: "play",
	ActMeld: "meld", ActDraw: "draw", ActDeclareOut: "declare_out",
}

// String returns the action kind's name as used in JSON.
func (k ActionKind) String() string {
	if n, ok := actionNames[k]; ok {
		return n
	}
	return "unknown"
}

// MarshalText encodes the kind as its name.
func (k ActionKind) MarshalText() ([]byte, error) {
	if _, ok := actionNames[k]; !ok {
		return nil, fmt.Errorf("unknown action kind %d", k)
	}
	return []byte(k.String()), nil
}

// UnmarshalText decodes a kind name.
func (k *ActionKind) UnmarshalText(b []byte) error {
	for kind, n := range actionNames {
		if n == string(b) {
			*k = kind
			return nil
		}
	}
	return fmt.Errorf("unknown action %q", b)
}

// Action is one move by one seat. Only the fields of its kind are used.
type Action struct {
	Seat  int
	Kind  ActionKind
	Bid   int
	Suit  Suit
	Card  Card
	Cards []Card
}

type actionJSON struct {
	Seat  int        `json:"seat"`
	Kind  ActionKind `json:"kind"`
	Bid   int        `json:"bid,omitempty"`
	Suit  *Suit      `json:"suit,omitempty"`
	Card  *Card      `json:"card,omitempty"`
	Cards []Card     `json:"cards,omitempty"`
}

// MarshalJSON writes the action with only its kind's fields, cards as codes:
// {"seat":1,"kind":"play","card":"AS"}.
func (a Action) MarshalJSON() ([]byte, error) {
	j := actionJSON{Seat: a.Seat, Kind: a.Kind}
	switch a.Kind {
	case ActBid:
		j.Bid = a.Bid
	case ActTrump:
		j.Suit = &a.Suit
	case ActPlayCard:
		j.Card = &a.Card
	case ActPassCards, ActMeld:
		j.Cards = a.Cards
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads an action written by MarshalJSON.
func (a *Action) UnmarshalJSON(b []byte) error {
	var j actionJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*a = Action{Seat: j.Seat, Kind: j.Kind, Bid: j.Bid, Cards: j.Cards}
	if j.Suit != nil {
		a.Suit = *j.Suit
	}
	if j.Card != nil {
		a.Card = *j.Card
	}
	return nil
}

// String describes the action briefly, for logs and the terminal.
func (a Action) String() string {
	switch a.Kind {
	case ActBid:
		return fmt.Sprintf("seat %d bids %d", a.Seat+1, a.Bid)
	case ActTrump:
		return fmt.Sprintf("seat %d names %s trump", a.Seat+1, a.Suit.Name())
	case ActPlayCard:
		return fmt.Sprintf("seat %d plays %s", a.Seat+1, a.Card)
	case ActPassCards:
		return fmt.Sprintf("seat %d passes %d cards", a.Seat+1, len(a.Cards))
	case ActMeld:
		return fmt.Sprintf("seat %d melds %s", a.Seat+1, FormatCards(a.Cards))
	}
	return fmt.Sprintf("seat %d: %s", a.Seat+1, a.Kind)
}
