package io.idbench.record;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The code a run measured, as far as its record tells. */
class EnvironmentTest {
    private static Environment built(String commit, Boolean dirty, String changes) {
        return new Environment(null, 2, 0, null, null, null, commit, dirty, changes, null, null, null);
    }

    @Test
    void aCleanTreeIsItsCommitAndChangesAreTheirHash() {
        assertThat(built("a1b2c3d", false, null).code()).isEqualTo("a1b2c3d");
        assertThat(built("a1b2c3d", true, "0123456789ab").code()).isEqualTo("a1b2c3d+0123456789ab");
        assertThat(built("a1b2c3d", true, "0123456789ab").code()).isNotEqualTo(built("a1b2c3d", true, "ba9876543210").code());
    }

    @Test
    void olderRecordsOfOneCommitWithChangesCountAsOneCodeAndAnUnknownCommitAsNone() {
        assertThat(built("a1b2c3d", true, null).code()).isEqualTo("a1b2c3d+?");
        assertThat(built(null, null, null).code()).isEmpty();
    }
}
