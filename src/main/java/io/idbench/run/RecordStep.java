package io.idbench.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.common.FileTrees;
import io.idbench.results.Bootstrap;
import io.idbench.results.CpuAccount;
import io.idbench.results.EngineLoad;
import io.idbench.results.JtlReader;
import io.idbench.results.LabelStatistics;
import io.idbench.results.LabelWindows;
import io.idbench.results.Repetitions;
import io.idbench.results.RunCost;
import io.idbench.results.RunRecord;
import io.idbench.results.RunStatistics;
import io.idbench.results.Thresholds;
import io.idbench.results.WarmUp;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/**
 * verify: records the run in {@code results/<scenario>/<run-id>/}: each repetition's JTL
 * (compressed), its statistics from every measured sample, its warm-up, its cost (CPU per request
 * of each component, the machine's state) and its JMeter dashboard; the median and spread of the
 * repetitions, every figure's confidence interval, whether the run was disturbed; then applies the
 * thresholds and fails the build past them.
 */
record RecordStep(RunDirectory run, PrintStream out) {

    /** @return the violations, empty when the run passed (both sides' when two services were compared) */
    List<String> record() throws IOException {
        PreparedRun state = run.prepared();
        CpuAccount cpu = Files.isRegularFile(run.cpuSamples())
                ? CpuAccount.read(run.cpuSamples(), Runtime.getRuntime().availableProcessors()) : null;
        PreparedRun.Versus versus = state.versus();
        if (versus != null) {
            out.println("[idbench] Side A: " + state.scenario());
        }
        List<String> problems = new ArrayList<>(recordSide(state, RunDirectory.A, state.recordPath(), cpu));
        if (versus != null) {
            out.println("[idbench] Side B (versus): " + versus.scenario());
            Path b = versus.recordPath();
            recordSide(state, RunDirectory.B, b, cpu).forEach(v -> problems.add("side B: " + v));
            new VersusVerdict(out).record(state.recordPath(), b, state.schedule(), versus.tolerance());
        }
        return problems;
    }

    /** One side's record: its repetitions of the shared JTL, its statistics, intervals and cost; the thresholds. */
    private List<String> recordSide(PreparedRun state, String side, Path record, CpuAccount cpu) throws IOException {
        int minThreads = state.settings().openModel() ? 0 : state.settings().threads();
        ObjectNode summary = RunRecord.read(record);
        ArrayNode reps = summary.putArray("repetitions");
        List<Map<String, LabelStatistics.Summary>> labels = new ArrayList<>();
        Map<String, List<LabelWindows>> windows = new LinkedHashMap<>();
        List<CpuAccount.Window> costs = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        String plan = state.plan();
        Path jtl = run.jmeterResults().resolve(plan + ".csv");
        Path dashboard = run.jmeterReports().resolve(plan);
        Map<RunStatistics.Part, RunStatistics.Result> parts = Map.of();
        if (!Files.isRegularFile(jtl) || Files.size(jtl) == 0) {
            problems.add("JMeter wrote no results (" + jtl + ")");
        } else {
            long warmUpLines = gzipWithoutWarmUp(jtl, record.resolve("results.csv.gz"));
            summary.put("jtl", "results.csv.gz");
            summary.put("jtlNote", "every sample but the warm-up's (" + warmUpLines + " samples, counted in each repetition's"
                    + " excludedPhases; the warm-up's throughput per window is in each repetition's warmup)");
            if (Files.isDirectory(dashboard)) {
                FileTrees.copy(dashboard, record.resolve("dashboard"));
                summary.put("dashboard", "dashboard/index.html");
            }
            parts = new LinkedHashMap<>(RunStatistics.byPart(jtl, minThreads));
            parts.keySet().removeIf(p -> !p.side().equals(side));
            recordSettling(parts, summary.putArray("settling"));
            parts.keySet().removeIf(RunStatistics.Part::settling);
            Map<String, EngineLoad.Engine> engines = EngineLoad.of(parts.values());
            if (EngineLoad.distributed(engines)) {
                summary.putPOJO("engines", engines);
                engines.forEach((engine, load) -> out.println("[idbench] JMeter engine " + engine + ": " + load.samples()
                        + " measured samples" + (load.cpuMs() == null ? "" : String.format(Locale.ROOT,
                                ", its CPU %.0f%% of one core (%d there), %.0f µs per request", load.cpuPctOfOneCore(), load.cores(),
                                load.cpuUsPerRequest()))));
            }
            int expected = state.repeat();
            if (parts.size() < expected) {
                problems.add("JMeter measured " + parts.size() + " of " + expected + " repetitions");
            }
        }
        int n = 0;
        for (Map.Entry<RunStatistics.Part, RunStatistics.Result> e : parts.entrySet()) {
            n++;
            RunStatistics.Part part = e.getKey();
            RunStatistics.Result stats = e.getValue();
            labels.add(stats.labels());
            stats.windows().forEach((label, w) -> windows.computeIfAbsent(label, l -> new ArrayList<>()).add(w));
            ObjectNode rep = reps.addObject();
            rep.put("repetition", n);
            rep.putPOJO("excludedPhases", stats.excludedPhases());
            rep.put("partialConcurrencySamples", stats.partialConcurrencySamples());
            recordWarmUp(rep, part.rep(), stats);
            RunStatistics.Window measured = stats.measured();
            if (measured != null) {
                rep.put("measuredSeconds", measured.seconds());
                long machineFrom = stats.warmUpFrom() > 0 ? stats.warmUpFrom() : measured.from();
                if (cpu != null && cpu.covers(machineFrom, measured.to())) {
                    CpuAccount.Window cost = cpu.over(measured.from(), measured.to(), stats.labels().get(RunStatistics.ALL).samples(),
                            machineFrom, side.equals(RunDirectory.B));
                    costs.add(cost);
                    rep.putPOJO("cost", cost);
                }
            }
            rep.putPOJO("labels", stats.labels());
            rep.putPOJO("figures", figures(stats));
            if (n == parts.size()) {
                rep.putPOJO("distributions", stats.distributions()); // the percentile curve and histogram of the warmest
            }
            if (stats.labels().get(RunStatistics.ALL).samples() == 0) {
                problems.add("repetition " + n + " has no measured samples");
            }
        }
        Map<String, Map<String, Repetitions.Spread>> spread = Repetitions.of(labels);
        if (labels.size() > 1) {
            summary.putPOJO("spread", spread);
        }
        long seed = (state.runId() + side).hashCode();
        Map<String, Map<String, Bootstrap.Interval>> intervals = new LinkedHashMap<>();
        windows.forEach((label, w) -> intervals.put(label, Bootstrap.intervals(w, seed ^ label.hashCode())));
        summary.putPOJO("labels", Repetitions.pooled(labels, intervals));
        RunCost.Summary cost = costs.isEmpty() ? null : RunCost.of(costs, seed);
        if (cost != null) {
            summary.putPOJO("cost", cost);
            intervals.computeIfAbsent(RunStatistics.ALL, l -> new LinkedHashMap<>()).put("systemCpuUs",
                    cost.cpuUsPerRequest().get(RunCost.SYSTEM_UNDER_TEST));
            if (cost.disturbed() != null) {
                summary.put("disturbed", cost.disturbed());
            }
        }
        summary.putPOJO("intervals", intervals);
        summary.putPOJO("statistics", Map.of("method", "figures over all repetitions pooled; intervals by a two-stage bootstrap:"
                + " repetitions, then windows within each", "level",
                Bootstrap.LEVEL, "replicates", Bootstrap.REPLICATES, "repetitions", labels.size(), "windowsPerRepetition",
                LabelWindows.WINDOWS));
        PreparedRun.Thresholds t = state.thresholds();
        Thresholds thresholds = new Thresholds(t.maxErrorPct(), t.maxP95(), t.maxP99());
        summary.putPOJO("thresholds", thresholds);
        for (Map<String, LabelStatistics.Summary> rep : labels) {
            Map<String, LabelStatistics.Summary> measured = new LinkedHashMap<>(rep);
            measured.remove(RunStatistics.ALL);
            thresholds.violations(measured).stream().map(v -> explained(v, summary.path("target").path("differences")))
                    .filter(v -> !problems.contains(v)).forEach(problems::add);
        }
        if (Files.exists(run.serviceLog(side))) {
            Files.copy(run.serviceLog(side), record.resolve("service.log"), StandardCopyOption.REPLACE_EXISTING);
        }
        summary.put("status", problems.isEmpty() ? RunRecord.COMPLETE : RunRecord.FAILED);
        if (!problems.isEmpty()) {
            summary.put("statusReason", String.join("; ", problems));
        }
        summary.put("ended", Instant.now().toString());
        RunRecord.write(record, summary);
        print(labels, spread, intervals, cost, summary, record);
        return problems;
    }

    /** A label's violation, with the probe's finding about that label when it explains it (the target's own limitation). */
    static String explained(String violation, JsonNode differences) {
        String label = violation.substring(0, Math.max(0, violation.indexOf(": ")));
        for (JsonNode d : differences) {
            if (!label.isEmpty() && d.asText().contains("\"" + label + "\"")) {
                return violation + " (the probe found before the run: " + d.asText() + ")";
            }
        }
        return violation;
    }

    /**
     * A repetition's warm-up as the plan reported it: the build's JMeter's, or each remote engine's (each decides its own
     * steady state); an engine on another host keeps its report there.
     */
    private void recordWarmUp(ObjectNode rep, int repetition, RunStatistics.Result stats) throws IOException {
        WarmUp.of(run.warmupReports().resolve("warmup-" + repetition + ".json"), stats).ifPresent(w -> rep.putPOJO("warmup", w));
        if (!Files.isDirectory(run.warmupReports())) {
            return;
        }
        ObjectNode byEngine = rep.objectNode();
        List<Path> reports = new ArrayList<>();
        try (DirectoryStream<Path> found = Files.newDirectoryStream(run.warmupReports(), "warmup-" + repetition + "@*.json")) {
            found.forEach(reports::add);
        }
        Collections.sort(reports);
        for (Path report : reports) {
            String name = report.getFileName().toString();
            String engine = name.substring(name.indexOf('@') + 1, name.length() - ".json".length());
            WarmUp.of(report, stats).ifPresent(w -> byEngine.putPOJO(engine.substring(0, engine.lastIndexOf('_')) + ":"
                    + engine.substring(engine.lastIndexOf('_') + 1), w));
        }
        if (!byEngine.isEmpty()) {
            rep.set("warmupByEngine", byEngine);
        }
    }

    /** The settling repetitions, apart: their warm-up (the run's first, the long one) and figures, to show what they kept out. */
    private void recordSettling(Map<RunStatistics.Part, RunStatistics.Result> parts, ArrayNode settling) throws IOException {
        for (Map.Entry<RunStatistics.Part, RunStatistics.Result> e : parts.entrySet()) {
            RunStatistics.Part part = e.getKey();
            RunStatistics.Result stats = e.getValue();
            if (!part.settling()) {
                continue;
            }
            ObjectNode rep = settling.addObject();
            rep.put("repetition", part.rep());
            recordWarmUp(rep, part.rep(), stats);
            if (stats.measured() != null) {
                rep.put("measuredSeconds", stats.measured().seconds());
            }
            rep.putPOJO("figures", figures(stats));
        }
    }

    /** A repetition's figures as the run's are taken (interpolated percentiles…): what a paired comparison compares. */
    private static Map<String, Map<String, Double>> figures(RunStatistics.Result stats) {
        Map<String, Map<String, Double>> figures = new LinkedHashMap<>();
        stats.windows().forEach((label, w) -> figures.put(label, Bootstrap.values(List.of(w))));
        return figures;
    }

    private void print(List<Map<String, LabelStatistics.Summary>> labels, Map<String, Map<String, Repetitions.Spread>> spread,
            Map<String, Map<String, Bootstrap.Interval>> intervals, RunCost.Summary cost, ObjectNode summary, Path record) {
        if (labels.isEmpty()) {
            return;
        }
        out.println(String.format(Locale.ROOT, "[idbench] %-28s %8s %6s %-19s %-19s %-19s %-21s %-19s", "label" + (labels.size() > 1
                ? " (" + labels.size() + " repetitions)" : ""), "samples", "err%", "p50 [95% CI]", "p95 [95% CI]", "p99 [95% CI]",
                "req/s [95% CI]", "server p50"));
        Map<String, Map<String, Double>> pooled = Repetitions.pooled(labels, intervals);
        pooled.forEach((label, f) -> {
            Map<String, Bootstrap.Interval> ci = intervals.getOrDefault(label, Map.of());
            out.println(String.format(Locale.ROOT, "[idbench] %-28s %8.0f %6.2f %-19s %-19s %-19s %-21s %-19s", label, f.get("samples"),
                    f.get("errorRate") * 100, ci(ci.get("p50"), "%.2f"), ci(ci.get("p95"), "%.1f"), ci(ci.get("p99"), "%.1f"),
                    ci(ci.get("throughput"), "%.0f"), ci(ci.get("serverP50"), "%.3f")));
        });
        if (labels.size() > 1) {
            Map<String, Repetitions.Spread> all = spread.get(RunStatistics.ALL);
            out.println(String.format(Locale.ROOT, "[idbench] spread over %d repetitions (ALL): throughput %.1f … %.1f req/s (%.1f%%),"
                    + " p95 %.0f … %.0f ms (%.1f%%)", labels.size(), all.get("throughput").min(), all.get("throughput").max(),
                    all.get("throughput").spreadPct(), all.get("p95").min(), all.get("p95").max(), all.get("p95").spreadPct()));
        }
        if (cost != null) {
            StringBuilder line = new StringBuilder("[idbench] CPU µs per request:");
            cost.cpuUsPerRequest().forEach((c, i) -> line.append(' ').append(c).append(' ').append(ci(i, "%.0f")));
            out.println(line);
            out.println(String.format(Locale.ROOT,
                    "[idbench] machine during the repetitions (warm-up and measured): busy %.1f%%, others %.1f%%, iowait %.1f%%,"
                            + " steal %.1f%%, %.0f context switches/s; speed probe %.2f µs",
                    cost.machine().busyPct(), cost.machine().othersPct(),
                    cost.machine().iowaitPct(), cost.machine().stealPct(), cost.machine().switchesPerSecond(), cost.machine().probeUs()));
        }
        if (summary.has("disturbed")) {
            out.println("[idbench] DISTURBED: " + summary.path("disturbed").asText() + " - this run is left out of verdicts");
        }
        out.println("[idbench] Recorded in " + record);
    }

    private static String ci(Bootstrap.Interval i, String format) {
        if (i == null) {
            return "-";
        }
        String v = String.format(Locale.ROOT, format, i.value());
        return Double.isNaN(i.low()) || i.low() == i.high() ? v
                : v + " [" + String.format(Locale.ROOT, format, i.low()) + ", " + String.format(Locale.ROOT, format, i.high()) + "]";
    }

    /**
     * The JTL, compressed, without its warm-up samples: they are most of a run's samples (the first
     * warm-up alone is a minute or two at full speed) and none of its figures.
     */
    private static long gzipWithoutWarmUp(Path from, Path to) throws IOException {
        long dropped = 0;
        try (var in = Files.newBufferedReader(from, StandardCharsets.UTF_8);
                var o = new BufferedWriter(new OutputStreamWriter(new GZIPOutputStream(Files.newOutputStream(to), 1 << 16),
                        StandardCharsets.UTF_8))) {
            String header = in.readLine();
            if (header == null) {
                return 0;
            }
            o.write(header);
            o.write('\n');
            List<String> columns = Arrays.asList(header.replace("\"", "").split(","));
            // The phase is a sample variable, after the free-text columns that may hold commas: count it from the end.
            int fromEnd = columns.size() - columns.indexOf(JtlReader.PHASE);
            boolean phased = columns.contains(JtlReader.PHASE);
            String line;
            while ((line = in.readLine()) != null) {
                String[] parts = line.split(",", -1);
                if (phased && parts.length >= fromEnd && RunStatistics.WARM_UP.equals(parts[parts.length - fromEnd])) {
                    dropped++;
                    continue;
                }
                o.write(line);
                o.write('\n');
            }
        }
        return dropped;
    }
}
