package commands

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/table"
)

// Action names what a control does. It is part of every custom ID.
type Action string

// Lobby controls, valid at any time (ID.Hand and ID.Step are 0).
const (
	ActJoin        Action = "join"   // take a free seat
	ActLeave       Action = "leave"  // leave the table before it starts
	ActAddComputer Action = "cpu"    // seat a computer player
	ActStart       Action = "start"  // start the game
	ActCancel      Action = "cancel" // close the table
	ActSeat        Action = "seat"   // sit in seat Arg (0-based)
)

// Table controls on the public game message, valid at any time.
const (
	ActHand     Action = "hand"    // the public "My hand" button
	ActRefresh  Action = "refresh" // show the private controls again
	ActNextHand Action = "next"    // deal on, during the pause after a hand
	ActWatch    Action = "watch"   // follow the table privately, for someone not seated
)

// Private controls, valid only at the step they were shown for.
const (
	ActBid       Action = "bid"       // bid Arg
	ActOther     Action = "other"     // open the bid modal
	ActBidModal  Action = "bidm"      // the bid modal's submission
	ActPass      Action = "pass"      // pass in the auction
	ActTrump     Action = "trump"     // name suit Arg (S, H, D or C) as trump
	ActPassCards Action = "give"      // select menu of cards to pass
	ActPlayHand  Action = "play_hand" // play the hand out
	ActThrowIn   Action = "throw"     // throw the hand in
	ActMoon      Action = "moon"      // shoot the moon
	ActCard      Action = "card"      // play card Arg (a code such as AS or 10H), or choose it (table.Settings.Confirm)
	ActPlayCard  Action = "playcard"  // play card Arg, chosen with ActCard
	ActHint      Action = "hint"      // ask the expert what to do now
	ActMeld      Action = "meld"      // two-handed: lay the meld of cards Arg (codes joined by "-", such as KS-QS)
	ActDraw      Action = "draw"      // two-handed: draw without laying a meld
)

// MaxIDLen is Discord's limit on a custom ID's length. Every ID that
// Validate accepts encodes to at most this many characters.
const MaxIDLen = 100

// idPrefix names the encoding and its version. A later encoding gets a new
// prefix, so that the controls of old messages are refused rather than
// misread.
const idPrefix = "p1"

// Bounds of the numbers in an ID, so that every valid ID fits in MaxIDLen.
const (
	maxGameDigits = 18
	maxStepDigits = 9
	maxGame       = 999_999_999_999_999_999
	maxStep       = 999_999_999
)

// maxBidDigits bounds a bid amount in an ID (the engine's bids stay far below).
const maxBidDigits = 6

// argKind is the syntax of an action's argument.
type argKind uint8

const (
	argNone argKind = iota
	argSeat
	argAmount
	argSuit
	argCard
	argCards
)

// maxMeldCards is the most cards one meld takes: eight of a rank around, doubled.
const maxMeldCards = 8

// actionArgs lists the known actions and their argument syntax. It is never
// modified.
var actionArgs = map[Action]argKind{
	ActJoin: argNone, ActLeave: argNone, ActAddComputer: argNone, ActStart: argNone, ActCancel: argNone,
	ActSeat: argSeat, ActHand: argNone, ActRefresh: argNone, ActNextHand: argNone,
	ActBid: argAmount, ActOther: argNone, ActBidModal: argNone, ActPass: argNone,
	ActTrump: argSuit, ActPassCards: argNone, ActPlayHand: argNone, ActThrowIn: argNone,
	ActMoon: argNone, ActCard: argCard, ActPlayCard: argCard, ActHint: argNone,
	ActMeld: argCards, ActDraw: argNone, ActWatch: argNone,
}

// ErrBadID is wrapped by every error of ParseID and ID.Validate.
var ErrBadID = errors.New("not a control of this bot")

// ID is the custom ID of a button, select menu or modal: the game, the
// moment it was shown for and what it does.
type ID struct {
	// Game is the game's ID in storage (at least 1).
	Game int64
	// Hand is the hand number (engine Game.HandNumber) the control was shown
	// in, or 0 for lobby and table controls that are valid at any time.
	Hand int
	// Step is the engine log length (Game.LogLen) when the control was
	// shown; 0 for controls valid at any time. With Hand at least 1, a Step
	// of 0 is a real step: the first action of the game.
	Step int
	// Action is what the control does.
	Action Action
	// Arg is the action's argument: a bid amount, a suit letter, a card
	// code or a seat number; "" for actions without one.
	Arg string
}

// String encodes the ID as "p1:GAME:HAND:STEP:ACTION", followed by
// ":ARG" when Arg is not empty, for example "p1:123:2:57:bid:260". An ID
// that Validate accepts encodes to at most MaxIDLen characters and
// ParseID reads it back unchanged.
func (id ID) String() string {
	var b strings.Builder
	b.Grow(48)
	b.WriteString(idPrefix)
	b.WriteByte(':')
	b.WriteString(strconv.FormatInt(id.Game, 10))
	b.WriteByte(':')
	b.WriteString(strconv.Itoa(id.Hand))
	b.WriteByte(':')
	b.WriteString(strconv.Itoa(id.Step))
	b.WriteByte(':')
	b.WriteString(string(id.Action))
	if id.Arg != "" {
		b.WriteByte(':')
		b.WriteString(id.Arg)
	}
	return b.String()
}

// Validate reports whether the ID is one the bot could make: a game from 1
// to 18 digits, a hand and step from 0 to 9 digits (both 0, or a hand of
// at least 1), a known action and an argument of the action's syntax.
func (id ID) Validate() error {
	switch {
	case id.Game < 1 || id.Game > maxGame:
		return fmt.Errorf("%w: game %d", ErrBadID, id.Game)
	case id.Hand < 0 || id.Step < 0 || id.Hand > maxStep || id.Step > maxStep:
		return fmt.Errorf("%w: hand %d, step %d", ErrBadID, id.Hand, id.Step)
	case id.Hand == 0 && id.Step != 0:
		return fmt.Errorf("%w: step %d without a hand", ErrBadID, id.Step)
	}
	kind, ok := actionArgs[id.Action]
	if !ok {
		return fmt.Errorf("%w: unknown action %q", ErrBadID, id.Action)
	}
	if err := checkArg(kind, id.Arg); err != nil {
		return fmt.Errorf("%w: action %s: %v", ErrBadID, id.Action, err)
	}
	return nil
}

func checkArg(kind argKind, arg string) error {
	switch kind {
	case argNone:
		if arg != "" {
			return fmt.Errorf("unexpected argument %q", arg)
		}
	case argSeat:
		n, err := parseDecimal(arg, 1)
		if err != nil || n >= engine.MaxPlayers {
			return fmt.Errorf("bad seat %q", arg)
		}
	case argAmount:
		n, err := parseDecimal(arg, maxBidDigits)
		if err != nil || n < 1 {
			return fmt.Errorf("bad amount %q", arg)
		}
	case argSuit:
		if suitByLetter(arg) == engine.NoSuit {
			return fmt.Errorf("bad suit %q", arg)
		}
	case argCard:
		if _, ok := cardByCode(arg); !ok {
			return fmt.Errorf("bad card %q", arg)
		}
	case argCards:
		if _, ok := cardsByCodes(arg); !ok {
			return fmt.Errorf("bad cards %q", arg)
		}
	}
	return nil
}

// MeldArg is the argument of an ActMeld control: the meld's cards' codes joined by "-",
// such as "KS-QS" (at most 8 cards, 31 characters).
func MeldArg(cards []engine.Card) string {
	codes := make([]string, len(cards))
	for i, c := range cards {
		codes[i] = c.String()
	}
	return strings.Join(codes, "-")
}

// cardsByCodes reads MeldArg's form: 1 to maxMeldCards card codes joined by "-".
func cardsByCodes(s string) ([]engine.Card, bool) {
	codes := strings.Split(s, "-")
	if len(codes) > maxMeldCards {
		return nil, false
	}
	cards := make([]engine.Card, len(codes))
	for i, code := range codes {
		c, ok := cardByCode(code)
		if !ok {
			return nil, false
		}
		cards[i] = c
	}
	return cards, true
}

// ParseID reads a custom ID written by ID.String. It is strict: the prefix,
// decimal numbers without signs or leading zeros, a known action and an
// argument of that action's syntax, nothing else. Any other string is an
// error wrapping ErrBadID: the control was not made by this bot (or by an
// older version of it) and must be refused.
func ParseID(s string) (ID, error) {
	if len(s) > MaxIDLen {
		return ID{}, fmt.Errorf("%w: %d characters", ErrBadID, len(s))
	}
	parts := strings.Split(s, ":")
	if len(parts) != 5 && len(parts) != 6 {
		return ID{}, fmt.Errorf("%w: %q", ErrBadID, s)
	}
	if parts[0] != idPrefix {
		return ID{}, fmt.Errorf("%w: unknown prefix %q", ErrBadID, parts[0])
	}
	game, err := parseDecimal(parts[1], maxGameDigits)
	if err != nil {
		return ID{}, fmt.Errorf("%w: game: %v", ErrBadID, err)
	}
	hand, err := parseDecimal(parts[2], maxStepDigits)
	if err != nil {
		return ID{}, fmt.Errorf("%w: hand: %v", ErrBadID, err)
	}
	step, err := parseDecimal(parts[3], maxStepDigits)
	if err != nil {
		return ID{}, fmt.Errorf("%w: step: %v", ErrBadID, err)
	}
	id := ID{Game: game, Hand: int(hand), Step: int(step), Action: Action(parts[4])}
	if len(parts) == 6 {
		if parts[5] == "" {
			return ID{}, fmt.Errorf("%w: empty argument", ErrBadID)
		}
		id.Arg = parts[5]
	}
	if err := id.Validate(); err != nil {
		return ID{}, err
	}
	return id, nil
}

// parseDecimal reads a number of 1 to maxDigits decimal digits, without a
// sign or leading zeros.
func parseDecimal(s string, maxDigits int) (int64, error) {
	if s == "" || len(s) > maxDigits {
		return 0, fmt.Errorf("bad number %q", s)
	}
	if len(s) > 1 && s[0] == '0' {
		return 0, fmt.Errorf("leading zero in %q", s)
	}
	var n int64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, fmt.Errorf("bad number %q", s)
		}
		n = n*10 + int64(c-'0')
	}
	return n, nil
}

// Current reports whether a control is still valid for seat in game g:
// controls valid at any time (Hand 0) always are; the others only in the
// hand and at the step they were shown for. The one exception is a
// six-handed pass, where the bidding team passes at once: a seat's select
// menu stays valid while the other seats pass, because no hand changes
// until all have.
func (id ID) Current(g *engine.Game, seat int) bool { return id.Stamp().Current(g, seat) }

// Stamp is the step of the game the control was shown at, as a table checks it.
func (id ID) Stamp() table.Stamp {
	return table.Stamp{Hand: id.Hand, Step: id.Step, PassCards: id.Action == ActPassCards}
}

// suitByLetter returns the suit with the letter s (S, H, D or C), or
// engine.NoSuit.
func suitByLetter(s string) engine.Suit {
	for su := engine.Spades; su < engine.NoSuit; su++ {
		if su.String() == s {
			return su
		}
	}
	return engine.NoSuit
}

// cardByCode returns the card whose code (Card.String) is exactly s.
func cardByCode(s string) (engine.Card, bool) {
	if len(s) < 2 || len(s) > 3 {
		return 0, false
	}
	su := suitByLetter(s[len(s)-1:])
	if su == engine.NoSuit {
		return 0, false
	}
	for r := engine.Nine; r <= engine.Ace; r++ {
		c := engine.NewCard(r, su)
		if c.String() == s {
			return c, true
		}
	}
	return 0, false
}
