package present

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/internal/words"
	"github.com/pinochle-discord/pinochle/table"
)

// lobbyHow says how a lobby fills and starts.
const lobbyHow = "Join a seat; the game starts when every seat is taken, or when the host starts it with computer players in the empty seats."

// lobbyTitle is the lobby's title.
func lobbyTitle(rules *engine.Rules) string { return fmt.Sprintf("Pinochle table: %s", rules.Preset) }

// lobbySeats lists the seats, a list a team, or one list where each player is a side.
func lobbySeats(meta *table.Game, rules *engine.Rules) []field {
	var fields []field
	for team := range 2 {
		if rules.Players == 2 || rules.Solo {
			break // two players, each a side of their own: one list below
		}
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
		fields = append(fields, field{TeamName(team), strings.Join(lines, "\n")})
	}
	if rules.Players == 2 || rules.Solo {
		var lines []string
		for seat := range meta.Seats {
			who := "*open*"
			if !meta.Seats[seat].IsOpen() {
				who = seatName(meta, seat)
			}
			lines = append(lines, fmt.Sprintf("Seat %d: %s", seat+1, who))
		}
		fields = append(fields, field{name: "Players", value: strings.Join(lines, "\n")})
	}
	return fields
}

// lobbyRows are the lobby's buttons: Join, Leave, Add computer player, Start and Cancel,
// then a button for each open seat, so that partners can sit together.
func lobbyRows(meta *table.Game, rules *engine.Rules) []discordgo.MessageComponent {
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
	var seatButtons []discordgo.MessageComponent
	for seat := range meta.Seats {
		if !meta.Seats[seat].IsOpen() {
			continue
		}
		label := fmt.Sprintf("Sit in seat %d (%s)", seat+1, TeamName(rules.TeamOf(seat)))
		if rules.Players == 2 || rules.Solo {
			label = fmt.Sprintf("Sit in seat %d", seat+1)
		}
		seatButtons = append(seatButtons, discordgo.Button{
			Label:    label,
			Style:    discordgo.SecondaryButton,
			CustomID: id(commands.ActSeat, fmt.Sprint(seat)),
		})
	}
	for len(seatButtons) > 0 && len(rows) < 3 {
		n := min(5, len(seatButtons))
		rows = append(rows, discordgo.ActionsRow{Components: seatButtons[:n]})
		seatButtons = seatButtons[n:]
	}
	return rows
}

// rulesLine sums up the table's rules in one line.
func rulesLine(rules *engine.Rules, meta *table.Game) string {
	end := fmt.Sprintf("to %d", rules.Target)
	switch {
	case rules.Target == 0:
		end = words.Count(rules.Hands, "hand")
	case rules.Hands > 0:
		end += " or " + words.Count(rules.Hands, "hand")
	}
	line := fmt.Sprintf("%d players, %s.", rules.Players, end)
	if len(meta.Options) > 0 {
		line += " Options: " + commands.FormatOptions(meta.Options) + "."
	}
	if meta.Settings.Timer > 0 {
		policy := PolicyText(meta.Settings.Timeout)
		if (rules.Players == 2 || rules.Solo) && meta.Settings.Timeout == table.PolicyForfeit {
			policy = "the player forfeits"
		}
		line += fmt.Sprintf(" Turn timer %s (then: %s).", Duration(meta.Settings.Timer), policy)
	}
	line += " " + words.Capitalise(commands.TableSettingsText(meta.Settings)) + "."
	return line
}

// PolicyText says what happens when a turn timer runs out.
func PolicyText(policy table.TimeoutPolicy) string {
	if policy == table.PolicyForfeit {
		return "the team forfeits"
	}
	return "a computer player moves"
}
