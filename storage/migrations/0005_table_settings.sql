-- The bot's own choices for a table, kept apart from the rules' options: the computer
-- players' level, hints, and the like (a JSON object of strings), and a guild's defaults
-- for them.
ALTER TABLE games ADD COLUMN table_settings TEXT NOT NULL DEFAULT '{}';
ALTER TABLE guild_settings ADD COLUMN table_defaults TEXT NOT NULL DEFAULT '{}';
