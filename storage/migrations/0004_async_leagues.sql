-- Asynchronous play and leagues: per-table turn timers, seats handed to a computer player,
-- the guild's timeout policy, players' notification choices, the channel a season was
-- started in, forfeits, and points for and against in players' records.

-- A table's turn timeout (0: none), what happens when it runs out, and the timer of the
-- turn in progress: the log length and seat when it started, when, and the reminders sent.
ALTER TABLE games ADD COLUMN turn_timeout_ms INTEGER NOT NULL DEFAULT 0 CHECK (turn_timeout_ms >= 0);
ALTER TABLE games ADD COLUMN timeout_policy TEXT NOT NULL DEFAULT 'computer'
    CHECK (timeout_policy IN ('computer', 'forfeit'));
ALTER TABLE games ADD COLUMN turn_seq INTEGER NOT NULL DEFAULT 0 CHECK (turn_seq >= 0);
ALTER TABLE games ADD COLUMN turn_seat INTEGER NOT NULL DEFAULT 0 CHECK (turn_seat >= 0);
ALTER TABLE games ADD COLUMN turn_started INTEGER;  -- NULL while no turn is timed
ALTER TABLE games ADD COLUMN turn_reminders INTEGER NOT NULL DEFAULT 0 CHECK (turn_reminders >= 0);

-- A seated human who handed the seat to a computer player for now (/pinochle away).
ALTER TABLE game_seats ADD COLUMN away INTEGER NOT NULL DEFAULT 0 CHECK (away IN (0, 1));

ALTER TABLE guild_settings ADD COLUMN timeout_policy TEXT NOT NULL DEFAULT 'computer'
    CHECK (timeout_policy IN ('computer', 'forfeit'));

-- A player's choices, across guilds: a direct message when it is their turn.
CREATE TABLE player_prefs (
    user_id    TEXT    PRIMARY KEY,
    notify_dm  INTEGER NOT NULL CHECK (notify_dm IN (0, 1)),
    updated_at INTEGER NOT NULL
) WITHOUT ROWID;

-- The channel /league start was run in, for the final standings.
ALTER TABLE seasons ADD COLUMN channel_id TEXT NOT NULL DEFAULT '';

-- A game ended by a team's forfeit (ForfeitGame); the winner is the other team.
ALTER TABLE game_results ADD COLUMN forfeit INTEGER NOT NULL DEFAULT 0 CHECK (forfeit IN (0, 1));

-- The sums of the final scores of the player's team and of its opponents over counted games,
-- in the tens scale (ones-scale presets multiplied by 10). Games counted before this
-- migration add nothing to them.
ALTER TABLE player_records ADD COLUMN points_for INTEGER NOT NULL DEFAULT 0;
ALTER TABLE player_records ADD COLUMN points_against INTEGER NOT NULL DEFAULT 0;
