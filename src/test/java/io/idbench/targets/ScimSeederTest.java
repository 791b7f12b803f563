package io.idbench.targets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.common.Json;
import io.idbench.config.Storage;
import io.idbench.seed.IdentityGenerator;
import io.idbench.seed.SeedProgress;
import io.idbench.seed.UsersCsv;
import io.idbench.support.ServiceTestBase;
import io.idbench.support.StartsServers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeding a SCIM target through its API, against idbench's own service on a real PostgreSQL (the
 * service stands for any SCIM 2.0 server here): the identities and their groups are created, the
 * ids the target assigned are the ones written for the plans, a second seed finds everything and
 * creates nothing, and a target that refuses is a precise failure.
 */
@StartsServers
class ScimSeederTest extends ServiceTestBase {
    private static final int USERS = 120;

    @TempDir
    Path tmp;

    @Override
    protected Storage storage() {
        return Storage.JSONB;
    }

    private ScimSeeder seeder(String token) {
        return seeder(token, 4);
    }

    private ScimSeeder seeder(String token, int parallelism) {
        return new ScimSeeder(new ScimClient(server.baseUrl(), TokenSource.fixed(token)), new IdentityGenerator(Json.mapper()),
                parallelism, SeedProgress.NONE);
    }

    @Test
    void seedsIdentitiesAndGroupsOverScimAndASecondSeedFindsThem() throws Exception {
        ScimSeeder.Result first = seeder(TOKEN).seed(USERS);
        assertThat(first.created()).isEqualTo(USERS);
        assertThat(first.ids()).hasSize(USERS).doesNotHaveDuplicates();
        for (int n : List.of(1, 57, USERS)) {
            JsonNode user = scim.get("/Users/" + first.ids().get(n - 1)).body();
            assertThat(user.path("userName").asText()).isEqualTo("user." + n);
            assertThat(user.path("active").asBoolean()).isTrue();
        }
        JsonNode hr = scim.get("/Users?filter=" + io.idbench.support.ScimClient.q("groups.value eq \"" + first.groups().get(0) + "\"")
                + "&count=0").body();
        assertThat(hr.path("totalResults").asLong()).isEqualTo(USERS);

        ScimSeeder.Result again = seeder(TOKEN).seed(USERS);
        assertThat(again.created()).as("everything was there").isZero();
        assertThat(again.ids()).isEqualTo(first.ids());
        assertThat(again.groups()).isEqualTo(first.groups());

        Path csv = tmp.resolve("ids.csv");
        UsersCsv.write(csv, first.ids());
        List<String> lines = Files.readAllLines(csv);
        assertThat(lines).hasSize(USERS + 1).startsWith(UsersCsv.HEADER, first.ids().get(0) + ",user.1");
    }

    @Test
    void aTargetThatRefusesIsAPreciseFailure() {
        // Many workers: the first refusal stops the pool while later ones are still being started (which once escaped as
        // the pool's RejectedExecutionException instead of the refusal).
        for (int parallelism : List.of(1, 4, 32)) {
            assertThatThrownBy(() -> seeder("not-the-token-0123456789", parallelism).seed(40)).as("parallelism %d", parallelism)
                    .isInstanceOf(IllegalStateException.class).hasMessageStartingWith("creating user.")
                    .hasMessageContaining(" answered 401: ");
        }
    }
}
