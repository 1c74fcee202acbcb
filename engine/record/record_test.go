package record

import (
	"errors"
	"reflect"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
)

// tables lists a game setup per preset, and a few options that reach other decisions.
var tables = []struct {
	name    string
	preset  string
	options map[string]string
}{
	{"racehorse", "racehorse", map[string]string{"hands": "4"}},
	{"classic", "classic", map[string]string{"hands": "4"}},
	{"partnership", "partnership", map[string]string{"hands": "4"}},
	{"double-deck", "double-deck", map[string]string{"hands": "4"}},
	{"six-handed", "six-handed", nil},
	{"double-deck-full", "double-deck", nil},
	{"racehorse-moon", "racehorse", map[string]string{"hands": "6", "moon": "on", "throwin": "any"}},
	{"two-handed", "two-handed", map[string]string{"hands": "3", "target": "0"}},
	{"three-handed", "three-handed", map[string]string{"hands": "4", "target": "0"}},
}

func tableRules(t testing.TB, preset string, options map[string]string) engine.Rules {
	t.Helper()
	r, err := engine.NewRules(preset, options)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func sumHands(hs []engine.Hand) engine.Hand {
	var sum engine.Hand
	for _, h := range hs {
		for c, k := range h {
			sum[c] += k
		}
	}
	return sum
}

func TestHandsAgreeWithEngine(t *testing.T) {
	for _, tc := range tables {
		t.Run(tc.name, func(t *testing.T) {
			rules := tableRules(t, tc.preset, tc.options)
			decisions := map[engine.ActionKind]int{}
			for seed := uint64(1); seed <= 4; seed++ {
				g := playGame(t, rules, seed)
				hands, err := Hands(rules, seed, g.Log())
				if err != nil {
					t.Fatal(err)
				}
				if len(hands) != len(g.Results()) {
					t.Fatalf("seed %d: %d hands, engine finished %d", seed, len(hands), len(g.Results()))
				}
				deck := engine.HandOf(rules.Deck()...)
				for i := range hands {
					h := &hands[i]
					decisions[h.Decision]++
					checkHand(t, &rules, h, g.Results()[i], deck)
					if i+1 != h.Number {
						t.Errorf("hand %d numbered %d", i+1, h.Number)
					}
				}
				if n, err := Count(rules, seed, g.Log()); err != nil || n != len(hands) {
					t.Errorf("Count = %d, %v; want %d", n, err, len(hands))
				}
				last := len(hands)
				at, err := HandAt(rules, seed, g.Log(), last)
				if err != nil || !reflect.DeepEqual(at, hands[last-1]) {
					t.Errorf("HandAt(%d) = %+v, %v; want the last of Hands", last, at.Number, err)
				}
				if _, err := HandAt(rules, seed, g.Log(), last+1); !errors.Is(err, ErrNotFinished) {
					t.Errorf("HandAt(%d) after the game: %v, want ErrNotFinished", last+1, err)
				}
			}
			t.Logf("decisions %v", decisions)
		})
	}
}

// checkHand checks a rebuilt hand against the deck, the rules and the engine's result.
func checkHand(t *testing.T, r *engine.Rules, h *Hand, res engine.HandResult, deck engine.Hand) {
	t.Helper()
	if r.Stock {
		checkStockHand(t, r, h, res, deck)
		return
	}
	if r.Solo {
		checkSoloHand(t, r, h, res, deck)
		return
	}
	p := r.Players
	if h.Result != res {
		t.Errorf("hand %d: result %+v, engine says %+v", h.Number, h.Result, res)
	}
	if h.Dealer != res.Dealer || h.Bidder != res.Bidder || h.Bid != res.Bid || h.Trump != res.Trump {
		t.Errorf("hand %d: dealer %d bidder %d bid %d trump %v; result %d %d %d %v", h.Number, h.Dealer, h.Bidder, h.Bid, h.Trump, res.Dealer, res.Bidder, res.Bid, res.Trump)
	}
	// The deal is exactly the deck, HandSize cards a seat.
	if sumHands(h.Dealt) != deck {
		t.Errorf("hand %d: dealt cards are not the deck", h.Number)
	}
	for s := range p {
		if h.Dealt[s].Len() != r.HandSize() || h.Held[s].Len() != r.HandSize() {
			t.Errorf("hand %d seat %d: dealt %d, held %d cards; want %d", h.Number, s, h.Dealt[s].Len(), h.Held[s].Len(), r.HandSize())
		}
	}
	// The auction ends with the contract.
	var top engine.Bid
	for _, b := range h.Auction {
		if !b.Pass() {
			if b.Amount <= top.Amount {
				t.Errorf("hand %d: bid %d after %d", h.Number, b.Amount, top.Amount)
			}
			top = b
		}
	}
	if top.Seat != res.Bidder || top.Amount != res.Bid {
		t.Errorf("hand %d: auction's top bid %+v, contract %d by seat %d", h.Number, top, res.Bid, res.Bidder)
	}
	// Passes conserve cards and go where the rules say.
	moved := make([]engine.Hand, p)
	copy(moved, h.Dealt)
	bt := r.TeamOf(res.Bidder)
	for _, ps := range h.Passes {
		if len(ps.Cards) != r.PassCount || ps.From == ps.To || r.TeamOf(ps.From) != bt || r.TeamOf(ps.To) != bt {
			t.Errorf("hand %d: pass %+v (bidder %d, %d cards a pass)", h.Number, ps, res.Bidder, r.PassCount)
		}
		for _, c := range ps.Cards {
			if moved[ps.From][c] == 0 {
				t.Errorf("hand %d: seat %d passes %s it does not hold", h.Number, ps.From, c)
				continue
			}
			moved[ps.From][c]--
			moved[ps.To][c]++
		}
	}
	if !reflect.DeepEqual(moved, h.Held) || sumHands(h.Held) != deck {
		t.Errorf("hand %d: held cards are not the dealt cards after the passes", h.Number)
	}
	switch {
	case res.Outcome == engine.OutcomeBoardSet:
		if len(h.Passes) != 0 {
			t.Errorf("hand %d: board set with passes", h.Number)
		}
	case r.PassStyle == engine.PassPartnerThenBack:
		partner := (res.Bidder + 2) % p
		want := []Pass{{From: partner, To: res.Bidder}, {From: res.Bidder, To: partner}}
		if len(h.Passes) != 2 || h.Passes[0].From != want[0].From || h.Passes[0].To != want[0].To || h.Passes[1].From != want[1].From || h.Passes[1].To != want[1].To {
			t.Errorf("hand %d: passes %+v, want partner %d to bidder %d and back", h.Number, h.Passes, partner, res.Bidder)
		}
	case r.PassStyle == engine.PassSixHanded:
		if len(h.Passes) != p/2 {
			t.Errorf("hand %d: %d passes, want one from each of the %d bidding-team players", h.Number, len(h.Passes), p/2)
		}
		from := map[int]bool{}
		for _, ps := range h.Passes {
			from[ps.From] = true
		}
		if len(from) != p/2 {
			t.Errorf("hand %d: passes from %v", h.Number, from)
		}
	case r.PassStyle == engine.PassNone:
		if len(h.Passes) != 0 {
			t.Errorf("hand %d: passes %+v at a table without passing", h.Number, h.Passes)
		}
	}
	// Meld totals are the engine's.
	if len(h.Meld) != p {
		t.Fatalf("hand %d: meld of %d seats", h.Number, len(h.Meld))
	}
	for s, m := range h.Meld {
		sum := 0
		for _, it := range m.Items {
			sum += int(it.Points)
		}
		if m.Total != res.SeatMeld[s] || sum != m.Total {
			t.Errorf("hand %d seat %d: meld %d (items %d), engine %d", h.Number, s, m.Total, sum, res.SeatMeld[s])
		}
	}
	// Tricks: play order, winners, points and every held card played once.
	if res.Outcome != engine.OutcomePlayed {
		if len(h.Tricks) != 0 {
			t.Errorf("hand %d (%v): %d tricks", h.Number, res.Outcome, len(h.Tricks))
		}
		return
	}
	if len(h.Tricks) != r.HandSize() {
		t.Fatalf("hand %d: %d tricks, want %d", h.Number, len(h.Tricks), r.HandSize())
	}
	var points [engine.MaxPlayers]int
	var played engine.Hand
	leader := res.Bidder
	for i, tr := range h.Tricks {
		if tr.Number != i+1 || tr.Leader != leader || len(tr.Cards) != p || tr.Last != (i == len(h.Tricks)-1) {
			t.Errorf("hand %d trick %+v: want number %d led by %d", h.Number, tr, i+1, leader)
		}
		cards := make([]engine.Card, len(tr.Cards))
		for k, pl := range tr.Cards {
			if pl.Seat != (tr.Leader+k)%p {
				t.Errorf("hand %d trick %d: card %d by seat %d", h.Number, tr.Number, k, pl.Seat)
			}
			cards[k] = pl.Card
			played[pl.Card]++
		}
		w := tr.Cards[engine.TrickWinner(cards, res.Trump)].Seat
		if tr.Winner != w || tr.Points != r.TrickPoints(cards, tr.Last) {
			t.Errorf("hand %d trick %d: winner %d points %d; want %d, %d", h.Number, tr.Number, tr.Winner, tr.Points, w, r.TrickPoints(cards, tr.Last))
		}
		points[tr.Winner] += tr.Points
		leader = tr.Winner
	}
	if points != res.SeatPoints {
		t.Errorf("hand %d: trick points %v, engine %v", h.Number, points, res.SeatPoints)
	}
	if played != deck {
		t.Errorf("hand %d: the cards played are not the deck", h.Number)
	}
}

// checkStockHand checks a rebuilt two-handed hand: the deal of 12 each, the turned-up
// card naming trump, the melds laid adding up to each seat's meld, and the 24 tricks.
func checkStockHand(t *testing.T, r *engine.Rules, h *Hand, res engine.HandResult, deck engine.Hand) {
	t.Helper()
	if h.Result != res || h.Bidder != -1 || len(h.Auction) != 0 || h.Meld != nil {
		t.Errorf("hand %d: result %+v (engine %+v), bidder %d, auction %v, meld %v", h.Number, h.Result, res, h.Bidder, h.Auction, h.Meld)
	}
	dealt := sumHands(h.Dealt)
	if h.Dealt[0].Len() != 12 || h.Dealt[1].Len() != 12 || !deck.Contains(&dealt) {
		t.Errorf("hand %d: dealt %s and %s", h.Number, h.Dealt[0], h.Dealt[1])
	}
	if h.TurnUp == nil || h.TurnUp.Suit() != res.Trump || h.Trump != res.Trump {
		t.Fatalf("hand %d: turned up %v, trump %v, result's trump %v", h.Number, h.TurnUp, h.Trump, res.Trump)
	}
	var meld [2]int
	for _, l := range h.Laid {
		meld[l.Seat] += int(l.Meld.Points)
	}
	if meld[0] != res.SeatMeld[0] || meld[1] != res.SeatMeld[1] {
		t.Errorf("hand %d: melds laid add up to %v, engine %v", h.Number, meld, res.SeatMeld[:2])
	}
	if len(h.Tricks) != r.Tricks() {
		t.Fatalf("hand %d: %d tricks, want %d", h.Number, len(h.Tricks), r.Tricks())
	}
	var played engine.Hand
	var points [engine.MaxPlayers]int
	leader := (h.Dealer + 1) % 2
	for i, tr := range h.Tricks {
		if tr.Leader != leader || len(tr.Cards) != 2 || tr.Last != (i == len(h.Tricks)-1) {
			t.Errorf("hand %d trick %+v: want led by %d", h.Number, tr, leader)
		}
		cards := []engine.Card{tr.Cards[0].Card, tr.Cards[1].Card}
		played[cards[0]]++
		played[cards[1]]++
		w := tr.Cards[engine.TrickWinner(cards, res.Trump)].Seat
		if tr.Winner != w || tr.Points != r.TrickPoints(cards, tr.Last) {
			t.Errorf("hand %d trick %d: winner %d points %d; want %d", h.Number, tr.Number, tr.Winner, tr.Points, w)
		}
		points[tr.Winner] += tr.Points
		leader = tr.Winner
	}
	if played != deck || points != res.SeatPoints {
		t.Errorf("hand %d: played %s, points %v (engine %v)", h.Number, played, points, res.SeatPoints)
	}
}

// checkSoloHand checks a rebuilt three-handed hand: 15 cards each and the widow make the
// deck, the bidder takes the widow and buries 3, the meld is the engine's, and the tricks,
// led by the bidder, play every card but the buried ones.
func checkSoloHand(t *testing.T, r *engine.Rules, h *Hand, res engine.HandResult, deck engine.Hand) {
	t.Helper()
	if h.Result != res || h.Bidder != res.Bidder || h.Bid != res.Bid {
		t.Errorf("hand %d: result %+v, engine %+v", h.Number, h.Result, res)
	}
	all := sumHands(h.Dealt)
	for _, c := range h.Widow {
		all[c]++
	}
	if all != deck || len(h.Widow) != 3 {
		t.Errorf("hand %d: the deal and the widow %v are not the deck", h.Number, h.Widow)
	}
	if len(h.Passes) != 1 || h.Passes[0].From != res.Bidder || h.Passes[0].To != -1 || len(h.Passes[0].Cards) != 3 {
		t.Fatalf("hand %d: passes %+v, want the bidder's bury", h.Number, h.Passes)
	}
	buried := engine.HandOf(h.Passes[0].Cards...)
	for s := range h.Players {
		if h.Held[s].Len() != 15 {
			t.Errorf("hand %d: seat %d held %d cards", h.Number, s, h.Held[s].Len())
		}
		if h.Meld[s].Total != res.SeatMeld[s] {
			t.Errorf("hand %d: seat %d meld %d, engine %d", h.Number, s, h.Meld[s].Total, res.SeatMeld[s])
		}
	}
	if res.Outcome != engine.OutcomePlayed {
		return
	}
	var played engine.Hand
	leader := res.Bidder
	for _, tr := range h.Tricks {
		if tr.Leader != leader || len(tr.Cards) != 3 {
			t.Errorf("hand %d trick %+v: want led by %d", h.Number, tr, leader)
		}
		for _, p := range tr.Cards {
			played[p.Card]++
		}
		leader = tr.Winner
	}
	for c, n := range buried {
		played[c] += n
	}
	if len(h.Tricks) != 15 || played != deck {
		t.Errorf("hand %d: %d tricks; played and buried %s", h.Number, len(h.Tricks), played)
	}
}

// TestUnfinishedHandNeverReturned replays every prefix of games in every preset: only
// hands the engine has finished come back, and the hand in play is refused.
func TestUnfinishedHandNeverReturned(t *testing.T) {
	for _, tc := range tables {
		t.Run(tc.name, func(t *testing.T) {
			rules := tableRules(t, tc.preset, tc.options)
			g := playGame(t, rules, 11)
			log := g.Log()
			for k := 0; k <= len(log); k += 1 + k%5 {
				prefix := log[:k]
				pg, err := engine.Replay(rules, 11, prefix)
				if err != nil {
					t.Fatal(err)
				}
				hands, err := Hands(rules, 11, prefix)
				if err != nil {
					t.Fatal(err)
				}
				if len(hands) != len(pg.Results()) {
					t.Fatalf("after %d actions: %d hands, engine finished %d", k, len(hands), len(pg.Results()))
				}
				if !pg.Over() {
					if _, err := HandAt(rules, 11, prefix, pg.HandNumber()); !errors.Is(err, ErrNotFinished) {
						t.Fatalf("after %d actions: hand %d in play: %v, want ErrNotFinished", k, pg.HandNumber(), err)
					}
				}
			}
		})
	}
}

func TestHandsRejectsBadLog(t *testing.T) {
	rules := tableRules(t, "racehorse", nil)
	g := playGame(t, tableRules(t, "racehorse", map[string]string{"hands": "1"}), 3)
	log := g.Log()
	bad := append(log[:5:5], engine.Action{Seat: 9, Kind: engine.ActPass})
	if _, err := Hands(rules, 3, bad); err == nil {
		t.Error("Hands accepted a pass by seat 10")
	}
	if _, err := HandAt(rules, 3, bad, 1); err == nil {
		t.Error("HandAt accepted a pass by seat 10")
	}
	if _, err := Hands(engine.Rules{}, 3, nil); err == nil {
		t.Error("Hands accepted empty rules")
	}
}

// BenchmarkHands rebuilds every hand of a whole double-deck game.
func BenchmarkHands(b *testing.B) {
	rules := tableRules(b, "double-deck", nil)
	g := playGame(b, rules, 1)
	log := g.Log()
	for b.Loop() {
		if _, err := Hands(rules, 1, log); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(g.Results())), "hands/game")
}

// BenchmarkHandAtLast rebuilds only the last hand of the same game.
func BenchmarkHandAtLast(b *testing.B) {
	rules := tableRules(b, "double-deck", nil)
	g := playGame(b, rules, 1)
	log := g.Log()
	n := len(g.Results())
	for b.Loop() {
		if _, err := HandAt(rules, 1, log, n); err != nil {
			b.Fatal(err)
		}
	}
}
