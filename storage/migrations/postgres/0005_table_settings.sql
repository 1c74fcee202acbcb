-- The bot's own choices for a table and a guild's defaults for them: PostgreSQL's twin of
-- migrations/0005_table_settings.sql.
ALTER TABLE games ADD COLUMN table_settings TEXT NOT NULL DEFAULT '{}';
ALTER TABLE guild_settings ADD COLUMN table_defaults TEXT NOT NULL DEFAULT '{}';
