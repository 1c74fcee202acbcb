-- Per-guild settings: PostgreSQL's twin of migrations/0003_settings.sql.

CREATE TABLE guild_settings (
    guild_id        TEXT    PRIMARY KEY,
    default_preset  TEXT    NOT NULL,
    default_options TEXT    NOT NULL DEFAULT '{}',
    turn_timeout_ms BIGINT  NOT NULL CHECK (turn_timeout_ms >= 0),
    computer_games_count BOOLEAN NOT NULL DEFAULT FALSE,
    updated_at      BIGINT  NOT NULL
);

CREATE TABLE guild_channels (
    guild_id   TEXT NOT NULL REFERENCES guild_settings (guild_id) ON DELETE CASCADE,
    channel_id TEXT NOT NULL,
    PRIMARY KEY (guild_id, channel_id)
);
