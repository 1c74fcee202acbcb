package computer

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
)

// threeHandedRules returns three-handed rules for a one-hand game.
func threeHandedRules(tb testing.TB) engine.Rules {
	tb.Helper()
	return newRules(tb, "three-handed", map[string]string{"hands": "1"})
}

// TestThreeHandedLevelsPlay plays a three-handed hand at every level against two
// Baselines, in every seat, checking that each chooses only legal actions.
func TestThreeHandedLevelsPlay(t *testing.T) {
	r := threeHandedRules(t)
	levels := []string{"random", "baseline", "normal", "expert"}
	for i, l := range levels {
		for seat := range 3 {
			seed := uint64(10*i + seat + 1)
			g, err := engine.NewGame(r, seed)
			if err != nil {
				t.Fatal(err)
			}
			p, err := New(l, seed)
			if err != nil {
				t.Fatal(err)
			}
			if l == "expert" {
				p = newExpert(smallBudget, seed)
			}
			base := newBaseline(seed)
			for steps := 0; !g.Over(); steps++ {
				if steps > 500 {
					t.Fatalf("%s: the hand does not end", l)
				}
				s := waitingSeat(g)
				pl := Player(base)
				if s == seat {
					pl = p
				}
				a := pl.Choose(g.View(s))
				if err := g.Apply(a); err != nil {
					t.Fatalf("%s in seat %d chose %s in phase %s: %v", l, s, a, g.Phase(), err)
				}
			}
		}
	}
}

// TestBuryCards holds the Baseline's bury to its rules: never a card its meld needs,
// counters it cannot protect and short side suits first, trump and aces last.
func TestBuryCards(t *testing.T) {
	r := threeHandedRules(t)
	cases := []struct {
		name  string
		hand  string
		trump engine.Suit
		want  string
	}{
		{
			// A run in spades and the pinochle (QS JD) meld; the 10C and KC are counters
			// with no ace to protect them, and with the 9C they make a void.
			name: "unprotected counters of a short suit", trump: engine.Spades,
			hand: "AS 10S KS QS JS 9S AH AH 10H KH AD 10D JD 9D 9D 10C KC 9C",
			want: "10C KC 9C",
		},
		{
			// The run, the pinochle and the diamond marriage stay; the short club suit goes
			// first, then the lowest spade; the 10D behind both aces, a winner, stays.
			name: "never the meld", trump: engine.Hearts,
			hand: "AH 10H KH QH JH 9H QS JD AS AS AD AD KD QD 10D 9C JC 9S",
			want: "9C JC 9S",
		},
		{
			// A ten behind both aces of its suit is a winner: the lone jack and nines go.
			name: "a protected ten stays", trump: engine.Diamonds,
			hand: "AD AD 10D KD QD JD 9D AC AC 10C 9C 9C AH KH QH JS 9S 9S",
			want: "JS 9S 9S",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := hand(t, c.hand)
			got := engine.HandOf(buryCards(&r, &h, c.trump, 3, nil)...)
			if want := hand(t, c.want); got != want {
				t.Errorf("buried %s, want %s", got, want)
			}
			m := engine.CountMeld(&h, c.trump, &r.Meld)
			kept := h
			for c, n := range got {
				kept[c] -= n
			}
			if k := engine.CountMeld(&kept, c.trump, &r.Meld); k.Total != m.Total {
				t.Errorf("the bury costs meld: %d kept of %d", k.Total, m.Total)
			}
		})
	}
}

// TestSoloDefendersSmear: the Baseline's defenders are a side for the hand. A defender
// smears a counter on the other defender's trick when the bidder has played and cannot
// take it back, and plays low under a bidder that wins the trick.
func TestSoloDefendersSmear(t *testing.T) {
	r := threeHandedRules(t)
	cases := []struct {
		name   string
		bidder int
		trick  []engine.Played
		hand   string
		want   string
	}{
		{
			name: "the partner wins, the bidder has played", bidder: 0,
			trick: []engine.Played{{Seat: 0, Card: card(t, "9H")}, {Seat: 1, Card: card(t, "AH")}},
			hand:  "10H JH 9C AC", want: "10H",
		},
		{
			name: "the bidder wins", bidder: 1,
			trick: []engine.Played{{Seat: 0, Card: card(t, "9H")}, {Seat: 1, Card: card(t, "AH")}},
			hand:  "10H JH 9C AC", want: "JH",
		},
		{
			name: "void, the partner wins", bidder: 0,
			trick: []engine.Played{{Seat: 0, Card: card(t, "9H")}, {Seat: 1, Card: card(t, "AH")}},
			hand:  "10C JC 9C KD", want: "10C",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := &fakeTable{rules: r, phase: engine.PhasePlay, seat: 2, hand: hand(t, c.hand),
				bidder: c.bidder, high: 300, trump: engine.Spades, trick: c.trick}
			if got := newBaseline(1).play(f, 2); got != card(t, c.want) {
				t.Errorf("played %s, want %s", got, c.want)
			}
		})
	}
}

// TestSoloBaselineThrowsInTheHopeless: stuck with a bid that its meld and every trick
// point cannot reach, the Baseline throws in; with a bid its meld alone makes, it plays.
func TestSoloBaselineThrowsInTheHopeless(t *testing.T) {
	r := threeHandedRules(t)
	for _, c := range []struct {
		bid  int
		want engine.ActionKind
	}{{1000, engine.ActThrowIn}, {10, engine.ActPlayHand}} {
		g, seat := soloDecision(t, r, c.bid)
		v := g.View(seat)
		if got := soloDecide(&v); got != c.want {
			m, _ := v.ShownMeld(seat)
			t.Errorf("bid %d, meld %d: %s, want %s", v.High(), m.Total, got, c.want)
		}
		if got := newBaseline(1).Choose(v); got.Kind != c.want {
			t.Errorf("bid %d: Choose gives %s, want %s", v.High(), got, c.want)
		}
	}
}

// soloDecision plays Baselines on seeded deals, at a table whose lowest, stuck and highest
// bid are bid, until a bidder reaches its decision to play or throw in at bid, and returns the
// game and the bidder.
func soloDecision(t *testing.T, r engine.Rules, bid int) (*engine.Game, int) {
	t.Helper()
	r.MinBid, r.StuckBid, r.MaxBid = bid, bid, bid
	for seed := uint64(1); seed < 200; seed++ {
		g, err := engine.NewGame(r, seed)
		if err != nil {
			t.Fatal(err)
		}
		p := newBaseline(seed)
		for !g.Over() && g.Phase() != engine.PhaseDecide {
			if err := g.Apply(p.Choose(g.View(waitingSeat(g)))); err != nil {
				t.Fatal(err)
			}
		}
		if pub := g.View(-1); g.Phase() == engine.PhaseDecide && pub.High() == bid {
			return g, g.Turn()
		}
	}
	t.Fatal("no decision found")
	return nil, 0
}

// TestThreeHandedDecisionsIgnoreHiddenCards checks that no level's three-handed decision
// depends on what its seat may not know: at decision points of seeded games, the other
// two hands, the widow before it is shown and, for a defender, the bury are dealt again
// (the meld shown staying with its owner, the widow's cards with the bidder, and every
// card played legal from the hand dealt), the seat's view stays the same, and so must
// every level's choice.
func TestThreeHandedDecisionsIgnoreHiddenCards(t *testing.T) {
	r := threeHandedRules(t)
	levels := privacyLevels()
	checked := map[string]int{}
	seeds := uint64(10)
	if raceEnabled {
		seeds = 5
	}
	for seed := uint64(1); seed <= seeds; seed++ {
		g, err := engine.NewGame(r, seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := newTestRand(seed)
		base := newBaseline(seed)
		for step := 0; !g.Over(); step++ {
			seat := waitingSeat(g)
			v := g.View(seat)
			if v.Phase() != engine.PhasePlay || step%4 == int(seed%4) {
				g2, ok := redealSolo(t, g, seat, rng)
				if ok {
					kind := g.Phase().String()
					if pub := g.View(-1); seat != pub.Bidder() && pub.MeldShown() {
						kind += " (defender)"
					}
					checked[kind]++
					sameDecisions(t, fmt.Sprintf("seed %d, %s", seed, kind), levels, v, g2.View(seat))
				}
			}
			if err := g.Apply(base.Choose(v)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, k := range []string{"bidding", "trump", "passing", "playing", "playing (defender)"} {
		if checked[k] == 0 {
			t.Errorf("no %q decision checked: %v", k, checked)
		}
	}
}

// redealSolo returns a copy of three-handed game g in which what seat cannot see is dealt
// again at random, consistently with its view: the cards of the other two hands that are
// not shown meld, the widow while it is hidden and, for a defender, the bury, the widow's
// cards staying with the bidder (in hand or buried) and every card played legal from the
// hand the redeal gives its player. False when no such deal differs from g's in 200 tries.
func redealSolo(t *testing.T, g *engine.Game, seat int, rng *rand.Rand) (*engine.Game, bool) {
	t.Helper()
	r := g.Rules()
	pub := g.View(-1)
	bidder := pub.Bidder()
	var snap struct {
		State map[string]json.RawMessage `json:"state"`
	}
	raw, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &snap); err != nil {
		t.Fatal(err)
	}
	var widow [3]engine.Card
	if err := json.Unmarshal(snap.State["widow"], &widow); err != nil {
		t.Fatal(err)
	}
	widowTaken := pub.Phase() != engine.PhaseBidding
	// Slots: the seats 0-2, and 3 for the pile (the widow, or the bury a defender has not
	// seen).
	var hands [4]engine.Hand
	for s := range 3 {
		hands[s] = g.Hand(s)
	}
	pileHidden := false
	switch {
	case !widowTaken:
		hands[3], pileHidden = engine.HandOf(widow[:]...), true
	case pub.MeldShown() && seat != bidder:
		hands[3], pileHidden = g.Buried(), true
	}
	// fixed are the cards that stay where they are: the seat's own, the meld shown, and
	// the pile when the seat sees it.
	var fixed [4]engine.Hand
	fixed[seat] = hands[seat]
	byseat := played(&pub)
	for s := range 3 {
		if m, ok := pub.ShownMeld(s); ok && s != seat {
			used := m.Used()
			for c := range used {
				fixed[s][c] = min(hands[s][c], used[c]-min(used[c], byseat[s][c]))
			}
		}
	}
	if !pileHidden {
		fixed[3] = hands[3]
	}
	// restricted: the widow's cards, still the bidder's, may move only between its hand
	// and the bury.
	var restricted engine.Hand
	if widowTaken && seat != bidder {
		w := engine.HandOf(widow[:]...)
		for c := range w {
			free := hands[bidder][c] - fixed[bidder][c] + hands[3][c] - fixed[3][c]
			restricted[c] = min(w[c]-min(w[c], byseat[bidder][c]), free)
		}
		if !pub.MeldShown() {
			for c := range restricted {
				fixed[bidder][c] += restricted[c]
			}
			restricted = engine.Hand{}
		}
	}
	var free [4]int
	var pool, pinned []engine.Card
	for s := range 4 {
		for c := range hands[s] {
			n := hands[s][c] - fixed[s][c]
			free[s] += int(n)
			for range n {
				pool = append(pool, engine.Card(c))
			}
		}
	}
	// Take the restricted copies out of the pool, to place first.
	for c, n := range restricted {
		for range n {
			for i, x := range pool {
				if x == engine.Card(c) {
					pool = append(pool[:i], pool[i+1:]...)
					pinned = append(pinned, x)
					break
				}
			}
		}
	}
	for range 200 {
		out := fixed
		room := free
		rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
		ok := true
		for _, c := range pinned {
			s := bidder
			if room[bidder] == 0 || (room[3] > 0 && rng.IntN(2) == 0) {
				s = 3
			}
			if room[s] == 0 {
				ok = false
				break
			}
			out[s][c]++
			room[s]--
		}
		i := 0
		for s := range 4 {
			for ; room[s] > 0 && ok; room[s]-- {
				out[s][pool[i]]++
				i++
			}
		}
		if !ok || out == hands || !playedLegally(r, &pub, &out) {
			continue
		}
		return rebuilt(t, raw, &snap.State, &out, widowTaken, bidder), true
	}
	return nil, false
}

// playedLegally reports whether every card played this hand was legal from the hands
// hands (each seat's cards now) give.
func playedLegally(r *engine.Rules, v *engine.View, hands *[4]engine.Hand) bool {
	plays := v.Plays()
	var then [3]engine.Hand
	for s := range 3 {
		then[s] = hands[s]
	}
	for _, p := range plays {
		then[p.Seat][p.Card]++
	}
	for i := 0; i < len(plays); i += r.Players {
		trick := plays[i:min(i+r.Players, len(plays))]
		var prefix []engine.Card
		for _, p := range trick {
			if !engine.LegalCards(&then[p.Seat], prefix, v.Trump(), r.Play).Has(p.Card) {
				return false
			}
			then[p.Seat][p.Card]--
			prefix = append(prefix, p.Card)
		}
	}
	return true
}

// rebuilt returns the game of snapshot raw with the hands, the widow (before it is taken)
// and the bury (with the bidder's pass that records it) of out.
func rebuilt(t *testing.T, raw []byte, state *map[string]json.RawMessage, out *[4]engine.Hand, widowTaken bool, bidder int) *engine.Game {
	t.Helper()
	st := make(map[string]json.RawMessage, len(*state))
	for k, v := range *state {
		st[k] = v
	}
	set := func(key string, v any) {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		st[key] = b
	}
	var hands [engine.MaxPlayers]engine.Hand
	copy(hands[:], out[:3])
	set("hands", hands)
	if !widowTaken {
		var w [3]engine.Card
		copy(w[:], out[3].Cards())
		set("widow", w)
	} else if out[3].Len() > 0 {
		set("buried", out[3])
		var passes []map[string]any
		if err := json.Unmarshal(st["passes"], &passes); err != nil {
			t.Fatal(err)
		}
		for _, p := range passes {
			if n, _ := p["n"].(float64); n > 0 && p["from"] == float64(bidder) && p["to"] == float64(-1) {
				cards := out[3].Cards()
				var arr [4]engine.Card
				copy(arr[:], cards)
				p["cards"] = arr
			}
		}
		set("passes", passes)
	}
	var snap map[string]json.RawMessage
	if err := json.Unmarshal(raw, &snap); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	snap["state"] = b
	b, err = json.Marshal(snap)
	if err != nil {
		t.Fatal(err)
	}
	g := new(engine.Game)
	if err := g.UnmarshalJSON(b); err != nil {
		t.Fatalf("rebuilt game: %v", err)
	}
	return g
}

// TestSoloWorth holds the expert's three-handed bidding rule to its terms: the highest
// bid made in at least soloConfidence of the samples and out of reach after meld in no more
// than the Hopeless share of them.
func TestSoloWorth(t *testing.T) {
	r := threeHandedRules(t)
	g, err := engine.NewGame(r, 1)
	if err != nil {
		t.Fatal(err)
	}
	v := g.View(waitingSeat(g))
	if v.Phase() != engine.PhaseBidding || v.MinNextBid() != 300 {
		t.Fatalf("phase %s, next bid %d", v.Phase(), v.MinNextBid())
	}
	// outlook returns samples in which the bidder reaches made in share of them and low
	// in the rest, its meld alone short of 50 (so that 300 is out of reach after meld)
	// in hopeless of them.
	outlook := func(share float64, made, low int, hopeless float64) soloOutlook {
		var o soloOutlook
		for i := range 100 {
			total, floor := low, 200
			if float64(i) >= 100*(1-share) {
				total = made
			}
			if float64(i) < 100*hopeless {
				floor = 0
			}
			o.totals, o.floors = append(o.totals, total), append(o.floors, floor)
		}
		sort.Ints(o.totals)
		sort.Ints(o.floors)
		return o
	}
	for _, c := range []struct {
		name string
		o    soloOutlook
		want int
	}{
		{"made in 80%: up to what it makes", outlook(0.8, 330, 250, 0), 330},
		{"made in 70%: below the 75% asked", outlook(0.7, 330, 250, 0), 0},
		{"hopeless in 30% of samples", outlook(0.9, 360, 250, 0.3), 0},
		{"hopeless in 10%", outlook(0.9, 360, 250, 0.1), 360},
	} {
		e := newExpert(expertBudget, 1)
		if got := e.soloWorth(&v, &c.o); got != c.want {
			t.Errorf("%s: worth %d, want %d", c.name, got, c.want)
		}
	}
}

// TestKnowSoloSamples checks the three-handed sampler against what each seat knows, at
// every decision of seeded games: the other hands and the pile (the widow before it is
// shown, the bury for a defender) get as many cards as they hold, from the cards the seat
// cannot see; the meld shown stays with its owner; the widow's cards stay with the bidder,
// in its hand or the bury; and every card played is legal from the hand a sample deals.
func TestKnowSoloSamples(t *testing.T) {
	r := threeHandedRules(t)
	rng := newTestRand(1)
	checked := 0
	for seed := uint64(1); seed <= 6; seed++ {
		g, err := engine.NewGame(r, seed)
		if err != nil {
			t.Fatal(err)
		}
		base := newBaseline(seed)
		for !g.Over() {
			seat := waitingSeat(g)
			v := g.View(seat)
			k := know(&v)
			bidder := v.Bidder()
			widow, taken := v.Widow()
			buried, _ := v.Buried()
			// The cards the seat cannot place: the deck less its hand, its bury and the
			// cards played.
			hidden := fullDeck(&r)
			own := v.Hand()
			sub(&hidden, &own)
			mine := engine.HandOf(buried...)
			sub(&hidden, &mine)
			for _, p := range v.Plays() {
				hidden[p.Card]--
			}
			for range 20 {
				hands := k.sample(rng)
				var dealt engine.Hand
				for s := range 4 {
					if s == seat {
						continue
					}
					for c, n := range hands[s] {
						dealt[c] += n
					}
				}
				if dealt != hidden {
					t.Fatalf("seed %d, seat %d, %s: dealt %s, want the hidden %s", seed, seat, v.Phase(), dealt, hidden)
				}
				pile := 0
				switch {
				case !taken:
					pile = r.Widow
				case v.MeldShown() && seat != bidder:
					pile = r.PassCount
				}
				for s := range 3 {
					if s != seat && hands[s].Len() != v.HandSize(s) {
						t.Fatalf("seed %d, %s: seat %d dealt %d cards, holds %d", seed, v.Phase(), s, hands[s].Len(), v.HandSize(s))
					}
					if m, ok := v.ShownMeld(s); ok && s != seat && taken {
						used := m.Used()
						played := played(&v)
						for c := range used {
							if want := used[c] - min(used[c], played[s][c]); hands[s][c] < want {
								t.Fatalf("seed %d: seat %d dealt %d of its shown %s, want %d", seed, s, hands[s][c], engine.Card(c), want)
							}
						}
					}
				}
				if hands[3].Len() != pile {
					t.Fatalf("seed %d, %s: pile of %d, want %d", seed, v.Phase(), hands[3].Len(), pile)
				}
				if taken && seat != bidder {
					w := engine.HandOf(widow...)
					played := played(&v)
					for c := range w {
						left := w[c] - min(w[c], played[bidder][c])
						if hidden[c] == left && hands[bidder][c]+hands[3][c] < left {
							t.Fatalf("seed %d, %s: the widow's %s dealt away from the bidder", seed, v.Phase(), engine.Card(c))
						}
					}
				}
				var four [4]engine.Hand
				copy(four[:], hands[:4])
				if !playedLegally(&r, &v, &four) {
					t.Fatalf("seed %d, %s: a sample makes a card played illegal: %v", seed, v.Phase(), hands[:3])
				}
				checked++
			}
			if err := g.Apply(base.Choose(v)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked == 0 {
		t.Fatal("nothing checked")
	}
}

// TestThreeHandedHintsSayWhoTakes: a card hint in three-handed names the seat's side as it
// is for the hand, the bidder alone or the two defenders, never a team's "your side".
func TestThreeHandedHintsSayWhoTakes(t *testing.T) {
	r := threeHandedRules(t)
	g, err := engine.NewGame(r, 5)
	if err != nil {
		t.Fatal(err)
	}
	base := newBaseline(5)
	e := newExpert(smallBudget, 5)
	want := map[bool]string{true: "you take this trick", false: "you or the other defender take this trick"}
	seen := map[bool]bool{}
	for steps := 0; !g.Over() && len(seen) < 2; steps++ {
		if steps > 500 {
			t.Fatal("the hand does not end")
		}
		s := waitingSeat(g)
		if g.Phase() == engine.PhasePlay {
			bidder := s == g.Bidder()
			if _, why := e.Hint(g.View(s)); !strings.Contains(why, want[bidder]) {
				t.Fatalf("seat %d (bidder %v) is hinted %q, want %q", s, bidder, why, want[bidder])
			}
			seen[bidder] = true
		}
		if err := g.Apply(base.Choose(g.View(s))); err != nil {
			t.Fatal(err)
		}
	}
	if len(seen) < 2 {
		t.Fatalf("hints seen for the bidder and a defender: %v", seen)
	}
}
