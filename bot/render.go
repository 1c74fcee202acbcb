package bot

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/storage"
)

// Colours of the embeds: green while a table is open or in play, grey once it is over.
const (
	colourActive = 0x2e7d32
	colourOver   = 0x757575
)

// teamName names a team for people.
func teamName(team int) string { return "Team " + string(rune('A'+team)) }

// seatName is the name shown for a seat: its player, or "seat N" while it is open.
func seatName(meta *storage.Game, seat int) string {
	if seat < 0 || seat >= len(meta.Seats) {
		return "nobody"
	}
	s := meta.Seats[seat]
	switch {
	case s.IsOpen():
		return fmt.Sprintf("seat %d", seat+1)
	case s.IsComputer():
		return s.Name + " 🤖"
	case s.Away:
		return s.Name + " (away)"
	}
	return s.Name
}

// plainName is a seat's name without markers, for sentences.
func plainName(meta *storage.Game, seat int) string {
	if seat < 0 || seat >= len(meta.Seats) || meta.Seats[seat].IsOpen() {
		return fmt.Sprintf("seat %d", seat+1)
	}
	return meta.Seats[seat].Name
}

// lobbyMessage is the public lobby: the table's rules, the seats by team and the buttons to
// take part.
func lobbyMessage(meta *storage.Game, rules *engine.Rules) (*discordgo.MessageEmbed, []discordgo.MessageComponent) {
	e := &discordgo.MessageEmbed{
		Title:       fmt.Sprintf("Pinochle table: %s", rules.Preset),
		Description: fmt.Sprintf("Hosted by <@%s>. %s\nJoin a seat; the game starts when every seat is taken, or when the host starts it with computer players in the empty seats.", meta.HostID, rulesLine(rules, meta)),
		Color:       colourActive,
	}
	for team := range 2 {
		var lines []string
		for seat := range meta.Seats {
			if rules.TeamOf(seat) != team {
				continue
			}
			who := "*open*"
			if !meta.Seats[seat].IsOpen() {
				who = seatName(meta, seat)
			}
			lines = append(lines, fmt.Sprintf("Seat %d: %s", seat+1, who))
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: teamName(team), Value: strings.Join(lines, "\n"), Inline: true})
	}
	id := func(a commands.Action, arg string) string {
		return commands.ID{Game: meta.ID, Action: a, Arg: arg}.String()
	}
	buttons := []discordgo.MessageComponent{
		discordgo.Button{Label: "Join", Style: discordgo.SuccessButton, CustomID: id(commands.ActJoin, "")},
		discordgo.Button{Label: "Leave", Style: discordgo.SecondaryButton, CustomID: id(commands.ActLeave, "")},
		discordgo.Button{Label: "Add computer player", Style: discordgo.SecondaryButton, CustomID: id(commands.ActAddComputer, "")},
		discordgo.Button{Label: "Start", Style: discordgo.PrimaryButton, CustomID: id(commands.ActStart, "")},
		discordgo.Button{Label: "Cancel", Style: discordgo.DangerButton, CustomID: id(commands.ActCancel, "")},
	}
	rows := []discordgo.MessageComponent{discordgo.ActionsRow{Components: buttons}}
	// Seat pickers, so that partners can sit together.
	var seatButtons []discordgo.MessageComponent
	for seat := range meta.Seats {
		if !meta.Seats[seat].IsOpen() {
			continue
		}
		seatButtons = append(seatButtons, discordgo.Button{
			Label:    fmt.Sprintf("Sit in seat %d (%s)", seat+1, teamName(rules.TeamOf(seat))),
			Style:    discordgo.SecondaryButton,
			CustomID: id(commands.ActSeat, fmt.Sprint(seat)),
		})
	}
	for len(seatButtons) > 0 && len(rows) < 3 {
		n := min(5, len(seatButtons))
		rows = append(rows, discordgo.ActionsRow{Components: seatButtons[:n]})
		seatButtons = seatButtons[n:]
	}
	return e, rows
}

// closedLobby is the lobby once its table has started, been cancelled or closed.
func closedLobby(meta *storage.Game, rules *engine.Rules, why string) *discordgo.MessageEmbed {
	e, _ := lobbyMessage(meta, rules)
	e.Description = why
	e.Color = colourOver
	return e
}

// rulesLine sums up the table's rules in one line.
func rulesLine(rules *engine.Rules, meta *storage.Game) string {
	end := fmt.Sprintf("to %d", rules.Target)
	switch {
	case rules.Target == 0:
		end = fmt.Sprintf("%d hands", rules.Hands)
	case rules.Hands > 0:
		end += fmt.Sprintf(" or %d hands", rules.Hands)
	}
	line := fmt.Sprintf("%d players, %s.", rules.Players, end)
	if len(meta.Options) > 0 {
		line += " Options: " + commands.FormatOptions(meta.Options) + "."
	}
	if meta.Settings.Timer > 0 {
		line += fmt.Sprintf(" Turn timer %s (then: %s).", formatDuration(meta.Settings.Timer), policyText(meta.Settings.Timeout))
	}
	return line + " " + capitalise(commands.TableSettingsText(meta.Settings)) + "."
}

// policyText says what happens when a turn timer runs out.
func policyText(policy storage.TimeoutPolicy) string {
	if policy == storage.PolicyForfeit {
		return "the team forfeits"
	}
	return "a computer player moves"
}

// tableMessage is the public table: everything every player may know, and the "My hand"
// button.
// v is the spectators' view (Game.View(-1)): the table never sees a hand.
func tableMessage(meta *storage.Game, v *engine.View) (*discordgo.MessageEmbed, []discordgo.MessageComponent) {
	rules := v.Rules()
	e := &discordgo.MessageEmbed{
		Title:       fmt.Sprintf("Pinochle · %s · hand %d", rules.Preset, v.HandNo()),
		Description: statusLine(meta, v),
		Color:       colourActive,
	}
	abandoned := meta.Status == storage.StatusAbandoned
	if abandoned {
		e.Description = "This game was abandoned."
	}
	if v.Over() || abandoned {
		e.Color = colourOver
	}
	for team := range 2 {
		var lines []string
		for seat := range meta.Seats {
			if rules.TeamOf(seat) != team {
				continue
			}
			marks := ""
			if seat == v.Dealer() {
				marks += " · dealer"
			}
			if seat == v.Bidder() && v.Phase() != engine.PhaseBidding {
				marks += " · bidder"
			}
			if slices.Contains(v.Waiting(), seat) {
				marks = " ▶" + marks
			}
			lines = append(lines, seatName(meta, seat)+marks)
		}
		lines = append(lines, fmt.Sprintf("**Score: %d**", v.Scores()[team]))
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: teamName(team), Value: strings.Join(lines, "\n"), Inline: true})
	}
	if len(v.Auction()) > 0 && !v.Over() {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Auction", Value: auctionText(meta, v.Auction(), 16)})
	}
	if v.Bidder() >= 0 && v.Phase() != engine.PhaseBidding && !v.Over() {
		contract := fmt.Sprintf("%s bid %d", plainName(meta, v.Bidder()), v.High())
		if v.Trump() != engine.NoSuit {
			contract += fmt.Sprintf(", trump %s %s", v.Trump().Symbol(), v.Trump().Name())
		}
		if v.Moon() {
			contract += ", shooting the moon"
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Contract", Value: contract})
	}
	if len(v.Melds()) > 0 && !v.Over() {
		var parts []string
		for _, m := range v.Melds() {
			parts = append(parts, fmt.Sprintf("%s %d", plainName(meta, m.Seat), m.Total))
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Meld",
			Value: fmt.Sprintf("%s\n%s %d · %s %d", strings.Join(parts, " · "), teamName(0), v.TeamMeld(0), teamName(1), v.TeamMeld(1))})
	}
	if v.Phase() == engine.PhasePlay {
		trick := "—"
		if len(v.Trick()) > 0 {
			trick = playedText(meta, v.Trick())
		}
		value := "Now: " + trick
		if last, ok := v.LastTrick(); ok {
			value += fmt.Sprintf("\nLast: %s → %s", playedText(meta, last.Cards), plainName(meta, last.Winner))
		}
		var tricks [2]int
		for seat := range rules.Players {
			tricks[rules.TeamOf(seat)] += v.TricksWon(seat)
		}
		value += fmt.Sprintf("\nTricks won: %s %d (%d points) · %s %d (%d points)",
			teamName(0), tricks[0], v.TrickPoints(0), teamName(1), tricks[1], v.TrickPoints(1))
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Trick", Value: value})
	}
	e.Footer = &discordgo.MessageEmbedFooter{Text: gameEndText(rules, v.HandNo()) + " · press “My hand” to see your cards and act"}
	if v.Over() || abandoned {
		e.Footer.Text = gameEndText(rules, v.HandNo())
		return e, []discordgo.MessageComponent{}
	}
	row := []discordgo.MessageComponent{
		discordgo.Button{Label: "My hand", Style: discordgo.PrimaryButton, CustomID: commands.ID{Game: meta.ID, Action: commands.ActHand}.String()},
	}
	if len(v.Results()) > 0 {
		row = append(row, discordgo.Button{Label: "Score sheet", Style: discordgo.SecondaryButton, Emoji: &discordgo.ComponentEmoji{Name: "📋"},
			CustomID: commands.SheetID{Kind: commands.SheetScores, Game: meta.ID, Page: (len(v.Results())-1)/sheetPageSize + 1}.String()})
	}
	rows := []discordgo.MessageComponent{discordgo.ActionsRow{Components: row}}
	return e, rows
}

// gameEndText says how the game ends.
func gameEndText(rules *engine.Rules, hand int) string {
	switch {
	case rules.Target == 0:
		return fmt.Sprintf("Hand %d of %d", hand, rules.Hands)
	case rules.Hands > 0:
		return fmt.Sprintf("Playing to %d, at most %d hands", rules.Target, rules.Hands)
	}
	return fmt.Sprintf("Playing to %d", rules.Target)
}

// statusLine says what the table is waiting for.
func statusLine(meta *storage.Game, v *engine.View) string {
	if v.Over() {
		return resultLine(v.Scores(), v.Winner())
	}
	turn := v.Turn()
	who := "**" + plainName(meta, turn) + "**"
	switch v.Phase() {
	case engine.PhaseBidding:
		if v.High() == 0 {
			return fmt.Sprintf("▶ %s to bid (at least %d).", who, v.MinNextBid())
		}
		return fmt.Sprintf("▶ %s to bid or pass: the high bid is %d.", who, v.High())
	case engine.PhaseTrump:
		return fmt.Sprintf("▶ %s names trump.", who)
	case engine.PhasePass:
		if turn < 0 {
			var names []string
			for s := range meta.Seats {
				if slices.Contains(v.Waiting(), s) {
					names = append(names, "**"+plainName(meta, s)+"**")
				}
			}
			return fmt.Sprintf("▶ %s pass cards to their teammates.", strings.Join(names, ", "))
		}
		return fmt.Sprintf("▶ %s passes %d cards to %s.", who, v.Rules().PassCount, plainName(meta, v.PassTarget(turn)))
	case engine.PhasePassBack:
		return fmt.Sprintf("▶ %s passes %d cards back to %s.", who, v.Rules().PassCount, plainName(meta, v.PassTarget(turn)))
	case engine.PhaseDecide:
		return fmt.Sprintf("▶ %s decides: play the hand or throw it in.", who)
	case engine.PhasePlay:
		if len(v.Trick()) == 0 {
			return fmt.Sprintf("▶ %s leads.", who)
		}
		return fmt.Sprintf("▶ %s plays.", who)
	}
	return ""
}

// resultLine says how a finished game ended.
func resultLine(s [2]int, winner int) string {
	switch w := winner; w {
	case 0, 1:
		return fmt.Sprintf("🏆 **%s wins**, %d to %d.", teamName(w), s[w], s[1-w])
	}
	return fmt.Sprintf("The game is drawn, %d to %d.", s[0], s[1])
}

// auctionText lists the last n entries of an auction.
func auctionText(meta *storage.Game, auction []engine.Bid, n int) string {
	start := max(0, len(auction)-n)
	var parts []string
	if start > 0 {
		parts = append(parts, "…")
	}
	for _, b := range auction[start:] {
		parts = append(parts, bidText(meta, b))
	}
	return strings.Join(parts, " · ")
}

// bidText is one entry of an auction.
func bidText(meta *storage.Game, b engine.Bid) string {
	switch {
	case b.Pass():
		return plainName(meta, b.Seat) + " pass"
	case b.Forced:
		return fmt.Sprintf("%s %d (forced)", plainName(meta, b.Seat), b.Amount)
	}
	return fmt.Sprintf("%s %d", plainName(meta, b.Seat), b.Amount)
}

// playedText lists the cards of a trick with who played them.
func playedText(meta *storage.Game, cards []engine.Played) string {
	parts := make([]string, len(cards))
	for i, p := range cards {
		parts[i] = fmt.Sprintf("%s %s", plainName(meta, p.Seat), p.Card.Symbol())
	}
	return strings.Join(parts, " · ")
}

// meldText writes a meld breakdown, one meld a line.
func meldText(total int, items []engine.MeldItem, winsGame bool) string {
	if len(items) == 0 {
		return "no meld"
	}
	var lines []string
	for _, it := range items {
		lines = append(lines, fmt.Sprintf("%s: %d (%s)", it.Name(), it.Points, symbolsText(it.Cards())))
	}
	lines = append(lines, fmt.Sprintf("total %d", total))
	if winsGame {
		lines = append(lines, "**these runs win the game!**")
	}
	return strings.Join(lines, "\n")
}

// handMessage is a player's private view: their hand, their meld, what the table waits for
// and, on their turn, the controls. note, if not empty, heads it (an error or a notice).
// v is the seat's own view (Game.View(seat)): it holds no other seat's cards.
func handMessage(meta *storage.Game, v *engine.View, note string) *discordgo.InteractionResponseData {
	seat := v.Seat()
	var b strings.Builder
	if note != "" {
		b.WriteString(note + "\n\n")
	}
	got, gotLines := received(meta, v)
	fmt.Fprintf(&b, "**Your hand**, %s (%s), hand %d:\n%s\n", plainName(meta, seat), teamName(v.Rules().TeamOf(seat)), v.HandNo(), markedHandText(v.Cards(), got))
	for _, l := range gotLines {
		b.WriteString(l + "\n")
	}
	if m, shown := v.ShownMeld(seat); shown && !v.Over() {
		fmt.Fprintf(&b, "\n**Your meld** (trump %s):\n%s\n", v.Trump().Symbol(), meldText(m.Total, m.Items(), m.WinsGame))
	} else if v.Trump() != engine.NoSuit && !v.Over() {
		// Trump is named and cards are still being passed: the meld the hand holds now.
		hand := v.Hand()
		m := engine.CountMeld(&hand, v.Trump(), &v.Rules().Meld)
		fmt.Fprintf(&b, "\n**Your meld as your hand stands** (trump %s; it counts after passing):\n%s\n", v.Trump().Symbol(), meldText(m.Total, m.Items(), m.WinsGame))
	}
	if v.Phase() == engine.PhasePlay && len(v.Trick()) > 0 {
		fmt.Fprintf(&b, "\n**Trick:** %s\n", playedText(meta, v.Trick()))
	}
	story := storyLines(meta, v)
	status := "\n" + privateStatus(meta, v)
	// The story gives way, last lines first, to keep the whole within Discord's limit.
	for len(story) > 0 && b.Len()+len(strings.Join(story, "\n"))+1+len(status) > 2000 {
		story = story[:len(story)-1]
	}
	if len(story) > 0 {
		b.WriteString("\n" + strings.Join(story, "\n") + "\n")
	}
	b.WriteString(status)
	// An away seat is played by a computer player: its owner sees the hand, never controls
	// that would race the computer's move.
	var components []discordgo.MessageComponent
	if !meta.Seats[seat].Away {
		components = commands.Controls(v, meta.ID)
	}
	if len(components) < 5 && !v.Over() {
		row := []discordgo.MessageComponent{
			discordgo.Button{Label: "Refresh", Style: discordgo.SecondaryButton, Emoji: &discordgo.ComponentEmoji{Name: "🔄"},
				CustomID: commands.ID{Game: meta.ID, Action: commands.ActRefresh}.String()},
		}
		if len(components) > 0 && meta.Settings.Hints && !meta.Seats[seat].Away {
			row = append(row, discordgo.Button{Label: "Hint", Style: discordgo.SecondaryButton, Emoji: &discordgo.ComponentEmoji{Name: "💡"},
				CustomID: commands.ID{Game: meta.ID, Hand: v.HandNo(), Step: v.Step(), Action: commands.ActHint}.String()})
		}
		components = append(components, discordgo.ActionsRow{Components: row})
	}
	if components == nil {
		components = []discordgo.MessageComponent{}
	}
	return &discordgo.InteractionResponseData{
		Content:         truncate(b.String(), 2000),
		Components:      components,
		Flags:           discordgo.MessageFlagsEphemeral,
		AllowedMentions: &discordgo.MessageAllowedMentions{},
	}
}

// privateStatus says what the seat may do now, or whom the table waits for.
func privateStatus(meta *storage.Game, v *engine.View) string {
	if v.Over() {
		return resultLine(v.Scores(), v.Winner())
	}
	if !slices.Contains(v.Waiting(), v.Seat()) {
		return "Waiting: " + strings.TrimPrefix(statusLine(meta, v), "▶ ")
	}
	if meta.Seats[v.Seat()].Away {
		return "**Your turn:** a computer player is playing your seat while you are away (`/pinochle back` takes it back)."
	}
	switch v.Phase() {
	case engine.PhaseBidding:
		if v.High() == 0 {
			return fmt.Sprintf("**Your turn to bid** (at least %d).", v.MinNextBid())
		}
		return fmt.Sprintf("**Your turn to bid**: the high bid is %d; the next bid is %d.", v.High(), v.MinNextBid())
	case engine.PhaseTrump:
		return "**You won the bid: name trump.**"
	case engine.PhasePass, engine.PhasePassBack:
		rule := v.PassRule()
		s := fmt.Sprintf("**Pass %d cards to %s.**", rule.Count, plainName(meta, v.PassTarget(v.Seat())))
		if rule.Need > 0 {
			s += fmt.Sprintf(" At least %d of them must be cards outside your shown meld.", rule.Need)
		}
		return s
	case engine.PhaseDecide:
		return "**Play the hand, or throw it in?**"
	case engine.PhasePlay:
		if len(v.Trick()) == 0 {
			return "**Your lead.** Only the cards you may play are enabled."
		}
		return "**Your turn to play.** Only the cards you may play are enabled."
	}
	return ""
}

// truncate cuts s to at most n characters (runes), as Discord counts its limits, marking
// the cut with an ellipsis.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	if n <= 0 {
		return ""
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// symbolsText writes cards as symbols separated by spaces.
func symbolsText(cards []engine.Card) string {
	parts := make([]string, len(cards))
	for i, c := range cards {
		parts[i] = c.Symbol()
	}
	return strings.Join(parts, " ")
}
