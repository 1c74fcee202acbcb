package storage

import (
	"context"
	"time"

	"github.com/pinochle-discord/pinochle/league"
)

// The writes of the loop around games under the fence's lease (Fenced), as DB's.

func (fc *fence) AskPlayAgain(ctx context.Context, gameID int64, userID string, at time.Time) (bool, error) {
	return fc.db.askPlayAgain(ctx, fc, gameID, userID, at)
}

func (fc *fence) ClaimNextGame(ctx context.Context, gameID int64, at time.Time, stale time.Duration) error {
	return fc.db.claimNextGame(ctx, fc, gameID, at, stale)
}

func (fc *fence) SetNextGame(ctx context.Context, gameID, nextID int64) error {
	return fc.db.setNextGame(ctx, fc, gameID, nextID)
}

func (fc *fence) ReleaseNextGame(ctx context.Context, gameID int64) error {
	return fc.db.releaseNextGame(ctx, fc, gameID)
}

func (fc *fence) SetCalls(ctx context.Context, guildID, userID string, on bool, at time.Time) (bool, error) {
	return fc.db.setCalls(ctx, fc, guildID, userID, on, at)
}

func (fc *fence) CallPlayers(ctx context.Context, guildID string, skip []string, limit int, at time.Time, gap time.Duration) ([]string, error) {
	return fc.db.callPlayers(ctx, fc, guildID, skip, limit, at, gap)
}

func (fc *fence) SetExcluded(ctx context.Context, guildID, userID, by string, excluded bool, at time.Time) (bool, error) {
	return fc.db.setExcluded(ctx, fc, guildID, userID, by, excluded, at)
}

func (fc *fence) SetBoardHidden(ctx context.Context, guildID, by string, hidden bool, at time.Time) (bool, error) {
	return fc.db.setBoardHidden(ctx, fc, guildID, by, hidden, at)
}

func (fc *fence) VoidGame(ctx context.Context, guildID string, gameID int64, by string, at time.Time) error {
	return fc.db.voidGame(ctx, fc, guildID, gameID, by, at)
}

func (fc *fence) RenameSeason(ctx context.Context, guildID string, seasonID int64, name string) error {
	return fc.db.renameSeason(ctx, fc, guildID, seasonID, name)
}

func (fc *fence) ResetSeason(ctx context.Context, guildID string, at time.Time) (league.Season, error) {
	return fc.db.resetSeason(ctx, fc, guildID, at)
}

func (fc *fence) LogAdmin(ctx context.Context, e league.LogEntry) error {
	return fc.db.logAdmin(ctx, fc, e)
}

func (fc *fence) CallMember(ctx context.Context, guildID, userID string, at time.Time, gap time.Duration) (bool, error) {
	return fc.db.callMember(ctx, fc, guildID, userID, at, gap)
}

func (fc *fence) RecordOffer(ctx context.Context, gameID int64, messageID string, at time.Time) error {
	return fc.db.recordOffer(ctx, fc, gameID, messageID, at)
}
