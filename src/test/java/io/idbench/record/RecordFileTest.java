package io.idbench.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.idbench.common.FileTrees;
import io.idbench.config.Api;
import io.idbench.config.ConfigException;
import io.idbench.config.OperationKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A record is read in the shape of this build whatever its version, or refused in one line; it is written whole. */
class RecordFileTest {
    /** A record of the first generation (November 2026): no schemaVersion, each repetition naming its plan. */
    private static final Path VERSION_0 = Path.of("src/test/resources/site-fixture/results/jsonb-10k/20261123-000059");

    @TempDir
    Path tmp;

    private Path record(String json) throws IOException {
        Path dir = tmp.resolve("results/jsonb-nodyn-1k/r1");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(RecordFile.NAME), json);
        return dir;
    }

    @Test
    void aRecordWithoutAVersionIsBroughtUpToDate() throws IOException {
        assertThat(Files.readString(VERSION_0.resolve(RecordFile.NAME))).doesNotContain("schemaVersion")
                .contains("\"plan\" : \"heterogeneous\"");
        RunRecord r = RecordFile.read(VERSION_0);
        assertThat(r.schemaVersion()).isEqualTo(RunRecord.SCHEMA_VERSION);
        assertThat(r.status()).isEqualTo(RunStatus.COMPLETE);
        assertThat(r.repetitions()).hasSize(1);
        assertThat(r.repetitions().get(0).labels()).containsKey(RunRecord.ALL);
        assertThat(r.parameter("plan")).isEqualTo("heterogeneous");
    }

    /** Version 1 named its labels only: each takes its kind and interface from its plan file's catalogue. */
    @Test
    void aRecordOfVersion1TakesItsOperationsTypesFromItsPlan() throws IOException {
        RunRecord r = RecordFile.read(VERSION_0);
        assertThat(r.operations()).containsEntry("Create new user", new OperationType(OperationKind.CREATE, Api.SCIM))
                .containsEntry("Read new user by userName", new OperationType(OperationKind.SEARCH, Api.SCIM))
                .doesNotContainKey(RunRecord.ALL);
        RunRecord ldap = RecordFile.read(record("{\"schemaVersion\": 1, \"parameters\": {\"plan\": \"members\", \"target\":"
                + " \"openldap\"}, \"labels\": {\"Count members\": {\"p95\": 3}, \"My own label\": {\"p95\": 4}}}"));
        assertThat(ldap.operations()).containsOnly(Map.entry("Count members", new OperationType(OperationKind.SEARCH, Api.LDAP)));
    }

    @Test
    void aHandMadeRecordTakesItsScenarioAndRunIdFromItsDirectory() throws IOException {
        RunRecord r = RecordFile.read(record("{\"status\": \"complete\", \"labels\": {\"ALL\": {\"p95\": 10}}}"));
        assertThat(r.scenario()).isEqualTo("jsonb-nodyn-1k");
        assertThat(r.runId()).isEqualTo("r1");
        assertThat(r.figure(RunRecord.ALL, "p95")).isEqualTo(10);
    }

    @Test
    void aRecordOfANewerVersionIsRefused() throws IOException {
        Path dir = record("{\"schemaVersion\": 3, \"status\": \"complete\"}");
        assertThatThrownBy(() -> RecordFile.read(dir)).isInstanceOf(ConfigException.class).hasMessage(dir.resolve(RecordFile.NAME)
                + " is a record of schema version 3; this idbench reads versions up to 2: read it with a newer idbench");
    }

    @Test
    void aVersionThatIsNoWholeNumberIsRefused() throws IOException {
        Path dir = record("{\"schemaVersion\": \"one\"}");
        assertThatThrownBy(() -> RecordFile.read(dir)).isInstanceOf(ConfigException.class)
                .hasMessage(dir.resolve(RecordFile.NAME) + " has a schemaVersion that is not a whole number: \"one\"");
    }

    @Test
    void aFieldTheRecordDoesNotKnowIsRefusedWithWhereItIs() throws IOException {
        Path dir = record("{\"schemaVersion\": 2, \"repetitions\": [{\"repetition\": 1, \"labels\": {\"ALL\": {\"samples\": 3,"
                + " \"p42\": 7}}}]}");
        assertThatThrownBy(() -> RecordFile.read(dir)).isInstanceOf(ConfigException.class).hasMessage(dir.resolve(RecordFile.NAME)
                + " does not fit the run record of schema version 2: unknown field \"p42\" at repetitions[0].labels.ALL");
    }

    @Test
    void aRecordThatIsNotJsonIsRefused() throws IOException {
        Path dir = record("{\"status\": ");
        assertThatThrownBy(() -> RecordFile.read(dir)).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(dir.resolve(RecordFile.NAME) + " is not JSON: ");
    }

    @Test
    void whatIsWrittenIsReadBackAsItWas() throws IOException {
        Path dir = tmp.resolve("copy");
        FileTrees.copy(VERSION_0, dir);
        RunRecord read = RecordFile.read(dir);
        RecordFile.write(dir, read);
        assertThat(Files.readString(dir.resolve(RecordFile.NAME))).startsWith("{\n  \"schemaVersion\" : 2,\n  \"status\" : \"complete\"");
        assertThat(RecordFile.read(dir)).isEqualTo(read);
        assertThat(dir.resolve(RecordFile.NAME + ".tmp")).doesNotExist();
    }

    @Test
    void onlyARunningRecordIsMarkedInterrupted() throws IOException {
        Path dir = tmp.resolve("running");
        RecordFile.write(dir, RunRecord.opened("jsonb-nodyn-1k", "r2", "2026-11-26T07:00:00Z", Map.of("plan", "heterogeneous"), Map.of(),
                null, null));
        assertThat(RecordFile.interruptIfRunning(dir, "stopped by a test")).isTrue();
        RunRecord r = RecordFile.read(dir);
        assertThat(r.status()).isEqualTo(RunStatus.INTERRUPTED);
        assertThat(r.statusReason()).isEqualTo("stopped by a test");
        assertThat(r.ended()).isNotNull();
        assertThat(RecordFile.interruptIfRunning(dir, "again")).isFalse();
        assertThat(RecordFile.read(dir).statusReason()).isEqualTo("stopped by a test");
    }
}
