package who

import (
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestWho: the user is the member's in a server and the interaction's own in a direct
// message; the name is the nickname, else the display name, else the username; Manage
// Server or Administrator make a manager.
func TestWho(t *testing.T) {
	ana := &discordgo.User{ID: "1", Username: "ana", GlobalName: "Ana B."}
	bob := &discordgo.User{ID: "2", Username: "bob"}
	tests := []struct {
		name     string
		i        *discordgo.Interaction
		user     string
		called   string
		manages  bool
		personID string
	}{
		{"member with a nickname", &discordgo.Interaction{Member: &discordgo.Member{User: ana, Nick: "Annie"}}, "1", "Annie", false, "1"},
		{"member without one", &discordgo.Interaction{Member: &discordgo.Member{User: ana}}, "1", "Ana B.", false, "1"},
		{"no display name", &discordgo.Interaction{Member: &discordgo.Member{User: bob}}, "2", "bob", false, "2"},
		{"direct message", &discordgo.Interaction{User: bob}, "2", "bob", false, "2"},
		{"manager", &discordgo.Interaction{Member: &discordgo.Member{User: bob, Permissions: discordgo.PermissionManageGuild}}, "2", "bob", true, "2"},
		{"administrator", &discordgo.Interaction{Member: &discordgo.Member{User: bob, Permissions: discordgo.PermissionAdministrator}}, "2", "bob", true, "2"},
		{"other permissions", &discordgo.Interaction{Member: &discordgo.Member{User: bob, Permissions: discordgo.PermissionManageMessages}}, "2", "bob", false, "2"},
		{"nobody", &discordgo.Interaction{}, "", "", false, ""},
	}
	for _, tt := range tests {
		if got := User(tt.i).ID; got != tt.user {
			t.Errorf("%s: User = %q, want %q", tt.name, got, tt.user)
		}
		if got := Name(tt.i); got != tt.called {
			t.Errorf("%s: Name = %q, want %q", tt.name, got, tt.called)
		}
		if got := Manages(tt.i); got != tt.manages {
			t.Errorf("%s: Manages = %v, want %v", tt.name, got, tt.manages)
		}
		if p := Person(tt.i); p.ID != tt.personID || p.Name != tt.called || p.Manager != tt.manages {
			t.Errorf("%s: Person = %+v", tt.name, p)
		}
	}
}
