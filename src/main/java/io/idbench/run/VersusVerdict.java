package io.idbench.run;

import io.idbench.record.Change;
import io.idbench.record.Numbers;
import io.idbench.record.RecordFile;
import io.idbench.record.RunRecord;
import io.idbench.record.RunStatus;
import io.idbench.record.Side;
import io.idbench.record.Versus;
import io.idbench.results.PairedVerdict;
import io.idbench.results.Power;
import io.idbench.results.RunNoise;
import io.idbench.results.RunStatistics;
import io.idbench.results.Verdict;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * verify, comparing two services ({@code -Dversus}): side B against side A, measured interleaved in
 * one build, figure by figure and round by round ({@link PairedVerdict}); both records learn the
 * other and the verdict.
 * A comparison informs, it does not fail the build (use {@code -Dbaseline} for a gate).
 */
record VersusVerdict(PrintStream out) {
    /** The end-to-end figures whose power a verdict states in one line. */
    static final List<String> POWER_FIGURES = List.of("p50", "p95", "throughput");

    /**
     * What the comparison could have seen on the end-to-end figures, and the rounds the minimum effect would take:
     * "At 10 rounds it could have seen ALL p50 ±6.1%, …; ±5% would take about 14 rounds on p50 (-Drepeat=14), …".
     */
    static String power(List<Change> changes, Map<String, Integer> rounds, int measured, double minEffectPct) {
        List<String> seen = new ArrayList<>();
        List<String> need = new ArrayList<>();
        for (String figure : POWER_FIGURES) {
            changes.stream().filter(c -> c.label().equals(RunStatistics.ALL) && c.figure().equals(figure)).findFirst()
                    .ifPresent(c -> seen.add(String.format(Locale.ROOT, "%s ±%.1f%%", figure, c.detectablePct())));
            int n = rounds.getOrDefault(figure, 0);
            if (n > 0) {
                need.add(n > Power.MAX_ROUNDS ? figure + " more than " + Power.MAX_ROUNDS
                        : String.format(Locale.ROOT, "%s %d (-Drepeat=%d)", figure, n, n));
            }
        }
        return String.format(Locale.ROOT, "At %d rounds it could have seen changes of ALL %s (found in %.0f%% of such comparisons);"
                + " rounds to see %s%%: %s", measured, String.join(", ", seen), Power.POWER * 100, Numbers.trim(minEffectPct),
                need.isEmpty() ? "unknown" : String.join(", ", need));
    }

    /**
     * @param instanceNoisePct how much two service processes differ for good, in %; null: estimated from the A/A checks
     *                         recorded beside side A ({@link RunNoise#ofInstances})
     * @param sameJar          whether side B ran this build's jar
     */
    void record(Path a, Path b, List<Side> schedule, double minEffectPct, Double instanceNoisePct, boolean sameJar) throws IOException {
        RunRecord ra = RecordFile.read(a);
        RunRecord rb = RecordFile.read(b);
        boolean sameBuild = sameJar && Objects.equals(ra.scenario(), rb.scenario()) && ra.parameter("handicap").isBlank()
                && rb.parameter("handicap").isBlank();
        RunNoise instances = instanceNoisePct != null ? RunNoise.fixed(instanceNoisePct, "versus.instanceNoise")
                : RunNoise.ofInstances(RecordFile.siblings(a).stream().filter(r -> !r.runId().equals(ra.runId())).toList(),
                        ra.scenario() + " on this machine");
        String title = rb.scenario() + " " + rb.runId() + " (B) against " + ra.scenario() + " " + ra.runId() + " (A)";
        Versus verdict;
        if (ra.status() != RunStatus.COMPLETE || rb.status() != RunStatus.COMPLETE) {
            verdict = new Versus(a.toString(), b.toString(), minEffectPct, Verdict.DEFAULT_ALPHA, schedule, "a side did not complete", null,
                    null, null, null, sameBuild, null, null, Interleaving.startsFirst(ra.runId()), null);
            out.println("[idbench] " + title + ": not compared, a side did not complete");
        } else {
            // Paired by round: the k-th repetition of each side ran in the same round of the schedule.
            PairedVerdict paired = new PairedVerdict(minEffectPct, Verdict.DEFAULT_ALPHA, instances);
            List<Change> changes = paired.compare(ra.repetitions(), rb.repetitions());
            long regressions = changes.stream().filter(Change::regression).count();
            long improvements = changes.stream().filter(Change::improvement).count();
            out.println("[idbench] " + title + ", interleaved " + schedule.size() + " repetitions, paired by round:");
            changes.stream().filter(c -> c.regression() || c.improvement()).forEach(c -> out.println("[idbench]   " + c.line()));
            Map<String, Integer> rounds = new LinkedHashMap<>();
            for (String figure : POWER_FIGURES) {
                rounds.put(figure, paired.roundsFor(minEffectPct, ra.repetitions(), rb.repetitions(), RunStatistics.ALL, figure,
                        changes.size()));
            }
            verdict = new Versus(a.toString(), b.toString(), minEffectPct, Verdict.DEFAULT_ALPHA, schedule, null, changes, regressions,
                    improvements, changes.size(), sameBuild, instances.source(), rounds, Interleaving.startsFirst(ra.runId()), null);
            out.println(String.format(Locale.ROOT, "[idbench] B against A: %d of %d figures worse, %d better, by at least %s%%"
                    + " and significant (paired t-tests over the rounds, Holm, family-wise alpha %s; what two service processes differ"
                    + " by for good: %s)", regressions, changes.size(), improvements, Numbers.trim(minEffectPct),
                    Numbers.trim(Verdict.DEFAULT_ALPHA), instances.source()));
            if (sameBuild) {
                out.println("[idbench] An A/A check (this build against itself): later comparisons of " + ra.scenario()
                        + " learn from it how much two service processes differ");
            }
            out.println("[idbench] " + power(changes, rounds, schedule.size() / 2, minEffectPct));
        }
        RecordFile.write(a, ra.withVersus(verdict.as(Side.A)));
        RecordFile.write(b, rb.withVersus(verdict.as(Side.B)));
    }
}
