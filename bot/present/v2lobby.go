package present

import (
	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/table"
)

// LobbyMessage is the public lobby as a Components V2 message: the table's rules and host,
// the seats by team, and the buttons to take part (lobbyRows).
func LobbyMessage(meta *table.Game, rules *engine.Rules) Message {
	d := draft{
		colour: ColourActive,
		head:   "## " + lobbyTitle(rules) + "\nHosted by " + userMention(meta.HostID) + ". " + rulesLine(rules, meta) + "\n" + lobbyHow,
		body:   paragraphs(lobbySeats(meta, rules)),
		rows:   lobbyRows(meta, rules),
	}
	return d.message(nil)
}

// ClosedLobbyMessage is the lobby once its table has started, been cancelled or closed:
// why says so (LobbyEndWhy), in place of the rules; the seats stay, the buttons go.
func ClosedLobbyMessage(meta *table.Game, rules *engine.Rules, why string) Message {
	d := draft{
		colour: ColourOver,
		head:   "## " + lobbyTitle(rules) + "\n" + why,
		body:   paragraphs(lobbySeats(meta, rules)),
	}
	return d.message(nil)
}
