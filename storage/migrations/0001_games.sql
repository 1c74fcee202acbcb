-- Games, their seats and messages, and the action log.
-- Times are Unix milliseconds (UTC). Discord IDs are text (snowflakes).

CREATE TABLE games (
    id            INTEGER PRIMARY KEY,
    guild_id      TEXT    NOT NULL,
    channel_id    TEXT    NOT NULL,
    thread_id     TEXT    NOT NULL DEFAULT '',
    host_id       TEXT    NOT NULL,
    preset        TEXT    NOT NULL,
    options       TEXT    NOT NULL DEFAULT '{}', -- JSON object of table options
    seed          INTEGER NOT NULL,              -- the engine's uint64 seed, bit for bit
    status        TEXT    NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'abandoned')),
    created_at    INTEGER NOT NULL,
    last_activity INTEGER NOT NULL,
    ended_at      INTEGER                        -- set when finished or abandoned
);

CREATE INDEX games_active ON games (status) WHERE status IN ('lobby', 'playing');
CREATE INDEX games_guild ON games (guild_id, created_at);

-- One row per seat of the table; an open seat has neither user nor computer.
CREATE TABLE game_seats (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    user_id  TEXT    NOT NULL DEFAULT '',  -- Discord user; '' for a computer or an open seat
    name     TEXT    NOT NULL DEFAULT '',  -- display name at the table
    computer TEXT    NOT NULL DEFAULT '',  -- computer player kind; '' for a human or an open seat
    PRIMARY KEY (game_id, seat),
    CHECK (user_id = '' OR computer = '')
) WITHOUT ROWID;

CREATE INDEX game_seats_user ON game_seats (user_id) WHERE user_id <> '';

-- The messages the bot posted for a game, by role ("lobby", "table", ...).
CREATE TABLE game_messages (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    role       TEXT    NOT NULL,
    channel_id TEXT    NOT NULL,
    message_id TEXT    NOT NULL,
    PRIMARY KEY (game_id, role)
) WITHOUT ROWID;

-- The action log: every accepted action, in order. It is the truth a game is rebuilt from.
CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL CHECK (seq >= 0),  -- index in the game's log, from 0
    seat    INTEGER NOT NULL,
    action  TEXT    NOT NULL,                   -- engine.Action as JSON
    at      INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- Actions are appended only, one after another, and only to a game in play.
CREATE TRIGGER actions_append BEFORE INSERT ON actions
BEGIN
    SELECT RAISE(ABORT, 'pinochle: no such game')
        WHERE NOT EXISTS (SELECT 1 FROM games WHERE id = NEW.game_id);
    SELECT RAISE(ABORT, 'pinochle: game not in play')
        WHERE (SELECT status FROM games WHERE id = NEW.game_id) <> 'playing';
    SELECT RAISE(ABORT, 'pinochle: action out of order')
        WHERE NEW.seq <> (SELECT COALESCE(MAX(seq), -1) + 1 FROM actions WHERE game_id = NEW.game_id);
END;

CREATE TRIGGER actions_activity AFTER INSERT ON actions
BEGIN
    UPDATE games SET last_activity = MAX(last_activity, NEW.at) WHERE id = NEW.game_id;
END;

CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'pinochle: the action log is append-only');
END;
