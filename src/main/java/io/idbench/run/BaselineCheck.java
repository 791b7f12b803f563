package io.idbench.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.results.Comparison;
import io.idbench.results.RunNoise;
import io.idbench.results.RunRecord;
import io.idbench.results.RunSummary;
import io.idbench.results.RunVerdict;
import io.idbench.results.Verdict;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * verify, with {@code -Dbaseline=}: the recorded run against a baseline run or file, as
 * {@code idbench compare} does; the verdict is recorded beside the run and regressions fail the build.
 */
record BaselineCheck(RunDirectory run, PrintStream out) {

    /** @return one line per regression (none without a baseline, or when the run itself failed) */
    List<String> check() throws IOException {
        PreparedRun state = run.prepared();
        Path record = state.recordPath();
        ObjectNode summary = RunRecord.read(record);
        RunSummary head = RunSummary.of(summary);
        if (state.baseline() == null || !RunRecord.COMPLETE.equals(head.status())) {
            return new ArrayList<>();
        }
        Path baselinePath = Path.of(state.baseline());
        double tolerance = state.tolerance();
        JsonNode baseline = RunRecord.complete(baselinePath, "baseline");
        Comparison.shapeDifferences(baseline.path("parameters"), summary.path("parameters"))
                .forEach(d -> out.println("[idbench] note: " + d));
        RunNoise noise = RunNoise.estimate(RunNoise.comparable(RunRecord.siblings(record), summary, List.of(summary, baseline)),
                head.scenario() + " on this machine");
        RunVerdict.Outcome outcome = RunVerdict.judge(baseline, summary, tolerance, Verdict.DEFAULT_ALPHA, false, noise);
        ObjectNode verdict = summary.putObject("comparison");
        verdict.put("baseline", baselinePath.toString()).put("minEffectPct", tolerance).put("alpha", Verdict.DEFAULT_ALPHA)
                .put("verdict", outcome.kind().name().toLowerCase(Locale.ROOT)).put("summary", outcome.summary());
        verdict.putPOJO("regressions", outcome.regressions());
        RunRecord.write(record, summary);
        outcome.lines().forEach(l -> out.println("[idbench] " + l));
        out.println("[idbench] Against " + baselinePath + ": " + outcome.summary());
        List<String> regressions = new ArrayList<>();
        outcome.regressions().forEach(r -> regressions.add(r + " against " + baselinePath));
        return regressions;
    }
}
