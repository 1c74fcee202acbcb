package computer

import (
	"fmt"
	"sort"

	"github.com/pinochle-discord/pinochle/engine"
)

// Three-handed cutthroat (engine.Rules.Solo) asks for decisions the team presets do not:
// a bid for a hand that will take a widow of three unseen cards and play alone; the trump
// and the three cards to bury once the widow is in hand; and card play in which the two
// defenders are a side for the hand, against the bidder, though each scores alone.
//
// The search plays a three-handed hand as a deal of two sides, the bidder's
// (soloBidderSide) and the defenders' (soloDefenderSide), worth to the bidder its change
// of score less the mean of the defenders' (soloDeltas). What a seat cannot see is dealt
// to the other two seats and to a pile (soloPile): the widow before the bidder takes it,
// the bury for a defender, who never sees it.

// The sides of a three-handed deal, as cardTable.team holds them.
const (
	soloBidderSide   = 0
	soloDefenderSide = 1
)

// soloPile returns the slot of the pile in the knowledge of a three-handed seat: after the
// seats.
func soloPile(r *engine.Rules) int { return r.Players }

// tableOf returns the card table of the view's hand: in three-handed, with the bidder on
// one side and the defenders on the other.
func tableOf(v *engine.View) *cardTable {
	if v.Rules().Solo {
		return soloTable(v.Rules(), v.Trump(), v.Bidder())
	}
	return newCardTable(v.Rules(), v.Trump())
}

// soloTable returns the card table of a three-handed hand with trump named and bidder
// playing alone.
func soloTable(r *engine.Rules, trump engine.Suit, bidder int) *cardTable {
	t := newCardTable(r, trump)
	for s := range r.Players {
		t.team[s] = soloDefenderSide
	}
	t.team[bidder] = soloBidderSide
	return t
}

// seatSide returns the side seat plays on in the view's hand: its team, or in
// three-handed the bidder's side or the defenders'.
func seatSide(v *engine.View, seat int) int {
	if v.Rules().Solo {
		if seat == v.Bidder() {
			return soloBidderSide
		}
		return soloDefenderSide
	}
	return v.Rules().TeamOf(seat)
}

// soloScoring returns the scoring of a three-handed hand in which each seat shows the meld
// melds[seat], bidder bid bid, and its buried cards count buried trick points.
func soloScoring(r *engine.Rules, melds *[engine.MaxPlayers]int, bidder, bid, buried int) scoring {
	sc := scoring{r: r, bidder: soloBidderSide, bid: bid, seatMeld: *melds, solo: true, buried: buried}
	for s := range r.Players {
		if s == bidder {
			sc.meld[soloBidderSide] += melds[s]
		} else {
			sc.meld[soloDefenderSide] += melds[s]
		}
	}
	return sc
}

// soloDeltas returns the changes of score of a finished three-handed deal, by side: the
// bidder's, as the engine scores it (its meld, tricks and buried counters when they reach
// the bid, else the bid lost), and the mean of the defenders' (their meld and tricks).
func (s *scoring) soloDeltas(d *deal) [2]int {
	total := s.counted(d, soloBidderSide)
	bidder := -s.r.SoloSetCost(s.bid, true)
	if total >= s.bid {
		bidder = total
	}
	return [2]int{bidder, s.counted(d, soloDefenderSide) / 2}
}

// knowSolo works out what a three-handed seat knows of the cards it cannot see: the other
// two hands, and the pile. Before the widow is taken the pile is the widow; once the bidder
// has buried, the pile is the bury for a defender (the bidder knows its own). The widow's
// cards, shown to all, are the bidder's: in its hand until it buries, then in its hand or
// the bury. The meld shown and the voids play reveals hold as in the other presets.
func knowSolo(v *engine.View) *knowledge {
	r := v.Rules()
	me, bidder, pile := v.Seat(), v.Bidder(), soloPile(r)
	k := &knowledge{rules: r, seat: me, slots: r.Players + 1}
	byseat := played(v)
	k.own = v.Hand()
	unseen := notSeen(r, &k.own, &byseat)
	buried, _ := v.Buried()
	mine := engine.HandOf(buried...)
	sub(&unseen, &mine)
	for s := range r.Players {
		if m, shown := v.ShownMeld(s); shown && s != me {
			k.known[s] = m.Used()
			for c := range k.known[s] {
				k.known[s][c] -= min(k.known[s][c], byseat[s][c])
			}
		}
	}
	// restricted are the widow's cards that are the bidder's, in its hand or its bury.
	var restricted engine.Hand
	widow, taken := v.Widow()
	if taken && me != bidder {
		w := engine.HandOf(widow...)
		m, _ := v.ShownMeld(bidder)
		used := m.Used()
		for c := range w {
			if !v.MeldShown() {
				k.known[bidder][c] = w[c] // not buried yet: all in hand
				continue
			}
			// Of the bidder's 18 cards at least max(widow, meld) were of this kind; the
			// meld's are in its hand, the rest in its hand or the bury.
			left := max(w[c], used[c]) - min(max(w[c], used[c]), byseat[bidder][c])
			restricted[c] = left - min(left, k.known[bidder][c])
		}
	}
	for s := range r.Players {
		for c := range k.known[s] {
			k.known[s][c] = min(k.known[s][c], unseen[c])
		}
	}
	k.pool = unseen
	for s := range r.Players {
		if s != me {
			sub(&k.pool, &k.known[s])
			k.need[s] = max(v.HandSize(s)-k.known[s].Len(), 0)
		}
	}
	switch {
	case !taken:
		k.need[pile] = r.Widow
	case v.MeldShown() && me != bidder:
		k.need[pile] = r.PassCount
	}
	k.infer(v.Trump(), v.Plays())
	k.setHolders()
	for c := range restricted {
		// The widow's copies may lie only with the bidder or in the bury, unless other
		// copies of the card, free to be anywhere, are unseen too.
		if n := min(restricted[c], k.pool[c]); n > 0 && n == k.pool[c] {
			k.holders[c] &= 1<<bidder | 1<<pile
			if k.holders[c] == 0 {
				k.holders[c] = k.relaxed[c]
			}
			k.constrained = true
		}
	}
	return k
}

// pileBury returns the trick points of the pile of a sample when it is the bury a
// defender has not seen, and buried, what the view's seat knows of them, otherwise.
func pileBury(v *engine.View, hands *[engine.MaxPlayers]engine.Hand, buried int) int {
	r := v.Rules()
	if !r.Solo || v.Seat() == v.Bidder() || !v.MeldShown() {
		return buried
	}
	return counterPoints(r, &hands[soloPile(r)])
}

// counterPoints returns the trick points of the cards of h, without the last trick.
func counterPoints(r *engine.Rules, h *engine.Hand) int {
	pts := 0
	for c, n := range h {
		pts += int(n) * r.RankValue[engine.Card(c).Rank()]
	}
	return pts
}

// ----- the Baseline's rules -----

// soloBaseline chooses the Baseline's action in a three-handed game; play is the team
// presets' (the defenders are a side for it: see allied).
func (b *Baseline) soloBaseline(v *engine.View) (engine.Action, bool) {
	seat := v.Seat()
	r := v.Rules()
	h := v.Hand()
	switch v.Phase() {
	case engine.PhaseBidding:
		next := v.MinNextBid()
		if v.MustBid() {
			return engine.Action{Seat: seat, Kind: engine.ActBid, Bid: next}, true
		}
		_, est := soloEstimate(r, &h)
		step := float64(max(r.MinRaise, r.BidStep))
		est += step * (float64(b.src.Uint64()%3) - 1)
		if float64(next) <= est {
			return engine.Action{Seat: seat, Kind: engine.ActBid, Bid: next}, true
		}
		return engine.Action{Seat: seat, Kind: engine.ActPass}, true
	case engine.PhaseTrump:
		t, _ := soloBestTrump(r, &h, v.TrumpChoices())
		return engine.Action{Seat: seat, Kind: engine.ActTrump, Suit: t}, true
	case engine.PhasePass:
		return engine.Action{Seat: seat, Kind: engine.ActPassCards, Cards: buryCards(r, &h, v.Trump(), v.PassRule().Count, nil)}, true
	case engine.PhaseDecide:
		return engine.Action{Seat: seat, Kind: soloDecide(v)}, true
	}
	return engine.Action{}, false
}

// soloTricks estimates the trick points a bidder alone takes with hand h (its cards after
// the bury) and trump t: its sure tricks at a trick's average worth.
func soloTricks(r *engine.Rules, h *engine.Hand, t engine.Suit) float64 {
	return min(trickShare(r, h, t)*perTrick(r), float64(r.TrickTotal()))
}

// soloBestTrump returns the suit among choices in which the 18 cards h, widow taken, are
// worth most to a bidder (meld kept after the bury, buried counters and tricks), and that
// worth.
func soloBestTrump(r *engine.Rules, h *engine.Hand, choices uint8) (engine.Suit, float64) {
	best, bestVal := engine.NoSuit, 0.0
	for t := engine.Spades; t < engine.NoSuit; t++ {
		if choices&(1<<t) == 0 {
			continue
		}
		kept := *h
		var room [8]engine.Card
		bury := buryCards(r, &kept, t, r.PassCount, room[:0])
		var buried engine.Hand
		for _, c := range bury {
			kept[c]--
			buried[c]++
		}
		val := float64(engine.CountMeld(&kept, t, &r.Meld).Total+counterPoints(r, &buried)) + soloTricks(r, &kept, t) + 0.01*float64(kept.SuitCount(t))
		if best == engine.NoSuit || val > bestVal {
			best, bestVal = t, val
		}
	}
	return best, bestVal
}

// soloEstimate values the 15 cards h of a three-handed seat as a bidder, the widow unseen:
// in the best trump, its meld, what three cards of the widow add to it on average, and the
// tricks it takes alone, with an allowance for the counters it will bury.
func soloEstimate(r *engine.Rules, h *engine.Hand) (engine.Suit, float64) {
	unseen := fullDeck(r)
	sub(&unseen, h)
	n := unseen.Len()
	best, bestVal := engine.NoSuit, 0.0
	for t := engine.Spades; t < engine.NoSuit; t++ {
		meld := engine.CountMeld(h, t, &r.Meld).Total
		gain := 0
		for c := engine.Card(0); c < engine.NumKinds; c++ {
			if unseen[c] == 0 {
				continue
			}
			with := *h
			with[c]++
			gain += int(unseen[c]) * (engine.CountMeld(&with, t, &r.Meld).Total - meld)
		}
		val := float64(meld) + float64(r.Widow)*float64(gain)/float64(n) + soloTricks(r, h, t) + soloBuryAllowance(r)
		if best == engine.NoSuit || val > bestVal {
			best, bestVal = t, val
		}
	}
	return best, bestVal
}

// soloBuryAllowance is what a bidder's widow and bury add to its tricks on average: a
// counter or so buried, and the widow's trick.
func soloBuryAllowance(r *engine.Rules) float64 { return 1.5 * perTrick(r) }

// buryCards chooses n cards of the bidder's hand h to bury with trump named, appended to
// out: never a card its meld needs while another will do, the counters it cannot protect
// (they count for it buried, and would fall to the defenders in play) and the cards of its
// shortest side suits (a void to trump into); never a trump or an ace while another will
// do.
func buryCards(r *engine.Rules, h *engine.Hand, trump engine.Suit, n int, out []engine.Card) []engine.Card {
	hand := *h
	m := engine.CountMeld(&hand, trump, &r.Meld)
	used := m.Used()
	for range n {
		best, bestScore := engine.Card(0), 0
		found := false
		for s := hand.Set(); s != 0; s &= s - 1 {
			c := lowestCard(s)
			if sc := buryScore(r, &hand, &used, c, trump); !found || sc > bestScore {
				best, bestScore, found = c, sc, true
			}
		}
		if !found {
			break
		}
		hand[best]--
		used[best] = min(used[best], hand[best])
		out = append(out, best)
	}
	return out
}

// buryScore rates card c of hand for burying: the higher, the sooner it is buried. used
// are the cards the hand's meld needs.
func buryScore(r *engine.Rules, hand, used *engine.Hand, c engine.Card, trump engine.Suit) int {
	rk, s := c.Rank(), c.Suit()
	score := -int(rk)
	if hand[c] <= used[c] {
		score -= 10000 // every copy melds
	}
	if s == trump {
		return score - 1000
	}
	if rk == engine.Ace {
		score -= 200
	}
	if pts := r.RankValue[rk]; pts > 0 && rk != engine.Ace {
		ace := engine.NewCard(engine.Ace, s)
		if int(hand[ace]) >= r.Copies(ace) && rk == engine.Ten {
			score -= 30 // behind every ace of its suit, a ten is a winner
		} else {
			score += 30 * pts / max(r.Scale(), 1)
		}
	}
	// The shorter the suit, the sooner: burying it whole leaves a void to trump into.
	return score + 40 - 10*hand.SuitCount(s)
}

// soloDecide is the Baseline's choice to play or throw in: it throws in when its meld, its
// buried counters and the tricks it may take, with a trick to spare, fall short of the bid.
func soloDecide(v *engine.View) engine.ActionKind {
	canThrow := false
	for _, k := range v.DecideChoices() {
		canThrow = canThrow || k == engine.ActThrowIn
	}
	if !canThrow {
		return engine.ActPlayHand
	}
	r := v.Rules()
	h := v.Hand()
	m, _ := v.ShownMeld(v.Seat())
	_, buried := v.Buried()
	if float64(m.Total+buried)+soloTricks(r, &h, v.Trump())+perTrick(r) < float64(v.High()) {
		return engine.ActThrowIn
	}
	return engine.ActPlayHand
}

// allied reports whether seats a and b play on the same side: teammates, or in three-handed
// play the two defenders.
func allied(t table, a, b int) bool {
	r := t.Rules()
	if r.Solo {
		bidder := t.Bidder()
		return (a == bidder) == (b == bidder)
	}
	return sameTeam(r, a, b)
}

// ----- the Expert's search -----

// soloBurySamples is the number of deals on which the Expert plays out each candidate
// bury: a sixth of its AuctionSamples (which value a three-handed hand in the auction,
// name trump and decide whether to play), at least 4.
func soloBurySamples(b Budget) int { return max(b.AuctionSamples/6, 4) }

// soloExactCards is the number of cards left in all hands from which the Expert searches
// a three-handed sample exactly: three quarters of its ExactCards (the expert's 20 give
// 15, the last five tricks), since three hands branch more a trick than four hands of a
// card each fewer do; at 16 cards on 600 samples the expert's p99 was 669 ms, over its
// 250 ms target.
func soloExactCards(b Budget) int { return b.ExactCards * 3 / 4 }

// threeHanded chooses the Expert's action in a three-handed game.
func (e *Expert) threeHanded(v *engine.View) (engine.Action, string) {
	switch v.Phase() {
	case engine.PhaseBidding:
		return e.soloBid(v)
	case engine.PhaseTrump:
		return e.soloTrump(v)
	case engine.PhasePass:
		return e.soloBury(v)
	case engine.PhaseDecide:
		return e.soloDecideHand(v)
	case engine.PhasePlay:
		return e.play(v)
	}
	return fallback(v), "The only sensible choice here."
}

// soloOutlook is what the samples say of a three-handed hand played by the view's seat as
// the bidder: per sample, sorted, its meld, tricks and buried counters (totals), and its
// meld and buried counters alone (floors).
type soloOutlook struct {
	totals, floors []int
}

// made returns the share of samples in which the bidder reaches bid.
func (o *soloOutlook) made(bid int) float64 {
	return float64(len(o.totals)-sort.SearchInts(o.totals, bid)) / float64(len(o.totals))
}

// hopeless returns the share of samples in which bid is out of reach once meld is shown.
func (o *soloOutlook) hopeless(r *engine.Rules, bid int) float64 {
	return float64(sort.SearchInts(o.floors, bid-r.TrickTotal())) / float64(len(o.floors))
}

// soloAuction plays the hand out in n samples with the view's seat as the bidder: it takes
// the sampled widow, names the trump the Baseline would, buries as the Baseline does, and
// the hand is played out by the quick policy.
func (e *Expert) soloAuction(v *engine.View, n int) soloOutlook {
	r := v.Rules()
	me, pile := v.Seat(), soloPile(r)
	k := e.know(v, SeeAuction)
	rng := auctionRand(v)
	var tables [engine.NumSuits]*cardTable
	leader := soloLeader(v, me)
	o := soloOutlook{totals: make([]int, 0, n), floors: make([]int, 0, n)}
	var room [8]engine.Card
	for range n {
		if e.stopped() {
			break
		}
		hands := k.sample(rng)
		h := hands[me]
		for c, x := range hands[pile] {
			h[c] += x
		}
		t, _ := soloBestTrump(r, &h, 0xF)
		var buried engine.Hand
		for _, c := range buryCards(r, &h, t, r.PassCount, room[:0]) {
			h[c]--
			buried[c]++
		}
		hands[me], hands[pile] = h, engine.Hand{}
		var melds [engine.MaxPlayers]int
		for s := range r.Players {
			melds[s] = engine.CountMeld(&hands[s], t, &r.Meld).Total
		}
		if tables[t] == nil {
			tables[t] = soloTable(r, t, me)
		}
		sc := soloScoring(r, &melds, me, 0, counterPoints(r, &buried))
		d := startDeal(tables[t], leader, &hands)
		for !d.over() {
			d.play(d.quick())
		}
		e.Nodes += r.HandSize() * r.Players
		e.Playouts++
		o.totals = append(o.totals, sc.counted(&d, soloBidderSide))
		o.floors = append(o.floors, melds[me]+sc.buried)
	}
	sort.Ints(o.totals)
	sort.Ints(o.floors)
	return o
}

// soloLeader returns the seat that leads the first trick of the view's hand when bidder
// wins the auction.
func soloLeader(v *engine.View, bidder int) int {
	if v.Rules().BiddersFirst {
		return bidder
	}
	return (v.Dealer() + 1) % v.Rules().Players
}

// soloCaution is what a three-handed bidder adds to its Budget's Confidence: bidding alone
// it needs a surer contract than with a partner, since a hand it lets go costs it little
// (it scores its meld and tricks as a defender) while a contract the samples overrate
// costs the bid. Measured on 200 duplicate three-handed deals (seed 11) against the expert
// asking 50%: asking 35% scored -3.7 a hand (-8.6 to +1.2), 65% +6.0 (+1.1 to +10.9), 75%
// +7.6 (+1.9 to +13.3), 85% +5.9 (-0.9 to +12.8).
const soloCaution = 0.25

// soloConfidence returns the share of samples in which a three-handed bidder of budget b
// must make a bid before it bids.
func soloConfidence(b Budget) float64 { return min(b.Confidence+soloCaution, 0.95) }

// soloWorth returns the highest bid from the next one up that the view's seat, bidding
// alone, makes in at least its soloConfidence of the samples (more than half: so a bid it
// makes gains more on average than a set costs) and that is out of reach after meld in no
// more than its Hopeless share (hopelessBound); 0 when the next bid is not.
func (e *Expert) soloWorth(v *engine.View, o *soloOutlook) int {
	r := v.Rules()
	top := 0
	if len(o.totals) == 0 {
		return 0
	}
	need, hopeless := soloConfidence(e.budget), hopelessBound(&e.budget, r)
	for _, b := range v.AppendNextBids(nil, 200) {
		if o.made(b) < need || o.hopeless(r, b) > hopeless {
			break
		}
		top = b
	}
	return top
}

// soloBid bids in a three-handed auction: the next bid while the hand, valued on deals of
// the other hands and the widow sampled from its cards alone (the same deals at every turn
// of the auction), is worth it.
func (e *Expert) soloBid(v *engine.View) (engine.Action, string) {
	r := v.Rules()
	next := v.MinNextBid()
	o := e.soloAuction(v, e.budget.AuctionSamples)
	if len(o.totals) == 0 {
		return fallback(v), "The only sensible choice here."
	}
	if v.MustBid() {
		return engine.Action{Seat: v.Seat(), Kind: engine.ActBid, Bid: next},
			fmt.Sprintf("Bid %d: the others passed, so the bid is yours; alone you reach it in %.0f%% of %d sampled deals.", next, 100*o.made(next), len(o.totals))
	}
	if top := e.soloWorth(v, &o); top >= next {
		return engine.Action{Seat: v.Seat(), Kind: engine.ActBid, Bid: next},
			fmt.Sprintf("Bid %d: with the widow and alone you reach it in %.0f%% of %d sampled deals; your hand is worth about %d.", next, 100*o.made(next), len(o.totals), top)
	}
	why := fmt.Sprintf("Pass: with the widow and alone you would reach %d in %.0f%% of %d sampled deals", next, 100*o.made(next), len(o.totals))
	if h := o.hopeless(r, next); h > hopelessBound(&e.budget, r) && o.made(next) >= soloConfidence(e.budget) {
		return engine.Action{Seat: v.Seat(), Kind: engine.ActPass}, why + fmt.Sprintf(", but in %.0f%% of them it is out of reach once meld is shown.", 100*h)
	}
	return engine.Action{Seat: v.Seat(), Kind: engine.ActPass}, why + ", not often enough to bid it."
}

// soloValue plays the three-handed deal d (the bidder's hand set) out by the quick policy
// and returns its value to the bidder's side.
func (e *Expert) soloValue(d deal, sc *scoring) int {
	e.Nodes += d.cardsLeft()
	e.Playouts++
	return d.rollout(sc, soloBidderSide)
}

// soloTrump names trump with the widow in hand: for each suit it may name, it buries as
// the Baseline would and plays the hand out on the same sampled deals of the other hands,
// and names the suit worth most on average.
func (e *Expert) soloTrump(v *engine.View) (engine.Action, string) {
	r := v.Rules()
	me := v.Seat()
	k := e.know(v, SeeAuction)
	h := v.Hand()
	type cand struct {
		trump  engine.Suit
		kept   engine.Hand
		buried int
		table  *cardTable
		total  int
	}
	var cands []cand
	for t := engine.Spades; t < engine.NoSuit; t++ {
		if v.TrumpChoices()&(1<<t) == 0 {
			continue
		}
		c := cand{trump: t, kept: h, table: soloTable(r, t, me)}
		var buried engine.Hand
		for _, x := range buryCards(r, &h, t, r.PassCount, nil) {
			c.kept[x]--
			buried[x]++
		}
		c.buried = counterPoints(r, &buried)
		cands = append(cands, c)
	}
	if len(cands) == 0 {
		return fallback(v), "The only sensible choice here."
	}
	n := e.budget.AuctionSamples
	for range n {
		if e.stopped() {
			break
		}
		hands := k.sample(e.rng)
		for i := range cands {
			c := &cands[i]
			hs := hands
			hs[me] = c.kept
			var melds [engine.MaxPlayers]int
			for s := range r.Players {
				melds[s] = engine.CountMeld(&hs[s], c.trump, &r.Meld).Total
			}
			sc := soloScoring(r, &melds, me, v.High(), c.buried)
			c.total += e.soloValue(startDeal(c.table, soloLeader(v, me), &hs), &sc)
		}
	}
	best := 0
	for i := range cands {
		if cands[i].total > cands[best].total {
			best = i
		}
	}
	c := &cands[best]
	// The value is the bidder's change of score less the defenders' mean: say it as ahead
	// of them or behind them.
	mean := float64(c.total) / float64(max(n, 1))
	standing := "ahead of"
	if mean < 0 {
		standing, mean = "behind", -mean
	}
	return engine.Action{Seat: me, Kind: engine.ActTrump, Suit: c.trump},
		fmt.Sprintf("Name %s (your meld %d after the bury): it does best of the suits over %d sampled deals, leaving you about %s a hand %s the defenders.",
			c.trump.Name(), engine.CountMeld(&c.kept, c.trump, &r.Meld).Total, n, points(mean), standing)
}

// buryPool is the number of cards the Baseline rates best to bury whose combinations the
// Expert weighs against the Baseline's bury.
const buryPool = 6

// soloBury chooses the cards to bury: the Baseline's choice and the combinations of the
// few cards it rates best to bury (never a card the meld needs while others will do), each
// played out on the same sampled deals of the other hands, the best on average. A budget
// without PassSamples (the normal level's) buries as the Baseline does.
func (e *Expert) soloBury(v *engine.View) (engine.Action, string) {
	r := v.Rules()
	me := v.Seat()
	h := v.Hand()
	trump := v.Trump()
	n := v.PassRule().Count
	base := buryCards(r, &h, trump, n, nil)
	act := engine.Action{Seat: me, Kind: engine.ActPassCards, Cards: base}
	pool := buryCards(r, &h, trump, min(buryPool, h.Len()), nil)
	cands := [][]engine.Card{base}
	m := engine.CountMeld(&h, trump, &r.Meld)
	used := m.Used()
	seen := map[engine.Hand]bool{engine.HandOf(base...): true}
	combos(pool, n, func(cs []engine.Card) {
		give := engine.HandOf(cs...)
		if seen[give] {
			return // the Baseline's, or another copy's of the same cards
		}
		seen[give] = true
		for c := range give {
			if give[c] > 0 && h[c]-give[c] < used[c] {
				return // it would break the meld
			}
		}
		cands = append(cands, append([]engine.Card(nil), cs...))
	})
	if len(cands) == 1 || e.budget.PassSamples == 0 {
		return act, fmt.Sprintf("Bury %s: keep your meld, trump and aces; bury counters you cannot keep and short suits.", symbolList(base))
	}
	type cand struct {
		kept   engine.Hand
		melded int
		buried int
		total  int
	}
	cs := make([]cand, len(cands))
	for i, cards := range cands {
		cs[i].kept = h
		var buried engine.Hand
		for _, c := range cards {
			cs[i].kept[c]--
			buried[c]++
		}
		cs[i].melded = engine.CountMeld(&cs[i].kept, trump, &r.Meld).Total
		cs[i].buried = counterPoints(r, &buried)
	}
	k := e.know(v, SeePass)
	t := soloTable(r, trump, me)
	samples := soloBurySamples(e.budget)
	for range samples {
		if e.stopped() {
			break
		}
		hands := k.sample(e.rng)
		var melds [engine.MaxPlayers]int
		for s := range r.Players {
			if s != me {
				melds[s] = engine.CountMeld(&hands[s], trump, &r.Meld).Total
			}
		}
		for i := range cs {
			hs := hands
			hs[me] = cs[i].kept
			melds[me] = cs[i].melded
			sc := soloScoring(r, &melds, me, v.High(), cs[i].buried)
			cs[i].total += e.soloValue(startDeal(t, soloLeader(v, me), &hs), &sc)
		}
	}
	best := 0
	for i := range cs {
		if cs[i].total > cs[best].total {
			best = i
		}
	}
	act.Cards = cands[best]
	if best == 0 {
		return act, fmt.Sprintf("Bury %s: of %d buries played out on %d sampled deals, it does best; keep your meld, trump and aces.", symbolList(act.Cards), len(cands), samples)
	}
	return act, fmt.Sprintf("Bury %s: of %d buries played out on %d sampled deals, it does best, about %s a hand better than %s.",
		symbolList(act.Cards), len(cands), samples, points(float64(cs[best].total-cs[0].total)/float64(samples)), symbolList(base))
}

// combos calls f with each combination of n cards of cards, by position.
func combos(cards []engine.Card, n int, f func([]engine.Card)) {
	var pick func(start int, chosen []engine.Card)
	pick = func(start int, chosen []engine.Card) {
		if len(chosen) == n {
			f(chosen)
			return
		}
		for i := start; i < len(cards); i++ {
			pick(i+1, append(chosen, cards[i]))
		}
	}
	pick(0, make([]engine.Card, 0, n))
}

// soloDecideHand plays the hand out on sampled deals of the defenders' hands and throws in
// when playing is worth less, on average, than what a throw-in scores
// (View.SeatThrowInDelta): the bid lost, and the defenders' meld without their tricks.
func (e *Expert) soloDecideHand(v *engine.View) (engine.Action, string) {
	act := engine.Action{Seat: v.Seat(), Kind: engine.ActPlayHand}
	canThrow := false
	for _, k := range v.DecideChoices() {
		canThrow = canThrow || k == engine.ActThrowIn
	}
	if !canThrow {
		return act, "Play the hand: you may not throw in."
	}
	r := v.Rules()
	k := e.know(v, SeeAuction)
	sc := scoringOf(v)
	start := newDeal(v)
	n := e.budget.AuctionSamples
	made, total := 0, 0
	for range n {
		if e.stopped() {
			break
		}
		hands := k.sample(e.rng)
		d := start
		d.setHands(&hands)
		e.Nodes += d.cardsLeft()
		e.Playouts++
		total += d.rollout(&sc, soloBidderSide)
		if sc.counted(&d, soloBidderSide) >= v.High() {
			made++
		}
	}
	delta := v.SeatThrowInDelta()
	def := 0
	for s := range r.Players {
		if s != v.Bidder() {
			def += delta[s]
		}
	}
	throw := delta[v.Bidder()] - def/2
	n = max(n, 1)
	if float64(total)/float64(n) < float64(throw) {
		act.Kind = engine.ActThrowIn
		return act, fmt.Sprintf("Throw in: you make %d in only %d%% of %d sampled deals, and playing on costs more than conceding.", v.High(), 100*made/n, n)
	}
	return act, fmt.Sprintf("Play the hand: you make %d in %d%% of %d sampled deals.", v.High(), 100*made/n, n)
}
