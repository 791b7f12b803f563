-- idbench relational storage: what the "relational" scenarios benchmark (2018: "postgres").
--
-- The shape of Apache Syncope's standard JPA persistence, which the 2018 study measured:
--   plain_schema          the attribute catalogue: one row per SCIM leaf attribute
--                         ("name.givenName", "emails.value", "urn:…:User:ssn"), its type,
--                         whether it is multi-valued and unique;
--   r_user / r_group      one row per resource (Syncope: SyncopeUser / SyncopeGroup);
--   u_attr / g_attr       one row per (owner, attribute)            (Syncope: UPlainAttr);
--   u_value / g_value     one row per value, typed columns           (Syncope: UPlainAttrValue);
--                         idx is the position of the element of a multi-valued attribute, so
--                         the sub-attributes of one element (emails[1].value, emails[1].type)
--                         share it and value filters can match within an element;
--   u_unique_value / g_unique_value
--                         unique values, with uniqueness a DATABASE CONSTRAINT on
--                         (schema, value)                          (Syncope: UPlainAttrUniqueValue);
--   r_membership          (group, user)                            (Syncope: UMembership).
--
-- What differs from Syncope 2.1, deliberately: Syncope compiled each condition to nested
-- IN (SELECT … FROM view) subqueries and compared LOWER(value) against a plain value index, so
-- the planner could use no index for case-insensitive searches (0.4–2.8 s per search at 10k
-- users). Here every condition is a set of owner ids read from an index that matches the
-- compiled expression exactly; and/or/not become INTERSECT/UNION/EXCEPT of those sets, and the
-- page and totalResults are taken from the set, not from a scan of all users.
-- Every statement is idempotent: the service runs this file at start-up.

CREATE TABLE IF NOT EXISTS plain_schema (
    id                smallserial PRIMARY KEY,
    name              text        NOT NULL,
    owner_type        text        NOT NULL,   -- 'User' | 'Group'
    value_type        text        NOT NULL,   -- string | long | double | date | boolean
    multivalue        boolean     NOT NULL,
    unique_constraint boolean     NOT NULL,
    UNIQUE (owner_type, name)
);

CREATE TABLE IF NOT EXISTS r_user (
    id            uuid        PRIMARY KEY,
    user_name     text        NOT NULL,
    password_hash text,
    version       bigint      NOT NULL,
    created       timestamptz NOT NULL,
    last_modified timestamptz NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS r_user_user_name_uq ON r_user ((lower(user_name)) COLLATE "C");

CREATE TABLE IF NOT EXISTS r_group (
    id            uuid        PRIMARY KEY,
    display_name  text        NOT NULL,
    version       bigint      NOT NULL,
    created       timestamptz NOT NULL,
    last_modified timestamptz NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS r_group_display_name_uq ON r_group ((lower(display_name)) COLLATE "C");

-- Users' attributes and values.
CREATE TABLE IF NOT EXISTS u_attr (
    owner_id  uuid     NOT NULL REFERENCES r_user (id) ON DELETE CASCADE,
    schema_id smallint NOT NULL REFERENCES plain_schema (id),
    PRIMARY KEY (owner_id, schema_id)
);
CREATE SEQUENCE IF NOT EXISTS u_value_seq INCREMENT BY 50;
CREATE TABLE IF NOT EXISTS u_value (
    id            bigint      PRIMARY KEY,
    owner_id      uuid        NOT NULL,
    schema_id     smallint    NOT NULL,
    idx           integer     NOT NULL,
    string_value  text,
    long_value    bigint,
    double_value  numeric,
    date_value    timestamptz,
    boolean_value boolean,
    FOREIGN KEY (owner_id, schema_id) REFERENCES u_attr (owner_id, schema_id) ON DELETE CASCADE
);
-- Reads (all values of a user) and the cascade from u_attr.
CREATE INDEX IF NOT EXISTS u_value_owner ON u_value (owner_id, schema_id, idx);
-- Case-insensitive eq / sw / ranges on strings, returning owner ids without touching the heap.
-- "C" collation: LIKE 'prefix%' can use it, and order is code point order whatever the
-- database's default collation.
-- string_value is INCLUDEd although no query reads it: PostgreSQL plans an index-only scan only
-- when every column a query names is in the index, and lower(string_value) names string_value.
-- Without it, "userType eq" fetched 10,000 heap rows at 100k (plan 4's intersection: 38 ms, with it 23).
CREATE INDEX IF NOT EXISTS u_value_string ON u_value (schema_id, (lower(string_value)) COLLATE "C", owner_id)
    INCLUDE (string_value) WHERE string_value IS NOT NULL;
CREATE INDEX IF NOT EXISTS u_value_long ON u_value (schema_id, long_value, owner_id) WHERE long_value IS NOT NULL;
CREATE INDEX IF NOT EXISTS u_value_date ON u_value (schema_id, date_value, owner_id) WHERE date_value IS NOT NULL;
CREATE INDEX IF NOT EXISTS u_value_boolean ON u_value (schema_id, boolean_value, owner_id) WHERE boolean_value IS NOT NULL;
CREATE TABLE IF NOT EXISTS u_unique_value (
    schema_id smallint NOT NULL REFERENCES plain_schema (id),
    value     text     NOT NULL,   -- canonical text; lower-cased for case-insensitive attributes
    owner_id  uuid     NOT NULL REFERENCES r_user (id) ON DELETE CASCADE,
    CONSTRAINT u_unique_value_uq PRIMARY KEY (schema_id, value)
);
CREATE INDEX IF NOT EXISTS u_unique_value_owner ON u_unique_value (owner_id, schema_id);

-- Groups' attributes and values: the same shape.
CREATE TABLE IF NOT EXISTS g_attr (
    owner_id  uuid     NOT NULL REFERENCES r_group (id) ON DELETE CASCADE,
    schema_id smallint NOT NULL REFERENCES plain_schema (id),
    PRIMARY KEY (owner_id, schema_id)
);
CREATE SEQUENCE IF NOT EXISTS g_value_seq INCREMENT BY 50;
CREATE TABLE IF NOT EXISTS g_value (
    id            bigint      PRIMARY KEY,
    owner_id      uuid        NOT NULL,
    schema_id     smallint    NOT NULL,
    idx           integer     NOT NULL,
    string_value  text,
    long_value    bigint,
    double_value  numeric,
    date_value    timestamptz,
    boolean_value boolean,
    FOREIGN KEY (owner_id, schema_id) REFERENCES g_attr (owner_id, schema_id) ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS g_value_owner ON g_value (owner_id, schema_id, idx);
CREATE INDEX IF NOT EXISTS g_value_string ON g_value (schema_id, (lower(string_value)) COLLATE "C", owner_id)
    WHERE string_value IS NOT NULL;
CREATE TABLE IF NOT EXISTS g_unique_value (
    schema_id smallint NOT NULL REFERENCES plain_schema (id),
    value     text     NOT NULL,
    owner_id  uuid     NOT NULL REFERENCES r_group (id) ON DELETE CASCADE,
    CONSTRAINT g_unique_value_uq PRIMARY KEY (schema_id, value)
);
CREATE INDEX IF NOT EXISTS g_unique_value_owner ON g_unique_value (owner_id, schema_id);

-- (group, user) is the primary key: a group's members in user-id order, the stable order of
-- members paging (groups.value eq "<id>").
CREATE TABLE IF NOT EXISTS r_membership (
    group_id uuid NOT NULL REFERENCES r_group (id) ON DELETE CASCADE,
    user_id  uuid NOT NULL REFERENCES r_user (id) ON DELETE CASCADE,
    PRIMARY KEY (group_id, user_id)
);
CREATE INDEX IF NOT EXISTS r_membership_user ON r_membership (user_id, group_id);

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
CREATE TABLE IF NOT EXISTS r_membership_count (
    group_id uuid     NOT NULL REFERENCES r_group (id) ON DELETE CASCADE,
    bucket   smallint NOT NULL,
    members  bigint   NOT NULL,
    PRIMARY KEY (group_id, bucket)
);
CREATE TABLE IF NOT EXISTS r_membership_block (
    group_id uuid     NOT NULL REFERENCES r_group (id) ON DELETE CASCADE,
    block    smallint NOT NULL,
    members  bigint   NOT NULL,
    PRIMARY KEY (group_id, block)
);
CREATE OR REPLACE FUNCTION r_membership_counted() RETURNS trigger LANGUAGE plpgsql AS
$$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO r_membership_count AS c (group_id, bucket, members)
        SELECT n.group_id, idb_bucket(n.user_id), count(*) FROM added n GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (group_id, bucket) DO UPDATE SET members = c.members + excluded.members;
        INSERT INTO r_membership_block AS b (group_id, block, members)
        SELECT n.group_id, idb_bucket(n.user_id) / 64, count(*) FROM added n GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (group_id, block) DO UPDATE SET members = b.members + excluded.members;
    ELSE
        -- Rows of a group being deleted go with it (its counts are deleted by the cascade).
        INSERT INTO r_membership_count AS c (group_id, bucket, members)
        SELECT o.group_id, idb_bucket(o.user_id), -count(*) FROM removed o
        WHERE EXISTS (SELECT 1 FROM r_group g WHERE g.id = o.group_id) GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (group_id, bucket) DO UPDATE SET members = c.members + excluded.members;
        INSERT INTO r_membership_block AS b (group_id, block, members)
        SELECT o.group_id, idb_bucket(o.user_id) / 64, -count(*) FROM removed o
        WHERE EXISTS (SELECT 1 FROM r_group g WHERE g.id = o.group_id) GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (group_id, block) DO UPDATE SET members = b.members + excluded.members;
    END IF;
    RETURN NULL;
END
$$;
CREATE OR REPLACE TRIGGER r_membership_added AFTER INSERT ON r_membership
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION r_membership_counted();
CREATE OR REPLACE TRIGGER r_membership_removed AFTER DELETE ON r_membership
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION r_membership_counted();

-- Dynamic memberships, materialised: (group, user) for every user that satisfies the group's
-- membership condition. Kept current on every user save (in the same transaction) and
-- recomputed when a condition changes; never written by clients.
CREATE TABLE IF NOT EXISTS r_dyn_membership (
    group_id uuid NOT NULL REFERENCES r_group (id) ON DELETE CASCADE,
    user_id  uuid NOT NULL REFERENCES r_user (id) ON DELETE CASCADE,
    PRIMARY KEY (group_id, user_id)
);
CREATE INDEX IF NOT EXISTS r_dyn_membership_user ON r_dyn_membership (user_id, group_id);

-- What the SCIM attributes see: a user's groups are its direct and dynamic ("indirect")
-- memberships; a group's members are its direct ones. Plain UNION ALL views: the planner
-- pushes conditions into both branches and keeps using the primary keys.
CREATE OR REPLACE VIEW r_user_groups AS
    SELECT group_id, user_id, 'direct'::text AS type FROM r_membership
    UNION ALL
    SELECT group_id, user_id, 'indirect'::text AS type FROM r_dyn_membership;
CREATE OR REPLACE VIEW r_group_members AS
    SELECT group_id, user_id, 'User'::text AS type FROM r_membership;
