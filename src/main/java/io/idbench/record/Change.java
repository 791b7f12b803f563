package io.idbench.record;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Locale;

/**
 * One figure of one label on both sides of a comparison: the change in %, its interval, the test's p-value and the decision.
 * A regression is significant, at least the minimum effect and worse; an improvement the same, better. {@code detectablePct}:
 * the smallest change the comparison could have seen (found in 80 % of such comparisons, and at least the minimum effect);
 * absent in records written before it was stated. {@code roundsSe}: in a paired comparison, the standard error of the log
 * change from the rounds alone (what A/A checks are read by, to tell how much two service processes differ for good).
 * {@code instancePct}: in a comparison with forks, how much two service processes differ for good as its own forks
 * measured it (the standard deviation of a fork's log change beyond what its rounds explain, in %). {@code primary}: true
 * for a figure judged first (versus.primary).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Change(String label, String figure, double baseline, double run, double changePct, double lowPct, double highPct,
        double p, boolean significant, boolean regression, boolean improvement, Double detectablePct, Double roundsSe,
        Double instancePct, Boolean primary) {

    /** A change of a comparison without forks or primary figures. */
    public Change(String label, String figure, double baseline, double run, double changePct, double lowPct, double highPct,
            double p, boolean significant, boolean regression, boolean improvement, Double detectablePct, Double roundsSe) {
        this(label, figure, baseline, run, changePct, lowPct, highPct, p, significant, regression, improvement, detectablePct,
                roundsSe, null, null);
    }

    /** One line for people: label, figure, both values, the change with its interval, p and the verdict. */
    public String line() {
        return String.format(Locale.ROOT, "%-28s %-12s %10.3f -> %10.3f  %+7.1f%% [%+.1f%%, %+.1f%%]  p=%.4f  %s%s", label, figure,
                baseline, run, changePct, lowPct, highPct, p,
                regression ? "REGRESSION" : improvement ? "improved" : significant ? "changed, below the minimum effect" : "ok",
                detectablePct == null || detectablePct.isNaN() ? "" : String.format(Locale.ROOT, "  (could have seen ±%.1f%%)",
                        detectablePct));
    }

    /** The change in a build's error or a report: label, figure, change and interval. */
    public String brief() {
        return String.format(Locale.ROOT, "%s %s %+.1f%% [%+.1f%%, %+.1f%%]", label, figure, changePct, lowPct, highPct);
    }
}
