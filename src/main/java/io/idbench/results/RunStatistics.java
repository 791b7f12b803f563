package io.idbench.results;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Per-label statistics of a run from its JTL, over the measured window only: samples that
 * started before {@code measureFrom} (the warm-up) are left out, and so are samples that ended
 * while fewer than {@code minThreads} threads were active (the ramp-up and the ramp-down), so
 * that a "10 threads" figure really comes from 10 concurrent threads. What was left out is counted.
 */
public final class RunStatistics {
    /** The label under which all labels are summed. */
    public static final String ALL = "ALL";

    /** What a run's statistics hold: per label (and {@link #ALL}), and the samples outside the window. */
    public record Result(Map<String, LabelStatistics.Summary> labels, long warmUpSamples, long partialConcurrencySamples) {
    }

    private RunStatistics() {
    }

    /**
     * @param measureFrom epoch ms; samples starting earlier are warm-up (0: none)
     * @param minThreads  samples ending with fewer active threads are left out (0 or 1: none)
     */
    public static Result of(Path jtl, long measureFrom, int minThreads) {
        Map<String, LabelStatistics> byLabel = new TreeMap<>();
        LabelStatistics all = new LabelStatistics();
        long[] warmUp = {0};
        long[] partial = {0};
        JtlReader.read(jtl, s -> {
            if (s.timeStamp() < measureFrom) {
                warmUp[0]++;
            } else if (s.allThreads() < minThreads) {
                partial[0]++;
            } else {
                byLabel.computeIfAbsent(s.label(), l -> new LabelStatistics()).add(s);
                all.add(s);
            }
        });
        Map<String, LabelStatistics.Summary> out = new LinkedHashMap<>();
        byLabel.forEach((label, stats) -> out.put(label, stats.summary()));
        out.put(ALL, all.summary());
        return new Result(out, warmUp[0], partial[0]);
    }
}
