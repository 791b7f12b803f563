package io.idbench.seed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.zaxxer.hikari.HikariDataSource;
import io.idbench.membership.ProfileGroups;
import io.idbench.scim.ScimException;
import io.idbench.scim.filter.FilterResolver;
import io.idbench.scim.filter.ListQuery;
import io.idbench.scim.schema.ScimSchemas;
import io.idbench.service.Json;
import io.idbench.store.DynamicGroups;
import io.idbench.store.IdentityStore;
import io.idbench.store.IdentityStores;
import io.idbench.store.StoredResource;
import io.idbench.support.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** COPY seeding of the JSONB storage: what it writes is what the service would have written. */
class JsonbCopyLoaderTest {
    private static final int N = 3000;
    private static final List<String> HASHES = IntStream.range(0, IdentityGenerator.PASSWORD_POOL)
            .mapToObj(i -> "{TEST}hash-" + i).toList();

    private final IdentityGenerator generator = new IdentityGenerator(Json.mapper());

    private static HikariDataSource freshDatabase(String name) {
        return TestDatabase.fresh(name, 4);
    }

    /** Opens the storage with the profile's groups (dynamic ones too) and seeds n identities. */
    private JsonbCopyLoader.Phases seed(HikariDataSource pool, int n, java.util.function.LongConsumer progress) throws Exception {
        try (IdentityStore store = IdentityStores.open("jsonb", pool, Json.mapper())) {
            ProfileGroups.ensure(store, true, Json.mapper());
            Map<String, UUID> groups = new HashMap<>();
            DynamicGroups dynamic = new DynamicGroups();
            FilterResolver resolver = new FilterResolver(ScimSchemas.GROUP_TYPE);
            for (StoredResource g : store.searchGroups(new ListQuery(resolver.parse("displayName pr"), null, 1, 100), 0).resources()) {
                groups.put(g.body().path("displayName").asText(), g.id());
                dynamic.register(g.id(), g.body());
            }
            return new JsonbCopyLoader(generator, Json.mapper()).load(pool, n, HASHES, groups, dynamic, progress);
        }
    }

    private static String scalar(HikariDataSource pool, String sql) throws Exception {
        try (Connection c = pool.getConnection(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            String v = rs.getString(1);
            c.commit();
            return v;
        }
    }

    private static final String INDEXES = "SELECT count(*) FROM pg_indexes WHERE tablename LIKE 'scim_%'";
    private static final String CHECKSUM = "SELECT md5(string_agg(id::text || user_name || doc::text || password_hash, ',' "
            + "ORDER BY id)) || (SELECT md5(string_agg(group_id::text || user_id::text, ',' ORDER BY user_id, group_id)) "
            + "FROM scim_user_groups) FROM scim_user";

    @Test
    void seededIdentitiesReadBackAsTheServiceWouldHaveWrittenThem() throws Exception {
        try (HikariDataSource pool = freshDatabase("seed_jsonb_a")) {
            String indexesBefore;
            try (IdentityStore ignored = IdentityStores.open("jsonb", pool, Json.mapper())) {
                indexesBefore = scalar(pool, INDEXES);
            }
            JsonbCopyLoader.Phases phases = seed(pool, N, n -> { });
            assertThat(phases.total()).isPositive();
            assertThat(scalar(pool, INDEXES)).as("every index rebuilt").isEqualTo(indexesBefore);
            try (IdentityStore store = IdentityStores.open("jsonb", pool, Json.mapper())) {
                assertThat(store.countUsers()).isEqualTo(N);
                for (long n : new long[] {1, 2, 1500, N}) {
                    StoredResource r = store.findUser(IdentityGenerator.id(n)).orElseThrow();
                    ObjectNode body = r.body().deepCopy();
                    JsonNode groups = body.remove("groups");
                    // Compared as JSON: numbers read back as the smallest fitting type.
                    assertThat(body).isEqualTo(Json.mapper().readTree(generator.body(n).toString()));
                    assertThat(r.version()).isEqualTo(1);
                    assertThat(r.created()).isEqualTo(IdentityGenerator.SEEDED_AT);
                    assertThat(groups.findValuesAsText("display")).containsExactlyInAnyOrder("hr", "employee",
                            ProfileGroups.dynamicGroupOf(IdentityGenerator.userType(n)));
                    assertThat(groups.findValuesAsText("type")).containsExactlyInAnyOrder("direct", "direct", "indirect");
                }
                FilterResolver users = new FilterResolver(ScimSchemas.USER_TYPE);
                assertThat(store.searchUsers(new ListQuery(users.parse("userName eq \"USER.42\""), null, 1, 10)).resources())
                        .extracting(StoredResource::id).containsExactly(IdentityGenerator.id(42));
                ObjectNode duplicate = generator.body(7);
                // Every unique index is back: the first one checked refuses the copy of identity 7.
                assertThatThrownBy(() -> store.createUser(duplicate, "x")).isInstanceOf(ScimException.class)
                        .hasMessageStartingWith("The value of '").hasMessageEndingWith("' is already in use")
                        .extracting(e -> ((ScimException) e).status()).isEqualTo(409);
            }
        }
    }

    @Test
    void twoSeedsOfTheSameSizeAreIdentical() throws Exception {
        try (HikariDataSource a = freshDatabase("seed_jsonb_b"); HikariDataSource b = freshDatabase("seed_jsonb_c")) {
            seed(a, 1000, n -> { });
            seed(b, 1000, n -> { });
            String checksum = scalar(a, CHECKSUM);
            assertThat(checksum).isNotBlank();
            // Group ids differ between databases (created at start), identities and memberships by user do not.
            assertThat(scalar(a, "SELECT md5(string_agg(id::text || user_name || doc::text || password_hash, ',' ORDER BY id)) FROM scim_user"))
                    .isEqualTo(scalar(b, "SELECT md5(string_agg(id::text || user_name || doc::text || password_hash, ',' ORDER BY id)) FROM scim_user"));
            assertThat(scalar(a, "SELECT count(*) FROM scim_dyn_membership")).isEqualTo("1000");
        }
    }

    @Test
    void anInterruptedSeedLeavesNothingBehind() throws Exception {
        try (HikariDataSource pool = freshDatabase("seed_jsonb_d")) {
            String indexesBefore;
            try (IdentityStore ignored = IdentityStores.open("jsonb", pool, Json.mapper())) {
                indexesBefore = scalar(pool, INDEXES);
            }
            assertThatThrownBy(() -> seed(pool, 30_000, n -> {
                if (n >= 20_000) {
                    throw new IllegalStateException("interrupted at " + n);
                }
            })).hasMessage("interrupted at 20000");
            assertThat(scalar(pool, "SELECT count(*) FROM scim_user")).isEqualTo("0");
            assertThat(scalar(pool, "SELECT count(*) FROM scim_membership")).isEqualTo("0");
            assertThat(scalar(pool, INDEXES)).as("dropped indexes come back with the rollback").isEqualTo(indexesBefore);
        }
    }
}
