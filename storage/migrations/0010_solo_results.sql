-- Three-handed games, where every player scores alone (engine.Rules.Solo): each seat's change
-- of score and score after the hand (0 in team presets, whose hand_teams keep theirs), and
-- each seat's final score and place. A solo game's row in game_results has scores 0 and
-- winner -1 ("no team won"): its seats' results say who won.
ALTER TABLE hand_seats ADD COLUMN delta INTEGER NOT NULL DEFAULT 0;
ALTER TABLE hand_seats ADD COLUMN score INTEGER NOT NULL DEFAULT 0;

CREATE TABLE game_seat_results (
    game_id INTEGER NOT NULL REFERENCES game_results (game_id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    score   INTEGER NOT NULL,
    place   INTEGER NOT NULL CHECK (place >= 1),  -- 1 for the winner; equal places share
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
