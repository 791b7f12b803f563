package io.idbench.run;

import io.idbench.record.Change;
import io.idbench.record.Numbers;
import io.idbench.record.RecordFile;
import io.idbench.record.Repetition;
import io.idbench.record.RunRecord;
import io.idbench.record.RunStatus;
import io.idbench.record.Side;
import io.idbench.record.Versus;
import io.idbench.results.FigureName;
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
    /** The chance a comparison planned for an effect finds it: 9 in 10 (a verdict states what it could see at 80 %). */
    static final double PLANNED_POWER = 0.9;

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
     * What a comparison with forks could have seen on its primary figures, how much its service processes differed, and the
     * forks the minimum effect would take: "With 8 forks of 3 rounds it could have seen ALL p50 ±6.1%, …; two service
     * processes differed by ALL p50 2.1%, …; forks to find 5% (in 90% of such comparisons): ALL p50 12 (-Dversus.forks=12), …".
     */
    static String forkPower(List<Change> changes, Map<String, Integer> forksFor, int forks, int rounds, double minEffectPct) {
        List<String> seen = new ArrayList<>();
        List<String> spread = new ArrayList<>();
        List<String> need = new ArrayList<>();
        for (Change c : changes) {
            if (!Boolean.TRUE.equals(c.primary())) {
                continue;
            }
            String name = c.label() + " " + c.figure();
            seen.add(String.format(Locale.ROOT, "%s ±%.1f%%", name, c.detectablePct()));
            if (c.instancePct() != null) {
                spread.add(String.format(Locale.ROOT, "%s %.1f%%", name, c.instancePct()));
            }
            int n = forksFor.getOrDefault(name, 0);
            if (n > 0) {
                need.add(n > Power.MAX_FORKS ? name + " more than " + Power.MAX_FORKS
                        : String.format(Locale.ROOT, "%s %d (-Dversus.forks=%d)", name, n, n));
            }
        }
        return String.format(Locale.ROOT, "With %d forks of %d rounds it could have seen changes of %s (found in %.0f%% of such"
                + " comparisons); two service processes differed for good by %s (as these forks measured it); forks of %d rounds to"
                + " find %s%% in %.0f%% of such comparisons: %s", forks, rounds, String.join(", ", seen), Power.POWER * 100,
                spread.isEmpty() ? "an amount these forks cannot tell" : String.join(", ", spread), rounds,
                Numbers.trim(minEffectPct), PLANNED_POWER * 100, need.isEmpty() ? "unknown" : String.join(", ", need));
    }

    /**
     * @param instanceNoisePct how much two service processes differ for good, in %; null: estimated from the A/A checks
     *                         recorded beside side A ({@link RunNoise#ofInstances}); not used with forks, which measure it
     * @param sameJar          whether side B ran this build's jar
     * @param forks            service processes per side, each measured for an equal block of the schedule's rounds
     * @param primary          the figures judged first
     */
    void record(Path a, Path b, List<Side> schedule, double minEffectPct, Double instanceNoisePct, boolean sameJar, int forks,
            boolean duet, Side reference, List<FigureName> primary) throws IOException {
        RunRecord ra = RecordFile.read(a);
        RunRecord rb = RecordFile.read(b);
        // The side judged against the reference: B against A, or A (this build) against B (the reference build's jar).
        boolean aJudged = reference == Side.B;
        List<Repetition> ref = aJudged ? rb.repetitions() : ra.repetitions();
        List<Repetition> judged = aJudged ? ra.repetitions() : rb.repetitions();
        boolean sameBuild = sameJar && Objects.equals(ra.scenario(), rb.scenario()) && ra.parameter("handicap").isBlank()
                && rb.parameter("handicap").isBlank();
        RunNoise instances = forks > 1 ? RunNoise.NONE
                : instanceNoisePct != null ? RunNoise.fixed(instanceNoisePct, "versus.instanceNoise")
                        : RunNoise.ofInstances(RecordFile.siblings(a).stream().filter(r -> !r.runId().equals(ra.runId())).toList(),
                                ra.scenario() + " on this machine");
        String instanceSource = forks > 1 ? "measured by the " + forks + " forks themselves" : instances.source();
        String title = aJudged ? ra.scenario() + " " + ra.runId() + " (A, this build) against " + rb.scenario() + " " + rb.runId()
                + " (B, the reference build)"
                : rb.scenario() + " " + rb.runId() + " (B) against " + ra.scenario() + " " + ra.runId() + " (A)";
        List<String> primaryNames = primary.stream().map(FigureName::toString).toList();
        Versus verdict;
        if (ra.status() != RunStatus.COMPLETE || rb.status() != RunStatus.COMPLETE) {
            verdict = new Versus(a.toString(), b.toString(), minEffectPct, Verdict.DEFAULT_ALPHA, schedule, "a side did not complete", null,
                    null, null, null, sameBuild, null, null, Interleaving.startsFirst(ra.runId()), null, forks, null, primaryNames, null,
                    duet ? Boolean.TRUE : null, aJudged ? Side.B : null);
            out.println("[idbench] " + title + ": not compared, a side did not complete");
        } else {
            // Paired by round: the k-th repetition of each side ran in the same round of the schedule.
            PairedVerdict paired = new PairedVerdict(minEffectPct, Verdict.DEFAULT_ALPHA, instances, forks, primary);
            List<Change> changes = paired.compare(ref, judged);
            long regressions = changes.stream().filter(Change::regression).count();
            long improvements = changes.stream().filter(Change::improvement).count();
            long primaryRegressions = changes.stream().filter(c -> c.regression() && Boolean.TRUE.equals(c.primary())).count();
            long primaryImprovements = changes.stream().filter(c -> c.improvement() && Boolean.TRUE.equals(c.primary())).count();
            int rounds = schedule.size() / 2;
            out.println("[idbench] " + title + (duet ? ", as a duet (both at once, half the threads each) over " + rounds + " rounds"
                    : ", interleaved " + schedule.size() + " repetitions")
                    + (forks > 1
                            ? " in " + forks + " forks (both services started again before each), paired by round, the fork as the unit:"
                            : ", paired by round:"));
            changes.stream().filter(c -> c.regression() || c.improvement())
                    .forEach(c -> out.println("[idbench]   " + (Boolean.TRUE.equals(c.primary()) ? "* " : "  ") + c.line()));
            Map<String, Integer> roundsNeeded = new LinkedHashMap<>();
            Map<String, Integer> forksNeeded = null;
            if (forks > 1) {
                forksNeeded = new LinkedHashMap<>();
                for (FigureName name : primary) {
                    forksNeeded.put(name.toString(), paired.forksFor(minEffectPct, PLANNED_POWER, ref, judged,
                            name, changes.size()));
                }
            } else {
                for (String figure : POWER_FIGURES) {
                    roundsNeeded.put(figure, paired.roundsFor(minEffectPct, ref, judged, RunStatistics.ALL,
                            figure, changes.size()));
                }
            }
            verdict = new Versus(a.toString(), b.toString(), minEffectPct, Verdict.DEFAULT_ALPHA, schedule, null, changes, regressions,
                    improvements, changes.size(), sameBuild, instanceSource, forks > 1 ? null : roundsNeeded,
                    Interleaving.startsFirst(ra.runId()), null, forks, forksNeeded, primaryNames, primaryRegressions,
                    duet ? Boolean.TRUE : null, aJudged ? Side.B : null);
            out.println(String.format(Locale.ROOT, "[idbench] " + (aJudged ? "A against B" : "B against A")
                    + ": primary figures (%s) %d of %d worse, %d better; all"
                    + " figures %d of %d worse, %d better; by at least %s%% and significant (%s, Holm weighted %.0f%% to the primary"
                    + " figures, family-wise alpha %s; what two service processes differ by for good: %s)",
                    String.join(", ", primaryNames), primaryRegressions, changes.stream().filter(c -> Boolean.TRUE.equals(c.primary()))
                            .count(),
                    primaryImprovements, regressions, changes.size(), improvements, Numbers.trim(minEffectPct),
                    forks > 1 ? "t-tests over the forks' means" : "paired t-tests over the rounds", PairedVerdict.PRIMARY_SHARE * 100,
                    Numbers.trim(Verdict.DEFAULT_ALPHA), instanceSource));
            if (sameBuild && forks == 1 && !duet) {
                out.println("[idbench] An A/A check (this build against itself): later comparisons of " + ra.scenario()
                        + " learn from it how much two service processes differ");
            }
            out.println("[idbench] " + (forks > 1 ? forkPower(changes, forksNeeded, forks, rounds / forks, minEffectPct)
                    : power(changes, roundsNeeded, rounds, minEffectPct)));
        }
        RecordFile.write(a, ra.withVersus(verdict.as(Side.A)));
        RecordFile.write(b, rb.withVersus(verdict.as(Side.B)));
    }
}
