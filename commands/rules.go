package commands

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/internal/words"
)

// Discord's limits on embeds.
const (
	maxEmbedTitle       = 256
	maxEmbedDescription = 4096
	maxEmbedFields      = 25
	maxFieldName        = 256
	maxFieldValue       = 1024
	maxEmbedTotal       = 6000
)

// rulesColor is the colour of the rules embed (a card-table green).
const rulesColor = 0x2E7D32

// RulesSummary returns an embed summarising the rules of a preset without
// table options: players, deck, bidding, trump, passing, play, scoring,
// the end of the game and the meld table.
func RulesSummary(preset string) (*discordgo.MessageEmbed, error) {
	r, err := engine.NewRules(preset, nil)
	if err != nil {
		return nil, fmt.Errorf("rules summary: %w", err)
	}
	return RulesEmbed(&r), nil
}

// RulesEmbed returns an embed summarising rules, table options included.
// It stays within Discord's embed limits.
func RulesEmbed(r *engine.Rules) *discordgo.MessageEmbed {
	e := &discordgo.MessageEmbed{
		Title:       words.Truncate(fmt.Sprintf("Pinochle: %s", r.Preset), maxEmbedTitle),
		Description: words.Truncate(overview(r), maxEmbedDescription),
		Color:       rulesColor,
	}
	add := func(name, value string) {
		if value == "" || len(e.Fields) == maxEmbedFields {
			return
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{
			Name: words.Truncate(name, maxFieldName), Value: words.Truncate(value, maxFieldValue),
		})
	}
	if r.Stock {
		add("Deal and trump", "The non-dealer leads first; the deal alternates. The card turned up under the stock is trump. A dix turned up scores its value for the dealer.")
		add("While the stock lasts", stockPlay(r))
		add("Meld: runs, marriages and dix", meldCategoryI(r))
		add("Meld: pinochles and arounds", meldOthers(r))
		add("Once the stock is drawn", "The cards on the table go back to the hands, and the last 12 tricks are played: "+
			"follow suit and beat the winning card if you can; void in the suit led, play trump (beating a trump already played if you can); with no trump either, any card.")
		add("Scoring", counters(r)+"\nEach player scores the meld they laid and their trick points; there is no bid and no set.")
		add("End of the game", gameEnd(r))
	} else if r.Solo {
		add("Bidding", bidding(r))
		add("Widow and bury", soloWidow(r))
		add("Meld: runs, marriages and dix", meldCategoryI(r))
		add("Meld: pinochles and arounds", meldOthers(r))
		add("Play", play(r)+"\nThe bidder plays alone; the other two defend together for the hand.")
		add("Scoring, each player alone", soloScoring(r))
		add("Throwing in", soloThrowIn(r))
		add("End of the game", soloGameEnd(r))
	} else {
		add("Bidding", bidding(r))
		add("Trump", trump(r))
		add("Passing", passing(r))
		add("Meld: runs, marriages and dix", meldCategoryI(r))
		add("Meld: pinochles and arounds", meldOthers(r))
		add("Play", play(r))
		add("Scoring", scoring(r))
		add("Throwing in", throwIn(r))
		add("End of the game", gameEnd(r))
	}
	if len(r.Options) > 0 {
		add("Table options", "`"+FormatOptions(r.Options)+"`")
	}
	e.Footer = &discordgo.MessageEmbedFooter{Text: RulesPageNote}
	return e
}

// RulesPageNote points from the summary to the full rules.
const RulesPageNote = "Full rules, every option and every choice the engine made: docs/rules.md in the bot's repository."

func overview(r *engine.Rules) string {
	var b strings.Builder
	per := r.Players / 2
	switch {
	case r.Stock:
		fmt.Fprintf(&b, "%d players, each for themselves. ", r.Players)
	case r.Solo:
		fmt.Fprintf(&b, "%d players, each for themselves: the high bidder plays each hand alone against the other two. ", r.Players)
	case r.Players == 4:
		fmt.Fprintf(&b, "%d players in two teams of %d, partners sitting opposite. ", r.Players, per)
	default:
		fmt.Fprintf(&b, "%d players in two teams of %d, teammates in alternate seats. ", r.Players, per)
	}
	copies := r.Copies(engine.NewCard(engine.Ace, engine.Spades))
	ranks := "A 10 K Q J 9"
	if r.Copies(engine.NewCard(engine.Nine, engine.Spades)) == 0 {
		ranks = "A 10 K Q J"
	}
	fmt.Fprintf(&b, "A deck of %d cards (%s, %s of each in every suit); %d cards each. ",
		r.DeckSize(), ranks, countWord(copies), r.HandSize())
	if r.Widow > 0 {
		fmt.Fprintf(&b, "The last %d cards are a widow, face down. ", r.Widow)
	}
	if r.Stock {
		fmt.Fprintf(&b, "The next card is turned up for trump; the other %d lie on it as the stock. ", r.DeckSize()-r.Players*r.HandSize()-1)
	}
	b.WriteString("Cards rank A, 10, K, Q, J")
	if ranks != "A 10 K Q J" {
		b.WriteString(", 9")
	}
	b.WriteString("; of two identical cards in a trick, the first played wins. ")
	if r.Scale() == 10 {
		b.WriteString("Scores are counted in tens.")
	} else {
		b.WriteString("Scores are counted in ones.")
	}
	return b.String()
}

func countWord(n int) string {
	switch n {
	case 1:
		return "one"
	case 2:
		return "two"
	case 3:
		return "three"
	case 4:
		return "four"
	}
	return strconv.Itoa(n)
}

func bidding(r *engine.Rules) string {
	var lines []string
	first := "The player left of the dealer bids first"
	if r.DealerOpens {
		first = "The dealer bids first"
	}
	if r.ForcedOpen > 0 {
		lines = append(lines, fmt.Sprintf("%s and must open at %d.", first, r.ForcedOpen))
	} else {
		lines = append(lines, fmt.Sprintf("%s; the opening bid is at least %d.", first, r.MinBid))
	}
	raise := fmt.Sprintf("Each bid raises the last by at least %d", r.MinRaise)
	if r.MaxRaise > 0 {
		raise = fmt.Sprintf("Each bid raises the last by %d to %d", r.MinRaise, r.MaxRaise)
	}
	if r.BidStep > 1 {
		raise += fmt.Sprintf(", in multiples of %d", r.BidStep)
	}
	if r.StepFrom > 0 {
		raise += fmt.Sprintf("; from %d on, bids are multiples of %d", r.StepFrom, r.StepAbove)
	}
	lines = append(lines, raise+".")
	lines = append(lines, "A pass is final; the auction ends when all but one have passed.")
	switch {
	case r.ForcedOpen > 0:
	case r.NobodyBids == engine.LastStuck:
		lines = append(lines, fmt.Sprintf("If nobody bids, the last player left is stuck with %d.", r.StuckBid))
	default:
		lines = append(lines, fmt.Sprintf("If nobody bids, the last player left must bid at least %d.", r.MinBid))
	}
	return strings.Join(lines, "\n")
}

func trump(r *engine.Rules) string {
	if r.TrumpNeedsMarriage {
		return "The bidder names trump in a suit where they hold a marriage (K Q). " +
			"A bidder with no marriage at all is board set: the bidders lose the bid and the hand ends."
	}
	return "The bidder names any suit as trump."
}

func passing(r *engine.Rules) string {
	n := r.PassCount
	switch r.PassStyle {
	case engine.PassPartnerThenBack:
		s := fmt.Sprintf("The bidder's partner passes %d cards to the bidder, who then passes %d back", n, n)
		if r.PassBackFree {
			return s + " (any cards, received ones included)."
		}
		return s + ". The bidder shows meld first and may not pass back cards of that meld while holding enough others."
	case engine.PassSixHanded:
		return fmt.Sprintf("Each player of the bidding team passes %d cards to the teammate on the left in odd hands "+
			"and on the right in even hands, all at once.", n)
	}
	return "No passing."
}

// copiesIn returns how many copies of a meld a hand can hold: the deck's
// copies of a card (two, or four in a double deck).
func copiesIn(r *engine.Rules) int {
	return min(r.Copies(engine.NewCard(engine.Ace, engine.Spades)), 4)
}

var multiples = [...]string{"", "single", "double", "triple", "quadruple"}

// meldValues writes the value of 1, 2, ... copies of a meld from a table
// indexed by count: "150, double 1500".
func meldValues(tbl [5]int, copies, winsAt int) string {
	var parts []string
	for n := 1; n <= copies && n < len(tbl); n++ {
		v := strconv.Itoa(tbl[n])
		if winsAt > 0 && n >= winsAt {
			v = "wins the game"
		} else if tbl[n] == 0 {
			continue
		}
		if n == 1 {
			parts = append(parts, v)
		} else {
			parts = append(parts, multiples[n]+" "+v)
		}
	}
	return strings.Join(parts, ", ")
}

func meldCategoryI(r *engine.Rules) string {
	m := &r.Meld
	c := copiesIn(r)
	lines := []string{
		"Run (A 10 K Q J of trump): " + meldValues(m.Run, c, m.RunWinsAt),
		"Royal marriage (K Q of trump): " + marriageValues(m.Royal, c),
		"Marriage (K Q of another suit): " + marriageValues(m.Marriage, c),
	}
	if m.RoyalBesideRun {
		lines = append(lines, "An extra trump K Q beside a run counts as a royal marriage.")
	} else {
		lines = append(lines, "An extra trump K Q beside a run counts nothing.")
	}
	if m.Dix > 0 {
		lines = append(lines, fmt.Sprintf("Dix (9 of trump): %d each", m.Dix))
	}
	if r.Stock {
		// One of a kind at a time: a meld is laid after each trick.
		return fmt.Sprintf("Run (A 10 K Q J of trump): %d\nRoyal marriage (K Q of trump): %d\nMarriage (K Q of another suit): %d\nDix (9 of trump): %d, exchanged for the card turned up",
			m.Run[1], m.Royal[1], m.Marriage[1], m.Dix)
	}
	lines = append(lines, "A card counts once per category: one K with two Q is one marriage.")
	return strings.Join(lines, "\n")
}

// marriageValues writes the values of marriages in one suit: "20 each"
// when they add up, otherwise each count's value.
func marriageValues(tbl [5]int, copies int) string {
	each := true
	for n := 2; n <= copies && n < len(tbl); n++ {
		if tbl[n] != n*tbl[1] {
			each = false
		}
	}
	if each {
		return fmt.Sprintf("%d each", tbl[1])
	}
	return meldValues(tbl, copies, 0) + " (in one suit)"
}

func meldOthers(r *engine.Rules) string {
	m := &r.Meld
	c := copiesIn(r)
	lines := []string{"Pinochle (Q♠ J♦): " + meldValues(m.Pinochle, c, 0)}
	for _, a := range []struct {
		rank engine.Rank
		name string
	}{{engine.Ace, "Aces"}, {engine.King, "Kings"}, {engine.Queen, "Queens"}, {engine.Jack, "Jacks"}} {
		if v := meldValues(m.Around[a.rank], c, 0); v != "" {
			lines = append(lines, fmt.Sprintf("%s around (one in each suit): %s", a.name, v))
		}
	}
	if r.TeamMeldMin > 0 {
		lines = append(lines, fmt.Sprintf("A team's meld under %d counts nothing.", r.TeamMeldMin))
	}
	return strings.Join(lines, "\n")
}

// soloWidow describes three-handed's widow and bury.
func soloWidow(r *engine.Rules) string {
	return fmt.Sprintf("The high bidder takes the %d cards of the widow, shown to everyone, names any suit as trump, "+
		"then buries %d cards face down: only the bidder sees them, and their counters count for the bidder. "+
		"Meld is counted on the cards kept, so a buried card never melds.", r.Widow, r.PassCount)
}

// soloScoring describes how each player of three-handed scores alone.
func soloScoring(r *engine.Rules) string {
	set := "the bid is subtracted from its score"
	if r.DoubleSet {
		set = "twice the bid is subtracted from its score"
	}
	return counters(r) + "\nThe bidder scores its meld and trick points (buried counters included) when they reach the bid; " +
		"otherwise it is set: " + set + ".\nEach defender scores its own meld, and the trick points it took."
}

// soloThrowIn describes a three-handed bidder's throw-in.
func soloThrowIn(r *engine.Rules) string {
	if r.ThrowIn == engine.ThrowInNever {
		return "The bidder may not throw in: every hand is played."
	}
	return "After meld, the bidder may throw in before the first lead: it loses the bid (once, even with set=double), and each defender scores its meld."
}

// soloGameEnd describes how a three-handed game ends.
func soloGameEnd(r *engine.Rules) string {
	var lines []string
	if r.Target > 0 {
		lines = append(lines, fmt.Sprintf("The first player to reach %d wins. When several reach it on one hand, the bidder wins if it made its bid; "+
			"otherwise the single highest score wins, and a tie at the top plays another hand.", r.Target))
	}
	if r.Hands > 0 {
		lines = append(lines, fmt.Sprintf("The game ends after %d hands; the highest score wins (a tie at the top is a draw).", r.Hands))
	}
	return strings.Join(lines, "\n")
}

// stockPlay describes two-handed's first stage.
func stockPlay(r *engine.Rules) string {
	return "A trick is any two cards: no need to follow suit; the higher card of the suit led, or a trump, wins.\n" +
		"The winner may lay one meld face up on the table, with at least one new card from the hand, then draws; the other player draws next. " +
		"A card on the table stays in its owner's hand, and may meld again only in another kind (a marriage's Q♠ in a pinochle, a K in kings around); a royal marriage may grow into a run.\n" +
		"Two pinochles, or eight of a rank around, laid at once score the double value."
}

func play(r *engine.Rules) string {
	lead := "The bidder leads the first trick; the winner of a trick leads the next."
	switch r.Play {
	case engine.MustWin:
		return lead + "\nFollow suit and win the trick if you can; " +
			"void in the suit led, play a trump that wins if you hold one, otherwise any card."
	case engine.MustTrump:
		return lead + "\nFollow suit and beat the winning card if you can; " +
			"void in the suit led, play trump (beating a trump already played if you can); " +
			"with no trump either, any card."
	}
	return lead
}

func counters(r *engine.Rules) string {
	byValue := map[int][]string{}
	var values []int
	for rk := engine.Ace; ; rk-- {
		if v := r.RankValue[rk]; v > 0 {
			if _, ok := byValue[v]; !ok {
				values = append(values, v)
			}
			byValue[v] = append(byValue[v], rk.String())
		}
		if rk == engine.Nine {
			break
		}
	}
	var parts []string
	for _, v := range values {
		parts = append(parts, fmt.Sprintf("%s = %d", words.Join(byValue[v], "and"), v))
	}
	return fmt.Sprintf("Counters (%s): %s; the last trick scores %d; %d in tricks per hand.",
		r.Counters, strings.Join(parts, ", "), r.LastTrick, r.TrickTotal())
}

func scoring(r *engine.Rules) string {
	lines := []string{counters(r)}
	switch r.Save {
	case engine.SaveCounterOrLast:
		lines = append(lines, "A team keeps its meld and trick points only if it takes a counter or the last trick.")
	case engine.SaveAnyTrick:
		lines = append(lines, "A team keeps its meld and trick points only if it wins a trick.")
	case engine.SaveCounters20:
		lines = append(lines, "A team keeps its meld and trick points only if it takes at least 20 in counters.")
	case engine.SavePerPlayer:
		lines = append(lines, "Each player keeps their meld and trick points only if they take a counter or the last trick.")
	}
	made := "The bidders make their bid when meld plus trick points reach it"
	if r.MadeNeedsCounters20 {
		made += " and they took at least 20 in counters"
	}
	lines = append(lines, made+"; both then count.")
	if r.SetGivesOpponents {
		lines = append(lines, "Otherwise they are set: the opponents score the bid.")
	} else {
		lines = append(lines, "Otherwise they are set: the bid is subtracted from their score.")
	}
	return strings.Join(lines, "\n")
}

func throwIn(r *engine.Rules) string {
	var s string
	switch r.ThrowIn {
	case engine.ThrowInNever:
		s = "The bidder may not throw in: every hand is played."
	case engine.ThrowInHopeless:
		s = "After meld, the bidder may throw in only when the team's meld plus every trick point is below the bid."
	case engine.ThrowInAny:
		s = "After meld, the bidder may throw in at any time before the first lead."
	case engine.ThrowInForced:
		s = "After meld, the bidder may throw in before the first lead, and must when the bid is out of reach."
	}
	if r.ThrowIn != engine.ThrowInNever {
		s += " The bidders lose the bid; the opponents score their meld"
		if r.ThrowInMeldMin > 0 {
			s += fmt.Sprintf(" (if at least %d)", r.ThrowInMeldMin)
		}
		if r.ThrowInBonus > 0 {
			s += fmt.Sprintf(" plus %d", r.ThrowInBonus)
		}
		s += "."
	}
	if r.ShootMoon {
		s += "\nShooting the moon: after meld the bidder may announce that the team takes every trick; " +
			"if it does it wins the game, otherwise it is set."
	}
	return s
}

func gameEnd(r *engine.Rules) string {
	var lines []string
	if r.Target > 0 {
		s := fmt.Sprintf("The first team to reach %d wins", r.Target)
		if r.Players == 2 {
			s = fmt.Sprintf("The first player to reach %d wins; if both do on one hand, the higher score", r.Target)
		}
		if r.BiddersFirst {
			s += "; if both reach it on one hand, the bidders count first"
		}
		lines = append(lines, s+".")
	}
	if r.Hands > 0 {
		lines = append(lines, fmt.Sprintf("The game ends after %d hands; the higher score wins (a tie is a draw).", r.Hands))
	}
	if r.Floor > 0 {
		lines = append(lines, fmt.Sprintf("A team at or below -%d loses.", r.Floor))
	}
	if r.Meld.RunWinsAt > 0 {
		lines = append(lines, fmt.Sprintf("Holding %d runs wins the game at once.", r.Meld.RunWinsAt))
	}
	return strings.Join(lines, "\n")
}

// embedLen returns the characters of an embed that count toward Discord's
// 6000 total.
func embedLen(e *discordgo.MessageEmbed) int {
	n := len([]rune(e.Title)) + len([]rune(e.Description))
	if e.Footer != nil {
		n += len([]rune(e.Footer.Text))
	}
	if e.Author != nil {
		n += len([]rune(e.Author.Name))
	}
	for _, f := range e.Fields {
		n += len([]rune(f.Name)) + len([]rune(f.Value))
	}
	return n
}
