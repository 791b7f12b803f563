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
--     for seconds when its pending list is merged;
--   * uniqueness is a database constraint (unique indexes), never an application check, so
--     concurrent writers cannot both win.
-- Every statement is idempotent: the service runs this file at start-up, followed by
-- db/membership.sql (the memberships, shared with the relational storage).

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
-- The lower-cased e-mail values as a jsonb array, so "emails.value eq ..." is a case-insensitive
-- containment query. The values are picked first and their array's JSON text lowered and parsed
-- again: lowering and parsing the whole emails array (type and primary too) is work the index
-- does not need, on the one core a GIN build gets.
DROP INDEX IF EXISTS scim_user_emails; -- over the whole array's text, before the values were picked first
CREATE INDEX IF NOT EXISTS scim_user_email_values
    ON scim_user USING gin ((lower(jsonb_path_query_array(doc -> 'emails', '$[*]."value"')::text)::jsonb) jsonb_path_ops);

CREATE TABLE IF NOT EXISTS scim_group (
    id            uuid        PRIMARY KEY,
    display_name  text        NOT NULL,
    doc           jsonb       NOT NULL,
    version       bigint      NOT NULL,
    created       timestamptz NOT NULL,
    last_modified timestamptz NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS scim_group_display_name_uq ON scim_group ((lower(display_name)) COLLATE "C");
