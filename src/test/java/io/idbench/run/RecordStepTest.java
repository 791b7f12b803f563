package io.idbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.record.LabelSummary;
import io.idbench.record.Repetition;
import io.idbench.record.RunRecord;
import io.idbench.record.Thresholds;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A label that fails because of what the probe found about the target says so in the run's reason. */
class RecordStepTest {
    private final List<String> differences = List.of("sortBy ignored (sort not supported): plan 1's search is not sorted",
            "filter x found 0, the seeded identities hold 631: plan 4's \"Query by type and value range\" fails its count"
                    + " check, every sample an error");

    @Test
    void aViolationOfALabelTheProbeFoundWrongCarriesTheFinding() {
        assertThat(RecordStep.explained("Query by type and value range: error rate 100.00% (170 of 170) is above 0%", differences))
                .isEqualTo("Query by type and value range: error rate 100.00% (170 of 170) is above 0% (the probe found before the"
                        + " run: filter x found 0, the seeded identities hold 631: plan 4's \"Query by type and value range\" fails"
                        + " its count check, every sample an error)");
    }

    @Test
    void anyOtherViolationIsLeftAsItIs() {
        assertThat(RecordStep.explained("Query by type and e-mail: p95 90 ms is above 50 ms", differences))
                .isEqualTo("Query by type and e-mail: p95 90 ms is above 50 ms");
        assertThat(RecordStep.explained("JMeter wrote no results (x.jtl)", List.of()))
                .isEqualTo("JMeter wrote no results (x.jtl)");
    }

    @Test
    void aLimitExceededInSeveralRepetitionsIsOneLineSayingInHowMany() {
        Thresholds zeroErrors = new Thresholds(0, 50, 0);
        List<Repetition> reps = List.of(repetition(124, 124, 30), repetition(102, 102, 60), repetition(100, 0, 30));
        assertThat(RecordStep.violations(reps, zeroErrors, null)).containsExactly(
                "Range: error rate above 0% in 2 of 3 repetitions, the first 100.00% (124 of 124)",
                "Range: p95 above 50 ms in 1 of 3 repetitions, the first 60 ms");
        assertThat(RecordStep.violations(reps.subList(0, 1), zeroErrors, null))
                .containsExactly("Range: error rate 100.00% (124 of 124) is above 0%");
    }

    private static Repetition repetition(long samples, long errors, long p95) {
        LabelSummary range = new LabelSummary(samples, errors, (double) errors / samples, 10, 20, 1, 20, 25, p95, p95, p95, p95, null);
        return new Repetition(1, null, null, null, null, null, null, Map.of("Range", range, RunRecord.ALL, range), null, null, null,
                null);
    }

    @TempDir
    Path dir;

    private Path jar(String name, long time, String content) throws IOException {
        Path jar = dir.resolve(name);
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(jar))) {
            ZipEntry e = new ZipEntry("io/idbench/Service.class");
            e.setTime(time);
            out.putNextEntry(e);
            out.write(content.getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        return jar;
    }

    @Test
    void aJarBuiltAgainFromTheSameSourcesIsTheSameBuild() throws IOException {
        Path built = jar("built.jar", 1_000_000_000_000L, "the service");
        Path again = jar("again.jar", 1_700_000_000_000L, "the service");
        assertThat(Files.mismatch(built, again)).as("the bytes differ: timestamps").isNotEqualTo(-1);
        assertThat(RecordStep.sameContents(built, again)).isTrue();
        assertThat(RecordStep.sameContents(built, jar("other.jar", 1_000_000_000_000L, "another service"))).isFalse();
        assertThat(RecordStep.sameContents(built, dir.resolve("missing.jar"))).isFalse();
    }
}
