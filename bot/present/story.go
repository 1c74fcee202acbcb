package present

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/engine/computer"
	"github.com/pinochle-discord/pinochle/internal/words"
	"github.com/pinochle-discord/pinochle/table"
)

// The private hand tells the story of the hand as it goes: what the seat received, the
// trick just taken, the last hand's result, the score and the contract, the meld in each
// suit during the auction, and what is at stake when the bidder may throw in. Everything
// here comes from the seat's view.

// markedHandText writes a hand by suit, marking with ★ the cards the seat received in a
// pass (as many copies as it received): a line a suit, its ranks after its symbol, or its
// cards written by face when face is not nil.
func markedHandText(cards []engine.Card, received engine.Hand, face cardFace) string {
	if len(cards) == 0 {
		return "*no cards*"
	}
	var lines []string
	for s := engine.Spades; s < engine.NoSuit; s++ {
		var ranks []string
		for _, c := range cards {
			if c.Suit() != s {
				continue
			}
			r := c.Rank().String()
			switch {
			case face != nil && received[c] > 0:
				received[c]--
				r = face(c) + "★"
			case face != nil:
				r = face(c)
			case received[c] > 0:
				received[c]--
				r = "**" + r + "★**"
			}
			ranks = append(ranks, r)
		}
		if len(ranks) > 0 {
			lines = append(lines, s.Symbol()+" "+strings.Join(ranks, " "))
		}
	}
	return strings.Join(lines, "\n")
}

// received returns the cards passed to the seat this hand, and the lines that say so.
func received(meta *table.Game, v *engine.View) (engine.Hand, []string) {
	var got engine.Hand
	var lines []string
	for _, p := range v.Passes() {
		if p.To != v.Seat() {
			continue
		}
		for _, c := range p.Cards {
			got[c]++
		}
		lines = append(lines, fmt.Sprintf("★ **Received** from %s: %s", Name(meta, p.From), symbolsText(p.Cards)))
	}
	return got, lines
}

// storyLines are the lines of the private hand between the cards and the controls.
func storyLines(meta *table.Game, v *engine.View) []string {
	var out []string
	rules := v.Rules()
	team := rules.TeamOf(v.Seat())
	// Two players are each a side: the seat's own is "you", as in the meld line.
	own := sideName(meta, team)
	if rules.Players == 2 {
		own = "you"
	}
	if rules.Solo {
		out = append(out, soloScoreLine(meta, v))
	} else {
		out = append(out, fmt.Sprintf("**Score:** %s %d · %s %d", own, v.Scores()[team], sideName(meta, 1-team), v.Scores()[1-team]))
	}
	// The last hand's result, until the first trick of the next (two-handed has no auction).
	if n := len(v.Results()); n > 0 && rules.Stock && v.NumTricks() == 0 && !v.Over() {
		r := v.Results()[n-1]
		out = append(out, fmt.Sprintf("**Last hand (%d):** %s %+d, %s %+d.", r.Hand,
			own, r.Delta[team], sideName(meta, 1-team), r.Delta[1-team]))
	}
	// The last hand's result, through the next auction.
	if n := len(v.Results()); n > 0 && v.Phase() == engine.PhaseBidding && rules.Solo {
		out = append(out, soloLastHand(meta, rules.Players, v.Results()[n-1]))
	} else if n > 0 && v.Phase() == engine.PhaseBidding {
		r := v.Results()[n-1]
		out = append(out, fmt.Sprintf("**Last hand (%d):** %s bid %d: %s. %s %+d, %s %+d.", r.Hand, Name(meta, r.Bidder), r.Bid,
			outcomeText(r), TeamName(team), r.Delta[team], TeamName(1-team), r.Delta[1-team]))
	}
	// Who bid what so far, so that a player sees whether the partner bid.
	if v.Phase() == engine.PhaseBidding && len(v.Auction()) > 0 {
		out = append(out, "**Bids:** "+auctionText(meta, v.Auction(), 16))
	}
	if v.Bidder() >= 0 && v.Phase() != engine.PhaseBidding && !v.Over() {
		if rules.Solo {
			out = append(out, soloContractLine(meta, v))
		} else {
			out = append(out, contractLine(meta, v))
		}
	}
	switch {
	case v.Phase() == engine.PhaseBidding && !v.Over() && rules.Solo:
		out = append(out, strings.Replace(suitMeldLine(v), "(before any pass)", "(without the widow)", 1))
	case v.Phase() == engine.PhaseTrump && rules.Solo && v.Seat() == v.Bidder():
		// The bidder names trump with the widow in hand, before it buries.
		out = append(out, strings.Replace(suitMeldLine(v), "(before any pass)", "(with the widow, before you bury)", 1))
	case v.Phase() == engine.PhaseBidding && !v.Over():
		out = append(out, suitMeldLine(v))
		// The expert's bidding samples no widow: three-handed goes without a suggestion.
		if slices.Contains(v.Waiting(), v.Seat()) && !rules.Solo {
			out = append(out, suggestLine(meta, v))
		}
	case v.Phase() == engine.PhaseDecide && v.Seat() == v.Bidder() && rules.Solo:
		out = append(out, soloStakeLine(meta, v))
	case v.Phase() == engine.PhaseDecide && v.Seat() == v.Bidder():
		out = append(out, stakeLine(v))
	case (v.Phase() == engine.PhasePlay || v.Phase() == engine.PhaseMeld) && v.NumTricks() > 0 && !playedSince(v):
		last, _ := v.LastTrick()
		out = append(out, fmt.Sprintf("**Last trick:** %s → **%s** takes %d", playedText(meta, last.Cards), Name(meta, last.Winner), last.Points))
	}
	return out
}

// playedSince reports whether the seat has played to the trick in progress: the last
// trick is shown until its next card.
func playedSince(v *engine.View) bool {
	for _, p := range v.Trick() {
		if p.Seat == v.Seat() {
			return true
		}
	}
	return false
}

// outcomeText says how a hand ended for its bidders.
func outcomeText(r engine.HandResult) string {
	switch {
	case r.Outcome == engine.OutcomeThrownIn:
		return "thrown in"
	case r.Outcome == engine.OutcomeBoardSet:
		return "board set"
	case r.Outcome == engine.OutcomeInstantWin:
		return "won the game outright"
	case r.Made:
		return "made"
	}
	return "set"
}

// contractLine names the contract and what the bidders still need in tricks.
func contractLine(meta *table.Game, v *engine.View) string {
	bt := v.Rules().TeamOf(v.Bidder())
	line := fmt.Sprintf("**Contract:** %s %d", Name(meta, v.Bidder()), v.High())
	if v.Trump() != engine.NoSuit {
		line += " " + v.Trump().Symbol()
	}
	if len(v.Melds()) == 0 {
		return line + "."
	}
	need := max(0, v.High()-v.TeamMeld(bt)-v.TrickPoints(bt))
	if need == 0 {
		return line + fmt.Sprintf(": meld %d + tricks %d, the bid is reached.", v.TeamMeld(bt), v.TrickPoints(bt))
	}
	return line + fmt.Sprintf(": meld %d + tricks %d so far; the bidders need **%d** more in tricks.", v.TeamMeld(bt), v.TrickPoints(bt), need)
}

// suitMeldLine is the seat's meld with each suit as trump, for bidding.
func suitMeldLine(v *engine.View) string {
	h := v.Hand()
	var parts []string
	for s := engine.Spades; s < engine.NoSuit; s++ {
		parts = append(parts, fmt.Sprintf("%s %d", s.Symbol(), engine.CountMeld(&h, s, &v.Rules().Meld).Total))
	}
	return "**Your meld by trump:** " + strings.Join(parts, " · ") + " (before any pass)"
}

// suggestLine is the bid a normal computer player would go to with the seat's hand: the
// same play-outs of sampled deals as its bidding, on a small budget.
func suggestLine(meta *table.Game, v *engine.View) string {
	p, err := computer.New("normal", meta.Seed^uint64(v.Step())<<8^uint64(v.Seat()))
	e, ok := p.(*computer.Expert)
	if err != nil || !ok {
		return ""
	}
	top, trump := e.SuggestBid(*v)
	if top == 0 {
		r := v.Rules()
		if b := v.Bidder(); b >= 0 && b != v.Seat() && r.TeamOf(b) == r.TeamOf(v.Seat()) {
			return "**Suggested:** pass: your partner holds the bid, and your hand lacks the meld to raise it."
		}
		return "**Suggested:** pass: your hand does not reach the next bid often enough."
	}
	return fmt.Sprintf("**Suggested:** bid up to **%d**, with %s %s trump.", top, trump.Symbol(), trump.Name())
}

// stakeLine is what is at stake for the bidder deciding to play or throw in, in the
// table's rules: what the bidders need, what a throw-in scores each side, and what a set
// costs.
func stakeLine(v *engine.View) string {
	r := v.Rules()
	bt := r.TeamOf(v.Seat())
	need := max(0, v.High()-v.TeamMeld(bt))
	var b strings.Builder
	if need > r.TrickTotal() {
		fmt.Fprintf(&b, "**At stake:** your side melds %d, so even all %d points in tricks cannot make %d", v.TeamMeld(bt), r.TrickTotal(), v.High())
	} else {
		fmt.Fprintf(&b, "**At stake:** your side melds %d, so it needs %d of the %d points in tricks to make %d", v.TeamMeld(bt), need, r.TrickTotal(), v.High())
		if r.MadeNeedsCounters20 {
			b.WriteString(", with at least 20 in counters")
		}
	}
	b.WriteString(". ")

	// What the other side scores on a throw-in, the bid first when a set scores it for them.
	var gains []string
	if r.SetGivesOpponents {
		gains = append(gains, fmt.Sprintf("your bid %d", v.High()))
	}
	switch m := v.TeamMeld(1 - bt); {
	case r.ThrowInMeld(m) > 0:
		gains = append(gains, fmt.Sprintf("its meld %d", m))
	case m > 0:
		gains = append(gains, fmt.Sprintf("nothing for its meld %d (under %d)", m, r.ThrowInMeldMin))
	}
	if r.ThrowInBonus > 0 {
		gains = append(gains, fmt.Sprintf("%d for the throw-in", r.ThrowInBonus))
	}
	var throwIn, set string
	if r.SetGivesOpponents {
		throwIn = "the other side scores " + words.Join(gains, "and")
		set = fmt.Sprintf("the other side scores your bid %d and the meld and tricks it saves", v.High())
	} else {
		throwIn = fmt.Sprintf("your side loses %d", v.High())
		if len(gains) > 0 {
			throwIn += ", and the other side scores " + words.Join(gains, "and")
		}
		set = fmt.Sprintf("your side loses %d, and the other side scores the meld and tricks it saves", v.High())
	}
	d := v.ThrowInDelta()
	fmt.Fprintf(&b, "**Throwing in:** %s (%s %+d, %s %+d). **Playing and being set:** %s.", throwIn, TeamName(bt), d[bt], TeamName(1-bt), d[1-bt], set)
	return b.String()
}
