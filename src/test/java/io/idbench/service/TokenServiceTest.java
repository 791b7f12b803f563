package io.idbench.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** Issued tokens are valid where they were signed: at the issuing process, and at every replica that shares its key. */
class TokenServiceTest {
    private static final Clock NOW = Clock.fixed(Instant.parse("2026-11-26T10:00:00Z"), ZoneOffset.UTC);
    private static final String KEY = "a-key-every-replica-of-one-service-shares";

    private static TokenService service(String key) {
        return new TokenService("static-token-0123456789", "admin", "admin-password", 300, NOW, key);
    }

    /** 1 in 64 did, and the service given it as --admin-password=-V… refused to start (picocli read -V). */
    @Test
    void aRandomTokenNeverStartsWithADashSoNoOptionParserReadsItAsAnOption() {
        for (int i = 0; i < 5_000; i++) {
            String token = TokenService.randomToken();
            assertThat(token).doesNotStartWith("-").hasSize(32);
        }
    }

    @Test
    void replicasSharingAKeyAcceptEachOthersTokens() {
        String token = service(KEY).issue();
        assertThat(service(KEY).valid(token)).isTrue();
        assertThat(service(KEY.replace('a', 'b')).valid(token)).as("another key").isFalse();
    }

    @Test
    void withoutAKeyATokenIsValidOnlyAtTheProcessThatIssuedIt() {
        TokenService issuer = service(null);
        String token = issuer.issue();
        assertThat(issuer.valid(token)).isTrue();
        assertThat(service(null).valid(token)).isFalse();
        assertThat(service(KEY).valid(token)).isFalse();
    }

    @Test
    void anExpiredTokenIsRefusedEvenWithTheSharedKey() {
        String token = service(KEY).issue();
        TokenService later = new TokenService("static-token-0123456789", "admin", "admin-password", 300,
                Clock.offset(NOW, java.time.Duration.ofSeconds(301)), KEY);
        assertThat(later.valid(token)).isFalse();
    }
}
