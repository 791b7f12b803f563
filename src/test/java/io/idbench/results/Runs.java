package io.idbench.results;

import io.idbench.record.Environment;
import io.idbench.record.Interval;
import io.idbench.record.RunRecord;
import io.idbench.record.RunRecordBuilder;
import io.idbench.record.RunStatus;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Recorded runs made up for a test, fluently: {@code Runs.of("jsonb-nodyn-1k", "r1").code("aaaaaaa1").throughput(1000)
 * .build()}. The axes follow from the scenario's name; the load is 10 threads × 30 loops unless set; the machine is one
 * machine.
 */
final class Runs {
    private final String scenario;
    private final String runId;
    private final Map<String, String> parameters = new LinkedHashMap<>();
    private String commit = "aaaaaaa1aaaaaaa1";
    private Instant started = Instant.parse("2026-11-20T01:00:00Z");
    private double throughput = 1000;
    private double p50 = 4;
    private double p95 = 10;
    private double logSe = 0.02;
    private String disturbed;
    private String cpuModel = "AMD EPYC";
    private boolean intervals = true;
    private final Map<String, String> unsteady = new LinkedHashMap<>();

    private Runs(String scenario, String runId) {
        this.scenario = scenario;
        this.runId = runId;
        parameters.put("plan", "heterogeneous");
        parameters.put("threads", "10");
        parameters.put("loops", "30");
        parameters.put("duration", "0");
        parameters.put("rampup", "10");
        parameters.put("warmup", "5");
        parameters.put("rate", "0");
        parameters.put("hotset", "populate");
        String axes = scenario.replaceFirst("-[0-9]+[km]$", "");
        String size = scenario.substring(axes.length() + 1);
        if (axes.startsWith("keycloak") || axes.startsWith("openldap")) {
            parameters.put("target", axes);
        } else {
            parameters.put("target", "idbench");
            parameters.put("storage", axes.startsWith("jsonb") ? "jsonb" : "relational");
            parameters.put("dyn", Boolean.toString(!axes.contains("nodyn")));
            parameters.put("search", axes.endsWith("-es") ? "elasticsearch" : axes.endsWith("-os") ? "opensearch" : "sql");
        }
        long users = Long.parseLong(size.substring(0, size.length() - 1)) * (size.endsWith("m") ? 1_000_000 : 1000);
        parameters.put("users", Long.toString(users));
    }

    static Runs of(String scenario, String runId) {
        return new Runs(scenario, runId);
    }

    Runs code(String commit) {
        this.commit = commit;
        return this;
    }

    Runs at(String instant) {
        this.started = Instant.parse(instant);
        return this;
    }

    Runs with(String parameter, String value) {
        parameters.put(parameter, value);
        return this;
    }

    Runs throughput(double reqPerSecond) {
        this.throughput = reqPerSecond;
        return this;
    }

    /** Latencies scaled by {@code factor} from 4 and 10 ms. */
    Runs slower(double factor) {
        p50 = 4 * factor;
        p95 = 10 * factor;
        return this;
    }

    Runs logSe(double se) {
        this.logSe = se;
        return this;
    }

    Runs disturbed(String why) {
        this.disturbed = why;
        return this;
    }

    /** On another machine: the same CPUs and memory of another model. */
    Runs machine(String cpuModel) {
        this.cpuModel = cpuModel;
        return this;
    }

    /** A record from before runs had intervals: its figures as bare points. */
    Runs bare() {
        this.intervals = false;
        return this;
    }

    /** An operation that kept rising or falling over the repetitions, as the record says it. */
    Runs unsteady(String label, String how) {
        unsteady.put(label, how);
        return this;
    }

    RecordedRun build() {
        Map<String, Interval> all = new LinkedHashMap<>();
        all.put("throughput", interval(throughput));
        all.put("p50", interval(p50));
        all.put("p95", interval(p95));
        Map<String, Double> labels = new LinkedHashMap<>();
        labels.put("samples", 10_000.0);
        labels.put("throughput", throughput);
        labels.put("p50", p50);
        labels.put("p95", p95);
        Environment env = new Environment(cpuModel, 2, 24L << 30, "Linux", "JDK 17", "5.6.3", commit, false, null, null, "17.11",
                null);
        boolean service = parameters.containsKey("storage");
        String file = service ? scenario : "jsonb-nodyn-1k";
        Map<String, String> origins = new LinkedHashMap<>();
        parameters.keySet().forEach(k -> origins.put(k, "default"));
        for (String axis : new String[] {"storage", "dyn", "search", "users"}) {
            if (parameters.containsKey(axis)) {
                origins.put(axis, "scenario " + file);
            }
        }
        if (!service) {
            origins.put("users", "-D");
            origins.put("target", "-Ptarget-" + parameters.get("target"));
        }
        RunRecord r = RunRecordBuilder.builder().schemaVersion(RunRecord.SCHEMA_VERSION).status(RunStatus.COMPLETE).scenario(scenario)
                .runId(runId).started(started.toString()).parameters(parameters).parameterOrigins(origins)
                .scenarioFile("parameters/" + file + ".properties").environment(env)
                .labels(Map.of("ALL", labels)).intervals(intervals ? Map.of("ALL", all) : Map.of()).disturbed(disturbed)
                .unsteady(unsteady).build();
        return new RecordedRun(Path.of(scenario, runId), r);
    }

    private Interval interval(double v) {
        return new Interval(v, v * Math.exp(-1.96 * logSe), v * Math.exp(1.96 * logSe), logSe);
    }
}
