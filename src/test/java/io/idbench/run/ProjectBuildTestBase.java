package io.idbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.common.FileTrees;
import io.idbench.common.Json;
import io.idbench.record.RecordFile;
import io.idbench.results.RunStatistics;
import io.idbench.support.QuickTier;
import io.idbench.support.RecordSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * The benchmark as a user runs it: {@code ./mvnw verify} on a copy of this project (main sources, plans, parameters,
 * wrapper), through jmeter-maven-plugin, each run recorded under the copy's own results directory.
 */
abstract class ProjectBuildTestBase {
    static final Path PROJECT = Path.of("").toAbsolutePath();
    private static final List<String> COPIED = List.of("pom.xml", "formatter.xml", "mvnw", ".mvn", "src/main", "jmeter", "parameters",
            "site");

    @TempDir
    static Path tmp;
    static Path project;

    @BeforeAll
    static void copyProject() throws IOException {
        project = tmp.resolve("project");
        for (String part : COPIED) {
            FileTrees.copy(PROJECT.resolve(part), project.resolve(part));
        }
        project.resolve("mvnw").toFile().setExecutable(true);
    }

    /** ./mvnw verify in the copy; the unit tests are not copied, the engines' distributions are the outer build's. */
    static Process verify(Path log, String... args) throws IOException {
        QuickTier.refuseServer("a Maven build of the project");
        List<String> cmd = new ArrayList<>(List.of("./mvnw", "-B", "-ntp", "verify", "-DskipTests",
                "-Dsearch-dist.directory=" + PROJECT.resolve("target/search-dist"), "-Dresults=" + tmp.resolve("results")));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).directory(project.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /** A run's record as the file holds it, after checking that it reads as a record of this build and fits its JSON Schema. */
    static JsonNode summary(String scenario, String runId) throws IOException {
        Path dir = tmp.resolve("results").resolve(scenario).resolve(runId);
        RecordFile.read(dir);
        JsonNode written = Json.mapper().readTree(dir.resolve(RecordFile.NAME).toFile());
        assertThat(RecordSchema.violations(written)).as("the record fits docs/summary.schema.json").isEmpty();
        return written;
    }

    /** The samples of a JTL in the measured phase so far. */
    static long measuredSamples(Path jtl) throws IOException {
        try (Stream<String> l = Files.lines(jtl)) {
            return l.filter(line -> line.contains("," + RunStatistics.MEASURE + ",")).count();
        }
    }
}
