-- Each counted game's rating of each of its players, overall (season 0) and in the season
-- it counts for: the points of a rating chart.
CREATE TABLE rating_history (
    guild_id  TEXT    NOT NULL,
    season_id INTEGER NOT NULL,
    user_id   TEXT    NOT NULL,
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    at        INTEGER NOT NULL,
    mu        REAL    NOT NULL,
    sigma     REAL    NOT NULL,
    rating    REAL    NOT NULL,
    PRIMARY KEY (guild_id, season_id, user_id, game_id)
) WITHOUT ROWID;
