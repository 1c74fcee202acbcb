package leased

import (
	"context"
	"time"

	"github.com/pinochle-discord/pinochle/league/club"
	"github.com/pinochle-discord/pinochle/league/event"
)

// The writes of league events and of the daily deal, each made only while the bot holds the
// lease on its shards, as Store's others.

// CreateEvent creates an event if the bot holds its lease.
func (s Store) CreateEvent(ctx context.Context, e club.Event) (int64, error) {
	w, err := s.writer()
	if err != nil {
		return 0, err
	}
	return w.CreateEvent(ctx, e)
}

// UpdateEvent writes an event's changes if the bot holds its lease.
func (s Store) UpdateEvent(ctx context.Context, e club.Event) error {
	w, err := s.writer()
	if err != nil {
		return err
	}
	return w.UpdateEvent(ctx, e)
}

// JoinEvent enters an entrant if the bot holds its lease.
func (s Store) JoinEvent(ctx context.Context, eventID int64, players []club.Player) error {
	w, err := s.writer()
	if err != nil {
		return err
	}
	return w.JoinEvent(ctx, eventID, players)
}

// LeaveEvent withdraws an entrant if the bot holds its lease.
func (s Store) LeaveEvent(ctx context.Context, eventID int64, userID string) ([]club.Player, error) {
	w, err := s.writer()
	if err != nil {
		return nil, err
	}
	return w.LeaveEvent(ctx, eventID, userID)
}

// CheckIn checks a player in if the bot holds its lease.
func (s Store) CheckIn(ctx context.Context, eventID int64, userID string) error {
	w, err := s.writer()
	if err != nil {
		return err
	}
	return w.CheckIn(ctx, eventID, userID)
}

// CloseEntry closes an event's entry if the bot holds its lease.
func (s Store) CloseEntry(ctx context.Context, eventID int64, withdrawn []string, ratings map[string]float64) error {
	w, err := s.writer()
	if err != nil {
		return err
	}
	return w.CloseEntry(ctx, eventID, withdrawn, ratings)
}

// AddRound records a round if the bot holds its lease.
func (s Store) AddRound(ctx context.Context, eventID int64, r club.Round) error {
	w, err := s.writer()
	if err != nil {
		return err
	}
	return w.AddRound(ctx, eventID, r)
}

// UpdateRound moves a round's deadline if the bot holds its lease.
func (s Store) UpdateRound(ctx context.Context, eventID int64, round int, deadline time.Time) error {
	w, err := s.writer()
	if err != nil {
		return err
	}
	return w.UpdateRound(ctx, eventID, round, deadline)
}

// UpdateTable writes a table's state if the bot holds its lease.
func (s Store) UpdateTable(ctx context.Context, eventID int64, round int, t club.Table) error {
	w, err := s.writer()
	if err != nil {
		return err
	}
	return w.UpdateTable(ctx, eventID, round, t)
}

// RecordResult records a table's result if the bot holds its lease.
func (s Store) RecordResult(ctx context.Context, eventID int64, r club.Result) error {
	w, err := s.writer()
	if err != nil {
		return err
	}
	return w.RecordResult(ctx, eventID, r)
}

// RecordDealResult records a deal's result if the bot holds its lease.
func (s Store) RecordDealResult(ctx context.Context, eventID int64, d club.DealResult) error {
	w, err := s.writer()
	if err != nil {
		return err
	}
	return w.RecordDealResult(ctx, eventID, d)
}

// ReplayTable has a table played again if the bot holds its lease.
func (s Store) ReplayTable(ctx context.Context, eventID int64, round, tableNo int) error {
	w, err := s.writer()
	if err != nil {
		return err
	}
	return w.ReplayTable(ctx, eventID, round, tableNo)
}

// EnsureDailyDeal records a day's deal if the bot holds its lease.
func (s Store) EnsureDailyDeal(ctx context.Context, d club.DailyDeal) (club.DailyDeal, error) {
	w, err := s.writer()
	if err != nil {
		return club.DailyDeal{}, err
	}
	return w.EnsureDailyDeal(ctx, d)
}

// SetDailyPar records a day's par if the bot holds its lease.
func (s Store) SetDailyPar(ctx context.Context, guildID string, day event.Date, par int, contract string) error {
	w, err := s.writer()
	if err != nil {
		return err
	}
	return w.SetDailyPar(ctx, guildID, day, par, contract)
}

// StartDaily records a daily play's start if the bot holds its lease.
func (s Store) StartDaily(ctx context.Context, p club.DailyPlay) error {
	w, err := s.writer()
	if err != nil {
		return err
	}
	return w.StartDaily(ctx, p)
}

// FinishDaily records a daily play's score if the bot holds its lease.
func (s Store) FinishDaily(ctx context.Context, guildID string, day event.Date, userID string, score int, contract string, at time.Time) error {
	w, err := s.writer()
	if err != nil {
		return err
	}
	return w.FinishDaily(ctx, guildID, day, userID, score, contract, at)
}

// SetOrganiserRole names the guild's organiser role if the bot holds its lease.
func (s Store) SetOrganiserRole(ctx context.Context, guildID, roleID, by string, at time.Time) (bool, error) {
	w, err := s.writer()
	if err != nil {
		return false, err
	}
	return w.SetOrganiserRole(ctx, guildID, roleID, by, at)
}
