package io.idbench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.idbench.cli.ReadyFile;
import io.idbench.common.Json;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A replica repeats what the first service serves and how, never what it provisions, seeds, listens on or writes. */
class ReplicasTest {
    private static final List<String> PRIMARY = List.of("--storage=jsonb", "--search=elasticsearch", "--users=1000",
            "--db-provider=embedded", "--pg-data-dir=/cache/pg", "--pg-memory=1GB", "--search-provider=embedded", "--search-nodes=2",
            "--search-memory=4GB", "--fresh",
            "\"--token=secret token\"", "--token-key=k", "--users-csv=users.csv", "--info-file=service.json", "--port=0",
            "--stop-with-parent");

    @Test
    void aReplicaServesTheFirstServicesDatabaseAndEngineByUrl() throws Exception {
        ServiceInfo primary = new ServiceInfo(Json.mapper().readValue("""
                {"database": {"jdbcUrl": "jdbc:postgresql://127.0.0.1:40001/idbench", "user": "idbench", "password": "pw"},
                 "searchUrl": "http://127.0.0.1:40002,http://127.0.0.1:40003"}""", ReadyFile.class));
        assertThat(Replicas.args(PRIMARY, primary, Path.of("replica-2.json"))).containsExactly("--storage=jsonb",
                "--search=elasticsearch", "--users=1000", "\"--token=secret token\"", "--token-key=k", "--stop-with-parent",
                "--replica", "--db-provider=external", "--db-url=jdbc:postgresql://127.0.0.1:40001/idbench", "--db-user=idbench",
                "--db-password=pw", "--search-provider=external", "--search-url=http://127.0.0.1:40002,http://127.0.0.1:40003",
                "--info-file=replica-2.json");
    }

    @Test
    void withoutAnEngineOrPasswordNoneIsGiven() throws Exception {
        ServiceInfo primary = new ServiceInfo(Json.mapper().readValue("""
                {"database": {"jdbcUrl": "jdbc:postgresql://127.0.0.1:40001/idbench", "user": "postgres", "password": ""}}""",
                ReadyFile.class));
        assertThat(Replicas.args(List.of("--search=sql"), primary, Path.of("r.json"))).containsExactly("--search=sql", "--replica",
                "--db-provider=external", "--db-url=jdbc:postgresql://127.0.0.1:40001/idbench", "--db-user=postgres",
                "--info-file=r.json");
    }

    @Test
    void aServiceThatNamesNoDatabaseHasNoReplica() throws Exception {
        assertThatThrownBy(() -> Replicas.args(PRIMARY, new ServiceInfo(Json.mapper().readValue("{}", ReadyFile.class)), Path.of("r.json")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("the service's ready file names no database: a replica cannot be started on it");
    }
}
