package leased

import (
	"context"
	"time"

	"github.com/pinochle-discord/pinochle/league"
)

// The writes of the loop around games (playing again, calls to tables, the admins'
// corrections), each made only while the bot holds the lease on its shards, as
// Store's others.

// AskPlayAgain records a player's Play again if the bot holds its lease.
func (s Store) AskPlayAgain(ctx context.Context, gameID int64, userID string, at time.Time) (bool, error) {
	w, err := s.writer()
	if err != nil {
		return false, err
	}
	return w.AskPlayAgain(ctx, gameID, userID, at)
}

// ClaimNextGame claims the opening of a game's next game if the bot holds its lease.
func (s Store) ClaimNextGame(ctx context.Context, gameID int64, at time.Time, stale time.Duration) error {
	w, err := s.writer()
	if err != nil {
		return err
	}
	return w.ClaimNextGame(ctx, gameID, at, stale)
}

// SetNextGame records the next game a claim opened if the bot holds its lease.
func (s Store) SetNextGame(ctx context.Context, gameID, nextID int64) error {
	w, err := s.writer()
	if err != nil {
		return err
	}
	return w.SetNextGame(ctx, gameID, nextID)
}

// ReleaseNextGame gives up a claim that opened no game if the bot holds its lease.
func (s Store) ReleaseNextGame(ctx context.Context, gameID int64) error {
	w, err := s.writer()
	if err != nil {
		return err
	}
	return w.ReleaseNextGame(ctx, gameID)
}

// SetCalls records whether a member asks to be called to tables if the bot holds its lease.
func (s Store) SetCalls(ctx context.Context, guildID, userID string, on bool, at time.Time) (bool, error) {
	w, err := s.writer()
	if err != nil {
		return false, err
	}
	return w.SetCalls(ctx, guildID, userID, on, at)
}

// CallPlayers picks members to call to a table if the bot holds its lease.
func (s Store) CallPlayers(ctx context.Context, guildID string, skip []string, limit int, at time.Time, gap time.Duration) ([]string, error) {
	w, err := s.writer()
	if err != nil {
		return nil, err
	}
	return w.CallPlayers(ctx, guildID, skip, limit, at, gap)
}

// SetExcluded keeps a member off the leaderboard, or puts them back if the bot holds its lease.
func (s Store) SetExcluded(ctx context.Context, guildID, userID, by string, excluded bool, at time.Time) (bool, error) {
	w, err := s.writer()
	if err != nil {
		return false, err
	}
	return w.SetExcluded(ctx, guildID, userID, by, excluded, at)
}

// SetBoardHidden hides the leaderboard, or shows it if the bot holds its lease.
func (s Store) SetBoardHidden(ctx context.Context, guildID, by string, hidden bool, at time.Time) (bool, error) {
	w, err := s.writer()
	if err != nil {
		return false, err
	}
	return w.SetBoardHidden(ctx, guildID, by, hidden, at)
}

// VoidGame takes a game's result back if the bot holds its lease.
func (s Store) VoidGame(ctx context.Context, guildID string, gameID int64, by string, at time.Time) error {
	w, err := s.writer()
	if err != nil {
		return err
	}
	return w.VoidGame(ctx, guildID, gameID, by, at)
}

// RenameSeason renames a season if the bot holds its lease.
func (s Store) RenameSeason(ctx context.Context, guildID string, seasonID int64, name string) error {
	w, err := s.writer()
	if err != nil {
		return err
	}
	return w.RenameSeason(ctx, guildID, seasonID, name)
}

// ResetSeason starts the running season's standings again if the bot holds its lease.
func (s Store) ResetSeason(ctx context.Context, guildID string, at time.Time) (league.Season, error) {
	w, err := s.writer()
	if err != nil {
		return league.Season{}, err
	}
	return w.ResetSeason(ctx, guildID, at)
}

// LogAdmin adds a line to the admin log if the bot holds its lease.
func (s Store) LogAdmin(ctx context.Context, e league.LogEntry) error {
	w, err := s.writer()
	if err != nil {
		return err
	}
	return w.LogAdmin(ctx, e)
}

// CallMember records that one member is called if the bot holds its lease.
func (s Store) CallMember(ctx context.Context, guildID, userID string, at time.Time, gap time.Duration) (bool, error) {
	w, err := s.writer()
	if err != nil {
		return false, err
	}
	return w.CallMember(ctx, guildID, userID, at, gap)
}

// RecordOffer records a game's Play again offer if the bot holds its lease.
func (s Store) RecordOffer(ctx context.Context, gameID int64, messageID string, at time.Time) error {
	w, err := s.writer()
	if err != nil {
		return err
	}
	return w.RecordOffer(ctx, gameID, messageID, at)
}
