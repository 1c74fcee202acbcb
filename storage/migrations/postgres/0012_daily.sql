-- The daily deal: PostgreSQL's twin of migrations/0012_daily.sql.

CREATE TABLE daily_deals (
    guild_id TEXT    NOT NULL,
    day      TEXT    NOT NULL,
    seed     BIGINT  NOT NULL,
    preset   TEXT    NOT NULL,
    options  TEXT    NOT NULL DEFAULT '{}',
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    par      INTEGER,
    contract TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (guild_id, day)
);

CREATE TABLE daily_plays (
    guild_id    TEXT    NOT NULL,
    day         TEXT    NOT NULL,
    user_id     TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    game_id     BIGINT  NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('playing', 'done')),
    score       INTEGER NOT NULL DEFAULT 0,
    contract    TEXT    NOT NULL DEFAULT '',
    started_at  BIGINT  NOT NULL,
    finished_at BIGINT,
    PRIMARY KEY (guild_id, day, user_id),
    FOREIGN KEY (guild_id, day) REFERENCES daily_deals (guild_id, day) ON DELETE CASCADE
);

CREATE INDEX daily_plays_user ON daily_plays (guild_id, user_id, day);
CREATE INDEX daily_plays_playing ON daily_plays (status) WHERE status = 'playing';
