package commands

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestSeasonName(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{"Autumn", "Autumn", true},
		{"  Autumn 2026 ", "Autumn 2026", true},
		{strings.Repeat("é", 100), strings.Repeat("é", 100), true}, // 200 bytes, 100 characters
		{strings.Repeat("🂡", 100), strings.Repeat("🂡", 100), true}, // 400 bytes
		{strings.Repeat("a", 100), strings.Repeat("a", 100), true},
		{strings.Repeat("é", 101), "", false},
		{"", "", false},
		{"   ", "", false},
		{"overall", "", false},
		{" OverAll ", "", false},
		{"two\nlines", "", false},
		{"nul\x00", "", false},
		{"bad \xff byte", "", false},
	} {
		got, err := SeasonName(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("SeasonName(%q) = %q, %v; want %q, ok %v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

// TestSeasonOptionsTakeSeasonNames: every option that takes a season's name allows what
// SeasonName accepts, no more, no less.
func TestSeasonOptionsTakeSeasonNames(t *testing.T) {
	found := 0
	var walk func(where string, opts []*discordgo.ApplicationCommandOption)
	walk = func(where string, opts []*discordgo.ApplicationCommandOption) {
		for _, o := range opts {
			w := where + " " + o.Name
			sub := o.Type == discordgo.ApplicationCommandOptionSubCommand
			if !sub && (o.Name == OptSeason || (where == "/league start" || where == "/pinochle-admin season") && o.Name == OptName) {
				found++
				if o.Type != discordgo.ApplicationCommandOptionString || o.MaxLength != SeasonNameLimit {
					t.Errorf("%s: type %d, max_length %d, want a string of at most %d characters", w, o.Type, o.MaxLength, SeasonNameLimit)
				}
			}
			walk(w, o.Options)
		}
	}
	for _, c := range Definitions() {
		walk("/"+c.Name, c.Options)
	}
	if found != 4 {
		t.Errorf("%d options take a season's name, want 4 (leaderboard, league start, league standings and the admin's rename)", found)
	}
}
