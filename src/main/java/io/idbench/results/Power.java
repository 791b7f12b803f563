package io.idbench.results;

import org.apache.commons.math3.distribution.RealDistribution;

/**
 * How large a change a verdict could have seen: the smallest true change of a figure that its two-sided test would have
 * called significant in {@link #POWER} of such comparisons, at the strictest level of Holm's correction (alpha over the
 * number of figures: a change that stands alone meets that level first). A verdict of "no change" means nothing without
 * it: ten rounds of a noisy figure can miss 20 %.
 */
public final class Power {
    /** The chance of finding a change of the detectable size: the usual 80 %. */
    public static final double POWER = 0.8;
    /** The most rounds {@link #roundsFor} proposes; beyond them a figure is too noisy for interleaving to help. */
    public static final int MAX_ROUNDS = 1000;
    /** The most forks {@link #forksFor} proposes (versus.forks' bound). */
    public static final int MAX_FORKS = 100;

    private Power() {
    }

    /**
     * @param se      the standard error of the figure's log change
     * @param df      its degrees of freedom (infinite: the normal distribution)
     * @param alpha   the family-wise error rate
     * @param figures how many figures were tested together
     * @return the smallest detectable change, in % (of a log change, so the same up and down), NaN where se is unknown
     */
    public static double detectablePct(double se, double df, double alpha, int figures) {
        return detectableAt(se, df, alpha / Math.max(1, figures), POWER);
    }

    /**
     * The smallest change found with {@code power} by a two-sided test at {@code level}, in %, for a log change of standard
     * error {@code se} and {@code df} degrees of freedom; NaN where se is unknown.
     */
    public static double detectableAt(double se, double df, double level, double power) {
        if (!Double.isFinite(se) || se < 0 || df < 1) {
            return Double.NaN;
        }
        return (Math.exp(multiplier(df, level, power) * se) - 1) * 100;
    }

    /**
     * The forks (service processes per side, each measured for the same rounds) a comparison needs to find {@code targetPct}
     * with {@code power} at {@code level}, given the standard deviation of one fork's mean log ratio B/A: the smallest
     * number, at least 2, whose detectable change at its degrees of freedom (forks - 1) is down to the target;
     * {@link #MAX_FORKS} + 1 when even that many do not get there.
     */
    public static int forksFor(double targetPct, double sdPerFork, double level, double power) {
        double target = Math.log1p(targetPct / 100);
        for (int n = 2; n <= MAX_FORKS; n++) {
            if (multiplier(n - 1, level, power) * sdPerFork / Math.sqrt(n) <= target) {
                return n;
            }
        }
        return MAX_FORKS + 1;
    }

    /**
     * The rounds an interleaved comparison needs to detect {@code targetPct} with {@link #POWER}, given one round's standard
     * deviation of the log ratio B/A and the standard deviation (of the log) that no number of rounds removes
     * ({@code floor}, the instance noise): the smallest n whose detectable change, at the Welch-Satterthwaite degrees of
     * freedom, is down to the target; {@link #MAX_ROUNDS} + 1 when even that many do not get there.
     */
    public static int roundsFor(double targetPct, double sdPerRound, double floor, double alpha, int figures) {
        double target = Math.log1p(targetPct / 100);
        for (int n = 2; n <= MAX_ROUNDS; n++) {
            double rounds2 = sdPerRound * sdPerRound / n;
            double variance = rounds2 + floor * floor;
            double df = Welch.degreesOfFreedom(rounds2, n - 1, floor * floor, Double.POSITIVE_INFINITY);
            if (multiplier(df, alpha, figures) * Math.sqrt(variance) <= target) {
                return n;
            }
        }
        return MAX_ROUNDS + 1;
    }

    private static double multiplier(double df, double alpha, int figures) {
        return multiplier(df, alpha / Math.max(1, figures), POWER);
    }

    private static double multiplier(double df, double level, double power) {
        RealDistribution d = Verdict.distribution(df);
        return d.inverseCumulativeProbability(1 - level / 2) + d.inverseCumulativeProbability(power);
    }
}
