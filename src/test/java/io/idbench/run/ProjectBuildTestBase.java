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
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * The benchmark as a user runs it: {@code ./mvnw verify} on a copy of this project (main sources, plans, parameters,
 * wrapper), through jmeter-maven-plugin, each run recorded under the test class's own results directory.
 */
abstract class ProjectBuildTestBase {
    static final Path PROJECT = Path.of("").toAbsolutePath();
    private static final List<String> COPIED = List.of("pom.xml", "formatter.xml", "mvnw", ".mvn", "src/main", "jmeter", "parameters",
            "site");
    /** The engines' distributions the outer build unpacked: no build of the copy unpacks them again. */
    private static final String ENGINES_OF_THIS_BUILD = "-Dsearch-dist.directory=" + PROJECT.resolve("target/search-dist");
    private static final Duration PACKAGE_TIMEOUT = Duration.ofMinutes(10);
    private static Path builtCopy;

    @TempDir
    static Path tmp;
    static Path project;

    @BeforeAll
    static void useTheBuiltCopy() throws IOException, InterruptedException {
        project = builtCopy();
    }

    /**
     * One copy for every build test of the run, compiled and packed once by {@code ./mvnw package}: each build after it
     * finds its classes up to date and skips the shade step (-Didbench.shade.skip), about 20 s less per build on 2 cores.
     */
    private static synchronized Path builtCopy() throws IOException, InterruptedException {
        if (builtCopy == null) {
            QuickTier.refuseServer("a Maven build of the project");
            Path dir = Files.createTempDirectory("idbench-project");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    FileTrees.delete(dir);
                } catch (IOException e) {
                    System.err.println("the project's copy " + dir + " is left: " + e.getMessage());
                }
            }));
            for (String part : COPIED) {
                FileTrees.copy(PROJECT.resolve(part), dir.resolve(part));
            }
            dir.resolve("mvnw").toFile().setExecutable(true);
            Path log = dir.resolve("package.log");
            Process mvn = maven(dir, log, List.of("./mvnw", "-B", "-ntp", "package", "-DskipTests", "-Didbench.skip=true",
                    ENGINES_OF_THIS_BUILD));
            if (!mvn.waitFor(PACKAGE_TIMEOUT.toMinutes(), TimeUnit.MINUTES)) {
                mvn.destroyForcibly();
            }
            assertThat(mvn.waitFor(30, TimeUnit.SECONDS) && mvn.exitValue() == 0)
                    .as("./mvnw package in the project's copy:\n" + FileTrees.tail(log, 40)).isTrue();
            builtCopy = dir;
        }
        return builtCopy;
    }

    /** ./mvnw verify in the copy; the unit tests are not copied, the engines' distributions are the outer build's. */
    static Process verify(Path log, String... args) throws IOException {
        QuickTier.refuseServer("a Maven build of the project");
        List<String> cmd = new ArrayList<>(List.of("./mvnw", "-B", "-ntp", "verify", "-DskipTests", "-Didbench.shade.skip=true",
                ENGINES_OF_THIS_BUILD, "-Dresults=" + tmp.resolve("results")));
        cmd.addAll(List.of(args));
        return maven(project, log, cmd);
    }

    /**
     * Maven's own JVM with C1 only: a test's build runs a few seconds of plugins, which C2 would spend compiling (a short run's
     * build 8-9 s faster on 2 cores). The service and JMeter are JVMs of their own, with their flags.
     */
    private static Process maven(Path dir, Path log, List<String> cmd) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("MAVEN_OPTS", "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC");
        return pb.start();
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
