package io.idbench.site;

import io.idbench.results.Comparison;
import io.idbench.service.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The regression verdict of the newest run of every trend series against its baseline (the series'
 * previous run, or a committed baseline file): what a nightly job reports and may fail on.
 */
public record Verdict(double tolerancePct, List<Entry> latest) {

    /** {@code baseline}: what the run was compared with (a run's page or a file), null for a series' first run. */
    public record Entry(RecordedRun run, String baseline, List<Comparison.Delta> regressions) {
        public boolean regressed() {
            return !regressions.isEmpty();
        }

        public List<String> brief() {
            return Verdict.brief(regressions);
        }
    }

    /** One phrase per regressed operation: "Create new user: p95 +30.0%, throughput -29.5%". */
    static List<String> brief(List<Comparison.Delta> regressions) {
        Map<String, List<String>> byLabel = new LinkedHashMap<>();
        for (Comparison.Delta d : regressions) {
            byLabel.computeIfAbsent(d.label(), l -> new ArrayList<>())
                    .add(d.figure() + " " + String.format(java.util.Locale.ROOT, "%+.1f%%", d.changePct()));
        }
        List<String> out = new ArrayList<>();
        byLabel.forEach((label, figures) -> out.add(label + ": " + String.join(", ", figures)));
        return out;
    }

    public List<Entry> regressed() {
        return latest.stream().filter(Entry::regressed).toList();
    }

    public boolean anyRegression() {
        return !regressed().isEmpty();
    }

    /** The lines `idbench site` prints and verdict.txt holds. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        for (Entry e : regressed()) {
            e.regressions().forEach(d -> out.add(e.run().scenario() + " " + e.run().runId() + ": " + d.line() + " (against " + e.baseline() + ")"));
        }
        long compared = latest.stream().filter(e -> e.baseline() != null).count();
        out.add(anyRegression()
                ? regressed().size() + " of " + compared + " newest runs regressed beyond " + Table.number(tolerancePct) + "%"
                : "No regression beyond " + Table.number(tolerancePct) + "% in the newest run of " + compared + " series with a baseline");
        return out;
    }

    void write(Path siteRoot) throws IOException {
        Files.write(siteRoot.resolve("verdict.txt"), lines());
        List<Map<String, Object>> entries = new ArrayList<>();
        for (Entry e : latest) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("scenario", e.run().scenario());
            m.put("runId", e.run().runId());
            m.put("page", e.run().page());
            m.put("baseline", e.baseline());
            m.put("regressions", e.regressions());
            entries.add(m);
        }
        Json.mapper().writerWithDefaultPrettyPrinter().writeValue(siteRoot.resolve("verdict.json").toFile(),
                Map.of("tolerancePct", tolerancePct, "regressed", anyRegression(), "series", entries));
    }
}
