package io.idbench.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.config.PasswordHash;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Both hash formats verify the right password only, salt every hash, and make a reproducible seed pool. */
class PasswordHasherTest {

    private static void checks(PasswordHasher hasher, String prefix) {
        String a = hasher.hash("correct horse");
        String b = hasher.hash("correct horse");
        assertThat(a).startsWith(prefix).isNotEqualTo(b);
        assertThat(hasher.verify("correct horse", a)).isTrue();
        assertThat(hasher.verify("correct horse!", a)).isFalse();
        assertThat(hasher.verify("correct horse", null)).isFalse();
        // The seed pool: the same hashes on every call (and machine), each verifying its own password only.
        List<String> pool = hasher.seedPool(3, k -> "password-" + k);
        assertThat(hasher.seedPool(3, k -> "password-" + k)).isEqualTo(pool);
        assertThat(pool).doesNotHaveDuplicates().allMatch(h -> h.startsWith(prefix));
        assertThat(hasher.verify("password-2", pool.get(2))).isTrue();
        assertThat(hasher.verify("password-1", pool.get(2))).isFalse();
    }

    @Test
    void saltedSha256() {
        checks(PasswordHasher.of(PasswordHash.SSHA256, 4), "{SSHA256}");
    }

    @Test
    void bcrypt() {
        checks(PasswordHasher.of(PasswordHash.BCRYPT, 4), "$2a$04$");
    }
}
