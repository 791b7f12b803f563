package io.idbench.results;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Per-label statistics of a run from its JTL, over the measured window only. When the plan saved
 * each sample's phase (the idbench plans do), only the {@value #MEASURE} phase counts and every
 * other phase (login, populate, warm-up, teardown) is counted by name; otherwise samples that
 * started before {@code measureFrom} are the warm-up. Samples that ended while fewer than
 * {@code minThreads} threads were active (the ramp-down) are left out too, so that a "10 threads"
 * figure really comes from 10 concurrent threads.
 */
public final class RunStatistics {
    /** The label under which all measured labels are summed. */
    public static final String ALL = "ALL";
    /** The phase the idbench plans give to measured samples. */
    public static final String MEASURE = "measure";
    /** Where samples before {@code measureFrom} are counted in a JTL without phases. */
    public static final String WARM_UP = "warmup";

    /**
     * What a run's statistics hold: per label (and {@link #ALL}); per phase, the samples left out;
     * the samples of the measured phase left out because not all threads were active.
     */
    public record Result(Map<String, LabelStatistics.Summary> labels, Map<String, Distribution> distributions,
                         Map<String, Long> excludedPhases, long partialConcurrencySamples) {

        /** Samples of the warm-up phase (not measured). */
        public long warmUpSamples() {
            return excludedPhases.getOrDefault(WARM_UP, 0L);
        }
    }

    private RunStatistics() {
    }

    /**
     * @param measureFrom epoch ms; in a JTL without phases, samples starting earlier are warm-up (0: none)
     * @param minThreads  samples ending with fewer active threads are left out (0 or 1: none)
     */
    public static Result of(Path jtl, long measureFrom, int minThreads) {
        Map<String, LabelStatistics> byLabel = new TreeMap<>();
        LabelStatistics all = new LabelStatistics();
        Map<String, Long> excluded = new TreeMap<>();
        long[] partial = {0};
        JtlReader.read(jtl, s -> {
            String phase = s.phase() != null ? s.phase() : s.timeStamp() < measureFrom ? WARM_UP : MEASURE;
            if (!phase.equals(MEASURE)) {
                excluded.merge(phase, 1L, Long::sum);
            } else if (s.allThreads() < minThreads) {
                partial[0]++;
            } else {
                byLabel.computeIfAbsent(s.label(), l -> new LabelStatistics()).add(s);
                all.add(s);
            }
        });
        Map<String, LabelStatistics> labels = new LinkedHashMap<>(byLabel);
        labels.put(ALL, all);
        Map<String, LabelStatistics.Summary> out = new LinkedHashMap<>();
        Map<String, Distribution> distributions = new LinkedHashMap<>();
        labels.forEach((label, stats) -> {
            out.put(label, stats.summary());
            distributions.put(label, stats.distribution());
        });
        return new Result(out, distributions, excluded, partial[0]);
    }
}
