-- The loop around games: leaving a game, playing again, finding players, and the tools a
-- server's admins correct its board with.

-- When a seated player left a game in play (/pinochle leave); a computer player has had the
-- seat since. NULL while they have not.
ALTER TABLE game_seats ADD COLUMN left_at INTEGER;

-- Hands thrown in as bidder, and games left, in each record. Games counted before this
-- migration add nothing to them.
ALTER TABLE player_records ADD COLUMN thrown_in INTEGER NOT NULL DEFAULT 0;
ALTER TABLE player_records ADD COLUMN games_left INTEGER NOT NULL DEFAULT 0;

-- Play again: the players of a finished game who asked for the next one, and the next game
-- (next_game_id 0 while it is being opened).
CREATE TABLE play_again (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id TEXT    NOT NULL,
    at      INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
) WITHOUT ROWID;

CREATE TABLE next_games (
    game_id      INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    next_game_id INTEGER NOT NULL DEFAULT 0 CHECK (next_game_id >= 0),
    at           INTEGER NOT NULL
);

-- Members who asked to be mentioned when a table of their server looks for players, and
-- when they last were (0: never).
CREATE TABLE player_calls (
    guild_id    TEXT    NOT NULL,
    user_id     TEXT    NOT NULL,
    since       INTEGER NOT NULL,
    last_called INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;

-- The admins' corrections: members kept off the leaderboard, a hidden leaderboard, games
-- whose result no longer counts, and the log of who did what and when.
CREATE TABLE board_exclusions (
    guild_id TEXT    NOT NULL,
    user_id  TEXT    NOT NULL,
    by_id    TEXT    NOT NULL,
    at       INTEGER NOT NULL,
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;

CREATE TABLE board_hidden (
    guild_id TEXT    PRIMARY KEY,
    by_id    TEXT    NOT NULL,
    at       INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE voided_games (
    game_id  INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    guild_id TEXT    NOT NULL,
    by_id    TEXT    NOT NULL,
    at       INTEGER NOT NULL
);

CREATE TABLE admin_log (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id TEXT    NOT NULL,
    user_id  TEXT    NOT NULL,
    action   TEXT    NOT NULL,
    detail   TEXT    NOT NULL DEFAULT '',
    at       INTEGER NOT NULL
);

CREATE INDEX admin_log_guild ON admin_log (guild_id, at);
