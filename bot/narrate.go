package bot

import (
	"fmt"
	"github.com/bwmarrin/discordgo"
	"strings"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/storage"
)

// moment is what the narrator needs to remember of a game just before an action.
type moment struct {
	phase     engine.Phase
	hand      int
	results   int
	bidder    int
	meldShown bool
	trick     []engine.Played
	trump     engine.Suit
	// passTo is who receives the cards of the action, when it passes cards.
	passTo int
}

// momentOf records what the narrator needs of g before action a is applied.
func momentOf(g *engine.Game, a engine.Action) moment {
	_, shown := g.Meld(0)
	m := moment{
		phase: g.Phase(), hand: g.HandNumber(), results: len(g.Results()), bidder: g.Bidder(),
		meldShown: shown, trick: g.TrickCards(), trump: g.Trump(), passTo: -1,
	}
	if a.Kind == engine.ActPassCards {
		m.passTo = g.PassTarget(a.Seat)
	}
	return m
}

// narration collects the public lines that describe actions as they are applied: what the
// thread shows. It never describes hidden cards: passes say how many cards, not which.
type narration struct {
	lines []string
	// finishedHands are the results of the hands that ended.
	finishedHands []engine.HandResult
	// buttons are the buttons of the post that ends with a line (a hand's result: its
	// review and the score sheet), by the line's text.
	buttons map[string][]discordgo.MessageComponent
	// sheet, once the game is over, is the score sheet to post with the result.
	sheet *discordgo.MessageEmbed
	// sheetButtons turn its pages.
	sheetButtons []discordgo.MessageComponent
}

// add describes action a, applied to g, whose state just before was before.
func (n *narration) add(meta *storage.Game, g *engine.Game, before moment, a engine.Action) {
	who := plainName(meta, a.Seat)
	switch a.Kind {
	case engine.ActBid:
		n.say("%s bids %d.", who, a.Bid)
	case engine.ActPass:
		n.say("%s passes.", who)
	case engine.ActTrump:
		n.say("%s names **%s %s** trump.", who, a.Suit.Symbol(), a.Suit.Name())
	case engine.ActPassCards:
		n.say("%s passes %d cards to %s.", who, len(a.Cards), plainName(meta, before.passTo))
	case engine.ActPlayHand:
		n.say("%s plays the hand.", who)
	case engine.ActThrowIn:
		n.say("%s throws in the hand.", who)
	case engine.ActShootMoon:
		n.say("%s **shoots the moon**: %s must take every trick.", who, teamName(g.Rules().TeamOf(a.Seat)))
	case engine.ActPlayCard:
		if len(before.trick)+1 == g.Rules().Players {
			n.trick(meta, g, before, a)
		}
	}
	if before.phase == engine.PhaseBidding && g.Phase() != engine.PhaseBidding && before.hand == g.HandNumber() {
		n.auctionWon(meta, g)
	}
	if !before.meldShown && before.hand == g.HandNumber() {
		if _, shown := g.Meld(0); shown {
			n.meld(meta, g)
		}
	}
	for _, res := range g.Results()[before.results:] {
		n.handResult(meta, g, res)
		if n.buttons == nil {
			n.buttons = map[string][]discordgo.MessageComponent{}
		}
		n.buttons[n.lines[len(n.lines)-1]] = sheetButtons(meta.ID, res.Hand)
		n.finishedHands = append(n.finishedHands, res)
	}
	if g.Over() {
		n.say("**Game over.** %s", resultLine(g.Scores(), g.Winner()))
		pages := max(1, (len(g.Results())+sheetPageSize-1)/sheetPageSize)
		n.sheet, n.sheetButtons = sheetMessage(meta, g.Results(), pages)
	} else if before.hand != g.HandNumber() {
		n.say("— Hand %d: %s deals. —", g.HandNumber(), plainName(meta, g.Dealer()))
	}
}

func (n *narration) say(format string, args ...any) {
	n.lines = append(n.lines, fmt.Sprintf(format, args...))
}

// auctionWon tells who won the auction, and at what.
func (n *narration) auctionWon(meta *storage.Game, g *engine.Game) {
	v := g.View(-1)
	last := v.Auction[len(v.Auction)-1]
	if last.Forced {
		n.say("Nobody else bid: %s is stuck with **%d**.", plainName(meta, g.Bidder()), g.HighBid())
		return
	}
	n.say("%s wins the auction at **%d**.", plainName(meta, g.Bidder()), g.HighBid())
}

// meld shows every seat's meld with its breakdown.
func (n *narration) meld(meta *storage.Game, g *engine.Game) {
	v := g.View(-1)
	var b strings.Builder
	fmt.Fprintf(&b, "**Meld** (trump %s):", g.Trump().Symbol())
	for _, m := range v.Melds {
		fmt.Fprintf(&b, "\n• %s: **%d**", plainName(meta, m.Seat), m.Total)
		var parts []string
		for _, it := range m.Items {
			parts = append(parts, fmt.Sprintf("%s %d (%s)", it.Name(), it.Points, symbolsText(it.Cards())))
		}
		if len(parts) > 0 {
			b.WriteString(" — " + strings.Join(parts, ", "))
		}
		if m.WinsGame {
			b.WriteString(" — **wins the game!**")
		}
	}
	fmt.Fprintf(&b, "\n%s %d · %s %d", teamName(0), v.TeamMeld[0], teamName(1), v.TeamMeld[1])
	n.lines = append(n.lines, b.String())
}

// trick describes a trick completed by action a.
func (n *narration) trick(meta *storage.Game, g *engine.Game, before moment, a engine.Action) {
	// The engine has already moved on when this was the hand's last trick, so the trick is
	// scored here from the cards, by the engine's own rules.
	cards := append(append([]engine.Played(nil), before.trick...), engine.Played{Seat: a.Seat, Card: a.Card})
	plain := make([]engine.Card, len(cards))
	for i, p := range cards {
		plain[i] = p.Card
	}
	winner := cards[engine.TrickWinner(plain, before.trump)].Seat
	last := len(g.Results()) > before.results || g.Over()
	note := ""
	if last {
		note = " (last trick)"
	}
	n.say("Trick: %s → **%s** takes %d%s.", playedText(meta, cards), plainName(meta, winner), g.Rules().TrickPoints(plain, last), note)
}

// handResult describes a finished hand.
func (n *narration) handResult(meta *storage.Game, g *engine.Game, res engine.HandResult) {
	bt := res.BiddingTeam()
	var b strings.Builder
	fmt.Fprintf(&b, "**Hand %d result.** %s bid %d", res.Hand, plainName(meta, res.Bidder), res.Bid)
	if res.Trump != engine.NoSuit {
		fmt.Fprintf(&b, " in %s", res.Trump.Symbol())
	}
	switch res.Outcome {
	case engine.OutcomeThrownIn:
		b.WriteString(" and threw in.")
	case engine.OutcomeBoardSet:
		b.WriteString(": no marriage to name trump, **board set**.")
	case engine.OutcomeInstantWin:
		b.WriteString(": the runs in one hand **win the game**.")
	default:
		if res.Made {
			b.WriteString(" and **made it**.")
		} else {
			b.WriteString(" and was **set**.")
		}
	}
	for _, t := range []int{bt, 1 - bt} {
		saved := ""
		if !res.Saved[t] {
			saved = " (not saved)"
		}
		fmt.Fprintf(&b, "\n%s: meld %d + tricks %d%s → %+d, score **%d**", teamName(t), res.Meld[t], res.Tricks[t], saved, res.Delta[t], res.Scores[t])
	}
	n.lines = append(n.lines, b.String())
}
