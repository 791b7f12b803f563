package io.idbench.results;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import io.idbench.record.ComponentCost;
import io.idbench.record.MachineState;
import io.idbench.record.RepetitionCost;
import io.idbench.telemetry.CpuSampler;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The CPU a run's components used during a window, from the {@link CpuSampler}'s rows: each
 * cumulative counter is read at the window's edges (linear between the two rows around an edge),
 * so a window need not start on a sample. What the machine was busy with beyond the run's own
 * processes is "others": another build, a backup, a noisy neighbour.
 */
public final class CpuAccount {
    /** Others above this share of the machine during a window: the run was disturbed. */
    public static final double DISTURBED_OTHERS_PCT = 10;
    /** CPU stolen by the hypervisor above this share: the run was disturbed. */
    public static final double DISTURBED_STEAL_PCT = 10;

    /** The components a side's account names: its own three, and the load generator and build both sides share. */
    static final List<String> OWN = List.of("service", "postgresql", "engine", "jmeter", "harness");
    static final List<String> SIDE = List.of("service", "postgresql", "engine");

    private final List<long[]> rows;
    private final List<String> columns;
    private final int cores;

    private CpuAccount(List<String> columns, List<long[]> rows, int cores) {
        this.columns = columns;
        this.rows = rows;
        this.cores = cores;
    }

    public static CpuAccount read(Path csv, int cores) {
        List<long[]> rows = new ArrayList<>();
        List<String> columns = new ArrayList<>();
        try (MappingIterator<List<String>> it = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY)
                .readerForListOf(String.class).with(CsvSchema.emptySchema()).readValues(csv.toFile())) {
            if (it.hasNextValue()) {
                columns.addAll(it.nextValue());
            }
            while (it.hasNextValue()) {
                List<String> r = it.nextValue();
                if (r.size() != columns.size()) {
                    continue; // a row cut short when the sampler was stopped
                }
                rows.add(r.stream().mapToLong(Long::parseLong).toArray());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + csv + ": " + e.getMessage(), e);
        }
        return new CpuAccount(columns, rows, cores);
    }

    /** Whether the rows cover [from, to]. */
    public boolean covers(long from, long to) {
        return rows.size() >= 2 && rows.get(0)[0] <= from && rows.get(rows.size() - 1)[0] >= to;
    }

    /**
     * The account of [from, to] (epoch ms) for {@code requests} measured requests, and of the
     * machine over [machineFrom, to].
     */
    public RepetitionCost over(long from, long to, long requests, long machineFrom) {
        return over(from, to, requests, machineFrom, false);
    }

    /** … of side B's service, PostgreSQL and engine ({@code versus}), under the same names as A's. */
    public RepetitionCost over(long from, long to, long requests, long machineFrom, boolean versus) {
        return over(from, to, requests, machineFrom, versus, requests);
    }

    /**
     * … where JMeter and the build served {@code sharedRequests} in the window (both sides', when a duet measured them at
     * once): their CPU per request is over all of those.
     */
    public RepetitionCost over(long from, long to, long requests, long machineFrom, boolean versus, long sharedRequests) {
        double seconds = Math.max(1, to - from) / 1000.0;
        Map<String, ComponentCost> components = new LinkedHashMap<>();
        for (String c : OWN) {
            String column = versus && SIDE.contains(c) ? CpuSampler.VERSUS + Character.toUpperCase(c.charAt(0)) + c.substring(1) : c;
            if (!columns.contains(column + "CpuMs")) {
                continue;
            }
            double cpu = delta(column + "CpuMs", from, to);
            double sw = delta(column + "Switches", from, to);
            long served = SIDE.contains(c) ? requests : sharedRequests;
            Double read = columns.contains(column + "ReadBytes") ? delta(column + "ReadBytes", from, to) : null;
            components.put(c, new ComponentCost(cpu, served == 0 ? 0 : cpu * 1000 / served, sw, served == 0 ? 0 : sw / served, read));
        }
        long mf = Math.min(machineFrom, from);
        double machineSeconds = Math.max(1, to - mf) / 1000.0;
        double capacity = machineSeconds * 1000 * cores;
        double busy = delta("busyMs", mf, to);
        double own = CpuSampler.COMPONENTS.stream().filter(c -> columns.contains(c + "CpuMs"))
                .mapToDouble(c -> delta(c + "CpuMs", mf, to)).sum();
        double others = Math.max(0, busy - own);
        double probes = columns.contains("probes") ? delta("probes", mf, to) : 0;
        double probeUs = probes >= 1 ? Math.round(delta("probeNs", mf, to) / probes / 10.0) / 100.0 : Double.NaN;
        double reads = columns.contains("memoryReads") ? delta("memoryReads", mf, to) : 0;
        double memoryNs = reads >= 1 ? Math.round(delta("memoryNs", mf, to) / reads * 100) / 100.0 : Double.NaN;
        MachineState m = new MachineState(pct(busy, capacity), pct(delta("iowaitMs", mf, to), capacity),
                pct(delta("stealMs", mf, to), capacity),
                pct(others, capacity), Math.round(delta("switches", mf, to) / machineSeconds), probeUs, memoryNs);
        String disturbed = m.othersPct() > DISTURBED_OTHERS_PCT
                ? String.format(Locale.ROOT, "other processes used %.1f%% of the machine (more than %.0f%%)", m.othersPct(),
                        DISTURBED_OTHERS_PCT)
                : m.stealPct() > DISTURBED_STEAL_PCT
                        ? String.format(Locale.ROOT, "the hypervisor stole %.1f%% of the CPU (more than %.0f%%)", m.stealPct(),
                                DISTURBED_STEAL_PCT)
                        : null;
        return new RepetitionCost(seconds, requests, components, machineSeconds, m, disturbed);
    }

    private static double pct(double part, double whole) {
        return whole <= 0 ? 0 : Math.round(part / whole * 1000) / 10.0;
    }

    private double delta(String column, long from, long to) {
        int i = columns.indexOf(column);
        return at(i, to) - at(i, from);
    }

    /** A cumulative column at time t, linear between the rows around t. */
    private double at(int column, long t) {
        if (t <= rows.get(0)[0]) {
            return rows.get(0)[column];
        }
        for (int k = 1; k < rows.size(); k++) {
            long[] b = rows.get(k);
            if (b[0] >= t) {
                long[] a = rows.get(k - 1);
                double f = b[0] == a[0] ? 1 : (double) (t - a[0]) / (b[0] - a[0]);
                return a[column] + f * (b[column] - a[column]);
            }
        }
        return rows.get(rows.size() - 1)[column];
    }
}
