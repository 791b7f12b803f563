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
--   r_membership          (group, user), from db/membership.sql     (Syncope: UMembership).
--
-- What differs from Syncope 2.1, deliberately: Syncope compiled each condition to nested
-- IN (SELECT … FROM view) subqueries and compared LOWER(value) against a plain value index, so
-- the planner could use no index for case-insensitive searches (0.4–2.8 s per search at 10k
-- users). Here every condition is a set of owner ids read from an index that matches the
-- compiled expression exactly; and/or/not become INTERSECT/UNION/EXCEPT of those sets, and the
-- page and totalResults are taken from the set, not from a scan of all users.
-- Every statement is idempotent: the service runs this file at start-up, followed by
-- db/membership.sql (the memberships, shared with the JSONB storage).

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
