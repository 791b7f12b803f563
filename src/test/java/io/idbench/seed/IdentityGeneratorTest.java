package io.idbench.seed;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.common.Json;
import io.idbench.scim.ResourceValidator;
import io.idbench.scim.schema.ScimSchemas;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Identity N is always the same, valid for the service, and unique where the profile says so. */
class IdentityGeneratorTest {
    private final IdentityGenerator generator = new IdentityGenerator(Json.mapper());

    @Test
    void identityNIsTheSameWhateverTheOrderAndTheInstance() {
        IdentityGenerator other = new IdentityGenerator(Json.mapper());
        for (long n : new long[] {1, 2, 999_999, 1_000_000, 7}) {
            assertThat(other.body(n).toString()).isEqualTo(generator.body(n).toString());
            assertThat(IdentityGenerator.id(n)).isEqualTo(IdentityGenerator.id(n));
            assertThat(IdentityGenerator.userType(n)).isEqualTo(generator.body(n).path("userType").asText());
        }
        assertThat(generator.body(1).toString()).isNotEqualTo(generator.body(2).toString());
    }

    /** The first 1000 identities, pinned: if this changes, the datasets change, so bump VERSION. */
    @Test
    void theOutputIsPinnedToTheGeneratorVersion() throws Exception {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        for (long n = 1; n <= 1000; n++) {
            sha.update(IdentityGenerator.id(n).toString().getBytes(StandardCharsets.UTF_8));
            sha.update(generator.body(n).toString().getBytes(StandardCharsets.UTF_8));
        }
        assertThat(IdentityGenerator.VERSION).isEqualTo(1);
        assertThat(HexFormat.of().formatHex(sha.digest()))
                .as("generator output changed: bump IdentityGenerator.VERSION and update this digest")
                .isEqualTo(GOLDEN_V1);
    }

    private static final String GOLDEN_V1 = "958dc02f54b2437a8380bc13a4fd1ddfc9a1d73683f793ac701ce3ede7f7d270";

    @Test
    void everyIdentityIsACanonicalValidUserOfTheProfile() {
        ResourceValidator validator = new ResourceValidator(ScimSchemas.USER_TYPE);
        for (long n = 1; n <= 200; n++) {
            ObjectNode request = generator.body(n).deepCopy();
            request.putArray("schemas").add(ScimSchemas.USER_URN).add(ScimSchemas.ENTERPRISE_URN).add(ScimSchemas.PROFILE_URN);
            request.put("password", IdentityGenerator.password(n));
            ResourceValidator.Validated v = validator.validateRequest(request);
            assertThat(v.body()).as("identity " + n).isEqualTo(generator.body(n));
            assertThat(v.password()).isEqualTo(IdentityGenerator.password(n));
        }
    }

    @Test
    void uniqueAttributesAreUniqueAndUserTypesUniform() {
        Set<String> unique = new HashSet<>();
        Map<String, Integer> types = new HashMap<>();
        int n = 10_000;
        for (long i = 1; i <= n; i++) {
            ObjectNode u = generator.body(i);
            assertThat(unique.add("u:" + u.path("userName").asText().toLowerCase(Locale.ROOT))).isTrue();
            assertThat(unique.add("s:" + u.path(ScimSchemas.PROFILE_URN).path("ssn").asLong())).isTrue();
            assertThat(unique.add("b:" + u.path(ScimSchemas.PROFILE_URN).path("badge").asLong())).isTrue();
            assertThat(unique.add("e:" + u.path(ScimSchemas.ENTERPRISE_URN).path("employeeNumber").asText().toLowerCase(Locale.ROOT)))
                    .isTrue();
            assertThat(unique.add("m:" + u.path("phoneNumbers").get(0).path("value").asText())).isTrue();
            assertThat(unique.add("i:" + IdentityGenerator.id(i))).isTrue();
            types.merge(u.path("userType").asText(), 1, Integer::sum);
        }
        assertThat(types).hasSize(10);
        assertThat(types.values()).allMatch(c -> c > n / 10.0 * 0.9 && c < n / 10.0 * 1.1);
    }
}
