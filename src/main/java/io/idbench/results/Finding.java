package io.idbench.results;

import io.idbench.record.Interval;
import java.util.List;

/**
 * One like-with-like answer to a question: two runs of one machine, one code and one load (in a nightly job, of one night)
 * that differ only in what the question asks, set side by side ({@link Contrast}); for {@link Question.Topic#SCALING}, one
 * strategy from its smallest size to its largest, step by step ({@link Scaling}).
 */
public record Finding(Question question, Contrast contrast, Scaling scaling) {

    public Finding(Question question, Contrast contrast) {
        this(question, contrast, null);
    }

    /** The runs behind it: the reference and the other, or every size of a strategy, smallest first. */
    public List<RecordedRun> runs() {
        return scaling != null ? scaling.sizes() : List.of(contrast.reference(), contrast.other());
    }

    /** The load both runs ran under. */
    public Load load() {
        return contrast.other().load();
    }

    /** The code both runs measured (the commit, with uncommitted changes marked). */
    public String code() {
        return contrast.other().codeLabel();
    }

    public Outcome outcome() {
        return contrast.outcome();
    }

    /**
     * One strategy across sizes: the runs (one code, one load), each step's contrast, the throughput kept per tenfold more
     * identities (from the smallest size to the largest, with its 95 % interval) and the step where throughput fell most
     * measurably (-1 when none did).
     */
    public record Scaling(List<RecordedRun> sizes, List<Contrast> steps, Interval perTenfold, int steepest) {
    }
}
