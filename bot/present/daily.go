package present

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/internal/words"
	"github.com/pinochle-discord/pinochle/league/club"
	"github.com/pinochle-discord/pinochle/league/event"
	"github.com/pinochle-discord/pinochle/table"
)

// Private answers about the daily deal.
const (
	MsgDailyOnce    = "You have played today's deal already: each deal is played once. `/league daily` shows how you did; a new deal comes tomorrow (UTC)."
	MsgDailyScoring = "Your hand of today's deal is over and being scored: try `/league daily` again in a moment."
	// MsgDailyKept refuses a look at someone else's game of a daily deal on its day.
	MsgDailyKept = "That game is someone's daily deal: it stays private until the day is over (UTC), so that nobody learns the cards before playing them. `/league board` shows how everyone did."
)

// DailyWhere says, in /pinochle games, where a player's own daily deal is played: in
// private answers, which /league daily brings back.
const DailyWhere = "your daily deal: `/league daily` resumes it"

// DailyComputer names a computer player of the daily deal: the player's partner or an
// opponent, by where it sits from the player's seat.
func DailyComputer(seat, player, players int) string {
	switch {
	case players%2 == 0 && (seat-player+players)%2 == 0:
		return "Expert partner"
	case players == 2 || players == 3:
		return fmt.Sprintf("Expert %d", seat+1)
	}
	return fmt.Sprintf("Expert opponent %d", seat+1)
}

// Contract says what a hand was played in, for after the day: who bid what in which suit,
// and whether they made it.
func Contract(meta *table.Game, h engine.HandResult) string {
	trump := ""
	if h.Trump != engine.NoSuit {
		trump = " in " + h.Trump.Symbol()
	}
	if h.Bidder < 0 {
		return "trump" + trump
	}
	made := "set"
	if h.Made {
		made = "made"
	}
	return fmt.Sprintf("%s bid %d%s, %s", PlainName(meta, h.Bidder), h.Bid, trump, made)
}

// ParContract says what the par hand was played in, from the daily seat's view.
func ParContract(h engine.HandResult, seat int) string {
	trump := ""
	if h.Trump != engine.NoSuit {
		trump = " in " + h.Trump.Symbol()
	}
	if h.Bidder < 0 {
		return "trump" + trump
	}
	who := fmt.Sprintf("seat %d", h.Bidder+1)
	if h.Bidder == seat {
		who = "the expert in your seat"
	}
	made := "set"
	if h.Made {
		made = "made"
	}
	return fmt.Sprintf("%s bid %d%s, %s", who, h.Bid, trump, made)
}

// DailyResult tells a player, privately, how they did on a day's deal: their score and
// contract, par, their place among everyone's, and their streak.
func DailyResult(p club.DailyPlay, d club.DailyDeal, c event.DailyComparison, streak int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**Daily deal of %s** (%s): you scored **%d**", p.Day, d.Preset, p.Score)
	if p.Contract != "" {
		fmt.Fprintf(&b, " (%s)", Escape(p.Contract))
	}
	b.WriteString(".\n")
	if d.HasPar {
		fmt.Fprintf(&b, "Par is %d (the expert in your seat", d.Par)
		if d.Contract != "" {
			fmt.Fprintf(&b, ": %s", d.Contract)
		}
		fmt.Fprintf(&b, "): you are **%+d**.\n", c.VersusPar)
	} else {
		b.WriteString("Par is still being worked out: ask again in a moment.\n")
	}
	if c.Field > 1 {
		fmt.Fprintf(&b, "Place %d of %d so far, ahead of %.0f%% of the others.\n", c.Rank, c.Field, c.Percentile)
	} else {
		b.WriteString("You are the first to finish it today.\n")
	}
	fmt.Fprintf(&b, "Streak: %s in a row. `/league board` shows the day's board; keep the cards to yourself until tomorrow!", words.Count(streak, "day"))
	return b.String()
}

// DailyBoard shows the daily deal's board, spoiler-free: today's, or the week's from
// Monday (week), each player's total against par, their deals played and their streak.
// The contracts of the days over close it.
func DailyBoard(week bool, from, today event.Date, lines []club.BoardLine, streaks map[string]int, deals []club.DailyDeal) *discordgo.MessageEmbed {
	title := "Daily deal · " + today.String()
	if week {
		title = fmt.Sprintf("Daily deals · week of %s", from)
	}
	var b strings.Builder
	if len(lines) == 0 {
		b.WriteString("Nobody has finished a deal yet: `/league daily` plays today's.")
	}
	for _, l := range lines {
		fmt.Fprintf(&b, "%s **%s** · %+d against par", rankMark(l.Rank), Escape(l.Name), l.Total)
		if week {
			fmt.Fprintf(&b, " over %s", words.Count(l.Played, "deal"))
		}
		if s := streaks[l.UserID]; s > 1 {
			fmt.Fprintf(&b, " · 🔥 %d days", s)
		}
		b.WriteByte('\n')
	}
	for _, d := range deals {
		if d.Day != today && d.HasPar && d.Contract != "" {
			fmt.Fprintf(&b, "\n%s: par %d (%s)", d.Day, d.Par, d.Contract)
		}
	}
	return &discordgo.MessageEmbed{Title: title, Color: ColourActive, Description: words.Truncate(b.String(), 4000),
		Footer: &discordgo.MessageEmbedFooter{Text: "Par: the expert computer player's score in the same seat on the same deal. No cards or contracts until the day is over."}}
}
