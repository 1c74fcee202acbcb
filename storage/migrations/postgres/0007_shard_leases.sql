-- Which process serves which Discord shards: PostgreSQL's twin of
-- migrations/0007_shard_leases.sql.
CREATE TABLE shard_leases (
    shard_count INTEGER NOT NULL CHECK (shard_count >= 1),
    shard_id    INTEGER NOT NULL CHECK (shard_id >= 0 AND shard_id < shard_count),
    owner       TEXT    NOT NULL,
    acquired_at BIGINT  NOT NULL,
    expires_at  BIGINT  NOT NULL,
    PRIMARY KEY (shard_count, shard_id)
);
