-- League events (league/club): an event, its entered players, its rounds and the state of
-- their tables, and the tables' results (a duplicate table's by deal). Pairings are
-- event.Round as JSON; a result is event.Result (or DealResult's points) as JSON.

CREATE TABLE events (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id           TEXT    NOT NULL,
    channel_id         TEXT    NOT NULL,
    name               TEXT    NOT NULL,
    format             INTEGER NOT NULL CHECK (format BETWEEN 1 AND 4),
    entry              INTEGER NOT NULL CHECK (entry BETWEEN 1 AND 3),
    seats              INTEGER NOT NULL CHECK (seats BETWEEN 2 AND 6),
    rounds             INTEGER NOT NULL CHECK (rounds >= 0),
    deals              INTEGER NOT NULL CHECK (deals >= 0),
    seed               INTEGER NOT NULL,            -- the event's uint64 seed, bit for bit
    preset             TEXT    NOT NULL,
    options            TEXT    NOT NULL DEFAULT '{}',
    table_settings     TEXT    NOT NULL DEFAULT '{}', -- as games.table_settings
    round_ms           INTEGER NOT NULL CHECK (round_ms > 0),
    start_at           INTEGER NOT NULL,
    entry_limit        INTEGER NOT NULL DEFAULT 0 CHECK (entry_limit >= 0),
    check_in           INTEGER NOT NULL DEFAULT 0 CHECK (check_in IN (0, 1)),
    counts             INTEGER NOT NULL DEFAULT 0 CHECK (counts IN (0, 1)),
    settle             TEXT    NOT NULL CHECK (settle IN ('computer', 'forfeit')),
    organiser_id       TEXT    NOT NULL,
    organiser_role     TEXT    NOT NULL DEFAULT '',
    status             TEXT    NOT NULL CHECK (status IN ('signup', 'running', 'paused', 'finished', 'cancelled')),
    paused_at          INTEGER,
    scheduled_event_id TEXT    NOT NULL DEFAULT '',
    signup_message     TEXT    NOT NULL DEFAULT '',
    standings_message  TEXT    NOT NULL DEFAULT '',
    created_at         INTEGER NOT NULL,
    ended_at           INTEGER
);

CREATE INDEX events_open ON events (guild_id) WHERE status IN ('signup', 'running', 'paused');

-- An entered player: alone (entrant = user_id) or in a partnership (entrant = the user ID
-- of the player who entered it), in seat order.
CREATE TABLE event_players (
    event_id   INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    user_id    TEXT    NOT NULL,
    name       TEXT    NOT NULL,
    entrant    TEXT    NOT NULL,
    seat_order INTEGER NOT NULL CHECK (seat_order >= 0),
    rating     REAL    NOT NULL DEFAULT 0,
    joined_at  INTEGER NOT NULL,
    checked_in INTEGER NOT NULL DEFAULT 0 CHECK (checked_in IN (0, 1)),
    PRIMARY KEY (event_id, user_id)
) WITHOUT ROWID;

CREATE TABLE event_rounds (
    event_id  INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    number    INTEGER NOT NULL CHECK (number >= 1),
    pairing   TEXT    NOT NULL,  -- event.Round as JSON
    opened_at INTEGER NOT NULL,
    deadline  INTEGER NOT NULL,
    PRIMARY KEY (event_id, number)
) WITHOUT ROWID;

CREATE TABLE event_tables (
    event_id   INTEGER NOT NULL,
    round      INTEGER NOT NULL,
    number     INTEGER NOT NULL CHECK (number >= 1),
    game_id    INTEGER NOT NULL DEFAULT 0,  -- 0 until a game is opened
    deals_done INTEGER NOT NULL DEFAULT 0 CHECK (deals_done >= 0),
    message_id TEXT    NOT NULL DEFAULT '',
    thread_id  TEXT    NOT NULL DEFAULT '',
    reminders  INTEGER NOT NULL DEFAULT 0 CHECK (reminders >= 0),
    settled    INTEGER NOT NULL DEFAULT 0 CHECK (settled IN (0, 1)),
    PRIMARY KEY (event_id, round, number),
    FOREIGN KEY (event_id, round) REFERENCES event_rounds (event_id, number) ON DELETE CASCADE
) WITHOUT ROWID;

CREATE TABLE event_results (
    event_id    INTEGER NOT NULL,
    round       INTEGER NOT NULL,
    table_no    INTEGER NOT NULL,
    result      TEXT    NOT NULL,  -- event.Result as JSON
    how         TEXT    NOT NULL CHECK (how IN ('played', 'void', 'awarded')),
    recorded_at INTEGER NOT NULL,
    PRIMARY KEY (event_id, round, table_no),
    FOREIGN KEY (event_id, round, table_no) REFERENCES event_tables (event_id, round, number) ON DELETE CASCADE
) WITHOUT ROWID;

CREATE TABLE event_deal_results (
    event_id    INTEGER NOT NULL,
    round       INTEGER NOT NULL,
    table_no    INTEGER NOT NULL,
    deal        INTEGER NOT NULL CHECK (deal >= 1),
    points      TEXT    NOT NULL,  -- each side's points as a JSON array
    game_id     INTEGER NOT NULL,
    recorded_at INTEGER NOT NULL,
    PRIMARY KEY (event_id, round, table_no, deal),
    FOREIGN KEY (event_id, round, table_no) REFERENCES event_tables (event_id, round, number) ON DELETE CASCADE
) WITHOUT ROWID;
