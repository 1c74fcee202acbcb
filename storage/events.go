package storage

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/league/club"
	"github.com/pinochle-discord/pinochle/league/event"
)

// Errors of the events' writes, wrapped with context: compare with errors.Is.
var (
	// ErrEntryClosed: the event takes no entries (or check-ins) any more, or not yet.
	ErrEntryClosed = errors.New("storage: entry closed")
	// ErrEventFull: the event has as many entrants as it takes.
	ErrEventFull = errors.New("storage: event full")
)

// EventWriter is the writes of league events and of the daily deal: part of Writer, so that
// a lease fences them as it fences a game's.
type EventWriter interface {
	// CreateEvent records a new event, signing up, and returns its ID. Its name must be
	// new among the guild's open events (ErrConflict).
	CreateEvent(ctx context.Context, e club.Event) (int64, error)
	// UpdateEvent writes an event's changing fields: its status, when it was paused, its
	// Discord scheduled event and messages, and when it ended.
	UpdateEvent(ctx context.Context, e club.Event) error
	// JoinEvent enters an entrant, its players in their order, while the event signs up
	// (ErrEntryClosed) and has room (ErrEventFull); a player entered already is
	// ErrConflict.
	JoinEvent(ctx context.Context, eventID int64, players []club.Player) error
	// LeaveEvent withdraws the entrant a player belongs to (their whole partnership) while
	// the event signs up, and returns its players. ErrNotFound when not entered.
	LeaveEvent(ctx context.Context, eventID int64, userID string) ([]club.Player, error)
	// CheckIn records that a player checked in, while the event signs up.
	CheckIn(ctx context.Context, eventID int64, userID string) error
	// CloseEntry closes a signing-up event's entry: the entrants of the players withdrawn
	// are taken out, every player left gets their rating, and the event runs.
	CloseEntry(ctx context.Context, eventID int64, withdrawn []string, ratings map[string]float64) error
	// AddRound records the event's next round (number one more than its last) and its
	// tables, whose states it gives.
	AddRound(ctx context.Context, eventID int64, r club.Round) error
	// UpdateRound moves a round's deadline.
	UpdateRound(ctx context.Context, eventID int64, round int, deadline time.Time) error
	// UpdateTable writes the state of a round's table.
	UpdateTable(ctx context.Context, eventID int64, round int, t club.Table) error
	// RecordResult records a table's result, once (ErrConflict after).
	RecordResult(ctx context.Context, eventID int64, r club.Result) error
	// RecordDealResult records a duplicate table's result on a deal, once, and counts
	// the deal done at the table.
	RecordDealResult(ctx context.Context, eventID int64, d club.DealResult) error
	// ReplayTable takes back a table's result and deal results and clears its game, so
	// that it is played again.
	ReplayTable(ctx context.Context, eventID int64, round, tableNo int) error

	// EnsureDailyDeal records a guild's deal of a day unless it has one, and returns the
	// one it has.
	EnsureDailyDeal(ctx context.Context, d club.DailyDeal) (club.DailyDeal, error)
	// SetDailyPar records a day's par and the contract its hand was played in.
	SetDailyPar(ctx context.Context, guildID string, day event.Date, par int, contract string) error
	// StartDaily records that a player started the day's deal, in game p.Game; once a
	// day (ErrConflict).
	StartDaily(ctx context.Context, p club.DailyPlay) error
	// FinishDaily records a player's score on the day's deal.
	FinishDaily(ctx context.Context, guildID string, day event.Date, userID string, score int, contract string, at time.Time) error

	// SetOrganiserRole names the guild's organiser role (roleID "" names none), logs who
	// did it in the guild's admin log, and reports whether that changed anything.
	SetOrganiserRole(ctx context.Context, guildID, roleID, by string, at time.Time) (bool, error)
}

// EventReader is the reads of league events and of the daily deal.
type EventReader interface {
	// Event returns an event (ErrNotFound).
	Event(ctx context.Context, id int64) (club.Event, error)
	// GuildEvents returns a guild's events, the newest first, at most limit.
	GuildEvents(ctx context.Context, guildID string, limit int) ([]club.Event, error)
	// OpenEvents returns every event signing up, running or paused, in every guild.
	OpenEvents(ctx context.Context) ([]club.Event, error)
	// EventState returns an event with its players, rounds and results, in one snapshot.
	EventState(ctx context.Context, id int64) (club.State, error)

	// DailyDeal returns a guild's deal of a day (ErrNotFound).
	DailyDeal(ctx context.Context, guildID string, day event.Date) (club.DailyDeal, error)
	// DailyDeals returns a guild's deals from one day to another, both included.
	DailyDeals(ctx context.Context, guildID string, from, to event.Date) ([]club.DailyDeal, error)
	// DailyPlay returns a player's play of a day's deal (ErrNotFound).
	DailyPlay(ctx context.Context, guildID string, day event.Date, userID string) (club.DailyPlay, error)
	// DailyPlays returns the plays of a guild's deals from one day to another, both
	// included, by day then start.
	DailyPlays(ctx context.Context, guildID string, from, to event.Date) ([]club.DailyPlay, error)
	// DailyDays returns the days from since on which a player finished the deal.
	DailyDays(ctx context.Context, guildID, userID string, since event.Date) ([]event.Date, error)
	// OpenDailyPlays returns every play under way, in every guild.
	OpenDailyPlays(ctx context.Context) ([]club.DailyPlay, error)

	// OrganiserRole returns the guild's organiser role ("" when it names none).
	OrganiserRole(ctx context.Context, guildID string) (string, error)
}

const eventColumns = `id, guild_id, channel_id, name, format, entry, seats, rounds, deals, seed, preset, options,
	table_settings, round_ms, start_at, entry_limit, check_in, counts, settle, organiser_id, organiser_role, status,
	paused_at, scheduled_event_id, signup_message, standings_message, created_at, ended_at`

// scanEvent reads an event's row (eventColumns).
func scanEvent(row interface{ Scan(...any) error }) (club.Event, error) {
	var e club.Event
	var format, entry, seats, rounds, deals int
	var seed, roundMS, start, created int64
	var opts, settings, settle, status string
	var paused, ended sql.NullInt64
	if err := row.Scan(&e.ID, &e.GuildID, &e.ChannelID, &e.Name, &format, &entry, &seats, &rounds, &deals, &seed,
		&e.Preset, &opts, &settings, &roundMS, &start, &e.EntryLimit, &e.CheckIn, &e.Counts, &settle,
		&e.OrganiserID, &e.OrganiserRole, &status, &paused, &e.ScheduledEventID, &e.SignupMessage,
		&e.StandingsMessage, &created, &ended); err != nil {
		return club.Event{}, err
	}
	e.Spec = event.Event{Format: event.Format(format), Entry: event.Entry(entry), Seats: seats, Rounds: rounds,
		Deals: deals, Seed: uint64(seed)}
	var err error
	if e.Options, err = decodeOptions(opts); err != nil {
		return club.Event{}, err
	}
	if e.Settings, _, err = decodeTableSettings(settings, 0, "computer"); err != nil {
		return club.Event{}, err
	}
	e.Settings.Timer, e.Settings.Timeout = 0, ""
	e.Settings.Normalize()
	e.RoundLength = time.Duration(roundMS) * time.Millisecond
	e.Start, e.CreatedAt = fromMS(start), fromMS(created)
	e.PausedAt, e.EndedAt = fromNullMS(paused), fromNullMS(ended)
	e.Settle, e.Status = club.Settle(settle), club.Status(status)
	return e, nil
}

// checkEvent checks what an event must hold to be recorded.
func checkEvent(e *club.Event) error {
	n := utf8.RuneCountInString(e.Name)
	switch {
	case e.GuildID == "" || e.ChannelID == "" || e.OrganiserID == "":
		return fmt.Errorf("%w: an event needs a guild, a channel and an organiser", ErrInvalid)
	case n == 0 || n > club.MaxNameLen:
		return fmt.Errorf("%w: an event's name has 1 to %d characters, not %d", ErrInvalid, club.MaxNameLen, n)
	case !e.Status.Valid():
		return fmt.Errorf("%w: status %q", ErrInvalid, e.Status)
	case !e.Settle.Valid():
		return fmt.Errorf("%w: settle %q", ErrInvalid, e.Settle)
	case e.RoundLength < club.MinRoundLength || e.RoundLength > club.MaxRoundLength:
		return fmt.Errorf("%w: a round lasts %v to %v, not %v", ErrInvalid, club.MinRoundLength, club.MaxRoundLength, e.RoundLength)
	case e.EntryLimit < 0 || e.EntryLimit > event.MaxEntrants:
		return fmt.Errorf("%w: entry limit %d", ErrInvalid, e.EntryLimit)
	case e.Start.IsZero() || e.CreatedAt.IsZero():
		return fmt.Errorf("%w: an event needs its start and creation times", ErrInvalid)
	}
	if err := e.Spec.Validate(); err != nil {
		return fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	r, err := engine.NewRules(e.Preset, e.Options)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	if r.Players != e.Spec.Seats {
		return fmt.Errorf("%w: %s seats %d, and the event %d", ErrInvalid, e.Preset, r.Players, e.Spec.Seats)
	}
	e.Settings.Timer, e.Settings.Timeout = 0, ""
	e.Settings.Normalize()
	if err := e.Settings.Check(); err != nil {
		return fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	return nil
}

// CreateEvent records a new event, signing up, and returns its ID. Its name must be new
// among the guild's open events (ErrConflict); its description must be valid (its Spec,
// rules that seat Spec.Seats, settings, a round length from club.MinRoundLength to
// club.MaxRoundLength), else ErrInvalid.
func (s *DB) CreateEvent(ctx context.Context, e club.Event) (int64, error) {
	return s.createEvent(ctx, nil, e)
}

func (s *DB) createEvent(ctx context.Context, fc *fence, e club.Event) (int64, error) {
	e.Name = strings.TrimSpace(e.Name)
	e.Status = club.StatusSignup
	if err := checkEvent(&e); err != nil {
		return 0, fmt.Errorf("create event: %w", err)
	}
	opts, err := encodeOptions(e.Options)
	if err != nil {
		return 0, fmt.Errorf("create event: %w", err)
	}
	settings, err := encodeTableSettings(e.Settings, true)
	if err != nil {
		return 0, fmt.Errorf("create event: %w", err)
	}
	var id int64
	err = s.write(ctx, fc, func(tx *sql.Tx) error {
		var taken int
		if err := tx.QueryRowContext(ctx, s.d.rebind(`SELECT COUNT(*) FROM events WHERE guild_id = ? AND LOWER(name) = LOWER(?)
			AND status IN ('signup', 'running', 'paused')`), e.GuildID, e.Name).Scan(&taken); err != nil {
			return err
		}
		if taken > 0 {
			return fmt.Errorf("%w: an open event is called %q already", ErrConflict, e.Name)
		}
		return classify(tx.QueryRowContext(ctx, s.d.rebind(`INSERT INTO events (guild_id, channel_id, name, format, entry,
			seats, rounds, deals, seed, preset, options, table_settings, round_ms, start_at, entry_limit, check_in, counts,
			settle, organiser_id, organiser_role, status, scheduled_event_id, signup_message, standings_message, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
			e.GuildID, e.ChannelID, e.Name, int(e.Spec.Format), int(e.Spec.Entry), e.Spec.Seats, e.Spec.Rounds, e.Spec.Deals,
			int64(e.Spec.Seed), e.Preset, opts, settings, e.RoundLength.Milliseconds(), ms(e.Start), e.EntryLimit, e.CheckIn,
			e.Counts, string(e.Settle), e.OrganiserID, e.OrganiserRole, string(e.Status), e.ScheduledEventID,
			e.SignupMessage, e.StandingsMessage, ms(e.CreatedAt)).Scan(&id))
	})
	if err != nil {
		return 0, fmt.Errorf("create event %q: %w", e.Name, err)
	}
	return id, nil
}

// UpdateEvent writes an event's changing fields: status, paused time, scheduled event,
// messages and end. A finished or cancelled event changes no more (ErrConflict).
func (s *DB) UpdateEvent(ctx context.Context, e club.Event) error { return s.updateEvent(ctx, nil, e) }

func (s *DB) updateEvent(ctx context.Context, fc *fence, e club.Event) error {
	if !e.Status.Valid() {
		return fmt.Errorf("update event %d: %w: status %q", e.ID, ErrInvalid, e.Status)
	}
	err := s.write(ctx, fc, func(tx *sql.Tx) error {
		status, err := eventStatus(ctx, tx, s.d, e.ID)
		if err != nil {
			return err
		}
		if !status.Open() && status != e.Status {
			return fmt.Errorf("%w: the event is %s", ErrConflict, status)
		}
		_, err = tx.ExecContext(ctx, s.d.rebind(`UPDATE events SET status = ?, paused_at = ?, scheduled_event_id = ?,
			signup_message = ?, standings_message = ?, ended_at = ? WHERE id = ?`), string(e.Status), nullMS(e.PausedAt),
			e.ScheduledEventID, e.SignupMessage, e.StandingsMessage, nullMS(e.EndedAt), e.ID)
		return classify(err)
	})
	if err != nil {
		return fmt.Errorf("update event %d: %w", e.ID, err)
	}
	return nil
}

// eventStatus reads an event's status in tx, or ErrNotFound.
func eventStatus(ctx context.Context, tx *sql.Tx, d *dialect, id int64) (club.Status, error) {
	var status string
	err := tx.QueryRowContext(ctx, d.rebind(`SELECT status FROM events WHERE id = ?`), id).Scan(&status)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("%w: no event %d", ErrNotFound, id)
	}
	return club.Status(status), err
}

// JoinEvent enters an entrant's players, in their order (their Entrant and Order are set
// here: the first player's user ID, and their place), while the event signs up
// (ErrEntryClosed) and has room for one more entrant (ErrEventFull). A player entered
// already, in any entrant, is ErrConflict and enters nobody.
func (s *DB) JoinEvent(ctx context.Context, eventID int64, players []club.Player) error {
	return s.joinEvent(ctx, nil, eventID, players)
}

func (s *DB) joinEvent(ctx context.Context, fc *fence, eventID int64, players []club.Player) error {
	if len(players) == 0 {
		return fmt.Errorf("join event %d: %w: nobody", eventID, ErrInvalid)
	}
	err := s.write(ctx, fc, func(tx *sql.Tx) error {
		e, err := scanEvent(tx.QueryRowContext(ctx, s.d.rebind(`SELECT `+eventColumns+` FROM events WHERE id = ?`), eventID))
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: no event %d", ErrNotFound, eventID)
		}
		if err != nil {
			return err
		}
		if e.Status != club.StatusSignup {
			return fmt.Errorf("%w: the event is %s", ErrEntryClosed, e.Status)
		}
		if len(players) != e.PlayersPerEntrant() {
			return fmt.Errorf("%w: an entrant has %d players, not %d", ErrInvalid, e.PlayersPerEntrant(), len(players))
		}
		for _, p := range players {
			var in int
			if err := tx.QueryRowContext(ctx, s.d.rebind(`SELECT COUNT(*) FROM event_players WHERE event_id = ? AND user_id = ?`),
				eventID, p.UserID).Scan(&in); err != nil {
				return err
			}
			if in > 0 {
				return fmt.Errorf("%w: %s is entered already", ErrConflict, p.UserID)
			}
		}
		var entrants int
		if err := tx.QueryRowContext(ctx, s.d.rebind(`SELECT COUNT(DISTINCT entrant) FROM event_players WHERE event_id = ?`),
			eventID).Scan(&entrants); err != nil {
			return err
		}
		if entrants >= e.Limit() {
			return fmt.Errorf("%w: %d entrants of %d", ErrEventFull, entrants, e.Limit())
		}
		for i, p := range players {
			if p.UserID == "" {
				return fmt.Errorf("%w: a player with no user", ErrInvalid)
			}
			if _, err := tx.ExecContext(ctx, s.d.rebind(`INSERT INTO event_players (event_id, user_id, name, entrant,
				seat_order, joined_at) VALUES (?, ?, ?, ?, ?, ?)`), eventID, p.UserID, p.Name, players[0].UserID, i,
				ms(p.JoinedAt)); err != nil {
				return classify(err)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("join event %d: %w", eventID, err)
	}
	return nil
}

// LeaveEvent withdraws the entrant a player belongs to while the event signs up, and
// returns its players.
func (s *DB) LeaveEvent(ctx context.Context, eventID int64, userID string) ([]club.Player, error) {
	return s.leaveEvent(ctx, nil, eventID, userID)
}

func (s *DB) leaveEvent(ctx context.Context, fc *fence, eventID int64, userID string) ([]club.Player, error) {
	var out []club.Player
	err := s.write(ctx, fc, func(tx *sql.Tx) error {
		status, err := eventStatus(ctx, tx, s.d, eventID)
		if err != nil {
			return err
		}
		if status != club.StatusSignup {
			return fmt.Errorf("%w: the event is %s", ErrEntryClosed, status)
		}
		players, err := eventPlayers(ctx, tx, s.d, eventID)
		if err != nil {
			return err
		}
		entrant := ""
		for _, p := range players {
			if p.UserID == userID {
				entrant = p.Entrant
			}
		}
		if entrant == "" {
			return fmt.Errorf("%w: %s is not entered", ErrNotFound, userID)
		}
		for _, p := range players {
			if p.Entrant == entrant {
				out = append(out, p)
			}
		}
		_, err = tx.ExecContext(ctx, s.d.rebind(`DELETE FROM event_players WHERE event_id = ? AND entrant = ?`), eventID, entrant)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("leave event %d: %w", eventID, err)
	}
	return out, nil
}

// CheckIn records that a player checked in, while the event signs up.
func (s *DB) CheckIn(ctx context.Context, eventID int64, userID string) error {
	return s.checkIn(ctx, nil, eventID, userID)
}

func (s *DB) checkIn(ctx context.Context, fc *fence, eventID int64, userID string) error {
	err := s.write(ctx, fc, func(tx *sql.Tx) error {
		status, err := eventStatus(ctx, tx, s.d, eventID)
		if err != nil {
			return err
		}
		if status != club.StatusSignup {
			return fmt.Errorf("%w: the event is %s", ErrEntryClosed, status)
		}
		res, err := tx.ExecContext(ctx, s.d.rebind(`UPDATE event_players SET checked_in = ? WHERE event_id = ? AND user_id = ?`),
			true, eventID, userID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err == nil && n == 0 {
			return fmt.Errorf("%w: %s is not entered", ErrNotFound, userID)
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("check in to event %d: %w", eventID, err)
	}
	return nil
}

// CloseEntry closes a signing-up event's entry (ErrEntryClosed otherwise): the entrants of
// the players withdrawn leave, the others get their ratings (0 for a player not in
// ratings), and the event runs.
func (s *DB) CloseEntry(ctx context.Context, eventID int64, withdrawn []string, ratings map[string]float64) error {
	return s.closeEntry(ctx, nil, eventID, withdrawn, ratings)
}

func (s *DB) closeEntry(ctx context.Context, fc *fence, eventID int64, withdrawn []string, ratings map[string]float64) error {
	err := s.write(ctx, fc, func(tx *sql.Tx) error {
		status, err := eventStatus(ctx, tx, s.d, eventID)
		if err != nil {
			return err
		}
		if status != club.StatusSignup {
			return fmt.Errorf("%w: the event is %s", ErrEntryClosed, status)
		}
		for _, u := range withdrawn {
			if _, err := tx.ExecContext(ctx, s.d.rebind(`DELETE FROM event_players WHERE event_id = ?1 AND entrant IN
				(SELECT entrant FROM event_players WHERE event_id = ?1 AND user_id = ?2)`), eventID, u); err != nil {
				return err
			}
		}
		for u, r := range ratings {
			if _, err := tx.ExecContext(ctx, s.d.rebind(`UPDATE event_players SET rating = ? WHERE event_id = ? AND user_id = ?`),
				r, eventID, u); err != nil {
				return err
			}
		}
		_, err = tx.ExecContext(ctx, s.d.rebind(`UPDATE events SET status = ? WHERE id = ?`), string(club.StatusRunning), eventID)
		return err
	})
	if err != nil {
		return fmt.Errorf("close entry of event %d: %w", eventID, err)
	}
	return nil
}

// AddRound records the event's next round and its tables: its number must follow the last
// round's (ErrConflict), it must have a state for each of its tables, and the event must
// be running or paused (ErrNotPlaying).
func (s *DB) AddRound(ctx context.Context, eventID int64, r club.Round) error {
	return s.addRound(ctx, nil, eventID, r)
}

func (s *DB) addRound(ctx context.Context, fc *fence, eventID int64, r club.Round) error {
	if len(r.Tables) != len(r.Round.Tables) {
		return fmt.Errorf("add round %d of event %d: %w: %d table states for %d tables", r.Number, eventID, ErrInvalid,
			len(r.Tables), len(r.Round.Tables))
	}
	pairing, err := json.Marshal(r.Round)
	if err != nil {
		return fmt.Errorf("add round %d of event %d: %w", r.Number, eventID, err)
	}
	err = s.write(ctx, fc, func(tx *sql.Tx) error {
		status, err := eventStatus(ctx, tx, s.d, eventID)
		if err != nil {
			return err
		}
		if status != club.StatusRunning && status != club.StatusPaused {
			return fmt.Errorf("%w: the event is %s", ErrNotPlaying, status)
		}
		var last int
		if err := tx.QueryRowContext(ctx, s.d.rebind(`SELECT COALESCE(MAX(number), 0) FROM event_rounds WHERE event_id = ?`),
			eventID).Scan(&last); err != nil {
			return err
		}
		if r.Number != last+1 {
			return fmt.Errorf("%w: round %d after round %d", ErrConflict, r.Number, last)
		}
		if _, err := tx.ExecContext(ctx, s.d.rebind(`INSERT INTO event_rounds (event_id, number, pairing, opened_at, deadline)
			VALUES (?, ?, ?, ?, ?)`), eventID, r.Number, string(pairing), ms(r.OpenedAt), ms(r.Deadline)); err != nil {
			return classify(err)
		}
		for i, t := range r.Tables {
			if t.Number != r.Round.Tables[i].Number {
				return fmt.Errorf("%w: table state %d for table %d", ErrInvalid, t.Number, r.Round.Tables[i].Number)
			}
			if err := writeTable(ctx, tx, s.d, eventID, r.Number, t, true); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("add round %d of event %d: %w", r.Number, eventID, err)
	}
	return nil
}

// writeTable inserts a table's state, or updates it (ErrNotFound when it is not there).
func writeTable(ctx context.Context, tx *sql.Tx, d *dialect, eventID int64, round int, t club.Table, insert bool) error {
	if t.Game < 0 || t.DealsDone < 0 || t.Reminders < 0 {
		return fmt.Errorf("%w: table state %+v", ErrInvalid, t)
	}
	if insert {
		_, err := tx.ExecContext(ctx, d.rebind(`INSERT INTO event_tables (event_id, round, number, game_id, deals_done,
			message_id, thread_id, reminders, settled) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`), eventID, round, t.Number, t.Game,
			t.DealsDone, t.Message, t.Thread, t.Reminders, t.Settled)
		return classify(err)
	}
	res, err := tx.ExecContext(ctx, d.rebind(`UPDATE event_tables SET game_id = ?, deals_done = ?, message_id = ?,
		thread_id = ?, reminders = ?, settled = ? WHERE event_id = ? AND round = ? AND number = ?`), t.Game, t.DealsDone,
		t.Message, t.Thread, t.Reminders, t.Settled, eventID, round, t.Number)
	if err != nil {
		return classify(err)
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return fmt.Errorf("%w: no table %d in round %d", ErrNotFound, t.Number, round)
	}
	return err
}

// UpdateRound moves a round's deadline.
func (s *DB) UpdateRound(ctx context.Context, eventID int64, round int, deadline time.Time) error {
	return s.updateRound(ctx, nil, eventID, round, deadline)
}

func (s *DB) updateRound(ctx context.Context, fc *fence, eventID int64, round int, deadline time.Time) error {
	err := s.write(ctx, fc, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.d.rebind(`UPDATE event_rounds SET deadline = ? WHERE event_id = ? AND number = ?`),
			ms(deadline), eventID, round)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err == nil && n == 0 {
			return fmt.Errorf("%w: no round %d", ErrNotFound, round)
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("update round %d of event %d: %w", round, eventID, err)
	}
	return nil
}

// UpdateTable writes the state of a round's table.
func (s *DB) UpdateTable(ctx context.Context, eventID int64, round int, t club.Table) error {
	return s.updateTable(ctx, nil, eventID, round, t)
}

func (s *DB) updateTable(ctx context.Context, fc *fence, eventID int64, round int, t club.Table) error {
	if err := s.write(ctx, fc, func(tx *sql.Tx) error { return writeTable(ctx, tx, s.d, eventID, round, t, false) }); err != nil {
		return fmt.Errorf("update table %d of round %d of event %d: %w", t.Number, round, eventID, err)
	}
	return nil
}

// RecordResult records a table's result, once (ErrConflict after); the table must exist
// (ErrNotFound).
func (s *DB) RecordResult(ctx context.Context, eventID int64, r club.Result) error {
	return s.recordResult(ctx, nil, eventID, r)
}

func (s *DB) recordResult(ctx context.Context, fc *fence, eventID int64, r club.Result) error {
	switch r.How {
	case club.HowPlayed, club.HowVoid, club.HowAwarded:
	default:
		return fmt.Errorf("record result of event %d: %w: how %q", eventID, ErrInvalid, r.How)
	}
	js, err := json.Marshal(r.Result)
	if err != nil {
		return fmt.Errorf("record result of event %d: %w", eventID, err)
	}
	err = s.write(ctx, fc, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.d.rebind(`INSERT INTO event_results (event_id, round, table_no, result, how, recorded_at)
			VALUES (?, ?, ?, ?, ?, ?)`), eventID, r.Round, r.Table, string(js), string(r.How), ms(r.At))
		return classify(err)
	})
	if err != nil {
		return fmt.Errorf("record result of table %d of round %d of event %d: %w", r.Table, r.Round, eventID, err)
	}
	return nil
}

// RecordDealResult records a duplicate table's result on a deal, once (ErrConflict
// after), and counts the deals done at the table.
func (s *DB) RecordDealResult(ctx context.Context, eventID int64, d club.DealResult) error {
	return s.recordDealResult(ctx, nil, eventID, d)
}

func (s *DB) recordDealResult(ctx context.Context, fc *fence, eventID int64, d club.DealResult) error {
	js, err := json.Marshal(d.Points)
	if err != nil {
		return fmt.Errorf("record deal result of event %d: %w", eventID, err)
	}
	err = s.write(ctx, fc, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, s.d.rebind(`INSERT INTO event_deal_results (event_id, round, table_no, deal, points,
			game_id, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)`), eventID, d.Round, d.Table, d.Deal, string(js), d.Game,
			ms(d.At)); err != nil {
			return classify(err)
		}
		_, err := tx.ExecContext(ctx, s.d.rebind(`UPDATE event_tables SET deals_done = (SELECT COUNT(*) FROM event_deal_results
			WHERE event_id = ?1 AND round = ?2 AND table_no = ?3) WHERE event_id = ?1 AND round = ?2 AND number = ?3`),
			eventID, d.Round, d.Table)
		return err
	})
	if err != nil {
		return fmt.Errorf("record deal %d of table %d of round %d of event %d: %w", d.Deal, d.Table, d.Round, eventID, err)
	}
	return nil
}

// ReplayTable takes back a table's result and deal results and clears its game, its
// reminders and its settling, so that it is played again.
func (s *DB) ReplayTable(ctx context.Context, eventID int64, round, tableNo int) error {
	return s.replayTable(ctx, nil, eventID, round, tableNo)
}

func (s *DB) replayTable(ctx context.Context, fc *fence, eventID int64, round, tableNo int) error {
	err := s.write(ctx, fc, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.d.rebind(`UPDATE event_tables SET game_id = 0, deals_done = 0, reminders = 0,
			settled = ? WHERE event_id = ? AND round = ? AND number = ?`), false, eventID, round, tableNo)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return errors.Join(err, fmt.Errorf("%w: no such table", ErrNotFound))
		}
		for _, q := range []string{`DELETE FROM event_results WHERE event_id = ? AND round = ? AND table_no = ?`,
			`DELETE FROM event_deal_results WHERE event_id = ? AND round = ? AND table_no = ?`} {
			if _, err := tx.ExecContext(ctx, s.d.rebind(q), eventID, round, tableNo); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("replay table %d of round %d of event %d: %w", tableNo, round, eventID, err)
	}
	return nil
}

// Event returns an event, or ErrNotFound.
func (s *DB) Event(ctx context.Context, id int64) (club.Event, error) {
	e, err := scanEvent(s.r.QueryRowContext(ctx, s.d.rebind(`SELECT `+eventColumns+` FROM events WHERE id = ?`), id))
	if errors.Is(err, sql.ErrNoRows) {
		return club.Event{}, fmt.Errorf("event %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return club.Event{}, fmt.Errorf("event %d: %w", id, err)
	}
	return e, nil
}

// GuildEvents returns a guild's events, the newest first, at most limit.
func (s *DB) GuildEvents(ctx context.Context, guildID string, limit int) ([]club.Event, error) {
	out, err := s.events(ctx, `SELECT `+eventColumns+` FROM events WHERE guild_id = ? ORDER BY id DESC LIMIT ?`, guildID, limit)
	if err != nil {
		return nil, fmt.Errorf("events of guild %s: %w", guildID, err)
	}
	return out, nil
}

// OpenEvents returns every event signing up, running or paused, oldest first.
func (s *DB) OpenEvents(ctx context.Context) ([]club.Event, error) {
	out, err := s.events(ctx, `SELECT `+eventColumns+` FROM events WHERE status IN ('signup', 'running', 'paused') ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("open events: %w", err)
	}
	return out, nil
}

// events reads the events a query selects.
func (s *DB) events(ctx context.Context, q string, args ...any) ([]club.Event, error) {
	rows, err := s.r.QueryContext(ctx, s.d.rebind(q), args...)
	if err != nil {
		return nil, err
	}
	var out []club.Event
	for rows.Next() {
		e, err := scanEvent(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, e)
	}
	return out, closeRows(rows)
}

// eventPlayers reads an event's players in tx, in the order they joined.
func eventPlayers(ctx context.Context, tx *sql.Tx, d *dialect, eventID int64) ([]club.Player, error) {
	rows, err := tx.QueryContext(ctx, d.rebind(`SELECT user_id, name, entrant, seat_order, rating, joined_at, checked_in
		FROM event_players WHERE event_id = ? ORDER BY joined_at, entrant, seat_order`), eventID)
	if err != nil {
		return nil, err
	}
	var out []club.Player
	for rows.Next() {
		var p club.Player
		var joined int64
		if err := rows.Scan(&p.UserID, &p.Name, &p.Entrant, &p.Order, &p.Rating, &joined, &p.CheckedIn); err != nil {
			rows.Close()
			return nil, err
		}
		p.JoinedAt = fromMS(joined)
		out = append(out, p)
	}
	return out, closeRows(rows)
}

// EventState returns an event with its players, rounds (with their tables' states) and
// results, read in one snapshot.
func (s *DB) EventState(ctx context.Context, id int64) (club.State, error) {
	var st club.State
	err := s.read(ctx, func(tx *sql.Tx) error {
		var err error
		st.Event, err = scanEvent(tx.QueryRowContext(ctx, s.d.rebind(`SELECT `+eventColumns+` FROM events WHERE id = ?`), id))
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		if st.Players, err = eventPlayers(ctx, tx, s.d, id); err != nil {
			return err
		}
		if st.Rounds, err = eventRounds(ctx, tx, s.d, id); err != nil {
			return err
		}
		if st.Results, err = eventResults(ctx, tx, s.d, id); err != nil {
			return err
		}
		st.DealResults, err = eventDealResults(ctx, tx, s.d, id)
		return err
	})
	if err != nil {
		return club.State{}, fmt.Errorf("event %d: %w", id, err)
	}
	return st, nil
}

// eventRounds reads an event's rounds and their tables' states in tx.
func eventRounds(ctx context.Context, tx *sql.Tx, d *dialect, id int64) ([]club.Round, error) {
	rows, err := tx.QueryContext(ctx, d.rebind(`SELECT number, pairing, opened_at, deadline FROM event_rounds
		WHERE event_id = ? ORDER BY number`), id)
	if err != nil {
		return nil, err
	}
	var out []club.Round
	for rows.Next() {
		var r club.Round
		var number int
		var pairing string
		var opened, deadline int64
		if err := rows.Scan(&number, &pairing, &opened, &deadline); err != nil {
			rows.Close()
			return nil, err
		}
		if err := json.Unmarshal([]byte(pairing), &r.Round); err != nil {
			rows.Close()
			return nil, fmt.Errorf("round %d: %w", number, err)
		}
		r.Number, r.OpenedAt, r.Deadline = number, fromMS(opened), fromMS(deadline)
		out = append(out, r)
	}
	if err := closeRows(rows); err != nil {
		return nil, err
	}
	rows, err = tx.QueryContext(ctx, d.rebind(`SELECT round, number, game_id, deals_done, message_id, thread_id, reminders,
		settled FROM event_tables WHERE event_id = ? ORDER BY round, number`), id)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var t club.Table
		var round int
		if err := rows.Scan(&round, &t.Number, &t.Game, &t.DealsDone, &t.Message, &t.Thread, &t.Reminders, &t.Settled); err != nil {
			rows.Close()
			return nil, err
		}
		if round >= 1 && round <= len(out) {
			out[round-1].Tables = append(out[round-1].Tables, t)
		}
	}
	return out, closeRows(rows)
}

// eventResults reads an event's results in tx.
func eventResults(ctx context.Context, tx *sql.Tx, d *dialect, id int64) ([]club.Result, error) {
	rows, err := tx.QueryContext(ctx, d.rebind(`SELECT result, how, recorded_at FROM event_results WHERE event_id = ?
		ORDER BY round, table_no`), id)
	if err != nil {
		return nil, err
	}
	var out []club.Result
	for rows.Next() {
		var r club.Result
		var js, how string
		var at int64
		if err := rows.Scan(&js, &how, &at); err != nil {
			rows.Close()
			return nil, err
		}
		if err := json.Unmarshal([]byte(js), &r.Result); err != nil {
			rows.Close()
			return nil, fmt.Errorf("result: %w", err)
		}
		r.How, r.At = club.How(how), fromMS(at)
		out = append(out, r)
	}
	return out, closeRows(rows)
}

// eventDealResults reads an event's deal results in tx.
func eventDealResults(ctx context.Context, tx *sql.Tx, d *dialect, id int64) ([]club.DealResult, error) {
	rows, err := tx.QueryContext(ctx, d.rebind(`SELECT round, table_no, deal, points, game_id, recorded_at
		FROM event_deal_results WHERE event_id = ? ORDER BY round, table_no, deal`), id)
	if err != nil {
		return nil, err
	}
	var out []club.DealResult
	for rows.Next() {
		var r club.DealResult
		var js string
		var at int64
		if err := rows.Scan(&r.Round, &r.Table, &r.Deal, &js, &r.Game, &at); err != nil {
			rows.Close()
			return nil, err
		}
		if err := json.Unmarshal([]byte(js), &r.Points); err != nil {
			rows.Close()
			return nil, fmt.Errorf("deal result: %w", err)
		}
		r.At = fromMS(at)
		out = append(out, r)
	}
	return out, closeRows(rows)
}
