package storage

import (
	"context"
	"time"

	"github.com/pinochle-discord/pinochle/league/club"
	"github.com/pinochle-discord/pinochle/league/event"
)

// The events' and the daily deal's writes under the fence's lease (Fenced), as DB's.

func (fc *fence) CreateEvent(ctx context.Context, e club.Event) (int64, error) {
	return fc.db.createEvent(ctx, fc, e)
}

func (fc *fence) UpdateEvent(ctx context.Context, e club.Event) error {
	return fc.db.updateEvent(ctx, fc, e)
}

func (fc *fence) JoinEvent(ctx context.Context, eventID int64, players []club.Player) error {
	return fc.db.joinEvent(ctx, fc, eventID, players)
}

func (fc *fence) LeaveEvent(ctx context.Context, eventID int64, userID string) ([]club.Player, error) {
	return fc.db.leaveEvent(ctx, fc, eventID, userID)
}

func (fc *fence) CheckIn(ctx context.Context, eventID int64, userID string) error {
	return fc.db.checkIn(ctx, fc, eventID, userID)
}

func (fc *fence) CloseEntry(ctx context.Context, eventID int64, withdrawn []string, ratings map[string]float64) error {
	return fc.db.closeEntry(ctx, fc, eventID, withdrawn, ratings)
}

func (fc *fence) AddRound(ctx context.Context, eventID int64, r club.Round) error {
	return fc.db.addRound(ctx, fc, eventID, r)
}

func (fc *fence) UpdateRound(ctx context.Context, eventID int64, round int, deadline time.Time) error {
	return fc.db.updateRound(ctx, fc, eventID, round, deadline)
}

func (fc *fence) UpdateTable(ctx context.Context, eventID int64, round int, t club.Table) error {
	return fc.db.updateTable(ctx, fc, eventID, round, t)
}

func (fc *fence) RecordResult(ctx context.Context, eventID int64, r club.Result) error {
	return fc.db.recordResult(ctx, fc, eventID, r)
}

func (fc *fence) RecordDealResult(ctx context.Context, eventID int64, d club.DealResult) error {
	return fc.db.recordDealResult(ctx, fc, eventID, d)
}

func (fc *fence) ReplayTable(ctx context.Context, eventID int64, round, tableNo int) error {
	return fc.db.replayTable(ctx, fc, eventID, round, tableNo)
}

func (fc *fence) EnsureDailyDeal(ctx context.Context, d club.DailyDeal) (club.DailyDeal, error) {
	return fc.db.ensureDailyDeal(ctx, fc, d)
}

func (fc *fence) SetDailyPar(ctx context.Context, guildID string, day event.Date, par int, contract string) error {
	return fc.db.setDailyPar(ctx, fc, guildID, day, par, contract)
}

func (fc *fence) StartDaily(ctx context.Context, p club.DailyPlay) error {
	return fc.db.startDaily(ctx, fc, p)
}

func (fc *fence) FinishDaily(ctx context.Context, guildID string, day event.Date, userID string, score int, contract string, at time.Time) error {
	return fc.db.finishDaily(ctx, fc, guildID, day, userID, score, contract, at)
}

func (fc *fence) SetOrganiserRole(ctx context.Context, guildID, roleID, by string, at time.Time) (bool, error) {
	return fc.db.setOrganiserRole(ctx, fc, guildID, roleID, by, at)
}
