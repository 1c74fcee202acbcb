-- A player's own card look (/pinochle cards), across guilds: how their private hand, hints
-- and the tables they watch show cards, whatever each table's look. NULL while they follow
-- each table's ('pictures', 'four' or 'text' otherwise, as table.Cards names them).
ALTER TABLE player_prefs ADD COLUMN cards TEXT CHECK (cards IN ('pictures', 'four', 'text'));
