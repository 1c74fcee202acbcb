// Package who reads, from a Discord interaction, the person behind it: their user, the name
// they go by in the server, and whether they may manage it.
package who

import (
	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/live"
)

// User returns the user behind an interaction; an empty user when Discord sent none.
func User(i *discordgo.Interaction) *discordgo.User {
	if i.Member != nil && i.Member.User != nil {
		return i.Member.User
	}
	if i.User != nil {
		return i.User
	}
	return &discordgo.User{}
}

// Name is the name the user behind an interaction goes by in its server: their nickname,
// else their display name, else their username.
func Name(i *discordgo.Interaction) string {
	if i.Member != nil && i.Member.Nick != "" {
		return i.Member.Nick
	}
	u := User(i)
	if u.GlobalName != "" {
		return u.GlobalName
	}
	return u.Username
}

// Manages reports whether the member behind an interaction has Manage Server (or is an
// administrator).
func Manages(i *discordgo.Interaction) bool {
	return i.Member != nil && i.Member.Permissions&(discordgo.PermissionManageGuild|discordgo.PermissionAdministrator) != 0
}

// Person is who sent an interaction, as the tables know people.
func Person(i *discordgo.Interaction) live.Person {
	return live.Person{ID: User(i).ID, Name: Name(i), Manager: Manages(i)}
}
