package engine

// EventKind names something an action did beyond itself: a trick taken, a hand finished,
// the game over. Whoever shows the game (the bot's narration) and whoever records it read
// the same events, so that they cannot disagree on what happened.
type EventKind int

// The events, in the order Apply reports them.
const (
	// EventCardsPassed: Seat passed Count cards to To (which cards stays private).
	EventCardsPassed EventKind = iota + 1
	// EventTrickTaken: Seat took Trick, worth Points; Last marks the hand's last trick.
	EventTrickTaken
	// EventAuctionWon: Seat won the auction at Bid; Forced when nobody else bid and the
	// dealer was stuck with the opening bid.
	EventAuctionWon
	// EventMeldShown: every seat's meld is shown (Game.Meld).
	EventMeldShown
	// EventHandFinished: a hand ended with Result.
	EventHandFinished
	// EventGameOver: the game ended; Winner won it (-1 for a draw) at Scores.
	EventGameOver
	// EventHandDealt: hand Hand was dealt by Seat.
	EventHandDealt
	// EventMeldLaid: two-handed, Laid.Seat laid Laid.Meld on the table (or exchanged the
	// dix for the turned-up card); both then drew from the stock.
	EventMeldLaid
	// EventWidowTaken: three-handed, Seat won the auction and took the widow, Cards, shown
	// to everyone. It comes right after EventAuctionWon.
	EventWidowTaken
)

// Event is one thing an action did. Only the fields of its kind are set.
type Event struct {
	Kind   EventKind
	Seat   int
	To     int
	Count  int
	Trick  []Played
	Points int
	Last   bool
	Bid    int
	Forced bool
	Result HandResult
	Hand   int
	Winner int
	Scores [2]int
	Laid   LaidMeld
	Cards  []Card
}

// before is what ApplyEvents needs of the state before an action.
type before struct {
	phase     Phase
	hand      int
	results   int
	meldShown bool
	trick     []Played
	trump     Suit
	passTo    int
}

// ApplyEvents applies an action as Apply does and returns what it did: the events, in order.
// An action the rules do not allow returns a *RuleError, no events, and changes nothing.
func (g *Game) ApplyEvents(a Action) ([]Event, error) {
	b := before{
		phase: g.st.Phase, hand: g.st.HandNo, results: len(g.st.Results), meldShown: g.st.MeldShown,
		trick: g.TrickCards(), trump: g.st.Trump, passTo: -1,
	}
	if a.Kind == ActPassCards {
		b.passTo = g.PassTarget(a.Seat)
	}
	if err := g.Apply(a); err != nil {
		return nil, err
	}
	var out []Event
	if a.Kind == ActPassCards {
		out = append(out, Event{Kind: EventCardsPassed, Seat: a.Seat, To: b.passTo, Count: len(a.Cards)})
	}
	if a.Kind == ActMeld && g.table != nil && len(g.table.Laid) > 0 {
		out = append(out, Event{Kind: EventMeldLaid, Seat: a.Seat, Laid: g.table.Laid[len(g.table.Laid)-1]})
	}
	if a.Kind == ActPlayCard && len(b.trick)+1 == g.rules.Players {
		cards := append(append([]Played(nil), b.trick...), Played{Seat: a.Seat, Card: a.Card})
		plain := make([]Card, len(cards))
		for i, p := range cards {
			plain[i] = p.Card
		}
		last := len(g.st.Results) > b.results || g.st.Over
		out = append(out, Event{Kind: EventTrickTaken, Seat: cards[TrickWinner(plain, b.trump)].Seat, Trick: cards,
			Points: g.rules.TrickPoints(plain, last), Last: last})
	}
	if b.phase == PhaseBidding && g.st.Phase != PhaseBidding && b.hand == g.st.HandNo {
		auction := g.auction()
		out = append(out, Event{Kind: EventAuctionWon, Seat: g.st.Bidder, Bid: g.st.High,
			Forced: len(auction) > 0 && auction[len(auction)-1].Forced})
		if w, ok := g.Widow(); ok {
			out = append(out, Event{Kind: EventWidowTaken, Seat: g.st.Bidder, Cards: append([]Card(nil), w...)})
		}
	}
	if !b.meldShown && b.hand == g.st.HandNo && g.st.MeldShown {
		out = append(out, Event{Kind: EventMeldShown})
	}
	for _, r := range g.st.Results[b.results:] {
		out = append(out, Event{Kind: EventHandFinished, Result: r})
	}
	switch {
	case g.st.Over:
		out = append(out, Event{Kind: EventGameOver, Winner: g.st.Winner, Scores: g.st.Scores})
	case b.hand != g.st.HandNo:
		out = append(out, Event{Kind: EventHandDealt, Hand: g.st.HandNo, Seat: g.st.Dealer})
	}
	return out, nil
}
