-- idbench JSONB storage: what the "jsonb" scenarios benchmark.
--
-- One row per user, its SCIM attributes in one jsonb document (the canonical SCIM body without
-- id, meta, userName and password, extension attributes under their schema URN). Groups the
-- same way; memberships in their own table so groups with a million members stay cheap.
--
-- Indexes are chosen for the queries docs/workload.md runs, not for every attribute:
--   * case-insensitive attributes are indexed on lower(...), COLLATE "C": the filter compiler
--     emits exactly these expressions, so one btree serves eq, sw (LIKE 'x%' needs "C"), the
--     ranges and the sort, whatever the database's default collation is;
--   * there is deliberately NO GIN index on the whole document: jsonb_path_ops cannot serve
--     case-insensitive comparisons, takes ~88 % of a 1M-identity index build and stalls writers
--     for seconds when its pending list is merged (shared/notes/postgres-on-this-machine.md);
--   * uniqueness is a database constraint (unique indexes), never an application check, so
--     concurrent writers cannot both win.
-- Every statement is idempotent: the service runs this file at start-up.

-- Index expressions use built-in C functions only (jsonpath, lower): a LANGUAGE sql helper in an
-- index expression is re-planned by every INSERT/UPDATE that maintains the index, which more
-- than doubled the cost of a write here.

-- The primary element of a multi-valued attribute, else its first: the sort key (RFC 7644 §3.4.2.3).
CREATE OR REPLACE FUNCTION idb_primary(arr jsonb) RETURNS jsonb
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS
$$ SELECT coalesce((SELECT e FROM jsonb_array_elements(arr) WITH ORDINALITY AS x(e, n)
                    WHERE e -> 'primary' = 'true'::jsonb ORDER BY n LIMIT 1), arr -> 0) $$;

CREATE TABLE IF NOT EXISTS scim_user (
    id            uuid        PRIMARY KEY,
    user_name     text        NOT NULL,
    doc           jsonb       NOT NULL,
    password_hash text,
    version       bigint      NOT NULL,
    created       timestamptz NOT NULL,
    last_modified timestamptz NOT NULL
);

-- Plan 4's two attributes, userType and the profile's ssn, copied out of the document by PostgreSQL
-- on every write (stored generated columns: the same expressions the indexes used before, so the
-- same values), because an index on expressions over doc can never answer without reading rows:
-- PostgreSQL plans an index-only scan only when every column a query names is in the index, and
-- doc is not. With the columns, "userType eq … and ssn gt …" counts its matches from the index
-- alone (at 100k, 5,143 matches: 0.6 ms instead of 5.5-8.6 ms over 3,977 heap pages). The filter
-- compiler compares and sorts these two attributes on the columns; everything else reads doc.
-- ADD COLUMN IF NOT EXISTS: a database made by an older schema gets them too (one table rewrite).
ALTER TABLE scim_user ADD COLUMN IF NOT EXISTS user_type text COLLATE "C"
    GENERATED ALWAYS AS (lower(doc ->> 'userType')) STORED;
ALTER TABLE scim_user ADD COLUMN IF NOT EXISTS ssn bigint
    GENERATED ALWAYS AS (((doc -> 'urn:idbench:params:scim:schemas:extension:profile:2.0:User' ->> 'ssn')::bigint)) STORED;

-- userName: unique case-insensitively; also serves eq/sw/ranges/sort on userName.
CREATE UNIQUE INDEX IF NOT EXISTS scim_user_user_name_uq ON scim_user ((lower(user_name)) COLLATE "C");
-- The four unique attributes of the profile (docs/workload.md).
DROP INDEX IF EXISTS scim_user_ssn_uq; -- on the expression, before the column
CREATE UNIQUE INDEX IF NOT EXISTS scim_user_ssn_key ON scim_user (ssn);
CREATE UNIQUE INDEX IF NOT EXISTS scim_user_badge_uq
    ON scim_user (((doc -> 'urn:idbench:params:scim:schemas:extension:profile:2.0:User' ->> 'badge')::bigint));
CREATE UNIQUE INDEX IF NOT EXISTS scim_user_employee_number_uq
    ON scim_user ((lower(doc -> 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User' ->> 'employeeNumber')) COLLATE "C");
-- The mobile number: the service accepts at most one phoneNumbers value of type "mobile", so this
-- covers every value.
CREATE UNIQUE INDEX IF NOT EXISTS scim_user_mobile_uq
    ON scim_user ((lower(jsonb_path_query_first(doc -> 'phoneNumbers',
                                                '$[*] ? (@.type like_regex "^mobile$" flag "i")."value"') #>> '{}')));
-- Plan 1 searches (givenName eq or familyName eq, sorted by familyName).
CREATE INDEX IF NOT EXISTS scim_user_given_name ON scim_user ((lower(doc -> 'name' ->> 'givenName')) COLLATE "C");
CREATE INDEX IF NOT EXISTS scim_user_family_name ON scim_user ((lower(doc -> 'name' ->> 'familyName')) COLLATE "C");
-- Plan 4 searches (userType eq and ssn gt / emails.value eq). userType leads, so the index serves
-- userType alone too; with the ssn beside it, "userType eq … and ssn gt …" reads exactly its
-- matches instead of every identity of the type (10 % of all) to test their ssn.
-- On the generated columns (above), so a count is an index-only scan.
DROP INDEX IF EXISTS scim_user_user_type; -- userType alone, before the ssn joined it
DROP INDEX IF EXISTS scim_user_user_type_ssn; -- on the expressions, before the columns
CREATE INDEX IF NOT EXISTS scim_user_type_ssn ON scim_user (user_type, ssn);
-- The lower-cased e-mail values as a jsonb array (lower() of the array's JSON text: keys are
-- lower-case already), so "emails.value eq ..." is a case-insensitive containment query.
CREATE INDEX IF NOT EXISTS scim_user_emails
    ON scim_user USING gin (jsonb_path_query_array(lower(doc ->> 'emails')::jsonb, '$[*]."value"') jsonb_path_ops);

CREATE TABLE IF NOT EXISTS scim_group (
    id            uuid        PRIMARY KEY,
    display_name  text        NOT NULL,
    doc           jsonb       NOT NULL,
    version       bigint      NOT NULL,
    created       timestamptz NOT NULL,
    last_modified timestamptz NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS scim_group_display_name_uq ON scim_group ((lower(display_name)) COLLATE "C");

-- (group, user) is the primary key: members of one group are read in user-id order from it,
-- which is the stable order of members paging (groups.value eq "<id>").
CREATE TABLE IF NOT EXISTS scim_membership (
    group_id uuid NOT NULL REFERENCES scim_group (id) ON DELETE CASCADE,
    user_id  uuid NOT NULL REFERENCES scim_user (id) ON DELETE CASCADE,
    PRIMARY KEY (group_id, user_id)
);
-- A user's groups, and the cascade on user delete.
CREATE INDEX IF NOT EXISTS scim_membership_user ON scim_membership (user_id, group_id);

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
CREATE TABLE IF NOT EXISTS scim_membership_count (
    group_id uuid     NOT NULL REFERENCES scim_group (id) ON DELETE CASCADE,
    bucket   smallint NOT NULL,
    members  bigint   NOT NULL,
    PRIMARY KEY (group_id, bucket)
);
CREATE TABLE IF NOT EXISTS scim_membership_block (
    group_id uuid     NOT NULL REFERENCES scim_group (id) ON DELETE CASCADE,
    block    smallint NOT NULL,
    members  bigint   NOT NULL,
    PRIMARY KEY (group_id, block)
);
CREATE OR REPLACE FUNCTION scim_membership_counted() RETURNS trigger LANGUAGE plpgsql AS
$$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO scim_membership_count AS c (group_id, bucket, members)
        SELECT n.group_id, idb_bucket(n.user_id), count(*) FROM added n GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (group_id, bucket) DO UPDATE SET members = c.members + excluded.members;
        INSERT INTO scim_membership_block AS b (group_id, block, members)
        SELECT n.group_id, idb_bucket(n.user_id) / 64, count(*) FROM added n GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (group_id, block) DO UPDATE SET members = b.members + excluded.members;
    ELSE
        -- Rows of a group being deleted go with it (its counts are deleted by the cascade).
        INSERT INTO scim_membership_count AS c (group_id, bucket, members)
        SELECT o.group_id, idb_bucket(o.user_id), -count(*) FROM removed o
        WHERE EXISTS (SELECT 1 FROM scim_group g WHERE g.id = o.group_id) GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (group_id, bucket) DO UPDATE SET members = c.members + excluded.members;
        INSERT INTO scim_membership_block AS b (group_id, block, members)
        SELECT o.group_id, idb_bucket(o.user_id) / 64, -count(*) FROM removed o
        WHERE EXISTS (SELECT 1 FROM scim_group g WHERE g.id = o.group_id) GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (group_id, block) DO UPDATE SET members = b.members + excluded.members;
    END IF;
    RETURN NULL;
END
$$;
CREATE OR REPLACE TRIGGER scim_membership_added AFTER INSERT ON scim_membership
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION scim_membership_counted();
CREATE OR REPLACE TRIGGER scim_membership_removed AFTER DELETE ON scim_membership
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION scim_membership_counted();

-- Dynamic memberships, materialised: (group, user) for every user that satisfies the group's
-- membership condition. Kept current on every user save (in the same transaction) and
-- recomputed when a condition changes; never written by clients.
CREATE TABLE IF NOT EXISTS scim_dyn_membership (
    group_id uuid NOT NULL REFERENCES scim_group (id) ON DELETE CASCADE,
    user_id  uuid NOT NULL REFERENCES scim_user (id) ON DELETE CASCADE,
    PRIMARY KEY (group_id, user_id)
);
CREATE INDEX IF NOT EXISTS scim_dyn_membership_user ON scim_dyn_membership (user_id, group_id);

-- What the SCIM attributes see: a user's groups are its direct and dynamic ("indirect")
-- memberships; a group's members are its direct ones. Plain UNION ALL views: the planner
-- pushes conditions into both branches and keeps using the primary keys.
CREATE OR REPLACE VIEW scim_user_groups AS
    SELECT group_id, user_id, 'direct'::text AS type FROM scim_membership
    UNION ALL
    SELECT group_id, user_id, 'indirect'::text AS type FROM scim_dyn_membership;
CREATE OR REPLACE VIEW scim_group_members AS
    SELECT group_id, user_id, 'User'::text AS type FROM scim_membership;
