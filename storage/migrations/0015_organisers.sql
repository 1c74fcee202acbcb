-- A server's organiser role: its members create and run league events as if they could
-- manage the server, in every event (an event may name a role of its own too). A guild
-- without a row names none.
CREATE TABLE guild_organisers (
    guild_id TEXT    PRIMARY KEY,
    role_id  TEXT    NOT NULL CHECK (role_id <> ''),
    by_id    TEXT    NOT NULL,
    at       INTEGER NOT NULL
) WITHOUT ROWID;
