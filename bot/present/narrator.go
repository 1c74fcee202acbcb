package present

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/internal/words"
)

// Style is how a Narrator writes its sentences down: the words are the same in every
// style, only the marks around them differ.
type Style int

const (
	// Markdown is Discord Markdown, for the bot: the words that matter in bold and users'
	// names escaped (Escape), so that they read as typed and never make Markdown.
	Markdown Style = iota
	// Plain is plain text, for a terminal: no marks, and users' names as typed, with any
	// control character a space so that a name cannot break or colour a line.
	Plain
)

// strong marks text the reader should not miss.
func (s Style) strong(text string) string {
	if s == Plain {
		return text
	}
	return "**" + text + "**"
}

// user writes text a user typed, such as a player's name.
func (s Style) user(text string) string {
	if s == Plain {
		return strings.Map(func(r rune) rune {
			if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
				return ' '
			}
			return r
		}, text)
	}
	return Escape(text)
}

// A Narrator tells what happens at a table, from the public view: each action applied and
// what it did, as the engine reports it (engine.Event), in sentences that the bot posts in
// a table's thread and the terminal tool prints. It may address one seat as "you" (To),
// and then tells that seat, and no one else, what only it may know: the cards it passed,
// the cards passed to it and the cards it buried. It never tells any other hidden card.
//
// A Narrator is a value; it does no I/O.
type Narrator struct {
	style Style
	names []string // each seat's name, as its player wrote it
	you   int      // the seat addressed as "you", or -1
}

// NewNarrator returns a narrator that writes in style, naming each seat by names (seat 0
// first; a seat without a name is "seat N", N from 1). It addresses no one.
func NewNarrator(style Style, names []string) Narrator {
	return Narrator{style: style, names: names, you: -1}
}

// To returns the narrator addressing seat as "you" (verbs in the second person), which
// then also tells that seat its own hidden cards; a seat below zero addresses no one.
func (n Narrator) To(seat int) Narrator {
	n.you = max(seat, -1)
	return n
}

// isYou reports whether seat is the seat addressed.
func (n Narrator) isYou(seat int) bool { return n.you >= 0 && seat == n.you }

// name names a seat within a sentence: "you" for the seat addressed.
func (n Narrator) name(seat int) string {
	if n.isYou(seat) {
		return "you"
	}
	if seat < 0 || seat >= len(n.names) || n.names[seat] == "" {
		return "seat " + strconv.Itoa(seat+1)
	}
	return n.style.user(n.names[seat])
}

// subject names a seat at the start of a sentence or a line: "You" for the seat addressed.
// A player's name is never changed, not even its first letter.
func (n Narrator) subject(seat int) string {
	if n.isYou(seat) {
		return "You"
	}
	return n.name(seat)
}

// verb is third for a seat in the third person, second for the seat addressed: "takes"
// or "take", "was" or "were".
func (n Narrator) verb(seat int, third, second string) string {
	if n.isYou(seat) {
		return second
	}
	return third
}

// does opens a sentence with a seat and its verb: "Ann bids", "You bid".
func (n Narrator) does(seat int, third, second string) string {
	return n.subject(seat) + " " + n.verb(seat, third, second)
}

// alone says that a three-handed bidder plays alone against the others, in seat order:
// "plays alone against Bob and Cy", "play alone against Ann and Cy", "plays alone against
// you and Cy".
func (n Narrator) alone(bidder, players int) string {
	var names []string
	for s := range players {
		if s != bidder {
			names = append(names, n.name(s))
		}
	}
	return n.verb(bidder, "plays", "play") + " alone against " + words.Join(names, "and")
}

// private returns the cards of the pass from seat from to seat to (-1, a bury) that the
// view may show the seat addressed: only when the view is that seat's own and the seat gave
// or received the pass; nil otherwise.
func (n Narrator) private(v *engine.View, from, to int) []engine.Card {
	if n.you < 0 || v.Seat() != n.you || (from != n.you && to != n.you) {
		return nil
	}
	for _, p := range v.Passes() {
		if p.From == from && p.To == to {
			h := engine.HandOf(p.Cards...)
			return h.Cards()
		}
	}
	return nil
}

// Action describes action a, applied, and what it did: events, as the engine reported
// them. v is a view right after the action: the public one (seat -1), or the addressed
// seat's own, from which alone the narrator tells that seat its hidden cards. Each line is
// one post of the bot's thread (a meld or a hand's result spans several lines of text); an
// action that tells nothing by itself, such as a card played before its trick is complete,
// has no line.
func (n Narrator) Action(v *engine.View, a engine.Action, events []engine.Event) []string {
	var out []string
	say := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	r := v.Rules()
	switch a.Kind {
	case engine.ActBid:
		say("%s %d.", n.does(a.Seat, "bids", "bid"), a.Bid)
	case engine.ActPass:
		say("%s.", n.does(a.Seat, "passes", "pass"))
	case engine.ActTrump:
		say("%s %s trump.", n.does(a.Seat, "names", "name"), n.style.strong(a.Suit.Symbol()+" "+a.Suit.Name()))
	case engine.ActPlayHand:
		say("%s the hand.", n.does(a.Seat, "plays", "play"))
	case engine.ActThrowIn:
		say("%s the hand.", n.does(a.Seat, "throws in", "throw in"))
	case engine.ActShootMoon:
		say("%s %s: %s must take every trick.", n.subject(a.Seat),
			n.style.strong(n.verb(a.Seat, "shoots", "shoot")+" the moon"), TeamName(r.TeamOf(a.Seat)))
	case engine.ActDeclareOut:
		say("%s out.", n.does(a.Seat, "declares", "declare"))
	}
	for _, e := range events {
		switch e.Kind {
		case engine.EventCardsPassed:
			cards := n.private(v, e.Seat, e.To)
			seen := ""
			if len(cards) > 0 {
				seen = ": " + symbolsText(cards)
			}
			if e.To < 0 {
				// A bury: how many, and which to the bidder alone.
				say("%s %s%s.", n.does(e.Seat, "buries", "bury"), words.Count(e.Count, "card"), seen)
				continue
			}
			say("%s %s to %s%s.", n.does(e.Seat, "passes", "pass"), words.Count(e.Count, "card"), n.name(e.To), seen)
		case engine.EventTrickTaken:
			note := ""
			if e.Last {
				note = " (last trick)"
			}
			say("Trick: %s → %s %s %d%s.", n.Played(e.Trick), n.style.strong(n.name(e.Seat)), n.verb(e.Seat, "takes", "take"), e.Points, note)
		case engine.EventAuctionWon:
			if e.Forced {
				say("Nobody else bid: %s %s stuck with %s.", n.name(e.Seat), n.verb(e.Seat, "is", "are"), n.style.strong(strconv.Itoa(e.Bid)))
			} else {
				say("%s the auction at %s.", n.does(e.Seat, "wins", "win"), n.style.strong(strconv.Itoa(e.Bid)))
			}
		case engine.EventWidowTaken:
			say("%s the widow: %s, and %s.", n.does(e.Seat, "takes", "take"), symbolsText(e.Cards), n.alone(e.Seat, r.Players))
		case engine.EventMeldShown:
			out = append(out, n.meld(v))
		case engine.EventHandFinished:
			out = append(out, n.result(r, e.Result))
		case engine.EventGameOver:
			if r.Solo {
				say("%s %s", n.style.strong("Game over."), n.soloGameResult(v.SeatScores(), r.Players, e.Winner))
			} else {
				say("%s %s", n.style.strong("Game over."), n.gameResult(r.Players, e.Scores, e.Winner))
			}
		case engine.EventHandDealt:
			out = append(out, n.Dealt(v, e.Hand, e.Seat))
		case engine.EventMeldLaid:
			out = append(out, n.laid(v, e.Laid))
		}
	}
	if (a.Kind == engine.ActMeld || a.Kind == engine.ActDraw) && r.Stock && v.StockSize() == 0 && v.HandNo() > 0 {
		say("The stock is drawn: %s took the last card, the one turned up. The cards on the table go back to the hands; the last 12 tricks follow suit, beat and trump.", n.name(1-a.Seat))
	}
	return out
}

// Played lists the cards of a trick with who played them: "Ann A♠ · you K♠".
func (n Narrator) Played(cards []engine.Played) string {
	parts := make([]string, len(cards))
	for i, p := range cards {
		parts[i] = n.name(p.Seat) + " " + p.Card.Symbol()
	}
	return strings.Join(parts, " · ")
}

// Auction lists the last entries of an auction, at most last of them: "… · Ann 250 · you
// pass".
func (n Narrator) Auction(bids []engine.Bid, last int) string {
	start := max(0, len(bids)-last)
	var parts []string
	if start > 0 {
		parts = append(parts, "…")
	}
	for _, b := range bids[start:] {
		switch {
		case b.Pass():
			parts = append(parts, n.name(b.Seat)+" pass")
		case b.Forced:
			parts = append(parts, fmt.Sprintf("%s %d (forced)", n.name(b.Seat), b.Amount))
		default:
			parts = append(parts, fmt.Sprintf("%s %d", n.name(b.Seat), b.Amount))
		}
	}
	return strings.Join(parts, " · ")
}

// meld shows every seat's meld with its breakdown, once meld is shown.
func (n Narrator) meld(v *engine.View) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (trump %s):", n.style.strong("Meld"), v.Trump().Symbol())
	for _, m := range v.Melds() {
		fmt.Fprintf(&b, "\n• %s: %s", n.subject(m.Seat), n.style.strong(strconv.Itoa(m.Total)))
		var parts []string
		for _, it := range m.Items {
			parts = append(parts, fmt.Sprintf("%s %d (%s)", it.Name(), it.Points, symbolsText(it.Cards())))
		}
		if len(parts) > 0 {
			b.WriteString(" — " + strings.Join(parts, ", "))
		}
		if m.WinsGame {
			b.WriteString(" — " + n.style.strong("wins the game!"))
		}
	}
	if !v.Rules().Solo {
		fmt.Fprintf(&b, "\n%s %d · %s %d", TeamName(0), v.TeamMeld(0), TeamName(1), v.TeamMeld(1))
	}
	return b.String()
}

// result describes a finished hand, by the rules it was played by.
func (n Narrator) result(r *engine.Rules, res engine.HandResult) string {
	switch {
	case r.Solo && res.Bidder >= 0:
		return n.soloResult(r, res)
	case r.Stock || res.Bidder < 0:
		// No auction, so no bidding team to read the result by.
		return n.stockResult(r, res)
	}
	return n.teamResult(r, res)
}

// teamResult describes a finished hand of partners: how it ended and, for each team, what
// it scored and why, so that a line never shows a saving rule beside a gain or a choice
// the rules made.
func (n Narrator) teamResult(r *engine.Rules, res engine.HandResult) string {
	bt := res.BiddingTeam()
	ot := 1 - bt
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s bid %d", n.style.strong(fmt.Sprintf("Hand %d result.", res.Hand)), n.subject(res.Bidder), res.Bid)
	if res.Trump != engine.NoSuit {
		fmt.Fprintf(&b, " in %s", res.Trump.Symbol())
	}
	team := func(t int, format string, args ...any) {
		fmt.Fprintf(&b, "\n%s: %s → %+d, score %s", TeamName(t), fmt.Sprintf(format, args...), res.Delta[t], n.style.strong(strconv.Itoa(res.Scores[t])))
	}
	switch res.Outcome {
	case engine.OutcomeThrownIn, engine.OutcomeBoardSet:
		switch {
		case res.Outcome == engine.OutcomeBoardSet:
			fmt.Fprintf(&b, ": no marriage to name trump, %s.", n.style.strong("board set"))
		case res.Forced:
			fmt.Fprintf(&b, ": out of reach even with every trick, so the rules %s.", n.style.strong("threw it in"))
		default:
			fmt.Fprintf(&b, " and %s.", n.style.strong("threw in"))
		}
		team(bt, "the bid is lost")
		kept := fmt.Sprintf("meld %d counts", res.Meld[ot])
		if res.Meld[ot] == 0 {
			kept = "no meld to count"
		}
		if res.Tricks[ot] > 0 {
			kept += fmt.Sprintf(", and %d for the throw-in", res.Tricks[ot])
		}
		team(ot, "%s", kept)
	case engine.OutcomeInstantWin:
		fmt.Fprintf(&b, ": the runs in one hand %s.", n.style.strong("win the game"))
		for _, t := range []int{bt, ot} {
			team(t, "meld %d", res.Meld[t])
		}
	default:
		if res.Made {
			fmt.Fprintf(&b, " and %s.", n.style.strong("made it"))
		} else {
			fmt.Fprintf(&b, " and %s %s: the side had meld %d and tricks %d.", n.verb(res.Bidder, "was", "were"), n.style.strong("set"), res.Meld[bt], res.Tricks[bt])
		}
		for _, t := range []int{bt, ot} {
			switch {
			case t == bt && !res.Made:
				team(t, "set")
			case t == ot && !res.Made && r.SetGivesOpponents:
				team(t, "meld %d + tricks %d, and the bid %d", res.Meld[t], res.Tricks[t], res.Bid)
			case !res.Saved[t]:
				team(t, "meld and tricks lost (%s)", notSaved(r))
			default:
				team(t, "meld %d + tricks %d", res.Meld[t], res.Tricks[t])
			}
		}
		if r.Save == engine.SavePerPlayer {
			// Each player keeps their meld only by taking a counter or the last trick.
			for s := range r.Players {
				if res.SeatMeld[s] > 0 && !res.SeatSaved[s] {
					fmt.Fprintf(&b, "\n%s meld of %d is lost: %s.", n.possessive(s), res.SeatMeld[s], notSaved(r))
				}
			}
		}
	}
	return b.String()
}

// possessive is a seat's at the start of a sentence: "Ann's", "Your".
func (n Narrator) possessive(seat int) string {
	if n.isYou(seat) {
		return "Your"
	}
	return n.name(seat) + "'s"
}

// notSaved says why a side (or a player) kept nothing of its meld and tricks, by the rule
// of the table.
func notSaved(r *engine.Rules) string {
	switch r.Save {
	case engine.SaveAnyTrick:
		return "took no trick"
	case engine.SaveCounters20:
		return "took less than 20 in counters"
	}
	return "took no counter and not the last trick"
}

// gameResult says how a finished game of two sides ended: "🏆 Team A wins, 1520 to 1100."
// At a table of two players, each is a side.
func (n Narrator) gameResult(players int, scores [2]int, winner int) string {
	switch w := winner; w {
	case 0, 1:
		side := TeamName(w) + " wins"
		if players == 2 {
			side = n.does(w, "wins", "win")
		}
		return fmt.Sprintf("🏆 %s, %d to %d.", n.style.strong(side), scores[w], scores[1-w])
	}
	return fmt.Sprintf("The game is drawn, %d to %d.", scores[0], scores[1])
}

// soloGameResult says how a finished game of players who score alone ended: its winner (a
// seat, -1 for a tie at the top) and everyone's score.
func (n Narrator) soloGameResult(scores [engine.MaxPlayers]int, players, winner int) string {
	if winner >= 0 && winner < players {
		return fmt.Sprintf("🏆 %s with %d. %s.", n.style.strong(n.does(winner, "wins", "win")), scores[winner], n.seatScores(scores, players, true))
	}
	return fmt.Sprintf("The game is drawn, with no single winner: %s.", n.seatScores(scores, players, false))
}

// seatScores writes every player's score, "Ann 120 · Bob 40 · Cy -300", the scores
// strong; start when the list opens a sentence.
func (n Narrator) seatScores(scores [engine.MaxPlayers]int, players int, start bool) string {
	parts := make([]string, players)
	for s := range players {
		name := n.name(s)
		if s == 0 && start {
			name = n.subject(s)
		}
		parts[s] = name + " " + n.style.strong(strconv.Itoa(scores[s]))
	}
	return strings.Join(parts, " · ")
}
