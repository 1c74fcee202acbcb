-- Each counted game's rating of each of its players: PostgreSQL's twin of
-- migrations/0006_rating_history.sql.
CREATE TABLE rating_history (
    guild_id  TEXT    NOT NULL,
    season_id BIGINT  NOT NULL,
    user_id   TEXT    NOT NULL,
    game_id   BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    at        BIGINT  NOT NULL,
    mu        DOUBLE PRECISION NOT NULL,
    sigma     DOUBLE PRECISION NOT NULL,
    rating    DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, season_id, user_id, game_id)
);
