package present

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/pinochle-discord/pinochle/commands"
	"github.com/pinochle-discord/pinochle/internal/words"
	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/table"
)

// StandingsEmbed writes a ranking: rating, games, wins, win rate, points for and against,
// bids made and set, with the leader marked.
func StandingsEmbed(season league.Season, recs []league.Record) *discordgo.MessageEmbed {
	title := "Leaderboard · overall"
	if season.ID != league.Overall {
		title = "Standings · " + Escape(season.Name)
	}
	e := &discordgo.MessageEmbed{Title: title, Color: ColourActive}
	if len(recs) == 0 {
		e.Description = "No counted games yet."
		return e
	}
	var b strings.Builder
	for _, r := range recs {
		mark := fmt.Sprintf("%d.", r.Rank)
		if r.Rank == 1 {
			mark = "🏆"
		}
		left := ""
		if r.Left > 0 {
			left = fmt.Sprintf(" · %d left", r.Left)
		}
		fmt.Fprintf(&b, "%s **%s** · rating %.0f · %s, %d won (%.0f%%)%s · points %d/%d · bids %d made, %d set\n",
			mark, Escape(r.Name), r.Rating.Display(), words.Count(r.Games, "game"), r.Wins, 100*r.WinRate(), left, r.PointsFor, r.PointsAgainst, r.BidsMade, r.BidsSet)
	}
	e.Description = words.Truncate(b.String(), 4000)
	e.Footer = &discordgo.MessageEmbedFooter{Text: "Rating: a skill estimate (mean − 3σ) over team, two- and three-player games; points: own side's / best opponent's final scores, in tens."}
	return e
}

// StatsEmbed writes a player's record in a server: overall, and by season.
func StatsEmbed(st league.PlayerStats) *discordgo.MessageEmbed {
	r := st.Overall
	e := &discordgo.MessageEmbed{
		Title: "Record of " + Escape(r.Name),
		Color: ColourActive,
		Description: fmt.Sprintf("Rank %d · rating %.0f\n%s: %d won, %d lost, %d drawn (%.0f%%)\n%s, bid %d: %d made, %d set\nMeld: %.0f a hand on average, %d at best",
			r.Rank, r.Rating.Display(), words.Count(r.Games, "game"), r.Wins, r.Losses, r.Draws, 100*r.WinRate(), words.Count(r.Hands, "hand"), r.HandsBid, r.BidsMade, r.BidsSet, r.AverageMeld(), r.HighMeld),
	}
	for _, s := range st.Seasons {
		if len(e.Fields) == 10 {
			break
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: Escape(s.Season.Name),
			Value: fmt.Sprintf("rank %d · rating %.0f · %s, %d won", s.Record.Rank, s.Record.Rating.Display(), words.Count(s.Record.Games, "game"), s.Record.Wins), Inline: true})
	}
	return e
}

// SettingsEmbed shows a guild's settings.
func SettingsEmbed(st table.GuildSettings) *discordgo.MessageEmbed {
	opts := "none"
	if len(st.DefaultOptions) > 0 {
		opts = commands.FormatOptions(st.DefaultOptions)
	}
	timer := "none"
	if d := st.TableDefaults.Timer; d > 0 {
		timer = Duration(d) + ", then " + PolicyText(st.TableDefaults.Timeout)
	}
	chans := "every channel"
	if len(st.Channels) > 0 {
		var c []string
		for _, id := range st.Channels {
			c = append(c, "<#"+id+">")
		}
		chans = strings.Join(c, " ")
	}
	counts := "no"
	if st.ComputerGamesCount {
		counts = "yes"
	}
	return &discordgo.MessageEmbed{
		Title: "Pinochle settings",
		Color: ColourActive,
		Fields: []*discordgo.MessageEmbedField{
			{Name: "Default preset", Value: st.DefaultPreset, Inline: true},
			{Name: "Default options", Value: opts, Inline: true},
			{Name: "Turn timer", Value: timer, Inline: true},
			{Name: "Games with computer players count", Value: counts, Inline: true},
			{Name: "Channels", Value: chans, Inline: true},
			{Name: "New tables", Value: commands.TableSettingsText(st.TableDefaults) + hintsNote(st), Inline: true},
		},
	}
}

// hintsNote explains the default of hints when the server has not chosen.
func hintsNote(st table.GuildSettings) string {
	if st.HintsChosen {
		return ""
	}
	return " (off during a league season)"
}
