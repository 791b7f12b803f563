package io.idbench.store;

import io.idbench.config.Storage;

/**
 * A storage's DDL as its store runs it at start-up: the storage's own {@code schema.sql}, then
 * {@value #MEMBERSHIP} for its tables. The memberships (keys, member counts, their triggers,
 * views) are the same in both storages, and {@link MembershipSql} reads them the same way.
 */
public final class StorageSchema {
    /** The memberships' DDL, {@value #PREFIX} standing for the storage's table prefix. */
    public static final String MEMBERSHIP = "/db/membership.sql";
    static final String PREFIX = "{prefix}";

    private StorageSchema() {}

    /** The whole DDL of {@code storage}, every statement idempotent. */
    public static String ddl(Storage storage) {
        return Jdbc.resourceText(storage.schemaResource()) + "\n"
                + Jdbc.resourceText(MEMBERSHIP).replace(PREFIX, storage.tablePrefix());
    }

    /** Creates whatever of {@code storage}'s schema is missing. */
    public static void create(Jdbc jdbc, Storage storage) {
        jdbc.runStatements(storage + " schema (" + storage.schemaResource() + ", " + MEMBERSHIP + ")", ddl(storage));
    }

    /** The direct memberships of {@code storage}: (group, user), the primary key. */
    public static String membership(Storage storage) {
        return storage.tablePrefix() + "_membership";
    }

    /** The dynamic memberships of {@code storage}, materialised. */
    public static String dynamicMembership(Storage storage) {
        return storage.tablePrefix() + "_dyn_membership";
    }

    /** The direct member counts of {@code storage} per group and bucket (and block) of user ids. */
    public static MembershipSql.MemberCounts memberCounts(Storage storage) {
        return new MembershipSql.MemberCounts(membership(storage) + "_count", membership(storage) + "_block");
    }
}
