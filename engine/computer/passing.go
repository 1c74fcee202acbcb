package computer

import (
	"fmt"
	"sort"

	"github.com/pinochle-discord/pinochle/engine"
)

// maxPassCandidates bounds the passes the expert weighs: the Baseline's choice and
// combinations of the cards that rank best for the pass at hand.
const (
	maxPassCandidates = 36
	passPool          = 7
)

// pass chooses the cards to pass by playing the hand out in sampled deals for each
// candidate pass, the same samples for every candidate, and keeping the best on average.
// The candidates are the Baseline's choice and the combinations of the few cards the
// Baseline ranks best to give; so the expert passes at least as well as its samples can
// tell.
func (e *Expert) pass(v *engine.View) (engine.Action, string) {
	base := e.base.Choose(*v)
	// Six-handed, where each player must save alone, play-outs choose worse passes than the
	// Baseline's, so the expert passes as it does: measured when the search scored saves
	// by team (+3.4 a hand over the baseline with its passes, -0.1 with searched ones,
	// over the same 1,000 deals), and again once it scored them per seat, as the engine
	// does (searched passes against expert-v2, which passes so: -2.5 a hand, -3.7 to
	// -1.3, over 500 deals, with less meld kept).
	if v.Rules().PassStyle == engine.PassSixHanded || e.budget.PassSamples == 0 {
		return base, fmt.Sprintf("Pass %s: keep your meld, trump and winners; give away what helps least.", symbolList(base.Cards))
	}
	cands := e.passCandidates(v, base.Cards)
	if len(cands) == 1 {
		return base, fmt.Sprintf("Pass %s: keep your meld, trump and winners; give away what helps least.", symbolList(base.Cards))
	}
	r := v.Rules()
	k := e.know(v, SeePass)
	if e.budget.TiltPasses {
		k.tiltPassing(v, passTilt(r.PassCount))
	}
	k.inferAuction(v, e.budget.InferPass)
	team := r.TeamOf(v.Seat())
	totals := make([]int, len(cands))
	n := e.budget.PassSamples
	t := newCardTable(r, v.Trump())
	for range n {
		if e.stopped() {
			break
		}
		hands := k.sampleInferred(e.rng)
		// The exchange stays within the team: the other team's meld is the same for every
		// candidate.
		var melds [engine.MaxPlayers]int
		for s := range r.Players {
			if r.TeamOf(s) != team {
				melds[s] = engine.CountMeld(&hands[s], v.Trump(), &r.Meld).Total
			}
		}
		for i, c := range cands {
			h := hands
			applyPass(v, &t.pass, &h, c)
			for s := range r.Players {
				if r.TeamOf(s) == team {
					melds[s] = engine.CountMeld(&h[s], v.Trump(), &r.Meld).Total
				}
			}
			sc := seatScoring(r, &melds, r.TeamOf(v.Bidder()), v.High())
			totals[i] += e.playOut(v, t, &h, &sc, team)
		}
	}
	best := 0
	for i := range totals {
		if totals[i] > totals[best] {
			best = i
		}
	}
	a := engine.Action{Seat: v.Seat(), Kind: engine.ActPassCards, Cards: cands[best]}
	return a, fmt.Sprintf("Pass %s: the best of %d passes over %d sampled deals, %+.0f points a hand against the usual choice.",
		symbolList(a.Cards), len(cands), n, float64(totals[best]-totals[0])/float64(n))
}

// passCandidates returns the passes to weigh, the Baseline's first, each one the view
// accepts.
func (e *Expert) passCandidates(v *engine.View, first []engine.Card) [][]engine.Card {
	r := v.Rules()
	count := v.PassRule().Count
	hand := v.Hand()
	toBidder := v.Phase() == engine.PhasePass && v.PassTarget(v.Seat()) == v.Bidder() && v.Seat() != v.Bidder()
	m := engine.CountMeld(&hand, v.Trump(), &r.Meld)
	used := m.Used()
	// The distinct cards that rank best to give.
	var pool []engine.Card
	for c := engine.Card(0); c < engine.NumKinds; c++ {
		for range hand[c] {
			pool = append(pool, c)
		}
	}
	score := func(c engine.Card) int {
		if toBidder {
			return giveScore(r, c, v.Trump(), used[c] >= hand[c])
		}
		s := -keepValue(r, &hand, c, v.Trump())
		if v.PassRule().Need > 0 && v.PassRule().Prefer[c] == 0 {
			s -= 10000
		}
		return s
	}
	sort.SliceStable(pool, func(i, j int) bool { return score(pool[i]) > score(pool[j]) })
	pool = pool[:min(len(pool), passPool)]
	out := [][]engine.Card{first}
	seen := map[string]bool{fmt.Sprint(sortedCards(first)): true}
	var pick func(start int, cur []engine.Card)
	pick = func(start int, cur []engine.Card) {
		if len(out) >= maxPassCandidates {
			return
		}
		if len(cur) == count {
			c := append([]engine.Card(nil), cur...)
			key := fmt.Sprint(sortedCards(c))
			if !seen[key] && v.Check(engine.Action{Seat: v.Seat(), Kind: engine.ActPassCards, Cards: c}) == nil {
				seen[key] = true
				out = append(out, c)
			}
			return
		}
		for i := start; i < len(pool); i++ {
			pick(i+1, append(cur, pool[i]))
		}
	}
	pick(0, nil)
	return out
}

// sortedCards returns cards in card order.
func sortedCards(cs []engine.Card) []engine.Card {
	h := engine.HandOf(cs...)
	return h.Cards()
}

// applyPass plays out the exchange in a sampled deal: the seat's pass, and the passes the
// rules still ask of its team, chosen as the Baseline would (ps are the pass scores of the
// view's rules and trump).
func applyPass(v *engine.View, ps *passScores, h *[engine.MaxPlayers]engine.Hand, give []engine.Card) {
	r := v.Rules()
	n := r.PassCount
	switch {
	case r.PassStyle == engine.PassSixHanded:
		var gives [engine.MaxPlayers][]engine.Card
		gives[v.Seat()] = give
		for s := range r.Players {
			if s == v.Seat() || r.TeamOf(s) != r.TeamOf(v.Seat()) || !sixPending(v, s) {
				continue
			}
			if v.PassTarget(s) == v.Bidder() {
				gives[s] = passToBidder(r, ps, &h[s], v.Trump(), n, nil)
				for _, c := range gives[s] {
					h[s][c]++ // passToBidder takes them from the hand; the exchange below moves them
				}
			} else {
				gives[s] = passBack(r, ps, &h[s], v.Trump(), n, true, nil)
				for _, c := range gives[s] {
					h[s][c]++
				}
			}
		}
		for s := range r.Players {
			for _, c := range gives[s] {
				h[s][c]--
				h[v.PassTarget(s)][c]++
			}
		}
	case v.Phase() == engine.PhasePass:
		// To the bidder, who passes back as the Baseline would.
		for _, c := range give {
			h[v.Seat()][c]--
			h[v.Bidder()][c]++
		}
		var room [8]engine.Card
		for _, c := range passBack(r, ps, &h[v.Bidder()], v.Trump(), n, r.PassBackFree, room[:0]) {
			h[v.Seat()][c]++
		}
	default:
		// The bidder passing back.
		for _, c := range give {
			h[v.Seat()][c]--
			h[v.PassTarget(v.Seat())][c]++
		}
	}
}

// sixPending reports whether seat has still to pass in a six-handed exchange: a seat that
// has passed already is in the seat's view only if it is the seat itself.
func sixPending(v *engine.View, seat int) bool {
	return v.IsWaiting(seat)
}

// playOut plays the hand of the deal as passed out with the quick policy, the bidder
// leading, and returns its value to team under the scoring sc; t is the card table of
// the view's rules and trump.
func (e *Expert) playOut(v *engine.View, t *cardTable, h *[engine.MaxPlayers]engine.Hand, sc *scoring, team int) int {
	d := startDeal(t, v.Bidder(), h)
	e.Nodes += v.Rules().DeckSize()
	e.Playouts++
	return d.rollout(sc, team)
}
