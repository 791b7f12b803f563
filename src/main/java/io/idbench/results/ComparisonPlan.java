package io.idbench.results;

import io.idbench.config.ConfigException;
import io.idbench.record.Change;
import io.idbench.record.Numbers;
import io.idbench.record.RunRecord;
import io.idbench.record.Side;
import io.idbench.record.Versus;
import io.idbench.record.WallTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The forks and rounds an interleaved comparison needs to find a change of {@code targetPct} in its primary figures in
 * {@link #POWER} of such comparisons ({@code versus.detect}), and how long that takes here. Each primary figure's fork mean
 * varies by {@code sigmaInstance² + sigmaRound² / rounds} (the processes' difference, which only more forks average out, and
 * the rounds', which more rounds do); its test is at its share of alpha ({@link PairedVerdict#levelShare}). The plan is the
 * one of least wall time over 1 to {@link #MAX_ROUNDS_PER_FORK} rounds per fork. Both spreads and the times come from the
 * comparisons recorded beside the run (same threads, loops and duration), else from what was measured on a 2-core machine
 * ({@link Evidence#defaults}); the plan says which.
 *
 * @param forks          service processes per side
 * @param rounds         rounds per fork
 * @param minutes        the expected wall time of the build
 * @param detectablePct  what that plan finds in {@link #POWER} of comparisons, on its hardest primary figure
 * @param evidence       where the spreads and times came from
 */
public record ComparisonPlan(int forks, int rounds, double minutes, double detectablePct, Evidence evidence) {
    /** A planned comparison finds its target this often: 9 in 10. */
    public static final double POWER = 0.9;
    public static final int MAX_ROUNDS_PER_FORK = 30;
    /** What both services' stop and start take beside their warm-ups (measured: about 15 s for two 1k services). */
    static final double RESTART_SECONDS = 15;
    /** The defaults' weight against the recorded comparisons: the 10 forks of the comparison that measured them. */
    static final int PRIOR_INSTANCE_DF = 9;
    /** The defaults' weight for a round's spread: that comparison's 100 rounds less its 10 forks. */
    static final int PRIOR_ROUND_DF = 90;

    /**
     * What a plan is made from: each primary figure's spreads (of the log ratio B/A: between service processes, and from
     * round to round), the seconds of a build's fixed part, of a fork's start (restart, warm-ups, settling) and of a round.
     */
    public record Evidence(double sigmaInstance, double sigmaRound, double fixedSeconds, double forkSeconds, double roundSeconds,
            String source) {
        /**
         * Interleaved, measured on a 2-core machine (2026-11): two service processes of one build differed by about 5 % for
         * good (ten A/A checks), ALL p50's ratio moved by about 7 % from one 10-s round to the next; a fork's restart,
         * warm-ups and settling about 90 s, a round (both sides, populate and teardown) about 2 x 4 s at the default shape.
         */
        public static final Evidence INTERLEAVED = new Evidence(Math.log1p(0.05), Math.log1p(0.07), 60, 90, 8,
                "defaults measured interleaved on a 2-core machine (no comparison of this scenario, shape and mode is recorded here)");
        /**
         * As a duet, measured on a 2-core machine (2026-11, an A/A duet of 10 forks of 10 rounds and two duets beside it):
         * the processes' own difference 0 to 1.5 % (ALL p95 the largest), a round's ratio moving by 8 to 10 % (ALL p95); a
         * fork about 2 min (both services started again, both JITs' first warm-up together, settling), a round about 3 s.
         */
        public static final Evidence DUET = new Evidence(Math.log1p(0.015), Math.log1p(0.10), 60, 120, 3,
                "defaults measured as a duet on a 2-core machine (no comparison of this scenario, shape and mode is recorded here)");

        /** The defaults of a comparison's mode: both sides at once (duet), or interleaved. */
        public static Evidence defaults(boolean duet) {
            return duet ? DUET : INTERLEAVED;
        }
    }

    /**
     * The plan of least time; refused with what the budget could reach when the target takes longer or more than
     * {@link Power#MAX_FORKS} forks.
     */
    public static ComparisonPlan plan(double targetPct, double alpha, int primaries, double budgetMinutes, Evidence e) {
        if (!(targetPct > 0) || targetPct >= 100) {
            throw new ConfigException("versus.detect must be a change above 0% and below 100%, was " + Numbers.trim(targetPct) + "%");
        }
        double level = alpha * PairedVerdict.PRIMARY_SHARE / Math.max(1, primaries);
        ComparisonPlan best = null;
        for (int r = 1; r <= MAX_ROUNDS_PER_FORK; r++) {
            double sd = Math.sqrt(e.sigmaInstance() * e.sigmaInstance() + e.sigmaRound() * e.sigmaRound() / r);
            int f = Power.forksFor(targetPct, sd, level, POWER);
            if (f > Power.MAX_FORKS) {
                continue;
            }
            double minutes = minutes(e, f, r);
            if (best == null || minutes < best.minutes()) {
                best = new ComparisonPlan(f, r, minutes, Power.detectableAt(sd / Math.sqrt(f), f - 1, level, POWER), e);
            }
        }
        if (best == null || best.minutes() > budgetMinutes) {
            throw new ConfigException(String.format(Locale.ROOT, "versus.detect=%s%% %s; within versus.budget=%s min it could find"
                    + " %s (from %s)", Numbers.trim(targetPct),
                    best == null ? "would take more than " + Power.MAX_FORKS + " forks"
                            : String.format(Locale.ROOT, "would take %d forks of %d rounds, about %.0f min", best.forks(), best.rounds(),
                                    best.minutes()),
                    Numbers.trim(budgetMinutes), reachable(alpha, primaries, budgetMinutes, e),
                    e.source()));
        }
        return best;
    }

    /** The smallest change a plan within the budget finds in {@link #POWER} of comparisons, as words. */
    static String reachable(double alpha, int primaries, double budgetMinutes, Evidence e) {
        double level = alpha * PairedVerdict.PRIMARY_SHARE / Math.max(1, primaries);
        double best = Double.NaN;
        String how = "";
        for (int r = 1; r <= MAX_ROUNDS_PER_FORK; r++) {
            double sd = Math.sqrt(e.sigmaInstance() * e.sigmaInstance() + e.sigmaRound() * e.sigmaRound() / r);
            for (int f = 2; f <= Power.MAX_FORKS && minutes(e, f, r) <= budgetMinutes; f++) {
                double d = Power.detectableAt(sd / Math.sqrt(f), f - 1, level, POWER);
                if (Double.isNaN(best) || d < best) {
                    best = d;
                    how = String.format(Locale.ROOT, "%d forks of %d rounds", f, r);
                }
            }
        }
        return Double.isNaN(best) ? "nothing (not even 2 forks fit)" : String.format(Locale.ROOT, "%.1f%% (%s)", best, how);
    }

    static double minutes(Evidence e, int forks, int rounds) {
        return (e.fixedSeconds() + forks * e.forkSeconds() + (double) forks * rounds * e.roundSeconds()) / 60;
    }

    /** One line for the build: "8 forks of 3 rounds, about 21 min, to find 5% in 90% of such comparisons (from …)". */
    public String line(double targetPct) {
        return String.format(Locale.ROOT, "%d forks of %d rounds, about %.0f min, to find %s%% in %.0f%% of such comparisons"
                + " (it finds %.1f%% so; two processes taken to differ by %.1f%%, a round's ratio to move by %.1f%%; from %s)", forks,
                rounds, minutes, Numbers.trim(targetPct), POWER * 100, detectablePct, (Math.exp(evidence.sigmaInstance()) - 1) * 100,
                (Math.exp(evidence.sigmaRound()) - 1) * 100, evidence.source());
    }

    /**
     * The evidence of the comparisons recorded beside a run ({@code records}: side A's records of its scenario) whose shape
     * is {@code shape} (threads, loops, duration): the largest spread among the primary figures of each record, pooled over
     * the records as variances weighted by their degrees of freedom (a fork count less one, a round count less the forks),
     * with the mode's {@link Evidence#defaults} as a prior worth {@link #PRIOR_INSTANCE_DF} and {@link #PRIOR_ROUND_DF}; the
     * times are the records' medians. One comparison of 7 forks estimates the processes' difference with 6 degrees of
     * freedom: taken alone (it said 3.0 % where ten forks had said 1.5 %) it planned 12 forks, past half an hour. Only
     * comparisons of the same mode count ({@code duet}: both sides at once, or interleaved).
     */
    public static Evidence evidence(List<RunRecord> records, List<FigureName> primary, Map<String, String> shape, boolean duet) {
        Pooled instance = new Pooled();
        Pooled round = new Pooled();
        List<Double> fixed = new ArrayList<>();
        List<Double> fork = new ArrayList<>();
        List<Double> roundTime = new ArrayList<>();
        int used = 0;
        for (RunRecord r : records) {
            Versus v = r.versus();
            // A disturbed comparison's spreads and times are the other processes' as much as its own.
            if (v == null || v.side() != Side.A || v.changes() == null || !r.complete() || r.disturbed() != null || !sameShape(r, shape)
                    || Boolean.TRUE.equals(v.duet()) != duet) {
                continue;
            }
            used++;
            int totalRounds = v.schedule().size() / 2;
            double figureInstance = 0;
            double figureRound = 0;
            for (Change c : v.changes()) {
                if (!primary.contains(new FigureName(c.label(), c.figure())) || c.roundsSe() == null) {
                    continue;
                }
                figureRound = Math.max(figureRound, c.roundsSe() * Math.sqrt(totalRounds));
                if (c.instancePct() != null) {
                    figureInstance = Math.max(figureInstance, Math.log1p(c.instancePct() / 100));
                }
            }
            if (figureRound > 0) {
                round.add(figureRound, totalRounds - v.forkCount());
            }
            if (v.forkCount() > 1 && figureRound > 0) {
                instance.add(figureInstance, v.forkCount() - 1);
            }
            WallTime w = r.wallTime();
            if (w != null && w.total() != null && w.settle() != null && w.repetitions() != null && totalRounds > 0) {
                // The first fork's warm-ups and settling stand for every fork's; the later forks' are in the repetitions' phase.
                double forkSeconds = w.settle() + RESTART_SECONDS;
                fork.add(forkSeconds);
                roundTime.add((w.repetitions() - (v.forkCount() - 1) * forkSeconds) / totalRounds);
                fixed.add(w.total() - w.settle() - w.repetitions());
            }
        }
        Evidence d = Evidence.defaults(duet);
        if (used == 0) {
            return d;
        }
        // Without forks recorded, the processes' difference as the A/A checks of one process per side tell it (or its default).
        RunNoise aa = RunNoise.ofInstances(records, "this scenario");
        double aaSigma = primary.stream().mapToDouble(n -> aa.sigma(n.label(), n.figure())).max().orElse(d.sigmaInstance());
        if (instance.records == 0) {
            return new Evidence(aaSigma, round.with(d.sigmaRound(), PRIOR_ROUND_DF), median(fixed, d.fixedSeconds()),
                    median(fork, d.forkSeconds()), median(roundTime, d.roundSeconds()), String.format(Locale.ROOT,
                            "%s recorded here, none with forks; the processes' difference: %s", comparisons(used), aa.source()));
        }
        return new Evidence(instance.with(d.sigmaInstance(), PRIOR_INSTANCE_DF), round.with(d.sigmaRound(), PRIOR_ROUND_DF),
                median(fixed, d.fixedSeconds()), median(fork, d.forkSeconds()), median(roundTime, d.roundSeconds()),
                String.format(Locale.ROOT, "%s recorded here, %d with forks, pooled with the defaults", comparisons(used),
                        instance.records));
    }

    /** Spreads pooled as variances, each weighted by its degrees of freedom. */
    private static final class Pooled {
        private double sumSquares;
        private int df;
        private int records;

        void add(double sigma, int degrees) {
            if (Double.isFinite(sigma) && degrees > 0) {
                sumSquares += degrees * sigma * sigma;
                df += degrees;
                records++;
            }
        }

        /** The pooled spread with a prior spread worth {@code priorDf} degrees of freedom. */
        double with(double prior, int priorDf) {
            return Math.sqrt((sumSquares + priorDf * prior * prior) / (df + priorDf));
        }
    }

    private static String comparisons(int n) {
        return n == 1 ? "1 comparison" : n + " comparisons";
    }

    private static boolean sameShape(RunRecord r, Map<String, String> shape) {
        return shape.entrySet().stream().allMatch(e -> Objects.equals(r.shapeValue(e.getKey()), e.getValue()));
    }

    private static double median(List<Double> values, double fallback) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).filter(Double::isFinite).sorted().toArray();
        if (v.length == 0) {
            return fallback;
        }
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

}
