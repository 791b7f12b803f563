package io.idbench.run;

import io.idbench.common.FileTrees;
import io.idbench.config.Parameters;
import io.idbench.config.Plan;
import io.idbench.record.BetweenRuns;
import io.idbench.record.LabelSummary;
import io.idbench.record.OperationType;
import io.idbench.record.Provisioning;
import io.idbench.record.RecordFile;
import io.idbench.record.Repetition;
import io.idbench.record.RunRecord;
import io.idbench.record.RunStatus;
import io.idbench.record.Side;
import io.idbench.record.Target;
import io.idbench.record.Thresholds;
import io.idbench.results.BetweenRunIntervals;
import io.idbench.results.CpuAccount;
import io.idbench.results.FigureName;
import io.idbench.results.JtlReader;
import io.idbench.results.Measurement;
import io.idbench.results.OperationCpu;
import io.idbench.results.PairedVerdict;
import io.idbench.results.ProvisioningCycles;
import io.idbench.results.RunStatistics;
import io.idbench.results.Timelines;
import io.idbench.results.WarmUpReports;
import io.idbench.seed.provisioning.ScheduleFiles;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.zip.ZipFile;

/**
 * The run's last phase: records it in {@code results/<scenario>/<run-id>/}: its JTL without the warm-up (compressed) and JMeter's
 * dashboard, its measurement ({@link Measurement}: each repetition, the pooled figures and intervals, the cost), whether it
 * was disturbed; then applies the thresholds and fails the build past them.
 */
record RecordStep(RunDirectory run, Path jar, PrintStream out) {
    static final String JTL = "results.csv.gz";
    /** The resource sampler's rows, kept with side A's record. */
    static final String RESOURCES = "resources.csv";

    /** @return the violations, empty when the run passed (both sides' when two services were compared) */
    List<String> record() throws IOException {
        PreparedRun state = run.prepared();
        CpuAccount cpu = Files.isRegularFile(run.cpuSamples())
                ? CpuAccount.read(run.cpuSamples(), Runtime.getRuntime().availableProcessors()) : null;
        PreparedRun.Versus versus = state.versus();
        if (versus != null) {
            out.println("[idbench] Side A: " + state.scenario());
        }
        List<String> problems = new ArrayList<>(recordSide(state, Side.A, state.recordPath(), cpu));
        if (versus != null) {
            out.println("[idbench] Side B (versus): " + versus.scenario());
            Path b = versus.recordPath();
            recordSide(state, Side.B, b, cpu).forEach(v -> problems.add("side B: " + v));
            new VersusVerdict(out).record(state.recordPath(), b, state.schedule(), versus.tolerance(), versus.instanceNoise(),
                    versus.jar() == null || sameContents(Path.of(versus.jar()), jar), versus.forkCount(),
                    Boolean.TRUE.equals(versus.duet()), versus.reference() == null ? Side.A : versus.reference(),
                    versus.primary() == null ? PairedVerdict.DEFAULT_PRIMARY
                            : versus.primary().stream().map(FigureName::parse).toList());
        }
        return problems;
    }

    /**
     * The run's intervals for comparing it with a separate run, the run-to-run noise estimated from the scenario's earlier
     * runs beside it; the two sides of one interleaved run are one measurement, not two runs.
     */
    static BetweenRuns betweenRuns(RunRecord r, Path record) throws IOException {
        String id = r.runId();
        List<RunRecord> others = RecordFile.siblings(record).stream()
                .filter(o -> !o.runId().equals(id) && !o.runId().equals(id + "-versus") && !id.equals(o.runId() + "-versus")).toList();
        return BetweenRunIntervals.of(r, others, List.of(), "the scenario on this machine");
    }

    /**
     * Whether two jars hold the same build: the same entries with the same contents (their CRC-32s, from the central
     * directory: a jar built again from the same sources differs in its timestamps only); false when either cannot be read.
     */
    static boolean sameContents(Path a, Path b) {
        try (ZipFile za = new ZipFile(a.toFile()); ZipFile zb = new ZipFile(b.toFile())) {
            return crcs(za).equals(crcs(zb));
        } catch (IOException e) {
            return false;
        }
    }

    private static Map<String, Long> crcs(ZipFile jar) {
        Map<String, Long> out = new HashMap<>();
        jar.stream().forEach(e -> out.put(e.getName(), e.getCrc()));
        return out;
    }

    /** One side's record: its part of the shared JTL, measured; the thresholds; the status. */
    private List<String> recordSide(PreparedRun state, Side side, Path record, CpuAccount cpu) throws IOException {
        RunRecord r = RecordFile.read(record);
        List<String> problems = new ArrayList<>();
        Map<RunStatistics.Part, RunStatistics.Result> parts = Map.of();
        Path jtl = run.jmeterResults().resolve(state.plan() + ".csv");
        if (!Files.isRegularFile(jtl) || Files.size(jtl) == 0) {
            problems.add("JMeter wrote no results (" + jtl + ")");
        } else {
            r = archive(r, jtl, record, state.plan());
            int minThreads = state.settings().openModel() || state.settings().plan().paced() ? 0 : state.settings().threads();
            parts = RunStatistics.byPart(jtl, minThreads);
            Measurement m = Measurement.of(parts, side, new WarmUpReports(run.warmupReports()), cpu,
                    (state.runId() + side.name()).hashCode());
            new RecordPrinter(out).engines(m.engines());
            problems.addAll(m.problems(state.repeat()));
            r = m.into(r);
            r = r.withOperations(OperationType.of(state.settings().plan(), state.settings().protocol(), r.labels().keySet()));
            if (state.settings().plan().inputs() == Plan.Inputs.PROVISIONING_SCHEDULE) {
                r = r.withProvisioning(provisioning(r, jtl));
                problems.addAll(auditProblems(r.provisioning()));
            }
            if (side == Side.A && state.versus() == null && Timelines.applies(r.repetitions().size(), measuredSeconds(r))) {
                out.println(
                        "[idbench] A soak: its timeline per " + Timelines.named(Timelines.sliceSeconds(measuredSeconds(r))) + " slice…");
                r = r.withTimeline(Timelines.of(jtl, run.resourceSamples()));
            }
            r = r.withBetweenRuns(betweenRuns(r, record));
            if (side == Side.A && state.settings().plan().stages() == Plan.Stages.ONE_AT_A_TIME) {
                Map<String, Map<String, Double>> operationCpu = OperationCpu.of(parts, cpu);
                r = operationCpu.isEmpty() ? r : r.withOperationCpu(operationCpu);
            }
            if (side == Side.A && Files.isRegularFile(run.stageStatements())) {
                r = StageSql.into(r, run.stageStatements());
            }
        }
        PreparedRun.Thresholds t = state.thresholds();
        Thresholds thresholds = new Thresholds(t.maxErrorPct(), t.maxP95(), t.maxP99());
        violations(r.repetitions(), thresholds, r.target()).stream().filter(v -> !problems.contains(v)).forEach(problems::add);
        if (side == Side.A && Files.isRegularFile(run.resourceSamples())) {
            Files.copy(run.resourceSamples(), record.resolve(RESOURCES), StandardCopyOption.REPLACE_EXISTING);
        }
        if (Files.exists(run.serviceLog(side))) {
            Files.copy(run.serviceLog(side), record.resolve("service.log"), StandardCopyOption.REPLACE_EXISTING);
        }
        if (run.clock().began()) {
            r = r.withWallTime(run.clock().wallTime(parts, r.seed() == null ? null : r.seed().seconds(),
                    System.currentTimeMillis()));
        }
        r = r.withThresholds(thresholds).withStatus(problems.isEmpty() ? RunStatus.COMPLETE : RunStatus.FAILED)
                .withStatusReason(problems.isEmpty() ? r.statusReason() : String.join("; ", problems)).withEnded(Instant.now().toString());
        RecordFile.write(record, r);
        new RecordPrinter(out).figures(r, record);
        return problems;
    }

    private Provisioning provisioning(RunRecord r, Path jtl) throws IOException {
        Map<String, String> p = r.parameters();
        Provisioning cycles = ProvisioningCycles.of(jtl, run.provisioning(),
                ScheduleFiles.objectsPerCycle(ScheduleFiles.read(run.provisioning())), p.get("client"), Integer.parseInt(p.get("threads")),
                Double.parseDouble(p.get("provisioning.rate")), Long.parseLong(p.get(Parameters.USERS)));
        new RecordPrinter(out).provisioning(cycles);
        return cycles;
    }

    /** A cycle whose audit found the target's state other than the cycles meant, or that was not audited, fails the run. */
    static List<String> auditProblems(Provisioning p) {
        List<String> out = new ArrayList<>();
        for (Provisioning.Cycle c : p.cycles()) {
            if (c.cycle() >= 0 && c.audit() == null) {
                out.add("cycle " + c.cycle() + " was not audited (JMeter ended before its audit)");
            } else if (c.cycle() >= 0 && !c.held()) {
                out.add("the audit after cycle " + c.cycle() + " found the target's state other than the cycles meant: "
                        + String.join("; ", c.audit()));
            }
        }
        return out;
    }

    /**
     * The JTL kept with the record, compressed, without its warm-up samples (they are most of a run's samples, the first
     * warm-up alone a minute or two at full speed, and none of its figures); JMeter's dashboard beside it.
     */
    private RunRecord archive(RunRecord r, Path jtl, Path record, Plan plan) throws IOException {
        long warmUp = JtlReader.copyWithout(jtl, record.resolve(JTL), RunStatistics.WARM_UP);
        r = r.withJtl(JTL).withJtlNote("every sample but the warm-up's (" + warmUp + " samples, counted in each repetition's"
                + " excludedPhases; the warm-up's throughput per window is in each repetition's warmup)");
        Path dashboard = run.jmeterReports().resolve(plan.id());
        if (Files.isDirectory(dashboard)) {
            FileTrees.copy(dashboard, record.resolve("dashboard"));
            r = r.withDashboard("dashboard/index.html");
        }
        return r;
    }

    private static double measuredSeconds(RunRecord r) {
        return r.repetitions().stream().map(Repetition::measuredSeconds).filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue).max().orElse(0);
    }

    /**
     * Every repetition's labels (not ALL) against the thresholds: one line per label and limit, saying in how many repetitions
     * it was exceeded and by what in the first, explained by the probe's findings.
     */
    static List<String> violations(List<Repetition> repetitions, Thresholds thresholds, Target target) {
        Map<List<String>, List<Thresholds.Violation>> byLimit = new LinkedHashMap<>();
        for (Repetition rep : repetitions) {
            Map<String, LabelSummary> measured = new LinkedHashMap<>(rep.labels());
            measured.remove(RunRecord.ALL);
            for (Thresholds.Violation v : thresholds.check(measured)) {
                byLimit.computeIfAbsent(List.of(v.label(), v.measure()), k -> new ArrayList<>()).add(v);
            }
        }
        List<String> differences = target == null || target.differences() == null ? List.of() : target.differences();
        return byLimit.values().stream().map(vs -> explained(repetitions.size() == 1 ? vs.get(0).text() : inRepetitions(vs,
                repetitions.size()), differences)).toList();
    }

    /** "Search: p95 above 50 ms in 2 of 3 repetitions, the first 60 ms". */
    private static String inRepetitions(List<Thresholds.Violation> vs, int repetitions) {
        Thresholds.Violation first = vs.get(0);
        return first.label() + ": " + first.measure() + " above " + first.limit() + " in " + vs.size() + " of " + repetitions
                + " repetitions, the first " + first.figure();
    }

    /** A label's violation, with the probe's finding about that label when it explains it (the target's own limitation). */
    static String explained(String violation, List<String> differences) {
        String label = violation.substring(0, Math.max(0, violation.indexOf(": ")));
        for (String d : differences) {
            if (!label.isEmpty() && d.contains("\"" + label + "\"")) {
                return violation + " (the probe found before the run: " + d + ")";
            }
        }
        return violation;
    }
}
