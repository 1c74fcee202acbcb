-- How much of each game's log its thread has been told: a table rebuilt in the middle of a
-- hand tells the rest of the hand from there, so that the hand's post after a restart is
-- whole. Games recorded before this migration count as told from their start: one rebuilt
-- after the upgrade tells its hand in play whole, some of it perhaps twice.
ALTER TABLE games ADD COLUMN told INTEGER NOT NULL DEFAULT 0;
