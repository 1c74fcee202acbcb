package bot

import (
	"context"
	"errors"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/pinochle-discord/pinochle/bot/charts"
	"github.com/pinochle-discord/pinochle/bot/present"
	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/storage"
)

// ratingChart draws a player's rating over their counted games, overall and, while a
// season runs, in it. It returns nil when there is nothing to draw.
func (b *Bot) ratingChart(ctx context.Context, guildID, userID, name string) ([]byte, error) {
	scopes := []league.Season{{ID: league.Overall, Name: "overall"}}
	if s, err := b.store.CurrentSeason(ctx, guildID, b.now()); err == nil {
		scopes = append(scopes, s)
	} else if !errors.Is(err, storage.ErrNotFound) {
		return nil, err
	}
	var series []charts.Series
	for _, s := range scopes {
		hist, err := b.store.RatingHistory(ctx, guildID, s.ID, userID)
		if err != nil {
			return nil, err
		}
		sr := charts.Series{Name: s.Name}
		for k, p := range hist {
			sr.Points = append(sr.Points, charts.Point{X: float64(k + 1), Y: p.Rating.Display()})
		}
		series = append(series, sr)
	}
	png, err := charts.RatingHistory("Rating of "+name, series)
	if errors.Is(err, charts.ErrNoData) {
		return nil, nil
	}
	return png, err
}

// standingsChart draws a season's standings: the ratings of its best players.
func (b *Bot) standingsChart(ctx context.Context, guildID string, season league.Season) ([]byte, error) {
	recs, err := b.store.Leaderboard(ctx, guildID, season.ID, charts.MaxBars, 0)
	if err != nil {
		return nil, err
	}
	var bars []charts.Bar
	for _, r := range recs {
		bars = append(bars, charts.Bar{Name: r.Name, Value: r.Rating.Display()})
	}
	title := "Standings · " + season.Name
	if season.ID == league.Overall {
		title = "Leaderboard · overall"
	}
	png, err := charts.Standings(title, bars)
	if errors.Is(err, charts.ErrNoData) {
		return nil, nil
	}
	return png, err
}

// attachChart adds a chart to an answer's first embed, or logs why it cannot.
func (b *Bot) attachChart(data *discordgo.InteractionResponseData, name string, png []byte, err error) {
	if err != nil {
		b.log.Error("chart", "name", name, "err", fmt.Errorf("draw %s: %w", name, err))
		return
	}
	if png == nil || len(data.Embeds) == 0 {
		return
	}
	data.Files = append(data.Files, present.ChartFile(data.Embeds[0], name, png))
}
