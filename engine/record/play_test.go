package record

import (
	"math/rand/v2"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
)

// randomAction returns a random legal action for the game, chosen with the engine's
// public API only.
func randomAction(g *engine.Game, rng *rand.Rand) engine.Action {
	p := g.Rules().Players
	switch g.Phase() {
	case engine.PhaseBidding:
		seat := g.Turn()
		bids := g.AppendNextBids(nil, 3)
		if len(bids) > 0 && (g.MustBid() || rng.IntN(3) == 0) {
			return engine.Action{Seat: seat, Kind: engine.ActBid, Bid: bids[rng.IntN(len(bids))]}
		}
		return engine.Action{Seat: seat, Kind: engine.ActPass}
	case engine.PhaseTrump:
		var suits []engine.Suit
		for s := engine.Spades; s < engine.NoSuit; s++ {
			if g.TrumpChoices()&(1<<s) != 0 {
				suits = append(suits, s)
			}
		}
		return engine.Action{Seat: g.Bidder(), Kind: engine.ActTrump, Suit: suits[rng.IntN(len(suits))]}
	case engine.PhasePass, engine.PhasePassBack:
		seat := -1
		for s := range p {
			if g.Waiting(s) {
				seat = s
				break
			}
		}
		pr := g.PassRuleFor(seat)
		hand := g.Hand(seat)
		cards := hand.Cards()
		rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
		var give []engine.Card
		used := make([]bool, len(cards))
		prefer := pr.Prefer
		for i, c := range cards { // first the cards that must be free of meld
			if len(give) < pr.Need && prefer[c] > 0 {
				prefer[c]--
				give = append(give, c)
				used[i] = true
			}
		}
		for i, c := range cards {
			if len(give) < pr.Count && !used[i] {
				give = append(give, c)
			}
		}
		return engine.Action{Seat: seat, Kind: engine.ActPassCards, Cards: give}
	case engine.PhaseDecide:
		ch := g.DecideChoices()
		k := ch[0]
		if rng.IntN(3) == 0 {
			k = ch[rng.IntN(len(ch))]
		}
		return engine.Action{Seat: g.Bidder(), Kind: k}
	case engine.PhasePlay:
		seat := g.Turn()
		legal := g.LegalCards(seat).Cards()
		return engine.Action{Seat: seat, Kind: engine.ActPlayCard, Card: legal[rng.IntN(len(legal))]}
	case engine.PhaseMeld:
		ch := g.MeldChoices()
		if i := rng.IntN(len(ch) + 1); i < len(ch) {
			return engine.Action{Seat: g.Turn(), Kind: engine.ActMeld, Cards: ch[i].Cards()}
		}
		return engine.Action{Seat: g.Turn(), Kind: engine.ActDraw}
	}
	return engine.Action{}
}

// playGame plays a whole game of random legal actions.
func playGame(t testing.TB, rules engine.Rules, seed uint64) *engine.Game {
	t.Helper()
	g, err := engine.NewGame(rules, seed)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	for n := 0; !g.Over(); n++ {
		if n > 100000 {
			t.Fatal("game does not end")
		}
		a := randomAction(g, rng)
		if err := g.Apply(a); err != nil {
			t.Fatalf("random action %v: %v", a, err)
		}
	}
	return g
}

// presetRules returns the rules of a preset limited to a few hands.
func presetRules(t testing.TB, preset string, hands string) engine.Rules {
	t.Helper()
	var opts map[string]string
	if hands != "" {
		opts = map[string]string{"hands": hands}
	}
	r, err := engine.NewRules(preset, opts)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
