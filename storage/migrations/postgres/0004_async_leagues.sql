-- Asynchronous play and leagues: PostgreSQL's twin of migrations/0004_async_leagues.sql.

ALTER TABLE games ADD COLUMN turn_timeout_ms BIGINT NOT NULL DEFAULT 0 CHECK (turn_timeout_ms >= 0);
ALTER TABLE games ADD COLUMN timeout_policy TEXT NOT NULL DEFAULT 'computer'
    CHECK (timeout_policy IN ('computer', 'forfeit'));
ALTER TABLE games ADD COLUMN turn_seq INTEGER NOT NULL DEFAULT 0 CHECK (turn_seq >= 0);
ALTER TABLE games ADD COLUMN turn_seat INTEGER NOT NULL DEFAULT 0 CHECK (turn_seat >= 0);
ALTER TABLE games ADD COLUMN turn_started BIGINT;
ALTER TABLE games ADD COLUMN turn_reminders INTEGER NOT NULL DEFAULT 0 CHECK (turn_reminders >= 0);

ALTER TABLE game_seats ADD COLUMN away BOOLEAN NOT NULL DEFAULT FALSE;

ALTER TABLE guild_settings ADD COLUMN timeout_policy TEXT NOT NULL DEFAULT 'computer'
    CHECK (timeout_policy IN ('computer', 'forfeit'));

CREATE TABLE player_prefs (
    user_id    TEXT    PRIMARY KEY,
    notify_dm  BOOLEAN NOT NULL,
    updated_at BIGINT  NOT NULL
);

ALTER TABLE seasons ADD COLUMN channel_id TEXT NOT NULL DEFAULT '';

ALTER TABLE game_results ADD COLUMN forfeit BOOLEAN NOT NULL DEFAULT FALSE;

ALTER TABLE player_records ADD COLUMN points_for BIGINT NOT NULL DEFAULT 0;
ALTER TABLE player_records ADD COLUMN points_against BIGINT NOT NULL DEFAULT 0;
