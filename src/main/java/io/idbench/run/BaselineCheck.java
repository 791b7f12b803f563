package io.idbench.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.cli.CompareCommand;
import io.idbench.results.Comparison;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * verify, with {@code -Dbaseline=}: the recorded run against a baseline run or file, as
 * {@code idbench compare} does; the verdict is recorded beside the run and regressions fail the build.
 */
final class BaselineCheck {
    private final RunDirectory run;
    private final PrintStream out;

    BaselineCheck(RunDirectory run, PrintStream out) {
        this.run = run;
        this.out = out;
    }

    /** @return one line per regression (none without a baseline, or when the run itself failed) */
    List<String> check() throws IOException {
        ObjectNode state = run.readRun();
        Path record = Path.of(state.path("recordDir").asText());
        ObjectNode summary = RunRecord.read(record);
        if (!state.has("baseline") || !RunRecord.COMPLETE.equals(summary.path("status").asText())) {
            return new ArrayList<>();
        }
        Path baselinePath = Path.of(state.path("baseline").asText());
        double tolerance = state.path("tolerance").asDouble();
        JsonNode baseline = CompareCommand.summary(baselinePath, "baseline");
        List<Comparison.Delta> deltas = new Comparison(tolerance).compare(baseline.path("labels"), summary.path("labels"));
        Comparison.shapeDifferences(baseline.path("parameters"), summary.path("parameters"))
                .forEach(d -> out.println("[idbench] note: " + d));
        List<String> regressions = new ArrayList<>();
        ObjectNode verdict = summary.putObject("comparison");
        verdict.put("baseline", baselinePath.toString()).put("tolerancePct", tolerance);
        var listed = verdict.putArray("regressions");
        for (Comparison.Delta d : deltas) {
            if (d.regression()) {
                listed.addPOJO(d);
                out.println("[idbench] " + d.line());
                regressions.add(String.format(java.util.Locale.ROOT, "%s: %s %.2f -> %.2f (%+.1f%%) against %s", d.label(), d.figure(),
                        d.baseline(), d.run(), d.changePct(), baselinePath));
            }
        }
        verdict.put("figuresCompared", deltas.size());
        RunRecord.write(record, summary);
        out.println("[idbench] Against " + baselinePath + ": " + (regressions.isEmpty() ? "no regression beyond " + tolerance + "%"
                : regressions.size() + " of " + deltas.size() + " figures regressed beyond " + tolerance + "%"));
        return regressions;
    }
}
