package computer

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pinochle-discord/pinochle/engine"
)

// playedCards parses "seat:card seat:card ..." into a trick's cards.
func playedCards(tb testing.TB, text string) []engine.Played {
	tb.Helper()
	var out []engine.Played
	for _, f := range strings.Fields(text) {
		seat, c, ok := strings.Cut(f, ":")
		if !ok {
			tb.Fatalf("bad played card %q", f)
		}
		out = append(out, engine.Played{Seat: int(seat[0] - '0'), Card: card(tb, c)})
	}
	return out
}

// setOf parses cards into a set.
func setOf(tb testing.TB, text string) engine.CardSet {
	tb.Helper()
	h := hand(tb, text)
	return h.Set()
}

// TestInferences checks what the expert infers from play: a seat that did not follow suit
// is void in it, one that did not trump holds none, and under "must win if able" one that
// played under the winner could not beat it; and that nothing more is inferred.
func TestInferences(t *testing.T) {
	cases := []struct {
		name   string
		preset string
		trump  engine.Suit
		trick  string // the trick in progress
		seat   int    // whose exclusions to check
		want   string // cards the seat cannot hold
		notYet string // cards it may still hold
	}{
		{"void and no trump", "racehorse", engine.Hearts, "1:AS 2:9D", 2,
			"AS 10S KS QS JS 9S AH 10H KH QH JH 9H", "AD 10D KD QD JD 9D AC 10C KC QC JC 9C"},
		{"could not beat", "racehorse", engine.Hearts, "1:KS 2:9S", 2,
			"AS 10S", "QS JS KS 9S AH 9H AD AC"},
		{"beat, so nothing known of higher cards", "racehorse", engine.Hearts, "1:KS 2:AS", 2,
			"", "10S QS JS 9S AH AD AC"},
		{"trumped a plain lead: void in it", "classic", engine.Hearts, "1:AS 2:9H", 2,
			"AS 10S KS QS JS 9S", "AH 10H KH QH JH 9H AD AC"},
		{"followed a trumped trick: any card of the suit", "racehorse", engine.Hearts, "1:QS 2:9H 3:JS", 3,
			"", "AS 10S KS 9S AH 10H AD AC"},
		{"void in both, throwing off", "classic", engine.Hearts, "1:AS 2:9H 3:10C", 3,
			"AS 10S KS QS JS 9S AH 10H KH QH JH 9H", "AD 10D AC KC"},
		{"under must trump, a losing trump is forced", "classic", engine.Hearts, "1:AS 2:AH 3:9H", 3,
			"AS 10S KS QS JS 9S", "10H KH QH JH 9H AD"},
		{"under must win, a losing trump shows no higher trump", "racehorse", engine.Hearts, "1:AS 2:10H 3:9H", 3,
			"AS 10S KS QS JS 9S AH", "KH QH JH AD AC"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := newRules(t, tc.preset, nil)
			v := &engine.View{Seat: 0, Rules: r, Phase: engine.PhasePlay, Trump: tc.trump,
				Trick: playedCards(t, tc.trick), HandSizes: make([]int, r.Players)}
			k := know(v)
			got := k.excluded[tc.seat]
			want := engine.CardSet(0)
			if tc.want != "" {
				want = setOf(t, tc.want)
			}
			if got&want != want {
				t.Errorf("excluded %v, want at least %v", engine.FormatCards(got.Cards()), tc.want)
			}
			if tc.notYet != "" {
				if wrong := got & setOf(t, tc.notYet); wrong != 0 {
					t.Errorf("excluded %v, which the play does not show", engine.FormatCards(wrong.Cards()))
				}
			}
			// The leader's lead shows nothing.
			if k.excluded[playedCards(t, tc.trick)[0].Seat] != 0 {
				t.Error("inferred something from the lead")
			}
		})
	}
}

// decisionPoints plays games of preset with Baselines and calls visit at every decision
// with the game and the seat to act.
func decisionPoints(tb testing.TB, preset string, opts map[string]string, seed uint64, visit func(g *engine.Game, seat int)) {
	tb.Helper()
	r := newRules(tb, preset, opts)
	g, err := engine.NewGame(r, seed)
	if err != nil {
		tb.Fatal(err)
	}
	p := NewBaseline(seed)
	for n := 0; !g.Over() && n < 10000; n++ {
		seat := waitingSeat(g)
		visit(g, seat)
		if err := g.Apply(p.Choose(g.View(seat))); err != nil {
			tb.Fatal(err)
		}
	}
}

// TestSamplesConsistent checks, at decision points of games of every preset, that what the
// expert knows is true of the real deal and that every sampled deal is consistent with it:
// the seat's own cards, every seat's hand size, every card of the deck exactly once
// (double-deck: each of its copies), the known cards where they are, and no seat holding a
// card the play showed it cannot hold.
func TestSamplesConsistent(t *testing.T) {
	for _, preset := range engine.PresetNames() {
		rng := rand.New(rand.NewPCG(1, 2))
		points := 0
		decisionPoints(t, preset, map[string]string{"hands": "2"}, 3, func(g *engine.Game, seat int) {
			if g.Phase() != engine.PhasePlay && g.Phase() != engine.PhaseDecide {
				return
			}
			points++
			v := g.View(seat)
			k := know(&v)
			r := g.Rules()
			for s := range r.Players {
				real := g.Hand(s)
				if s != seat {
					if held := real.Set() & k.excluded[s]; held != 0 {
						t.Fatalf("%s: seat %d holds %v, which was inferred impossible", preset, s, engine.FormatCards(held.Cards()))
					}
					if !real.Contains(&k.known[s]) {
						t.Fatalf("%s: seat %d is known to hold %v but holds %v", preset, s, k.known[s], real)
					}
				}
			}
			byseat := played(&v)
			for range 5 {
				hands := k.sample(&v, rng)
				var all engine.Hand
				for s := range r.Players {
					if hands[s].Len() != v.HandSizes[s] {
						t.Fatalf("%s: seat %d dealt %d cards, holds %d", preset, s, hands[s].Len(), v.HandSizes[s])
					}
					if s == seat && hands[s] != g.Hand(seat) {
						t.Fatalf("%s: the seat's own hand changed in a sample", preset)
					}
					if s != seat {
						if bad := hands[s].Set() & k.excluded[s]; bad != 0 {
							t.Fatalf("%s: sample gives seat %d %v, which it cannot hold", preset, s, engine.FormatCards(bad.Cards()))
						}
						if !hands[s].Contains(&k.known[s]) {
							t.Fatalf("%s: sample lost seat %d's known cards", preset, s)
						}
					}
					for c := range all {
						all[c] += hands[s][c] + byseat[s][c]
					}
				}
				if all != fullDeck(r) {
					t.Fatalf("%s: a sample with its played cards is not the deck: %v", preset, all)
				}
			}
		})
		if points == 0 {
			t.Fatalf("%s: no decision in play", preset)
		}
	}
}

// redealt returns a copy of g in which two seats other than seat have swapped a hidden
// card each (cards not part of their shown meld): the same public history and the same
// cards for seat, different hidden cards. ok is false when no such swap exists.
func redealt(tb testing.TB, g *engine.Game, seat int, rng *rand.Rand) (*engine.Game, bool) {
	tb.Helper()
	b, err := json.Marshal(g)
	if err != nil {
		tb.Fatal(err)
	}
	var snap map[string]any
	if err := json.Unmarshal(b, &snap); err != nil {
		tb.Fatal(err)
	}
	st := snap["state"].(map[string]any)
	hands := st["hands"].([]any)
	r := g.Rules()
	var others []int
	for s := range r.Players {
		if s != seat {
			others = append(others, s)
		}
	}
	rng.Shuffle(len(others), func(i, j int) { others[i], others[j] = others[j], others[i] })
	free := func(s int) []engine.Card {
		h := g.Hand(s)
		if m, shown := g.Meld(s); shown {
			used := m.Used()
			for c := range h {
				h[c] -= min(h[c], used[c])
			}
		}
		return h.Cards()
	}
	for _, a := range others {
		for _, bSeat := range others {
			if a >= bSeat {
				continue
			}
			fa, fb := free(a), free(bSeat)
			for _, x := range fa {
				for _, y := range fb {
					if x == y {
						continue
					}
					ha, hb := g.Hand(a), g.Hand(bSeat)
					ha[x]--
					ha[y]++
					hb[y]--
					hb[x]++
					hands[a], hands[bSeat] = ha.String(), hb.String()
					out, err := json.Marshal(snap)
					if err != nil {
						tb.Fatal(err)
					}
					g2 := new(engine.Game)
					if err := json.Unmarshal(out, g2); err != nil {
						tb.Fatal(err)
					}
					return g2, true
				}
			}
		}
	}
	return nil, false
}

// TestDecisionsIgnoreHiddenCards gives each level two games with the same public history
// and different hidden cards of other seats, and checks that with the same seed it makes
// the same decision: a player cannot read what its seat may not know.
func TestDecisionsIgnoreHiddenCards(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, preset := range engine.PresetNames() {
		checked := 0
		decisionPoints(t, preset, map[string]string{"hands": "1"}, 11, func(g *engine.Game, seat int) {
			if checked >= 6 || (g.Phase() == engine.PhasePass && g.Rules().PassStyle == engine.PassSixHanded) {
				return
			}
			if rng.IntN(3) != 0 {
				return
			}
			g2, ok := redealt(t, g, seat, rng)
			if !ok {
				return
			}
			differ := false
			for s := range g.Rules().Players {
				differ = differ || g.Hand(s) != g2.Hand(s)
			}
			if !differ {
				t.Fatal("the redeal changed nothing")
			}
			v1, _ := json.Marshal(g.View(seat))
			v2, _ := json.Marshal(g2.View(seat))
			if string(v1) != string(v2) {
				t.Fatalf("%s: the two games do not look the same to seat %d", preset, seat)
			}
			checked++
			for _, level := range []string{"random", "baseline", "normal", "expert", "ismcts"} {
				p1, _ := New(level, 99)
				p2, _ := New(level, 99)
				a1, a2 := p1.Choose(g.View(seat)), p2.Choose(g2.View(seat))
				if a1.String() != a2.String() || !equalCards(a1.Cards, a2.Cards) {
					t.Errorf("%s, %s in phase %v: %v in one game, %v in the other", preset, level, g.Phase(), a1, a2)
				}
			}
		})
		if checked == 0 {
			t.Fatalf("%s: no decision checked", preset)
		}
	}
}

func equalCards(a, b []engine.Card) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestExpertDeterministic checks that an expert with the same seed makes the same choices
// over a whole game, so that games replay exactly.
func TestExpertDeterministic(t *testing.T) {
	r := newRules(t, "racehorse", map[string]string{"hands": "2"})
	run := func() string {
		players := make([]Player, r.Players)
		for s := range players {
			players[s] = NewExpert(normalBudget, uint64(s))
		}
		var b strings.Builder
		for _, a := range playGame(t, r, 8, players, 10000).Log() {
			b.WriteString(a.String() + ";")
		}
		return b.String()
	}
	if run() != run() {
		t.Error("two games with the same seeds differ")
	}
}

// TestNewLevels checks that every level makes a player and an unknown one a typed error.
func TestNewLevels(t *testing.T) {
	for _, l := range append(Levels(), "ismcts") {
		if p, err := New(l, 1); err != nil || p == nil {
			t.Errorf("New(%q): %v", l, err)
		}
	}
	_, err := New("grandmaster", 1)
	var ul *UnknownLevelError
	if !errors.As(err, &ul) || ul.Level != "grandmaster" {
		t.Errorf("New(grandmaster): %v, want an UnknownLevelError", err)
	}
}

// TestExpertFullGames plays whole games of every preset and some options with experts in
// every seat: every action the engine accepts, every game ends.
func TestExpertFullGames(t *testing.T) {
	for _, preset := range engine.PresetNames() {
		for _, opts := range []map[string]string{{"hands": "2"}, {"hands": "2", "moon": "on", "throwin": "any"}} {
			players := make([]Player, 0, 6)
			for s := range 6 {
				players = append(players, NewExpert(normalBudget, uint64(s)))
			}
			g := playGame(t, newRules(t, preset, opts), 21, players, 10000)
			if !g.Over() {
				t.Fatalf("%s: not over", preset)
			}
		}
	}
}

// TestISMCTSFullGames plays whole games of every preset with the information-set MCTS
// player in every seat, twice with the same seeds: every action is legal, every game ends,
// and the two games are the same.
func TestISMCTSFullGames(t *testing.T) {
	for _, preset := range engine.PresetNames() {
		run := func() *engine.Game {
			players := make([]Player, 0, 6)
			for s := range 6 {
				players = append(players, NewISMCTS(normalBudget, uint64(s)))
			}
			return playGame(t, newRules(t, preset, map[string]string{"hands": "1", "moon": "on"}), 23, players, 10000)
		}
		g1, g2 := run(), run()
		if !g1.Over() {
			t.Fatalf("%s: not over", preset)
		}
		if len(g1.Log()) != len(g2.Log()) || g1.Scores() != g2.Scores() {
			t.Errorf("%s: two games with the same seeds differ", preset)
		}
	}
}

// TestExpertHint checks that a hint names the action it gives and says why.
func TestExpertHint(t *testing.T) {
	seen := map[engine.Phase]bool{}
	decisionPoints(t, "racehorse", map[string]string{"hands": "1"}, 4, func(g *engine.Game, seat int) {
		if seen[g.Phase()] || g.Phase() == engine.PhasePass || g.Phase() == engine.PhasePassBack {
			return
		}
		seen[g.Phase()] = true
		a, why := NewExpert(normalBudget, 1).Hint(g.View(seat))
		if err := g.Check(a); err != nil {
			t.Fatalf("hint %v is illegal: %v", a, err)
		}
		if why == "" || len(why) > 200 {
			t.Errorf("phase %v: reason %q", g.Phase(), why)
		}
		if a.Kind == engine.ActPlayCard && !strings.Contains(why, a.Card.Symbol()) {
			t.Errorf("hint plays %v but says %q", a.Card, why)
		}
	})
	if !seen[engine.PhasePlay] || !seen[engine.PhaseBidding] {
		t.Errorf("phases hinted: %v", seen)
	}
}

// FuzzExpertLegal plays a game of a preset to a random point with random actions and
// checks that the expert's choice there is legal.
func FuzzExpertLegal(f *testing.F) {
	f.Add(uint8(0), uint64(1), uint16(10))
	f.Add(uint8(1), uint64(2), uint16(40))
	f.Add(uint8(2), uint64(3), uint16(25))
	f.Add(uint8(3), uint64(4), uint16(60))
	f.Add(uint8(4), uint64(5), uint16(33))
	f.Add(uint8(0), uint64(6), uint16(200))
	presets := engine.PresetNames()
	f.Fuzz(func(t *testing.T, preset uint8, seed uint64, steps uint16) {
		opts := map[string]string{"hands": "3"}
		if seed%2 == 0 {
			opts["moon"], opts["throwin"] = "on", "any"
		}
		r, err := engine.NewRules(presets[int(preset)%len(presets)], opts)
		if err != nil {
			t.Fatal(err)
		}
		g, err := engine.NewGame(r, seed)
		if err != nil {
			t.Fatal(err)
		}
		rnd := NewRandom(seed)
		for range int(steps) % 300 {
			if g.Over() {
				return
			}
			if err := g.Apply(rnd.Choose(g.View(waitingSeat(g)))); err != nil {
				t.Fatal(err)
			}
		}
		if g.Over() {
			return
		}
		seat := waitingSeat(g)
		a := NewExpert(normalBudget, seed).Choose(g.View(seat))
		if err := g.Check(a); err != nil {
			t.Fatalf("expert chose %v in phase %v: %v", a, g.Phase(), err)
		}
		if a := NewISMCTS(normalBudget, seed).Choose(g.View(seat)); g.Check(a) != nil {
			t.Fatalf("ismcts chose %v in phase %v: %v", a, g.Phase(), g.Check(a))
		}
	})
}

// TestPassCandidates: in every preset that passes, the expert weighs the Baseline's pass
// first and only passes the rules accept, and chooses one of them.
func TestPassCandidates(t *testing.T) {
	for _, preset := range []string{"racehorse", "classic", "partnership", "six-handed"} {
		checked := 0
		decisionPoints(t, preset, map[string]string{"hands": "2"}, 6, func(g *engine.Game, seat int) {
			if g.Phase() != engine.PhasePass && g.Phase() != engine.PhasePassBack {
				return
			}
			v := g.View(seat)
			e := NewExpert(normalBudget, 3)
			base := e.base.Choose(v)
			cands := e.passCandidates(&v, base.Cards)
			if len(cands) < 2 || !equalCards(cands[0], base.Cards) {
				t.Fatalf("%s: %d candidates, first %v, want the Baseline's %v first among several", preset, len(cands), cands[0], base.Cards)
			}
			for _, c := range cands {
				if err := g.Check(engine.Action{Seat: seat, Kind: engine.ActPassCards, Cards: c}); err != nil {
					t.Fatalf("%s: candidate %v: %v", preset, c, err)
				}
			}
			a, why := NewExpert(expertBudget, 3).Hint(v)
			searched := g.Rules().PassStyle != engine.PassSixHanded
			if err := g.Check(a); err != nil || (searched && !strings.Contains(why, "sampled deals")) {
				t.Fatalf("%s: pass %v (%v): %q", preset, a, err, why)
			}
			checked++
		})
		if checked == 0 {
			t.Errorf("%s: no pass decided", preset)
		}
	}
}
