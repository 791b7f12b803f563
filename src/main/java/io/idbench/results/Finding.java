package io.idbench.results;

import io.idbench.record.Change;
import io.idbench.record.Interval;
import java.util.List;

/**
 * One like-with-like answer to a question: two runs of one machine, one code and one load (in a nightly job, of one night)
 * that differ only in what the question asks, set side by side ({@link Contrast}); for {@link Question.Topic#SCALING}, one
 * strategy from its smallest size to its largest, step by step ({@link Scaling}).
 *
 * @param newer   where newer code has run one of the finding's runs again since (the same scenario, machine and load), and by
 *                how much that run's throughput moved: the finding is older than the code, and says so
 * @param refresh the arguments of the runs that would answer it at the newest of that code: its runs that newer code has
 *                not run yet, again
 */
public record Finding(Question question, Contrast contrast, Scaling scaling, List<Newer> newer, List<String> refresh) {

    public Finding {
        newer = List.copyOf(newer);
        refresh = List.copyOf(refresh);
    }

    public Finding(Question question, Contrast contrast) {
        this(question, contrast, null, List.of(), List.of());
    }

    public Finding(Question question, Contrast contrast, Scaling scaling) {
        this(question, contrast, scaling, List.of(), List.of());
    }

    /**
     * A run of the finding that newer code has run again: its newest such run, and the change of all operations' throughput
     * from the finding's run to it (between separate runs, with the machine's run-to-run noise); null when either lacks it.
     */
    public record Newer(RecordedRun was, RecordedRun newest, Change moved) {
    }

    /** The same finding, known to be older than the code that ran some of its runs since. */
    public Finding withNewer(List<Newer> found, List<String> next) {
        return new Finding(question, contrast, scaling, found, next);
    }

    /** Newer code has run a side of it since: a reader must be told, and a fresh like-with-like pair is preferred. */
    public boolean stale() {
        return !newer.isEmpty();
    }

    /** The runs behind it: the reference and the other, or every size of a strategy, smallest first. */
    public List<RecordedRun> runs() {
        return scaling != null ? scaling.sizes() : List.of(contrast.reference(), contrast.other());
    }

    /** Its runs whose own pages call them not steady (an operation kept rising or falling over the repetitions). */
    public List<RecordedRun> unsteady() {
        return runs().stream().filter(r -> !r.steady()).toList();
    }

    /** The load both runs ran under. */
    public Load load() {
        return contrast.other().load();
    }

    /** The code both runs measured (the commit, with uncommitted changes marked). */
    public String code() {
        return contrast.other().codeLabel();
    }

    /** The machine both runs ran on, as people read it. */
    public String machine() {
        return contrast.other().machineLabel();
    }

    public Outcome outcome() {
        return contrast.outcome();
    }

    /**
     * One strategy across sizes: the runs (one code, one load), each step's contrast, the throughput kept per tenfold more
     * identities (from the smallest size to the largest, with its 95 % interval), the step where throughput fell most
     * measurably (-1 when none did), and why its ratio is not to be believed as it stands ({@code doubts}; none when it is).
     */
    public record Scaling(List<RecordedRun> sizes, List<Contrast> steps, Interval perTenfold, int steepest, List<Doubt> doubts) {
        public Scaling {
            doubts = List.copyOf(doubts);
        }

        public boolean implausible() {
            return !doubts.isEmpty();
        }
    }

    /**
     * Why a strategy's curve is implausible: its throughput rose measurably with the identities (more data does not make the
     * same requests cheaper: something else differed between the runs), or one of its runs lies far outside its scenario's
     * other runs on the machine ({@code ratio}: the run's throughput over their median).
     */
    public record Doubt(Kind kind, RecordedRun run, double ratio) {
        public enum Kind {
            GROWS_WITH_DATA, OUTSIDE_HISTORY
        }
    }
}
