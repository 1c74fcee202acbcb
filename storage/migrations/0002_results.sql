-- League seasons, hand and game results, and per-player records with ratings.

CREATE TABLE seasons (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,  -- from 1; 0 stands for "overall" in player_records
    guild_id TEXT    NOT NULL,
    name     TEXT    NOT NULL,
    start_at INTEGER NOT NULL,
    end_at   INTEGER,                            -- exclusive; NULL while open-ended
    UNIQUE (guild_id, name),
    CHECK (end_at IS NULL OR end_at > start_at)
);

CREATE INDEX seasons_guild ON seasons (guild_id, start_at);

-- One row per finished hand. Points are in the preset's own scale.
CREATE TABLE hands (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    hand      INTEGER NOT NULL CHECK (hand >= 1),
    dealer    INTEGER NOT NULL,
    bidder    INTEGER NOT NULL,
    bid       INTEGER NOT NULL,
    trump     INTEGER NOT NULL,
    outcome   TEXT    NOT NULL,
    moon      INTEGER NOT NULL,
    made      INTEGER NOT NULL,
    wins_game INTEGER NOT NULL,
    at        INTEGER NOT NULL,
    PRIMARY KEY (game_id, hand)
) WITHOUT ROWID;

CREATE TABLE hand_seats (
    game_id INTEGER NOT NULL,
    hand    INTEGER NOT NULL,
    seat    INTEGER NOT NULL,
    meld    INTEGER NOT NULL,  -- the seat's meld as shown
    points  INTEGER NOT NULL,  -- trick points the seat took
    saved   INTEGER NOT NULL,
    PRIMARY KEY (game_id, hand, seat),
    FOREIGN KEY (game_id, hand) REFERENCES hands (game_id, hand) ON DELETE CASCADE
) WITHOUT ROWID;

CREATE TABLE hand_teams (
    game_id INTEGER NOT NULL,
    hand    INTEGER NOT NULL,
    team    INTEGER NOT NULL CHECK (team IN (0, 1)),
    meld    INTEGER NOT NULL,  -- the team's meld as it counts
    tricks  INTEGER NOT NULL,  -- the team's trick points as they count
    saved   INTEGER NOT NULL,
    delta   INTEGER NOT NULL,  -- change of score
    score   INTEGER NOT NULL,  -- score after the hand
    PRIMARY KEY (game_id, hand, team),
    FOREIGN KEY (game_id, hand) REFERENCES hands (game_id, hand) ON DELETE CASCADE
) WITHOUT ROWID;

-- One row per finished game.
CREATE TABLE game_results (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    score0      INTEGER NOT NULL,
    score1      INTEGER NOT NULL,
    winner      INTEGER NOT NULL CHECK (winner IN (-1, 0, 1)),  -- -1: a draw
    counted     INTEGER NOT NULL,  -- whether it counts for records and ratings
    season_id   INTEGER REFERENCES seasons (id),  -- the season it counts for, if any
    finished_at INTEGER NOT NULL
);

CREATE INDEX game_results_season ON game_results (season_id) WHERE season_id IS NOT NULL;

-- Each human's record in a guild: overall (season_id 0) and per season. Derived from results
-- when a game finishes. Meld figures are in tens (ones-scale presets are multiplied by 10).
CREATE TABLE player_records (
    guild_id   TEXT    NOT NULL,
    season_id  INTEGER NOT NULL,
    user_id    TEXT    NOT NULL,
    name       TEXT    NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    losses     INTEGER NOT NULL DEFAULT 0,
    draws      INTEGER NOT NULL DEFAULT 0,
    hands      INTEGER NOT NULL DEFAULT 0,
    hands_bid  INTEGER NOT NULL DEFAULT 0,
    bids_made  INTEGER NOT NULL DEFAULT 0,
    bids_set   INTEGER NOT NULL DEFAULT 0,
    meld_total INTEGER NOT NULL DEFAULT 0,
    meld_high  INTEGER NOT NULL DEFAULT 0,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    rating     REAL    NOT NULL,  -- mu - 3 sigma, kept for ordering
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (guild_id, season_id, user_id)
) WITHOUT ROWID;

CREATE INDEX player_records_rank ON player_records (guild_id, season_id, rating DESC, games DESC, user_id);
CREATE INDEX player_records_user ON player_records (guild_id, user_id);
