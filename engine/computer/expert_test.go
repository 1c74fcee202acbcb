package computer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
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
			k := &knowledge{rules: &r, seat: 0}
			k.infer(tc.trump, playedCards(t, tc.trick))
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
	p := newBaseline(seed)
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
// card the play showed it cannot hold; alike for samples tilted as the expert tilts them
// (expertTilt), every other sample.
func TestSamplesConsistent(t *testing.T) {
	for _, preset := range engine.PresetNames() {
		if preset == "two-handed" {
			continue // its samples are the stock's and the other hand's: TestTwoHandedSamplesFit
		}
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
			tilted := know(&v)
			tilted.tiltPassed(&v, expertTilt)
			byseat := played(&v)
			for i := range 10 {
				from := k
				if i%2 == 1 {
					from = tilted
				}
				hands := from.sample(rng)
				var all engine.Hand
				for s := range r.Players {
					if hands[s].Len() != v.HandSize(s) {
						t.Fatalf("%s: seat %d dealt %d cards, holds %d", preset, s, hands[s].Len(), v.HandSize(s))
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
				// Three-handed deals a pile beside the seats (the widow, or a defender's
				// unseen bury); a bidder knows its own bury.
				for s := r.Players; s < k.slots; s++ {
					for c := range all {
						all[c] += hands[s][c]
					}
				}
				buried, _ := v.Buried()
				for _, c := range buried {
					all[c]++
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
// card each, drawn at random: not part of their shown meld, not a card seat passed them,
// not a card they have already chosen to pass (six-handed). The copy has the same public
// history and the same cards for seat, and different hidden cards; ok is false when no
// such swap exists.
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
	var passing struct {
		State struct {
			Passing [engine.MaxPlayers]engine.Hand `json:"passing"`
		} `json:"state"`
	}
	if err := json.Unmarshal(b, &passing); err != nil {
		tb.Fatal(err)
	}
	st := snap["state"].(map[string]any)
	hands := st["hands"].([]any)
	r := g.Rules()
	v := g.View(seat)
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
		for _, p := range v.Passes() {
			if p.From == seat && p.To == s {
				for _, c := range p.Cards {
					h[c] -= min(h[c], 1)
				}
			}
		}
		for c := range h {
			h[c] -= min(h[c], passing.State.Passing[s][c])
		}
		return h.Cards()
	}
	for _, a := range others {
		for _, bSeat := range others {
			if a >= bSeat {
				continue
			}
			var swaps [][2]engine.Card
			for _, x := range free(a) {
				for _, y := range free(bSeat) {
					if x != y {
						swaps = append(swaps, [2]engine.Card{x, y})
					}
				}
			}
			if len(swaps) == 0 {
				continue
			}
			sw := swaps[rng.IntN(len(swaps))]
			x, y := sw[0], sw[1]
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
	return nil, false
}

// smallBudget is a small search budget that still reaches every part of the expert's
// search: sampled auctions, searched passes, quick playouts and the exact search of the
// last 16 cards, as the expert's budget does.
var smallBudget = Budget{PlaySamples: 6, AuctionSamples: 8, PassSamples: 3, ExactCards: expertBudget.ExactCards,
	Confidence: bidConfidence, PartnerConfidence: bidPartnerConfidence, Risk: bidRisk}

// decisionKind names the kind of decision the seat to act in g faces, for the hidden-state
// test: the phase, and for card play whether the seat leads or follows and whether the
// expert searches exactly ("exact", the last ExactCards cards), in the first trick
// ("first") or between ("mid"). It is "" for a card play without a choice.
func decisionKind(g *engine.Game, seat int, exact int) string {
	switch g.Phase() {
	case engine.PhaseBidding:
		return "bid"
	case engine.PhaseTrump:
		return "trump"
	case engine.PhasePass:
		return "pass"
	case engine.PhasePassBack:
		return "pass back"
	case engine.PhaseDecide:
		return "decide"
	}
	v := g.View(seat)
	if g.LegalCards(seat).Len() < 2 {
		return ""
	}
	role := "lead"
	if len(v.Trick()) > 0 {
		role = "follow"
	}
	left := 0
	for s := range v.Players() {
		left += v.HandSize(s)
	}
	switch {
	case left <= exact:
		return "play: " + role + ", exact"
	case len(v.Tricks()) == 0:
		return "play: " + role + ", first trick"
	}
	return "play: " + role + ", mid-hand"
}

// TestDecisionsIgnoreHiddenCards gives each level two games with the same public history
// (and the same own cards and passes) and different hidden cards of other seats, and
// checks that with the same seed it makes the same decision: a player cannot read what
// its seat may not know. In every preset it checks every phase the preset has (bid, trump,
// pass, pass back, play or throw in) and card play leading and following in the first
// trick, in mid-hand and in the exact search of the end, with the expert's search at a
// small budget that still samples passes and searches exactly.
func TestDecisionsIgnoreHiddenCards(t *testing.T) {
	const perKind = 3
	rng := rand.New(rand.NewPCG(5, 6))
	players := []struct {
		name string
		make func() Player
	}{
		{"random", func() Player { return newRandom(99) }},
		{"baseline", func() Player { return newBaseline(99) }},
		{"normal", func() Player { p, _ := New("normal", 99); return p }},
		{"expert", func() Player { return newExpert(smallBudget, 99) }},
		{"ismcts", func() Player { return newISMCTS(smallBudget, 99) }},
	}
	for _, preset := range engine.PresetNames() {
		t.Run(preset, func(t *testing.T) {
			if preset == "two-handed" {
				t.Skip("two-handed hides the stock too: TestTwoHandedDecisionsIgnoreHiddenCards")
			}
			opts := map[string]string{"hands": "3", "moon": "on"}
			if preset == "three-handed" {
				delete(opts, "moon") // the bidder plays alone: no shoot the moon
			}
			r := newRules(t, preset, opts)
			want := []string{"bid", "trump", "decide"}
			if r.PassStyle != engine.PassNone {
				want = append(want, "pass")
			}
			if r.PassStyle == engine.PassPartnerThenBack {
				want = append(want, "pass back")
			}
			for _, role := range []string{"lead", "follow"} {
				for _, when := range []string{"first trick", "mid-hand", "exact"} {
					want = append(want, "play: "+role+", "+when)
				}
			}
			checked := map[string]int{}
			for seed := uint64(11); seed < 14; seed++ {
				decisionPoints(t, preset, opts, seed, func(g *engine.Game, seat int) {
					kind := decisionKind(g, seat, smallBudget.ExactCards)
					if kind == "" || checked[kind] >= perKind || (kind == "bid" && rng.IntN(4) != 0) {
						return
					}
					g2, ok := redealt(t, g, seat, rng)
					if !ok {
						return
					}
					differ := false
					for s := range r.Players {
						differ = differ || g.Hand(s) != g2.Hand(s)
					}
					if !differ {
						t.Fatal("the redeal changed nothing")
					}
					v1, _ := json.Marshal(g.View(seat))
					v2, _ := json.Marshal(g2.View(seat))
					if string(v1) != string(v2) {
						t.Fatalf("%s: the two games do not look the same to seat %d", kind, seat)
					}
					checked[kind]++
					for _, p := range players {
						a1, a2 := p.make().Choose(g.View(seat)), p.make().Choose(g2.View(seat))
						if a1.String() != a2.String() || !equalCards(a1.Cards, a2.Cards) {
							t.Errorf("%s, %s: %v in one game, %v in the other", kind, p.name, a1, a2)
						}
					}
				})
			}
			t.Logf("checked %v", checked)
			for _, k := range want {
				if checked[k] == 0 {
					t.Errorf("no %q decision checked (checked %v)", k, checked)
				}
			}
		})
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
			players[s] = newExpert(normalBudget, uint64(s))
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

// TestExpertFullGames plays whole games of every preset and some options with experts in
// every seat, at the normal level's budget and with every part of the expert's search
// (searched passes, the exact search of the last 16 cards) at a small one: every action
// the engine accepts, every game ends.
func TestExpertFullGames(t *testing.T) {
	for _, preset := range engine.PresetNames() {
		for _, tc := range []struct {
			budget Budget
			opts   map[string]string
		}{
			{normalBudget, map[string]string{"hands": "2"}},
			{normalBudget, map[string]string{"hands": "2", "moon": "on", "throwin": "any"}},
			{smallBudget, map[string]string{"hands": "2"}},
		} {
			switch {
			case preset == "two-handed" && tc.opts["moon"] != "":
				tc.opts = map[string]string{"hands": "2", "declare": "on", "target": "400"}
			case preset == "three-handed" && tc.opts["moon"] != "":
				tc.opts = map[string]string{"hands": "2", "throwin": "any", "set": "double"}
			}
			players := make([]Player, 0, 6)
			for s := range 6 {
				players = append(players, newExpert(tc.budget, uint64(s)))
			}
			g := playGame(t, newRules(t, preset, tc.opts), 21, players, 10000)
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
				players = append(players, newISMCTS(normalBudget, uint64(s)))
			}
			opts := map[string]string{"hands": "1", "moon": "on"}
			if preset == "two-handed" || preset == "three-handed" {
				opts = map[string]string{"hands": "1"} // no moon to shoot
			}
			return playGame(t, newRules(t, preset, opts), 23, players, 10000)
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
		a, why := newExpert(normalBudget, 1).Hint(g.View(seat))
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

// fuzzTable returns table options drawn from bits: the number of cards passed, the
// counters, the royal beside a run, how a set scores, the throw-in policy, the moon and the
// losing floor, each either left as the preset has it or set to one of its values. The
// counters other than A10K are drawn only for presets counted in tens (scale 10).
func fuzzTable(bits uint32, scale int) map[string]string {
	opts := map[string]string{"hands": "3"}
	pick := func(key string, values ...string) {
		n := uint32(len(values) + 1)
		if i := bits % n; i > 0 {
			opts[key] = values[i-1]
		}
		bits /= n
	}
	pick("pass", "0", "2", "3", "4")
	if scale == 10 {
		pick("counters", "A10K", "fives", "eleven", "AK-QJ")
	} else {
		pick("counters", "A10K")
	}
	pick("royal", "marriage", "nothing")
	pick("set", "subtract", "opponents")
	pick("throwin", "never", "hopeless", "any", "forced")
	pick("moon", "on", "off")
	pick("floor", "0", fmt.Sprint(50*scale))
	return opts
}

// FuzzExpertLegal plays a game of a preset and table options drawn from the input to a
// random point with random actions, and checks that the expert's choice there is legal,
// with a small budget that searches passes and the last 16 cards exactly as the expert
// level does.
func FuzzExpertLegal(f *testing.F) {
	presets := engine.PresetNames()
	// Seeds that stop, in each preset and two tables, at every kind of decision: a bid, the
	// trump, the passes, the choice to play or throw in, and card play leading and
	// following in the first trick, in mid-hand and in the exact search of the end.
	for _, sd := range []struct {
		preset string
		table  uint32
		seed   uint64
		steps  []uint16
	}{
		{"racehorse", 0, 1, []uint16{1, 35, 36, 37, 38, 49, 53, 54, 81, 82, 161}},
		{"racehorse", 7919, 1, []uint16{1, 35, 36, 37, 38, 39, 41, 43, 46, 71, 72}},
		{"classic", 0, 1, []uint16{1, 35, 36, 37, 38, 40, 42, 43, 70, 71}},
		{"classic", 15838, 1, []uint16{1, 35, 36, 37, 38, 41, 42, 43, 70, 73}},
		{"partnership", 0, 18, []uint16{1, 8, 9, 10, 11, 12, 13, 16, 17, 44, 46}},
		{"partnership", 23757, 2, []uint16{1, 17, 18, 19, 57, 58, 61, 62, 65, 90, 92}},
		{"double-deck", 0, 1, []uint16{1, 35, 36, 37, 40, 41, 42, 101, 102}},
		{"double-deck", 31676, 1, []uint16{1, 35, 36, 37, 40, 41, 42, 101, 102}},
		{"six-handed", 0, 2, []uint16{1, 30, 31, 34, 35, 39, 41, 42, 67, 71}},
		{"six-handed", 733103, 1, []uint16{1, 46, 47, 50, 51, 52, 57, 58, 83, 87}},
	} {
		for i, name := range presets {
			if name == sd.preset {
				for _, n := range sd.steps {
					f.Add(uint8(i), sd.table, sd.seed, n)
				}
			}
		}
	}
	f.Fuzz(func(t *testing.T, preset uint8, table uint32, seed uint64, steps uint16) {
		name := presets[int(preset)%len(presets)]
		base, err := engine.NewRules(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		opts := fuzzTable(table, base.Scale())
		r, err := engine.NewRules(name, opts)
		if err != nil {
			t.Fatalf("%s %v: %v", name, opts, err)
		}
		g, err := engine.NewGame(r, seed)
		if err != nil {
			t.Fatal(err)
		}
		rnd := newRandom(seed)
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
		a := newExpert(smallBudget, seed).Choose(g.View(seat))
		if err := g.Check(a); err != nil {
			t.Fatalf("%s %v: expert chose %v in phase %v: %v", name, opts, a, g.Phase(), err)
		}
		if a := newISMCTS(smallBudget, seed).Choose(g.View(seat)); g.Check(a) != nil {
			t.Fatalf("%s %v: ismcts chose %v in phase %v: %v", name, opts, a, g.Phase(), g.Check(a))
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
			e := newExpert(normalBudget, 3)
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
			a, why := newExpert(expertBudget, 3).Hint(v)
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

// TestExpertChooseContext checks that a search that is not stopped chooses what Choose
// does, and that one whose context is done gives up before searching a single sample, at
// every kind of decision: bids, trump, passes, play or throw in, and cards.
func TestExpertChooseContext(t *testing.T) {
	budget := Budget{PlaySamples: 4, AuctionSamples: 6, PassSamples: 3, ExactCards: 8,
		Confidence: 0.50, PartnerConfidence: 0.80, Risk: 0.25}
	stopped, stop := context.WithCancel(context.Background())
	stop()
	phases := map[engine.Phase]int{}
	decisionPoints(t, "racehorse", nil, 3, func(g *engine.Game, seat int) {
		v := g.View(seat)
		phases[v.Phase()]++
		want := newExpert(budget, 9).Choose(v)
		got, err := newExpert(budget, 9).ChooseContext(context.Background(), v)
		if err != nil || got.String() != want.String() {
			t.Fatalf("%v, seat %d: ChooseContext = %v, %v; Choose = %v", v.Phase(), seat, got, err, want)
		}
		e := newExpert(budget, 9)
		if a, err := e.ChooseContext(stopped, v); !errors.Is(err, context.Canceled) || a.String() != (engine.Action{}).String() {
			t.Fatalf("%v, seat %d: stopped search = %v, %v; want no action and context.Canceled", v.Phase(), seat, a, err)
		}
		if e.Playouts != 0 {
			t.Fatalf("%v, seat %d: a search stopped before it began played out %d samples", v.Phase(), seat, e.Playouts)
		}
	})
	for _, p := range []engine.Phase{engine.PhaseBidding, engine.PhasePlay} {
		if phases[p] == 0 {
			t.Errorf("no decision of phase %v was tried", p)
		}
	}
}

// TestExactSamples checks that a card play samples Budget.ExactSamples deals once the
// exact search has started (ExactCards) and PlaySamples before, and every sample when
// ExactSamples is 0: a search counts one playout a sample for each legal card.
func TestExactSamples(t *testing.T) {
	for _, preset := range []string{"racehorse", "three-handed"} {
		for _, exactSamples := range []int{0, 3} {
			budget := Budget{PlaySamples: 7, AuctionSamples: 6, PassSamples: 3, ExactCards: 12, ExactSamples: exactSamples,
				Confidence: 0.50, PartnerConfidence: 0.80, Risk: 0.25}
			exact := budget.ExactCards
			if preset == "three-handed" {
				exact = soloExactCards(budget)
			}
			seen := map[bool]int{}
			decisionPoints(t, preset, nil, 5, func(g *engine.Game, seat int) {
				v := g.View(seat)
				if v.Phase() != engine.PhasePlay || v.Legal().Len() < 2 {
					return
				}
				e := newExpert(budget, 9)
				e.Choose(v)
				deep := cardsHeld(&v) <= exact
				want := budget.PlaySamples
				if deep && exactSamples > 0 {
					want = exactSamples
				}
				if e.Playouts != want*v.Legal().Len() {
					t.Fatalf("%s, %d cards held, ExactSamples %d: %d playouts for %d legal cards; want %d a card",
						preset, cardsHeld(&v), exactSamples, e.Playouts, v.Legal().Len(), want)
				}
				seen[deep]++
			})
			if seen[true] == 0 || seen[false] == 0 {
				t.Errorf("%s: card plays before and in the exact search: %v; want both", preset, seen)
			}
		}
	}
}

// otherAces counts the aces of h outside the trump suit.
func otherAces(h *engine.Hand, trump engine.Suit) int {
	n := 0
	for c := engine.Card(0); c < engine.NumKinds; c++ {
		if c.Rank() == engine.Ace && c.Suit() != trump {
			n += int(h[c])
		}
	}
	return n
}

// cheapExpertBudget is the expert's budget bidding and passing on fewer samples, with
// quick card play: games between experts, fast enough to play many in a test.
func cheapExpertBudget() Budget {
	b := expertBudget
	b.AuctionSamples, b.PassSamples = 30, 30
	b.PlaySamples, b.ExactCards, b.ExactSamples = 2, 0, 0
	return b
}

// TestTiltPassedFitsPlay checks that the expert's tilt (expertTilt) brings its samples
// nearer the real deals: over racehorse hands bid and passed by the expert (on fewer
// samples, and playing its cards quickly), a defender's samples at its first card hold, for the bidder
// and its partner, counts of trump and of the other suits' aces nearer the real hands' on
// average than samples dealt evenly. And that only hands in trick play whose bidder was
// passed to by a partner are tilted.
func TestTiltPassedFitsPlay(t *testing.T) {
	r := newRules(t, "racehorse", nil)
	cheap := cheapExpertBudget()
	rng := rand.New(rand.NewPCG(1, 2))
	// sum[0] the real hands, sum[1] even samples, sum[2] tilted ones: for the bidder and
	// its partner, trump and aces.
	var sum [3][2][2]float64
	hands := 0.0
	for seed := uint64(1); hands < 40; seed++ {
		g, err := engine.NewGame(r, seed)
		if err != nil {
			t.Fatal(err)
		}
		var players [4]Player
		for i := range players {
			players[i] = newExpert(cheap, seed*4+uint64(i))
		}
		// A hand thrown in or won by meld has no trick play: the next seed is dealt.
		for seen := false; !seen && g.HandNumber() == 1 && !g.Over(); {
			seat := g.Turn()
			v := g.View(seat)
			b := v.Bidder()
			partner := r.Partner(b)
			if v.Phase() == engine.PhasePlay && seat != b && seat != partner {
				seen = true
				hands++
				trump := v.Trump()
				for who, s := range []int{b, partner} {
					h := g.Hand(s)
					sum[0][who][0] += float64(h.SuitCount(trump))
					sum[0][who][1] += float64(otherAces(&h, trump))
				}
				for kind := 1; kind <= 2; kind++ {
					k := know(&v)
					if kind == 2 {
						k.tiltPassed(&v, expertTilt)
						if !k.tilt.on() {
							t.Fatal("racehorse trick play is not tilted")
						}
					}
					for range 50 {
						dealt := k.sample(rng)
						for who, s := range []int{b, partner} {
							sum[kind][who][0] += float64(dealt[s].SuitCount(trump)) / 50
							sum[kind][who][1] += float64(otherAces(&dealt[s], trump)) / 50
						}
					}
				}
			}
			if err := g.Apply(players[seat].Choose(v)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for who, seat := range []string{"bidder", "partner"} {
		for what, cards := range []string{"trump", "aces"} {
			real, even, tilted := sum[0][who][what]/hands, sum[1][who][what]/hands, sum[2][who][what]/hands
			if math.Abs(tilted-real) >= math.Abs(even-real) {
				t.Errorf("%s's %s: tilted samples hold %.2f, even ones %.2f, the real hands %.2f", seat, cards, tilted, even, real)
			}
		}
	}
	for _, preset := range []string{"double-deck", "six-handed", "three-handed", "racehorse"} {
		decisionPoints(t, preset, map[string]string{"hands": "1"}, 1, func(g *engine.Game, seat int) {
			if preset == "racehorse" && g.Phase() == engine.PhasePlay {
				return
			}
			v := g.View(seat)
			k := know(&v)
			k.tiltPassed(&v, expertTilt)
			if k.tilt.on() {
				t.Fatalf("%s: tilted in phase %v", preset, g.Phase())
			}
		})
	}
}

// TestTiltPassingFitsPasses checks, over racehorse hands (three cards passed) and
// partnership hands (four) between experts, that the samples of the partner passing to the
// bidder, tilted as the pass tilt (passTilt) says, deal the bidder a count of trump and
// aces nearer its real hand's than even samples do, and that the bidder's samples as it
// passes back deal the partner nearer its real count too; and that nothing is tilted in
// other phases or presets.
func TestTiltPassingFitsPasses(t *testing.T) {
	for _, preset := range []string{"racehorse", "partnership"} {
		tiltPassingFits(t, preset)
	}
	for _, preset := range []string{"double-deck", "six-handed", "three-handed", "racehorse"} {
		decisionPoints(t, preset, map[string]string{"hands": "1"}, 1, func(g *engine.Game, seat int) {
			if preset == "racehorse" && (g.Phase() == engine.PhasePass || g.Phase() == engine.PhasePassBack) {
				return
			}
			v := g.View(seat)
			k := know(&v)
			k.tiltPassing(&v, passTilt(v.Rules().PassCount))
			if k.tilt.on() {
				t.Fatalf("%s: tilted in phase %v", preset, g.Phase())
			}
		})
	}
}

// tiltPassingFits is TestTiltPassingFitsPasses for one preset.
func tiltPassingFits(t *testing.T, preset string) {
	r := newRules(t, preset, nil)
	cheap := cheapExpertBudget()
	rng := rand.New(rand.NewPCG(1, 2))
	// sum[0] the real hands, sum[1] even samples, sum[2] tilted ones; [who] the seat
	// sampled (the bidder in the partner's pass, the partner in the pass back); trump and
	// aces.
	var sum [3][2][2]float64
	var seen [2]float64
	for seed := uint64(1); seen[0] < 120 || seen[1] < 120; seed++ {
		g, err := engine.NewGame(r, seed)
		if err != nil {
			t.Fatal(err)
		}
		var players [4]Player
		for i := range players {
			players[i] = newExpert(cheap, seed*4+uint64(i))
		}
		for g.HandNumber() == 1 && !g.Over() && g.Phase() != engine.PhasePlay {
			seat := g.Turn()
			v := g.View(seat)
			b := v.Bidder()
			who, other := -1, -1
			switch v.Phase() {
			case engine.PhasePass:
				who, other = 0, b
			case engine.PhasePassBack:
				who, other = 1, r.Partner(b)
			}
			if who >= 0 {
				seen[who]++
				trump := v.Trump()
				h := g.Hand(other)
				sum[0][who][0] += float64(h.SuitCount(trump))
				sum[0][who][1] += float64(otherAces(&h, trump))
				for kind := 1; kind <= 2; kind++ {
					k := know(&v)
					if kind == 2 {
						k.tiltPassing(&v, passTilt(r.PassCount))
						if !k.tilt.on() {
							t.Fatalf("%s %v is not tilted", preset, v.Phase())
						}
					}
					for range 50 {
						dealt := k.sample(rng)
						sum[kind][who][0] += float64(dealt[other].SuitCount(trump)) / 50
						sum[kind][who][1] += float64(otherAces(&dealt[other], trump)) / 50
					}
				}
			}
			if err := g.Apply(players[seat].Choose(v)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for who, seat := range []string{"the bidder, as its partner passes", "the partner, as the bidder passes back"} {
		for what, cards := range []string{"trump", "aces"} {
			real, even, tilted := sum[0][who][what]/seen[who], sum[1][who][what]/seen[who], sum[2][who][what]/seen[who]
			t.Logf("%s, %s: %s real %.2f, even %.2f, tilted %.2f", preset, seat, cards, real, even, tilted)
			if math.Abs(tilted-real) >= math.Abs(even-real) {
				t.Errorf("%s, %s's %s: tilted samples hold %.2f, even ones %.2f, the real hands %.2f", preset, seat, cards, tilted, even, real)
			}
		}
	}
}
