-- The daily deal (league/club): each server's deal of the day, with its par once worked out,
-- and every player's play of it (the game it is played in keeps its state over the day).
-- Days are dates as 2026-03-01.

CREATE TABLE daily_deals (
    guild_id TEXT    NOT NULL,
    day      TEXT    NOT NULL,
    seed     INTEGER NOT NULL,  -- the uint64 seed, bit for bit
    preset   TEXT    NOT NULL,
    options  TEXT    NOT NULL DEFAULT '{}',
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    par      INTEGER,           -- NULL until worked out
    contract TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (guild_id, day)
) WITHOUT ROWID;

CREATE TABLE daily_plays (
    guild_id    TEXT    NOT NULL,
    day         TEXT    NOT NULL,
    user_id     TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    game_id     INTEGER NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('playing', 'done')),
    score       INTEGER NOT NULL DEFAULT 0,
    contract    TEXT    NOT NULL DEFAULT '',
    started_at  INTEGER NOT NULL,
    finished_at INTEGER,
    PRIMARY KEY (guild_id, day, user_id),
    FOREIGN KEY (guild_id, day) REFERENCES daily_deals (guild_id, day) ON DELETE CASCADE
) WITHOUT ROWID;

CREATE INDEX daily_plays_user ON daily_plays (guild_id, user_id, day);
CREATE INDEX daily_plays_playing ON daily_plays (status) WHERE status = 'playing';
