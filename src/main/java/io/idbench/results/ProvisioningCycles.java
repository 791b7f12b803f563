package io.idbench.results;

import io.idbench.record.Provisioning;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Plan 5's cycles from its JTL and its schedule's directory: per cycle (the JTL's rep; the users present before the initial
 * cycle are its populate phase), the requests, their failures by response code, the span, the slowest job's pace, and what
 * the audit after it wrote ({@code audit-<cycle>.txt}).
 */
public final class ProvisioningCycles {
    /** A job idle this long between requests was waiting for the others (a barrier), not sending. */
    static final long IDLE_MS = 1_000;
    /** Jobs with fewer requests in a cycle say nothing about their pace. */
    static final int MIN_REQUESTS_FOR_PACE = 20;
    private static final String AUDIT = "audit";

    private ProvisioningCycles() {
    }

    /** One job's requests in one cycle, in order of their start. */
    private record Sent(long start, long end) {
    }

    /**
     * @param objects per cycle, the objects its steps name (the schedule's: {@code ScheduleFiles.objectsPerCycle})
     */
    public static Provisioning of(Path jtl, Path schedule, Map<Integer, Long> objects, String client, int jobs, double rate,
            long users) {
        Map<Integer, Long> requests = new TreeMap<>();
        Map<Integer, Map<String, Long>> errors = new HashMap<>();
        Map<Integer, long[]> span = new HashMap<>();
        Map<Integer, Map<String, List<Sent>>> byJob = new HashMap<>();
        JtlReader.readRows(jtl, (row, line) -> {
            String phase = row.getOrDefault(JtlReader.PHASE, "");
            if (AUDIT.equals(phase)) {
                return;
            }
            int cycle = "populate".equals(phase) ? -1 : Integer.parseInt(row.getOrDefault(JtlReader.REP, "0"));
            long start = Long.parseLong(row.get("timeStamp"));
            long end = start + Long.parseLong(row.get("elapsed"));
            requests.merge(cycle, 1L, Long::sum);
            if (!Boolean.parseBoolean(row.get("success"))) {
                errors.computeIfAbsent(cycle, k -> new TreeMap<>()).merge(row.getOrDefault("responseCode", "?"), 1L, Long::sum);
            }
            span.merge(cycle, new long[] {start, end}, (a, b) -> new long[] {Math.min(a[0], b[0]), Math.max(a[1], b[1])});
            byJob.computeIfAbsent(cycle, k -> new HashMap<>()).computeIfAbsent(row.get("threadName"), k -> new ArrayList<>())
                    .add(new Sent(start, end));
        });
        List<Provisioning.Cycle> cycles = new ArrayList<>();
        for (int cycle : requests.keySet()) {
            long[] s = span.get(cycle);
            cycles.add(new Provisioning.Cycle(cycle, objects.getOrDefault(cycle, 0L), requests.get(cycle), errors.get(cycle),
                    (s[1] - s[0]) / 1000.0, rate > 0 && cycle >= 0 ? slowestJob(byJob.get(cycle)) : null, audit(schedule, cycle)));
        }
        return new Provisioning(client, jobs, rate, users, cycles);
    }

    /**
     * The requests per second of the slowest job, over the time it was sending: a wait longer than {@link #IDLE_MS} between
     * one answer and the next request was a barrier's, not the pace's. Null when no job sent enough to tell.
     */
    static Double slowestJob(Map<String, List<Sent>> jobs) {
        Double slowest = null;
        for (List<Sent> sent : jobs.values()) {
            if (sent.size() < MIN_REQUESTS_FOR_PACE) {
                continue;
            }
            sent.sort((a, b) -> Long.compare(a.start(), b.start()));
            long active = 0;
            for (int i = 0; i + 1 < sent.size(); i++) {
                Sent now = sent.get(i);
                long next = sent.get(i + 1).start();
                active += next - now.end() < IDLE_MS ? next - now.start() : now.end() - now.start();
            }
            double rate = (sent.size() - 1) * 1000.0 / Math.max(1, active);
            slowest = slowest == null ? rate : Math.min(slowest, rate);
        }
        return slowest;
    }

    /** What the audit after the cycle wrote (empty: all held), or null when it did not run. */
    static List<String> audit(Path schedule, int cycle) {
        Path file = schedule.resolve("audit-" + cycle + ".txt");
        try {
            return Files.isRegularFile(file) ? Files.readAllLines(file) : null;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
