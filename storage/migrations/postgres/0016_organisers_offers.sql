-- A server's organiser role and the Play again offers posted: PostgreSQL's twin of
-- migrations/0015_organisers_offers.sql.
CREATE TABLE guild_organisers (
    guild_id TEXT   PRIMARY KEY,
    role_id  TEXT   NOT NULL CHECK (role_id <> ''),
    by_id    TEXT   NOT NULL,
    at       BIGINT NOT NULL
);

CREATE TABLE play_again_offers (
    game_id    BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    message_id TEXT   NOT NULL DEFAULT '',
    at         BIGINT NOT NULL
);

INSERT INTO play_again_offers (game_id, at) SELECT id, COALESCE(ended_at, 0) FROM games WHERE status = 'finished';
