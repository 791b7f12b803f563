-- Users whose search document may be stale: the engine could not be written after a database
-- commit. The database stays the system of record; a repairer re-indexes these ids from it.
CREATE TABLE IF NOT EXISTS search_backlog (
    user_id  uuid        PRIMARY KEY,
    recorded timestamptz NOT NULL DEFAULT clock_timestamp(),
    reason   text        NOT NULL
);
