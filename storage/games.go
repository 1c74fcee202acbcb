package storage

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/pinochle-discord/pinochle/engine"
	"github.com/pinochle-discord/pinochle/table"
)

const gameColumns = `id, guild_id, channel_id, thread_id, host_id, preset, options, seed, status,
	created_at, last_activity, ended_at, turn_timeout_ms, timeout_policy, turn_seq, turn_seat, turn_started,
	turn_reminders, table_settings, told`

const (
	sqlGame     = `SELECT ` + gameColumns + ` FROM games WHERE id = ?`
	sqlSeats    = `SELECT seat, user_id, name, computer, away, left_at FROM game_seats WHERE game_id = ? ORDER BY seat`
	sqlMessages = `SELECT role, channel_id, message_id FROM game_messages WHERE game_id = ?`
	sqlActions  = `SELECT seq, seat, action, at FROM actions WHERE game_id = ? ORDER BY seq`

	sqlActiveGames = `SELECT ` + gameColumns + ` FROM games
		WHERE status IN ('lobby', 'playing') ORDER BY id`
	sqlActiveSeats = `SELECT s.game_id, s.seat, s.user_id, s.name, s.computer, s.away, s.left_at
		FROM games g JOIN game_seats s ON s.game_id = g.id
		WHERE g.status IN ('lobby', 'playing') ORDER BY s.game_id, s.seat`
	sqlActiveMessages = `SELECT m.game_id, m.role, m.channel_id, m.message_id
		FROM games g JOIN game_messages m ON m.game_id = g.id
		WHERE g.status IN ('lobby', 'playing')`
	sqlActiveActions = `SELECT a.game_id, a.action
		FROM games g JOIN actions a ON a.game_id = g.id
		WHERE g.status IN ('lobby', 'playing') ORDER BY a.game_id, a.seq`

	sqlInsertGame = `INSERT INTO games (guild_id, channel_id, thread_id, host_id, preset, options,
		seed, status, created_at, last_activity, ended_at, turn_timeout_ms, timeout_policy, turn_seq, turn_seat,
		turn_started, turn_reminders, table_settings, told) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		RETURNING id`
	sqlUpdateGame = `UPDATE games SET thread_id = ?, host_id = ?, preset = ?, options = ?, seed = ?,
		status = ?, last_activity = ?, ended_at = ?, turn_timeout_ms = ?, timeout_policy = ?, turn_seq = ?,
		turn_seat = ?, turn_started = ?, turn_reminders = ?, table_settings = ?, told = ? WHERE id = ?`
	sqlGameState = `SELECT status, preset, options, seed,
		EXISTS (SELECT 1 FROM actions WHERE game_id = games.id) FROM games WHERE id = ?`
	sqlDeleteSeats    = `DELETE FROM game_seats WHERE game_id = ?`
	sqlInsertSeat     = `INSERT INTO game_seats (game_id, seat, user_id, name, computer, away, left_at) VALUES (?, ?, ?, ?, ?, ?, ?)`
	sqlDeleteMessages = `DELETE FROM game_messages WHERE game_id = ?`
	sqlInsertMessage  = `INSERT INTO game_messages (game_id, role, channel_id, message_id) VALUES (?, ?, ?, ?)`
	sqlInsertAction   = `INSERT INTO actions (game_id, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)`
	sqlRecentGames    = `SELECT id FROM games WHERE guild_id = ? AND status IN ('playing', 'finished')
		ORDER BY created_at DESC, id DESC LIMIT ?`
	sqlSavepoint  = `SAVEPOINT save_action`
	sqlRollbackTo = `ROLLBACK TO save_action`
	sqlRelease    = `RELEASE save_action`
)

// checkGame checks what a game must hold to be recorded, and returns its rules.
func checkGame(g *table.Game) (engine.Rules, error) {
	switch {
	case g.GuildID == "", g.ChannelID == "", g.HostID == "":
		return engine.Rules{}, fmt.Errorf("%w: a game needs a guild, a channel and a host", ErrInvalid)
	case !g.Status.Valid():
		return engine.Rules{}, fmt.Errorf("%w: status %q", ErrInvalid, g.Status)
	case g.CreatedAt.IsZero():
		return engine.Rules{}, fmt.Errorf("%w: a game needs its creation time", ErrInvalid)
	case g.Turn.Seq < 0 || g.Turn.Seat < 0 || g.Turn.Reminders < 0:
		return engine.Rules{}, fmt.Errorf("%w: turn timer %+v", ErrInvalid, g.Turn)
	case g.Told < 0:
		return engine.Rules{}, fmt.Errorf("%w: told %d of the log", ErrInvalid, g.Told)
	}
	if err := g.Settings.Check(); err != nil {
		return engine.Rules{}, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	r, err := engine.NewRules(g.Preset, g.Options)
	if err != nil {
		return engine.Rules{}, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	if len(g.Seats) != r.Players {
		return engine.Rules{}, fmt.Errorf("%w: %s has %d seats, the game lists %d", ErrInvalid, g.Preset, r.Players, len(g.Seats))
	}
	if g.Turn.Seat >= len(g.Seats) {
		return engine.Rules{}, fmt.Errorf("%w: the turn timer's seat %d is not a seat", ErrInvalid, g.Turn.Seat)
	}
	users := make(map[string]bool, len(g.Seats))
	for i, s := range g.Seats {
		if s.Away && s.UserID == "" {
			return engine.Rules{}, fmt.Errorf("%w: seat %d is away but holds no user", ErrInvalid, i)
		}
		if s.HasLeft() && !s.Away {
			return engine.Rules{}, fmt.Errorf("%w: seat %d was left but is not played by a computer", ErrInvalid, i)
		}
		if s.UserID != "" && s.Computer != "" {
			return engine.Rules{}, fmt.Errorf("%w: seat %d holds both a user and a computer", ErrInvalid, i)
		}
		if s.Computer != "" {
			if err := s.Computer.Check(); err != nil {
				return engine.Rules{}, fmt.Errorf("%w: seat %d: computer %w", ErrInvalid, i, err)
			}
		}
		if s.UserID != "" {
			if users[s.UserID] {
				return engine.Rules{}, fmt.Errorf("%w: user %s holds two seats", ErrInvalid, s.UserID)
			}
			users[s.UserID] = true
		}
	}
	for role, m := range g.Messages {
		if !role.Known() {
			return engine.Rules{}, fmt.Errorf("%w: message role %q is not one of %q, %q and %q", ErrInvalid, role, table.RoleLobby, table.RoleTable, table.RoleTableUnpinned)
		}
		if m.ChannelID == "" || m.MessageID == "" {
			return engine.Rules{}, fmt.Errorf("%w: message %q needs a channel and an ID", ErrInvalid, role)
		}
	}
	return r, nil
}

// normalize brings a game's fields to the form they are stored in (table.Settings.Normalize).
func normalize(g *table.Game) { g.Settings.Normalize() }

// encodeOptions returns a game's rule options as stored: a JSON object.
func encodeOptions(o map[string]string) (string, error) {
	if len(o) == 0 {
		return "{}", nil
	}
	b, err := json.Marshal(o)
	if err != nil {
		return "", fmt.Errorf("encode options: %w", err)
	}
	return string(b), nil
}

// decodeOptions reads stored rule options; none gives a nil map.
func decodeOptions(s string) (map[string]string, error) {
	var o map[string]string
	if err := json.Unmarshal([]byte(s), &o); err != nil {
		return nil, fmt.Errorf("decode options: %w", err)
	}
	if len(o) == 0 {
		return nil, nil
	}
	return o, nil
}

// CreateGame records a new game and returns its ID. The game's seats must match its preset
// (open seats are zero Seats; only a human's seat may be away); a zero LastActivity is taken
// as CreatedAt. Its settings must be valid once normalized (an empty level, ping mode or
// timeout policy is taken as the default); the turn timer must not be negative (the bounds
// of Settings are the guild's choice, not the table's), and the turn timer's seat must be a
// seat.
func (s *DB) CreateGame(ctx context.Context, g table.Game) (int64, error) {
	return s.createGame(ctx, nil, g)
}

// createGame is CreateGame, fenced by fc unless it is nil.
func (s *DB) createGame(ctx context.Context, fc *fence, g table.Game) (int64, error) {
	normalize(&g)
	if _, err := checkGame(&g); err != nil {
		return 0, fmt.Errorf("create game: %w", err)
	}
	if g.Status == table.StatusFinished {
		return 0, fmt.Errorf("create game: %w: a game is finished by EndGame", ErrInvalid)
	}
	opts, err := encodeOptions(g.Options)
	if err != nil {
		return 0, fmt.Errorf("create game: %w", err)
	}
	settings, err := encodeTableSettings(g.Settings, true)
	if err != nil {
		return 0, fmt.Errorf("create game: %w", err)
	}
	if g.LastActivity.IsZero() {
		g.LastActivity = g.CreatedAt
	}
	var id int64
	err = s.write(ctx, fc, func(tx *sql.Tx) error {
		err := in(ctx, tx, s.wr.insertGame).QueryRowContext(ctx, g.GuildID, g.ChannelID, g.ThreadID, g.HostID,
			g.Preset, opts, int64(g.Seed), string(g.Status), ms(g.CreatedAt), ms(g.LastActivity), nullMS(g.EndedAt),
			g.Settings.Timer.Milliseconds(), string(g.Settings.Timeout), g.Turn.Seq, g.Turn.Seat, nullMS(g.Turn.Started),
			g.Turn.Reminders, settings, g.Told).Scan(&id)
		if err != nil {
			return classify(err)
		}
		return s.writeSeatsAndMessages(ctx, tx, id, &g)
	})
	if err != nil {
		return 0, fmt.Errorf("create game: %w", err)
	}
	return id, nil
}

// writeSeatsAndMessages replaces a game's seats and messages.
func (s *DB) writeSeatsAndMessages(ctx context.Context, tx *sql.Tx, id int64, g *table.Game) error {
	if _, err := in(ctx, tx, s.wr.deleteSeats).ExecContext(ctx, id); err != nil {
		return err
	}
	ins := in(ctx, tx, s.wr.insertSeat)
	for i, seat := range g.Seats {
		if _, err := ins.ExecContext(ctx, id, i, seat.UserID, seat.Name, string(seat.Computer), seat.Away, nullMS(seat.Left)); err != nil {
			return classify(err)
		}
	}
	if _, err := in(ctx, tx, s.wr.deleteMsgs).ExecContext(ctx, id); err != nil {
		return err
	}
	ins = in(ctx, tx, s.wr.insertMsg)
	for role, m := range g.Messages {
		if _, err := ins.ExecContext(ctx, id, string(role), m.ChannelID, m.MessageID); err != nil {
			return classify(err)
		}
	}
	return nil
}

// UpdateGame writes a game's changing fields: thread, host, seats, status, messages, last
// activity, settings (normalized and checked as by CreateGame), and turn timer. Preset,
// options and seed may change only while the log is empty, and a game with actions cannot
// go back to the lobby. Marking a game abandoned sets EndedAt (to LastActivity when zero). A
// finished or abandoned game cannot change (ErrNotPlaying), and a game is finished only by
// EndGame.
func (s *DB) UpdateGame(ctx context.Context, g table.Game) error {
	return s.updateGame(ctx, nil, g)
}

// updateGame is UpdateGame, fenced by fc unless it is nil.
func (s *DB) updateGame(ctx context.Context, fc *fence, g table.Game) error {
	normalize(&g)
	if _, err := checkGame(&g); err != nil {
		return fmt.Errorf("update game %d: %w", g.ID, err)
	}
	if g.Status == table.StatusFinished {
		return fmt.Errorf("update game %d: %w: a game is finished by EndGame", g.ID, ErrInvalid)
	}
	opts, err := encodeOptions(g.Options)
	if err != nil {
		return fmt.Errorf("update game %d: %w", g.ID, err)
	}
	settings, err := encodeTableSettings(g.Settings, true)
	if err != nil {
		return fmt.Errorf("update game %d: %w", g.ID, err)
	}
	if g.Status == table.StatusAbandoned && g.EndedAt.IsZero() {
		g.EndedAt = g.LastActivity
	}
	if g.Status != table.StatusAbandoned {
		g.EndedAt = time.Time{}
	}
	err = s.write(ctx, fc, func(tx *sql.Tx) error {
		var status, preset, oldOpts string
		var seed int64
		var hasLog bool
		err := in(ctx, tx, s.wr.gameState).QueryRowContext(ctx, g.ID).Scan(&status, &preset, &oldOpts, &seed, &hasLog)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		if table.Status(status) == table.StatusFinished || table.Status(status) == table.StatusAbandoned {
			return fmt.Errorf("%w: the game is %s", ErrNotPlaying, status)
		}
		if hasLog && (preset != g.Preset || oldOpts != opts || seed != int64(g.Seed)) {
			return fmt.Errorf("%w: preset, options and seed cannot change once actions are logged", ErrInvalid)
		}
		if hasLog && g.Status == table.StatusLobby {
			return fmt.Errorf("%w: a game with actions cannot go back to the lobby", ErrInvalid)
		}
		if _, err := in(ctx, tx, s.wr.updateGame).ExecContext(ctx, g.ThreadID, g.HostID, g.Preset, opts, int64(g.Seed),
			string(g.Status), ms(g.LastActivity), nullMS(g.EndedAt), g.Settings.Timer.Milliseconds(), string(g.Settings.Timeout),
			g.Turn.Seq, g.Turn.Seat, nullMS(g.Turn.Started), g.Turn.Reminders, settings, g.Told, g.ID); err != nil {
			return classify(err)
		}
		return s.writeSeatsAndMessages(ctx, tx, g.ID, &g)
	})
	if err != nil {
		return fmt.Errorf("update game %d: %w", g.ID, err)
	}
	return nil
}

// scanGame reads a row of gameColumns.
func scanGame(row interface{ Scan(...any) error }) (table.Game, error) {
	var g table.Game
	var opts, status, policy, settings string
	var seed, created, last, timeout int64
	var ended, started sql.NullInt64
	if err := row.Scan(&g.ID, &g.GuildID, &g.ChannelID, &g.ThreadID, &g.HostID, &g.Preset, &opts, &seed,
		&status, &created, &last, &ended, &timeout, &policy, &g.Turn.Seq, &g.Turn.Seat, &started,
		&g.Turn.Reminders, &settings, &g.Told); err != nil {
		return table.Game{}, err
	}
	var err error
	if g.Settings, _, err = decodeTableSettings(settings, timeout, policy); err != nil {
		return table.Game{}, fmt.Errorf("game %d: %w", g.ID, err)
	}
	g.Turn.Started = fromNullMS(started)
	o, err := decodeOptions(opts)
	if err != nil {
		return table.Game{}, fmt.Errorf("game %d: %w", g.ID, err)
	}
	g.Options, g.Seed, g.Status = o, uint64(seed), table.Status(status)
	g.CreatedAt, g.LastActivity, g.EndedAt = fromMS(created), fromMS(last), fromNullMS(ended)
	return g, nil
}

// getGame reads a game with its seats and messages, using rd's statements bound to tx.
func getGame(ctx context.Context, tx *sql.Tx, rd *reads, id int64) (table.Game, error) {
	g, err := scanGame(in(ctx, tx, rd.game).QueryRowContext(ctx, id))
	if errors.Is(err, sql.ErrNoRows) {
		return table.Game{}, ErrNotFound
	}
	if err != nil {
		return table.Game{}, err
	}
	rows, err := in(ctx, tx, rd.seats).QueryContext(ctx, id)
	if err != nil {
		return table.Game{}, err
	}
	for rows.Next() {
		var n int
		var seat table.Seat
		var computer string
		var left sql.NullInt64
		if err := rows.Scan(&n, &seat.UserID, &seat.Name, &computer, &seat.Away, &left); err != nil {
			rows.Close()
			return table.Game{}, err
		}
		seat.Left = fromNullMS(left)
		if seat.Computer, err = decodeSeatLevel(computer, g.Settings.Level); err != nil {
			rows.Close()
			return table.Game{}, fmt.Errorf("game %d: seat %d: %w", id, n, err)
		}
		g.Seats = append(g.Seats, seat)
	}
	if err := closeRows(rows); err != nil {
		return table.Game{}, err
	}
	rows, err = in(ctx, tx, rd.messages).QueryContext(ctx, id)
	if err != nil {
		return table.Game{}, err
	}
	for rows.Next() {
		var role string
		var m table.Message
		if err := rows.Scan(&role, &m.ChannelID, &m.MessageID); err != nil {
			rows.Close()
			return table.Game{}, err
		}
		if g.Messages == nil {
			g.Messages = make(map[table.MessageRole]table.Message)
		}
		g.Messages[table.MessageRole(role)] = m
	}
	return g, closeRows(rows)
}

// closeRows closes rows and returns the error that ended their iteration, if any.
func closeRows(rows *sql.Rows) error {
	err := rows.Err()
	if cerr := rows.Close(); err == nil {
		err = cerr
	}
	return err
}

// GetGame returns a game by ID, with its seats and messages.
func (s *DB) GetGame(ctx context.Context, id int64) (table.Game, error) {
	var g table.Game
	err := s.read(ctx, func(tx *sql.Tx) error {
		var err error
		g, err = getGame(ctx, tx, s.rd, id)
		return err
	})
	if err != nil {
		return table.Game{}, fmt.Errorf("get game %d: %w", id, err)
	}
	return g, nil
}

// RecentGames returns a guild's most recent played games, newest first.
func (s *DB) RecentGames(ctx context.Context, guildID string, limit int) ([]table.Game, error) {
	if limit <= 0 {
		return nil, nil
	}
	var out []table.Game
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := in(ctx, tx, s.rd.recent).QueryContext(ctx, guildID, limit)
		if err != nil {
			return err
		}
		out, err = s.gamesOf(ctx, tx, rows)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("recent games of guild %s: %w", guildID, err)
	}
	return out, nil
}

// SaveAction appends an action to a game's log and returns once the action is durable: a
// process killed at any instant after SaveAction returns nil keeps it. The action is written
// in the same transaction as the other actions being saved at that moment (see saves.go),
// in its own savepoint: an action rejected is rolled back alone. Its insert also moves the
// game's last activity to at.
//
// seq must be the log's length (ErrOutOfOrder otherwise), seat the action's seat, and the
// game must be playing (ErrNotPlaying). The store does not check the action against the
// rules: the caller applies it to the engine first, and saves it only if accepted.
//
// When ctx ends while the action waits for its turn to be written, SaveAction returns
// ctx.Err() (wrapped) and the action is not written. Once the action is in a transaction
// being written, SaveAction waits for that transaction (one commit, not another wait for the
// lock) and returns its outcome, nil if committed, even if ctx ends meanwhile. So an error
// that is ctx's means the action was not written, and nil means it is durable.
func (s *DB) SaveAction(ctx context.Context, gameID int64, seq, seat int, a engine.Action, at time.Time) error {
	return s.saveAction(ctx, nil, gameID, seq, seat, a, at)
}

// saveAction is SaveAction, fenced by fc unless it is nil.
func (s *DB) saveAction(ctx context.Context, fc *fence, gameID int64, seq, seat int, a engine.Action, at time.Time) error {
	if seat != a.Seat {
		return fmt.Errorf("save action %d of game %d: %w: seat %d, action's seat %d", seq, gameID, ErrInvalid, seat, a.Seat)
	}
	b, err := json.Marshal(a)
	if err != nil {
		return fmt.Errorf("save action %d of game %d: %w: %w", seq, gameID, ErrInvalid, err)
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("save action %d of game %d: %w", seq, gameID, err)
	}
	r := &saveReq{gameID: gameID, seq: seq, seat: seat, action: string(b), at: ms(at), fence: fc, done: make(chan error, 1)}
	if err := s.queueSave(r); err != nil {
		return fmt.Errorf("save action %d of game %d: %w", seq, gameID, err)
	}
	select {
	case err = <-r.done:
	case <-ctx.Done():
		if r.drop() {
			return fmt.Errorf("save action %d of game %d: %w", seq, gameID, ctx.Err())
		}
		err = <-r.done
	}
	if err != nil {
		return fmt.Errorf("save action %d of game %d: %w", seq, gameID, err)
	}
	return nil
}

// decodeAction reads an action as stored.
func decodeAction(s string) (engine.Action, error) {
	var a engine.Action
	if err := json.Unmarshal([]byte(s), &a); err != nil {
		return engine.Action{}, fmt.Errorf("decode action %s: %w", s, err)
	}
	return a, nil
}

// loadActions reads a game's log.
func loadActions(ctx context.Context, tx *sql.Tx, rd *reads, gameID int64) ([]ActionRecord, error) {
	rows, err := in(ctx, tx, rd.actions).QueryContext(ctx, gameID)
	if err != nil {
		return nil, err
	}
	var out []ActionRecord
	for rows.Next() {
		var r ActionRecord
		var js string
		var at int64
		if err := rows.Scan(&r.Seq, &r.Seat, &js, &at); err != nil {
			rows.Close()
			return nil, err
		}
		if r.Action, err = decodeAction(js); err != nil {
			rows.Close()
			return nil, err
		}
		r.At = fromMS(at)
		out = append(out, r)
	}
	return out, closeRows(rows)
}

// LoadActions returns a game's log, oldest first.
func (s *DB) LoadActions(ctx context.Context, gameID int64) ([]ActionRecord, error) {
	var out []ActionRecord
	err := s.read(ctx, func(tx *sql.Tx) error {
		if _, err := getGame(ctx, tx, s.rd, gameID); err != nil {
			return err
		}
		var err error
		out, err = loadActions(ctx, tx, s.rd, gameID)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("load actions of game %d: %w", gameID, err)
	}
	return out, nil
}

// Actions returns the actions of log records, for Game.Replay.
func Actions(recs []ActionRecord) []engine.Action {
	out := make([]engine.Action, len(recs))
	for i, r := range recs {
		out[i] = r.Action
	}
	return out
}

// LoadActiveGames returns every game in the lobby or being played, ordered by ID, each with
// its log. It reads one snapshot in four queries, however many games there are.
func (s *DB) LoadActiveGames(ctx context.Context) ([]ActiveGame, error) {
	var out []ActiveGame
	err := s.read(ctx, func(tx *sql.Tx) error {
		byID := make(map[int64]*ActiveGame)
		rows, err := in(ctx, tx, s.rd.activeGames).QueryContext(ctx)
		if err != nil {
			return err
		}
		for rows.Next() {
			g, err := scanGame(rows)
			if err != nil {
				rows.Close()
				return err
			}
			out = append(out, ActiveGame{Game: g})
		}
		if err := closeRows(rows); err != nil {
			return err
		}
		for i := range out {
			byID[out[i].Game.ID] = &out[i]
		}
		if err := s.activeSeats(ctx, tx, byID); err != nil {
			return err
		}
		if err := s.activeMessages(ctx, tx, byID); err != nil {
			return err
		}
		return s.activeActions(ctx, tx, byID)
	})
	if err != nil {
		return nil, fmt.Errorf("load active games: %w", err)
	}
	return out, nil
}

func (s *DB) activeSeats(ctx context.Context, tx *sql.Tx, byID map[int64]*ActiveGame) error {
	rows, err := in(ctx, tx, s.rd.activeSeats).QueryContext(ctx)
	if err != nil {
		return err
	}
	for rows.Next() {
		var id int64
		var n int
		var seat table.Seat
		var computer string
		var left sql.NullInt64
		if err := rows.Scan(&id, &n, &seat.UserID, &seat.Name, &computer, &seat.Away, &left); err != nil {
			rows.Close()
			return err
		}
		seat.Left = fromNullMS(left)
		ag := byID[id]
		if ag == nil {
			continue
		}
		if seat.Computer, err = decodeSeatLevel(computer, ag.Game.Settings.Level); err != nil {
			rows.Close()
			return fmt.Errorf("game %d: seat %d: %w", id, n, err)
		}
		ag.Game.Seats = append(ag.Game.Seats, seat)
	}
	return closeRows(rows)
}

func (s *DB) activeMessages(ctx context.Context, tx *sql.Tx, byID map[int64]*ActiveGame) error {
	rows, err := in(ctx, tx, s.rd.activeMsgs).QueryContext(ctx)
	if err != nil {
		return err
	}
	for rows.Next() {
		var id int64
		var role string
		var m table.Message
		if err := rows.Scan(&id, &role, &m.ChannelID, &m.MessageID); err != nil {
			rows.Close()
			return err
		}
		if ag := byID[id]; ag != nil {
			if ag.Game.Messages == nil {
				ag.Game.Messages = make(map[table.MessageRole]table.Message)
			}
			ag.Game.Messages[table.MessageRole(role)] = m
		}
	}
	return closeRows(rows)
}

func (s *DB) activeActions(ctx context.Context, tx *sql.Tx, byID map[int64]*ActiveGame) error {
	rows, err := in(ctx, tx, s.rd.activeActs).QueryContext(ctx)
	if err != nil {
		return err
	}
	var js sql.RawBytes
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id, &js); err != nil {
			rows.Close()
			return err
		}
		var a engine.Action
		if err := json.Unmarshal(js, &a); err != nil {
			rows.Close()
			return fmt.Errorf("game %d: decode action %s: %w", id, strings.TrimSpace(string(js)), err)
		}
		if ag := byID[id]; ag != nil {
			ag.Actions = append(ag.Actions, a)
		}
	}
	return closeRows(rows)
}

// gamesOf reads the games whose IDs rows hold, one a row, in their order, and closes rows.
func (s *DB) gamesOf(ctx context.Context, tx *sql.Tx, rows *sql.Rows) ([]table.Game, error) {
	ids, err := column[int64](rows)
	if err != nil {
		return nil, err
	}
	out := make([]table.Game, 0, len(ids))
	for _, id := range ids {
		g, err := getGame(ctx, tx, s.rd, id)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, nil
}

// column reads the one column of rows, in their order, and closes rows.
func column[T any](rows *sql.Rows) ([]T, error) {
	var out []T
	for rows.Next() {
		var v T
		if err := rows.Scan(&v); err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, v)
	}
	return out, closeRows(rows)
}
