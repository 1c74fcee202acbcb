-- Which process serves which Discord shards: a lease per shard, renewed while the process
-- runs, so that a second process started with the same shards is refused instead of
-- writing the same games.
CREATE TABLE shard_leases (
    shard_count INTEGER NOT NULL CHECK (shard_count >= 1),
    shard_id    INTEGER NOT NULL CHECK (shard_id >= 0 AND shard_id < shard_count),
    owner       TEXT    NOT NULL,  -- the process: host, pid and a random part
    acquired_at INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL,
    PRIMARY KEY (shard_count, shard_id)
) WITHOUT ROWID;
