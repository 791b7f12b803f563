-- The memberships of both storages, with the same keys, counts, triggers and views: appended
-- to each storage's schema.sql with {prefix} replaced by its table prefix (scim for JSONB, r for
-- the relational storage), so the SQL that pages and counts members (store/MembershipSql) is the
-- same for both.
-- (group, user) is the primary key: members of one group are read in user-id order from it,
-- which is the stable order of members paging (groups.value eq "<id>").
CREATE TABLE IF NOT EXISTS {prefix}_membership (
    group_id uuid NOT NULL REFERENCES {prefix}_group (id) ON DELETE CASCADE,
    user_id  uuid NOT NULL REFERENCES {prefix}_user (id) ON DELETE CASCADE,
    PRIMARY KEY (group_id, user_id)
);
-- A user's groups, and the cascade on user delete.
CREATE INDEX IF NOT EXISTS {prefix}_membership_user ON {prefix}_membership (user_id, group_id);

-- Each group's direct member count in 4,096 buckets of user ids (the first 12 bits, so a bucket
-- is a range of the primary key's order): a member count sums at most 4,096 rows, and a page at
-- offset k starts in the bucket where the running sum passes k instead of stepping over k keys
-- (a page at offset 900,000 of a 1M-member group read 900,000 index entries). Kept by statement
-- triggers in the writing transaction, so it is exact for every snapshot; the buckets spread
-- concurrent writers of one group over 4,096 rows, locked in key order.
-- The same counts are kept per block of 64 buckets (bucket / 64, 64 blocks): a count sums at most
-- 64 rows, and a page finds its block in at most 64 rows and its bucket among that block's 64,
-- instead of a running sum over up to 4,096 buckets (1.4 of the 2.5 ms a page took at 1M).
-- A user id's bucket, its first 12 bits (0 … 4095), and the smallest id of a bucket.
CREATE OR REPLACE FUNCTION idb_bucket(id uuid) RETURNS smallint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS
$$ SELECT (get_byte(uuid_send(id), 0) * 16 + get_byte(uuid_send(id), 1) / 16)::smallint $$;
CREATE OR REPLACE FUNCTION idb_bucket_start(bucket smallint) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS
$$ SELECT (lpad(to_hex(bucket::integer), 3, '0') || '00000-0000-0000-0000-000000000000')::uuid $$;
CREATE TABLE IF NOT EXISTS {prefix}_membership_count (
    group_id uuid     NOT NULL REFERENCES {prefix}_group (id) ON DELETE CASCADE,
    bucket   smallint NOT NULL,
    members  bigint   NOT NULL,
    PRIMARY KEY (group_id, bucket)
);
CREATE TABLE IF NOT EXISTS {prefix}_membership_block (
    group_id uuid     NOT NULL REFERENCES {prefix}_group (id) ON DELETE CASCADE,
    block    smallint NOT NULL,
    members  bigint   NOT NULL,
    PRIMARY KEY (group_id, block)
);
CREATE OR REPLACE FUNCTION {prefix}_membership_counted() RETURNS trigger LANGUAGE plpgsql AS
$$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO {prefix}_membership_count AS c (group_id, bucket, members)
        SELECT n.group_id, idb_bucket(n.user_id), count(*) FROM added n GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (group_id, bucket) DO UPDATE SET members = c.members + excluded.members;
        INSERT INTO {prefix}_membership_block AS b (group_id, block, members)
        SELECT n.group_id, idb_bucket(n.user_id) / 64, count(*) FROM added n GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (group_id, block) DO UPDATE SET members = b.members + excluded.members;
    ELSE
        -- Rows of a group being deleted go with it (its counts are deleted by the cascade).
        INSERT INTO {prefix}_membership_count AS c (group_id, bucket, members)
        SELECT o.group_id, idb_bucket(o.user_id), -count(*) FROM removed o
        WHERE EXISTS (SELECT 1 FROM {prefix}_group g WHERE g.id = o.group_id) GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (group_id, bucket) DO UPDATE SET members = c.members + excluded.members;
        INSERT INTO {prefix}_membership_block AS b (group_id, block, members)
        SELECT o.group_id, idb_bucket(o.user_id) / 64, -count(*) FROM removed o
        WHERE EXISTS (SELECT 1 FROM {prefix}_group g WHERE g.id = o.group_id) GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (group_id, block) DO UPDATE SET members = b.members + excluded.members;
    END IF;
    RETURN NULL;
END
$$;
CREATE OR REPLACE TRIGGER {prefix}_membership_added AFTER INSERT ON {prefix}_membership
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION {prefix}_membership_counted();
CREATE OR REPLACE TRIGGER {prefix}_membership_removed AFTER DELETE ON {prefix}_membership
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION {prefix}_membership_counted();

-- Dynamic memberships, materialised: (group, user) for every user that satisfies the group's
-- membership condition. Kept current on every user save (in the same transaction) and
-- recomputed when a condition changes; never written by clients.
CREATE TABLE IF NOT EXISTS {prefix}_dyn_membership (
    group_id uuid NOT NULL REFERENCES {prefix}_group (id) ON DELETE CASCADE,
    user_id  uuid NOT NULL REFERENCES {prefix}_user (id) ON DELETE CASCADE,
    PRIMARY KEY (group_id, user_id)
);
CREATE INDEX IF NOT EXISTS {prefix}_dyn_membership_user ON {prefix}_dyn_membership (user_id, group_id);

-- What the SCIM attributes see: a user's groups are its direct and dynamic ("indirect")
-- memberships; a group's members are its direct ones. Plain UNION ALL views: the planner
-- pushes conditions into both branches and keeps using the primary keys.
CREATE OR REPLACE VIEW {prefix}_user_groups AS
    SELECT group_id, user_id, 'direct'::text AS type FROM {prefix}_membership
    UNION ALL
    SELECT group_id, user_id, 'indirect'::text AS type FROM {prefix}_dyn_membership;
CREATE OR REPLACE VIEW {prefix}_group_members AS
    SELECT group_id, user_id, 'User'::text AS type FROM {prefix}_membership;
