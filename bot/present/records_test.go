package present

import (
	"slices"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/pinochle-discord/pinochle/table"
)

// TestSettingsText: the settings reply reads, for typed settings, word for word as it did
// when settings were maps of strings.
func TestSettingsText(t *testing.T) {
	fields := func(e *discordgo.MessageEmbed) []string {
		var out []string
		for _, f := range e.Fields {
			out = append(out, f.Name+": "+f.Value)
		}
		return out
	}
	settings := []struct {
		st   table.GuildSettings
		want []string
	}{
		{table.DefaultGuildSettings(), []string{"Default preset: racehorse", "Default options: none",
			"Turn timer: 10m, then a computer player moves", "Games with computer players count: no", "Channels: every channel",
			"New tables: computer players: normal, normal pace · hints on · turn mentions: auto · forced cards played for you (off during a league season)"}},
		{table.GuildSettings{DefaultPreset: "classic", DefaultOptions: map[string]string{"target": "500"}, HintsChosen: true,
			TableDefaults: table.Settings{Level: table.LevelExpert, Ping: table.PingNever, Timeout: table.PolicyComputer}},
			[]string{"Default preset: classic", "Default options: target=500", "Turn timer: none", "Games with computer players count: no",
				"Channels: every channel", "New tables: computer players: expert, normal pace · hints off · turn mentions: never · forced cards played by hand"}},
		{table.GuildSettings{DefaultPreset: "racehorse", ComputerGamesCount: true, Channels: []string{"c1", "c2"}, HintsChosen: true,
			TableDefaults: table.Settings{Level: table.LevelEasy, Hints: true, Ping: table.PingAlways, Autoplay: true,
				Timer: 24 * time.Hour, Timeout: table.PolicyForfeit}},
			[]string{"Default preset: racehorse", "Default options: none", "Turn timer: 1d, then the team forfeits",
				"Games with computer players count: yes", "Channels: <#c1> <#c2>",
				"New tables: computer players: easy, normal pace · hints on · turn mentions: always · forced cards played for you"}},
	}
	for _, tc := range settings {
		if got := fields(SettingsEmbed(tc.st)); !slices.Equal(got, tc.want) {
			t.Errorf("settings %+v read\n%q\nwant\n%q", tc.st, got, tc.want)
		}
	}
}
