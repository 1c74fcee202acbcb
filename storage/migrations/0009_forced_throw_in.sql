-- A hand thrown in by the rules (the bid out of reach with every trick, throw-in "forced"),
-- not by the bidder: engine.HandResult.Forced. Hands stored before say the bidder chose.
ALTER TABLE hands ADD COLUMN forced INTEGER NOT NULL DEFAULT 0;
