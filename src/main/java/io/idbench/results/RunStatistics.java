package io.idbench.results;

import io.idbench.record.Distribution;
import io.idbench.record.LabelSummary;
import io.idbench.record.Side;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.AbstractHistogram;

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
    /** The measured phase of a settling repetition (rep < 1): measured like the others, recorded apart, never pooled. */
    public static final String SETTLE = "settle";
    /** Where samples before {@code measureFrom} are counted in a JTL without phases. */
    public static final String WARM_UP = "warmup";

    /**
     * What a run's statistics hold: per label (and {@link #ALL}); per phase, the samples left out;
     * the samples of the measured phase left out because not all threads were active; per label, the
     * measured samples in windows (for intervals); the measured span; when the warm-up began (0: none); per JMeter engine,
     * its counted samples; per label, the span from its first sample's start to its last one's end.
     */
    public record Result(Map<String, LabelSummary> labels, Map<String, Distribution> distributions,
            Map<String, Long> excludedPhases, long partialConcurrencySamples, Map<String, LabelWindows> windows,
            Window measured, long warmUpFrom, Map<String, EngineLoad.Window> engines,
            Map<String, AbstractHistogram> histograms, Map<String, Window> spans) {

        /** Samples of the warm-up phase (not measured). */
        public long warmUpSamples() {
            return excludedPhases.getOrDefault(WARM_UP, 0L);
        }
    }

    /** The measured phase of a repetition: from its first measured sample's start to its last one's end, epoch ms. */
    public record Window(long from, long to) {
        public double seconds() {
            return Math.max(1, to - from) / 1000.0;
        }
    }

    private RunStatistics() {
    }

    /** One repetition of one side (A; or B, comparing two services interleaved) of a run. */
    public record Part(int rep, Side side) {
        /** A settling repetition: run before the measured ones, numbered below 1. */
        public boolean settling() {
            return rep < 1;
        }
    }

    /**
     * Every repetition (and side) of a JTL, in the order they ran, from one read of the file: the
     * samples of a closed workload count that ended while every thread was still measuring (after
     * the first thread finished its loops, the others run with less company). A settling
     * repetition's part (its rep below 1) is measured the same way; {@link Part#settling()} tells it.
     *
     * @param minThreads the threads of a closed workload (0 for an open one: no sample left out for that)
     */
    public static Map<Part, Result> byPart(Path jtl, int minThreads) {
        Map<Part, List<JtlSample>> measured = new LinkedHashMap<>();
        Map<Part, Accumulator> parts = new HashMap<>();
        Map<Part, Long> first = new HashMap<>();
        JtlReader.read(jtl, sample -> {
            JtlSample s = SETTLE.equals(sample.phase()) ? sample.inPhase(MEASURE) : sample;
            Part p = new Part(s.rep(), s.side());
            Accumulator acc = parts.computeIfAbsent(p, k -> new Accumulator(0, minThreads, Long.MAX_VALUE));
            if (MEASURE.equals(s.phase())) {
                measured.computeIfAbsent(p, k -> new ArrayList<>()).add(s);
                first.merge(p, s.timeStamp(), Math::min);
            } else {
                acc.add(s); // an excluded phase: counted
            }
        });
        Map<Part, Result> out = new LinkedHashMap<>();
        first.entrySet().stream().sorted(Map.Entry.comparingByValue()).map(Map.Entry::getKey).forEach(p -> {
            List<JtlSample> samples = measured.get(p);
            // Removed once its result is taken: a part's exact histograms take megabytes, and a run with forks has hundreds.
            Accumulator acc = parts.remove(p).until(fullConcurrencyUntil(samples, minThreads));
            samples.forEach(acc::add);
            out.put(p, acc.result());
        });
        return out;
    }

    /** When the first thread ended its last measured sample, with every thread measuring at all; else no limit. */
    private static long fullConcurrencyUntil(List<JtlSample> measured, int minThreads) {
        if (minThreads <= 1) {
            return Long.MAX_VALUE;
        }
        Map<String, Long> lastEnd = new HashMap<>();
        measured.forEach(s -> lastEnd.merge(s.threadName(), s.end(), Math::max));
        return lastEnd.size() < minThreads ? Long.MAX_VALUE : lastEnd.values().stream().mapToLong(Long::longValue).min().orElseThrow();
    }

    /**
     * @param measureFrom epoch ms; in a JTL without phases, samples starting earlier are warm-up (0: none)
     * @param minThreads  samples ending with fewer active threads are left out (0 or 1: none)
     */
    public static Result of(Path jtl, long measureFrom, int minThreads) {
        Accumulator acc = new Accumulator(measureFrom, minThreads, Long.MAX_VALUE);
        JtlReader.read(jtl, acc::add);
        return acc.result();
    }

    /** Samples in, a {@link Result} out: measured ones into the statistics, the others counted by phase. */
    private static final class Accumulator {
        private final long measureFrom;
        private final int minThreads;
        private long fullUntil;
        private final Map<String, LabelStatistics> byLabel = new TreeMap<>();
        private final LabelStatistics all = new LabelStatistics();
        private final Map<String, LabelWindows.Collector> collectors = new TreeMap<>();
        private final LabelWindows.Collector allSamples = new LabelWindows.Collector();
        private final Map<String, Long> excluded = new TreeMap<>();
        private long from = Long.MAX_VALUE;
        private long to = Long.MIN_VALUE;
        private long warmUpFrom = Long.MAX_VALUE;
        private long partial;
        private final Map<String, EngineLoad.Window> engines = new TreeMap<>();

        Accumulator(long measureFrom, int minThreads, long fullUntil) {
            this.measureFrom = measureFrom;
            this.minThreads = minThreads;
            this.fullUntil = fullUntil;
        }

        Accumulator until(long fullConcurrencyUntil) {
            this.fullUntil = fullConcurrencyUntil;
            return this;
        }

        void add(JtlSample s) {
            String phase = s.phase() != null ? s.phase() : s.timeStamp() < measureFrom ? WARM_UP : MEASURE;
            if (!phase.equals(MEASURE)) {
                excluded.merge(phase, 1L, Long::sum);
                if (phase.equals(WARM_UP)) {
                    warmUpFrom = Math.min(warmUpFrom, s.timeStamp());
                }
            } else if (s.allThreads() < minThreads || s.end() > fullUntil) {
                partial++;
            } else {
                byLabel.computeIfAbsent(s.label(), l -> new LabelStatistics()).add(s);
                all.add(s);
                collectors.computeIfAbsent(s.label(), l -> new LabelWindows.Collector()).add(s);
                allSamples.add(s);
                engines.computeIfAbsent(s.engine(), e -> new EngineLoad.Window()).add(s);
                from = Math.min(from, s.timeStamp());
                to = Math.max(to, s.end());
            }
        }

        Result result() {
            Map<String, LabelStatistics> labels = new LinkedHashMap<>(byLabel);
            labels.put(ALL, all);
            Map<String, LabelSummary> out = new LinkedHashMap<>();
            Map<String, Distribution> distributions = new LinkedHashMap<>();
            Map<String, AbstractHistogram> histograms = new LinkedHashMap<>();
            Map<String, Window> spans = new LinkedHashMap<>();
            labels.forEach((label, stats) -> {
                out.put(label, stats.summary());
                if (stats.span() != null) {
                    spans.put(label, stats.span());
                }
                distributions.put(label, stats.distribution());
                histograms.put(label, stats.pooledCopy());
            });
            Window measured = from <= to ? new Window(from, to) : null;
            Map<String, LabelWindows> windows = new LinkedHashMap<>();
            if (measured != null) {
                collectors.forEach((label, c) -> windows.put(label, c.build(measured.from(), measured.to())));
                windows.put(ALL, allSamples.build(measured.from(), measured.to()));
            }
            return new Result(out, distributions, excluded, partial, windows, measured, warmUpFrom == Long.MAX_VALUE ? 0 : warmUpFrom,
                    engines, histograms, spans);
        }
    }
}
