package io.idbench.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.config.Storage;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Each storage's DDL holds the shared memberships under its own table names, and nothing of the other's. */
class StorageSchemaTest {
    @ParameterizedTest
    @EnumSource(Storage.class)
    void theMembershipsAreCreatedUnderTheStoragesPrefix(Storage storage) {
        String ddl = StorageSchema.ddl(storage);
        assertThat(ddl).doesNotContain(StorageSchema.PREFIX)
                .contains("CREATE TABLE IF NOT EXISTS " + storage.userTable() + " (")
                .contains("CREATE TABLE IF NOT EXISTS " + StorageSchema.membership(storage) + " (")
                .contains("CREATE TABLE IF NOT EXISTS " + StorageSchema.dynamicMembership(storage) + " (")
                .contains("CREATE TABLE IF NOT EXISTS " + StorageSchema.memberCounts(storage).buckets() + " (")
                .contains("CREATE TABLE IF NOT EXISTS " + StorageSchema.memberCounts(storage).blocks() + " (")
                .contains("REFERENCES " + storage.tablePrefix() + "_group (id)");
        for (Storage other : Storage.values()) {
            if (other != storage) {
                assertThat(ddl).doesNotContain(" " + StorageSchema.membership(other) + " ");
            }
        }
    }
}
