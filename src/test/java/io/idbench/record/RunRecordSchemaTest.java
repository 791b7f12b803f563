package io.idbench.record;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.common.Json;
import io.idbench.support.RecordSchema;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The record's JSON Schema: generated from its types by the build, committed where users read it, and what every record of
 * the site's fixture (several generations, brought up to date) is once this build writes it.
 */
class RunRecordSchemaTest {
    private static final Path FIXTURE = Path.of("src/test/resources/site-fixture/results");

    private static List<Path> fixtureRecords() throws IOException {
        try (Stream<Path> files = Files.find(FIXTURE, 3, (p, a) -> p.getFileName().toString().equals(RecordFile.NAME))) {
            return files.sorted().toList();
        }
    }

    @Test
    void theCommittedSchemaIsTheOneGeneratedFromTheTypes() throws IOException {
        try (InputStream generated = RunRecord.class.getResourceAsStream("summary.schema.json")) {
            assertThat(generated).as("the build generates the schema into the jar (jsonschema-maven-plugin)").isNotNull();
            assertThat(Json.mapper().readTree(RecordSchema.FILE.toFile()))
                    .as(RecordSchema.FILE + " differs from the schema generated from the record's types: copy"
                            + " target/classes/io/idbench/record/summary.schema.json over it")
                    .isEqualTo(Json.mapper().readTree(generated));
        }
    }

    @Test
    void everyRecordOfTheFixtureValidatesOnceBroughtUpToDate() throws IOException {
        List<Path> records = fixtureRecords();
        assertThat(records).as("the fixture's records").hasSizeGreaterThanOrEqualTo(60);
        for (Path file : records) {
            JsonNode written = Json.mapper().valueToTree(RecordFile.parse(file));
            assertThat(RecordSchema.violations(written)).as(file.toString()).isEmpty();
        }
    }

    @Test
    void aFigureThatCouldNotBeComputedIsWrittenAsNaNAndFits() {
        RunRecord oneRepetition = RunRecord.opened("s", "r", "2026-11-26T09:00:00Z", Map.of(), Map.of(), null, null)
                .withIntervals(Map.of(RunRecord.ALL, Map.of("p95", new Interval(12, Double.NaN, Double.NaN, Double.NaN))));
        JsonNode written = Json.mapper().valueToTree(oneRepetition);
        assertThat(written.at("/intervals/ALL/p95/logSe").asText()).isEqualTo("NaN");
        assertThat(RecordSchema.violations(written)).isEmpty();
    }

    @Test
    void aFieldTheTypesDoNotHaveOrAMissingVersionBreaksTheSchema() throws IOException {
        ObjectNode record = Json.mapper().valueToTree(RecordFile.parse(fixtureRecords().get(0)));
        record.put("verdictOfTheWeek", "faster");
        ((ObjectNode) record.withArray("repetitions").get(0)).put("plan", "heterogeneous");
        record.remove("schemaVersion");
        assertThat(RecordSchema.violations(record)).hasSize(3).anySatisfy(v -> assertThat(v).contains("schemaVersion"))
                .anySatisfy(v -> assertThat(v).contains("verdictOfTheWeek")).anySatisfy(v -> assertThat(v).contains("plan"));
    }
}
