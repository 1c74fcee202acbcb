package storage

import (
	"context"
	"database/sql"
	"fmt"
	"reflect"
	"strings"

	"github.com/pinochle-discord/pinochle/table"
)

// copyTables are the tables Copy copies, parents before children. The shard leases are left
// behind: they belong to the processes of the source.
var copyTables = []string{
	"games", "game_seats", "game_messages", "actions",
	"seasons", "hands", "hand_seats", "hand_teams", "game_results",
	"player_records", "rating_history",
	"guild_settings", "guild_channels", "player_prefs",
	"events", "event_players", "event_rounds", "event_tables", "event_results", "event_deal_results",
	"daily_deals", "daily_plays",
	"play_again", "next_games", "player_calls", "board_exclusions", "board_hidden", "voided_games", "admin_log",
	"guild_organisers", "play_again_offers",
}

// boolColumns are the columns that are BOOLEAN on PostgreSQL and 0 or 1 on SQLite.
var boolColumns = map[string]bool{
	"moon": true, "made": true, "wins_game": true, "saved": true, "counted": true, "forfeit": true,
	"away": true, "notify_dm": true, "computer_games_count": true, "forced": true,
	"check_in": true, "counts": true, "checked_in": true, "settled": true,
}

// mergeIdentity names, for the tables whose rows other tables point to by id, the columns
// that tell whether a row of the source and one of the target with the same id are the same
// game or season: columns that never change once written (or, for a game's rules and seed,
// once it has actions). A merge refuses ids that exist on both sides with different values.
var mergeIdentity = map[string][]string{
	"games":   {"guild_id", "channel_id", "preset", "options", "seed", "created_at"},
	"seasons": {"guild_id", "name", "start_at"},
	"events":  {"guild_id", "name", "created_at"},
	// An admin's log entry is told from another by who did what, where and when.
	"admin_log": {"guild_id", "user_id", "action", "at"},
}

// mergeNoun is what a row of a table of mergeIdentity is called in an error.
var mergeNoun = map[string]string{"games": "game", "seasons": "season", "events": "event", "admin_log": "admin log entry"}

// identityTables have an id that PostgreSQL generates; after a copy its sequence must move
// past the ids copied.
var identityTables = []string{"games", "seasons", "events", "admin_log"}

// CopyReport says what Copy did: rows per table in the source, rows written, and the games
// replayed to check the copy.
type CopyReport struct {
	Tables   []string
	Source   map[string]int64
	Copied   map[string]int64
	Target   map[string]int64
	Replayed int
}

// ErrTargetNotEmpty: Copy was asked to write into a database that already holds games or
// settings, without being told to.
var ErrTargetNotEmpty = fmt.Errorf("%w: the target database is not empty", ErrConflict)

// Copy copies everything from src to dst (games, action logs, hands, results, records,
// ratings, seasons and settings), in one transaction on dst, then checks the copy: the
// counts of every table, and a replay through the engine of every unfinished game, whose
// log must match the source's. It refuses a dst that holds data unless merge is set; with
// merge, rows already in dst are kept and only the missing ones are copied, so running it
// twice copies nothing the second time; but a game or season whose id is in both with
// different content (another guild, channel, rules, seed or creation time; another guild,
// name or start) is refused with ErrConflict, naming it, and nothing is written: the
// source's hands, actions and results would otherwise join another game. Both databases must be at this program's schema
// (Open and OpenPostgres see to it).
func Copy(ctx context.Context, src, dst *DB, merge bool) (CopyReport, error) {
	rep := CopyReport{Tables: copyTables, Source: map[string]int64{}, Copied: map[string]int64{}, Target: map[string]int64{}}
	before, err := dst.counts(ctx)
	if err != nil {
		return rep, fmt.Errorf("copy: count the target: %w", err)
	}
	if !merge {
		for _, t := range copyTables {
			if before[t] > 0 {
				return rep, fmt.Errorf("copy: %w (%d rows in %s): use an empty database, or merge into it", ErrTargetNotEmpty, before[t], t)
			}
		}
	}
	err = src.read(ctx, func(stx *sql.Tx) error {
		return dst.write(ctx, nil, func(dtx *sql.Tx) error {
			return copyAll(ctx, stx, dtx, dst.d, &rep)
		})
	})
	if err != nil {
		return rep, fmt.Errorf("copy: %w", err)
	}
	if err := verifyCopy(ctx, src, dst, &rep); err != nil {
		return rep, fmt.Errorf("copy: check: %w", err)
	}
	return rep, nil
}

// counts returns the number of rows of every copied table.
func (s *DB) counts(ctx context.Context) (map[string]int64, error) {
	out := map[string]int64{}
	err := s.read(ctx, func(tx *sql.Tx) error {
		for _, t := range copyTables {
			var n int64
			if err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM "+t).Scan(&n); err != nil {
				return fmt.Errorf("%s: %w", t, err)
			}
			out[t] = n
		}
		return nil
	})
	return out, err
}

// copyAll copies every table from the source transaction into the target's.
func copyAll(ctx context.Context, stx *sql.Tx, dtx *sql.Tx, dd *dialect, rep *CopyReport) error {
	// The games and seasons already in the target, by id, with what identifies them. Games
	// already there keep their log: their actions are not copied again (the append-only log
	// refuses them in any case).
	inTarget := map[string]map[int64][]any{}
	for name, cols := range mergeIdentity {
		ids, err := identities(ctx, dtx, name, cols)
		if err != nil {
			return err
		}
		inTarget[name] = ids
	}
	existing := map[int64]bool{}
	for id := range inTarget["games"] {
		existing[id] = true
	}
	// Actions are appended only to a game in play: games are written as playing, their
	// logs appended, and their own status and last activity put back afterwards.
	type restore struct {
		id           int64
		status       string
		lastActivity int64
	}
	var restores []restore
	for _, name := range copyTables {
		rows, err := stx.QueryContext(ctx, "SELECT * FROM "+name+orderOf(name))
		if err != nil {
			return fmt.Errorf("read %s: %w", name, err)
		}
		cols, err := rows.Columns()
		if err != nil {
			rows.Close()
			return fmt.Errorf("read %s: %w", name, err)
		}
		marks := strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", ")
		insert := dd.rebind(fmt.Sprintf("INSERT INTO %s (%s) VALUES (%s) ON CONFLICT DO NOTHING",
			name, strings.Join(cols, ", "), marks))
		st, err := dtx.PrepareContext(ctx, insert)
		if err != nil {
			rows.Close()
			return fmt.Errorf("write %s: %w", name, err)
		}
		idx := map[string]int{}
		for i, c := range cols {
			idx[c] = i
		}
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		for rows.Next() {
			if err := rows.Scan(ptrs...); err != nil {
				rows.Close()
				st.Close()
				return fmt.Errorf("read %s: %w", name, err)
			}
			rep.Source[name]++
			if name == "actions" && existing[toInt64(vals[idx["game_id"]])] {
				continue
			}
			if cols, ok := mergeIdentity[name]; ok {
				id := toInt64(vals[idx["id"]])
				if have, ok := inTarget[name][id]; ok {
					if diff := differing(cols, have, vals, idx); len(diff) > 0 {
						rows.Close()
						st.Close()
						return fmt.Errorf("%w: %s %d is in both databases but differs in %s: merging would "+
							"attach the source's rows for it to another %s; nothing was copied",
							ErrConflict, mergeNoun[name], id, strings.Join(diff, ", "), mergeNoun[name])
					}
				}
			}
			for i, c := range cols {
				vals[i] = convert(vals[i], boolColumns[c], dd)
			}
			if name == "games" && !existing[toInt64(vals[idx["id"]])] {
				restores = append(restores, restore{toInt64(vals[idx["id"]]), fmt.Sprint(textOf(vals[idx["status"]])),
					toInt64(vals[idx["last_activity"]])})
				vals[idx["status"]] = string(table.StatusPlaying)
			}
			res, err := st.ExecContext(ctx, vals...)
			if err != nil {
				rows.Close()
				st.Close()
				return fmt.Errorf("write %s: %w", name, classify(err))
			}
			n, _ := res.RowsAffected()
			rep.Copied[name] += n
		}
		rows.Close()
		st.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("read %s: %w", name, err)
		}
		if name == "actions" {
			up := dd.rebind("UPDATE games SET status = ?, last_activity = ? WHERE id = ?")
			for _, r := range restores {
				if _, err := dtx.ExecContext(ctx, up, r.status, r.lastActivity, r.id); err != nil {
					return fmt.Errorf("write games: %w", err)
				}
			}
		}
	}
	if dd == &postgresDialect {
		for _, t := range identityTables {
			if _, err := dtx.ExecContext(ctx, fmt.Sprintf(
				"SELECT setval(pg_get_serial_sequence('%s', 'id'), GREATEST((SELECT MAX(id) FROM %s), 1))", t, t)); err != nil {
				return fmt.Errorf("move the id sequence of %s: %w", t, err)
			}
		}
	}
	return nil
}

// identities returns the rows of a table of the target by id, each with the values of
// cols, normalized for comparison with the source's.
func identities(ctx context.Context, tx *sql.Tx, table string, cols []string) (map[int64][]any, error) {
	rows, err := tx.QueryContext(ctx, fmt.Sprintf("SELECT id, %s FROM %s", strings.Join(cols, ", "), table))
	if err != nil {
		return nil, fmt.Errorf("read the target's %s: %w", table, err)
	}
	out := map[int64][]any{}
	for rows.Next() {
		var id int64
		vals := make([]any, len(cols))
		ptrs := []any{&id}
		for i := range vals {
			ptrs = append(ptrs, &vals[i])
		}
		if err := rows.Scan(ptrs...); err != nil {
			rows.Close()
			return nil, fmt.Errorf("read the target's %s: %w", table, err)
		}
		for i, v := range vals {
			vals[i] = normalized(v)
		}
		out[id] = vals
	}
	if err := closeRows(rows); err != nil {
		return nil, fmt.Errorf("read the target's %s: %w", table, err)
	}
	return out, nil
}

// differing returns the columns among cols whose value in the source's row (vals, with
// the column indexes idx) differs from have, the target's values of cols.
func differing(cols []string, have, vals []any, idx map[string]int) []string {
	var diff []string
	for i, c := range cols {
		if normalized(vals[idx[c]]) != have[i] {
			diff = append(diff, c)
		}
	}
	return diff
}

// normalized returns a value read from either database in a form that compares equal
// across them: text as a string, integers as int64.
func normalized(v any) any {
	switch x := v.(type) {
	case []byte:
		return string(x)
	case int32:
		return int64(x)
	case int:
		return int64(x)
	}
	return v
}

// orderOf returns the ORDER BY that copies a table's rows in a valid order: actions by game
// and position in its log.
func orderOf(table string) string {
	if table == "actions" {
		return " ORDER BY game_id, seq"
	}
	return ""
}

// convert adapts a value read from one database for the other: booleans are 0 or 1 on
// SQLite, and text may arrive as bytes.
func convert(v any, isBool bool, dd *dialect) any {
	if b, ok := v.([]byte); ok {
		v = string(b)
	}
	if isBool && dd == &postgresDialect {
		switch x := v.(type) {
		case int64:
			return x != 0
		case bool:
			return x
		}
	}
	return v
}

func textOf(v any) any {
	if b, ok := v.([]byte); ok {
		return string(b)
	}
	return v
}

func toInt64(v any) int64 {
	switch x := v.(type) {
	case int64:
		return x
	case int32:
		return int64(x)
	case int:
		return int64(x)
	}
	return 0
}

// verifyCopy checks a copy: every table of the target holds at least the source's rows
// (exactly as many when it was empty), and every unfinished game of the source replays in
// the target to the same log.
func verifyCopy(ctx context.Context, src, dst *DB, rep *CopyReport) error {
	after, err := dst.counts(ctx)
	if err != nil {
		return err
	}
	rep.Target = after
	var short []string
	for _, t := range copyTables {
		if after[t] < rep.Source[t] {
			short = append(short, fmt.Sprintf("%s: %d rows, the source has %d", t, after[t], rep.Source[t]))
		}
	}
	if len(short) > 0 {
		return fmt.Errorf("the target is missing rows: %s", strings.Join(short, "; "))
	}
	want, err := src.LoadActiveGames(ctx)
	if err != nil {
		return err
	}
	got, err := dst.LoadActiveGames(ctx)
	if err != nil {
		return err
	}
	byID := map[int64]ActiveGame{}
	for _, ag := range got {
		byID[ag.Game.ID] = ag
	}
	for _, w := range want {
		g, ok := byID[w.Game.ID]
		if !ok {
			return fmt.Errorf("game %d is unfinished in the source but not in the target", w.Game.ID)
		}
		if !reflect.DeepEqual(g.Actions, w.Actions) {
			return fmt.Errorf("game %d: the target's log differs from the source's", w.Game.ID)
		}
		if w.Game.Status == table.StatusPlaying {
			eg, err := g.Replay()
			if err != nil {
				return fmt.Errorf("game %d does not replay in the target: %w", w.Game.ID, err)
			}
			if eg.LogLen() != len(w.Actions) {
				return fmt.Errorf("game %d replays to %d actions, want %d", w.Game.ID, eg.LogLen(), len(w.Actions))
			}
		}
		rep.Replayed++
	}
	return nil
}
