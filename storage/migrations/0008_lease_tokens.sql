-- A token per lease: the generation of its hold, larger at every takeover. Every write made
-- on behalf of a process's shards carries its lease's token and checks it in its own
-- transaction (storage/fence.go), so that a process that lost its shards cannot commit. The
-- leases held while this migration runs get token 0, which no fence carries: their processes
-- (an older program) write without one.
ALTER TABLE shard_leases ADD COLUMN token INTEGER NOT NULL DEFAULT 0;
