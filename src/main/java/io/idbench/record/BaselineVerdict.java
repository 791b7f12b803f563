package io.idbench.record;

import java.util.List;

/**
 * A run judged against a baseline after it was recorded ({@code -Dbaseline=}): which baseline, the minimum effect and the
 * family-wise alpha, the verdict ({@code no_regression}, {@code regressed}, {@code no_verdict}) in a word and a line, and
 * the regressed figures.
 */
public record BaselineVerdict(String baseline, double minEffectPct, double alpha, String verdict, String summary,
        List<String> regressions) {
}
