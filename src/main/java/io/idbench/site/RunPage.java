package io.idbench.site;

import io.idbench.common.FileTrees;
import io.idbench.record.BetweenRuns;
import io.idbench.record.ComponentCost;
import io.idbench.record.Cost;
import io.idbench.record.Distribution;
import io.idbench.record.Interval;
import io.idbench.record.LabelSummary;
import io.idbench.record.Numbers;
import io.idbench.record.RecordFile;
import io.idbench.record.Repetition;
import io.idbench.record.RepetitionCost;
import io.idbench.record.RunRecord;
import io.idbench.record.Spread;
import io.idbench.record.WarmUp;
import io.idbench.results.Bootstrap;
import io.idbench.results.Contrast;
import io.idbench.results.RecordedRun;
import io.idbench.results.RunStatistics;
import io.idbench.results.SteadyState;
import io.idbench.results.Trends;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * One run: its record copied beside the page (summary.json, the JTL and JMeter dashboard, the
 * service's log), and the page: the figures over all repetitions with their confidence intervals,
 * the cost per request of each component and the machine's state (disturbed or not), the warm-up
 * of each repetition, an interleaved comparison's verdict, each repetition's figures and their
 * spread, the percentile curve and latency histogram, the server's telemetry, parameters with
 * their origins, environment and seed. A calibration handicap or a disturbance is said on top.
 */
final class RunPage {
    private RunPage() {
    }

    /** Figures of a label as the statistics table shows them, in this order. */
    static final List<String> FIGURES = List.of("samples", "errors", "throughput", "mean", "min", "p50", "p90", "p95", "p99", "p999",
            "max");

    /** A repetition as its part of the page shows it: its files, what was left out, its statistics table, one line. */
    record RepetitionRow(int number, String dashboard, String jtl, Map<String, Long> excludedPhases, long partialConcurrencySamples,
            List<List<String>> rows, List<String> brief) {
    }

    /** The figures of the pooled table, each with its interval: p50 [low, high]… */
    static final List<String> POOLED = List.of("p50", "p95", "p99", "throughput", "serverP50", "serverP95", "serverCpuUs");

    /** One label over all repetitions: samples, error %, then each of {@link #POOLED} with its interval, "–" when absent. */
    record Pooled(String label, String samples, String errorPct, List<String> cells) {
    }

    /**
     * @param step      the run in its trend series: what it was judged against and what regressed, or null
     * @param withFiles whether the run's JTLs, dashboards and log come along, or only its summary.json
     * @param minEffectPct the smallest change the trends' verdict counted (the site's tolerance): what the page states
     */
    static Page build(RecordedRun run, BetweenRuns betweenRuns, Trends.Step step, Path siteRoot, boolean withFiles,
            double minEffectPct) throws IOException {
        String dir = run.page().substring(0, run.page().lastIndexOf('/'));
        Path copied = siteRoot.resolve(dir);
        if (withFiles) {
            FileTrees.copy(run.dir(), copied);
        } else {
            Files.createDirectories(copied);
            Files.copy(run.dir().resolve(RecordFile.NAME), copied.resolve(RecordFile.NAME));
        }
        RunRecord s = run.record();
        List<RepetitionRow> reps = new ArrayList<>();
        for (Repetition rep : s.repetitions()) {
            List<List<String>> rows = new ArrayList<>();
            rep.labels().forEach((label, stats) -> rows.add(row(label, stats)));
            reps.add(new RepetitionRow(rep.repetition(), existing(copied, rep.dashboard()), existing(copied, rep.jtl()),
                    rep.excludedPhases(), rep.partialConcurrencySamples() == null ? 0 : rep.partialConcurrencySamples(), rows,
                    brief(rep)));
        }
        List<Chart> charts = new ArrayList<>();
        String id = "run-" + Chart.slug(run.scenario() + "-" + run.runId());
        Repetition last = s.repetitions().isEmpty() ? null : s.repetitions().get(s.repetitions().size() - 1);
        if (!s.distributions().isEmpty()) {
            String which = s.repetitions().size() == 1 ? "the measured repetition"
                    : "all " + s.repetitions().size() + " measured repetitions";
            charts.add(percentiles(id, s.distributions(), which));
            charts.add(histogram(id, s.distributions(), which));
        } else if (last != null && !last.distributions().isEmpty()) {
            // Records from before the pooled distributions were kept: the last (warmest) repetition's.
            charts.add(percentiles(id, last.distributions(), "repetition " + last.repetition()));
            charts.add(histogram(id, last.distributions(), "repetition " + last.repetition()));
        }
        List<Chart> costCharts = new ArrayList<>();
        Map<String, Interval> costShown = ranComponents(run);
        if (!costShown.isEmpty()) {
            costCharts.add(cost(id, costShown));
        }
        boolean settled = !s.settling().isEmpty() && s.settling().get(0).warmup() != null;
        List<Repetition> first = settled ? s.settling() : s.repetitions();
        WarmUp firstWarmUp = first.isEmpty() ? null : first.get(0).warmup();
        if (firstWarmUp != null && firstWarmUp.windows().size() > 1) {
            costCharts.add(warmUp(id, firstWarmUp, settled ? "the settling repetition" : "repetition 1"));
        }
        charts.addAll(costCharts);
        List<Chart> spreadCharts = s.repetitions().size() > 1 ? repetitionCharts(id, s.repetitions()) : List.of();
        charts.addAll(spreadCharts);
        TimelineView.View timeline = s.timeline() == null ? null : TimelineView.of(id, s.timeline(), ranEngine(run));
        if (timeline != null) {
            charts.addAll(timeline.charts());
        }
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("timeline", timeline);
        model.put("run", run);
        model.put("summary", s);
        model.put("environment", RunFacts.environment(run));
        model.put("step", step);
        model.put("baselinePage", step == null || step.baselineRun() == null ? null : step.baselineRun().page());
        model.put("judged", step == null ? 0 : step.judged().size());
        model.put("minEffectPct", Numbers.trim(minEffectPct));
        model.put("steadyMinEffectPct", Numbers.trim(SteadyState.MIN_EFFECT_PCT));
        model.put("worse", step == null ? List.of() : TrendsPage.worse(run, step.baselineRun(), step.judged()));
        model.put("betweenCommits", step == null ? List.of() : step.betweenCommits().stream()
                .sorted(Comparator.comparing(c -> !c.label().equals(RunStatistics.ALL))).map(c -> (c.label().equals(
                        RunStatistics.ALL) ? "" : c.label() + " ") + c.figure() + " " + FindingWords.ratioWords(c) + " (" + Format.figure(c
                                .baseline())
                        + " → " + Format.figure(c.run()) + " " + new Contrast.Figure(c.label(), c
                                .figure()).unit()
                        + ")")
                .toList());
        model.put("measured", RunFacts.measured(run));
        model.put("seed", s.seed());
        model.put("seedPhases", s.seed() == null ? Map.of() : RunFacts.phases(s.seed().phases()));
        model.put("loadedPhases", s.seed() == null || s.seed().loaded() == null ? Map.of() : RunFacts.phases(s.seed().loaded().phases()));
        model.put("telemetry", s.telemetry());
        model.put("pool", RunFacts.pool(s.telemetry()));
        model.put("searchIndex", RunFacts.searchIndex(s.telemetry()));
        model.put("cache", RunFacts.cache(s.telemetry()));
        model.put("memoryBound", RunFacts.memoryBound(s));
        model.put("product", RunFacts.product(s.service()));
        model.put("overHttp", run.protocol().http());
        model.put("protocol", run.protocol().words());
        model.put("figures", FIGURES);
        model.put("repetitions", reps);
        ProvisioningView.View provisioning = ProvisioningView.of(id, s);
        model.put("provisioning", provisioning);
        // Plan 5's settling repetition is its initial cycle, shown with the cycles.
        model.put("settling", provisioning == null ? settling(s) : List.of());
        model.put("spread", s.spread());
        model.put("files", files(copied));
        model.put("runFiles", runFiles(copied, s));
        model.put("charts", charts.stream().filter(c -> !costCharts.contains(c) && !spreadCharts.contains(c)
                && (timeline == null || !timeline.charts().contains(c))).toList());
        model.put("spreadCharts", spreadCharts);
        model.put("spreadRows", spreadRows(s.spread()));
        model.put("costCharts", costCharts);
        model.put("costShown", costShown);
        model.put("ranEngine", ranEngine(run));
        model.put("pooled", pooled(run, run.record().intervals().isEmpty() ? null : run::interval));
        model.put("pooledBetween", betweenRuns == null ? List.of() : pooled(run, betweenRuns::interval));
        model.put("betweenSource", betweenRuns == null ? null : betweenRuns.source());
        model.put("pooledFigures", POOLED);
        model.put("headline", headline(run));
        return new Page(run.page(), "run", run.scenario() + " " + run.runId(), model, charts,
                provisioning == null ? List.of() : List.of(provisioning.cycles(), provisioning.kinds()));
    }

    private static List<String> row(String label, LabelSummary stats) {
        List<String> row = new ArrayList<>(List.of(label));
        for (double v : new double[] {stats.samples(), stats.errors(), stats.throughput(), stats.mean(), stats.min(), stats.p50(),
                stats.p90(), stats.p95(), stats.p99(), stats.p999(), stats.max()}) {
            row.add(row.size() <= 2 ? Format.count(v) : Format.figure(v));
        }
        row.add(Format.figure(stats.errorRate() * 100));
        row.add(Format.figure(stats.server() == null ? Double.NaN : stats.server().p50()));
        row.add(Format.figure(stats.server() == null ? Double.NaN : stats.server().p99()));
        return row;
    }

    /** A link to a file of the copied record, only when it is there (old records and fixtures may lack dashboards). */
    private static String existing(Path copied, String relative) {
        return relative != null && !relative.isEmpty() && Files.isRegularFile(copied.resolve(relative)) ? relative : null;
    }

    private static List<String> files(Path copied) {
        return List.of(RecordFile.NAME, "service.log", "resources.csv").stream().filter(f -> Files.isRegularFile(copied.resolve(f)))
                .toList();
    }

    /** The run's JTL and JMeter dashboard (one for all repetitions), where they were copied. */
    private static Map<String, String> runFiles(Path copied, RunRecord s) {
        Map<String, String> out = new LinkedHashMap<>();
        String jtl = existing(copied, s.jtl());
        String dashboard = existing(copied, s.dashboard());
        if (jtl != null) {
            out.put("JTL (every sample)", jtl);
        }
        if (dashboard != null) {
            out.put("JMeter dashboard", dashboard);
        }
        return out;
    }

    /**
     * The run in one line: throughput, p50 and p95 over all operations with their intervals within the run, the errors, and
     * what the system under test and the load generator spent per request; empty for a run that measured nothing.
     */
    static String headline(RecordedRun run) {
        if (run.record().provisioning() != null) {
            return ProvisioningView.headline(run.record().provisioning());
        }
        if (!(run.figure(RunStatistics.ALL, "throughput") > 0)) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        parts.add(figure(run, "throughput", "req/s") + " over all operations");
        parts.add("p50 " + figure(run, "p50", "ms") + ", p95 " + figure(run, "p95", "ms"));
        double samples = run.figure(RunStatistics.ALL, "samples");
        double errorRate = run.figure(RunStatistics.ALL, "errorRate");
        if (samples > 0) {
            double errors = Math.round(errorRate * samples);
            parts.add((errors > 0 ? Format.plural((long) errors, "error") : "no errors") + " in " + Format.count(samples) + " requests");
        } else if (errorRate >= 0) {
            parts.add(errorRate > 0 ? Format.figure(errorRate * 100) + " % errors" : "no errors");
        }
        Map<String, Interval> cpu = ranComponents(run);
        Interval system = cpu.get(Cost.SYSTEM_UNDER_TEST);
        if (system != null) {
            Interval jmeter = cpu.get("jmeter");
            parts.add(Format.figure(system.value()) + " µs of CPU per request in the system under test"
                    + (jmeter == null ? "" : ", " + Format.figure(jmeter.value()) + " µs in JMeter"));
        }
        return String.join("; ", parts) + ".";
    }

    private static String figure(RecordedRun run, String figure, String unit) {
        Interval i = run.record().intervals().isEmpty() ? null : run.interval(RunStatistics.ALL, figure);
        return i == null ? Format.figure(run.figure(RunStatistics.ALL, figure)) + " " + unit
                : Format.figure(i.value()) + " " + unit + " [" + Format.figure(i.low()) + ", " + Format.figure(i.high()) + "]";
    }

    /** Per label, the pooled figures with their intervals ({@code intervals}: within the run, or between runs), as the tables show them. */
    private static List<Pooled> pooled(RecordedRun run, BiFunction<String, String, Interval> intervals) {
        List<Pooled> out = new ArrayList<>();
        if (intervals == null) {
            return out;
        }
        run.labels().forEach((label, figures) -> {
            List<String> cells = new ArrayList<>();
            for (String f : POOLED) {
                Interval i = intervals.apply(label, f);
                cells.add(
                        i == null ? "–" : Format.figure(i.value()) + " [" + Format.figure(i.low()) + ", " + Format.figure(i.high()) + "]");
            }
            out.add(new Pooled(label, Format.count(figures.getOrDefault("samples", Double.NaN)),
                    Format.figure(figures.getOrDefault("errorRate", Double.NaN) * 100), cells));
        });
        return out;
    }

    /** One line per settling repetition: its warm-up, and its throughput against the measured repetitions' median. */
    private static List<String> settling(RunRecord s) {
        double median = Bootstrap.median(s.repetitions().stream().mapToDouble(r -> r.figure(RunRecord.ALL, "throughput")).toArray());
        List<String> out = new ArrayList<>();
        for (Repetition rep : s.settling()) {
            List<String> parts = brief(rep);
            double t = rep.figure(RunRecord.ALL, "throughput");
            if (Double.isFinite(t)) {
                parts.add("ALL " + Format.figure(t) + " req/s" + (median > 0 ? ", " + Format.figure(t / median) + " of the measured"
                        + " repetitions' median" : ""));
            }
            out.add("Settling repetition " + rep.repetition() + (parts.isEmpty() ? "" : ": " + String.join("; ", parts)));
        }
        return out;
    }

    /** One line per repetition: its warm-up, its ALL figures, its cost. */
    private static List<String> brief(Repetition rep) {
        List<String> out = new ArrayList<>();
        WarmUp w = rep.warmup();
        if (w != null) {
            out.add("warm-up " + Format.figure(w.seconds()) + " s" + (w.steady()
                    ? ", steady after " + Format.figure(w.steadyAfterSeconds()) + " s" : ", not steady (capped)"));
        }
        if (rep.measuredSeconds() != null) {
            out.add("measured " + Format.figure(rep.measuredSeconds()) + " s");
        }
        RepetitionCost c = rep.cost();
        if (c != null) {
            double sut = 0;
            for (String k : List.of("service", "postgresql", "engine")) {
                ComponentCost component = c.components().get(k);
                sut += component == null ? 0 : component.cpuUsPerRequest();
            }
            out.add("system CPU " + Format.figure(sut) + " µs/request, others " + Format.figure(c.machine().othersPct())
                    + " % of the machine");
        }
        return out;
    }

    /** JMeter's clock: elapsed times are whole milliseconds, so percentiles that moved by one tick did not spread. */
    static final double CLOCK_MS = 1;
    /** Figures kept in whole milliseconds. */
    private static final List<String> TICKED = List.of("p50", "p95", "p99");

    /** One figure over the repetitions as the page shows it: median, least, most and the spread, or why it is none. */
    record SpreadRow(String label, String figure, String median, String min, String max, String spread) {
    }

    /** The spread table's rows; a percentile whose repetitions lie within one clock tick is said to, not given as a %. */
    static List<SpreadRow> spreadRows(Map<String, Map<String, Spread>> spread) {
        List<SpreadRow> out = new ArrayList<>();
        spread.forEach((label, figures) -> figures.forEach((figure, x) -> {
            String pct = TICKED.contains(figure) && x.max() - x.min() <= CLOCK_MS
                    ? "within the clock's " + Format.figure(CLOCK_MS) + " ms"
                    : Format.figure(x.spreadPct()) + " %";
            out.add(new SpreadRow(label, figure, Format.figure(x.median()), Format.figure(x.min()), Format.figure(x.max()), pct));
        }));
        return out;
    }

    /** Each repetition's throughput (all operations) and p95 (each operation): the spread as a picture, in the order they ran. */
    static List<Chart> repetitionCharts(String id, List<Repetition> reps) {
        List<Chart.Point> throughput = new ArrayList<>();
        Map<String, List<Chart.Point>> p95 = new LinkedHashMap<>();
        for (Repetition rep : reps) {
            LabelSummary all = rep.labels().get(RunRecord.ALL);
            if (all != null) {
                throughput.add(new Chart.Point(rep.repetition(), all.throughput()));
            }
            rep.labels().forEach((label, stats) -> p95.computeIfAbsent(label, l -> new ArrayList<>())
                    .add(new Chart.Point(rep.repetition(), Math.max(stats.p95(), 0.5))));
        }
        Chart.Axis repetition = new Chart.Axis("repetition", false, true);
        List<Chart.Series> lines = new ArrayList<>();
        p95.forEach((label, points) -> lines.add(new Chart.Series(label, Chart.colour(label, lines.size()), false, points)));
        return List.of(new Chart(id + "-repetitions-throughput", "Throughput of each repetition, all operations", Chart.LINE,
                repetition, new Chart.Axis("req/s", false, true), List.of(new Chart.Series("ALL", Chart.ALL, false, throughput))),
                new Chart(id + "-repetitions-p95", "p95 of each repetition, per operation (whole ms)", Chart.LINE, repetition,
                        new Chart.Axis("p95 (ms)", true, true), lines));
    }

    /** A search engine beside PostgreSQL ran: the run names one (older records without the parameter: as their cost says). */
    static boolean ranEngine(RecordedRun run) {
        return run.ranEngine();
    }

    /** Each component's CPU per request, leaving out the engine of a run without one: what did not run is not a zero. */
    static Map<String, Interval> ranComponents(RecordedRun run) {
        Map<String, Interval> out = new LinkedHashMap<>();
        if (run.record().cost() != null) {
            boolean engine = ranEngine(run);
            run.record().cost().cpuUsPerRequest().forEach((component, i) -> {
                if (engine || !component.equals(ENGINE)) {
                    out.put(component, i);
                }
            });
        }
        return out;
    }

    /** The search engine's component in a cost account. */
    static final String ENGINE = RecordedRun.ENGINE;

    /** CPU µs per request of each component, with the interval as two more bars' worth of numbers in the table. */
    private static Chart cost(String id, Map<String, Interval> cpu) {
        List<Chart.Point> value = new ArrayList<>();
        List<Chart.Point> low = new ArrayList<>();
        List<Chart.Point> high = new ArrayList<>();
        cpu.forEach((component, i) -> {
            value.add(new Chart.Point(component, i.value()));
            low.add(new Chart.Point(component, i.low()));
            high.add(new Chart.Point(component, i.high()));
        });
        return new Chart(id + "-cost", "CPU per request, by component (µs; 95% interval)", Chart.BAR,
                new Chart.Axis("component", false, false),
                new Chart.Axis("CPU µs per request", false, true), List.of(new Chart.Series("low", Chart.colour(8), false, low),
                        new Chart.Series("CPU µs per request", Chart.colour(0), false, value),
                        new Chart.Series("high", Chart.colour(1), false, high)));
    }

    /** The run's first warm-up: all threads' throughput per window until the detector found it steady. */
    private static Chart warmUp(String id, WarmUp warmup, String which) {
        List<Chart.Point> points = new ArrayList<>();
        double width = warmup.windowSeconds();
        int k = 0;
        for (double w : warmup.windows()) {
            points.add(new Chart.Point(Table.number(++k * width) + " s", w));
        }
        return new Chart(id + "-warmup", "Warm-up of " + which + ": throughput per window", Chart.LINE,
                new Chart.Axis("time since every thread ran (s)", false, false), new Chart.Axis("req/s", false, true),
                List.of(new Chart.Series("all threads", Chart.colour(0), false, points)));
    }

    /** Latency at each percentile, one line per label ({@code which}: the repetitions the distributions pool). */
    private static Chart percentiles(String id, Map<String, Distribution> distributions, String which) {
        List<Chart.Series> series = new ArrayList<>();
        distributions.forEach((label, d) -> {
            List<Chart.Point> points = new ArrayList<>();
            for (Distribution.Point p : d.percentiles()) {
                points.add(new Chart.Point("p" + Table.number(p.percentile()), Math.max(p.millis(), 0.5)));
            }
            series.add(new Chart.Series(label, Chart.colour(label, series.size()), false, points));
        });
        return new Chart(id + "-percentiles", "Percentile curve, " + which, Chart.LINE, new Chart.Axis("percentile", false, false),
                new Chart.Axis("latency (ms)", true, true), series);
    }

    /** All operations' latencies in buckets growing by half powers of two. */
    private static Chart histogram(String id, Map<String, Distribution> distributions, String which) {
        List<Chart.Point> points = new ArrayList<>();
        Distribution all = distributions.get(RunRecord.ALL);
        if (all != null) {
            for (Distribution.Bucket b : all.histogram()) {
                points.add(new Chart.Point(b.fromMillis() + "-" + b.toMillis() + " ms", b.count()));
            }
        }
        return new Chart(id + "-histogram", "Latency histogram, all operations, " + which, Chart.BAR,
                new Chart.Axis("latency bucket (ms)", false, false), new Chart.Axis("requests", false, true),
                List.of(new Chart.Series("all operations", Chart.colour(0), false, points)));
    }
}
