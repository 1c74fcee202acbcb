-- A server's organiser role: PostgreSQL's twin of migrations/0015_organisers.sql.
CREATE TABLE guild_organisers (
    guild_id TEXT   PRIMARY KEY,
    role_id  TEXT   NOT NULL CHECK (role_id <> ''),
    by_id    TEXT   NOT NULL,
    at       BIGINT NOT NULL
);
