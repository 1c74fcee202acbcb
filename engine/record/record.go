// Package record rebuilds the finished hands of a game from its rules, seed and actions,
// renders them as plain text for review, and reads and writes the versioned export file.
//
// It is pure: no I/O beyond the io.Reader and io.Writer it is given, no clock, no
// randomness. Only finished hands are ever returned, so a hand still in play cannot be
// reviewed.
package record

import (
	"errors"
	"fmt"

	"github.com/pinochle-discord/pinochle/engine"
)

// Pass is one seat's cards passed to another seat.
// To is -1 for the cards a three-handed bidder buried.
type Pass struct {
	From  int           `json:"from"`
	To    int           `json:"to"`
	Cards []engine.Card `json:"cards"`
}

// SeatMeld is one seat's meld with its breakdown.
type SeatMeld struct {
	Total    int               `json:"total"`
	WinsGame bool              `json:"wins_game,omitempty"`
	Items    []engine.MeldItem `json:"items"`
}

// Trick is one trick of a hand.
type Trick struct {
	Number int             `json:"number"` // 1-based within the hand
	Leader int             `json:"leader"`
	Cards  []engine.Played `json:"cards"` // in the order played, the leader's first
	Winner int             `json:"winner"`
	Points int             `json:"points"` // the last-trick bonus included
	Last   bool            `json:"last,omitempty"`
}

// Hand is one finished hand, from the deal to its result.
type Hand struct {
	Number  int `json:"number"` // 1-based
	Dealer  int `json:"dealer"`
	Players int `json:"players"`

	// Dealt holds every seat's cards as dealt, indexed by seat.
	Dealt []engine.Hand `json:"dealt"`
	// Auction holds every call in order, the forced ones (a forced opening, a stuck
	// bid) included and marked.
	Auction []engine.Bid `json:"auction"`
	Bidder  int          `json:"bidder"`
	Bid     int          `json:"bid"`
	// Trump is engine.NoSuit when none was named (a board set).
	Trump engine.Suit `json:"trump"`
	// Passes holds the cards passed, in the order the passes were made.
	Passes []Pass `json:"passes,omitempty"`
	// Held holds every seat's cards after the passes: the cards melded and played.
	Held []engine.Hand `json:"held"`
	// Meld holds every seat's meld, indexed by seat, as the engine counted it: in the
	// held cards with trump, or without trump when the board was set.
	Meld []SeatMeld `json:"meld"`
	// Decision is ActPlayHand, ActThrowIn or ActShootMoon when the bidder was asked,
	// and 0 when the hand went on (or ended) without asking.
	Decision engine.ActionKind `json:"decision,omitempty"`
	Tricks   []Trick           `json:"tricks,omitempty"`
	Result   engine.HandResult `json:"result"`
	// TurnUp is, in two-handed, the card turned up for trump; Laid the melds laid on the
	// table, in order (a dix turned up first, scored for the dealer).
	TurnUp *engine.Card      `json:"turn_up,omitempty"`
	Laid   []engine.LaidMeld `json:"laid,omitempty"`
	// Widow is, in three-handed, the widow the bidder took (nil when the hand ended
	// before); the bury is among Passes, to -1.
	Widow []engine.Card `json:"widow,omitempty"`
}

// ErrNotFinished is returned for a hand that has not finished (or does not exist).
var ErrNotFinished = errors.New("hand not finished")

// Hands replays the actions and returns every finished hand, in order. A hand still in
// play is never returned. It fails if the rules are invalid or an action is rejected.
func Hands(rules engine.Rules, seed uint64, actions []engine.Action) ([]Hand, error) {
	var out []Hand
	err := walk(rules, seed, actions, func(h *Hand) bool {
		out = append(out, *h)
		return true
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// HandAt returns finished hand n (1-based), replaying only as far as its end. It returns
// an error wrapping ErrNotFinished when hand n has not finished.
func HandAt(rules engine.Rules, seed uint64, actions []engine.Action, n int) (Hand, error) {
	var found *Hand
	err := walk(rules, seed, actions, func(h *Hand) bool {
		if h.Number == n {
			found = h
			return false
		}
		return true
	})
	if err != nil {
		return Hand{}, err
	}
	if found == nil {
		return Hand{}, fmt.Errorf("hand %d: %w", n, ErrNotFinished)
	}
	return *found, nil
}

// Count returns the number of finished hands of the game.
func Count(rules engine.Rules, seed uint64, actions []engine.Action) (int, error) {
	g, err := engine.Replay(rules, seed, actions)
	if err != nil {
		return 0, err
	}
	return len(g.Results()), nil
}

// walk replays actions, calling done for each hand as it finishes until done returns false.
func walk(rules engine.Rules, seed uint64, actions []engine.Action, done func(*Hand) bool) error {
	g, err := engine.NewGame(rules, seed)
	if err != nil {
		return err
	}
	r := g.Rules()
	p := r.Players
	var h *Hand
	start := func() {
		h = &Hand{Number: g.HandNumber(), Dealer: g.Dealer(), Players: p, Bidder: -1,
			Trump: engine.NoSuit, Dealt: make([]engine.Hand, p), Held: make([]engine.Hand, p)}
		for s := range p {
			h.Dealt[s] = g.Hand(s)
		}
		copy(h.Held, h.Dealt)
		if c, ok := g.TurnUp(); ok {
			h.TurnUp, h.Trump = &c, g.Trump()
			v := g.View(-1)
			h.Laid = append([]engine.LaidMeld(nil), v.LaidMelds()...)
		}
		if r.ForcedOpen > 0 {
			opener := (h.Dealer + 1) % p
			if r.DealerOpens {
				opener = h.Dealer
			}
			h.Auction = append(h.Auction, engine.Bid{Seat: opener, Amount: r.ForcedOpen, Forced: true})
		}
	}
	start()
	var trick []engine.Played
	for i, a := range actions {
		phase := g.Phase()
		to := -1
		if a.Kind == engine.ActPassCards {
			to = g.PassTarget(a.Seat)
		}
		nres := len(g.Results())
		if err := g.Apply(a); err != nil {
			return fmt.Errorf("replay action %d (%s): %w", i, a, err)
		}
		finished := len(g.Results()) > nres
		var res engine.HandResult
		if finished {
			res = g.Results()[nres]
		}
		switch a.Kind {
		case engine.ActBid:
			h.Auction = append(h.Auction, engine.Bid{Seat: a.Seat, Amount: a.Bid})
		case engine.ActPass:
			h.Auction = append(h.Auction, engine.Bid{Seat: a.Seat})
		case engine.ActTrump:
			h.Trump = a.Suit
		case engine.ActPassCards:
			h.Passes = append(h.Passes, Pass{From: a.Seat, To: to, Cards: append([]engine.Card(nil), a.Cards...)})
			for _, c := range a.Cards {
				h.Held[a.Seat][c]--
				if to >= 0 {
					h.Held[to][c]++
				}
			}
		case engine.ActPlayHand, engine.ActThrowIn, engine.ActShootMoon:
			h.Decision = a.Kind
		case engine.ActMeld:
			v := g.View(-1)
			if laid := v.LaidMelds(); len(laid) > 0 {
				h.Laid = append(h.Laid, laid[len(laid)-1])
			}
		case engine.ActPlayCard:
			trick = append(trick, engine.Played{Seat: a.Seat, Card: a.Card})
			if len(trick) == p {
				t := Trick{Number: len(h.Tricks) + 1, Leader: trick[0].Seat, Cards: trick, Last: finished}
				if lt := g.LastTrick(); !finished && lt != nil {
					t.Winner, t.Points = lt.Winner, lt.Points
				} else {
					cards := make([]engine.Card, p)
					for k, pl := range trick {
						cards[k] = pl.Card
					}
					t.Winner = trick[engine.TrickWinner(cards, h.Trump)].Seat
					t.Points = r.TrickPoints(cards, true)
				}
				h.Tricks = append(h.Tricks, t)
				trick = nil
			}
		}
		if w, ok := g.Widow(); ok && h.Widow == nil && phase == engine.PhaseBidding && !finished {
			// The bidder took the widow as the auction ended: it joins its held cards.
			h.Widow = append([]engine.Card(nil), w...)
			for _, c := range w {
				h.Held[g.Bidder()][c]++
			}
		}
		if phase == engine.PhaseBidding && (finished || g.Phase() != engine.PhaseBidding) {
			bidder, bid := g.Bidder(), g.HighBid()
			if finished {
				bidder, bid = res.Bidder, res.Bid
			}
			h.Bidder, h.Bid = bidder, bid
			if !hasBid(h.Auction) {
				h.Auction = append(h.Auction, engine.Bid{Seat: bidder, Amount: bid, Forced: true})
			}
		}
		if !r.Stock && phase != engine.PhaseDecide && phase != engine.PhasePlay && phase != engine.PhaseBidding &&
			h.Meld == nil && (finished || g.Phase() == engine.PhaseDecide || g.Phase() == engine.PhasePlay) {
			h.countMeld(r, h.Trump)
		}
		if finished {
			if h.Meld == nil && res.Outcome == engine.OutcomeBoardSet {
				h.countMeld(r, engine.NoSuit)
			}
			h.Result = res
			if !done(h) {
				return nil
			}
			if !g.Over() {
				start()
			}
		}
	}
	return nil
}

// countMeld counts every seat's meld in its held cards.
func (h *Hand) countMeld(r *engine.Rules, trump engine.Suit) {
	h.Meld = make([]SeatMeld, h.Players)
	for s := range h.Players {
		m := engine.CountMeld(&h.Held[s], trump, &r.Meld)
		h.Meld[s] = SeatMeld{Total: m.Total, WinsGame: m.WinsGame, Items: append([]engine.MeldItem(nil), m.Items()...)}
	}
}

// hasBid reports whether the auction holds a bid that is not a pass.
func hasBid(auction []engine.Bid) bool {
	for _, b := range auction {
		if !b.Pass() {
			return true
		}
	}
	return false
}
