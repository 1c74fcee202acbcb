-- Three-handed results: PostgreSQL's twin of migrations/0010_solo_results.sql.
ALTER TABLE hand_seats ADD COLUMN delta INTEGER NOT NULL DEFAULT 0;
ALTER TABLE hand_seats ADD COLUMN score INTEGER NOT NULL DEFAULT 0;

CREATE TABLE game_seat_results (
    game_id BIGINT  NOT NULL REFERENCES game_results (game_id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    score   INTEGER NOT NULL,
    place   INTEGER NOT NULL CHECK (place >= 1),
    PRIMARY KEY (game_id, seat)
);
