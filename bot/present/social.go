package present

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/live"
	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/engine/record"
	"github.com/pinochle-discord/pinochle/internal/words"
	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/table"
)

// The words of the loop around games: playing again, finding players, watching, leaving,
// the admins' tools and the figures of /table activity and /pinochle stats.

// Answers about Play again, finding players and watching.
const (
	MsgAgainNotPlayer = "Only the players of that game can play it again. `/table play` finds you a table."
	MsgAgainNotOver   = "That game has no result to play again from."
	MsgAgainExpired   = "That offer has expired: the game ended more than a day ago. `/pinochle new` opens a table."
	MsgAgainOpening   = "The next game is being opened right now: it appears in a moment."
	MsgAgainHostOnly  = "Only the game's host can start the next game with computer players. Press **Play again** to say you are ready."
	MsgAgainEvent     = "A league event's games are not played again: the event pairs its next round."
	MsgCallOn         = "📣 I will mention you (at most once an hour) when a table in this server looks for players and you are not at one. `/table call on:False` stops it."
	MsgCallOff        = "No more calls: I will not mention you when a table looks for players."
	MsgCallAlreadyOn  = "You are on the call list already: I mention you at most once an hour when a table looks for players. `/table call on:False` takes you off."
	MsgCallAlreadyOff = "You are not on the call list, so there was nothing to take you off."
	MsgInviteNoLobby  = "You have no open table here with an empty seat to invite anyone to. `/table play` opens one."
	MsgInviteSelf     = "You are at that table already."
	MsgWatchNoTable   = "There is no game in play in this thread to watch. Use `/table watch` in a table's thread, or press **Watch** on its table message."
	MsgWatchEvent     = "League event games cannot be watched while they are played."
	MsgActivityNone   = "No finished games in this server in the last eight weeks."
)

// Answers of the admins' tools.
const (
	MsgAdminManage       = "The admin tools need the Manage Server permission, so nothing was changed."
	MsgAdminNoSeason     = "No season is running. `/league start NAME` starts one."
	MsgAdminNameNeeded   = "Give the season's new name: `/pinochle-admin season action:rename name:…`."
	MsgAdminNameTaken    = "Another season of this server has that name, so nothing was changed."
	MsgAdminGameNotHere  = "That game is not one of this server's, so nothing was changed."
	MsgAdminGameNotOver  = "That game has not finished, so it has no result to take back. `/pinochle abandon` ends a game in play without one."
	MsgAdminGameVoid     = "That game's result was taken back already."
	MsgAdminLogEmpty     = "Nobody has corrected this server's board yet."
	MsgBoardHidden       = "This server's admins have hidden the leaderboard. `/pinochle stats` still shows your own record."
	MsgBoardHiddenAdmin  = "The leaderboard is hidden: `/pinochle-admin leaderboard visible:True` shows it again."
	MsgAdminBoardHidden  = "The leaderboard is hidden now: members are told so. `/pinochle-admin leaderboard visible:True` shows it again."
	MsgAdminBoardShown   = "The leaderboard is shown again."
	MsgAdminBoardAlready = "The leaderboard is that way already: nothing changed."
)

// PlayAgainOffer is the message that offers a finished game's players the next one: who is
// ready (user IDs) and the buttons. It names people, and mentions nobody.
func PlayAgainOffer(meta *table.Game, ready []string) (string, []discordgo.MessageComponent) {
	var b strings.Builder
	fmt.Fprintf(&b, "🔁 **Play again?** Game #%d (%s) has ended. The next one keeps its seats and options, and %s deals first.\n",
		meta.ID, meta.Preset, Name(meta, 1%len(meta.Seats)))
	var marks []string
	for seat, s := range meta.Seats {
		switch {
		case !s.IsHuman():
			continue
		case slices.Contains(ready, s.UserID):
			marks = append(marks, "✅ "+Name(meta, seat))
		case s.HasLeft():
			marks = append(marks, "🚪 "+Name(meta, seat))
		default:
			marks = append(marks, "⏳ "+Name(meta, seat))
		}
	}
	b.WriteString(strings.Join(marks, " · ") + "\n")
	host := "the host"
	if seat := meta.SeatOf(meta.HostID); seat >= 0 {
		host = Name(meta, seat)
	}
	fmt.Fprintf(&b, "It deals as soon as everyone has pressed **Play again**, or when %s presses **Start now**: computer players then take the seats of those not ready.", host)
	buttons := []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Play again", Style: discordgo.PrimaryButton, Emoji: &discordgo.ComponentEmoji{Name: "🔁"},
			CustomID: commands.PlayAgainID{Game: meta.ID, Action: commands.AgainReady}.String()},
		discordgo.Button{Label: "Start now", Style: discordgo.SecondaryButton,
			CustomID: commands.PlayAgainID{Game: meta.ID, Action: commands.AgainStart}.String()},
	}}}
	return words.Truncate(b.String(), 2000), buttons
}

// PlayAgainOn says, in place of a Play again offer, where the next game is played.
func PlayAgainOn(meta *table.Game, nextID int64, channelID string) string {
	return fmt.Sprintf("🔁 Game #%d's players play again: game #%d is on in %s.", meta.ID, nextID, Channel(channelID))
}

// AgainReady answers a player's Play again: who the table still waits for (names).
func AgainReady(waiting []string, already bool) string {
	s := "✅ You are ready for the next game."
	if already {
		s = "You pressed **Play again** already."
	}
	if len(waiting) > 0 {
		s += " Waiting for " + words.Join(waiting, "and") + "."
	}
	return s
}

// CallForPlayers is the message that calls members who asked for it (user IDs, mentioned)
// to a lobby of preset with open seats.
func CallForPlayers(users []string, preset string, open int, guildID string, lobby table.Message) string {
	return fmt.Sprintf("📣 %s: a **%s** table looks for %s: %s. `/table play preset:%s` seats you; `/table call on:False` stops these calls.",
		mentions(users), preset, words.Count(open, "more player"), messageLink(guildID, lobby), preset)
}

// Invited is what an invitation to a lobby says, mentioning the one member invited.
func Invited(userID, by, preset string, guildID string, lobby table.Message) string {
	return fmt.Sprintf("📣 %s: %s invites you to a **%s** table: %s. `/table play preset:%s` seats you.",
		Mention(userID), Escape(by), preset, messageLink(guildID, lobby), preset)
}

// InviteRefused answers an invitation of a member who has not asked to be called.
func InviteRefused(userID string) string {
	return Mention(userID) + " has not asked to be called to tables, so I did not mention them. Send them the lobby's link instead; `/table call on:True` lets anyone ask to be called."
}

// InviteTooSoon answers an invitation of a member called within the hour.
func InviteTooSoon(userID string) string {
	return Mention(userID) + " was called to a table less than an hour ago, so I did not mention them again."
}

// InviteSent confirms an invitation.
func InviteSent(userID string) string {
	return "📣 I mentioned " + Mention(userID) + " under your table."
}

// SeatedAt answers /table play that seated the person at an open lobby.
func SeatedAt(preset string, guildID string, lobby table.Message, started bool) string {
	if started {
		return fmt.Sprintf("You took the last seat of a **%s** table: the game is on (%s).", preset, messageLink(guildID, lobby))
	}
	return fmt.Sprintf("You sit at a **%s** table that was looking for players: %s. It deals once every seat is taken.", preset, messageLink(guildID, lobby))
}

// OpenedFor answers /table play that opened a lobby, calling called members.
func OpenedFor(preset, channelID string, called int) string {
	s := fmt.Sprintf("No **%s** table here had room, so I opened one in %s.", preset, Channel(channelID))
	if called > 0 {
		return s + fmt.Sprintf(" I called %s who asked to be told.", words.Count(called, "member"))
	}
	return s + " Nobody who asked to be called is free right now: share the lobby, or add computer players."
}

// AlreadySeatedHere answers /table play from someone seated at a lobby of that preset here.
func AlreadySeatedHere(guildID string, lobby table.Message) string {
	return "You sit at that table already: " + messageLink(guildID, lobby) + "."
}

// WatchMessage is a watcher's private view of a table, as a Components V2 message: the public
// table as its table message shows it (pictures and words), each seat's cards of the hands
// already over as they were dealt, and, at a table that allows kibitzing, every seat's
// cards as they are; a Refresh button while the game goes on. It shows no card of the hand
// in play otherwise: w.Log is read for the hands over only.
func WatchMessage(p *Painter, meta *table.Game, w *live.Watching, look Look) Message {
	pub := &w.Public
	d := tableDraft(meta, pub, look)
	d.head = strings.Replace(d.head, "## ", "## 👀 Watching · ", 1)
	note := fmt.Sprintf("You are watching game #%d privately: this message follows the table for a while (press **Refresh** when it stops).", meta.ID)
	if !w.At.IsZero() && !pub.Over() {
		note += fmt.Sprintf(" The table as of <t:%d:R>.", w.At.Unix())
	}
	if meta.Settings.Kibitz {
		note += " This table allows kibitzing: you see every hand as it is played. Please do not tell the players."
	} else {
		note += " Each seat's cards show once their hand is over."
	}
	d.head += "\n" + note
	d.foot = smallPrint(gameEndText(pub.Rules(), pub.HandNo()))
	if hands := watchedHands(meta, w); len(hands) > 0 {
		d.body += "\n" + paragraphs(hands)
	}
	if !pub.Over() && meta.Status != table.StatusAbandoned {
		d.rows = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Refresh", Style: discordgo.SecondaryButton, Emoji: &discordgo.ComponentEmoji{Name: "🔄"},
				CustomID: commands.ID{Game: meta.ID, Action: commands.ActWatch}.String()},
		}}}
	}
	return d.message(d.paint(p, look))
}

// watchedHands are the cards a watcher may see: every seat's as they are where the table
// allows kibitzing, and every seat's of the last hand over as they were dealt.
func watchedHands(meta *table.Game, w *live.Watching) []field {
	pub := &w.Public
	var out []field
	if meta.Settings.Kibitz && len(w.Seats) == len(meta.Seats) && !pub.Over() {
		var lines []string
		for s := range w.Seats {
			lines = append(lines, Name(meta, s)+": "+symbolsText(w.Seats[s].Cards()))
		}
		out = append(out, field{name: fmt.Sprintf("Hand %d now", pub.HandNo()), value: strings.Join(lines, "\n")})
	}
	done := len(pub.Results())
	if done == 0 {
		return out
	}
	rules, err := meta.Rules()
	if err != nil {
		return out
	}
	h, err := record.HandAt(rules, meta.Seed, w.Log, done)
	if err != nil {
		return out
	}
	var lines []string
	for s := range meta.Seats {
		lines = append(lines, Name(meta, s)+": "+symbolsText(h.Dealt[s].Cards()))
	}
	return append(out, field{name: fmt.Sprintf("Hand %d as dealt", done), value: strings.Join(lines, "\n")})
}

// Highlights is the field of a player's stats that tells what their games say beyond the
// record: hands thrown in, games left, favourite preset and streaks.
func Highlights(h league.Highlights, r league.Record) *discordgo.MessageEmbedField {
	var parts []string
	parts = append(parts, fmt.Sprintf("contracts %d made, %d set, %d thrown in", r.BidsMade, r.BidsSet, r.ThrownIn))
	parts = append(parts, fmt.Sprintf("%s left", words.Count(h.Left, "game")))
	if h.Favourite != "" {
		parts = append(parts, fmt.Sprintf("favourite: %s (%s)", h.Favourite, words.Count(h.FavouriteGames, "game")))
	}
	switch {
	case h.Streak > 0:
		parts = append(parts, fmt.Sprintf("on a run of %s", words.Count(h.Streak, "win")))
	case h.Streak < 0:
		parts = append(parts, fmt.Sprintf("%s in a row", words.Count(-h.Streak, "loss")))
	}
	parts = append(parts, fmt.Sprintf("best run: %s", words.Count(h.BestStreak, "win")))
	return &discordgo.MessageEmbedField{Name: fmt.Sprintf("Highlights (%s played)", words.Count(h.Games, "game")), Value: strings.Join(parts, " · ")}
}

// ActivityEmbed writes a server's activity: games a week, and its most active members.
func ActivityEmbed(weeks []league.WeekCount, top []league.Activity) *discordgo.MessageEmbed {
	var lines []string
	for _, w := range weeks {
		lines = append(lines, fmt.Sprintf("Week of %s: %s", w.Start.Format("2 Jan"), words.Count(w.Games, "game")))
	}
	e := &discordgo.MessageEmbed{Title: "Activity of this server", Color: ColourActive, Description: strings.Join(lines, "\n")}
	var who []string
	for i, a := range top {
		who = append(who, fmt.Sprintf("%d. %s · %s", i+1, Escape(a.Name), words.Count(a.Games, "game")))
	}
	if len(who) > 0 {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Most active players", Value: words.Truncate(strings.Join(who, "\n"), 1024)})
	}
	return e
}

// AdminLogEmbed writes a server's admin log, newest first.
func AdminLogEmbed(entries []league.LogEntry) *discordgo.MessageEmbed {
	var lines []string
	for _, e := range entries {
		lines = append(lines, fmt.Sprintf("<t:%d:f> · %s %s", e.At.Unix(), Mention(e.UserID), correctionText(e)))
	}
	return &discordgo.MessageEmbed{Title: "Admin log", Color: ColourOver, Description: words.Truncate(strings.Join(lines, "\n"), 4000)}
}

// correctionText says what an admin did, after their name.
func correctionText(e league.LogEntry) string {
	switch e.Action {
	case league.CorrectExclude:
		return "took " + Mention(e.Detail) + " off the leaderboard"
	case league.CorrectInclude:
		return "put " + Mention(e.Detail) + " back on the leaderboard"
	case league.CorrectVoid:
		return "took back the result of game #" + Escape(e.Detail)
	case league.CorrectHide:
		return "hid the leaderboard"
	case league.CorrectShow:
		return "showed the leaderboard again"
	case league.CorrectSeasonStart:
		return "started season **" + Escape(e.Detail) + "**"
	case league.CorrectSeasonEnd:
		return "ended season **" + Escape(e.Detail) + "**"
	case league.CorrectSeasonRename:
		return "renamed a season: " + Escape(e.Detail)
	case league.CorrectSeasonReset:
		return "reset the standings of season **" + Escape(e.Detail) + "**"
	case league.CorrectOrganisers:
		if e.Detail == "" {
			return "named no organiser role for events"
		}
		return "named <@&" + Escape(e.Detail) + "> the organiser role for events"
	}
	return Escape(string(e.Action)) + " " + Escape(e.Detail)
}

// Excluded confirms a member kept off the leaderboard (or answers that they were already).
func Excluded(userID string, changed bool) string {
	if !changed {
		return Mention(userID) + " is off the leaderboard already."
	}
	return Mention(userID) + " is off the leaderboard now; their record is kept. `/pinochle-admin include` puts them back."
}

// Included confirms a member put back on the leaderboard.
func Included(userID string, changed bool) string {
	if !changed {
		return Mention(userID) + " was not off the leaderboard."
	}
	return Mention(userID) + " is back on the leaderboard."
}

// Voided confirms a game's result taken back.
func Voided(gameID int64) string {
	return fmt.Sprintf("Game #%d's result no longer counts: every record and rating of this server was worked out again without it.", gameID)
}

// SeasonRenamed confirms a season renamed.
func SeasonRenamed(old, name string) string {
	return "Season **" + Escape(old) + "** is now called **" + Escape(name) + "**."
}

// SeasonReset confirms a season's standings started again.
func SeasonReset(name string, at time.Time) string {
	return fmt.Sprintf("Season **%s** starts again from <t:%d:f>: its standings are empty, and the games it counted so far count overall only.", Escape(name), at.Unix())
}
