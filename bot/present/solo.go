package present

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/table"
)

// Three-handed cutthroat (engine.Rules.Solo) has no teams: every player scores alone. The
// high bidder takes the widow in sight of everyone, names trump, buries as many cards (a
// pass to no one, seen by the bidder alone, whose counters count for it) and plays alone
// against the other two, who defend together for the hand. The team fields of views and
// results stay zero: nothing here reads a team. What differs from the partnership presets
// is written in this file.

// isSolo reports whether a table's rules make every player score alone.
func isSolo(meta *table.Game) bool {
	r, err := meta.Rules()
	return err == nil && r.Solo
}

// seatScoresText writes every player's score, "ana **120** · bob **40** · cid **-300**".
func seatScoresText(meta *table.Game, scores [engine.MaxPlayers]int, players int) string {
	return tableNarrator(meta).seatScores(scores, players, false)
}

// aloneText says that the bidder plays alone against the others.
func aloneText(meta *table.Game, bidder, players int) string {
	n := tableNarrator(meta)
	return n.name(bidder) + " " + n.alone(bidder, players)
}

// SoloResultLine says how a finished game of players who score alone ended: its winner (a
// seat, -1 for a tie at the top) and everyone's score.
func SoloResultLine(meta *table.Game, scores [engine.MaxPlayers]int, players, winner int) string {
	return tableNarrator(meta).soloGameResult(scores, players, winner)
}

// viewResultLine says how the game of a finished view ended.
func viewResultLine(meta *table.Game, v *engine.View) string {
	if v.Rules().Solo {
		return SoloResultLine(meta, v.SeatScores(), v.Rules().Players, v.Winner())
	}
	return ResultLine(meta, v.Scores(), v.Winner())
}

// buried reports whether the bidder has buried its cards this hand: the widow is taken
// and the hand is past naming trump and burying.
func buried(v *engine.View) bool {
	_, taken := v.Widow()
	return taken && v.Phase() != engine.PhaseTrump && v.Phase() != engine.PhasePass
}

// widowText says what the widow held and who took it, and whether the bury is done.
func widowText(meta *table.Game, v *engine.View) (string, bool) {
	w, ok := v.Widow()
	if !ok || v.Over() {
		return "", false
	}
	s := fmt.Sprintf("%s took %s", Name(meta, v.Bidder()), symbolsText(w))
	if buried(v) {
		s += fmt.Sprintf(" and buried %d cards", v.Rules().PassCount)
	}
	return s, true
}

// widowInHand returns the widow's cards the seat holds: the bidder's, before it buries.
func widowInHand(v *engine.View) engine.Hand {
	var got engine.Hand
	w, ok := v.Widow()
	if !ok || v.Seat() != v.Bidder() || buried(v) {
		return got
	}
	for _, c := range w {
		got[c]++
	}
	return got
}

// soloHandLines are the private hand's lines about the widow and the bury.
func soloHandLines(meta *table.Game, v *engine.View) []string {
	w, ok := v.Widow()
	if !ok || v.Over() {
		return nil
	}
	if v.Seat() != v.Bidder() {
		line := fmt.Sprintf("**Widow**, taken by %s: %s", Name(meta, v.Bidder()), symbolsText(w))
		if buried(v) {
			line += fmt.Sprintf("; %s buried %d cards", Name(meta, v.Bidder()), v.Rules().PassCount)
		}
		return []string{line}
	}
	if cards, pts := v.Buried(); len(cards) > 0 {
		return []string{fmt.Sprintf("**Buried** (seen by you alone; they count %d for you in tricks): %s", pts, symbolsText(cards))}
	}
	return []string{"★ **Widow**, taken by you in sight of all: " + symbolsText(w)}
}

// soloContractLine names the contract and what the bidder still needs in tricks; the
// bidder's own view counts its buried counters, which the others cannot see.
func soloContractLine(meta *table.Game, v *engine.View) string {
	b := v.Bidder()
	line := fmt.Sprintf("**Contract:** %s %d", Name(meta, b), v.High())
	if v.Trump() != engine.NoSuit {
		line += " " + v.Trump().Symbol()
	}
	line += ", " + tableNarrator(meta).alone(b, v.Rules().Players)
	m, _ := v.ShownMeld(b)
	need, shown := v.BiddersNeed()
	if !shown {
		return line + "."
	}
	tricks := v.SeatPoints(b)
	what := fmt.Sprintf("meld %d + tricks %d", m.Total, tricks)
	if v.Seat() == b {
		_, pts := v.Buried()
		what = fmt.Sprintf("meld %d + tricks %d (%d of them buried)", m.Total, tricks+pts, pts)
	}
	if need == 0 {
		return line + fmt.Sprintf(": %s, the bid is reached.", what)
	}
	return line + fmt.Sprintf(": %s so far; the bidder needs **%d** more in tricks.", what, need)
}

// soloStakeLine is what is at stake for a bidder deciding to play or throw in: what it
// needs, and what each player scores either way. A throw-in costs the bidder its bid and
// scores each defender its meld; a set costs the bid (twice with set=double).
func soloStakeLine(meta *table.Game, v *engine.View) string {
	r := v.Rules()
	me := v.Seat()
	m, _ := v.ShownMeld(me)
	_, pts := v.Buried()
	need, _ := v.BiddersNeed()
	var b strings.Builder
	if need > r.TrickTotal()-pts {
		fmt.Fprintf(&b, "**At stake:** you meld %d and buried %d in counters, so even every trick cannot make %d", m.Total, pts, v.High())
	} else {
		fmt.Fprintf(&b, "**At stake:** you meld %d and buried %d in counters, so you need %d more in tricks to make %d", m.Total, pts, need, v.High())
	}
	throwIn := v.SeatThrowInDelta()
	var defenders []string
	for s := range r.Players {
		if s != me {
			defenders = append(defenders, fmt.Sprintf("%s %+d", Name(meta, s), throwIn[s]))
		}
	}
	fmt.Fprintf(&b, ". **Throwing in:** you %+d, %s (their meld). **Playing and being set:** you %+d, and each of them scores their meld and tricks.",
		throwIn[me], andList(defenders), -r.SoloSetCost(v.High(), true))
	return b.String()
}

// soloScoreLine is the private hand's score line: every player's, the seat's own first.
func soloScoreLine(meta *table.Game, v *engine.View) string {
	sc := v.SeatScores()
	parts := []string{fmt.Sprintf("you %d", sc[v.Seat()])}
	for s := range v.Rules().Players {
		if s != v.Seat() {
			parts = append(parts, fmt.Sprintf("%s %d", Name(meta, s), sc[s]))
		}
	}
	return "**Score:** " + strings.Join(parts, " · ")
}

// soloLastHand is the private hand's line on the last hand's result.
func soloLastHand(meta *table.Game, players int, r engine.HandResult) string {
	parts := make([]string, players)
	for s := range players {
		parts[s] = fmt.Sprintf("%s %+d", Name(meta, s), r.SeatDelta[s])
	}
	return fmt.Sprintf("**Last hand (%d):** %s bid %d: %s. %s.", r.Hand, Name(meta, r.Bidder), r.Bid, outcomeText(r), strings.Join(parts, ", "))
}

// soloResult describes a finished hand of players who score alone: how the bidder did,
// with its buried counters among its tricks, and each defender's meld and tricks.
func (n Narrator) soloResult(r *engine.Rules, res engine.HandResult) string {
	b := res.Bidder
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s %s bid %d", n.style.strong(fmt.Sprintf("Hand %d result.", res.Hand)), n.subject(b), res.Bid)
	if res.Trump != engine.NoSuit {
		fmt.Fprintf(&sb, " in %s", res.Trump.Symbol())
	}
	line := func(s int, format string, args ...any) {
		fmt.Fprintf(&sb, "\n%s: %s → %+d, score %s", n.subject(s), fmt.Sprintf(format, args...), res.SeatDelta[s],
			n.style.strong(strconv.Itoa(res.SeatScores[s])))
	}
	played := res.Outcome == engine.OutcomePlayed
	switch {
	case !played:
		fmt.Fprintf(&sb, " and %s.", n.style.strong("threw in"))
		line(b, "the bid is lost")
	case res.Made:
		fmt.Fprintf(&sb, " and %s.", n.style.strong("made it"))
		line(b, "meld %d + tricks %d (buried cards counted)", res.SeatMeld[b], res.SeatPoints[b])
	default:
		fmt.Fprintf(&sb, " and %s %s: meld %d and tricks %d (buried cards counted).", n.verb(b, "was", "were"), n.style.strong("set"),
			res.SeatMeld[b], res.SeatPoints[b])
		if r.DoubleSet {
			line(b, "set, twice the bid")
		} else {
			line(b, "set")
		}
	}
	for s := range r.Players {
		if s == b {
			continue
		}
		if played {
			line(s, "meld %d + tricks %d", res.SeatMeld[s], res.SeatPoints[s])
		} else {
			line(s, "meld %d", res.SeatMeld[s])
		}
	}
	return sb.String()
}

// soloSheetLine is one hand of a score sheet of players who score alone.
func soloSheetLine(meta *table.Game, players int, h engine.HandResult) string {
	join := func(xs [engine.MaxPlayers]int, format string) string {
		parts := make([]string, players)
		for s := range players {
			parts[s] = fmt.Sprintf(format, xs[s])
		}
		return strings.Join(parts, " / ")
	}
	return fmt.Sprintf("`%2d` %s · %s · meld %s · tricks %s · %s → **%s**",
		h.Hand, Name(meta, h.Dealer), bidSummary(meta, h), join(h.SeatMeld, "%d"), join(h.SeatPoints, "%d"),
		join(h.SeatDelta, "%+d"), join(h.SeatScores, "%d"))
}
