package io.idbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.idbench.record.Change;
import io.idbench.record.RecordFile;
import io.idbench.record.RunRecord;
import io.idbench.record.RunRecordBuilder;
import io.idbench.record.Side;
import io.idbench.record.Versus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The A/A check on real records: ten interleaved comparisons of one build against a copy of itself (src/test/resources/aa-checks,
 * recorded on a quiet 2-core VM with both sides set up alike). Nothing differs but the two service processes, so a figure
 * flagged is a false alarm; each trial is judged with the instance noise learnt from the other nine, as a later run would be.
 */
class TenAaChecksTest {
    private static final Path CHECKS = Path.of("src/test/resources/aa-checks/jsonb-nodyn-1k");

    /** Each trial's two sides, A then B, of the checks with sides alike (aa1-*, aa2-*). */
    private static List<RunRecord[]> trials() throws IOException {
        List<RunRecord[]> out = new ArrayList<>();
        try (Stream<Path> runs = Files.list(CHECKS)) {
            for (Path a : runs.filter(p -> p.getFileName().toString().matches("aa[12]-\\d+")).sorted().toList()) {
                out.add(new RunRecord[] {RecordFile.read(a), RecordFile.read(a.resolveSibling(a.getFileName() + "-versus"))});
            }
        }
        return out;
    }

    /** A trial's verdict as an A/A check records it, for the others to learn from. */
    private static RunRecord asCheck(RunRecord[] trial) {
        List<Change> changes = new PairedVerdict(5, 0.05).compare(trial[0].repetitions(), trial[1].repetitions());
        Versus v = new Versus("a", "b", 5, 0.05, List.of(), null, changes, 0L, 0L, changes.size(), true, null, null, Side.A, Side.A);
        return RunRecordBuilder.builder().schemaVersion(RunRecord.SCHEMA_VERSION).runId(trial[0].runId()).versus(v).build();
    }

    private static int flagged(RunRecord[] trial, RunNoise instances) {
        return (int) new PairedVerdict(5, 0.05, instances).compare(trial[0].repetitions(), trial[1].repetitions()).stream()
                .filter(c -> c.regression() || c.improvement()).count();
    }

    @Test
    void withTheInstanceNoiseOfTheOtherNineNoTrialFlagsAFigure() throws IOException {
        List<RunRecord[]> trials = trials();
        assertThat(trials).hasSize(10);
        List<RunRecord> checks = trials.stream().map(TenAaChecksTest::asCheck).toList();
        List<String> alarms = new ArrayList<>();
        for (int i = 0; i < trials.size(); i++) {
            List<RunRecord> others = new ArrayList<>(checks);
            others.remove(i);
            RunNoise instances = RunNoise.ofInstances(others, "the other nine");
            assertThat(instances.source()).isEqualTo("estimated from 9 A/A checks of the other nine, per figure");
            int n = flagged(trials.get(i), instances);
            if (n > 0) {
                alarms.add(trials.get(i)[0].runId() + ": " + n);
            }
        }
        assertThat(alarms).isEmpty();
    }

    @Test
    void withTheRoundsAloneOneTrialInTenCriesWolf() throws IOException {
        // aa1-03: four latency figures of B 5.3 to 7.0 % "better", though both sides ran one build.
        List<String> alarms = trials().stream().filter(t -> flagged(t, RunNoise.NONE) > 0).map(t -> t[0].runId()).toList();
        assertThat(alarms).containsExactly("aa1-03");
    }
}
