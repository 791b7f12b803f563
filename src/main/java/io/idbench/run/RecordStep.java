package io.idbench.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.idbench.results.FileTrees;
import io.idbench.results.LabelStatistics;
import io.idbench.results.Repetitions;
import io.idbench.results.RunStatistics;
import io.idbench.results.Thresholds;
import io.idbench.service.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/**
 * verify: records the run in {@code results/<scenario>/<run-id>/}: each repetition's JTL
 * (compressed), its statistics from every measured sample and its JMeter dashboard; the median and
 * spread of the repetitions; then applies the thresholds and fails the build past them.
 */
final class RecordStep {
    private final RunDirectory run;
    private final PrintStream out;

    RecordStep(RunDirectory run, PrintStream out) {
        this.run = run;
        this.out = out;
    }

    /** @return the violations, empty when the run passed */
    List<String> record() throws IOException {
        ObjectNode state = run.readRun();
        Path record = Path.of(state.path("recordDir").asText());
        JsonNode settings = state.path("settings");
        int minThreads = settings.path("openModel").asBoolean() ? 0 : settings.path("threads").asInt();
        ObjectNode summary = RunRecord.read(record);
        ArrayNode reps = summary.putArray("repetitions");
        List<Map<String, LabelStatistics.Summary>> labels = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        int n = 0;
        for (String name : inOrderOfRunning(state.path("repetitions"))) {
            n++;
            Path jtl = run.jmeterResults().resolve(name + ".csv");
            if (!Files.isRegularFile(jtl) || Files.size(jtl) == 0) {
                problems.add("repetition " + n + " wrote no results (" + jtl + ")");
                continue;
            }
            Path dir = record.resolve("rep-" + n);
            Files.createDirectories(dir);
            gzip(jtl, dir.resolve("results.csv.gz"));
            Path dashboard = run.jmeterReports().resolve(name);
            if (Files.isDirectory(dashboard)) {
                FileTrees.copy(dashboard, dir.resolve("dashboard"));
            }
            RunStatistics.Result stats = RunStatistics.of(jtl, 0, minThreads);
            labels.add(stats.labels());
            ObjectNode rep = reps.addObject();
            rep.put("repetition", n).put("plan", name + ".jmx").put("jtl", "rep-" + n + "/results.csv.gz");
            if (Files.isDirectory(dashboard)) {
                rep.put("dashboard", "rep-" + n + "/dashboard/index.html");
            }
            rep.putPOJO("excludedPhases", stats.excludedPhases());
            rep.put("partialConcurrencySamples", stats.partialConcurrencySamples());
            rep.putPOJO("labels", stats.labels());
            rep.putPOJO("distributions", stats.distributions());
            if (stats.labels().get(RunStatistics.ALL).samples() == 0) {
                problems.add("repetition " + n + " has no measured samples");
            }
        }
        Map<String, Map<String, Repetitions.Spread>> spread = Repetitions.of(labels);
        summary.putPOJO("labels", medians(spread));
        if (labels.size() > 1) {
            summary.putPOJO("spread", spread);
        }
        JsonNode t = state.path("thresholds");
        Thresholds thresholds = new Thresholds(t.path("maxErrorPct").asDouble(), t.path("maxP95").asLong(), t.path("maxP99").asLong());
        summary.putPOJO("thresholds", thresholds);
        for (Map<String, LabelStatistics.Summary> rep : labels) {
            Map<String, LabelStatistics.Summary> measured = new LinkedHashMap<>(rep);
            measured.remove(RunStatistics.ALL);
            thresholds.violations(measured).stream().filter(v -> !problems.contains(v)).forEach(problems::add);
        }
        if (Files.exists(run.serviceLog())) {
            Files.copy(run.serviceLog(), record.resolve("service.log"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        summary.put("status", problems.isEmpty() ? RunRecord.COMPLETE : RunRecord.FAILED);
        if (!problems.isEmpty()) {
            summary.put("statusReason", String.join("; ", problems));
        }
        summary.put("ended", java.time.Instant.now().toString());
        RunRecord.write(record, summary);
        print(labels, spread, record);
        return problems;
    }

    /**
     * The repetitions' plans in the order JMeter ran them (jmeter-maven-plugin runs a directory's plans
     * in file-system order), so that rep-1 is the first: the one that meets the service coldest.
     */
    private List<String> inOrderOfRunning(JsonNode names) throws IOException {
        Map<String, Long> started = new LinkedHashMap<>();
        for (JsonNode name : names) {
            Path jtl = run.jmeterResults().resolve(name.asText() + ".csv");
            started.put(name.asText(), Files.isRegularFile(jtl) ? firstTimeStamp(jtl) : Long.MAX_VALUE);
        }
        return started.entrySet().stream().sorted(Map.Entry.comparingByValue()).map(Map.Entry::getKey).toList();
    }

    private static long firstTimeStamp(Path jtl) throws IOException {
        try (var lines = Files.lines(jtl)) {
            return lines.skip(1).findFirst().map(l -> Long.parseLong(l.substring(0, l.indexOf(',')))).orElse(Long.MAX_VALUE);
        }
    }

    /** Per label, each figure's median over the repetitions (the figures themselves with one repetition). */
    private static Map<String, Map<String, Double>> medians(Map<String, Map<String, Repetitions.Spread>> spread) {
        Map<String, Map<String, Double>> out = new LinkedHashMap<>();
        spread.forEach((label, figures) -> {
            Map<String, Double> m = new LinkedHashMap<>();
            figures.forEach((figure, s) -> m.put(figure, s.median()));
            out.put(label, m);
        });
        return out;
    }

    private void print(List<Map<String, LabelStatistics.Summary>> labels, Map<String, Map<String, Repetitions.Spread>> spread,
                       Path record) {
        if (labels.isEmpty()) {
            return;
        }
        out.println(String.format(Locale.ROOT, "[idbench] %-28s %8s %6s %7s %7s %7s %8s %9s", "label" + (labels.size() > 1
                ? " (median of " + labels.size() + ")" : ""), "samples", "err%", "p50", "p95", "p99", "req/s", "server p99"));
        Map<String, LabelStatistics.Summary> first = labels.get(0);
        spread.forEach((label, f) -> {
            LabelStatistics.Summary s = first.get(label);
            out.println(String.format(Locale.ROOT, "[idbench] %-28s %8d %6.2f %7.0f %7.0f %7.0f %8.1f %9s", label, s.samples(),
                    f.get("errorRate").median() * 100, f.get("p50").median(), f.get("p95").median(), f.get("p99").median(),
                    f.get("throughput").median(), s.server() == null ? "-" : String.format(Locale.ROOT, "%.3f", s.server().p99())));
        });
        if (labels.size() > 1) {
            Map<String, Repetitions.Spread> all = spread.get(RunStatistics.ALL);
            out.println(String.format(Locale.ROOT, "[idbench] spread over %d repetitions (ALL): throughput %.1f … %.1f req/s (%.1f%%),"
                    + " p95 %.0f … %.0f ms (%.1f%%)", labels.size(), all.get("throughput").min(), all.get("throughput").max(),
                    all.get("throughput").spreadPct(), all.get("p95").min(), all.get("p95").max(), all.get("p95").spreadPct()));
        }
        out.println("[idbench] Recorded in " + record);
    }

    private static void gzip(Path from, Path to) throws IOException {
        try (InputStream in = Files.newInputStream(from); OutputStream o = new GZIPOutputStream(Files.newOutputStream(to), 1 << 16)) {
            in.transferTo(o);
        }
    }

}
