package io.idbench.site;

import com.fasterxml.jackson.databind.JsonNode;
import io.idbench.results.Comparison;
import io.idbench.results.RunStatistics;
import io.idbench.service.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Per scenario (on one machine, in one shape), p95 and throughput of each operation over successive
 * runs, every run compared with its baseline: the committed file {@code <baselines>/<scenario>.json}
 * when there is one, otherwise the series' previous run. A figure worse than the baseline by more
 * than the tolerance is a regression (the rules of {@code idbench compare}) and is flagged in red.
 */
final class TrendsPage {
    private TrendsPage() {
    }

    /** One run of a series, with what it was compared with and every figure compared. */
    record Step(RecordedRun run, String baseline, List<Comparison.Delta> deltas) {
        public List<Comparison.Delta> regressions() {
            return deltas.stream().filter(Comparison.Delta::regression).toList();
        }

        public List<String> brief() {
            return Verdict.brief(regressions());
        }

        public boolean flagged(String label, String figure) {
            return deltas.stream().anyMatch(d -> d.regression() && d.label().equals(label) && d.figure().equals(figure));
        }
    }

    record Series(String id, String machine, String scenario, String shape, List<Step> steps, List<Chart> charts) {
        public Step latest() {
            return steps.get(steps.size() - 1);
        }
    }

    record Trends(List<Series> series, Verdict verdict) {
    }

    static Trends compute(RunHistory history, double tolerancePct, Path baselines) {
        Comparison comparison = new Comparison(tolerancePct);
        List<Series> all = new ArrayList<>();
        List<Verdict.Entry> latest = new ArrayList<>();
        for (List<RecordedRun> runs : history.series().values()) {
            RecordedRun first = runs.get(0);
            JsonNode committed = committedBaseline(baselines, first.scenario());
            List<Step> steps = new ArrayList<>();
            for (int i = 0; i < runs.size(); i++) {
                RecordedRun r = runs.get(i);
                if (committed != null) {
                    String file = baselines.resolve(first.scenario() + ".json").toString();
                    steps.add(new Step(r, file, comparison.compare(committed.path("labels"), r.labels())));
                } else if (i > 0) {
                    RecordedRun previous = runs.get(i - 1);
                    steps.add(new Step(r, previous.scenario() + " " + previous.runId(), comparison.compare(previous.labels(), r.labels())));
                } else {
                    steps.add(new Step(r, null, List.of()));
                }
            }
            String id = "trend-" + (all.size() + 1) + "-" + Chart.slug(first.scenario());
            List<Chart> charts = runs.size() < 2 ? List.of()
                    : List.of(chart(id, first.scenario(), steps, "p95", "p95 (ms)", true),
                            chart(id, first.scenario(), steps, "throughput", "throughput (req/s)", true));
            Series s = new Series(id, first.machine(), first.scenario(), first.shape(), steps, charts);
            all.add(s);
            Step last = s.latest();
            latest.add(new Verdict.Entry(last.run(), last.baseline(), last.regressions()));
        }
        return new Trends(all, new Verdict(tolerancePct, latest));
    }

    private static JsonNode committedBaseline(Path baselines, String scenario) {
        if (baselines == null) {
            return null;
        }
        Path file = baselines.resolve(scenario + ".json");
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return Json.mapper().readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("the baseline " + file + " does not parse: " + e.getMessage(), e);
        }
    }

    private static Chart chart(String id, String scenario, List<Step> steps, String figure, String unit, boolean log) {
        List<String> labels = RecordedRun.operations(steps.stream().map(Step::run).toList());
        List<Chart.Series> lines = new ArrayList<>();
        int colour = 0;
        for (String label : labels) {
            List<Chart.Point> points = new ArrayList<>();
            for (Step step : steps) {
                RecordedRun r = step.run();
                double v = r.figure(label, figure);
                if (Double.isFinite(v)) {
                    points.add(new Chart.Point(r.when() + " " + r.commit(), v, step.flagged(label, figure), r.page()));
                }
            }
            lines.add(new Chart.Series(label, Chart.colour(colour++), label.equals(RunStatistics.ALL), points));
        }
        return new Chart(id + "-" + figure, scenario + ": " + figure, Chart.LINE, new Chart.Axis("run (UTC, commit)", false, false),
                new Chart.Axis(unit, log, true), lines);
    }

    static Page build(Trends trends) {
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("trends", trends.series().stream().filter(s -> !s.charts().isEmpty()).toList());
        model.put("single", trends.series().stream().filter(s -> s.charts().isEmpty()).toList());
        model.put("verdict", trends.verdict());
        List<Chart> charts = new ArrayList<>();
        trends.series().forEach(s -> charts.addAll(s.charts()));
        return new Page("trends.html", "trends", "Trends", model, charts);
    }
}
