package leased

import (
	"context"
	"time"

	"github.com/pinochle-discord/pinochle/league"
	"github.com/pinochle-discord/pinochle/storage"
)

// socialWrite is one write of the loop around games, by name.
type socialWrite struct {
	name  string
	write func(w storage.Writer) error
}

// socialWrites are the writes of the loop around games, in an order that lets each go
// through under a lease that holds, once game (of guild g1, played by u1 to u4) has finished
// and a season runs in g1 from a minute past start; s reads the season.
func socialWrites(ctx context.Context, s *storage.DB, game int64, start time.Time) []socialWrite {
	return []socialWrite{
		{"AskPlayAgain", func(w storage.Writer) error {
			_, err := w.AskPlayAgain(ctx, game, "u1", start.Add(3*time.Minute))
			return err
		}},
		{"ClaimNextGame", func(w storage.Writer) error { return w.ClaimNextGame(ctx, game, start.Add(3*time.Minute), time.Minute) }},
		{"ReleaseNextGame", func(w storage.Writer) error { return w.ReleaseNextGame(ctx, game) }},
		{"RecordOffer", func(w storage.Writer) error { return w.RecordOffer(ctx, game, "m1", start.Add(3*time.Minute)) }},
		{"SetNextGame", func(w storage.Writer) error {
			if err := w.ClaimNextGame(ctx, game, start.Add(3*time.Minute), time.Minute); err != nil {
				return err
			}
			return w.SetNextGame(ctx, game, game)
		}},
		{"SetCalls", func(w storage.Writer) error {
			_, err := w.SetCalls(ctx, "g1", "u5", true, start)
			return err
		}},
		{"CallPlayers", func(w storage.Writer) error {
			_, err := w.CallPlayers(ctx, "g1", nil, 3, start.Add(time.Hour), time.Hour)
			return err
		}},
		{"CallMember", func(w storage.Writer) error {
			_, err := w.CallMember(ctx, "g1", "u5", start.Add(3*time.Hour), time.Hour)
			return err
		}},
		{"SetExcluded", func(w storage.Writer) error {
			_, err := w.SetExcluded(ctx, "g1", "u2", "admin", true, start)
			return err
		}},
		{"SetBoardHidden", func(w storage.Writer) error {
			_, err := w.SetBoardHidden(ctx, "g1", "admin", true, start)
			return err
		}},
		{"VoidGame", func(w storage.Writer) error { return w.VoidGame(ctx, "g1", game, "admin", start.Add(4*time.Minute)) }},
		{"RenameSeason", func(w storage.Writer) error {
			se, err := s.CurrentSeason(ctx, "g1", start.Add(4*time.Minute))
			if err != nil {
				return err
			}
			return w.RenameSeason(ctx, "g1", se.ID, "Renamed")
		}},
		{"ResetSeason", func(w storage.Writer) error {
			_, err := w.ResetSeason(ctx, "g1", start.Add(5*time.Minute))
			return err
		}},
		{"LogAdmin", func(w storage.Writer) error {
			return w.LogAdmin(ctx, league.LogEntry{GuildID: "g1", UserID: "admin", Action: league.CorrectVoid, Detail: "1", At: start})
		}},
	}
}
