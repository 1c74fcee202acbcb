-- A token per lease: PostgreSQL's twin of migrations/0008_lease_tokens.sql.
ALTER TABLE shard_leases ADD COLUMN token BIGINT NOT NULL DEFAULT 0;
