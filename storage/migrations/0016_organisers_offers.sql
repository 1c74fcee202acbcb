-- A server's organiser role, and the Play again offers posted.

-- A server's organiser role: its members create and run league events as if they could
-- manage the server, in every event (an event may name a role of its own too). A guild
-- without a row names none.
CREATE TABLE guild_organisers (
    guild_id TEXT    PRIMARY KEY,
    role_id  TEXT    NOT NULL CHECK (role_id <> ''),
    by_id    TEXT    NOT NULL,
    at       INTEGER NOT NULL
) WITHOUT ROWID;

-- The Play again offers posted: a finished game without one (its post lost to a crash or
-- refused by Discord) has it posted at the next start while it may still be taken up.
-- message_id is '' for a game that needs none (a private table's, one nobody played).
-- Every game finished before this migration counts as offered: none is posted again.
CREATE TABLE play_again_offers (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    message_id TEXT    NOT NULL DEFAULT '',
    at         INTEGER NOT NULL
);

INSERT INTO play_again_offers (game_id, at) SELECT id, COALESCE(ended_at, 0) FROM games WHERE status = 'finished';
