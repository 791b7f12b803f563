package io.idbench.run;

import io.idbench.config.ConfigException;
import io.idbench.provision.BuildInfo;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * How the run drives its load, beside the benchmark's parameters: the JMeter JVM's heap and collector, JMeter's HTML
 * dashboard, the address remote engines call back on, and whether the results site is built after the run. Each has a named
 * default (the pom's, as this jar was built with); {@code -D<key>=<value>} sets it, validated here.
 *
 * @param jmeterHeapMb the JMeter JVM's fixed heap ({@code -Xms} = {@code -Xmx}), MB
 * @param jmeterJvmOptions the JMeter JVM's collector and any other options, split at spaces
 * @param dashboard whether JMeter's HTML dashboard of the samples is kept with the record
 * @param rmiHostname the address remote engines ({@code jmeter.remotes}) call this JMeter back on
 * @param site whether {@code target/site} is built from every recorded run after this one
 */
public record RunOptions(int jmeterHeapMb, List<String> jmeterJvmOptions, boolean dashboard, String rmiHostname, boolean site) {
    public static final String JMETER_HEAP = "jmeter.heap";
    public static final String JMETER_GC = "jmeter.gc";
    public static final String JMETER_DASHBOARD = "jmeter.dashboard";
    public static final String JMETER_RMI_HOSTNAME = "jmeter.rmi.hostname";
    public static final String SITE = "idbench.site";
    /** Every key, for the command line to know them from the benchmark's parameters. */
    public static final List<String> KEYS = List.of(JMETER_HEAP, JMETER_GC, JMETER_DASHBOARD, JMETER_RMI_HOSTNAME, SITE);

    /** 10 to 50 threads and a CSV writer need little; a fixed heap does not resize while it measures. */
    static final int DEFAULT_HEAP_MB = 1024;
    /** With ParallelGC JMeter spent 8 % less CPU per request than with G1 (interleaved, docs/figures.md). */
    static final String DEFAULT_GC = "-XX:+UseParallelGC";
    static final int MIN_HEAP_MB = 64;
    static final int MAX_HEAP_MB = 65_536;

    public RunOptions {
        jmeterJvmOptions = List.copyOf(jmeterJvmOptions);
    }

    /** The options among {@code values} (system properties, or the command line's {@code -D}), the build's defaults for others. */
    public static RunOptions from(Map<String, String> values) {
        String heap = value(values, JMETER_HEAP, BuildInfo.get(JMETER_HEAP, "" + DEFAULT_HEAP_MB));
        int mb;
        try {
            mb = Integer.parseInt(heap.trim());
        } catch (NumberFormatException e) {
            mb = -1;
        }
        if (mb < MIN_HEAP_MB || mb > MAX_HEAP_MB) {
            throw new ConfigException(JMETER_HEAP + " must be the JMeter JVM's heap in MB, " + MIN_HEAP_MB + " to " + MAX_HEAP_MB
                    + ", was '" + heap + "'");
        }
        List<String> jvm = Arrays.stream(value(values, JMETER_GC, BuildInfo.get(JMETER_GC, DEFAULT_GC)).trim().split("\\s+"))
                .filter(s -> !s.isEmpty()).toList();
        jvm.stream().filter(o -> !o.startsWith("-")).findFirst().ifPresent(o -> {
            throw new ConfigException(JMETER_GC + " takes JVM options (such as -XX:+UseG1GC), was '" + o + "'");
        });
        String rmi = value(values, JMETER_RMI_HOSTNAME, BuildInfo.get(JMETER_RMI_HOSTNAME, "127.0.0.1")).trim();
        return new RunOptions(mb, jvm, flag(values, JMETER_DASHBOARD, BuildInfo.get(JMETER_DASHBOARD, "false")), rmi,
                flag(values, SITE, "true"));
    }

    private static String value(Map<String, String> values, String key, String fallback) {
        String v = values.get(key);
        return v == null || v.isBlank() ? fallback : v;
    }

    private static boolean flag(Map<String, String> values, String key, String fallback) {
        String v = value(values, key, fallback).trim();
        if (!v.equals("true") && !v.equals("false")) {
            throw new ConfigException(key + " must be true or false, was '" + v + "'");
        }
        return Boolean.parseBoolean(v);
    }
}
