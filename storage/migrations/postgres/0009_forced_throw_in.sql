-- A hand thrown in by the rules: PostgreSQL's twin of migrations/0009_forced_throw_in.sql.
ALTER TABLE hands ADD COLUMN forced BOOLEAN NOT NULL DEFAULT FALSE;
