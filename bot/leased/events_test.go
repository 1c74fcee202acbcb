package leased

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/pinochle-discord/pinochle/league/club"
	"github.com/pinochle-discord/pinochle/league/event"
	"github.com/pinochle-discord/pinochle/storage"
	"github.com/pinochle-discord/pinochle/table"
)

// namedWrite is one of the store's writes, named after its method.
type namedWrite = struct {
	name  string
	write func(w storage.Writer) error
}

// eventWrites are the writes of league events and the daily deal, in an order that lets
// each go through under a lease that holds; game is a game being played.
func eventWrites(ctx context.Context, game int64, start time.Time) []namedWrite {
	var id int64
	day := event.DateOf(start, nil)
	ev := club.Event{GuildID: "g1", ChannelID: "c1", Name: "Leased",
		Spec:   event.Event{Format: event.RoundRobin, Entry: event.Individuals, Seats: 2},
		Preset: "two-handed", Settings: table.Settings{Level: table.LevelEasy}, RoundLength: time.Hour,
		Start: start.Add(time.Hour), Settle: club.SettleComputer, OrganiserID: "u1", CreatedAt: start}
	round := club.Round{Round: event.Round{Number: 1, Tables: []event.Table{{Number: 1, Sides: [][]string{{"u1"}, {"u2"}}, Seats: []string{"u1", "u2"}}}},
		OpenedAt: start, Deadline: start.Add(time.Hour), Tables: []club.Table{{Number: 1}}}
	return []namedWrite{
		{"CreateEvent", func(w storage.Writer) error {
			var err error
			id, err = w.CreateEvent(ctx, ev)
			return err
		}},
		{"JoinEvent", func(w storage.Writer) error {
			return w.JoinEvent(ctx, id, []club.Player{{UserID: "u1", Name: "P1", JoinedAt: start}})
		}},
		{"CheckIn", func(w storage.Writer) error { return w.CheckIn(ctx, id, "u1") }},
		{"LeaveEvent", func(w storage.Writer) error {
			_, err := w.LeaveEvent(ctx, id, "u1")
			return err
		}},
		{"CloseEntry", func(w storage.Writer) error { return w.CloseEntry(ctx, id, nil, nil) }},
		{"AddRound", func(w storage.Writer) error { return w.AddRound(ctx, id, round) }},
		{"UpdateRound", func(w storage.Writer) error { return w.UpdateRound(ctx, id, 1, start.Add(2*time.Hour)) }},
		{"UpdateTable", func(w storage.Writer) error { return w.UpdateTable(ctx, id, 1, club.Table{Number: 1, Game: game}) }},
		{"RecordDealResult", func(w storage.Writer) error {
			return w.RecordDealResult(ctx, id, club.DealResult{DealResult: event.DealResult{Round: 1, Table: 1, Deal: 1, Points: []int{1, 2}}, Game: game})
		}},
		{"RecordResult", func(w storage.Writer) error {
			return w.RecordResult(ctx, id, club.Result{Result: event.Result{Round: 1, Table: 1, Void: true}, How: club.HowVoid, At: start})
		}},
		{"ReplayTable", func(w storage.Writer) error { return w.ReplayTable(ctx, id, 1, 1) }},
		{"UpdateEvent", func(w storage.Writer) error {
			e := ev
			e.ID, e.Status, e.EndedAt = id, club.StatusFinished, start
			return w.UpdateEvent(ctx, e)
		}},
		{"EnsureDailyDeal", func(w storage.Writer) error {
			_, err := w.EnsureDailyDeal(ctx, club.DailyDeal{GuildID: "g1", Day: day, Seed: 3, Preset: "racehorse", Seat: 1})
			return err
		}},
		{"SetDailyPar", func(w storage.Writer) error { return w.SetDailyPar(ctx, "g1", day, 120, "") }},
		{"StartDaily", func(w storage.Writer) error {
			return w.StartDaily(ctx, club.DailyPlay{GuildID: "g1", Day: day, UserID: "u1", Name: "P1", Game: game, StartedAt: start})
		}},
		{"FinishDaily", func(w storage.Writer) error { return w.FinishDaily(ctx, "g1", day, "u1", 90, "", start) }},
		{"SetOrganiserRole", func(w storage.Writer) error {
			_, err := w.SetOrganiserRole(ctx, "g1", "r1", "admin", start)
			return err
		}},
	}
}

// eventsState is what a store holds of guild g1's events and daily deals.
func eventsState(t *testing.T, s *storage.DB, start time.Time) string {
	t.Helper()
	ctx := context.Background()
	evs, err := s.GuildEvents(ctx, "g1", 10)
	if err != nil {
		t.Fatal(err)
	}
	out := ""
	for _, e := range evs {
		st, err := s.EventState(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		out += fmt.Sprintf("%+v\n", st)
	}
	day := event.DateOf(start, nil)
	plays, err := s.DailyPlays(ctx, "g1", day, day)
	if err != nil {
		t.Fatal(err)
	}
	deals, err := s.DailyDeals(ctx, "g1", day, day)
	if err != nil {
		t.Fatal(err)
	}
	role, err := s.OrganiserRole(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	return out + fmt.Sprintf("%+v %+v organisers %q", plays, deals, role)
}
