package io.idbench.seed;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.config.Storage;
import org.junit.jupiter.api.Test;

/** A dataset's name pins what its rows depend on: the DDL's statements, not how its comments are worded. */
class DatasetTest {
    @Test
    void commentsAndBlankLinesAreNotPartOfTheFingerprint() {
        String ddl = "-- users\nCREATE TABLE u (\n    id uuid PRIMARY KEY,   -- the SCIM id\n\n    name text NOT NULL\n);\n";
        String reworded = "-- the identities (see docs/workload.md)\n\nCREATE TABLE u (\n  id uuid PRIMARY KEY,\n  name text NOT NULL\n);";
        assertThat(Dataset.statements(ddl)).isEqualTo("CREATE TABLE u (\nid uuid PRIMARY KEY,\nname text NOT NULL\n);\n")
                .isEqualTo(Dataset.statements(reworded));
        assertThat(Dataset.statements(ddl.replace("NOT NULL", ""))).isNotEqualTo(Dataset.statements(ddl));
    }

    @Test
    void eachStorageHasItsOwnFingerprint() {
        assertThat(Dataset.fingerprint(Storage.JSONB)).hasSize(8).isNotEqualTo(Dataset.fingerprint(Storage.RELATIONAL));
    }
}
