package io.idbench.service;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Both hash formats verify the right password only, and salt every hash. */
class PasswordHasherTest {

    private static void checks(PasswordHasher hasher, String prefix) {
        String a = hasher.hash("correct horse");
        String b = hasher.hash("correct horse");
        assertThat(a).startsWith(prefix).isNotEqualTo(b);
        assertThat(hasher.verify("correct horse", a)).isTrue();
        assertThat(hasher.verify("correct horse!", a)).isFalse();
        assertThat(hasher.verify("correct horse", null)).isFalse();
    }

    @Test
    void saltedSha256() {
        checks(PasswordHasher.of("ssha256", 4), "{SSHA256}");
    }

    @Test
    void bcrypt() {
        checks(PasswordHasher.of("bcrypt", 4), "$2a$04$");
    }
}
