package io.idbench.results;

import io.idbench.record.Change;
import java.util.List;

/** What a comparison came to over the figures it measured: the other side better, worse, both, or not measurably different. */
public enum Outcome {
    BETTER, WORSE, MIXED, ALIKE;

    /** @param measured the changes that were significant and at least the minimum effect */
    public static Outcome of(List<Change> measured) {
        return measured.isEmpty() ? ALIKE
                : measured.stream().allMatch(Change::improvement) ? BETTER
                        : measured.stream().allMatch(Change::regression) ? WORSE : MIXED;
    }
}
