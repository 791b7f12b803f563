package io.idbench.seed;

/**
 * Where a seed reports how far it is: one phase at a time (generate and COPY, index build,
 * VACUUM, engine bulk, clone), each with a total and the count done so far.
 */
public interface SeedProgress {
    /** Reports nothing. */
    SeedProgress NONE = new SeedProgress() {
        @Override
        public void start(String phase, long total, String unit) {
        }

        @Override
        public void step(long done) {
        }

        @Override
        public void end() {
        }
    };

    /** A phase begins: {@code total} {@code unit}s to do (e.g. 1,000,000 "identities"). */
    void start(String phase, long total, String unit);

    /** {@code done} of the phase's total are done (called from one thread at a time, non-decreasing). */
    void step(long done);

    /** The phase is over. */
    void end();
}
