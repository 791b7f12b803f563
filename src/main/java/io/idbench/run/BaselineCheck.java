package io.idbench.run;

import io.idbench.record.BaselineVerdict;
import io.idbench.record.RecordFile;
import io.idbench.record.RunRecord;
import io.idbench.record.RunStatus;
import io.idbench.results.Comparison;
import io.idbench.results.RunNoise;
import io.idbench.results.RunVerdict;
import io.idbench.results.Verdict;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * With {@code -Dbaseline=}: the recorded run against a baseline run or file, as
 * {@code idbench compare} does; the verdict is recorded beside the run and regressions fail the build.
 */
record BaselineCheck(RunDirectory run, PrintStream out) {

    /** @return one line per regression (none without a baseline, or when the run itself failed) */
    List<String> check() throws IOException {
        PreparedRun state = run.prepared();
        Path record = state.recordPath();
        RunRecord recorded = RecordFile.read(record);
        if (state.baseline() == null || recorded.status() != RunStatus.COMPLETE) {
            return new ArrayList<>();
        }
        Path baselinePath = Path.of(state.baseline());
        double tolerance = state.tolerance();
        RunRecord baseline = RecordFile.complete(baselinePath, "baseline");
        Comparison.shapeDifferences(baseline, recorded).forEach(d -> out.println("[idbench] note: " + d));
        RunNoise noise = RunNoise.estimate(RunNoise.comparable(RecordFile.siblings(record), recorded, List.of(recorded, baseline)),
                recorded.scenario() + " on this machine");
        RunVerdict.Outcome outcome = RunVerdict.judge(baseline, recorded, tolerance, Verdict.DEFAULT_ALPHA, false, noise);
        RecordFile.write(record, recorded.withComparison(new BaselineVerdict(baselinePath.toString(), tolerance, Verdict.DEFAULT_ALPHA,
                outcome.kind().name().toLowerCase(Locale.ROOT), outcome.summary(), outcome.regressions())));
        outcome.lines().forEach(l -> out.println("[idbench] " + l));
        out.println("[idbench] Against " + baselinePath + ": " + outcome.summary());
        List<String> regressions = new ArrayList<>();
        outcome.regressions().forEach(r -> regressions.add(r + " against " + baselinePath));
        return regressions;
    }
}
