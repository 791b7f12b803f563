package io.idbench.results;

import io.idbench.record.Change;
import io.idbench.record.Repetition;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Two services measured interleaved (A B, B A, … one round after another): each round's two
 * repetitions ran back to back and met the same state of the machine, so the comparison is made
 * round by round: per figure, the log ratio B/A of each round; their mean is the change, a t-test
 * over the rounds says whether it differs from none (a slow minute slows both sides of its round
 * and cancels out). Then, as in {@link Verdict}: all figures corrected for together (Holm), and a
 * change counts only from the minimum effect on.
 *
 * <p>The rounds cannot cancel what differs between the two service processes for their whole life: each JVM compiles its
 * hot code its own way, and each server's memory lands where it lands. Two services of one build measured this way differ
 * by a few percent for good, as A/A checks show (docs/measurement.md). With one process per side, that difference
 * ({@code instanceNoise}, the standard deviation of B/A between such pairs, per figure: {@link RunNoise#ofInstances}) is added to
 * each figure's uncertainty (Welch-Satterthwaite for the degrees of freedom, the noise counting as estimated from its A/A
 * checks). With {@code forks} processes per side, each measured for the same rounds, the fork is the unit instead (a
 * two-stage analysis, as JMH treats its forks): each fork's mean log ratio, a t-test over the forks, whose spread holds the
 * processes' difference as measured in this very comparison; more forks narrow it, more rounds only the part of each fork's
 * mean that the rounds leave.
 *
 * <p>The {@code primary} figures (default: ALL p50, p95 and throughput) are judged first: Holm's procedure weighted
 * ({@link #PRIMARY_SHARE} of alpha shared by them, the rest by the others, and the alpha of a rejected hypothesis passed on
 * to those left), so that fifty secondary figures do not eat the power where it matters and a change in one operation is
 * still found on it.
 *
 * @param minEffectPct  the smallest change worth a verdict, in % of A
 * @param alpha         family-wise error rate over the figures compared
 * @param instanceNoise how much two service processes of one build differ for good, with one fork; {@link RunNoise#NONE} trusts
 *                      the rounds
 * @param forks         the service processes per side: the rounds, in order, come in this many blocks of equal length
 * @param primary       the figures judged first; none: all alike
 */
public record PairedVerdict(double minEffectPct, double alpha, RunNoise instanceNoise, int forks, List<FigureName> primary) {
    /** The end-to-end figures a comparison judges first unless told otherwise. */
    public static final List<FigureName> DEFAULT_PRIMARY = FigureName.parseList("ALL p50,ALL p95,ALL throughput");
    /** The part of alpha the primary figures share (the rest is the other figures'). */
    public static final double PRIMARY_SHARE = 0.8;

    public PairedVerdict {
        if (forks < 1) {
            throw new IllegalArgumentException("forks must be at least 1, was " + forks);
        }
        primary = List.copyOf(primary);
    }

    /** One process per side, all figures alike. */
    public PairedVerdict(double minEffectPct, double alpha, RunNoise instanceNoise) {
        this(minEffectPct, alpha, instanceNoise, 1, List.of());
    }

    /** Trusting the rounds alone. */
    public PairedVerdict(double minEffectPct, double alpha) {
        this(minEffectPct, alpha, RunNoise.NONE);
    }

    /** One figure's test: the mean log change, its standard error and degrees of freedom, and what the rounds alone leave. */
    private record Test(FigureName name, double meanA, double meanB, double d, double se, double df, double p, double roundsSe,
            Double instanceSd) {
    }

    /**
     * @param a each round's repetition of side A
     * @param b each round's repetition of side B, in the same order
     */
    public List<Change> compare(List<Repetition> a, List<Repetition> b) {
        int rounds = Math.min(a.size(), b.size());
        List<Test> tests = new ArrayList<>();
        if (rounds < 2) {
            return List.of();
        }
        for (Map.Entry<String, Map<String, Double>> label : a.get(0).figures().entrySet()) {
            for (String figure : label.getValue().keySet()) {
                FigureName name = new FigureName(label.getKey(), figure);
                Test t = forks > 1 ? overForks(name, a, b) : overRounds(name, a, b);
                if (t != null) {
                    tests.add(t);
                }
            }
        }
        double[] weights = weights(tests);
        Set<Test> significant = weightedHolm(tests, weights);
        List<Change> out = new ArrayList<>();
        for (int i = 0; i < tests.size(); i++) {
            Test t = tests.get(i);
            double q = t.se() == 0 ? 0 : Verdict.distribution(t.df()).inverseCumulativeProbability(1 - alpha / 2);
            double change = pct(t.d());
            boolean worse = Verdict.HIGHER_IS_BETTER.contains(t.name().figure()) ? change < 0 : change > 0;
            boolean sig = significant.contains(t);
            boolean big = Math.abs(change) >= minEffectPct;
            out.add(new Change(t.name().label(), t.name().figure(), t.meanA(), t.meanB(), change, pct(t.d() - q * t.se()),
                    pct(t.d() + q * t.se()), t.p(), sig, sig && big && worse, sig && big && !worse,
                    Math.max(minEffectPct, Power.detectableAt(t.se(), t.df(), alpha * weights[i], Power.POWER)), t.roundsSe(),
                    t.instanceSd() == null ? null : pct(t.instanceSd()), primary.contains(t.name()) ? Boolean.TRUE : null));
        }
        return out;
    }

    /** One process per side: a t-test over the rounds, the instance noise added. */
    private Test overRounds(FigureName name, List<Repetition> a, List<Repetition> b) {
        double[] d = logRatios(a, b, name, 0, Math.min(a.size(), b.size()));
        int n = d.length;
        if (n < 2) {
            return null;
        }
        double mean = Arrays.stream(d).average().orElse(0);
        double rounds2 = Math.pow(standardDeviation(d), 2) / n;
        double instance2 = Math.pow(instanceNoise.sigma(name.label(), name.figure()), 2);
        double se = Math.sqrt(rounds2 + instance2);
        double df = Welch.degreesOfFreedom(rounds2, n - 1, instance2, instanceNoise.degreesOfFreedom(name.label(), name.figure()));
        double[] means = means(a, b, name, 0, Math.min(a.size(), b.size()));
        return new Test(name, means[0], means[1], mean, se, df, p(mean, se, df), Math.sqrt(rounds2), null);
    }

    /**
     * Several processes per side: each fork's mean log ratio, a t-test over the forks (their spread holds the processes'
     * difference); the rounds' own share of it, and the processes' by the method of moments.
     */
    private Test overForks(FigureName name, List<Repetition> a, List<Repetition> b) {
        int perFork = Math.min(a.size(), b.size()) / forks;
        double[] forkMeans = new double[forks];
        double within2 = 0;
        int f = 0;
        int withinForks = 0;
        for (int k = 0; k < forks; k++) {
            double[] d = logRatios(a, b, name, k * perFork, (k + 1) * perFork);
            if (d.length == 0) {
                continue;
            }
            forkMeans[f++] = Arrays.stream(d).average().orElse(0);
            if (d.length >= 2) {
                within2 += Math.pow(standardDeviation(d), 2) / d.length;
                withinForks++;
            }
        }
        if (f < 2 || perFork < 1) {
            return null;
        }
        double[] m = Arrays.copyOf(forkMeans, f);
        double mean = Arrays.stream(m).average().orElse(0);
        double between2 = Math.pow(standardDeviation(m), 2);
        double roundsPart = withinForks == 0 ? Double.NaN : within2 / withinForks;
        double se = Math.sqrt(between2 / f);
        double[] means = means(a, b, name, 0, perFork * forks);
        return new Test(name, means[0], means[1], mean, se, f - 1, p(mean, se, f - 1), Math.sqrt(roundsPart / f),
                Double.isNaN(roundsPart) ? null : Math.sqrt(Math.max(0, between2 - roundsPart)));
    }

    private static double p(double mean, double se, double df) {
        return se == 0 ? (mean == 0 ? 1 : 0) : 2 * (1 - Verdict.distribution(df).cumulativeProbability(Math.abs(mean) / se));
    }

    /** Each test's share of alpha: {@link #PRIMARY_SHARE} over the primary figures, the rest over the others; all alike without. */
    private double[] weights(List<Test> tests) {
        long primaries = tests.stream().filter(t -> primary.contains(t.name())).count();
        double[] w = new double[tests.size()];
        for (int i = 0; i < w.length; i++) {
            boolean isPrimary = primary.contains(tests.get(i).name());
            w[i] = primaries == 0 || primaries == w.length ? 1.0 / w.length
                    : isPrimary ? PRIMARY_SHARE / primaries : (1 - PRIMARY_SHARE) / (w.length - primaries);
        }
        return w;
    }

    /**
     * Holm's weighted step-down (Holm 1979): among the hypotheses left, the one with the smallest p over its weight is rejected
     * when its p is at most alpha times its weight over the weights left; then the next, until one is not.
     */
    private Set<Test> weightedHolm(List<Test> tests, double[] w) {
        Set<Integer> left = new HashSet<>();
        for (int i = 0; i < tests.size(); i++) {
            left.add(i);
        }
        Set<Test> rejected = new HashSet<>();
        while (!left.isEmpty()) {
            int best = left.stream().min((x, y) -> Double.compare(tests.get(x).p() / w[x], tests.get(y).p() / w[y])).orElseThrow();
            double weightLeft = left.stream().mapToDouble(i -> w[i]).sum();
            if (tests.get(best).p() > alpha * w[best] / weightLeft) {
                break;
            }
            rejected.add(tests.get(best));
            left.remove(best);
        }
        return rejected;
    }

    /**
     * The rounds it would take to detect a change of {@code targetPct} in one figure with {@link Power#POWER}, from how
     * much its ratio B/A moved from round to round here and the instance noise, which no number of rounds removes; 0 when
     * fewer than two rounds have it.
     *
     * @param figures how many figures are tested together (the verdict's Holm correction)
     */
    public int roundsFor(double targetPct, List<Repetition> a, List<Repetition> b, String label, String figure, int figures) {
        double[] d = logRatios(a, b, new FigureName(label, figure), 0, Math.min(a.size(), b.size()));
        return d.length < 2 ? 0 : Power.roundsFor(targetPct, standardDeviation(d), instanceNoise.sigma(label, figure), alpha, figures);
    }

    /**
     * With forks: how many forks of the same rounds it would take to find {@code targetPct} in a primary figure with
     * {@code power}, from how much its forks' means spread here; 0 when fewer than two forks have it.
     */
    public int forksFor(double targetPct, double power, List<Repetition> a, List<Repetition> b, FigureName name, int figures) {
        int perFork = Math.min(a.size(), b.size()) / forks;
        double[] m = new double[forks];
        int f = 0;
        for (int k = 0; k < forks && perFork > 0; k++) {
            double[] d = logRatios(a, b, name, k * perFork, (k + 1) * perFork);
            if (d.length > 0) {
                m[f++] = Arrays.stream(d).average().orElse(0);
            }
        }
        return f < 2 ? 0 : Power.forksFor(targetPct, standardDeviation(Arrays.copyOf(m, f)), alpha * levelShare(name, figures), power);
    }

    /** A figure's share of alpha at the first step of the weighted Holm, {@code figures} being tested. */
    public double levelShare(FigureName name, int figures) {
        int primaries = primary.size();
        return primaries == 0 || primaries >= figures ? 1.0 / figures
                : primary.contains(name) ? PRIMARY_SHARE / primaries : (1 - PRIMARY_SHARE) / (figures - primaries);
    }

    /** The log ratio B/A of each round from {@code from} to {@code to} (exclusive) where both sides have the figure. */
    private static double[] logRatios(List<Repetition> a, List<Repetition> b, FigureName name, int from, int to) {
        double[] d = new double[Math.max(0, to - from)];
        int n = 0;
        for (int r = from; r < to; r++) {
            double va = a.get(r).figure(name.label(), name.figure());
            double vb = b.get(r).figure(name.label(), name.figure());
            if (va > 0 && vb > 0) {
                d[n++] = Math.log(vb / va);
            }
        }
        return Arrays.copyOf(d, n);
    }

    /** Both sides' mean of a figure over the rounds where both have it. */
    private static double[] means(List<Repetition> a, List<Repetition> b, FigureName name, int from, int to) {
        double sumA = 0;
        double sumB = 0;
        int n = 0;
        for (int r = from; r < to; r++) {
            double va = a.get(r).figure(name.label(), name.figure());
            double vb = b.get(r).figure(name.label(), name.figure());
            if (va > 0 && vb > 0) {
                sumA += va;
                sumB += vb;
                n++;
            }
        }
        return n == 0 ? new double[] {0, 0} : new double[] {sumA / n, sumB / n};
    }

    private static double standardDeviation(double[] x) {
        double mean = Arrays.stream(x).average().orElse(0);
        return Math.sqrt(Arrays.stream(x).map(v -> (v - mean) * (v - mean)).sum() / (x.length - 1));
    }

    private static double pct(double logRatio) {
        return (Math.exp(logRatio) - 1) * 100;
    }
}
