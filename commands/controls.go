package commands

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/internal/words"
)

// Discord's limits on message components.
const (
	maxRows          = 5
	maxButtonsPerRow = 5
	// maxCardRows is the rows a hand's cards may take: the last row of a private view is
	// kept for its own buttons (Refresh, Hint, Next hand).
	maxCardRows      = maxRows - 1
	maxSelectOptions = 25
	maxLabelLen      = 80
	maxPlaceholder   = 150
)

// BidInputID is the custom ID of the bid modal's text input.
const BidInputID = "amount"

// ErrNotGameAction is returned by ActionFor for controls that do not map to
// an engine action (lobby and table controls, and the "Other amount" button
// that opens the bid modal).
var ErrNotGameAction = errors.New("the control is not a game action")

// Controls returns the components a seat gets in its private message for
// the current step of game g (stored with ID gameID): bid buttons in the
// auction, suit buttons to name trump, a select menu of cards to pass, the
// bidder's decision after meld, or the cards to play. It returns nil when
// the seat has nothing to do now. Every component's custom ID carries
// g.HandNumber() and g.LogLen().
func Controls(v *engine.View, gameID int64) []discordgo.MessageComponent {
	return ControlsChosen(v, gameID, 0)
}

// ControlsChosen is Controls at a table that confirms cards (table.Settings.Confirm):
// a card in chosen, the one the seat has chosen to play, stands out among the cards, and
// PlayButton plays it.
func ControlsChosen(v *engine.View, gameID int64, chosen engine.CardSet) []discordgo.MessageComponent {
	if v == nil || v.Over() || !v.MyTurn() {
		return nil
	}
	mk := func(a Action, arg string) string {
		return ID{Game: gameID, Hand: v.HandNo(), Step: v.Step(), Action: a, Arg: arg}.String()
	}
	switch v.Phase() {
	case engine.PhaseBidding:
		return bidControls(v, mk)
	case engine.PhaseTrump:
		return trumpControls(v, mk)
	case engine.PhasePass, engine.PhasePassBack:
		return passControls(v, mk)
	case engine.PhaseDecide:
		return decideControls(v, mk)
	case engine.PhasePlay:
		return playControls(v, mk, chosen)
	case engine.PhaseMeld:
		return meldControls(v, mk)
	}
	return nil
}

// meldControls are the choices of the winner of a trick while a two-handed stock lasts: a
// button for each meld it may lay (View.MeldChoices, best first), labelled with its name
// and points, and Draw, to lay none. They fit in the rows a hand's cards may take: there
// are at most 15 melds to choose from.
func meldControls(v *engine.View, mk idMaker) []discordgo.MessageComponent {
	buttons := []discordgo.MessageComponent{
		discordgo.Button{Label: "Draw (no meld)", Style: discordgo.SecondaryButton, CustomID: mk(ActDraw, "")},
	}
	for _, m := range v.MeldChoices() {
		label := words.Truncate(fmt.Sprintf("%s %d", words.Capitalise(m.Name()), m.Points), maxLabelLen)
		buttons = append(buttons, discordgo.Button{Label: label, Style: discordgo.PrimaryButton, CustomID: mk(ActMeld, MeldArg(m.Cards()))})
	}
	var rows []discordgo.MessageComponent
	for i := 0; i < len(buttons) && len(rows) < maxCardRows; i += maxButtonsPerRow {
		rows = append(rows, discordgo.ActionsRow{Components: buttons[i:min(i+maxButtonsPerRow, len(buttons))]})
	}
	return rows
}

// PlayButton is the button that plays card c, chosen at a table that confirms cards.
func PlayButton(v *engine.View, gameID int64, c engine.Card) discordgo.Button {
	return discordgo.Button{Label: "Play " + c.Symbol(), Style: discordgo.SuccessButton,
		CustomID: ID{Game: gameID, Hand: v.HandNo(), Step: v.Step(), Action: ActPlayCard, Arg: c.String()}.String()}
}

type idMaker func(a Action, arg string) string

// bidSteps returns the raises over the lowest legal bid offered as buttons.
func bidSteps(scale int) []int {
	if scale >= 10 {
		return []int{0, 10, 20, 50}
	}
	return []int{0, 1, 5, 10}
}

// BidChoices returns the bid amounts offered as buttons to the view's seat: the
// lowest legal bid and a few larger steps in the preset's scale, every one legal.
func BidChoices(v *engine.View) []int {
	const want = 4
	next := v.AppendNextBids(nil, want+2)
	if len(next) == 0 {
		return nil
	}
	legal := func(n int) bool {
		return v.Check(engine.Action{Seat: v.Seat(), Kind: engine.ActBid, Bid: n}) == nil
	}
	var out []int
	seen := map[int]bool{}
	add := func(n int) {
		if !seen[n] && len(out) < want && legal(n) {
			seen[n] = true
			out = append(out, n)
		}
	}
	for _, st := range bidSteps(v.Rules().Scale()) {
		add(next[0] + st)
	}
	for _, n := range next {
		add(n)
	}
	sort.Ints(out)
	return out
}

func bidControls(v *engine.View, mk idMaker) []discordgo.MessageComponent {
	var bids []discordgo.MessageComponent
	for i, n := range BidChoices(v) {
		style := discordgo.SecondaryButton
		if i == 0 {
			style = discordgo.PrimaryButton
		}
		bids = append(bids, discordgo.Button{Label: "Bid " + strconv.Itoa(n), Style: style, CustomID: mk(ActBid, strconv.Itoa(n))})
	}
	var rows []discordgo.MessageComponent
	if len(bids) > 0 {
		bids = append(bids, discordgo.Button{Label: "Other amount…", Style: discordgo.SecondaryButton, CustomID: mk(ActOther, "")})
		rows = append(rows, discordgo.ActionsRow{Components: bids})
	}
	if !v.MustBid() {
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Pass", Style: discordgo.DangerButton, CustomID: mk(ActPass, "")},
		}})
	}
	return rows
}

func trumpControls(v *engine.View, mk idMaker) []discordgo.MessageComponent {
	var buttons []discordgo.MessageComponent
	choices := v.TrumpChoices()
	for s := engine.Spades; s < engine.NoSuit; s++ {
		if choices&(1<<s) == 0 {
			continue
		}
		buttons = append(buttons, discordgo.Button{
			Label: s.Symbol() + " " + words.Capitalise(s.Name()), Style: discordgo.PrimaryButton, CustomID: mk(ActTrump, s.String()),
		})
	}
	if len(buttons) == 0 {
		return nil
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: buttons}}
}

// cardValue is a pass-menu value: a card code and a copy index.
func cardValue(c engine.Card, copy int) string { return c.String() + "#" + strconv.Itoa(copy) }

func passControls(v *engine.View, mk idMaker) []discordgo.MessageComponent {
	rule := v.PassRule()
	h := v.Hand()
	cards := h.Cards()
	if rule.Count < 1 || rule.Count > len(cards) || len(cards) > maxSelectOptions {
		return nil
	}
	// Passing back after meld, only the cards outside the meld are offered when they are
	// enough; otherwise they come first, marked, before the meld cards that must make up
	// the count.
	opts := make([]discordgo.SelectMenuOption, 0, len(cards))
	var meldOpts []discordgo.SelectMenuOption
	copies := map[engine.Card]int{}
	for _, c := range cards {
		k := copies[c]
		copies[c]++
		o := discordgo.SelectMenuOption{Label: c.Symbol(), Value: cardValue(c, k)}
		if rule.Need > 0 && k >= int(rule.Prefer[c]) {
			if rule.Need < rule.Count {
				o.Description = "part of your meld"
				meldOpts = append(meldOpts, o)
			}
			continue
		}
		if rule.Need > 0 && rule.Need < rule.Count {
			o.Description = "not in your meld"
		}
		opts = append(opts, o)
	}
	opts = append(opts, meldOpts...)
	var ph string
	if to := v.PassTarget(v.Seat()); to < 0 {
		// Three-handed: the bidder buries its cards, to no one.
		ph = fmt.Sprintf("Choose %d cards to bury (they count for you, unseen)", rule.Count)
	} else {
		ph = fmt.Sprintf("Choose %d cards to pass to %s", rule.Count, words.Truncate(v.Name(to), 40))
	}
	switch {
	case rule.Need == rule.Count:
		ph += " (your meld stays: cards outside it only)"
	case rule.Need > 0:
		ph += fmt.Sprintf(" (at least %d not in your meld)", rule.Need)
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.SelectMenu{
			MenuType:    discordgo.StringSelectMenu,
			CustomID:    mk(ActPassCards, ""),
			Placeholder: words.Truncate(ph, maxPlaceholder),
			MinValues:   ptr(rule.Count),
			MaxValues:   rule.Count,
			Options:     opts,
		},
	}}}
}

func decideControls(v *engine.View, mk idMaker) []discordgo.MessageComponent {
	var buttons []discordgo.MessageComponent
	for _, k := range v.DecideChoices() {
		switch k {
		case engine.ActPlayHand:
			buttons = append(buttons, discordgo.Button{Label: "Play the hand", Style: discordgo.PrimaryButton, CustomID: mk(ActPlayHand, "")})
		case engine.ActThrowIn:
			buttons = append(buttons, discordgo.Button{Label: "Throw in", Style: discordgo.DangerButton, CustomID: mk(ActThrowIn, "")})
		case engine.ActShootMoon:
			buttons = append(buttons, discordgo.Button{Label: "Shoot the moon", Style: discordgo.SuccessButton, CustomID: mk(ActMoon, "")})
		}
	}
	if len(buttons) == 0 {
		return nil
	}
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: buttons}}
}

// playControls lays out one button per distinct card, a row per suit where
// that fits in five rows (a suit of six distinct cards takes two), and
// otherwise five to a row in suit order. A hand holds at most 24 distinct
// cards, so the buttons always fit.
// playControls lays out a button per card the seat held when play began, so that the
// buttons keep their places through the hand (a click where a card was never plays
// another): a card still held plays it, enabled when it is legal; one played since is a
// disabled "·".
func playControls(v *engine.View, mk idMaker, chosen engine.CardSet) []discordgo.MessageComponent {
	h := v.Hand()
	legal := v.Legal()
	held := h.Set()
	// While a two-handed stock lasts the hand changes with every draw, and over a hand a
	// seat holds more distinct cards than there are places: the buttons are the cards held.
	for _, p := range v.Plays() {
		if p.Seat == v.Seat() && !v.Rules().Stock {
			held = held.Add(p.Card)
		}
	}
	distinct := held.Cards()
	if len(distinct) == 0 || len(distinct) > maxCardRows*maxButtonsPerRow {
		return nil
	}
	button := func(c engine.Card) discordgo.MessageComponent {
		if !h.Has(c) {
			return discordgo.Button{Label: "·", Style: discordgo.SecondaryButton, Disabled: true, CustomID: mk(ActCard, c.String())}
		}
		label := c.Symbol()
		if n := h.Count(c); n > 1 {
			label += " ×" + strconv.Itoa(n)
		}
		b := discordgo.Button{Label: label, Style: discordgo.PrimaryButton, CustomID: mk(ActCard, c.String())}
		switch {
		case !legal.Has(c):
			b.Style, b.Disabled = discordgo.SecondaryButton, true
		case chosen.Has(c):
			b.Style = discordgo.SuccessButton
		}
		return b
	}
	groups := cardRows(distinct)
	rows := make([]discordgo.MessageComponent, 0, len(groups))
	for _, grp := range groups {
		bs := make([]discordgo.MessageComponent, len(grp))
		for i, c := range grp {
			bs[i] = button(c)
		}
		rows = append(rows, discordgo.ActionsRow{Components: bs})
	}
	return rows
}

// cardRows lays out distinct cards (sorted by suit) in rows of at most five, in at most
// maxCardRows rows when they fit: a row per suit, a suit of six taking two. Should that need
// more rows, whole suits that fit in one row share it, the pair with the fewest cards
// first, then any neighbours that fit; failing that, five to a row in order.
func cardRows(distinct []engine.Card) [][]engine.Card {
	type group struct {
		cards []engine.Card
		whole bool // a whole suit, not a part of a suit of six
	}
	var groups []group
	for _, c := range distinct {
		n := len(groups)
		if n == 0 || groups[n-1].cards[0].Suit() != c.Suit() || len(groups[n-1].cards) == maxButtonsPerRow {
			groups = append(groups, group{whole: n == 0 || groups[n-1].cards[0].Suit() != c.Suit()})
			n++
		}
		groups[n-1].cards = append(groups[n-1].cards, c)
	}
	for i := range groups {
		if i+1 < len(groups) && groups[i+1].cards[0].Suit() == groups[i].cards[0].Suit() {
			groups[i].whole, groups[i+1].whole = false, false
		}
	}
	for len(groups) > maxCardRows {
		best := -1
		for _, wholeOnly := range []bool{true, false} {
			for i := 0; i+1 < len(groups); i++ {
				n := len(groups[i].cards) + len(groups[i+1].cards)
				if n > maxButtonsPerRow || (wholeOnly && !(groups[i].whole && groups[i+1].whole)) {
					continue
				}
				if best < 0 || n < len(groups[best].cards)+len(groups[best+1].cards) {
					best = i
				}
			}
			if best >= 0 {
				break
			}
		}
		if best < 0 {
			break
		}
		merged := group{cards: append(slices.Clone(groups[best].cards), groups[best+1].cards...), whole: groups[best].whole && groups[best+1].whole}
		groups = slices.Replace(groups, best, best+2, merged)
	}
	var rows [][]engine.Card
	if len(groups) <= maxCardRows {
		for _, g := range groups {
			rows = append(rows, g.cards)
		}
		return rows
	}
	for i := 0; i < len(distinct); i += maxButtonsPerRow {
		rows = append(rows, distinct[i:min(i+maxButtonsPerRow, len(distinct))])
	}
	return rows
}

// BidModal returns the modal the "Other amount…" button opens: one short
// text input (custom ID BidInputID) for an amount of at least minBid. Its
// custom ID is an ID with action ActBidModal for the given game, hand and
// step.
func BidModal(gameID int64, hand, step int, minBid int) *discordgo.InteractionResponseData {
	label := "Your bid"
	if minBid > 0 {
		label = fmt.Sprintf("Your bid (at least %d)", minBid)
	}
	input := discordgo.TextInput{
		CustomID: BidInputID, Label: label, Style: discordgo.TextInputShort,
		Required: true, MinLength: 1, MaxLength: 7,
	}
	if minBid > 0 {
		input.Placeholder = strconv.Itoa(minBid)
	}
	return &discordgo.InteractionResponseData{
		CustomID:   ID{Game: gameID, Hand: hand, Step: step, Action: ActBidModal}.String(),
		Title:      "Bid",
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{input}}},
	}
}

// ModalValues returns the values ActionFor needs from a submitted modal:
// the bid modal's amount, or nil when the modal has no such input.
func ModalValues(data discordgo.ModalSubmitInteractionData) []string {
	for _, row := range data.Components {
		var comps []discordgo.MessageComponent
		switch r := row.(type) {
		case *discordgo.ActionsRow:
			comps = r.Components
		case discordgo.ActionsRow:
			comps = r.Components
		}
		for _, c := range comps {
			switch in := c.(type) {
			case *discordgo.TextInput:
				if in.CustomID == BidInputID {
					return []string{in.Value}
				}
			case discordgo.TextInput:
				if in.CustomID == BidInputID {
					return []string{in.Value}
				}
			}
		}
	}
	return nil
}

// ActionFor maps a used control back to the engine action for seat, given
// the control's ID and values: a select menu's chosen values, or the bid
// modal's typed amount as values[0]. It checks only syntax; the caller
// checks that the control is current (ID.Current) and the engine checks
// the rules. Controls that are no game action give an error wrapping
// ErrNotGameAction. Errors are written for the player.
func ActionFor(id ID, seat int, values []string) (engine.Action, error) {
	if err := id.Validate(); err != nil {
		return engine.Action{}, err
	}
	a := engine.Action{Seat: seat}
	switch id.Action {
	case ActBid:
		n, err := strconv.Atoi(id.Arg)
		if err != nil {
			return engine.Action{}, fmt.Errorf("%w: bid %q", ErrBadID, id.Arg)
		}
		a.Kind, a.Bid = engine.ActBid, n
	case ActBidModal:
		if len(values) != 1 {
			return engine.Action{}, errors.New("type the amount you bid, such as 260")
		}
		n, err := ParseAmount(values[0])
		if err != nil {
			return engine.Action{}, err
		}
		a.Kind, a.Bid = engine.ActBid, n
	case ActPass:
		a.Kind = engine.ActPass
	case ActTrump:
		a.Kind, a.Suit = engine.ActTrump, suitByLetter(id.Arg)
	case ActPassCards:
		cards, err := passedCards(values)
		if err != nil {
			return engine.Action{}, err
		}
		a.Kind, a.Cards = engine.ActPassCards, cards
	case ActPlayHand:
		a.Kind = engine.ActPlayHand
	case ActThrowIn:
		a.Kind = engine.ActThrowIn
	case ActMoon:
		a.Kind = engine.ActShootMoon
	case ActCard, ActPlayCard:
		c, _ := cardByCode(id.Arg)
		a.Kind, a.Card = engine.ActPlayCard, c
	case ActMeld:
		cards, _ := cardsByCodes(id.Arg)
		a.Kind, a.Cards = engine.ActMeld, cards
	case ActDraw:
		a.Kind = engine.ActDraw
	default:
		return engine.Action{}, fmt.Errorf("%w: %s", ErrNotGameAction, id.Action)
	}
	return a, nil
}

// ParseAmount reads a typed bid leniently: spaces around it and thousands
// separators (1,000 or 1 000) are ignored. Anything but a positive whole
// number is an error a player can read.
func ParseAmount(s string) (int, error) {
	t := strings.TrimSpace(s)
	t = strings.NewReplacer(",", "", " ", "", "_", "", "'", "").Replace(t)
	if t == "" {
		return 0, errors.New("type the amount you bid, such as 260")
	}
	if len(t) > maxBidDigits {
		return 0, fmt.Errorf("%q is far too high a bid", words.Truncate(strings.TrimSpace(s), 20))
	}
	for _, r := range t {
		if r < '0' || r > '9' {
			return 0, fmt.Errorf("%q is not a number: type the amount you bid, such as 260", words.Truncate(strings.TrimSpace(s), 20))
		}
	}
	n, err := strconv.Atoi(t)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("%q is not a bid: type an amount above 0, such as 260", words.Truncate(strings.TrimSpace(s), 20))
	}
	return n, nil
}

// passedCards reads pass-menu values ("AS#0", "AS#1") into cards.
func passedCards(values []string) ([]engine.Card, error) {
	if len(values) == 0 {
		return nil, errors.New("choose the cards to pass")
	}
	seen := make(map[string]bool, len(values))
	cards := make([]engine.Card, 0, len(values))
	for _, v := range values {
		code, k, ok := strings.Cut(v, "#")
		c, valid := cardByCode(code)
		if !ok || !valid || len(k) != 1 || k[0] < '0' || k[0] > '3' {
			return nil, fmt.Errorf("%w: card value %q", ErrBadID, words.Truncate(v, 20))
		}
		if seen[v] {
			return nil, fmt.Errorf("%w: card value %q chosen twice", ErrBadID, v)
		}
		seen[v] = true
		cards = append(cards, c)
	}
	return cards, nil
}
