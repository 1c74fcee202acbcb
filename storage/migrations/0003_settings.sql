-- Per-guild settings. A guild without a row uses the defaults.

CREATE TABLE guild_settings (
    guild_id        TEXT    PRIMARY KEY,
    default_preset  TEXT    NOT NULL,
    default_options TEXT    NOT NULL DEFAULT '{}',  -- JSON object of table options
    turn_timeout_ms INTEGER NOT NULL CHECK (turn_timeout_ms >= 0),
    computer_games_count INTEGER NOT NULL DEFAULT 0,
    updated_at      INTEGER NOT NULL
) WITHOUT ROWID;

-- The channels the bot may use in a guild; none listed means every channel.
CREATE TABLE guild_channels (
    guild_id   TEXT NOT NULL REFERENCES guild_settings (guild_id) ON DELETE CASCADE,
    channel_id TEXT NOT NULL,
    PRIMARY KEY (guild_id, channel_id)
) WITHOUT ROWID;
