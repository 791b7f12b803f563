package io.idbench.results;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What the recorded runs answer to one question: every like-with-like finding, the one that stands for them
 * ({@code headline}: plan 1, no engine and no dynamic memberships unless asked, the largest size, measured interleaved
 * before separately), and the places where runs exist but cannot be set side by side yet ({@code gaps}).
 */
public record Answer(Question question, Finding headline, List<Finding> findings, List<Gap> gaps) {

    /** How many findings came out each way. */
    public Map<Outcome, Long> counts() {
        Map<Outcome, Long> out = new EnumMap<>(Outcome.class);
        findings.forEach(f -> out.merge(f.outcome(), 1L, Long::sum));
        return out;
    }

    /** Why there is no answer at all: the first gap (there is always one when there is no finding). */
    public Gap why() {
        return headline != null || gaps.isEmpty() ? null : gaps.get(0);
    }
}
