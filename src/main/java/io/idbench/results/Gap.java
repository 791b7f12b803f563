package io.idbench.results;

import java.util.List;

/**
 * Why a question, or one place of it, has no answer yet: the runs that exist, and what keeps them from being set side by
 * side. The site says it in one line, with the command that would answer it ({@link #next}).
 *
 * @param runs    the runs that exist for it, newest first per side (none for {@link Reason#NO_RUNS})
 * @param details what differs between them, in words ("10 against 50 threads"; the two codes); empty when nothing does
 * @param next    the arguments of a {@code ./mvnw -B verify -DskipTests} that would record the missing run; empty when none
 *                would (the runs exist but are not comparable by the machine's doing)
 */
public record Gap(Question question, Reason reason, List<RecordedRun> runs, List<String> details, List<String> next) {

    /** Why there is no like-with-like pair, the most telling first (the order a question's gaps are listed in). */
    public enum Reason {
        /** Both sides ran, but never the same code: the difference could be the code's. */
        DIFFERENT_CODE,
        /** Both sides ran the same code, but under different loads. */
        DIFFERENT_LOAD,
        /** Both sides ran in nightly batches, but never in the same night. */
        DIFFERENT_NIGHT,
        /** The only runs of a side were disturbed or handicapped. */
        NOT_TRUSTWORTHY,
        /** Only one side has been run. */
        ONE_SIDE,
        /** A strategy ran at one size only. */
        ONE_SIZE,
        /** No run asks the question yet: not even one side. */
        NO_RUNS
    }
}
