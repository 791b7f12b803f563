package io.idbench.run;

import io.idbench.config.ConfigException;
import io.idbench.config.Parameter;
import io.idbench.config.Parameters;
import io.idbench.config.ScenarioResolver;
import io.idbench.record.RecordFile;
import io.idbench.results.ComparisonPlan;
import io.idbench.results.FigureName;
import io.idbench.results.Verdict;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code versus.detect}: the run's forks and rounds from the comparisons recorded beside it, or a refusal, before it starts. */
final class ComparisonPlanning {
    /** What a round's spread depends on: comparisons of another shape say nothing of this one's. */
    private static final List<String> SHAPE = Parameters.keys(Parameter.Role.WORKLOAD, Parameter.Role.LOAD);

    private ComparisonPlanning() {
    }

    static double target(ScenarioResolver.Resolved r) {
        String text = r.get("versus.detect").strip();
        String number = text.endsWith("%") ? text.substring(0, text.length() - 1).strip() : text;
        try {
            return Double.parseDouble(number);
        } catch (NumberFormatException e) {
            throw new ConfigException("versus.detect must be a change in %, e.g. 5%, was '" + text + "'");
        }
    }

    /**
     * The smallest significant change a planned comparison flags: half its target. A floor at the target itself would find a
     * true change of the target only when its estimate came out above it, half the time; a planned comparison's significant
     * changes lie above half the target anyway (its critical value is about two thirds of it), so the floor costs no power.
     */
    static double floor(double target) {
        return target / 2;
    }

    static ComparisonPlan plan(ScenarioResolver.Resolved r, RunSettings settings, Path basedir) throws IOException {
        double target = target(r);
        if (settings.versus == null) {
            throw new ConfigException("versus.detect plans a comparison; name its other side with versus, versus.jar or versus.handicap");
        }
        for (String chosen : List.of("versus.forks", "repeat")) {
            if (r.explicit(chosen)) {
                throw new ConfigException("versus.detect chooses versus.forks and repeat itself; drop " + chosen + "=" + r.get(chosen));
            }
        }
        List<FigureName> primary = settings.versusPrimary.stream().map(FigureName::parse).toList();
        Map<String, String> shape = new LinkedHashMap<>();
        SHAPE.forEach(k -> shape.put(k, r.get(k)));
        Path record = settings.newRecordDir(basedir, settings.runId).resolve(RecordFile.NAME);
        ComparisonPlan.Evidence evidence = ComparisonPlan.evidence(RecordFile.siblings(record), primary, shape,
                settings.versusDuet);
        return ComparisonPlan.plan(target, Verdict.DEFAULT_ALPHA, primary.size(), Double.parseDouble(r.get("versus.budget")),
                evidence);
    }
}
