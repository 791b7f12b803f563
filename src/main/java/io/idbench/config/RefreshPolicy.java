package io.idbench.config;

/**
 * What a search sees right after a write (the engines' {@code refresh} parameter on each write).
 * Lookups by a unique key never depend on it: they are answered by the database.
 */
public enum RefreshPolicy implements Choice {
    /** Near-real-time: visible after the index's next periodic refresh (1 s); writes do not wait. Syncope's behaviour. */
    FALSE,
    /** The write returns once a periodic refresh has made it visible (up to 1 s per write). */
    WAIT_FOR,
    /** Every write forces a refresh: visible at once, at the engine's cost. */
    TRUE;

    /** The value of the engines' {@code refresh} request parameter, as {@link #id()}: false, wait_for, true. */
    @Override
    public String toString() {
        return id();
    }

    public static RefreshPolicy parse(String text) {
        return Choice.parse(RefreshPolicy.class, "search refresh", text);
    }
}
